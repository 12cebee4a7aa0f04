"""Pass-and-play on the game page, tap by tap, in Chromium against a real Daphne.

After each step the board and the move list read from the DOM are compared with the server's
state (GET /api/games/<id>/). Any console error fails the test (the ``new_page`` fixture).
"""

import re

from playwright.sync_api import expect

from tests.browser.board_helpers import (
    assert_matches_server,
    cls,
    dom_board,
    shot,
    square,
    start_local,
    tap,
    wait_moves,
)

# RULES §1.3: Ra1 jumps a3, b4 and c5 in a chain (the rules page's chain).
CHAIN_FEN = "4k3/8/8/2p5/1p6/p7/8/R3K3 w - - 0 1"
# RULES §1.4: Na1 to b3 sweeps the pawn on a2 and the bishop on a3.
SWEEP_FEN = "4k3/8/8/8/8/b7/p7/N3K3 w - - 0 1"
# RULES §1.3, §1.5: b4 jumps c5 then e7 and lands on f8, promoting; the chain ends there.
PROMOTION_FEN = "k7/4p3/8/2p5/1P6/8/8/4K3 w - - 0 1"
# The rules page's knight mate: Nh6#, its leg sweeps h7 and h8.
MATE_FEN = "7k/5K2/8/8/6N1/8/8/8 w - - 0 1"


def test_three_jump_chain_is_made_tap_by_tap(new_page) -> None:
    page = new_page(1280, 800)
    game_id = start_local(page, CHAIN_FEN)
    assert_matches_server(page, game_id)

    tap(page, "a1")
    expect(square(page, "a1")).to_have_class(cls("is-selected"))
    expect(square(page, "a2")).to_have_class(cls("dest-quiet"))
    expect(square(page, "a3")).to_have_class(cls("dest-replacement"))
    expect(square(page, "a4")).to_have_class(cls("dest-jump"))
    expect(square(page, "a3")).to_have_class(cls("is-victim"))

    tap(page, "a4")
    # After the jump the jumped pawn is gone and the rook stands on its landing square.
    expect(square(page, "a3")).to_have_class(cls("is-removed"))
    expect(square(page, "c4")).to_have_class(cls("dest-jump"))
    expect(square(page, "a1")).to_have_class(cls("is-undo"))
    board = dom_board(page)
    assert board["a4"] == "wR" and "a1" not in board and "a3" not in board
    expect(page.locator("#hint")).to_contain_text("Chain")
    wait_moves(page, 0)  # nothing was sent yet

    tap(page, "c4")
    expect(square(page, "b4")).to_have_class(cls("is-removed"))
    expect(square(page, "c6")).to_have_class(cls("dest-jump"))
    shot(page, "board-chain-midway-1280x800")
    tap(page, "c6")
    wait_moves(page, 1)
    state = assert_matches_server(page, game_id)
    assert state["moves"][0]["text"] == "Ra1:a4:c4:c6"
    expect(page.locator(".movelist [data-ply='0'] .took .pc")).to_have_count(3)
    for sq in ("a1", "a4", "c4", "c6"):
        expect(square(page, sq)).to_have_class(cls("is-last"))
    shot(page, "board-chain-done-1280x800")

    # Pass-and-play: the same board now moves Black.
    tap(page, "e8", "d7")
    wait_moves(page, 2)
    assert assert_matches_server(page, game_id)["moves"][1]["text"] == "Kd7"


def test_chain_stopped_early_by_tapping_the_piece(new_page) -> None:
    page = new_page(375, 812)
    game_id = start_local(page, CHAIN_FEN)
    tap(page, "a1", "a4", "c4")
    shot(page, "board-chain-midway-375x812")
    box = square(page, "c4").bounding_box()
    assert box is not None and box["width"] >= 40 and box["height"] >= 40
    tap(page, "c4")
    wait_moves(page, 1)
    state = assert_matches_server(page, game_id)
    assert state["moves"][0]["text"] == "Ra1:a4:c4"
    assert dom_board(page)["c5"] == "bP"


