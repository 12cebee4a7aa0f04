"""The game page's keyboard shortcuts in Chromium: `?` opens their list, Escape closes it, so
does *Close*; the button under the controls opens it too; a `?` typed in the move box stays a
letter. At 1280 and 375 px."""

import pytest
from playwright.sync_api import expect

from tests.browser.board_helpers import shot, start_local


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 812)])
def test_the_shortcuts_list_opens_and_closes(new_page, width, height) -> None:
    page = new_page(width, height)
    start_local(page, "")  # the usual start
    listed = page.get_by_test_id("shortcuts")
    expect(listed).to_be_hidden()
    page.keyboard.press("?")
    expect(listed).to_be_visible()
    expect(listed).to_contain_text("Flip the board")
    expect(listed.locator("dt")).to_have_count(9)
    shot(page, f"shortcuts-{width}")
    page.keyboard.press("Escape")
    expect(listed).to_be_hidden()

    page.get_by_test_id("shortcuts-open").click()
    expect(listed).to_be_visible()
    page.get_by_test_id("shortcuts-close").click()
    expect(listed).to_be_hidden()

    box = page.locator("#move-input")
    box.type("e4?")
    expect(box).to_have_value("e4?")
    expect(listed).to_be_hidden()
