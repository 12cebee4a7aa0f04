"""What a Chesskers move does to the raw board, and the move values the Python generator makes.

The board is a list of 64 signed piece codes (see ``pieces``); ``side`` is +1 for White and -1
for Black. This module owns playing a move in place and undoing it (``apply_move``,
``undo_move``), the castling rights and en-passant square a move leaves (§2), and the interned
quiet and replacement moves every generator shares (``QUIET_MOVES``, ``intern_quiet``, …). The
Python generator is ``engine.movegen``, its attack detection ``engine.attacks``.
"""

from engine.moves import Move, MoveKind
from engine.pieces import PieceType

QUIET = MoveKind.QUIET
CASTLE = MoveKind.CASTLE
REPLACEMENT = MoveKind.REPLACEMENT
EN_PASSANT = MoveKind.EN_PASSANT
JUMP = MoveKind.JUMP
SWEEP = MoveKind.SWEEP

PAWN_T, KNIGHT_T, KING_T = PieceType.PAWN, PieceType.KNIGHT, PieceType.KING
PIECE_TYPES = (None, *PieceType)
BIT = tuple(1 << sq for sq in range(64))

# Interned quiet and replacement moves, QUIET_MOVES[type][from][to], filled on first use:
# building a frozen dataclass costs several times a list look-up, and moves are values.
QUIET_MOVES: list[list[list[Move | None]]] = [[[None] * 64 for _ in range(64)] for _ in range(7)]
REPLACEMENT_MOVES: list[list[list[Move | None]]] = [
    [[None] * 64 for _ in range(64)] for _ in range(7)
]


def intern_quiet(t: int, sq: int, to: int) -> Move:
    """Returns the quiet move of piece type ``t`` from ``sq`` to ``to``, made once."""
    move = QUIET_MOVES[t][sq][to]
    if move is None:
        move = QUIET_MOVES[t][sq][to] = Move(QUIET, PIECE_TYPES[t], (sq, to))
    return move


def intern_replacement(t: int, sq: int, to: int) -> Move:
    """Returns the replacement capture of piece type ``t`` from ``sq`` to ``to``, made once."""
    move = REPLACEMENT_MOVES[t][sq][to]
    if move is None:
        move = REPLACEMENT_MOVES[t][sq][to] = Move(REPLACEMENT, PIECE_TYPES[t], (sq, to), (to,))
    return move


# Castling rights bits, and the bits a move keeps when it touches a square (§2).
WHITE_KINGSIDE, WHITE_QUEENSIDE, BLACK_KINGSIDE, BLACK_QUEENSIDE = 1, 2, 4, 8
CASTLING_KEEP = [15] * 64
CASTLING_KEEP[0] = 15 & ~WHITE_QUEENSIDE
CASTLING_KEEP[7] = 15 & ~WHITE_KINGSIDE
CASTLING_KEEP[4] = 15 & ~(WHITE_KINGSIDE | WHITE_QUEENSIDE)
CASTLING_KEEP[56] = 15 & ~BLACK_QUEENSIDE
CASTLING_KEEP[63] = 15 & ~BLACK_KINGSIDE
CASTLING_KEEP[60] = 15 & ~(BLACK_KINGSIDE | BLACK_QUEENSIDE)


def apply_move(board: list[int], move: Move, side: int) -> list[tuple[int, int]]:
    """Plays ``move`` on ``board`` in place; returns the undo list of (square, old code)."""
    path = move.path
    origin = path[0]
    target = path[-1]
    p = board[origin]
    undo = [(origin, p)]
    for s in move.captured:
        undo.append((s, board[s]))
        board[s] = 0
    board[origin] = 0
    undo.append((target, board[target]))
    if move.promotion is not None:
        board[target] = int(move.promotion) * side
    else:
        board[target] = p
    if move.kind is CASTLE:
        if target > origin:
            rook_from, rook_to = origin + 3, origin + 1
        else:
            rook_from, rook_to = origin - 4, origin - 1
        undo.append((rook_from, board[rook_from]))
        undo.append((rook_to, board[rook_to]))
        board[rook_to] = board[rook_from]
        board[rook_from] = 0
    return undo


def undo_move(board: list[int], undo: list[tuple[int, int]]) -> None:
    """Restores the board from an undo list returned by ``apply_move``."""
    for s, v in reversed(undo):
        board[s] = v


def next_castling(castling: int, move: Move) -> int:
    """Returns the castling rights after ``move``: touching a king or rook home drops rights."""
    if castling:
        castling &= CASTLING_KEEP[move.path[0]] & CASTLING_KEEP[move.path[-1]]
        for s in move.captured:
            castling &= CASTLING_KEEP[s]
    return castling


def double_step_target(move: Move) -> int:
    """Returns the square a pawn double step passed over, or -1 for any other move."""
    if move.piece is PAWN_T and move.kind is QUIET:
        a, b = move.path[0], move.path[-1]
        if abs(b - a) == 16:
            return (a + b) // 2
    return -1
