"""Move confirmation in Chromium against a real Daphne: in a correspondence game a move made on
the board waits for *Confirm* (the default setting), shown on the board, which takes no taps
meanwhile; *Cancel* (or Escape) takes it back unsent; confirmed, it is played for both players.
A real-time move is sent at once by default; a player who sets *Always* confirms those too."""

from playwright.sync_api import Page, expect

from games.domain.clock import TimeControl
from games.models import Game
from tests.browser.board_helpers import (
    assert_matches_server,
    dom_board,
    log_in,
    off_the_loop,
    shot,
    tap,
)
from tests.browser.test_board_online import wait_until
from tests.factories import make_user
from tests.games.conftest import start_game


def played(game_id: str) -> int:
    """The plies the server has of the game."""
    return Game.objects.get(public_id=game_id).ply


def at_the_game(new_page, clock: TimeControl) -> tuple[Page, Page, str]:
    """Alice (White) and Bob at a new online game with `clock`, each on its page. The game
    starts once both are logged in: a real-time game's first move has 30 s."""
    alice_user, bob_user = make_user("alice"), make_user("bob")
    alice, bob = new_page(), new_page(375, 812)
    for page, name in ((alice, "alice"), (bob, "bob")):
        log_in(page, name)
        # Away from the site while the game starts: a page of it would go to the game by
        # itself, racing the test's own navigation.
        page.goto("about:blank")
    game = off_the_loop(lambda: start_game(alice_user, bob_user, clock=clock))
    for page in (alice, bob):
        page.goto(f"/game/{game.public_id}/")
        expect(page.locator("body[data-live=open]")).to_have_count(1)
    expect(alice.locator("#hint")).to_have_text("Your move.")  # her board takes the move
    return alice, bob, game.public_id


def test_a_correspondence_move_waits_for_confirm(new_page) -> None:
    alice, bob, game_id = at_the_game(new_page, TimeControl(days=3))
    before = dom_board(alice)
    bar = alice.get_by_test_id("confirm-move")
    expect(bar).to_be_hidden()

    tap(alice, "e2", "e4")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("Play e4?")
    expect(alice.locator("#hint")).to_have_text("Confirm your move, or cancel it.")
    assert dom_board(alice)["e4"] == "wP" and "e2" not in dom_board(alice)  # shown on the board
    shot(alice, "confirm-move")
    tap(alice, "d2", "d4")  # the board takes no taps while a move waits
    assert "d4" not in dom_board(alice)
    alice.get_by_test_id("confirm-move-no").click()
    expect(bar).to_be_hidden()
    assert dom_board(alice) == before
    assert Game.objects.get(public_id=game_id).ply == 0  # nothing was sent

    tap(alice, "d2", "d4")
    expect(bar).to_contain_text("Play d4?")
    alice.keyboard.press("Escape")  # Escape cancels too
    expect(bar).to_be_hidden()
    assert dom_board(alice) == before

    tap(alice, "e2", "e4")
    alice.get_by_test_id("confirm-move-yes").click()
    expect(bar).to_be_hidden()
    # The page shows its own move at once: compare it with the server once the move is in.
    wait_until(lambda: played(game_id) == 1)
    for page in (alice, bob):
        state = assert_matches_server(page, game_id)
    assert [move["text"] for move in state["moves"]] == ["e4"]


def test_real_time_moves_go_at_once_unless_the_setting_says_always(new_page) -> None:
    alice, bob, game_id = at_the_game(new_page, TimeControl(initial=600, increment=5))
    tap(alice, "e2", "e4")  # real time, the default setting: sent at once
    expect(alice.get_by_test_id("confirm-move")).to_be_hidden()
    wait_until(lambda: played(game_id) == 1)
    assert_matches_server(bob, game_id)

    bob.goto("/accounts/settings/")
    bob.get_by_label("Confirm moves made on the board before they are sent").select_option("always")
    bob.get_by_role("button", name="Save settings").click()
    bob.goto(f"/game/{game_id}/")
    expect(bob.locator("body[data-live=open]")).to_have_count(1)
    expect(bob.locator("#hint")).to_have_text("Your move.")
    tap(bob, "e7", "e5")
    bar = bob.get_by_test_id("confirm-move")
    expect(bar).to_contain_text("Play e5?")
    shot(bob, "confirm-move-phone")
    bar.get_by_role("button", name="Confirm").click()
    wait_until(lambda: played(game_id) == 2)
    state = assert_matches_server(alice, game_id)
    assert [move["text"] for move in state["moves"]] == ["e4", "e5"]
