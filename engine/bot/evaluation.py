"""The static evaluation of a position for the bot, in centipawns for the side to move.

This module owns what the bot thinks a position is worth when it stops searching: material,
piece placement, mobility, king safety against jumps, and pawn structure. It looks only at the
board; tactics (captures of every kind, checks) are left to the search's quiescence.

Chesskers-specific choices:
- Every piece but the knight can capture by jumping, and sliders jump from a distance, so
  sliders and pawns are worth more than in chess relative to the knight; the knight's sweep
  (it removes every enemy on its leg) keeps it close to the bishop.
- A king is captured by a jump over it when the square beyond it is empty, so a king with empty
  neighbours is exposed in every direction whose far side is on the board and empty. A king on
  the edge or with its own pieces around it is safer; in the endgame the king centralises.
"""

from engine.tables import BISHOP_RAYS, KNIGHT_TARGETS, QUEEN_RAYS, RAYS, ROOK_RAYS

# Piece values by type (PAWN = 1 ... KING = 6), middle game and end game.
VALUES = (0, 100, 320, 350, 540, 1000, 0)
VALUES_EG = (0, 120, 300, 350, 560, 1000, 0)
PHASE_WEIGHTS = (0, 0, 1, 1, 2, 4, 0)
FULL_PHASE = 24

MATE = 100_000
TEMPO = 10


def _table(rows: list[list[int]]) -> tuple[int, ...]:
    # Tables are written rank 8 first, as a board is drawn; index them a1 = 0 from White's side.
    out = [0] * 64
    for r, row in enumerate(rows):
        for f, v in enumerate(row):
            out[(7 - r) * 8 + f] = v
    return tuple(out)


