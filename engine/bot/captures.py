"""Pseudo-legal captures for the quiescence search: every kind, without the king-safety test.

Quiescence visits most of the search's nodes and needs only captures, and most of them are cut
off before they are played; asking the engine for every legal move there would test king safety
for moves never searched. This module lists the captures of docs/rules/chesskers.md §1
(replacement, en passant, jumps with every chain prefix, sweeps) and queen promotions by a step,
exactly as the engine writes them as ``Move`` values, but without checking that the mover's king
is safe afterwards: the search checks that after playing one (``adapter.is_attacked``). A test
compares the result, so filtered, with the engine's legal moves over many positions.

It owns no rule the engine does not: it restates the capture geometry so the search can ask for
less. Castling and quiet moves are not here (quiescence does not play them).
"""

from engine.bot.geometry import JUMPS, KING_STEPS, KNIGHT_MOVES, PAWN_CAPTURES, SLIDER_RAYS
from engine.moves import Move, MoveKind
from engine.pieces import PROMOTION_TYPES, PieceType

REPLACEMENT = MoveKind.REPLACEMENT
EN_PASSANT = MoveKind.EN_PASSANT
JUMP = MoveKind.JUMP
SWEEP = MoveKind.SWEEP
QUIET = MoveKind.QUIET
PIECE_TYPES = (None, *PieceType)
PAWN_T, KNIGHT_T, KING_T, QUEEN_T = (
    PieceType.PAWN,
    PieceType.KNIGHT,
    PieceType.KING,
    PieceType.QUEEN,
)


def pseudo_captures(board: list[int], side: int, ep: int, promotions: bool = True) -> list[Move]:
    """Returns every capture of ``side`` (and, with ``promotions``, every promotion by a step to
    a queen) whose only missing test is the mover's king safety."""
    moves: list[Move] = []
    add = moves.append
    for sq in range(64):
        p = board[sq]
        if p * side <= 0:
            continue
        t = p if p > 0 else -p
        if t == 1:
            last = 7 if side == 1 else 0
            for to in PAWN_CAPTURES[p][sq]:
                q = board[to]
                if q * side < 0:
                    if to >> 3 == last:
                        for promo in PROMOTION_TYPES:
                            add(Move(REPLACEMENT, PAWN_T, (sq, to), (to,), promo))
                    else:
                        add(Move(REPLACEMENT, PAWN_T, (sq, to), (to,)))
                elif to == ep and q == 0 and board[to - 8 * side] == -p:
                    add(Move(EN_PASSANT, PAWN_T, (sq, to), (to - 8 * side,)))
            if promotions:
                to = sq + 8 * side
                if to >> 3 == last and board[to] == 0:
                    add(Move(QUIET, PAWN_T, (sq, to), (), QUEEN_T))
            board[sq] = 0  # §1.3: the origin is empty from the start of the move
            _chains(board, p, PAWN_T, sq, (sq,), (), moves)
            board[sq] = p
        elif t == 2:
            for to, l1, l2 in KNIGHT_MOVES[sq]:
                q = board[to]
                if q == 0:
                    a = board[l1] * side < 0
                    b = board[l2] * side < 0
                    if a or b:
                        caps = (l1, l2) if a and b else (l1,) if a else (l2,)
                        add(Move(SWEEP, KNIGHT_T, (sq, to), caps))
                elif q * side < 0:
                    add(Move(REPLACEMENT, KNIGHT_T, (sq, to), (to,)))
        elif t == 6:
            for to in KING_STEPS[sq]:
                if board[to] * side < 0:
                    add(Move(REPLACEMENT, KING_T, (sq, to), (to,)))
            board[sq] = 0
            _chains(board, p, KING_T, sq, (sq,), (), moves)
            board[sq] = p
        else:
            pt = PIECE_TYPES[t]
            board[sq] = 0
            for ray in SLIDER_RAYS[t][sq]:
                n = len(ray)
                for i in range(n):
                    to = ray[i]
                    q = board[to]
                    if q == 0:
                        continue
                    if q * side < 0:
                        add(Move(REPLACEMENT, pt, (sq, to), (to,)))
                        if i + 1 < n and board[ray[i + 1]] == 0:
                            # §1.3: the first jump from a distance along a clear line.
                            land = ray[i + 1]
                            add(Move(JUMP, pt, (sq, land), (to,)))
                            board[to] = 0
                            _chains(board, p, pt, land, (sq, land), (to,), moves)
                            board[to] = q
                    break
            board[sq] = p
    return moves


def _chains(
    board: list[int],
    p: int,
    pt: PieceType,
    cur: int,
    path: tuple[int, ...],
    caps: tuple[int, ...],
    moves: list[Move],
) -> None:
    # Adds every continuation of a chain whose piece ``p`` stands on ``cur`` (its origin and
    # the pieces jumped so far are already off the board).
    for over, land in JUMPS[p][cur]:
        q = board[over]
        if q * p < 0 and board[land] == 0:
            path2 = (*path, land)
            caps2 = (*caps, over)
            if (p == 1 and land >= 56) or (p == -1 and land < 8):
                # §1.3 and §1.5: promotion ends the chain; each choice is a move.
                for promo in PROMOTION_TYPES:
                    moves.append(Move(JUMP, pt, path2, caps2, promo))
            else:
                moves.append(Move(JUMP, pt, path2, caps2))
                board[over] = 0
                _chains(board, p, pt, land, path2, caps2, moves)
                board[over] = q
