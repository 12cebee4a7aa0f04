"""Private messages in Chromium against a real Daphne: alice writes to bob from his profile; bob,
on another page, sees a notice and the unread count at once, answers from the notice, and his
count goes; his answer (two lines) appears on alice's open conversation as it is sent; the
inbox lists the conversation. At 1280 and 375 px, screenshotted."""

import pytest
from playwright.sync_api import expect

from community.inbox import send_message
from tests.browser.board_helpers import log_in, off_the_loop, shot
from tests.factories import make_user


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 812)])
def test_two_players_write_to_each_other_live(new_page, live_db, width, height) -> None:
    make_user("alice"), make_user("bob")
    alice, bob = new_page(width, height), new_page(width, height)
    log_in(alice, "alice")
    log_in(bob, "bob")
    bob.goto("/players/")
    expect(bob.get_by_test_id("inbox-unread")).to_be_hidden()

    alice.goto("/@/bob")
    alice.get_by_test_id("message-button").click()
    expect(alice.get_by_test_id("conversation-empty")).to_be_visible()
    alice.get_by_test_id("conversation-text").fill("Good game! Rematch tomorrow?")
    alice.get_by_test_id("conversation-text").press("Enter")
    messages = alice.get_by_test_id("conversation-message")
    expect(messages).to_have_count(1)
    expect(messages.first).to_contain_text("Good game! Rematch tomorrow?")
    expect(alice.get_by_test_id("conversation-text")).to_have_value("")

    notice = bob.get_by_test_id("message-notice")
    expect(notice).to_contain_text("alice: Good game! Rematch tomorrow?")
    expect(bob.get_by_test_id("inbox-unread")).to_have_text("1")
    shot(bob, f"inbox-notice-{width}")
    notice.get_by_role("link", name="Answer").click()
    expect(bob.get_by_test_id("conversation-message")).to_have_count(1)
    expect(bob.get_by_test_id("inbox-unread")).to_be_hidden()  # read, on opening it

    box = bob.get_by_test_id("conversation-text")
    box.fill("Thanks!")
    box.press("Shift+Enter")  # a new line, not sent
    box.type("Same time?")
    expect(bob.get_by_test_id("conversation-message")).to_have_count(1)
    box.press("Enter")
    expect(bob.get_by_test_id("conversation-message")).to_have_count(2)
    answer = alice.get_by_test_id("conversation-message").nth(1)
    expect(answer).to_have_attribute("data-from", "bob")
    assert answer.locator(".conversation-text").inner_text() == "Thanks!\nSame time?"
    expect(alice.get_by_test_id("message-notice")).to_have_count(0)  # the conversation is open
    expect(alice.get_by_test_id("inbox-unread")).to_be_hidden()  # read as it came
    shot(alice, f"inbox-conversation-{width}")

    alice.goto("/inbox/")
    entry = alice.get_by_test_id("inbox-entry")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("bob")
    expect(entry).to_contain_text("Same time?")
    expect(entry.get_by_test_id("inbox-entry-unread")).to_have_count(0)


@pytest.mark.services  # written from this process: its group message crosses Redis to Daphne
def test_a_player_in_the_lobby_is_told_of_a_message(new_page, live_db) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    page = new_page()
    log_in(page, "bob")
    page.goto("/play/")
    expect(page.locator("body[data-live=open]")).to_have_count(1)  # the lobby's socket
    off_the_loop(lambda: send_message(sender=alice, recipient=bob, text="Fancy a game?"))
    expect(page.get_by_test_id("inbox-unread")).to_have_text("1")
    expect(page.locator("#lobby-notice")).to_have_text("alice: Fancy a game?")
