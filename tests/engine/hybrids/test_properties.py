"""Properties over random games of the four hybrids (hypothesis): every legal move's text and
machine form parse back to the same move, FEN round-trips, push and pop undo each other, the
generator's push and pop leave the state as they found it, and a check mark says what the
position after the move is (docs/rules/hybrids.md §0)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.variants import VARIANTS

HYBRIDS = sorted(v.id for v in VARIANTS.values() if v.family == "hybrid")

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
picks = st.lists(st.integers(min_value=0, max_value=10**6), max_size=60)


def random_game(variant_id: str, choices: list[int]):
    """Returns a game of ``variant_id`` from its start, ``choices`` picking each move, stopping
    when the game ends. Every other pick prefers a capture, to reach crowded fights sooner."""
    game = VARIANTS[variant_id].new_game()
    for i, pick in enumerate(choices):
        if game.is_over():
            break
        moves = game.legal_moves()
        captures = [m for m in moves if m.captured]
        pool = captures if captures and i % 2 else moves
        game.push(pool[pick % len(pool)])
    return game


@SETTINGS
@given(st.sampled_from(HYBRIDS), picks)
def test_every_legal_moves_text_and_machine_form_parse_back_to_it(variant_id, choices):
    game = random_game(variant_id, choices)
    described = game.describe_legal_moves()
    assert len({text for _, text in described}) == len(described)  # one text, one move
    for move, text in described:
        assert game.parse_move(text) == move
        assert game.parse_move(text.rstrip("+#")) == move
        assert game.parse_move(move.machine()) == move
        assert game.parse_notation(text) == move
        assert game.move_text(move) == text


@SETTINGS
@given(st.sampled_from(HYBRIDS), picks)
def test_fen_round_trips_and_gives_the_same_moves(variant_id, choices):
    game = random_game(variant_id, choices)
    again = VARIANTS[variant_id].position(game.fen())
    assert again.fen() == game.fen()
    assert again == game.position
    assert again.legal_moves() == game.legal_moves()


@SETTINGS
@given(st.sampled_from(HYBRIDS), picks, st.integers(min_value=0, max_value=10**6))
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
@given(st.sampled_from(HYBRIDS), picks)
def test_the_generators_push_and_pop_agree_with_playing_the_move(variant_id, choices):
    game = random_game(variant_id, choices)
    variant = VARIANTS[variant_id]
    position = game.position
    state = position.copy_state()
    for move in position.legal_moves():
        token = variant.generator.push(state, move)
        after = position.play_unchecked(move)
        assert tuple(state.board) == after.board
        assert state.castling == after.castling
        variant.generator.pop(state, token)
        assert tuple(state.board) == position.board
        assert (state.side, state.castling) == (position.side, position.castling)


@SETTINGS
@given(st.sampled_from(HYBRIDS), picks)
def test_a_check_mark_says_whether_the_move_checks_and_whether_it_mates(variant_id, choices):
    game = random_game(variant_id, choices)
    variant = VARIANTS[variant_id]
    for move, text in game.describe_legal_moves():
        after = game.position.play_unchecked(move)
        mated = variant.status(after, 1).value == "checkmate"
        assert text.endswith("#") == mated
        assert text.endswith(("+", "#")) == after.is_check()


@SETTINGS
@given(st.sampled_from(HYBRIDS), picks)
def test_a_move_removes_exactly_its_captured_pieces(variant_id, choices):
    game = random_game(variant_id, choices)
    position = game.position
    mine = position.turn
    for move in position.legal_moves():
        after = position.play_unchecked(move)
        emptied = {sq for sq in position.pieces() if after.piece_at(sq) is None}
        assert all(position.piece_at(sq)[0] is not mine for sq in move.captured)
        moved = {move.path[0]} | ({7, 0, 63, 56} if move.kind.value == "castle" else set())
        assert emptied - moved == set(move.captured) - {move.path[-1]}
