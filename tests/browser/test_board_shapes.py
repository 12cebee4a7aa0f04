"""Circles and arrows drawn on the board with the right button, in Chromium against a real
Daphne, on a pass-and-play game: a right-drag from e2 to e4 draws a green arrow whose head sits
in e4, a right-click with Shift a red circle, the browser's menu never opens; flipping the board
turns them with it; the main button's tap clears them and still selects; a new position clears
them too."""

from playwright.sync_api import Page, expect

from tests.browser.board_helpers import (
    centre,
    cls,
    right_drag,
    shot,
    square,
    start_local,
    tap,
    wait_moves,
)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def inside(page: Page, locator, name: str) -> bool:
    """Whether the middle of what ``locator`` draws lies in square ``name``, as seen."""
    shape, cell = locator.bounding_box(), square(page, name).bounding_box()
    x, y = shape["x"] + shape["width"] / 2, shape["y"] + shape["height"] / 2
    return (
        cell["x"] <= x <= cell["x"] + cell["width"] and cell["y"] <= y <= cell["y"] + cell["height"]
    )


def test_a_player_draws_circles_and_arrows_and_they_go_as_play_goes_on(new_page) -> None:
    page = new_page(1280, 800)
    start_local(page, START)
    page.evaluate(
        "window.menus = 0; window.addEventListener('contextmenu', "
        "e => { if (!e.defaultPrevented) window.menus += 1; })"
    )
    shapes = page.locator("#board .cb-shapes > *")

    right_drag(page, "e2", "e4")
    arrow = page.locator("#board .shape-arrow[data-from=e2][data-to=e4]")
    expect(arrow).to_have_class(cls("brush-green"))
    head = arrow.locator("polygon")
    assert inside(page, head, "e4")
    page.keyboard.down("Shift")
    page.mouse.click(*centre(page, "d5"), button="right")
    page.keyboard.up("Shift")
    circle = page.locator("#board .shape-circle[data-from=d5][data-to=d5]")
    expect(circle).to_have_class(cls("brush-red"))
    assert inside(page, circle, "d5")
    expect(shapes).to_have_count(2)
    assert page.evaluate("window.menus") == 0
    shot(page, "board-shapes")

    # The same circle again, plain: green now; once more, gone.
    page.mouse.click(*centre(page, "d5"), button="right")
    expect(circle).to_have_class(cls("brush-green"))
    page.mouse.click(*centre(page, "d5"), button="right")
    expect(circle).to_have_count(0)

    # Flipped, the arrow still points at e4, now near the top of the board.
    page.locator("[data-action=flip]").click()
    expect(page.locator("#board .cb-board[data-orientation=black]")).to_have_count(1)
    assert inside(page, head, "e4")
    board_box = page.locator("#board .cb-board").bounding_box()
    assert head.bounding_box()["y"] < board_box["y"] + board_box["height"] / 2
    page.locator("[data-action=flip]").click()

    # A tap clears the drawing and selects all the same.
    tap(page, "e2")
    expect(shapes).to_have_count(0)
    expect(square(page, "e2")).to_have_class(cls("is-selected"))
    tap(page, "e4")
    wait_moves(page, 1)

    # Drawn again, then Black's move is typed: the new position has none.
    right_drag(page, "d7", "d5")
    expect(shapes).to_have_count(1)
    page.locator("#move-input").fill("d5")
    page.locator("#move-input").press("Enter")
    wait_moves(page, 2)
    expect(shapes).to_have_count(0)
    assert page.evaluate("window.menus") == 0
