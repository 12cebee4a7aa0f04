"""The crosstable in Chromium against a real Daphne: two players at their game see their score
against each other, each their own side first, with a cell for each of their latest games; when
one resigns, both tables count the game just played at once, its cell marked. The total links to
the archive's list of their games."""

import pytest
from playwright.sync_api import expect

from games.services.core import Actor
from games.services.play import game_draw, game_resign
from tests.browser.board_helpers import log_in, off_the_loop, shot, tap
from tests.factories import make_user
from tests.games.conftest import start_game


def earlier_games(alice, bob) -> list[str]:
    """alice beat bob, then they drew: the ids, oldest first."""
    won = start_game(alice, bob)
    game_resign(game_id=won.public_id, actor=Actor.of(bob))
    drawn = start_game(bob, alice)
    game_draw(game_id=drawn.public_id, actor=Actor.of(bob), action="offer")
    game_draw(game_id=drawn.public_id, actor=Actor.of(alice), action="accept")
    return [won.public_id, drawn.public_id]


def table(page) -> list[tuple[str, str, str]]:
    """The crosstable's rows as a person reads them: name, cells, points."""
    rows = page.get_by_test_id("crosstable-row")
    return [
        (
            row.locator(".crosstable-name").inner_text(),
            " ".join(row.locator(".crosstable-cell").all_inner_texts()),
            row.get_by_test_id("crosstable-points").inner_text(),
        )
        for row in rows.all()
    ]


# At 375 px in make test-slow: tests/browser/test_phone_layout.py holds the pages to a phone.
@pytest.mark.parametrize(
    "width, height", [(1280, 800), pytest.param(375, 812, marks=pytest.mark.slow)]
)
def test_the_crosstable_counts_the_game_as_it_ends(new_page, width, height) -> None:
    alice_user, bob_user = make_user("alice"), make_user("bob")
    earlier = off_the_loop(earlier_games, alice_user, bob_user)
    alice, bob = new_page(width, height), new_page()
    for page, name in ((alice, "alice"), (bob, "bob")):
        log_in(page, name)
        page.goto("about:blank")  # off the site while the game starts (it would go there)
    game = off_the_loop(lambda: start_game(alice_user, bob_user))
    for page in (alice, bob):
        page.goto(f"/game/{game.public_id}/")
        expect(page.locator("body[data-live=open]")).to_have_count(1)
    expect(alice.get_by_test_id("crosstable")).to_be_visible()
    assert table(alice) == [("alice", "1 ½", "1½"), ("bob", "0 ½", "½")]
    assert table(bob) == [("bob", "0 ½", "½"), ("alice", "1 ½", "1½")]
    expect(alice.get_by_test_id("crosstable-all")).to_have_text("2 games")

    # Both move (before that, a game can only be aborted, and an aborted game is not counted).
    tap(alice, "e2", "e4")
    expect(bob.locator("#hint")).to_have_text("Your move.")
    tap(bob, "e7", "e5")
    expect(alice.locator("#hint")).to_have_text("Your move.")
    bob.click("[data-action=resign]")
    bob.click("[data-action=resign]")  # the second tap confirms
    for page in (alice, bob):
        expect(page.get_by_test_id("result-banner")).to_be_visible()
        expect(page.get_by_test_id("crosstable-all")).to_have_text("3 games")
    assert table(alice) == [("alice", "1 ½ 1", "2½"), ("bob", "0 ½ 0", "½")]
    assert table(bob) == [("bob", "0 ½ 0", "½"), ("alice", "1 ½ 1", "2½")]
    current = alice.locator(".crosstable-current")
    expect(current).to_have_count(2)  # the game just played, in both rows
    expect(current.first).to_have_attribute("href", f"/game/{game.public_id}/")
    shot(alice, f"crosstable-{width}")

    alice.get_by_test_id("crosstable-all").click()
    expect(alice.get_by_test_id("archive-opponent")).to_have_value("bob")
    links = alice.locator("#main a[href^='/game/']")
    expect(links.first).to_be_visible()
    hrefs = set(links.evaluate_all("links => links.map((link) => link.getAttribute('href'))"))
    assert hrefs == {f"/game/{game_id}/" for game_id in [*earlier, game.public_id]}