def test_jump_undone_by_tapping_the_square_it_came_from(new_page) -> None:
    page = new_page(1280, 800)
    game_id = start_local(page, CHAIN_FEN)
    tap(page, "a1", "a4", "c4")
    tap(page, "a4")  # undo the jump a4 -> c4
    board = dom_board(page)
    assert board["a4"] == "wR" and board["b4"] == "bP" and "c4" not in board
    expect(square(page, "b4")).not_to_have_class(cls("is-removed"))
    expect(square(page, "c4")).to_have_class(cls("dest-jump"))
    tap(page, "a1")  # undo the first jump too: back to the rook selected on a1
    board = dom_board(page)
    assert board["a1"] == "wR" and board["a3"] == "bP"
    expect(square(page, "a1")).to_have_class(cls("is-selected"))
    wait_moves(page, 0)
    tap(page, "a4", "a4")  # jump once and stop there
    wait_moves(page, 1)
    assert assert_matches_server(page, game_id)["moves"][0]["text"] == "Ra1:a4"


def test_sweep_takes_two_pieces(new_page) -> None:
    page = new_page(1280, 800)
    game_id = start_local(page, SWEEP_FEN)
    tap(page, "a1")
    expect(square(page, "b3")).to_have_class(cls("dest-sweep"))
    expect(square(page, "c2")).to_have_class(cls("dest-quiet"))
    expect(square(page, "a2")).to_have_class(cls("is-swept"))
    expect(square(page, "a3")).to_have_class(cls("is-swept"))
    shot(page, "board-sweep-1280x800")
    tap(page, "b3")
    wait_moves(page, 1)
    state = assert_matches_server(page, game_id)
    assert state["moves"][0]["text"] == "N~b3"
    assert sorted(state["moves"][0]["captured"]) == ["a2", "a3"]
    icons = page.locator(".movelist [data-ply='0'] .took .pc")
    expect(icons).to_have_count(2)
    assert sorted(icons.evaluate_all("els => els.map(e => e.dataset.piece)")) == ["bB", "bP"]


def test_promotion_by_a_jump_with_the_chooser(new_page) -> None:
    page = new_page(375, 812)
    game_id = start_local(page, PROMOTION_FEN)
    tap(page, "b4", "d6")
    expect(square(page, "f8")).to_have_class(cls("dest-jump"))
    tap(page, "f8")
    chooser = page.locator(".cb-promo-choice")
    expect(chooser).to_have_count(4)
    shot(page, "board-promotion-375x812")
    page.click(".cb-promo-choice[data-promotion='n']")
    wait_moves(page, 1)
    state = assert_matches_server(page, game_id)
    assert state["moves"][0]["text"] == "b4:d6:f8=N"
    assert dom_board(page)["f8"] == "wN"


def test_promotion_chooser_can_be_dismissed(new_page) -> None:
    page = new_page(1280, 800)
    start_local(page, PROMOTION_FEN)
    tap(page, "b4", "d6", "f8")
    expect(page.locator(".cb-promo-choice")).to_have_count(4)
    page.keyboard.press("Escape")
    expect(page.locator(".cb-promo-choice")).to_have_count(0)
    assert dom_board(page)["b4"] == "wP"
    wait_moves(page, 0)


def test_checkmate_shows_the_banner(new_page) -> None:
    page = new_page(1280, 800)
    game_id = start_local(page, MATE_FEN)
    tap(page, "g4", "h6")
    wait_moves(page, 1)
    state = assert_matches_server(page, game_id)
    assert state["status"] == "finished" and state["termination"] == "checkmate"
    banner = page.locator("[data-testid=result-banner]")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("White wins by checkmate")
    expect(banner).to_contain_text("1-0")
    expect(square(page, "h8")).to_have_class(cls("is-check"))
    assert dom_board(page) == {"h8": "bK", "f7": "wK", "h6": "wN"}
    # The game is over: no piece can be selected.
    tap(page, "h6")
    expect(page.locator("#board .is-dest")).to_have_count(0)
    shot(page, "board-checkmate-1280x800")
    page.set_viewport_size({"width": 375, "height": 812})
    shot(page, "board-checkmate-375x812")