_PAWN = _table(
    [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [50, 50, 50, 50, 50, 50, 50, 50],
        [20, 20, 25, 30, 30, 25, 20, 20],
        [8, 8, 12, 22, 22, 12, 8, 8],
        [3, 4, 8, 18, 18, 8, 4, 3],
        [2, 2, 2, 6, 6, 0, 2, 2],
        [0, 0, 0, -12, -12, 4, 4, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
    ]
)
_KNIGHT = _table(
    [
        [-40, -25, -20, -20, -20, -20, -25, -40],
        [-25, -10, 0, 5, 5, 0, -10, -25],
        [-20, 5, 12, 15, 15, 12, 5, -20],
        [-20, 5, 15, 20, 20, 15, 5, -20],
        [-20, 5, 15, 20, 20, 15, 5, -20],
        [-20, 5, 12, 15, 15, 12, 5, -20],
        [-25, -10, 0, 5, 5, 0, -10, -25],
        [-40, -25, -20, -20, -20, -20, -25, -40],
    ]
)
_BISHOP = _table(
    [
        [-15, -8, -8, -8, -8, -8, -8, -15],
        [-8, 0, 0, 0, 0, 0, 0, -8],
        [-8, 0, 5, 8, 8, 5, 0, -8],
        [-8, 4, 6, 10, 10, 6, 4, -8],
        [-8, 2, 10, 10, 10, 10, 2, -8],
        [-8, 8, 8, 8, 8, 8, 8, -8],
        [-8, 5, 0, 0, 0, 0, 5, -8],
        [-15, -8, -10, -8, -8, -10, -8, -15],
    ]
)
_ROOK = _table(
    [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [10, 15, 15, 15, 15, 15, 15, 10],
        [-5, 0, 0, 0, 0, 0, 0, -5],
        [-5, 0, 0, 0, 0, 0, 0, -5],
        [-5, 0, 0, 0, 0, 0, 0, -5],
        [-5, 0, 0, 0, 0, 0, 0, -5],
        [-5, 0, 0, 0, 0, 0, 0, -5],
        [0, 0, 3, 8, 8, 5, 0, 0],
    ]
)
_QUEEN = _table(
    [
        [-20, -10, -10, -5, -5, -10, -10, -20],
        [-10, 0, 0, 0, 0, 0, 0, -10],
        [-10, 0, 5, 5, 5, 5, 0, -10],
        [-5, 0, 5, 5, 5, 5, 0, -5],
        [-5, 0, 5, 5, 5, 5, 0, -5],
        [-10, 2, 5, 5, 5, 5, 0, -10],
        [-10, 0, 2, 0, 0, 0, 0, -10],
        [-20, -10, -10, -5, -5, -10, -10, -20],
    ]
)
_KING_MG = _table(
    [
        [-40, -40, -40, -50, -50, -40, -40, -40],
        [-40, -40, -40, -50, -50, -40, -40, -40],
        [-40, -40, -40, -50, -50, -40, -40, -40],
        [-40, -40, -40, -50, -50, -40, -40, -40],
        [-30, -30, -30, -40, -40, -30, -30, -30],
        [-20, -20, -20, -20, -20, -20, -20, -20],
        [5, 5, -5, -10, -10, -5, 5, 5],
        [15, 25, 10, 0, 0, 5, 25, 15],
    ]
)
_KING_EG = _table(
    [
        [-40, -25, -20, -15, -15, -20, -25, -40],
        [-25, -10, 0, 5, 5, 0, -10, -25],
        [-20, 0, 15, 20, 20, 15, 0, -20],
        [-15, 5, 20, 25, 25, 20, 5, -15],
        [-15, 5, 20, 25, 25, 20, 5, -15],
        [-20, 0, 15, 20, 20, 15, 0, -20],
        [-25, -10, 0, 5, 5, 0, -10, -25],
        [-40, -25, -20, -15, -15, -20, -25, -40],
    ]
)
_PLACEMENT = (None, _PAWN, _KNIGHT, _BISHOP, _ROOK, _QUEEN)
PASSED_BONUS = (0, 5, 10, 20, 35, 60, 100, 0)  # by rank from the pawn's own side
DOUBLED_PENALTY = 15
ISOLATED_PENALTY = 12
KING_EXPOSURE = 10  # per open jump line over the king, scaled by the middle-game phase
MOBILITY = (0, 0, 4, 4, 3, 2, 0)  # per reachable square, by piece type


def _king_lines() -> tuple[tuple[tuple[int, int], ...], ...]:
    # Jump lines over a king on sq: (neighbour, square beyond on the other side), both on board.
    opposite = (1, 0, 3, 2, 7, 6, 5, 4)  # DIRECTIONS' reverses: N-S, E-W, NE-SW, NW-SE
    return tuple(
        tuple(
            (RAYS[sq][d][0], RAYS[sq][opposite[d]][0])
            for d in range(8)
            if RAYS[sq][d] and RAYS[sq][opposite[d]]
        )
        for sq in range(64)
    )


_SLIDER_RAYS = (None, None, None, BISHOP_RAYS, ROOK_RAYS, QUEEN_RAYS)
_KING_LINES = _king_lines()
_KNIGHT_TARGETS = KNIGHT_TARGETS


def evaluate(board: list[int], side: int) -> int:
    """Returns the static value of ``board`` in centipawns for ``side`` (+1 White, -1 Black)."""
    mg = 0
    eg = 0
    phase = 0
    kings = [0, 0]
    # Highest rank of a black pawn and lowest rank of a white pawn per file (-1 / 8 if none).
    white_files = [0] * 8
    black_files = [0] * 8
    white_low = [8] * 8
    black_high = [-1] * 8
    white_pawns = []
    black_pawns = []
    slider_rays = _SLIDER_RAYS
    for sq in range(64):
        p = board[sq]
        if not p:
            continue
        if p > 0:
            t = p
            rel = sq
            sign = 1
        else:
            t = -p
            rel = sq ^ 56
            sign = -1
        if t == 6:
            kings[0 if p > 0 else 1] = sq
            mg += sign * _KING_MG[rel]
            eg += sign * _KING_EG[rel]
            continue
        place = _PLACEMENT[t][rel]
        mg += sign * (VALUES[t] + place)
        eg += sign * (VALUES_EG[t] + place)
        phase += PHASE_WEIGHTS[t]
        if t == 1:
            f = sq & 7
            r = sq >> 3
            if p > 0:
                white_files[f] += 1
                if r < white_low[f]:
                    white_low[f] = r
                white_pawns.append(sq)
            else:
                black_files[f] += 1
                if r > black_high[f]:
                    black_high[f] = r
                black_pawns.append(sq)
        elif t == 2:
            n = 0
            for s in _KNIGHT_TARGETS[sq]:
                if board[s] * sign <= 0:
                    n += 1
            mg += sign * 4 * n
        else:
            n = 0
            for ray in slider_rays[t][sq]:
                for s in ray:
                    if board[s]:
                        if board[s] * sign < 0:
                            n += 1
                        break
                    n += 1
            v = MOBILITY[t] * n
            mg += sign * v
            eg += sign * v
    # Pawn structure: doubled, isolated and passed pawns.
    pawns = 0
    for f in range(8):
        if white_files[f] > 1:
            pawns -= DOUBLED_PENALTY * (white_files[f] - 1)
        if black_files[f] > 1:
            pawns += DOUBLED_PENALTY * (black_files[f] - 1)
    for sq in white_pawns:
        f, r = sq & 7, sq >> 3
        left, right = max(f - 1, 0), min(f + 1, 7)
        if (f == 0 or not white_files[f - 1]) and (f == 7 or not white_files[f + 1]):
            pawns -= ISOLATED_PENALTY
        if all(black_high[g] <= r for g in range(left, right + 1)):
            eg += PASSED_BONUS[r]
            mg += PASSED_BONUS[r] // 2
    for sq in black_pawns:
        f, r = sq & 7, sq >> 3
        left, right = max(f - 1, 0), min(f + 1, 7)
        if (f == 0 or not black_files[f - 1]) and (f == 7 or not black_files[f + 1]):
            pawns += ISOLATED_PENALTY
        if all(white_low[g] >= r for g in range(left, right + 1)):
            eg -= PASSED_BONUS[7 - r]
            mg -= PASSED_BONUS[7 - r] // 2
    mg += pawns
    eg += pawns
    # King safety against jumps: each line through the king whose far square is empty.
    exposure = 0
    for sign, k in ((1, kings[0]), (-1, kings[1])):
        open_lines = 0
        for near, far in _KING_LINES[k]:
            if board[far] == 0:
                open_lines += 1
                if board[near] * sign < 0:
                    open_lines += 2  # an enemy piece already stands next to the king
        exposure += sign * open_lines
    mg -= KING_EXPOSURE * exposure
    if phase > FULL_PHASE:
        phase = FULL_PHASE
    score = (mg * phase + eg * (FULL_PHASE - phase)) // FULL_PHASE
    return score * side + TEMPO
