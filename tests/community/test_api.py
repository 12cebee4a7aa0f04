"""The community's API (docs/api.md "Chat"): blocking and following a player (POST and DELETE,
204), whom a player follows, reporting a player; each refusal one sentence, changing nothing."""

import pytest

from accounts.models import User
from community.models import Block, Follow, Report
from community.services import block, follow
from games.models import Challenge
from games.services.core import Actor
from games.services.play import game_resign
from tests.community.conftest import api
from tests.factories import make_user
from tests.games.conftest import opened, start_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("relation", ["block", "follow"])
def test_a_relation_is_made_and_undone_with_204_either_time(alice, bob, relation) -> None:
    model = Block if relation == "block" else Follow
    url = f"/api/users/bob/{relation}/"
    assert api(alice).post(url).status_code == 204
    assert api(alice).post(url).status_code == 204  # again: still one
    assert model.objects.count() == 1
    assert api(alice).delete("/api/users/BOB/" + relation + "/").status_code == 204
    assert model.objects.count() == 0
    assert api(alice).delete(url).status_code == 204


@pytest.mark.parametrize("relation", ["block", "follow"])
def test_a_relation_needs_a_signed_in_user_and_a_real_other(alice, relation) -> None:
    assert api().post(f"/api/users/alice/{relation}/").status_code == 401
    missing = api(alice).post(f"/api/users/nobody/{relation}/")
    assert missing.status_code == 404
    assert missing.json() == {"error": "No user is called nobody."}
    yourself = api(alice).post(f"/api/users/alice/{relation}/")
    assert yourself.status_code == 400
    assert yourself.json() == {"error": f"You cannot {relation} yourself."}


def test_relations_are_throttled_per_user(alice, bob, settings, throttle_clock) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "social_account": "2/60"}
    answers = [api(alice).post("/api/users/bob/follow/") for _ in range(2)]
    answers.append(api(alice).delete("/api/users/bob/follow/"))
    assert [answer.status_code for answer in answers] == [204, 204, 429]
    assert answers[2].json()["error"].startswith("Too many requests: try again in ")
    assert answers[2]["Retry-After"]
    assert Follow.objects.count() == 1


def test_the_following_list_says_who_is_online_and_what_they_play(alice, bob) -> None:
    carol, dave = make_user("carol"), make_user("dave")
    follow(user=alice, other=bob)
    follow(user=alice, other=carol)
    game = opened(start_game(bob, dave))  # past its first moves: bob may seek
    finished = start_game(carol, dave)
    game_resign(game_id=finished.public_id, actor=Actor.of(carol))
    User.objects.update(last_seen=None)  # challenging was being in the lobby: everyone left
    api(bob).post("/api/seeks/", {"color": "white"}, format="json")  # being in the lobby
    answer = api().get("/api/users/alice/following/")
    assert answer.status_code == 200
    assert answer.json() == [
        {
            "username": "bob",
            "online": True,
            "games": [
                {
                    "id": game.public_id,
                    "variant": "chesskers",
                    "white": "bob",
                    "black": "dave",
                    "speed": "unlimited",
                    "control": "unlimited",
                }
            ],
        },
        {"username": "carol", "online": False, "games": []},
    ]
    assert api().get("/api/users/nobody/following/").status_code == 404


def test_a_report_names_its_player_reason_and_game(alice, bob) -> None:
    game = start_game(alice, bob)
    answer = api(alice).post(
        "/api/reports/",
        {"user": "bob", "reason": "abuse", "text": "rude in the chat", "game": game.public_id},
        format="json",
    )
    assert answer.status_code == 201
    report = answer.json()
    assert {k: report[k] for k in ("user", "reason", "text", "game", "state")} == {
        "user": "bob",
        "reason": "abuse",
        "text": "rude in the chat",
        "game": game.public_id,
        "state": "open",
    }
    stored = Report.objects.get()
    assert (stored.reporter, stored.user, stored.game) == (alice, bob, game.public_id)
    bare = api(alice).post("/api/reports/", {"user": "bob", "reason": "cheat"}, format="json")
    assert bare.status_code == 201 and bare.json()["game"] is None


@pytest.mark.parametrize(
    ("body", "status", "sentence"),
    [
        ({"user": "nobody", "reason": "spam"}, 404, "No user is called nobody."),
        ({"user": "bob", "reason": "rude"}, 400, "A report's reason is one of"),
        ({"user": "bob", "reason": 3}, 400, "A report's reason is one of"),
        ({"user": "bob", "reason": "spam", "game": "zzzzzzzz"}, 404, "There is no game"),
        ({"user": "bob", "reason": "spam", "text": "x" * 1001}, 400, "A report's text has at most"),
        ({"user": "alice", "reason": "spam"}, 400, "You cannot report yourself."),
        ({"reason": "spam"}, 400, "A report names the player reported, in `user`."),
    ],
)
def test_a_wrong_report_is_refused_saying_why(alice, bob, body, status, sentence) -> None:
    answer = api(alice).post("/api/reports/", body, format="json")
    assert answer.status_code == status
    assert answer.json()["error"].startswith(sentence)
    assert not Report.objects.exists()


def test_reports_need_a_signed_in_user_and_are_throttled(
    alice, bob, settings, throttle_clock
) -> None:
    assert api().post("/api/reports/", {"user": "bob", "reason": "spam"}).status_code == 401
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "report_account": "1/3600"}
    body = {"user": "bob", "reason": "spam"}
    assert api(alice).post("/api/reports/", body, format="json").status_code == 201
    assert api(alice).post("/api/reports/", body, format="json").status_code == 429


def test_blocking_cancels_the_open_challenges_between_the_two(alice, bob) -> None:
    make_user("carol")
    mine = api(alice).post("/api/challenges/", {"to": "bob"}, format="json").json()["id"]
    theirs = api(bob).post("/api/challenges/", {"to": "alice"}, format="json").json()["id"]
    other = api(alice).post("/api/challenges/", {"to": "carol"}, format="json").json()["id"]
    api(alice).post("/api/users/bob/block/")
    states = dict(Challenge.objects.values_list("public_id", "state"))
    assert states == {mine: "cancelled", theirs: "cancelled", other: "open"}


def test_blocking_ends_the_follows_between_the_two(alice, bob) -> None:
    follow(user=bob, other=alice)
    api(alice).post("/api/users/bob/block/")
    assert not Follow.objects.exists()
    refused = api(bob).post("/api/users/alice/follow/")
    assert refused.status_code == 400
    assert refused.json() == {"error": "You cannot follow alice: one of you blocked the other."}
    block(user=alice, other=make_user("carol"))
    assert Block.objects.count() == 2
