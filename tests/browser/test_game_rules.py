"""The rules pages of other games, in Chromium against a real Daphne: the example boards are
drawn for their game, from the side of the player to move, and play their example by clicking,
and the page shows the result: what was taken and how the game ended."""

import re

import pytest
from playwright.sync_api import Page, expect

from catalogue.rules import RULES
from catalogue.rules.boards import example_board
from engine import variants
from tests.browser.board_helpers import cls, shot


def sq(page: Page, figure: str, square: str):
    return page.locator(f"[data-example='{figure}'] [data-square='{square}']")


def pieces(page: Page, figure: str) -> dict[str, str]:
    """Returns the pieces a mini-board shows (square -> code), without pieces shown taken."""
    return page.eval_on_selector_all(
        f"[data-example='{figure}'] .sq:not(.is-removed) .pc[data-piece]",
        "els => Object.fromEntries(els.map(e => [e.parentElement.dataset.square, "
        "e.dataset.piece]))",
    )


def result(page: Page, figure: str):
    return page.locator(f"[data-example='{figure}'] .rule-result")


def bottom_left(page: Page, figure: str) -> dict[str, str]:
    """Returns the square a person sees at a mini-board's bottom-left corner: its name and the
    coordinates or number drawn on it."""
    return page.eval_on_selector_all(
        f"[data-example='{figure}'] .sq",
        """els => {
          const at = (e) => e.getBoundingClientRect();
          const corner = els.reduce((best, e) =>
            at(e).bottom > at(best).bottom + 1 ||
            (Math.abs(at(e).bottom - at(best).bottom) <= 1 && at(e).left < at(best).left)
              ? e : best);
          return {square: corner.dataset.square,
                  coords: [...corner.querySelectorAll('.coord')].map(c => c.textContent).join(' ')};
        }""",
    )


def test_checkers_capture_is_compulsory_and_the_blocked_side_loses(new_page) -> None:
    page = new_page(1280, 900)
    page.goto("/rules/checkers/")
    # Black to move: the board is drawn from Black's side, square 4 (h8) at the bottom-left.
    assert bottom_left(page, "compulsory") == {"square": "h8", "coords": "4"}
    sq(page, "compulsory", "b6").click()  # the man on 9 could step, but must not
    expect(page.locator("[data-example='compulsory'] .sq.is-dest")).to_have_count(0)
    expect(result(page, "compulsory")).to_have_text("That piece has no legal move here.")
    sq(page, "compulsory", "c5").click()
    expect(page.locator("[data-example='compulsory'] .sq.is-dest")).to_have_count(1)
    sq(page, "compulsory", "e3").click()
    expect(result(page, "compulsory")).to_have_text("You played 14x23, taking 1 piece.")
    sq(page, "end", "g5").click()
    sq(page, "end", "f4").click()
    expect(result(page, "end")).to_have_text("You played 16-19. Black wins: White cannot move.")
    expect(page.locator("[data-example='end'] .cb-board")).not_to_have_class(cls("is-interactive"))
    page.locator("[data-example='end']").scroll_into_view_if_needed()
    shot(page, "rules-checkers-end-1280")


def test_international_last_pieces_taken_wins(new_page) -> None:
    page = new_page(375, 812)
    page.goto("/rules/international/")
    assert bottom_left(page, "end") == {"square": "a1", "coords": "46"}
    sq(page, "end", "e7").click()
    sq(page, "end", "c5").click()
    sq(page, "end", "a3").click()
    expect(result(page, "end")).to_have_text(
        "You played 18x27x36, taking 2 pieces. White wins: Black has no piece left."
    )
    assert pieces(page, "end") == {"a3": "wM"}
    page.locator("[data-example='end']").scroll_into_view_if_needed()
    shot(page, "rules-international-end-375")


