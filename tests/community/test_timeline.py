"""The timeline, as docs/site.md "Players and safety" says: what the players you follow did in
the last two weeks, the latest first — online games finished (told once, by the winner when both
are followed), tournaments played to the end, public studies made, teams joined, topics started
in the site's forums, players followed — never a private study, a team's forum, a closed account
or an older deed; on its page, on the home page and in the API."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from community.models import Follow
from community.services import follow
from forum.categories import team_slug
from forum.models import Topic
from games.models import Game
from games.services.core import Actor
from games.services.play import game_draw, game_resign
from players.timeline import TIMELINE_DAYS, timeline_of
from studies.models import Study
from studies.services import study_create
from teams.models import Member
from tests.community.conftest import api
from tests.factories import make_user
from tests.forum.conftest import start
from tests.games.conftest import opened, start_game
from tests.games.test_openapi import SchemaChecked
from tests.teams.conftest import make_team
from tests.tournaments.conftest import make_tournament
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def resigned(white, black, loser, rated: bool = True) -> Game:
    game = opened(start_game(white, black, rated=rated))
    game_resign(game_id=game.public_id, actor=Actor.of(loser))
    return game


def drawn(white, black) -> Game:
    game = opened(start_game(white, black, rated=False))
    game_draw(game_id=game.public_id, actor=Actor.of(white), action="offer")
    game_draw(game_id=game.public_id, actor=Actor.of(black), action="accept")
    return game


@pytest.fixture
def lately(alice, bob):
    """alice follows bob and carol, who did one thing each minute for the last while (oldest
    first); eve, whom nobody follows, and the things alice may not see, did theirs too."""
    carol, dave, eve = make_user("carol"), make_user("dave"), make_user("eve")
    follow(user=alice, other=bob)
    follow(user=alice, other=carol)
    base = timezone.now() - timedelta(hours=1)
    done = []

    def at(minute: int, model, **match) -> None:
        model.objects.filter(**match).update(
            **{model_time[model]: base + timedelta(minutes=minute)}
        )

    model_time = {Game: "finished_at", Study: "created_at", Member: "joined_at",
                  Topic: "created_at", Follow: "created_at", Tournament: "finished_at"}  # fmt: skip
    won = resigned(bob, carol, loser=carol)  # both followed: told once, by bob who won
    at(1, Game, pk=won.pk)
    lost = resigned(dave, carol, loser=carol, rated=False)
    at(2, Game, pk=lost.pk)
    draw = drawn(dave, bob)
    at(3, Game, pk=draw.pk)
    theirs = resigned(eve, dave, loser=dave)  # nobody alice follows
    at(4, Game, pk=theirs.pk)
    old = resigned(bob, dave, loser=dave)
    Game.objects.filter(pk=old.pk).update(
        finished_at=timezone.now() - timedelta(days=TIMELINE_DAYS, minutes=1)
    )
    shown = study_create(bob.pk, {"name": "Sweeps", "visibility": "public"})
    hidden = study_create(bob.pk, {"name": "Secrets", "visibility": "private"})
    at(5, Study, pk=shown.pk)
    at(5, Study, pk=hidden.pk)
    team = make_team(bob)  # its leader joins it
    at(6, Member, team=team, user=bob)
    topic = start(carol, title="Who sweeps best?")
    at(7, Topic, pk=topic.pk)
    inside = start(bob, slug=team_slug(team.public_id), title="Among us")  # a team's: never
    at(7, Topic, pk=inside.pk)
    follow(user=carol, other=dave)
    follow(user=carol, other=eve)
    at(8, Follow, follower=carol, followed=dave)
    at(9, Follow, follower=carol, followed=eve)
    eve.is_active = False  # closed since: carol's follow of her is not told
    eve.save()
    tournament = make_tournament([bob, dave], name="Friday Arena")
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    Entry.objects.filter(tournament=tournament, user=bob).update(games=3, points=5)
    Entry.objects.filter(tournament=tournament, user=dave).update(games=3, points=1)
    at(10, Tournament, pk=tournament.pk)
    done.extend([won, lost, draw, shown, team, topic, tournament])
    return done


def test_what_the_followed_players_did_latest_first(alice, lately) -> None:
    won, lost, draw, study, team, topic, tournament = lately
    got = [
        (entry["kind"], entry["user"], {k: v for k, v in entry.items() if k not in
                                        ("kind", "user", "at")})
        for entry in timeline_of(alice.pk)
    ]  # fmt: skip
    assert got == [
        ("tournament", "bob", {"tournament": tournament.public_id, "name": "Friday Arena",
                               "points": 5}),
        ("follow", "carol", {"followed": "dave"}),
        ("topic", "carol", {"topic": topic.public_id, "title": "Who sweeps best?",
                            "forum": "general"}),
        ("team", "bob", {"team": team.public_id, "name": "Knights of Kyiv"}),
        ("study", "bob", {"study": study.public_id, "name": "Sweeps"}),
        ("game", "bob", {"game": draw.public_id, "opponent": "dave", "outcome": "draw",
                         "rated": False, "variant": "chesskers", "game_name": "Chesskers"}),
        ("game", "carol", {"game": lost.public_id, "opponent": "dave", "outcome": "loss",
                           "rated": False, "variant": "chesskers", "game_name": "Chesskers"}),
        ("game", "bob", {"game": won.public_id, "opponent": "carol", "outcome": "win",
                         "rated": True, "variant": "chesskers", "game_name": "Chesskers"}),
    ]  # fmt: skip
    assert [entry["kind"] for entry in timeline_of(alice.pk, limit=3)] == [
        "tournament", "follow", "topic"
    ]  # fmt: skip
    assert timeline_of(make_user("nobody").pk) == []  # follows nobody


def test_as_many_queries_however_many_are_followed(alice, bob, lately) -> None:
    with CaptureQueriesContext(connection) as two:
        timeline_of(alice.pk)
    for index in range(5):
        other = make_user(f"p{index}")
        follow(user=alice, other=other)
        resigned(other, bob, loser=bob)
    with CaptureQueriesContext(connection) as seven:
        entries = timeline_of(alice.pk)
    assert len(two) == len(seven)
    assert len(entries) == 13


def test_the_page_and_the_home_page_say_it(alice, bob, lately) -> None:
    won, lost, draw, study, team, topic, tournament = lately
    client = Client()
    client.force_login(alice)
    page = client.get("/timeline/").content.decode()
    assert (
        f'<a href="/@/bob">bob</a> beat <a href="/@/carol">carol</a> in '
        f'<a href="/game/{won.public_id}/">Chesskers</a>.'
    ) in page
    assert (
        '<a href="/@/carol">carol</a> lost to <a href="/@/dave">dave</a> in '
        f'<a href="/game/{lost.public_id}/">Chesskers</a>. <span class="muted">casual</span>'
    ) in page
    assert (
        '<a href="/@/bob">bob</a> drew with <a href="/@/dave">dave</a> in '
        f'<a href="/game/{draw.public_id}/">Chesskers</a>.'
    ) in page
    assert (
        f'<a href="/@/bob">bob</a> played <a href="/tournaments/{tournament.public_id}/">'
        "Friday Arena</a> to the end: 5 points."
    ) in page
    assert f'made the study <a href="/study/{study.public_id}/">Sweeps</a>.' in page
    assert f'joined the team <a href="/team/{team.public_id}/">Knights of Kyiv</a>.' in page
    assert f'started the topic <a href="/forum/general/{topic.public_id}/">' in page
    assert '<a href="/@/carol">carol</a> followed <a href="/@/dave">dave</a>.' in page
    assert page.count('data-testid="timeline-entry"') == 8
    assert "50\xa0minutes ago</time>" in page  # the tournament, an hour ago less ten minutes
    home = client.get("/").content.decode()
    assert 'data-testid="home-timeline"' in home and home.count('data-testid="timeline-entry"') == 8
    assert 'data-testid="timeline-more"' in home  # eight shown: there may be more
    assert 'data-testid="home-timeline"' not in Client().get("/").content.decode()
    bob_home = Client()
    bob_home.force_login(bob)  # follows nobody
    assert 'data-testid="home-timeline"' not in bob_home.get("/").content.decode()
    assert "Nothing yet." in bob_home.get("/timeline/").content.decode()
    assert Client().get("/timeline/").url.startswith("/accounts/login/")


def test_a_title_is_text_not_markup(alice, bob) -> None:
    follow(user=alice, other=bob)
    start(bob, title="<b>Bold</b> & <script>")
    page = Client()
    page.force_login(alice)
    text = page.get("/timeline/").content.decode()
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;script&gt;</a>" in text
    assert ">just now</time>" in text


def test_the_api_as_its_schema_says(alice, lately) -> None:
    call = SchemaChecked()
    entries = call(api(alice), "get", "/api/timeline/", "/api/timeline/", 200)
    assert [entry["kind"] for entry in entries] == [
        "tournament", "follow", "topic", "team", "study", "game", "game", "game"
    ]  # fmt: skip
    assert entries[5]["outcome"] == "draw" and "html" not in entries[5]
    assert len(call(api(alice), "get", "/api/timeline/?limit=2", "/api/timeline/", 200)) == 2
    assert call.problems == []
    for limit in ("0", "51", "x", "-1"):
        answer = api(alice).get(f"/api/timeline/?limit={limit}")
        assert (answer.status_code, answer.json()) == (
            400, {"error": "The limit is a whole number from 1 to 50."}
        )  # fmt: skip
    assert api().get("/api/timeline/").status_code in (401, 403)
