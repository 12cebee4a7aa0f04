"""The games where Black moves first, played in pass-and-play by clicking, in Chromium against a
real Daphne: each move is announced to screen readers with the side that played it, the move list
numbers the moves as the archive's export does (games/domain/pgn.py), and the pieces a capture of
Black's took are shown as White's.

The games are those of the registry whose start position gives Black the move; the moves are
the engine's own (a capture preferred, else the first legal move) up to Black's first capture.
"""

import pytest
from playwright.sync_api import Page, expect

from engine.pieces import Color
from engine.variants import VARIANTS
from games.domain.pgn import move_number
from games.storage.positions import kind_name
from tests.browser.board_helpers import server_state, shot, tap, wait_moves
from tests.browser.test_every_game_board import start

BLACK_FIRST = [
    variant_id
    for variant_id, variant in VARIANTS.items()
    if variant.start_position().turn is Color.BLACK
]
MOST_PLIES = 40


def up_to_blacks_first_capture(variant_id: str) -> list[tuple[list[str], str]]:
    """Returns the engine's moves from the start up to Black's first chain or sweep taking a
    White piece (the moves the list shows taken pieces for), each as (its path's squares, the
    side that plays it)."""
    variant = VARIANTS[variant_id]
    game = variant.new_game()
    plies = []
    while len(plies) < MOST_PLIES:
        legal = game.legal_moves()
        move = next((m for m in legal if m.captured), legal[0])
        mover = game.position.turn
        took_white = kind_name(move) in ("jump", "sweep") and any(
            game.position.piece_at(sq)[0] is Color.WHITE for sq in move.captured
        )
        plies.append((move.path_names(), mover.name.capitalize()))
        game.push(move)
        if mover is Color.BLACK and took_white:
            return plies
    raise AssertionError(f"Black took nothing in {MOST_PLIES} plies of {variant_id}")


def test_some_game_of_the_registry_gives_black_the_first_move() -> None:
    assert BLACK_FIRST


@pytest.mark.parametrize("variant_id", BLACK_FIRST)
def test_blacks_moves_are_announced_numbered_and_shown_taking_as_blacks(
    new_page, variant_id: str
) -> None:
    page: Page = new_page(1280, 800)
    game_id = start(page, variant_id)
    plies = up_to_blacks_first_capture(variant_id)
    for ply, (path, mover) in enumerate(plies):
        tap(page, *(path * 2 if len(path) == 1 else path))  # a removal: tap the piece twice
        wait_moves(page, ply + 1)
        text = server_state(page, game_id)["moves"][ply]["text"]
        expect(page.locator("#announce")).to_have_text(f"{mover} played {text}.")
    assert plies[0][1] == "Black"

    state = server_state(page, game_id)
    initial = state["initial_fen"]
    labels = page.eval_on_selector_all(
        ".movelist [data-ply]", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    numbers = page.eval_on_selector_all(".movelist .move-no", "els => els.map(e => e.textContent)")
    expected_numbers = []
    for index, move in enumerate(state["moves"]):
        number, opens = move_number(initial, index)
        written = f"{number}{'.' if opens else '…'}"
        assert labels[index].startswith(f"{written} {move['text']}"), labels[index]
        if opens or index == 0:
            expected_numbers.append(written)
    assert numbers == expected_numbers

    # Black's capture, the last move: the pieces it took are White's, in the icons and the label.
    last = len(state["moves"]) - 1
    icons = page.locator(f".movelist [data-ply='{last}'] .took .pc")
    expect(icons).not_to_have_count(0)
    assert all(
        piece.startswith("w")
        for piece in icons.evaluate_all("els => els.map(e => e.dataset.piece)")
    )
    assert ", took white " in labels[last]
    assert ", took black " not in labels[last]
    shot(page, f"black-first-{variant_id}")
