"""Bookmarks in Chromium: a player marks a finished game with the game page's ☆, finds it
under *Bookmarks* in the account menu (the archive's *Bookmarked by me*), and takes the mark
off again; at 375 px too."""

import pytest
from playwright.sync_api import expect

from tests.browser.board_helpers import log_in, off_the_loop, shot
from tests.factories import make_user
from tests.games.conftest import resigned_game


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 812)])
def test_a_game_is_bookmarked_found_in_the_menu_and_unbookmarked(new_page, width, height) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    kept = off_the_loop(resigned_game, alice, bob)
    off_the_loop(resigned_game, bob, alice)  # another game, not bookmarked
    page = new_page(width, height)
    log_in(page, "bob")
    page.goto(f"/game/{kept.public_id}/")
    star = page.get_by_test_id("bookmark")
    expect(star).to_have_text("☆ Bookmark")
    star.click()
    expect(star).to_have_text("★ Bookmarked")
    expect(star).to_have_attribute("aria-pressed", "true")
    shot(page, f"bookmark-{width}")

    page.get_by_test_id("account-menu").click()
    page.get_by_test_id("menu-bookmarks").click()
    expect(page.get_by_test_id("archive-bookmarked")).to_be_checked()
    links = page.locator("#main a[href^='/game/']")
    expect(links.first).to_be_visible()
    hrefs = links.evaluate_all("links => links.map((link) => link.getAttribute('href'))")
    assert set(hrefs) == {f"/game/{kept.public_id}/"}  # the one bookmarked, not the other

    page.goto(f"/game/{kept.public_id}/")
    page.get_by_test_id("bookmark").click()
    expect(page.get_by_test_id("bookmark")).to_have_text("☆ Bookmark")
    page.goto("/games/?bookmarked=1")
    expect(page.locator("#main a[href^='/game/']")).to_have_count(0)
