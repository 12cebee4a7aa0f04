"""Property tests over random games (hypothesis): text and FEN round-trips, push/pop, and
agreement with python-chess where Chesskers' extra captures cannot matter."""

import random

import chess
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import STARTING_FEN, Game, MoveKind, Position, reference
from engine.chesskers import CHESSKERS

STARTS = [
    STARTING_FEN,
    "r1b1kb1r/ppppqppp/2n1p2n/8/7Q/3PP2N/PPPN1PPP/R1B1KB1R w q - 2 9",
    "1nb1kb1r/1p1p1ppp/rP4n1/p4N2/2p1p3/2BPPP2/P1P3Pq/RN1QKB1R w KQk - 0 13",
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 8",
]

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=30)


def random_game(start: str, picks: list[int]) -> Game:
    """Returns a game from ``start`` where ``picks`` choose each move (stopping at the end)."""
    game = Game(CHESSKERS, start)
    for pick in picks:
        if game.is_over():
            break
        moves = game.legal_moves()
        game.push(moves[pick % len(moves)])
    return game


@SETTINGS
@given(st.sampled_from(STARTS), choices)
def test_every_legal_moves_text_and_machine_form_parse_back_to_the_move(start, picks):
    game = random_game(start, picks)
    described = game.describe_legal_moves()
    assert [m for m, _ in described] == game.legal_moves()
    for move, text in described:
        assert game.parse_move(text) == move
        assert game.parse_move(text.rstrip("+#")) == move
        assert game.parse_move(move.machine()) == move
        assert game.move_text(move) == text


@SETTINGS
@given(st.sampled_from(STARTS), choices)
def test_fen_round_trips(start, picks):
    game = random_game(start, picks)
    fen = game.fen()
    again = Position.from_fen(fen)
    assert again.has_legal_move() == bool(game.legal_moves())
    assert again.fen() == fen
    assert again == game.position
    assert sorted(m.machine() for m in again.legal_moves()) == sorted(
        m.machine() for m in game.legal_moves()
    )


@SETTINGS
@given(st.sampled_from(STARTS), choices, st.integers(min_value=0, max_value=10**6))
def test_push_then_pop_restores_the_game_exactly(start, picks, pick):
    game = random_game(start, picks)
    if game.is_over():
        return
    before = (game.fen(), game.position, game.ply, game.status(), game.repetitions())
    moves = game.legal_moves()
    move = moves[pick % len(moves)]
    game.push(move)
    assert game.ply == before[2] + 1
    assert game.pop() == move
    assert (game.fen(), game.position, game.ply, game.status(), game.repetitions()) == before


def _mover_has_jump_or_sweep(fen: str) -> bool:
    state = reference.RefPosition.from_fen(fen)
    return any(m.kind in ("jump", "sweep") for m in reference.pseudo_moves(state, state.side))


def _king_threatened_by_jump_or_sweep(board: chess.Board, color: chess.Color) -> bool:
    # Whether the opponent of ``color`` has a jump or sweep (any chain prefix) removing the king.
    state = reference.RefPosition.from_fen(board.fen())
    king = board.king(color)
    king_sq = (chess.square_file(king), chess.square_rank(king))
    enemy = "b" if color == chess.WHITE else "w"
    return any(
        m.kind in ("jump", "sweep") and king_sq in m.captured
        for m in reference.pseudo_moves(state, enemy)
    )


def _without_jump_or_sweep_geometry(board: chess.Board) -> bool:
    """Returns whether Chesskers' extra captures cannot matter for the moves of ``board``.

    The side to move has no jump or sweep, and no jump or sweep of the opponent threatens the
    mover's king: not now, not after any pseudo-legal move, not with a castling king on the
    square it passes over. Then "capturable" is chess's "attacked" in every position legality
    looks at, and the move sets must coincide (compared by from, to and promotion).
    """
    mover = board.turn
    if _mover_has_jump_or_sweep(board.fen()) or _king_threatened_by_jump_or_sweep(board, mover):
        return False
    for move in board.pseudo_legal_moves:
        if board.is_castling(move):
            passed = board.copy(stack=False)
            king = passed.remove_piece_at(move.from_square)
            passed.set_piece_at((move.from_square + move.to_square) // 2, king)
            if _king_threatened_by_jump_or_sweep(passed, mover):
                return False
        board.push(move)
        try:
            if _king_threatened_by_jump_or_sweep(board, mover):
                return False
        finally:
            board.pop()
    return True


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10**6), max_size=14))
def test_without_jump_or_sweep_geometry_the_moves_are_chesss(picks):
    game = random_game(STARTING_FEN, picks)
    board = chess.Board(game.fen())
    if not _without_jump_or_sweep_geometry(board):
        return
    ours = game.legal_moves()
    assert not any(m.kind in (MoveKind.JUMP, MoveKind.SWEEP) for m in ours)
    ours_set = {(m.path[0], m.path[-1], int(m.promotion) if m.promotion else None) for m in ours}
    theirs = {(m.from_square, m.to_square, m.promotion) for m in board.legal_moves}
    assert ours_set == theirs
    assert len(ours) == len(ours_set)
    assert game.position.is_check() == board.is_check()


