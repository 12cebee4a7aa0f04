"""Pages of a busy site in the browser, through Daphne started with the documented message caps:
the lobby with 200 open seeks and the watch page with 600 live games list them all (the watch
page drawing only the boards in view), keep one connection, and follow each change live."""

from playwright.sync_api import Page, expect

from accounts.services import user_token
from engine import variants
from games.models import Game
from tests.browser.conftest import screenshot
from tests.factories import make_user
from tests.games.test_long_games import api_post, live_games_600, lobby_of_200_seeks


def counting_sockets(page: Page, path: str) -> list:
    """Returns the list of the sockets to ``path`` that ``page`` will open."""
    opened: list = []
    page.on("websocket", lambda ws: opened.append(ws) if path in ws.url else None)
    return opened


def test_the_lobby_lists_200_seeks_and_follows_a_new_one(new_page, daphne_server) -> None:
    ids = lobby_of_200_seeks()
    page = new_page(1366, 800)
    opened = counting_sockets(page, "/ws/lobby/")
    page.goto("/play/")
    expect(page.locator("#seeks tr[data-seek]")).to_have_count(len(ids))
    token = user_token(user=make_user("dave"))
    seek = api_post(daphne_server, "/api/seeks/", token, {"color": "white"})
    expect(page.locator("#seeks tr[data-seek]")).to_have_count(len(ids) + 1)
    expect(page.locator(f"[data-seek='{seek['id']}']")).to_contain_text("dave")
    assert len(opened) == 1
    screenshot(page, "lobby-200-seeks")


def test_the_watch_page_lists_600_live_games_and_follows_a_move(new_page, daphne_server) -> None:
    ids = live_games_600()
    page = new_page(1366, 800)
    opened = counting_sockets(page, "/ws/watch/")
    page.goto("/watch/")
    # 600 boards drawn: on a busy machine this takes longer than the usual 5 s (a test never
    # fails because a machine is slow).
    expect(page.locator("#live-games [data-game]")).to_have_count(len(ids), timeout=30_000)
    game = Game.objects.select_related("white", "black").get(public_id=ids[0])
    variant = variants.get(game.variant)
    start = variant.start_position()
    (_, text), *_ = variant.describe_moves(start)
    token = user_token(user=game.player(start.turn.name_lower))
    api_post(daphne_server, f"/api/games/{game.public_id}/moves/", token, {"move": text, "ply": 0})
    moves = page.locator(f"[data-game='{game.public_id}'] [data-field=moves]")
    expect(moves).to_have_text("1 move")
    expect(page.locator("#live-games [data-game]")).to_have_count(len(ids))
    assert len(opened) == 1
    drawn = page.locator("#live-games .cb-board").count()
    assert 0 < drawn < len(ids)  # the boards in view, not 600
    # What the window shows: a whole-page shot would bring every card into view, and so draw
    # all 600 boards the page draws only as they are scrolled to.
    screenshot(page, "watch-600-games", full_page=False)