def test_a_tap_that_fits_no_move_sends_nothing(new_page) -> None:
    page = new_page(1280, 800)
    game_id = start_local(page, CHAIN_FEN)
    tap(page, "e8")  # Black's king: not Black's turn
    expect(page.locator("#board .is-dest")).to_have_count(0)
    tap(page, "a1", "h8")  # the rook cannot reach h8
    expect(page.locator("#board .is-dest")).to_have_count(0)
    tap(page, "a1", "a4", "h8")  # mid-chain: ignored, the chain stays
    expect(square(page, "c4")).to_have_class(cls("dest-jump"))
    page.click("[data-action=cancel-chain]")
    assert dom_board(page)["a1"] == "wR"
    page.wait_for_timeout(200)
    assert server_moves(page, game_id) == []


def server_moves(page, game_id: str) -> list[str]:
    from tests.browser.board_helpers import server_state

    return [move["text"] for move in server_state(page, game_id)["moves"]]


def test_typed_moves_takeback_and_review(new_page) -> None:
    page = new_page(1280, 800)
    game_id = start_local(page, CHAIN_FEN)
    page.fill("#move-input", "Ra1:a9")
    page.press("#move-input", "Enter")
    expect(page.locator("#move-error")).not_to_be_empty()
    wait_moves(page, 0)
    page.fill("#move-input", "a1-a4-c4")
    page.press("#move-input", "Enter")
    wait_moves(page, 1)
    expect(page.locator("#move-input")).to_have_value("")
    expect(page.locator("#move-error")).to_be_empty()
    page.fill("#move-input", "Kd7")
    page.press("#move-input", "Enter")
    wait_moves(page, 2)
    assert assert_matches_server(page, game_id)["moves"][1]["text"] == "Kd7"

    # Review: click the first move, see its position read-only, come back to live.
    page.click(".movelist [data-ply='0']")
    expect(page.locator(".review-bar")).to_be_visible()
    assert dom_board(page)["e8"] == "bK" and dom_board(page)["c4"] == "wR"
    tap(page, "c4")
    expect(page.locator("#board .is-dest")).to_have_count(0)
    page.keyboard.press("ArrowLeft")
    assert dom_board(page)["a1"] == "wR"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".review-bar")).to_be_hidden()
    page.click(".movelist [data-ply='0']")
    page.click("[data-action=live]")
    expect(page.locator(".review-bar")).to_be_hidden()
    assert_matches_server(page, game_id)

    # Takeback: back one ply, the board and the list follow the server.
    page.click("[data-action=takeback]")
    wait_moves(page, 1)
    assert_matches_server(page, game_id)


def test_drag_and_drop_a_one_step_move(new_page) -> None:
    page = new_page(1280, 800)
    game_id = start_local(page, CHAIN_FEN)
    source = square(page, "e1").bounding_box()
    target = square(page, "d2").bounding_box()
    assert source and target
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + 10, target["y"] + 10, steps=8)
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=4)
    page.mouse.up()
    wait_moves(page, 1)
    assert assert_matches_server(page, game_id)["moves"][0]["text"] == "Kd2"


def test_reload_and_flip_keep_the_same_game(new_page) -> None:
    page = new_page(1280, 800)
    game_id = start_local(page, CHAIN_FEN)
    tap(page, "e1", "f2")
    wait_moves(page, 1)
    page.reload()
    assert_matches_server(page, game_id)
    page.click("[data-action=flip]")
    first = page.eval_on_selector("#board .cb-board", "el => el.dataset.orientation")
    assert first == "black"
    a1 = square(page, "a1").bounding_box()
    h8 = square(page, "h8").bounding_box()
    assert a1 and h8 and a1["y"] < h8["y"]


