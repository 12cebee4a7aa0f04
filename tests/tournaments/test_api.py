"""The tournaments API over HTTP, as docs/api.md "Tournaments" promises: making one (every
refusal a 400 with a sentence, changing nothing), listing them by status, one with its
standings, joining and withdrawing; its answers held against the OpenAPI schema."""

from datetime import datetime, timedelta

import pytest
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from accounts.services import user_token
from tests.games.test_openapi import conforms, documented
from tests.tournaments.conftest import draw, lose, make_tournament, step
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

ARENA = {
    "name": "Tuesday Blitz Arena",
    "variant": "international",
    "clock": {"initial": 180, "increment": 2},
    "system": "arena",
    "minutes": 60,
    "rated": True,
}
CONTRACT = {"id", "name", "variant", "clock", "system", "status", "starts_at", "ends_at", "round",
            "rated", "standings", "games"}  # fmt: skip
LINE = {"rank", "user", "score", "games", "tiebreak"}


def client(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=user)}")
    return api


def soon(minutes: float = 5) -> str:
    return (timezone.now() + timedelta(minutes=minutes)).isoformat()


def test_a_signed_in_player_makes_an_arena_and_gets_the_tournament(players) -> None:
    (maker,) = players(1)
    answer = client(maker).post("/api/tournaments/", {**ARENA, "starts_at": soon()}, format="json")
    assert answer.status_code == 201, answer.content
    made = answer.json()
    assert set(made) >= CONTRACT
    assert made["clock"] == {"initial": 180, "increment": 2}
    assert (made["status"], made["round"], made["standings"], made["games"]) == (
        "created",
        0,
        [],
        [],
    )
    starts = datetime.fromisoformat(made["starts_at"])
    assert datetime.fromisoformat(made["ends_at"]) - starts == timedelta(minutes=60)
    swiss = {**ARENA, "system": "swiss", "rounds": 5, "starts_at": soon()}
    del swiss["minutes"]
    made = client(maker).post("/api/tournaments/", swiss, format="json").json()
    assert (made["system"], made["rounds"], made["ends_at"], made["berserk"]) == (
        "swiss",
        5,
        None,
        False,
    )


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        ({"system": "knockout"}, "A tournament's system is arena or swiss."),
        ({"minutes": 5}, "An arena lasts 10 to 720 minutes."),
        ({"minutes": 721}, "An arena lasts 10 to 720 minutes."),
        ({"minutes": None}, "An arena lasts 10 to 720 minutes."),
        ({"rounds": 5}, "An arena lasts a number of minutes: it takes no rounds."),
        ({"system": "swiss", "minutes": None, "rounds": 2}, "A Swiss has 3 to 15 rounds."),
        ({"system": "swiss", "minutes": None, "rounds": 16}, "A Swiss has 3 to 15 rounds."),
        ({"system": "swiss", "rounds": 5}, "A Swiss is played in rounds: it takes no minutes."),
        ({"name": "x"}, "A tournament's name has 2 to 60 characters."),
        ({"name": "y" * 61}, "A tournament's name has 2 to 60 characters."),
        ({"name": "tab\there"}, "A tournament's name holds letters, digits, spaces and"),
        ({"clock": None}, 'A tournament\'s clock is {"initial": seconds, "increment": seconds}.'),
        ({"clock": {"days": 3}}, "A tournament's clock is"),
        ({"clock": {"initial": 5, "increment": 0}}, "A clock's initial time is 15 to 10800"),
        ({"variant": "fairy"}, "Unknown game 'fairy'"),
        ({"starts_at": "tomorrow"}, "starts_at is an ISO time"),
        ({"starts_at": "2001-01-01T00:00:00Z"}, "A tournament cannot start in the past."),
        ({"starts_at": "2999-01-01T00:00:00Z"}, "A tournament starts at most 30 days ahead."),
        ({"rated": "perhaps"}, "`rated` is true or false."),
    ],
)
def test_a_bad_tournament_is_refused_with_a_sentence_and_nothing_made(
    players, change, sentence
) -> None:
    (maker,) = players(1)
    body = {**ARENA, "starts_at": soon(), **change}
    answer = client(maker).post("/api/tournaments/", body, format="json")
    assert answer.status_code == 400
    assert set(answer.json()) == {"error"}
    assert answer.json()["error"].startswith(sentence)
    assert Tournament.objects.count() == 0


