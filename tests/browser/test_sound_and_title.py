"""The game page's move sounds and its tab title, in Chromium against a real Daphne.

The sounds are made with the Web Audio API. An init script wraps ``OscillatorNode.start`` to
record each tone's waveform as the page starts it, so these tests hear what a person would:
a tap (triangle) for a move, two rising taps for a check, a knock (square) for each piece
taken, a chime (two sines) when the game ends.
"""

import re

from playwright.sync_api import Page, expect

from tests.browser.board_helpers import (
    log_in,
    off_the_loop,
    square,
    start_local,
    tap,
    wait_moves,
)
from tests.browser.test_board_local import MATE_FEN, SWEEP_FEN
from tests.factories import make_user
from tests.games.conftest import start_game

RECORD_TONES = """
window.tones = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.tones.push(this.type);
  return start.apply(this, args);
};
"""


def tones(page: Page) -> list[str]:
    return page.evaluate("window.tones")


def hear(page: Page, count: int) -> list[str]:
    """Waits until the page has started ``count`` tones in all, and returns them."""
    page.wait_for_function(f"window.tones.length >= {count}")
    return tones(page)


def test_a_sweep_knocks_for_each_piece_a_move_taps_and_sound_can_be_turned_off(new_page) -> None:
    page = new_page()
    page.add_init_script(RECORD_TONES)
    start_local(page, SWEEP_FEN)
    button = page.get_by_test_id("sound")
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(button).to_have_text("Sound on")

    tap(page, "a1", "b3")  # N~b3 sweeps the pawn on a2 and the bishop on a3
    wait_moves(page, 1)
    assert hear(page, 2) == ["square", "square"]
    tap(page, "e8", "d8")
    wait_moves(page, 2)
    assert hear(page, 3) == ["square", "square", "triangle"]

    button.click()
    expect(button).to_have_attribute("aria-pressed", "false")
    expect(button).to_have_text("Sound off")
    tap(page, "e1", "e2")
    wait_moves(page, 3)  # the state has been shown: its sound would have started with it
    assert tones(page) == ["square", "square", "triangle"]

    page.reload()  # the choice is kept in this browser
    expect(page.get_by_test_id("sound")).to_have_text("Sound off")
    expect(page.locator("body[data-live=open]")).to_have_count(1)
    tap(page, "d8", "c8")
    wait_moves(page, 4)
    assert tones(page) == []
    page.get_by_test_id("sound").click()
    tap(page, "e2", "e3")
    wait_moves(page, 5)
    assert hear(page, 1) == ["triangle"]


def test_checkmate_sounds_the_check_and_then_the_end(new_page) -> None:
    page = new_page()
    page.add_init_script(RECORD_TONES)
    start_local(page, MATE_FEN)
    tap(page, "g4", "h6")
    wait_moves(page, 1)
    expect(page.get_by_test_id("result-banner")).to_contain_text("White wins by checkmate")
    assert hear(page, 4) == ["triangle", "triangle", "sine", "sine"]


def test_the_tab_title_tells_a_player_it_is_their_turn(new_page) -> None:
    alice_user, bob_user = make_user("alice"), make_user("bob")
    game = off_the_loop(start_game, alice_user, bob_user)
    alice, bob, spectator = new_page(), new_page(), new_page()
    for page in (alice, bob):
        page.add_init_script(RECORD_TONES)
    log_in(alice, "alice")
    log_in(bob, "bob")
    for page in (alice, bob, spectator):
        page.goto(f"/game/{game.public_id}/")
        expect(page.locator("body[data-live=open]")).to_have_count(1)
    plain = "alice \N{EN DASH} bob · Chesskers"
    expect(alice).to_have_title(f"Your turn · {plain}")
    expect(bob).to_have_title(plain)
    expect(spectator).to_have_title(plain)

    square(bob, "e5").click()  # bob has touched the page: it may sound
    tap(alice, "e2", "e4")
    expect(bob).to_have_title(f"Your turn · {plain}")
    expect(alice).to_have_title(plain)
    expect(spectator).to_have_title(plain)
    assert hear(bob, 1) == ["triangle"]  # the opponent's move is heard
    assert hear(alice, 1) == ["triangle"]  # and one's own

    tap(bob, "e7", "e5")
    expect(alice).to_have_title(re.compile(r"^Your turn · "))
    expect(bob).to_have_title(plain)