def test_a_second_tab_shows_the_chain_jump_by_jump(new_page, console_watch) -> None:
    page = new_page(1280, 800)
    game_id = start_local(page, CHAIN_FEN)
    other = console_watch.attach(page.context.new_page())
    other.goto(page.url)
    expect(other.locator("#board .cb-board")).to_be_visible()
    # Record every square the white rook is drawn on in the second tab.
    other.evaluate(
        """() => {
          window.rookSeen = [];
          new MutationObserver(() => {
            for (const e of document.querySelectorAll('#board .pc[data-piece="wR"]')) {
              const sq = e.parentElement.dataset.square;
              if (window.rookSeen.at(-1) !== sq) window.rookSeen.push(sq);
            }
          }).observe(document.getElementById('board'), {subtree: true, attributes: true});
        }"""
    )
    tap(page, "a1", "a4", "c4", "c6")
    wait_moves(other, 1)
    assert_matches_server(other, game_id)
    assert other.evaluate("window.rookSeen") == ["a4", "c4", "c6"]


def test_the_board_is_played_from_the_keyboard(new_page) -> None:
    page = new_page(1280, 800)
    game_id = start_local(page, CHAIN_FEN)
    square(page, "e2").focus()
    for key in ["ArrowLeft"] * 4 + ["ArrowDown"]:
        page.keyboard.press(key)
    expect(square(page, "a1")).to_be_focused()
    expect(square(page, "a1")).to_have_attribute("aria-label", "a1, white rook")
    page.keyboard.press("Enter")
    expect(square(page, "a4")).to_have_attribute("aria-label", re.compile("jump here"))
    for key in ["ArrowUp"] * 3:
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    expect(square(page, "a4")).to_have_class(cls("is-selected"))
    page.keyboard.press("Enter")  # the piece again: stop the chain after one jump
    wait_moves(page, 1)
    assert assert_matches_server(page, game_id)["moves"][0]["text"] == "Ra1:a4"
    expect(page.locator("#announce")).to_have_text("White played Ra1:a4.")


def test_a_chain_is_tapped_on_a_touch_phone(browser, daphne_server, console_watch) -> None:
    context = browser.new_context(
        viewport={"width": 375, "height": 812},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
        base_url=daphne_server.url,
    )
    page = console_watch.attach(context.new_page())
    game_id = start_local(page, CHAIN_FEN)
    for name in ("a1", "a4", "c4", "c6"):
        square(page, name).tap()
    wait_moves(page, 1)
    assert assert_matches_server(page, game_id)["moves"][0]["text"] == "Ra1:a4:c4:c6"
    # The board fills the phone's width; every square is a tap target of at least 40 px.
    board = page.locator("#board .cb-board").bounding_box()
    assert board is not None and board["width"] >= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "board-touch-375x812")
    context.close()


def test_review_steps_through_a_chain_jump_by_jump(new_page) -> None:
    page = new_page(1280, 800)
    start_local(page, CHAIN_FEN)
    tap(page, "a1", "a4", "c4", "c6")
    wait_moves(page, 1)
    tap(page, "e8", "d8")
    wait_moves(page, 2)
    page.click(".movelist [data-ply='0']")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".review-bar")).to_contain_text("initial position")
    assert dom_board(page)["a1"] == "wR"
    page.evaluate(
        """() => {
          window.rookSeen = [];
          new MutationObserver(() => {
            for (const e of document.querySelectorAll('#board .pc[data-piece="wR"]')) {
              const sq = e.parentElement.dataset.square;
              if (window.rookSeen.at(-1) !== sq) window.rookSeen.push(sq);
            }
          }).observe(document.getElementById('board'), {subtree: true, attributes: true});
        }"""
    )
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => window.rookSeen.at(-1) === 'c6'")
    assert page.evaluate("window.rookSeen") == ["a4", "c4", "c6"]
    page.keyboard.press("ArrowRight")
    expect(page.locator(".review-bar")).to_be_hidden()
    assert dom_board(page)["d8"] == "bK"
