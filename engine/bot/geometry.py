"""Board geometry for the bot: rays, steps, adjacent jumps, knight moves with their legs.

This module owns the bot's own copy of the board's geometry (a1 = 0, 64 squares), built once at
import, so that the bot's evaluation and capture generator do not depend on the engine's private
tables. It knows nothing of positions or rules beyond where lines and legs run.
"""

DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
ORTHOGONAL = (0, 1, 2, 3)
DIAGONAL = (4, 5, 6, 7)


def step(sq: int, df: int, dr: int) -> int:
    """Returns the square ``df`` files and ``dr`` ranks from ``sq``, or -1 off the board."""
    f, r = (sq & 7) + df, (sq >> 3) + dr
    return r * 8 + f if 0 <= f < 8 and 0 <= r < 8 else -1


def _ray(sq: int, d: int) -> tuple[int, ...]:
    df, dr = DIRECTIONS[d]
    out = []
    cur = step(sq, df, dr)
    while cur >= 0:
        out.append(cur)
        cur = step(cur, df, dr)
    return tuple(out)


RAYS = tuple(tuple(_ray(sq, d) for d in range(8)) for sq in range(64))


def _rays(dirs: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(tuple(RAYS[sq][d] for d in dirs if RAYS[sq][d]) for sq in range(64))


# SLIDER_RAYS[piece type][sq] for BISHOP = 3, ROOK = 4, QUEEN = 5 (None for the others).
SLIDER_RAYS = (None, None, None, _rays(DIAGONAL), _rays(ORTHOGONAL), _rays(tuple(range(8))), None)

KING_STEPS = tuple(tuple(RAYS[sq][d][0] for d in range(8) if RAYS[sq][d]) for sq in range(64))


def _jumps(dirs: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(
        tuple((RAYS[sq][d][0], RAYS[sq][d][1]) for d in dirs if len(RAYS[sq][d]) >= 2)
        for sq in range(64)
    )


# JUMPS[code][sq]: (jumped square, landing square) of an adjacent jump, by signed piece code
# (RULES §1.3: R orthogonal, B diagonal, Q and K all eight, P the two forward diagonals).
JUMPS = {
    1: _jumps((4, 5)),
    -1: _jumps((6, 7)),
    3: _jumps(DIAGONAL),
    -3: _jumps(DIAGONAL),
    4: _jumps(ORTHOGONAL),
    -4: _jumps(ORTHOGONAL),
    5: _jumps(tuple(range(8))),
    -5: _jumps(tuple(range(8))),
    6: _jumps(tuple(range(8))),
    -6: _jumps(tuple(range(8))),
}

_KNIGHT_DELTAS = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))


def _knight_moves(sq: int) -> tuple[tuple[int, int, int], ...]:
    # (target, leg1, leg2): the leg is the two squares along the long side of the L (RULES §1.4).
    out = []
    for df, dr in _KNIGHT_DELTAS:
        target = step(sq, df, dr)
        if target < 0:
            continue
        if abs(dr) == 2:
            s = 1 if dr > 0 else -1
            leg = (step(sq, 0, s), step(sq, 0, 2 * s))
        else:
            s = 1 if df > 0 else -1
            leg = (step(sq, s, 0), step(sq, 2 * s, 0))
        out.append((target, leg[0], leg[1]))
    return tuple(out)


KNIGHT_MOVES = tuple(_knight_moves(sq) for sq in range(64))

# PAWN_CAPTURES[code][sq]: the squares a pawn of that code on sq captures onto.
PAWN_CAPTURES = {
    1: tuple(tuple(s for s in (step(sq, -1, 1), step(sq, 1, 1)) if s >= 0) for sq in range(64)),
    -1: tuple(tuple(s for s in (step(sq, -1, -1), step(sq, 1, -1)) if s >= 0) for sq in range(64)),
}
