"""Private notes in Chromium: a player opens *My notes* on a game's page (or on a player's
profile), writes, and the note is kept a moment after they stop typing (*Saved.*); it is there
again after a reload, and the opponent's page shows their own empty box. A note the server
refuses says why."""

import pytest
from playwright.sync_api import expect

from community.models import PlayerNote
from games.models import GameNote
from tests.browser.board_helpers import log_in, off_the_loop, shot
from tests.browser.test_board_online import wait_until
from tests.factories import make_user
from tests.games.conftest import resigned_game


# At 375 px in make test-slow: tests/browser/test_phone_layout.py holds the pages to a phone.
@pytest.mark.parametrize(
    "width, height", [(1280, 800), pytest.param(375, 812, marks=pytest.mark.slow)]
)
def test_a_note_is_kept_as_typed_and_seen_by_its_writer_alone(new_page, width, height) -> None:
    alice_user, bob_user = make_user("alice"), make_user("bob")
    game = off_the_loop(resigned_game, alice_user, bob_user)
    page = new_page(width, height)
    log_in(page, "alice")
    page.goto(f"/game/{game.public_id}/")
    notes = page.get_by_test_id("game-note")
    box = page.get_by_test_id("game-note-text")
    expect(box).to_be_hidden()  # closed until opened
    notes.locator("summary").click()
    box.fill("Missed the knight's sweep on move 12.\nPlay c4 sooner.")
    expect(page.get_by_test_id("game-note-status")).to_have_text("Saved.")
    shot(page, f"game-note-{width}")
    kept = off_the_loop(lambda: list(GameNote.objects.values_list("user__username", "text")))
    assert kept == [("alice", "Missed the knight's sweep on move 12.\nPlay c4 sooner.")]
    # Typing f or z in the box writes them: the page's shortcuts leave it alone.
    box.press("End")
    box.type(" fz")
    expect(page.locator("body.zen")).to_have_count(0)
    # Left at once by a link, before the pause that saves: the page keeps it as it goes.
    page.locator("footer a[href='/about/']").click()
    expect(page).to_have_url("/about/")
    wait_until(lambda: GameNote.objects.get().text.endswith(" fz"))

    page.goto(f"/game/{game.public_id}/")
    expect(box).to_be_visible()  # open, with the note
    expect(box).to_have_value("Missed the knight's sweep on move 12.\nPlay c4 sooner. fz")
    # The tab hidden (another tab chosen) right after typing: kept, and said so on coming back.
    box.press("Control+End")
    box.type("!")
    page.evaluate(
        """() => {
            const hidden = {value: "hidden", configurable: true};
            Object.defineProperty(document, "visibilityState", hidden);
            document.dispatchEvent(new Event("visibilitychange"));
        }"""
    )
    expect(page.get_by_test_id("game-note-status")).to_have_text("Saved.")
    wait_until(lambda: GameNote.objects.get().text.endswith(" fz!"))

    other = new_page()
    log_in(other, "bob")
    other.goto(f"/game/{game.public_id}/")
    other.get_by_test_id("game-note").locator("summary").click()
    expect(other.get_by_test_id("game-note-text")).to_have_value("")


def test_a_refused_note_says_why(new_page, console_watch) -> None:
    alice_user, bob_user = make_user("alice"), make_user("bob")
    game = off_the_loop(resigned_game, alice_user, bob_user)
    page = new_page()
    log_in(page, "alice")
    page.goto(f"/game/{game.public_id}/")
    page.get_by_test_id("game-note").locator("summary").click()
    box = page.get_by_test_id("game-note-text")
    # A control character no keyboard types, pasted: the server refuses the note.
    box.evaluate("(box) => { box.value = 'a\\u0007b'; box.dispatchEvent(new Event('input')); }")
    expect(page.get_by_test_id("game-note-status")).to_have_text(
        "Not saved: A note holds no control characters but line breaks."
    )
    assert off_the_loop(lambda: GameNote.objects.count()) == 0
    # Chromium logs the refusal (a 400) as a console error: exactly that one is expected.
    refused = [error for error in console_watch.errors if "/note/" in error and "400" in error]
    assert len(refused) == 1
    console_watch.errors.remove(refused[0])


def test_a_note_on_a_player_is_kept_on_their_profile(new_page) -> None:
    make_user("alice"), make_user("bob")
    page = new_page(375, 812)
    log_in(page, "alice")
    page.goto("/@/bob")
    page.get_by_test_id("player-note").locator("summary").click()
    box = page.get_by_test_id("player-note-text")
    box.fill("Plays the sweep early.")
    expect(page.get_by_test_id("player-note-status")).to_have_text("Saved.")
    page.reload()
    expect(page.get_by_test_id("player-note-text")).to_have_value("Plays the sweep early.")
    kept = off_the_loop(lambda: list(PlayerNote.objects.values_list("subject__username", "text")))
    assert kept == [("bob", "Plays the sweep early.")]
