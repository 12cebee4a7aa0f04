"""Precomputed geometry: rays, steps, jumps, knight moves with their legs, sweep and pawn tables.

This module owns board geometry only; it knows nothing of positions. Everything here is built
once at import time so that move generation does table look-ups instead of arithmetic.

Section numbers (§) refer to docs/rules/chesskers.md.
"""

# Directions as (file delta, rank delta); indices are used by the tables below.
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
ORTHOGONAL = (0, 1, 2, 3)
DIAGONAL = (4, 5, 6, 7)
ALL_DIRECTIONS = tuple(range(8))
WHITE_PAWN_DIRECTIONS = (4, 5)  # north-east, north-west
BLACK_PAWN_DIRECTIONS = (6, 7)  # south-east, south-west


def _offset(sq: int, df: int, dr: int) -> int:
    f, r = (sq & 7) + df, (sq >> 3) + dr
    return r * 8 + f if 0 <= f < 8 and 0 <= r < 8 else -1


def _ray(sq: int, d: int) -> tuple[int, ...]:
    df, dr = DIRECTIONS[d]
    out = []
    cur = _offset(sq, df, dr)
    while cur >= 0:
        out.append(cur)
        cur = _offset(cur, df, dr)
    return tuple(out)


# RAYS[sq][d]: the squares from sq outwards in direction d, nearest first.
RAYS = tuple(tuple(_ray(sq, d) for d in ALL_DIRECTIONS) for sq in range(64))


def _ray_list(sq: int, dirs: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(RAYS[sq][d] for d in dirs if RAYS[sq][d])


ROOK_RAYS = tuple(_ray_list(sq, ORTHOGONAL) for sq in range(64))
BISHOP_RAYS = tuple(_ray_list(sq, DIAGONAL) for sq in range(64))
QUEEN_RAYS = tuple(_ray_list(sq, ALL_DIRECTIONS) for sq in range(64))


def _jumps(sq: int, dirs: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    # (over, land) for an adjacent jump in each direction whose landing square is on the board.
    return tuple((RAYS[sq][d][0], RAYS[sq][d][1]) for d in dirs if len(RAYS[sq][d]) >= 2)


# Adjacent jumps (§1.3 further jumps; also the first jump of a king or pawn), by piece code.
_JUMP_DIRS = {
    1: WHITE_PAWN_DIRECTIONS,
    -1: BLACK_PAWN_DIRECTIONS,
    3: DIAGONAL,
    -3: DIAGONAL,
    4: ORTHOGONAL,
    -4: ORTHOGONAL,
    5: ALL_DIRECTIONS,
    -5: ALL_DIRECTIONS,
    6: ALL_DIRECTIONS,
    -6: ALL_DIRECTIONS,
}
JUMPS = {code: tuple(_jumps(sq, dirs) for sq in range(64)) for code, dirs in _JUMP_DIRS.items()}

KING_STEPS = tuple(tuple(RAYS[sq][d][0] for d in ALL_DIRECTIONS if RAYS[sq][d]) for sq in range(64))

_KNIGHT_DELTAS = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))


def _knight_moves(sq: int) -> tuple[tuple[int, int, int], ...]:
    # (target, leg1, leg2): the leg is the two squares along the long side of the L (§1.4).
    out = []
    for df, dr in _KNIGHT_DELTAS:
        target = _offset(sq, df, dr)
        if target < 0:
            continue
        if abs(dr) == 2:
            step = 1 if dr > 0 else -1
            leg = (_offset(sq, 0, step), _offset(sq, 0, 2 * step))
        else:
            step = 1 if df > 0 else -1
            leg = (_offset(sq, step, 0), _offset(sq, 2 * step, 0))
        out.append((target, leg[0], leg[1]))
    return tuple(out)


KNIGHT_MOVES = tuple(_knight_moves(sq) for sq in range(64))
KNIGHT_TARGETS = tuple(tuple(m[0] for m in KNIGHT_MOVES[sq]) for sq in range(64))

# SWEEPS_OVER[sq]: (knight square, target) for every knight move whose leg contains sq.
_sweeps: list[list[tuple[int, int]]] = [[] for _ in range(64)]
for _n in range(64):
    for _t, _l1, _l2 in KNIGHT_MOVES[_n]:
        _sweeps[_l1].append((_n, _t))
        _sweeps[_l2].append((_n, _t))
SWEEPS_OVER = tuple(tuple(s) for s in _sweeps)

