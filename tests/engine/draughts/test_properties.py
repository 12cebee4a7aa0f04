"""Properties over random games of every draughts game (hypothesis): every legal move's text and
machine form parse back to the same move, FEN round-trips, push and pop undo each other, and
perft's make/unmake leaves the board as it found it."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.draughts import movegen
from engine.variants import VARIANTS

DRAUGHTS = sorted(v.id for v in VARIANTS.values() if v.family == "draughts")

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
picks = st.lists(st.integers(min_value=0, max_value=10**6), max_size=40)


def random_game(variant_id: str, choices: list[int]):
    """Returns a game of ``variant_id`` from its start, ``choices`` picking each move, stopping
    when the game ends. Captures are picked more often: they make the positions worth testing."""
    game = VARIANTS[variant_id].new_game()
    for pick in choices:
        if game.is_over():
            break
        moves = game.legal_moves()
        game.push(moves[pick % len(moves)])
    return game


@SETTINGS
@given(st.sampled_from(DRAUGHTS), picks)
def test_every_legal_moves_text_and_machine_form_parse_back_to_it(variant_id, choices):
    game = random_game(variant_id, choices)
    described = game.describe_legal_moves()
    assert len({text for _, text in described}) == len(described)  # one text, one move
    for move, text in described:
        assert game.parse_notation(text) == move
        assert game.parse_move(text) == move
        assert game.parse_move(move.machine()) == move


@SETTINGS
@given(st.sampled_from(DRAUGHTS), picks)
def test_fen_round_trips_and_gives_the_same_moves(variant_id, choices):
    game = random_game(variant_id, choices)
    variant = VARIANTS[variant_id]
    again = variant.position(game.fen())
    assert again.fen() == game.fen()
    assert again == game.position
    assert again.legal_moves() == game.legal_moves()


@SETTINGS
@given(st.sampled_from(DRAUGHTS), picks, st.integers(min_value=0, max_value=10**6))
def test_push_then_pop_gives_back_the_game(variant_id, choices, pick):
    game = random_game(variant_id, choices)
    if game.is_over():
        return
    before = (game.fen(), game.ply, game.outcome(), game.repetitions())
    moves = game.legal_moves()
    move = moves[pick % len(moves)]
    game.push(move)
    assert game.pop() == move
    assert (game.fen(), game.ply, game.outcome(), game.repetitions()) == before


@SETTINGS
@given(st.sampled_from(DRAUGHTS), picks)
def test_make_and_unmake_agree_with_playing_the_move(variant_id, choices):
    game = random_game(variant_id, choices)
    position = game.position
    tables = VARIANTS[variant_id].tables
    board, side = position.copy_state()
    for move in position.legal_moves():
        undo = movegen.make(board, move, side, tables)
        assert tuple(board) == position.play_unchecked(move).board
        movegen.unmake(board, undo)
        assert tuple(board) == position.board


@SETTINGS
@given(st.sampled_from(DRAUGHTS), picks)
def test_a_capture_removes_exactly_its_captured_pieces(variant_id, choices):
    game = random_game(variant_id, choices)
    position = game.position
    mine = position.turn
    for move in position.legal_moves():
        after = position.play_unchecked(move)
        emptied = {sq for sq in position.pieces() if after.piece_at(sq) is None}
        taken = {sq for sq in move.captured if position.piece_at(sq)[0] is not mine}
        assert taken == set(move.captured) or move.kind.value == "removal"
        assert emptied - {move.path[0]} == set(move.captured) - {move.path[-1]}


def _perft_by_moves(board: list[int], side: int, tables, depth: int) -> int:
    # Perft the plain way: every legal move as a Move value, played with make and unmake.
    if depth == 0:
        return 1
    total = 0
    for move in movegen.legal_moves(board, side, tables):
        undo = movegen.make(board, move, side, tables)
        total += _perft_by_moves(board, -side, tables, depth - 1)
        movegen.unmake(board, undo)
    return total


@SETTINGS
@given(st.sampled_from(DRAUGHTS), picks)
def test_perft_counts_the_legal_moves_played_one_by_one(variant_id, choices):
    # movegen.perft plays capture sequences and quiet moves without making Move values.
    game = random_game(variant_id, choices)
    tables = VARIANTS[variant_id].tables
    board, side = game.position.copy_state()
    expected = _perft_by_moves(board, side, tables, 3)
    assert movegen.perft(board, side, tables, 3) == expected
    assert tuple(board) == game.position.board
