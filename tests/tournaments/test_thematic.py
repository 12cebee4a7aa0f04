"""Thematic tournaments: a tournament made with a position (``fen``, in its game's own FEN,
checked by the engine before anything is made) starts every one of its games there, arena and
Swiss alike; its games are casual. The API, the form and the pages say so; a schedule's
tournaments carry its position."""

import html
import json
import re
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone

from engine import variants
from games.models import Game
from tests.factories import api_client
from tests.games.test_challenge_from_position import CASUAL_ONLY, legal_texts, position_after
from tests.tournaments.conftest import make_tournament, move, step
from tests.tournaments.test_pages import FORM
from tournaments.models import Schedule, Tournament
from tournaments.services.entries import schedule_due

pytestmark = pytest.mark.django_db

RUSSIAN = position_after("russian")


def body(**fields) -> dict:
    soon = (timezone.now() + timedelta(minutes=5)).isoformat()
    asked = {"name": "Russian Theme", "variant": "russian", "clock": {"initial": 180,
             "increment": 2}, "system": "arena", "minutes": 60, "starts_at": soon}  # fmt: skip
    return {**asked, **fields}


def test_the_api_makes_a_thematic_tournament_casual(players) -> None:
    (maker,) = players(1)
    made = api_client(maker).post("/api/tournaments/", body(fen=RUSSIAN), format="json")
    assert made.status_code == 201, made.json()
    assert (made.json()["fen"], made.json()["rated"]) == (RUSSIAN, False)
    assert Tournament.objects.get().initial_fen == RUSSIAN
    listed = api_client(maker).get("/api/tournaments/").json()
    assert [t["fen"] for t in listed] == [RUSSIAN]


@pytest.mark.parametrize(
    ("fen", "rated", "error"),
    [
        (RUSSIAN, True, CASUAL_ONLY["error"]),
        ("W:W99:B1", None, "Bad FEN: "),
        ("x" * 401, None, "A FEN has at most 400 characters."),
    ],
)
def test_a_refused_position_makes_nothing(players, fen, rated, error) -> None:
    (maker,) = players(1)
    asked = body(fen=fen) if rated is None else body(fen=fen, rated=rated)
    refused = api_client(maker).post("/api/tournaments/", asked, format="json")
    assert refused.status_code == 400 and refused.json()["error"].startswith(error)
    assert not Tournament.objects.exists()


def test_the_usual_start_written_out_makes_an_ordinary_rated_tournament(players) -> None:
    (maker,) = players(1)
    start = variants.get("russian").start_fen
    made = api_client(maker).post("/api/tournaments/", body(fen=start), format="json").json()
    assert (made["fen"], made["rated"]) == (None, True)


@pytest.mark.parametrize("system", ["arena", "swiss"])
def test_every_game_starts_from_the_position_and_is_played_from_it(
    players, committed, system
) -> None:
    p1, p2, p3, p4 = players(4)
    tournament = make_tournament([p1, p2, p3, p4], system, variant="russian", fen=RUSSIAN)
    assert (tournament.initial_fen, tournament.rated) == (RUSSIAN, False)
    assert step(tournament, committed, timezone.now() + timedelta(seconds=1)) == 2
    games = Game.objects.filter(tournament=tournament.public_id)
    assert {(g.initial_fen, g.fen, g.rated) for g in games} == {(RUSSIAN, RUSSIAN, False)}
    game = games.first()
    mover = game.white if game.fen.startswith("W") else game.black
    first = legal_texts("russian", RUSSIAN)[0]
    move(mover, game, first, 0)
    game.refresh_from_db()
    assert game.ply == 1 and game.moves.get().text == first


def test_the_form_makes_a_thematic_tournament(players) -> None:
    (maker,) = players(1)
    client = Client()
    client.force_login(maker)
    asked = {**FORM, "variant": "russian", "fen": RUSSIAN}
    del asked["rated"]  # the page's script unticks and locks it while a position is given
    answer = client.post("/tournaments/", asked)
    made = Tournament.objects.get()
    assert answer.status_code == 302 and (made.initial_fen, made.rated) == (RUSSIAN, False)
    # Rated ticked with a position (no script): refused with the reason, what was typed kept.
    page = client.post("/tournaments/", {**FORM, "variant": "russian", "fen": RUSSIAN})
    text = html.unescape(page.content.decode())
    assert CASUAL_ONLY["error"] in text and f'value="{RUSSIAN}"' in text

    listed = client.get("/tournaments/").content.decode()
    assert "casual · from a position" in listed
    shown = client.get(f"/tournaments/{made.public_id}/").content.decode()
    assert "Every game starts here" in shown and "data-position-board" in shown
    link = re.search(r'href="(/analysis/russian/[^"]+)"', shown).group(1)
    assert html.unescape(link) == f"/analysis/russian/{RUSSIAN.replace(' ', '_')}"
    data = json.loads(re.search(r'id="page-data"[^>]*>(.*?)</script>', shown).group(1))
    assert data["tournament"]["fen"] == RUSSIAN


def test_an_ordinary_tournament_shows_no_position(players) -> None:
    (maker,) = players(1)
    tournament = make_tournament([], maker=maker)
    shown = Client().get(f"/tournaments/{tournament.public_id}/").content.decode()
    assert "Every game starts here" not in shown and "data-position-board" not in shown


def test_a_schedules_position_is_checked_and_its_tournaments_start_there() -> None:
    now = timezone.now()
    schedule = Schedule(name="Russian Theme", variant="russian", clock_initial=180,
                        system="arena", minutes=60, rated=True, initial_fen=RUSSIAN,
                        first_at=now + timedelta(minutes=30))  # fmt: skip
    with pytest.raises(ValidationError, match="cannot be rated"):
        schedule.clean()
    schedule.rated = False
    schedule.initial_fen = "W:W99:B1"
    with pytest.raises(ValidationError, match="Bad FEN"):
        schedule.clean()
    schedule.initial_fen = RUSSIAN
    schedule.clean()
    schedule.save()
    (made,) = schedule_due(now)
    assert (made.initial_fen, made.rated) == (RUSSIAN, False)