# PAWN_ATTACKERS[code][sq]: squares from which a pawn of that code captures onto sq.
PAWN_ATTACKERS = {
    1: tuple(
        tuple(s for s in (_offset(sq, -1, -1), _offset(sq, 1, -1)) if s >= 0) for sq in range(64)
    ),
    -1: tuple(
        tuple(s for s in (_offset(sq, -1, 1), _offset(sq, 1, 1)) if s >= 0) for sq in range(64)
    ),
}
# PAWN_CAPTURES[code][sq]: squares a pawn of that code on sq captures onto.
PAWN_CAPTURES = {
    1: tuple(
        tuple(s for s in (_offset(sq, -1, 1), _offset(sq, 1, 1)) if s >= 0) for sq in range(64)
    ),
    -1: tuple(
        tuple(s for s in (_offset(sq, -1, -1), _offset(sq, 1, -1)) if s >= 0) for sq in range(64)
    ),
}

# JUMP_MASKS[code][sq]: the squares an adjacent jump search from sq looks at, as a bit mask.
JUMP_MASKS = {
    code: tuple(sum({(1 << o) | (1 << land) for o, land in jumps}) for jumps in per_square)
    for code, per_square in JUMPS.items()
}


def _pairs(ray: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    # Each square of the ray with the square just beyond it (-1 past the edge).
    return tuple((s, ray[i + 1] if i + 1 < len(ray) else -1) for i, s in enumerate(ray))


def _masked(rays: tuple[tuple[int, ...], ...]) -> tuple:
    # Each ray with, per index i, the mask of its squares up to i + 1 (the square beyond), and
    # the ray as (square, beyond) pairs.
    out = []
    for ray in rays:
        masks = []
        for i in range(len(ray)):
            masks.append(sum(1 << s for s in ray[: i + 2]))
        out.append((ray, tuple(masks), _pairs(ray)))
    return tuple(out)


# PAIR_RAYS[type][sq]: a slider's rays as (square, beyond) pairs, for move generation.
PAIR_RAYS = (
    None,
    None,
    None,
    tuple(tuple(_pairs(r) for r in BISHOP_RAYS[sq]) for sq in range(64)),
    tuple(tuple(_pairs(r) for r in ROOK_RAYS[sq]) for sq in range(64)),
    tuple(tuple(_pairs(r) for r in QUEEN_RAYS[sq]) for sq in range(64)),
)


# SLIDER_RAYS_MASKED[type][sq]: the slider's rays, each with its prefix masks (see _masked).
SLIDER_RAYS_MASKED = (
    None,
    None,
    None,
    tuple(_masked(BISHOP_RAYS[sq]) for sq in range(64)),
    tuple(_masked(ROOK_RAYS[sq]) for sq in range(64)),
    tuple(_masked(QUEEN_RAYS[sq]) for sq in range(64)),
)


def _class(sq: int) -> int:
    return (sq & 1) | ((sq >> 3) & 1) << 1


def _hit_sources(code: int) -> list[int]:
    # For each k, the squares from which the piece ``code`` could jump a piece on k.
    sources = [0] * 64
    for s in range(64):
        for over, _land in JUMPS[code][s]:
            sources[over] |= 1 << s
    return sources


def _cone(code: int, land: int) -> int:
    # Squares a chain that has landed on ``land`` may still stand on: the same file and rank
    # parity (every jump moves 0 or 2 files and ranks); a pawn only forward, within its diagonals.
    mask = 0
    for s in range(64):
        if _class(s) != _class(land):
            continue
        if abs(code) == 1:
            dr = ((s >> 3) - (land >> 3)) * code
            if dr < 0 or abs((s & 7) - (land & 7)) > dr:
                continue
        mask |= 1 << s
    return mask


# CAN_STILL_HIT[code][land]: mask of the squares k that a chain of ``code`` standing on
# ``land`` could still jump later; a search that cannot reach k is cut there.
CAN_STILL_HIT = {}
for _code in JUMPS:
    _sources = _hit_sources(_code)
    _rows = []
    for _land in range(64):
        _cone_mask = _cone(_code, _land)
        _rows.append(sum(1 << _k for _k in range(64) if _sources[_k] & _cone_mask))
    CAN_STILL_HIT[_code] = tuple(_rows)

# Which king squares a chain could ever jump after its first jump (a first jump over the king
# needs a replacement capture's line or adjacency, so it is found as one). ADJ_FEASIBLE[code][j]
# for a king or pawn on j; LINE_FEASIBLE[type][j] per line of SLIDER_RAYS_MASKED[type][j].


def _or_all(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


ADJ_FEASIBLE = {
    code: tuple(_or_all(CAN_STILL_HIT[code][land] for _, land in JUMPS[code][j]) for j in range(64))
    for code in JUMPS
}
LINE_FEASIBLE = (
    None,
    None,
    None,
    *(
        tuple(
            tuple(_or_all(CAN_STILL_HIT[t][land] for land in ray[1:]) for ray, _, _ in entries)
            for entries in SLIDER_RAYS_MASKED[t]
        )
        for t in (3, 4, 5)
    ),
)
