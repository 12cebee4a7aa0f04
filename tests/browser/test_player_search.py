"""*Find a player* in Chromium: typing the start of a name offers the names starting so under
the box; the name written whole and sent opens its profile; a start nobody has says so."""

import re

from playwright.sync_api import expect

from tests.factories import make_user


def test_a_player_is_found_by_the_start_of_their_name(new_page) -> None:
    for name in ("alice", "Alfred", "bob"):
        make_user(name)
    page = new_page(375, 812)
    page.goto("/players/")
    box = page.get_by_test_id("player-search-input")
    box.fill("al")
    options = page.locator("#player-names option")
    expect(options).to_have_count(2)
    assert options.evaluate_all("os => os.map((o) => o.value)") == ["Alfred", "alice"]
    box.fill("ali")
    expect(options).to_have_count(1)
    box.fill("Alice")
    box.press("Enter")
    page.wait_for_url(re.compile(r"/@/alice$"))
    expect(page.get_by_test_id("profile-name")).to_have_text("alice")

    page.goto("/players/")
    page.get_by_test_id("player-search-input").fill("zz")
    page.get_by_test_id("player-search-input").press("Enter")
    expect(page.get_by_test_id("players-found-none")).to_have_text(
        "Nobody's name starts with “zz”."
    )