def test_a_board_with_black_to_move_is_drawn_from_blacks_side(new_page) -> None:
    page = new_page(1280, 900)
    page.goto("/rules/one-way/")
    # Black to move: h8 at the bottom-left, its file and rank written on it.
    assert bottom_left(page, "men") == {"square": "h8", "coords": "h 8"}
    expect(page.locator("[data-example='men'] .cb-board")).to_have_attribute(
        "data-orientation", "black"
    )
    # White to move: a1 at the bottom-left.
    assert bottom_left(page, "end") == {"square": "a1", "coords": "a 1"}
    sq(page, "men", "c7").click()
    sq(page, "men", "b8").click()
    expect(result(page, "men")).to_have_text("You played c7-b8.")
    page.locator("[data-example='men']").scroll_into_view_if_needed()
    shot(page, "rules-one-way-black-1280")


def test_alquerque_board_is_points_and_the_man_jumps_back(new_page) -> None:
    page = new_page(1280, 900)
    page.goto("/rules/alquerque/")
    expect(page.locator("h1")).to_have_text("The rules of Alquerque")
    expect(page.locator("[data-example='captures'] .cb-board.is-points")).to_be_visible()
    expect(page.locator(".piece-item .piece-name")).to_have_text(["Man"])
    sq(page, "captures", "c1").click()
    expect(sq(page, "captures", "c3")).to_have_class(cls("dest-jump"))
    expect(sq(page, "captures", "e3")).to_have_class(cls("dest-jump"))
    sq(page, "captures", "c3").click()
    expect(sq(page, "captures", "c2")).to_have_class(cls("is-removed"))
    expect(result(page, "captures")).to_have_text("Jump again.")
    sq(page, "captures", "e1").click()
    expect(result(page, "captures")).to_have_text("You played c1xc3xe1, taking 2 pieces.")
    assert pieces(page, "captures") == {"e1": "wM", "a5": "bM"}
    shot(page, "rules-alquerque-1280")


def test_international_board_is_numbered_and_the_longest_capture_is_played(new_page) -> None:
    page = new_page(375, 812)
    page.goto("/rules/international/")
    board = page.locator("[data-example='most'] .cb-board")
    expect(board).to_have_class(cls("has-numbers"))
    expect(sq(page, "most", "d6").locator(".coord-num")).to_have_text("22")
    sq(page, "most", "d6").click()
    # Only the capture of two is legal: the man may not take c7 alone.
    expect(sq(page, "most", "b4")).to_have_class(cls("dest-jump"))
    expect(sq(page, "most", "f8")).not_to_have_class(cls("is-dest"))
    sq(page, "most", "b4").click()
    sq(page, "most", "d2").click()
    expect(result(page, "most")).to_have_text("You played 22x31x42, taking 2 pieces.")
    assert pieces(page, "most") == {"d2": "wM", "e7": "bM", "j10": "bM"}
    shot(page, "rules-international-375")
    page.locator("[data-example='most'] .rule-reset").click()
    assert pieces(page, "most")["d6"] == "wM"


def test_byelorussian_draughtsman_is_crowned_and_flies_on(new_page) -> None:
    page = new_page(1280, 900)
    page.goto("/rules/byelorussian-cheskers/")
    names = page.locator(".piece-item .piece-name").all_text_contents()
    assert names == ["King", "Queen", "Rook", "Bishop", "Knight", "Pawn", "Draughtsman", "Damka"]
    sq(page, "crowning", "b6").click()
    sq(page, "crowning", "d8").click()
    expect(sq(page, "crowning", "h4")).to_have_class(cls("dest-jump"))
    sq(page, "crowning", "h4").click()
    expect(result(page, "crowning")).to_have_text("You played Mb6:d8:h4, taking 2 pieces.")
    assert pieces(page, "crowning") == {"h4": "wD", "a8": "bK", "e1": "wK"}
    expect(sq(page, "crowning", "h4").locator(".pc")).to_have_attribute(
        "data-art", "chesskers/wKing"
    )
    shot(page, "rules-byelorussian-1280")


