"""The rules page's live mini-boards, in Chromium against a real Daphne."""

import re

from playwright.sync_api import Page, expect

from tests.browser.board_helpers import shot


def cls(name: str) -> re.Pattern:
    """Matches a class attribute that holds the class ``name``."""
    return re.compile(rf"(^|\s){name}(\s|$)")


def board_pieces(page: Page, figure: str) -> dict[str, str]:
    """Returns the pieces a mini-board shows (square -> code), ignoring pieces taken mid-chain."""
    return page.eval_on_selector_all(
        f"[data-example='{figure}'] .sq:not(.is-removed) .pc[data-piece]",
        "els => Object.fromEntries(els.map(e => [e.parentElement.dataset.square, "
        "e.dataset.piece]))",
    )


def sq(page: Page, figure: str, square: str):
    return page.locator(f"[data-example='{figure}'] [data-square='{square}']")


def test_rules_chain_board_plays_a_chain_tap_by_tap(new_page) -> None:
    page = new_page(1280, 800)
    page.goto("/rules/")
    sq(page, "chain", "a1").click()
    expect(sq(page, "chain", "a4")).to_have_class(cls("dest-jump"))
    expect(sq(page, "chain", "a2")).to_have_class(cls("dest-quiet"))
    expect(sq(page, "chain", "a3")).to_have_class(cls("dest-replacement"))
    sq(page, "chain", "a4").click()
    expect(sq(page, "chain", "a3")).to_have_class(cls("is-removed"))
    expect(sq(page, "chain", "c4")).to_have_class(cls("dest-jump"))
    assert board_pieces(page, "chain").get("a4") == "wR"
    sq(page, "chain", "c4").click()
    sq(page, "chain", "c6").click()
    expect(page.locator("[data-example='chain'] .rule-result")).to_contain_text("Ra1:a4:c4:c6")
    assert board_pieces(page, "chain") == {"c6": "wR", "h8": "bK", "h1": "wK"}
    shot(page, "rules-chain-1280")
    page.locator("[data-example='chain'] .rule-reset").click()
    assert board_pieces(page, "chain")["a1"] == "wR"


def test_rules_sweep_marks_the_pieces_it_would_take(new_page) -> None:
    page = new_page(375, 812)
    page.goto("/rules/")
    sq(page, "sweep", "a1").click()
    expect(sq(page, "sweep", "b3")).to_have_class(cls("dest-sweep"))
    expect(sq(page, "sweep", "a2")).to_have_class(cls("is-swept"))
    expect(sq(page, "sweep", "a3")).to_have_class(cls("is-swept"))
    box = sq(page, "sweep", "b3").bounding_box()
    assert box and box["width"] >= 40
    shot(page, "rules-sweep-375")
    sq(page, "sweep", "b3").click()
    assert board_pieces(page, "sweep") == {"b3": "wN", "h8": "bK", "h1": "wK"}


def test_rules_check_and_knight_mate(new_page) -> None:
    page = new_page(1280, 800)
    page.goto("/rules/")
    expect(sq(page, "check", "c5")).to_have_class(cls("is-check"))
    sq(page, "knight-mate", "g4").click()
    sq(page, "knight-mate", "h6").click()
    expect(page.locator("[data-example='knight-mate'] .rule-result")).to_have_text(
        "You played Nh6#: checkmate. White wins."
    )
    expect(sq(page, "knight-mate", "h8")).to_have_class(cls("is-check"))
