"""The archive's and the profile's game lists show each game's time control with its speed, in
the words of the archive's speed filter, which the archive page offers beside the others; the
lobby's games in progress show a clocked game's control."""

import re

import pytest

from games.domain.clock import TimeControl
from games.models import Game
from tests.games.archive_helpers import FOOLS_MATE, finished_game
from tests.games.conftest import start_game


def clocked(game: Game, **clock) -> Game:
    """Gives a finished game the control it would have been played at."""
    Game.objects.filter(pk=game.pk).update(**clock)
    game.refresh_from_db()
    return game


@pytest.fixture
def controls(db, alice, bob) -> dict[str, Game]:
    return {
        "blitz": clocked(
            finished_game(alice, bob, FOOLS_MATE), clock_initial=180, clock_increment=2
        ),
        "mail": clocked(finished_game(bob, alice, FOOLS_MATE), clock_days=3),
        "unlimited": finished_game(alice, bob, ["e4", "e5"], resign=True),
    }


def row_controls(page: str) -> dict[str, str]:
    """Each listed game's id -> the control its row shows."""
    rows = re.findall(
        r'data-game="([^"]+)".*?data-testid="game-control">([^<]*)<', page, flags=re.S
    )
    return dict(rows)


def test_each_row_shows_its_games_control_and_speed(client, controls) -> None:
    expected = {
        controls["blitz"].public_id: "3+2 · blitz",
        controls["mail"].public_id: "3 days · correspondence",
        controls["unlimited"].public_id: "unlimited",
    }
    assert row_controls(client.get("/games/").content.decode()) == expected
    assert row_controls(client.get("/@/alice").content.decode()) == expected


def test_the_speed_filter_sits_beside_the_controls_it_names(client, controls) -> None:
    page = client.get("/games/?speed=blitz").content.decode()
    assert row_controls(page) == {controls["blitz"].public_id: "3+2 · blitz"}
    assert re.search(r'<select name="speed" data-testid="archive-speed">', page)
    assert '<option value="blitz" selected>blitz</option>' in page
    assert '<option value="correspondence">correspondence</option>' in page
    mail = client.get("/games/?speed=correspondence").content.decode()
    assert row_controls(mail) == {controls["mail"].public_id: "3 days · correspondence"}
    bad = client.get("/games/?speed=fast")
    assert bad.status_code == 400 and "Speed is one of" in bad.content.decode()


def test_the_lobby_lists_a_clocked_game_in_progress_with_its_control(client, alice, bob) -> None:
    blitz = start_game(alice, bob, clock=TimeControl(initial=180, increment=2))
    mail = start_game(bob, alice, clock=TimeControl(days=3))
    start_game(alice, bob)  # unlimited: its line says nothing of a clock
    client.force_login(alice)
    page = client.get("/play/").content.decode()
    box = page[page.index('data-testid="games-in-progress"') :]
    lines = [
        re.sub(r"<[^>]+>", "", line).strip()
        for line in re.findall(r"<li>(.*?)</li>", box[: box.index("</section>")], flags=re.S)
    ]
    assert sorted(lines) == [
        "alice vs bob · Online · 3+2 · blitz · Chesskers · 0 plies",
        "alice vs bob · Online · Chesskers · 0 plies",
        "bob vs alice · Online · 3 days · correspondence · Chesskers · 0 plies",
    ]
    assert f"/game/{blitz.public_id}/" in page and f"/game/{mail.public_id}/" in page
