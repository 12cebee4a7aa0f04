"""Clocks in the browser: a 15-second game made with the lobby's custom clock, both clocks
seen beside the players and counting down, and the game ending on the board when White's
runs out, with nobody doing anything."""

import re

from playwright.sync_api import expect

from games.models import Game
from tests.browser.board_helpers import tap, wait_moves
from tests.browser.test_board_online import (
    alice_and_bob,
    alices_seek_accepted,
    both_at_the_game,
)


def clock_ms(text: str) -> int:
    """The milliseconds a clock's text shows (``0:14.3``, ``1:05``)."""
    minutes, seconds = text.split(":")
    return round((int(minutes) * 60 + float(seconds)) * 1000)


def test_a_15_second_game_runs_out_on_the_board(new_page) -> None:
    alice, bob = alice_and_bob(new_page)
    alice.goto("/play/")
    expect(alice.get_by_test_id("clock-minutes")).to_be_hidden()  # unlimited: no minutes
    alice.get_by_test_id("clock-kind").select_option("fischer")
    expect(alice.get_by_test_id("clock-minutes")).to_be_visible()
    alice.get_by_test_id("clock-minutes").fill("0.25")
    alice.get_by_test_id("clock-increment").fill("0")
    alice.get_by_test_id("seek-white").click()
    bob.goto("/play/")
    expect(bob.get_by_test_id("control-alice")).to_contain_text("¼+0")
    expect(bob.get_by_test_id("control-alice")).to_contain_text("ultrabullet")
    bob.get_by_test_id("accept-alice").click()
    both_at_the_game(bob, alice)
    game = Game.objects.get()
    assert (game.clock_initial, game.clock_increment) == (15, 0)

    for page in (alice, bob):  # both clocks beside the players, full, neither running
        for color in ("white", "black"):
            expect(page.get_by_test_id(f"clock-{color}")).to_have_text("0:15")
        expect(page.locator(".clock.is-running")).to_have_count(0)

    tap(alice, "e2", "e4")  # the first moves cost nothing
    wait_moves(bob, 1)
    tap(bob, "e7", "e5")
    wait_moves(alice, 2)

    # White's clock now runs, on both pages; Black's stands at 15 s and is not running.
    white_clock = alice.get_by_test_id("clock-white")
    expect(white_clock).to_have_class(re.compile(r"\bis-running\b"))
    expect(bob.get_by_test_id("clock-white")).to_have_class(re.compile(r"\bis-running\b"))
    expect(alice.get_by_test_id("clock-black")).not_to_have_class(re.compile(r"\bis-running\b"))
    expect(alice.get_by_test_id("clock-black")).to_have_text("0:15")
    first = clock_ms(white_clock.inner_text())
    expect(white_clock).not_to_have_text(white_clock.inner_text())  # it counts down
    later = clock_ms(white_clock.inner_text())
    assert later < first <= 15_000
    # Black gives White 15 s: White's clock jumps up on both pages.
    expect(alice.get_by_test_id("give-time")).to_be_visible()
    bob.get_by_test_id("give-time").click()
    expect(white_clock).to_have_text(re.compile(r"^0:(1[6-9]|2\d)$"))
    # Under 10 s it shows tenths and the low-time colour.
    expect(white_clock).to_have_text(re.compile(r"^0:0\d\.\d$"), timeout=30_000)
    expect(white_clock).to_have_class(re.compile(r"\bis-low\b"))

    # Nobody moves: the server ends the game on time and both boards say so.
    for page in (alice, bob):
        banner = page.get_by_test_id("result-banner")
        expect(banner).to_contain_text("Black wins on time", timeout=20_000)
        expect(page.get_by_test_id("give-time")).to_be_hidden()
        expect(page.get_by_test_id("clock-white")).to_have_text("0:00.0")
        expect(page.locator(".clock.is-running")).to_have_count(0)
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("finished", "0-1", "timeout")


def test_a_premove_is_played_when_the_turn_comes_and_dropped_when_illegal(new_page) -> None:
    alice, bob = alice_and_bob(new_page)
    alice.goto("/play/")
    alices_seek_accepted(alice, bob)

    # Bob (Black) types his answer while Alice thinks: held, then played the instant she moves.
    bob.locator("#move-input").fill("e5")
    bob.locator("#move-input").press("Enter")
    expect(bob.get_by_test_id("premove")).to_contain_text(
        "Premove: e5 (played when your turn comes)"
    )
    tap(alice, "e2", "e4")
    wait_moves(alice, 2)
    wait_moves(bob, 2)
    expect(bob.get_by_test_id("premove")).to_be_hidden()
    assert list(Game.objects.get().moves.values_list("text", flat=True)) == ["e4", "e5"]

    # Alice moves, then premoves a capture on d5; Bob puts nothing there: it is dropped.
    tap(alice, "g1", "f3")
    wait_moves(alice, 3)
    alice.locator("#move-input").fill("exd5")
    alice.locator("#move-input").press("Enter")
    expect(alice.get_by_test_id("premove")).to_be_visible()
    tap(bob, "b8", "c6")
    expect(alice.get_by_test_id("move-error")).to_contain_text("Premove exd5 dropped")
    wait_moves(alice, 4)
    expect(alice.get_by_test_id("premove")).to_be_hidden()
    assert Game.objects.get().ply == 4  # and it is still Alice's turn
