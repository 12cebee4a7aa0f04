"""The coordinate trainer in Chromium: a round on Chesskers' board and on International
draughts' numbered board, each seen from either side; right taps score, a wrong one marks its
square and scores nothing; when the time runs out the score is told and kept as the best, which
a reload still shows. At 1280 and 375 px, screenshotted."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.board_helpers import shot


def squares_named(page: Page) -> dict[str, str]:
    """Each square's name as the board reads it out (its label's first part) -> the square."""
    labels = page.eval_on_selector_all(
        "#board [data-square]:not(.sq-unused)",
        "els => els.map(e => [e.getAttribute('aria-label'), e.dataset.square])",
    )
    return {label.split(",")[0]: square for label, square in labels}


def top_left(page: Page) -> str:
    return page.eval_on_selector_all(
        "#board [data-square]",
        "els => els.find(e => e.style.gridRow === '1' && e.style.gridColumn === '1')"
        ".dataset.square",
    )


@pytest.mark.parametrize(
    ("width", "height", "game", "side", "corner"),
    [
        (1280, 800, "chesskers", "white", "a8"),
        (375, 812, "international", "black", "j1"),
    ],
)
def test_a_round_scores_right_taps_and_keeps_the_best(
    new_page, width, height, game, side, corner
) -> None:
    page = new_page(width, height)
    page.goto(f"/training/coordinates/{game}/?seconds=6")
    page.get_by_test_id("coordinates-side").select_option(side)
    page.get_by_test_id("coordinates-start").click()
    expect(page.locator("body[data-training=on]")).to_have_count(1)
    assert top_left(page) == corner  # the board seen from the side chosen
    expect(page.locator("#board .coord:visible")).to_have_count(0)  # no coordinates to read
    named = squares_named(page)
    target = page.get_by_test_id("coordinates-target")
    for score in range(1, 4):
        name = target.inner_text()
        assert name in named, name
        page.locator(f"#board [data-square='{named[name]}']").click()
        expect(page.get_by_test_id("coordinates-score")).to_have_text(str(score))
        expect(target).not_to_have_text(name)  # never the same twice in a row
    wrong = next(square for label, square in named.items() if label != target.inner_text())
    page.locator(f"#board [data-square='{wrong}']").click()
    expect(page.locator(f"#board [data-square='{wrong}']")).to_have_class(re.compile("is-victim"))
    expect(page.get_by_test_id("coordinates-score")).to_have_text("3")
    shot(page, f"coordinates-{game}-{width}")
    expect(page.locator("body[data-training=over]")).to_have_count(1, timeout=10_000)
    expect(page.get_by_test_id("coordinates-result")).to_have_text("3 squares: your best yet!")
    expect(page.get_by_test_id("coordinates-best")).to_have_text("Your best here: 3")
    expect(target).to_have_text("")
    page.reload()
    page.get_by_test_id("coordinates-side").select_option(side)
    expect(page.get_by_test_id("coordinates-best")).to_have_text("Your best here: 3")


@pytest.mark.slow  # make test-slow: 23 boards in a row; the rounds above cover both numberings
def test_every_game_of_the_registry_opens_its_trainer(new_page) -> None:
    page = new_page()
    page.goto("/training/coordinates/")
    games = page.eval_on_selector_all("#coordinates-game option", "os => os.map(o => o.value)")
    assert games[0] == "chesskers" and len(games) > 20
    for game in games:
        page.goto(f"/training/coordinates/{game}/")
        page.get_by_test_id("coordinates-start").click()
        name = page.get_by_test_id("coordinates-target").inner_text()
        assert name in squares_named(page), (game, name)
    assert page.request.get("/training/coordinates/go/").status == 404
