"""In Chromium: "@name" typed in a forum reply offers the players whose names start so, under
the box; the arrows and Enter, or a click, write the name whole; the names written link to the
players' profiles once the reply is posted. The box is a combobox, its names a listbox."""

from playwright.sync_api import expect

from tests.browser.board_helpers import log_in, off_the_loop, shot
from tests.browser.test_accessibility import check, checked_page
from tests.factories import make_user
from tests.forum.conftest import start

__all__ = ["checked_page"]  # the fixture, shared with the accessibility sweep

LANDMARK_RULES = {"aria_content_in_landmark", "aria_form_label_unique", "aria_landmark_name_unique"}


def test_names_typed_after_an_at_sign_are_offered_and_written_whole(new_page) -> None:
    topic = off_the_loop(start, make_user("alice"))
    for name in ("bob", "bobby", "carl"):
        make_user(name)
    page = new_page()
    log_in(page, "alice")
    page.goto(f"/forum/general/{topic.public_id}/")
    box = page.get_by_test_id("reply-text")
    names = page.get_by_test_id("mention-list")
    expect(box).to_have_attribute("aria-autocomplete", "list")

    box.press_sequentially("Both ways, @bo")
    expect(names.get_by_role("option")).to_have_text(["@bob", "@bobby"])
    expect(box).to_have_attribute("aria-controls", names.get_attribute("id"))
    expect(page.locator("[aria-live=polite]", has_text="2 players offered")).to_have_count(1)
    shot(page, "forum-mention-offered")
    box.press("ArrowDown")
    bobby = names.get_by_role("option", name="@bobby")
    expect(bobby).to_have_attribute("aria-selected", "true")
    expect(box).to_have_attribute("aria-activedescendant", bobby.get_attribute("id"))
    box.press("Enter")  # writes the name, sends nothing
    expect(box).to_have_value("Both ways, @bobby ")
    expect(names).to_be_hidden()

    box.press_sequentially("and @ca")
    names.get_by_role("option", name="@carl").click()
    expect(box).to_have_value("Both ways, @bobby and @carl ")
    box.press_sequentially("agree. @zz")  # nobody is called so: nothing offered
    page.wait_for_timeout(500)
    expect(names).to_be_hidden()
    box.press("Escape")

    page.get_by_test_id("reply-send").click()
    reply = page.locator("#p2")
    expect(reply.get_by_role("link", name="@bobby")).to_have_attribute("href", "/@/bobby")
    expect(reply.get_by_role("link", name="@carl")).to_have_attribute("href", "/@/carl")


def test_the_offered_names_pass_the_accessibility_checker(checked_page) -> None:
    topic = off_the_loop(start, make_user("ada"))
    make_user("bob")
    page = checked_page()
    log_in(page, "ada")
    page.goto(f"/forum/general/{topic.public_id}/")
    page.get_by_test_id("reply-text").press_sequentially("Hello @bo")
    expect(page.get_by_test_id("mention-list").get_by_role("option")).to_have_text(["@bob"])
    # Every violation but the landmarks' (reported, not counted, as in the sweep): the role or
    # attribute a box of text may not have among them.
    found = [r for r in check(page) if r["rule"] not in LANDMARK_RULES]
    assert found == [], found