@st.composite
def sparse_positions(draw) -> str:
    """Draws a FEN with two kings and a few pieces scattered (often without contact)."""
    squares = draw(st.lists(st.integers(0, 63), min_size=2, max_size=9, unique=True))
    letters = ["K", "k"] + [draw(st.sampled_from("PNBRQpnbrq")) for _ in squares[2:]]
    board = chess.Board(None)
    for sq, letter in zip(squares, letters, strict=True):
        board.set_piece_at(sq, chess.Piece.from_symbol(letter))
    board.turn = draw(st.booleans())
    return board.fen()


def _compare_with_python_chess(fen: str) -> bool:
    # Returns whether the position qualified and was compared.
    try:
        position = Position.from_fen(fen)
    except ValueError:
        return False
    board = chess.Board(position.fen())
    if not board.is_valid() or not _without_jump_or_sweep_geometry(board):
        return False
    ours = position.legal_moves()
    assert not any(m.kind in (MoveKind.JUMP, MoveKind.SWEEP) for m in ours)
    ours_set = {(m.path[0], m.path[-1], int(m.promotion) if m.promotion else None) for m in ours}
    theirs = {(m.from_square, m.to_square, m.promotion) for m in board.legal_moves}
    assert ours_set == theirs, fen
    assert len(ours) == len(ours_set)
    assert position.is_check() == board.is_check()
    return True


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sparse_positions())
def test_sparse_positions_without_jump_or_sweep_geometry_have_chesss_moves(fen):
    _compare_with_python_chess(fen)


def test_many_seeded_sparse_positions_are_compared_with_python_chess():
    rng = random.Random(20261129)
    compared = castles = 0
    for _ in range(1500):
        board = chess.Board(None)
        placed = {}
        if rng.random() < 0.4:
            placed = {0: "R", 4: "K", 7: "R", 56: "r", 60: "k", 63: "r"}
        else:
            kings = rng.sample(range(64), 2)
            placed = {kings[0]: "K", kings[1]: "k"}
        free = [sq for sq in range(64) if sq not in placed]
        for sq in rng.sample(free, rng.randint(0, 4)):
            placed[sq] = rng.choice("PNBRQpnbrq")
        for sq, letter in placed.items():
            board.set_piece_at(sq, chess.Piece.from_symbol(letter))
        board.turn = rng.random() < 0.5
        board.castling_rights = board.clean_castling_rights() | chess.BB_CORNERS
        board.castling_rights = board.clean_castling_rights()
        if _compare_with_python_chess(board.fen()):
            compared += 1
            castles += any(board.is_castling(m) for m in board.legal_moves)
    assert compared >= 150
    assert castles >= 10


def test_the_geometry_filter_accepts_the_start_and_refuses_a_jump_position():
    assert _without_jump_or_sweep_geometry(chess.Board())
    board = chess.Board()
    for uci in ["e2e4", "d7d5"]:
        board.push_uci(uci)
    assert not _without_jump_or_sweep_geometry(board)


def _key(move) -> tuple:
    return (
        move.kind.value,
        tuple(move.path_names()),
        tuple(move.captured_names()),
        move.promotion.symbol if move.promotion else None,
    )


@st.composite
def crowded_positions(draw) -> str:
    """Draws a FEN with two kings and 6-24 other pieces anywhere (pawns weighted)."""
    squares = draw(st.lists(st.integers(0, 63), min_size=8, max_size=26, unique=True))
    letters = ["K", "k"] + [draw(st.sampled_from("PNBRQpnbrqPPpp")) for _ in squares[2:]]
    board = chess.Board(None)
    for sq, letter in zip(squares, letters, strict=True):
        board.set_piece_at(sq, chess.Piece.from_symbol(letter))
    board.turn = draw(st.booleans())
    return board.fen()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crowded_positions())
def test_crowded_positions_agree_with_the_literal_reference_generator(fen):
    try:
        position = Position.from_fen(fen)
    except ValueError:
        return
    state = reference.RefPosition.from_fen(position.fen())
    ours = sorted(_key(m) for m in position.legal_moves())
    theirs = sorted(reference.move_key(m) for m in reference.legal_moves(state))
    assert ours == theirs
    assert position.is_check() == reference.in_check(state.board, state.side)


@SETTINGS
@given(st.sampled_from(STARTS), choices)
def test_checks_of_all_moves_at_once_are_each_moves_own_check(start, picks):
    position = random_game(start, picks).position
    moves = position.legal_moves()
    assert position.checks(moves) == [position.play_unchecked(m).is_check() for m in moves]


def test_checks_agree_with_each_move_played_over_many_tactical_positions():
    # Random games that play a checking move when they have one, half the time, so captures,
    # chains, discoveries, promotions and castling into check all come up.
    rng = random.Random(7)
    checking = 0
    seen_kinds = set()
    for start in STARTS:
        for _ in range(12):
            game = Game(CHESSKERS, start)
            for _ in range(80):
                if game.is_over():
                    break
                position = game.position
                moves = position.legal_moves()
                expected = [position.play_unchecked(m).is_check() for m in moves]
                assert position.checks(moves) == expected, position.fen()
                checks = [m for m, check in zip(moves, expected, strict=True) if check]
                checking += len(checks)
                seen_kinds.update(m.kind for m in checks)
                game.push(rng.choice(checks if checks and rng.random() < 0.5 else moves))
    kinds = len(seen_kinds)
    assert checking > 1000  # the walk did meet checks
    assert kinds >= 4  # of several kinds of move (quiet, replacement, jump, sweep, ...)