def test_making_a_tournament_needs_an_account_and_three_open_at_most(players) -> None:
    (maker,) = players(1)
    signed_out = client().post("/api/tournaments/", {**ARENA, "starts_at": soon()}, format="json")
    assert signed_out.status_code == 401
    for _ in range(3):
        client(maker).post("/api/tournaments/", {**ARENA, "starts_at": soon()}, format="json")
    fourth = client(maker).post("/api/tournaments/", {**ARENA, "starts_at": soon()}, format="json")
    assert fourth.status_code == 400
    assert fourth.json() == {"error": "You already have 3 tournaments that have not finished."}


def test_a_start_of_now_is_taken_and_one_a_moment_past_is_now(players) -> None:
    (maker,) = players(1)
    past = (timezone.now() - timedelta(seconds=5)).isoformat()
    made = client(maker).post("/api/tournaments/", {**ARENA, "starts_at": past}, format="json")
    assert made.status_code == 201
    starts = datetime.fromisoformat(made.json()["starts_at"])
    assert timezone.now() - starts < timedelta(seconds=5)


def test_players_join_and_withdraw_and_see_their_own_line(players) -> None:
    p1, p2 = players(2)
    made = client(p1).post("/api/tournaments/", {**ARENA, "starts_at": soon()}, format="json")
    tid = made.json()["id"]
    joined = client(p1).post(f"/api/tournaments/{tid}/join/")
    assert joined.status_code == 200
    assert [line["user"] for line in joined.json()["standings"]] == ["p1"]
    assert joined.json()["me"]["user"] == "p1" and joined.json()["me"]["game"] is None
    client(p2).post(f"/api/tournaments/{tid}/join/")
    detail = client().get(f"/api/tournaments/{tid}/").json()
    assert set(detail["standings"][0]) >= LINE
    assert detail["me"] is None
    left = client(p2).post(f"/api/tournaments/{tid}/withdraw/")
    assert left.status_code == 200 and left.json()["me"]["withdrawn"] is True
    again = client(p2).post(f"/api/tournaments/{tid}/withdraw/")
    assert again.status_code == 400
    assert again.json() == {"error": "You are not playing in this tournament."}
    assert client().post(f"/api/tournaments/{tid}/join/").status_code == 401
    missing = client(p1).post("/api/tournaments/nosuch/join/")
    assert (missing.status_code, missing.json()) == (
        404,
        {"error": "There is no tournament nosuch."},
    )
    assert client().get("/api/tournaments/nosuch/").status_code == 404


def test_the_list_gives_each_status_and_refuses_another(players, committed) -> None:
    p1, p2 = players(2)
    running = make_tournament([p1, p2])
    step(running, committed)
    coming = make_tournament([], starts_at=soon(30))
    listed = client().get("/api/tournaments/?status=started").json()
    assert [t["id"] for t in listed] == [running.public_id]
    assert listed[0]["players"] == 2
    assert [t["id"] for t in client().get("/api/tournaments/?status=created").json()] == [
        coming.public_id
    ]
    every = client().get("/api/tournaments/").json()
    assert [t["status"] for t in every] == ["created", "started"]
    bad = client().get("/api/tournaments/?status=soon")
    assert (bad.status_code, bad.json()) == (
        400,
        {"error": "status is one of created, started or finished."},
    )


def test_a_tournaments_games_carry_it_and_the_answers_are_what_the_schema_says(
    players, committed
) -> None:
    p1, p2, p3, p4 = players(4)
    arena = make_tournament([p1, p2, p3, p4], variant="international")
    step(arena, committed)
    lose(p2, arena, committed)
    swiss = make_tournament([p1, p2, p3], system="swiss")
    step(swiss, committed)
    draw(p1, swiss, committed)
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    answers = []
    for tournament in (arena, swiss):
        path = f"/api/tournaments/{tournament.public_id}/"
        found = client(p1).get(path).json()
        spec = documented(schema, "/api/tournaments/{tournament_id}/", "get", 200)
        answers.append((path, found, spec))
        assert found["games"], found
        for game_id in found["games"]:
            state = client().get(f"/api/games/{game_id}/").json()
            assert state["tournament"] == tournament.public_id
    listed = client().get("/api/tournaments/").json()
    answers.append(("list", listed, documented(schema, "/api/tournaments/", "get", 200)))
    problems = [p for what, found, spec in answers for p in conforms(found, spec, components,
                                                                   what)]  # fmt: skip
    assert problems == []
    arena_line = answers[0][1]["standings"][0]
    assert (arena_line["user"], arena_line["score"], arena_line["games"]) == ("p1", 2, 1)
    swiss_lines = {line["user"]: line["score"] for line in answers[1][1]["standings"]}
    assert sorted(swiss_lines.values()) == [0.5, 0.5, 1.0]  # a draw each, and a bye