def test_game_mix_connection_ends_the_game(new_page) -> None:
    page = new_page(1280, 900)
    page.goto("/rules/game-mix/")
    sq(page, "connection", "c1").click()
    sq(page, "connection", "b2").click()
    expect(result(page, "connection")).to_have_text("You played Sb2. White wins.")
    expect(page.locator("[data-example='connection'] .cb-board")).not_to_have_class(
        cls("is-interactive")
    )


def family_size(family: str) -> int:
    return sum(1 for variant in variants.VARIANTS.values() if variant.family == family)


def test_home_gallery_draws_every_games_start_position_in_three_groups(new_page) -> None:
    page = new_page(1280, 900)
    page.goto("/")
    groups = page.locator(".gallery-group h3")
    expect(groups).to_have_text(["Chesskers", "Chess meets draughts", "The checkers family"])
    boards = page.locator(".gallery-board .cb-board")
    expect(boards).to_have_count(len(variants.VARIANTS))
    counts = [
        page.locator(f".gallery-group[data-family='{group}'] .cb-board").count()
        for group in ("chesskers", "hybrids", "draughts")
    ]
    assert counts == [family_size(f) for f in ("chesskers", "hybrid", "draughts")]
    # Each board shows its start position: Alquerque's 24 men on its points, International's 40.
    expect(page.locator("[data-gallery-board='alquerque'] .cb-board.is-points")).to_be_visible()
    expect(page.locator("[data-gallery-board='alquerque'] .pc[data-piece]")).to_have_count(24)
    expect(page.locator("[data-gallery-board='international'] .pc[data-piece]")).to_have_count(40)
    expect(page.locator("[data-gallery-board='chesskers'] .pc[data-piece]")).to_have_count(32)
    shot(page, "home-gallery-1280")
    page.locator("[data-game='dameo'] h4 a").click()
    expect(page).to_have_url(re.compile(r"/rules/dameo/$"))
    expect(page.locator("h1")).to_have_text("The rules of Dameo")


def test_home_gallery_on_a_phone(new_page) -> None:
    page = new_page(375, 812)
    page.goto("/")
    expect(page.locator(".gallery-board .cb-board")).to_have_count(len(variants.VARIANTS))
    box = page.locator("[data-gallery-board='canadian'] .cb-board").bounding_box()
    assert box and box["width"] >= 120
    shot(page, "home-gallery-375")


@pytest.mark.parametrize("variant_id", list(RULES))
def test_every_example_of_every_game_plays_by_clicking_its_path(new_page, variant_id) -> None:
    page = new_page(1280, 900)
    page.goto(f"/rules/{variant_id}/")
    for rule in RULES[variant_id].rules:
        if rule.example is None:
            continue
        data = example_board(variant_id, rule.example.fen)
        move = next(m for m in data["legal_moves"] if m["text"] == rule.example.move)
        if data["check"]:
            expect(sq(page, rule.id, data["check"])).to_have_class(cls("is-check"))
        path = move["path"] * 2 if len(move["path"]) == 1 else move["path"]
        for square in path:
            sq(page, rule.id, square).click()
        if move["promotion"]:
            page.locator(
                f"[data-example='{rule.id}'] .cb-promo-choice[data-promotion='{move['promotion']}']"
            ).click()
        expect(result(page, rule.id)).to_contain_text(f"You played {rule.example.move}")
        after = move_after(data, move)
        assert pieces(page, rule.id) == fen_placement(variant_id, after), rule.id


def move_after(data: dict, move: dict) -> str:
    return data["after"][data["legal_moves"].index(move)]


def fen_placement(variant_id: str, fen: str) -> dict[str, str]:
    """Returns the pieces of a FEN as the board codes them (square -> "wM", "bK"), read by the
    engine: a man is "M", every other piece its FEN letter."""
    variant = variants.get(variant_id)
    letters = {kind.piece: kind.letter or "M" for kind in variant.pieces}
    return {
        variant.board.square_name(square): ("w" if color.name == "WHITE" else "b") + letters[piece]
        for square, (color, piece) in variant.position(fen).pieces().items()
    }
