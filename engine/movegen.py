"""The fast Python generator of Chesskers moves, and attack detection, on the raw board.

It implements docs/rules/chesskers.md §1 and §2 (the § numbers below) for speed; the same
rules written plainly are ``engine.reference``, and the same generator in C is
``engine/_native.c``. Which of the C and Python generators the engine runs is decided once, in
``engine.generator``; the functions here are the Python one.

The board is a list of 64 signed piece codes (see ``pieces``); ``side`` is +1 for White and -1
for Black. Generation works in place: it changes the board to try a move, asks whether the
mover's king could then be captured, and puts the board back. This module owns the rules of
movement and check; it knows nothing of FEN, notation or game history.

Speed (see bench/RESULTS.md): before trying the moves of a position, each enemy chain search
(a king's or pawn's chains, one line of a slider) is run once, recording whether it jumps our
king and which squares it looked at (``_explore``, ``KingWatch``). After a candidate move, only
the searches that looked at a square the move changed are run again (``_attacked``); searches
that could never reach the king's square are left out, and replacement and sweep captures are
looked for only when the move could open one (``_discovery_mask``).
"""

from engine.moves import Move, MoveKind
from engine.pieces import BISHOP, KING, KNIGHT, PAWN, PROMOTION_TYPES, QUEEN, ROOK, PieceType
from engine.tables import (
    ADJ_FEASIBLE,
    BISHOP_RAYS,
    CAN_STILL_HIT,
    JUMP_MASKS,
    JUMPS,
    KING_STEPS,
    KNIGHT_MOVES,
    KNIGHT_TARGETS,
    LINE_FEASIBLE,
    PAIR_RAYS,
    PAWN_ATTACKERS,
    PAWN_CAPTURES,
    QUEEN_RAYS,
    ROOK_RAYS,
    SLIDER_RAYS_MASKED,
    SWEEPS_OVER,
)

QUIET = MoveKind.QUIET
CASTLE = MoveKind.CASTLE
REPLACEMENT = MoveKind.REPLACEMENT
EN_PASSANT = MoveKind.EN_PASSANT
JUMP = MoveKind.JUMP
SWEEP = MoveKind.SWEEP

PAWN_T, KNIGHT_T, KING_T = PieceType.PAWN, PieceType.KNIGHT, PieceType.KING
PIECE_TYPES = (None, *PieceType)
SLIDER_RAYS = (None, None, None, BISHOP_RAYS, ROOK_RAYS, QUEEN_RAYS)
BIT = tuple(1 << sq for sq in range(64))
ADJACENT_JUMPERS = frozenset((PAWN, KING))  # every jump of theirs is over a neighbour (§1.3)

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


def jumper_squares(board: list[int], side: int) -> list[int]:
    """Returns the squares of ``side``'s pieces that can jump (every piece but the knight)."""
    knight = KNIGHT * side
    return [sq for sq in range(64) if board[sq] * side > 0 and board[sq] != knight]


def is_attacked(board: list[int], k: int, o: int, jumpers: list[int] | None = None) -> bool:
    """Returns whether side ``o`` has a capture of any kind removing the piece on ``k``.

    §2: a replacement capture onto ``k``, a sweep whose leg holds ``k``, or a jump over
    ``k`` at any point of any chain; the attacker's own king safety is ignored. ``jumpers`` may
    list the squares of ``o``'s jumping pieces (stale entries are skipped).
    """
    if _direct_attack(board, k, o):
        return True
    # A first jump over k needs the same clear line or adjacency as a replacement capture onto
    # k, so only chains (a later jump over k) are left to find.
    if jumpers is None:
        jumpers = jumper_squares(board, o)
    return any(_jumper_hits(board, j, k, o) for j in jumpers)


def _direct_attack(board: list[int], k: int, o: int) -> bool:
    # Replacement captures onto k and sweeps over k.
    pawn = o
    for s in PAWN_ATTACKERS[pawn][k]:
        if board[s] == pawn:
            return True
    knight = KNIGHT * o
    for s in KNIGHT_TARGETS[k]:
        if board[s] == knight:
            return True
    for n, t in SWEEPS_OVER[k]:
        if board[n] == knight and board[t] == 0:
            return True
    king = KING * o
    for s in KING_STEPS[k]:
        if board[s] == king:
            return True
    queen = QUEEN * o
    rook = ROOK * o
    for ray in ROOK_RAYS[k]:
        for s in ray:
            p = board[s]
            if p:
                if p in (rook, queen):
                    return True
                break
    bishop = BISHOP * o
    for ray in BISHOP_RAYS[k]:
        for s in ray:
            p = board[s]
            if p:
                if p in (bishop, queen):
                    return True
                break
    return False


def _jumper_hits(board: list[int], j: int, k: int, o: int) -> bool:
    # Whether the piece on j (if it is still one of o's jumpers) has a chain jumping k.
    p = board[j]
    if p * o <= 0 or p == KNIGHT * o:
        return False
    t = p if p > 0 else -p
    board[j] = 0  # §1.3: the origin is empty from the start of the move
    try:
        if t in ADJACENT_JUMPERS:
            return _chain_hits(board, p, j, k, set(), 0)
        seen: set = set()
        for ray in SLIDER_RAYS[t][j]:
            n = len(ray)
            for i in range(n):
                s = ray[i]
                q = board[s]
                if q:
                    if q * o < 0 and i + 1 < n and board[ray[i + 1]] == 0:
                        if s == k:
                            return True
                        if not CAN_STILL_HIT[p][ray[i + 1]] >> k & 1:
                            break
                        board[s] = 0
                        hit = _chain_hits(board, p, ray[i + 1], k, seen, BIT[s])
                        board[s] = q
                        if hit:
                            return True
                    break
        return False
    finally:
        board[j] = p


def _chain_hits(board: list[int], p: int, cur: int, k: int, seen: set, removed: int) -> bool:
    # Depth-first search of the further jumps of the piece ``p`` standing on ``cur``; the board
    # already lacks the jumped pieces (``removed``) and the jumper's origin. ``seen`` holds the
    # (square, removed) states already searched: they fix the board, so need no second visit.
    for over, land in JUMPS[p][cur]:
        q = board[over]
        if q * p < 0 and board[land] == 0:
            if over == k:
                return True
            if (p == PAWN and land >= 56) or (p == -PAWN and land < 8):
                continue  # §1.3: promotion ends the chain
            if not CAN_STILL_HIT[p][land] >> k & 1:
                continue  # no square this chain can still reach is next to k the right way
            state = (land, removed | BIT[over])
            if state in seen:
                continue
            seen.add(state)
            board[over] = 0
            hit = _chain_hits(board, p, land, k, seen, state[1])
            board[over] = q
            if hit:
                return True
    return False


def checks(board: list[int], side: int, kings: tuple[int, int], moves: list[Move]) -> list[bool]:
    """Returns, for each of ``moves`` (legal moves of ``side``), whether it leaves the opponent's
    king attacked (§2: check), in one batch; the same answers as testing each move's
    position with ``is_attacked``.

    The chain searches of ``side``'s jumpers are run once (``_explore``, as legality testing
    does for the other side); after a move, only the searches that looked at a square it
    changed run again, the moved piece is searched from where it lands, and replacement and
    sweep captures, cheap to test, are looked for in full.
    """
    k = kings[1] if side == 1 else kings[0]
    knight = KNIGHT * side
    searches = [
        _explore(board, sq, k, side)
        for sq in range(64)
        if board[sq] * side > 0 and board[sq] != knight
    ]
    watch = KingWatch(board, k, side, searches)
    out = []
    for move in moves:
        undo = apply_move(board, move, side)
        if move.kind is CASTLE:  # two pieces moved: test the position in full
            out.append(is_attacked(board, k, side))
        else:
            to = move.path[-1]
            delta = BIT[move.path[0]] | BIT[to]
            for s in move.captured:
                delta |= BIT[s]
            out.append(
                _direct_attack(board, k, side)
                or _jumper_hits(board, to, k, side)
                or (
                    _probes_hit(board, k, side, watch.probes, delta)
                    if delta & watch.reads
                    else watch.hit
                )
            )
        undo_move(board, undo)
    return out


def _explore(board: list[int], j: int, k: int, o: int) -> tuple:
    """Returns (j, hit, reads, rays) for the jumper on ``j``: whether some chain of it jumps
    ``k``, and the mask of every square whose content that search looked at. For a slider,
    ``rays`` holds the same (ray, hit, reads) for each of its lines; otherwise it is None.

    After a move that changes none of those squares, the search would run the same way, so
    its answer stands; legality testing reruns only the searches a move touches.
    """
    p = board[j]
    t = p if p > 0 else -p
    board[j] = 0
    try:
        if t in ADJACENT_JUMPERS:
            trigger = 0
            for over, land in JUMPS[p][j]:
                q = board[over]
                if q * p < 0:
                    if board[land] == 0:
                        reads = [BIT[j]]
                        return j, _chain_reads(board, p, j, k, set(), 0, reads), reads[0], None
                    trigger |= BIT[land]  # a jump needs this square emptied
                else:
                    trigger |= BIT[over]  # a jump needs an enemy arriving here
            # No first jump: only a move that changes a trigger square can make one, and
            # without a jump nothing is hit, wherever the king stands.
            return j, False, trigger, None
        rays = []
        all_reads = 0
        any_hit = False
        for ray, masks, pairs in SLIDER_RAYS_MASKED[t][j]:
            hit, reads = _explore_ray(board, p, j, ray, masks, k, o)
            rays.append((pairs, hit, reads))
            all_reads |= reads
            any_hit = any_hit or hit
        return j, any_hit, all_reads, tuple(rays)
    finally:
        board[j] = p


def _explore_ray(
    board: list[int], p: int, j: int, ray: tuple, masks: tuple, k: int, o: int
) -> tuple[bool, int]:
    # The search of _explore along one line of a slider whose origin j is already empty.
    # Without a first jump the answer can change only if an enemy arrives on the clear part
    # of the line, the first piece leaves or is captured, or (for an enemy first piece) the
    # square beyond it is emptied; the origin does not matter then.
    n = len(ray)
    for i in range(n):
        s = ray[i]
        q = board[s]
        if q:
            if q * o < 0:
                if i + 1 < n and board[ray[i + 1]] == 0:
                    reads = [BIT[j] | masks[i]]
                    if s == k:
                        return True, reads[0]
                    board[s] = 0
                    hit = _chain_reads(board, p, ray[i + 1], k, set(), BIT[s], reads)
                    board[s] = q
                    return hit, reads[0]
                return False, masks[i]
            return False, masks[i - 1] if i else BIT[s]
    return False, masks[n - 1]


def _chain_reads(
    board: list[int], p: int, cur: int, k: int, seen: set, removed: int, reads: list[int]
) -> bool:
    # As _chain_hits, also OR-ing into reads[0] every square looked at.
    reads[0] |= JUMP_MASKS[p][cur]
    for over, land in JUMPS[p][cur]:
        q = board[over]
        if q * p < 0 and board[land] == 0:
            if over == k:
                return True
            if (p == PAWN and land >= 56) or (p == -PAWN and land < 8):
                continue
            state = (land, removed | BIT[over])
            if state in seen:
                continue
            seen.add(state)
            board[over] = 0
            hit = _chain_reads(board, p, land, k, seen, state[1], reads)
            board[over] = q
            if hit:
                return True
    return False


def _discovery_mask(board: list[int], k: int, o: int) -> int:
    # Squares whose change could open a replacement or sweep capture of k by o, when there is
    # none now: every square of a line from k up to an o slider moving along that line, and the
    # target of each o knight whose leg holds k. A move elsewhere (not by the king) leaves k
    # safe from replacements and sweeps, because arriving pieces only block.
    mask = 0
    queen = QUEEN * o
    rook = ROOK * o
    bishop = BISHOP * o
    for ray in ROOK_RAYS[k]:
        acc = 0
        for s in ray:
            acc |= BIT[s]
            p = board[s]
            if p in (rook, queen):
                mask |= acc
                break
    for ray in BISHOP_RAYS[k]:
        acc = 0
        for s in ray:
            acc |= BIT[s]
            p = board[s]
            if p in (bishop, queen):
                mask |= acc
                break
    knight = KNIGHT * o
    for n, t in SWEEPS_OVER[k]:
        if board[n] == knight:
            mask |= BIT[t]
    return mask


def _attacked(board: list[int], k: int, o: int, watch: "KingWatch", delta: int) -> bool:
    # is_attacked for the king on k (which has not moved) after a move that changed the squares
    # in ``delta`` from the position where ``watch`` was built: untouched chain searches keep their
    # answer, touched ones run again; replacements and sweeps are looked at only if a line or
    # sweep target that could open was touched.
    if delta & watch.discovery and _direct_attack(board, k, o):
        return True
    if not delta & watch.reads:
        return watch.hit
    return _probes_hit(board, k, o, watch.probes, delta)


def _probes_hit(board: list[int], k: int, o: int, probes: list[tuple], delta: int) -> bool:
    # Whether one of ``probes`` (see KingWatch) jumps k after a move that changed ``delta``:
    # untouched probes keep their answer; touched ones are searched again, with the first jump
    # looked for inline because it is usually absent.
    for reads, hit, is_line, j, p, data in probes:
        if reads & delta:
            if board[j] != p:
                continue  # the jumper was captured
            if is_line:
                for s, land in data:
                    q = board[s]
                    if q:
                        if q * o < 0 and land >= 0 and board[land] == 0:
                            if s == k:
                                return True
                            if CAN_STILL_HIT[p][land] >> k & 1:
                                board[j] = 0
                                board[s] = 0
                                found = _chain_hits(board, p, land, k, set(), BIT[s])
                                board[s] = q
                                board[j] = p
                                if found:
                                    return True
                        break
            else:
                for over, land in data:
                    if board[over] * p < 0 and board[land] == 0:
                        if _jumper_hits(board, j, k, o):
                            return True
                        break
        elif hit:
            return True
    return False


def _attacked_king(board: list[int], k: int, o: int, watch: "KingWatch", delta: int) -> bool:
    # As _attacked, for a king that moved to k (``delta`` includes its origin).
    if _direct_attack(board, k, o):
        return True
    if not delta & watch.every_read:
        return watch.every_hit
    return _probes_hit(board, k, o, watch.every_probe, delta)


class KingWatch:
    """What legality testing knows of one king's safety before any candidate move is tried.

    It is built once per position from the enemy's chain searches (``_explore``). A *probe* is
    one such search — the chains of a king or a pawn, or one line of a slider — kept as
    ``(reads, hit, is_line, origin, piece, data)``: the squares it looked at, whether it jumps
    the king, and its adjacent jumps (or its line, as (square, beyond) pairs).

    - ``probes``, ``reads``, ``hit``: the probes whose chains could ever jump the king where it
      stands (``ADJ_FEASIBLE``, ``LINE_FEASIBLE``: no bishop or enemy pawn can jump a king on its
      first rank, say), the union of their reads, and whether one of them jumps it now;
    - ``every_probe``, ``every_read``, ``every_hit``: the same over all probes, for the king's
      own moves, which change the square to keep safe;
    - ``discovery``: the squares whose change could open a replacement or sweep capture of the
      king (``_discovery_mask``), or -1 (every square) when one exists already.
    """

    __slots__ = ("discovery", "every_hit", "every_probe", "every_read", "hit", "probes", "reads")

    def __init__(self, board: list[int], k: int, o: int, searches: list[tuple]) -> None:
        reads = every_read = 0
        hit = every_hit = False
        probes = []
        every_probe = []
        bit_k = BIT[k]
        for j, found, looked_at, rays in searches:
            every_read |= looked_at
            every_hit = every_hit or found
            p = board[j]
            if rays is None:
                probe = (looked_at, found, False, j, p, JUMPS[p][j])
                every_probe.append(probe)
                if found or ADJ_FEASIBLE[p][j] & bit_k:
                    probes.append(probe)
                    reads |= looked_at
                    hit = hit or found
            else:
                feasible = LINE_FEASIBLE[p if p > 0 else -p][j]
                for (ray, ray_hit, ray_reads), line_feasible in zip(rays, feasible, strict=True):
                    probe = (ray_reads, ray_hit, True, j, p, ray)
                    every_probe.append(probe)
                    if ray_hit or line_feasible & bit_k:
                        probes.append(probe)
                        reads |= ray_reads
                        hit = hit or ray_hit
        self.probes = probes
        self.reads = reads
        self.hit = hit
        self.every_probe = every_probe
        self.every_read = every_read
        self.every_hit = every_hit
        self.discovery = -1 if _direct_attack(board, k, o) else _discovery_mask(board, k, o)


def legal_moves(
    board: list[int],
    side: int,
    castling: int,
    ep: int,
    kings: tuple[int, int],
    first_only: bool = False,
) -> list[Move]:
    """Returns every legal move of ``side`` (§1-§2), chains with every prefix.

    ``ep`` is the en-passant target square or -1; ``kings`` is (White king, Black king). With
    ``first_only`` it stops after the first piece that has a legal move (the king is tried
    first), which answers "is there any legal move?" cheaply.
    """
    o = -side
    k = kings[0] if side == 1 else kings[1]
    own = []
    searches = []
    knight_o = KNIGHT * o
    for sq in range(64):
        p = board[sq]
        if p:
            if p * side > 0:
                own.append(sq)
            elif p != knight_o:
                searches.append(_explore(board, sq, k, o))
    watch = KingWatch(board, k, o, searches)
    # A move that changes no square any test looked at leaves the king as it is now (safe
    # unless a chain already jumps it); such moves skip the board update and the test.
    touch = watch.reads | watch.discovery
    free = not watch.hit
    moves: list[Move] = []
    add = moves.append
    if first_only:
        own.remove(k)
        own.insert(0, k)
    for sq in own:
        if first_only and moves:
            break
        p = board[sq]
        t = p if p > 0 else -p
        b_sq = BIT[sq]
        qm = QUIET_MOVES[t][sq]
        rm = REPLACEMENT_MOVES[t][sq]
        if t == PAWN:
            _pawn_moves(board, sq, p, side, ep, k, watch, moves)
        elif t == KNIGHT:
            for to, l1, l2 in KNIGHT_MOVES[sq]:
                q = board[to]
                if q == 0:
                    a = board[l1]
                    b = board[l2]
                    if a * side < 0 or b * side < 0:
                        caps = tuple(s for s, v in ((l1, a), (l2, b)) if v * side < 0)
                        delta = b_sq | BIT[to]
                        for s in caps:
                            board[s] = 0
                            delta |= BIT[s]
                        board[to] = p
                        board[sq] = 0
                        if not _attacked(board, k, o, watch, delta):
                            add(Move(SWEEP, KNIGHT_T, (sq, to), caps))
                        board[sq] = p
                        board[to] = 0
                        board[l1] = a
                        board[l2] = b
                    else:
                        delta = b_sq | BIT[to]
                        if not delta & touch:
                            if free:
                                add(qm[to] or intern_quiet(KNIGHT, sq, to))
                            continue
                        board[to] = p
                        board[sq] = 0
                        if not _attacked(board, k, o, watch, delta):
                            add(qm[to] or intern_quiet(KNIGHT, sq, to))
                        board[sq] = p
                        board[to] = 0
                elif q * side < 0:
                    board[to] = p
                    board[sq] = 0
                    if not _attacked(board, k, o, watch, b_sq | BIT[to]):
                        add(rm[to] or intern_replacement(KNIGHT, sq, to))
                    board[sq] = p
                    board[to] = q
        elif t == KING:
            _king_moves(board, sq, p, side, castling, watch, moves)
        else:
            pt = PIECE_TYPES[t]
            for ray in PAIR_RAYS[t][sq]:
                for to, land in ray:
                    q = board[to]
                    if q == 0:
                        delta = b_sq | BIT[to]
                        if not delta & touch:
                            if free:
                                add(qm[to] or intern_quiet(t, sq, to))
                            continue
                        board[to] = p
                        board[sq] = 0
                        if not _attacked(board, k, o, watch, delta):
                            add(qm[to] or intern_quiet(t, sq, to))
                        board[sq] = p
                        board[to] = 0
                        continue
                    if q * side < 0:
                        board[to] = p
                        board[sq] = 0
                        if not _attacked(board, k, o, watch, b_sq | BIT[to]):
                            add(rm[to] or intern_replacement(t, sq, to))
                        board[to] = q
                        if land >= 0 and board[land] == 0:
                            # §1.3 first jump from a distance along a clear line.
                            board[to] = 0
                            board[land] = p
                            delta = b_sq | BIT[to] | BIT[land]
                            if not _attacked(board, k, o, watch, delta):
                                add(Move(JUMP, pt, (sq, land), (to,)))
                            _chains(
                                board, p, pt, land, (sq, land), (to,), delta, -1, o, k, watch, moves
                            )
                            board[land] = 0
                            board[to] = q
                        board[sq] = p
                    break
    return moves


def _chains(
    board: list[int],
    p: int,
    pt: PieceType,
    cur: int,
    path: tuple[int, ...],
    caps: tuple[int, ...],
    delta: int,
    king: int,
    o: int,
    k: int,
    watch: "KingWatch",
    moves: list[Move],
) -> None:
    # Adds every continuation of a chain whose piece ``p`` stands on ``cur``. ``king`` is 1 when
    # the jumper is the king itself (then its square is the one to keep safe), else -1.
    for over, land in JUMPS[p][cur]:
        q = board[over]
        if q * p < 0 and board[land] == 0:
            board[over] = 0
            board[cur] = 0
            board[land] = p
            path2 = (*path, land)
            caps2 = (*caps, over)
            delta2 = delta | BIT[over] | BIT[land]
            if king == 1:
                safe = not _attacked_king(board, land, o, watch, delta2)
            else:
                safe = not _attacked(board, k, o, watch, delta2)
            if (p == PAWN and land >= 56) or (p == -PAWN and land < 8):
                # §1.3 and §1.5: promotion ends the chain; each choice is a move.
                if safe:
                    for promo in PROMOTION_TYPES:
                        moves.append(Move(JUMP, pt, path2, caps2, promo))
            else:
                if safe:
                    moves.append(Move(JUMP, pt, path2, caps2))
                _chains(board, p, pt, land, path2, caps2, delta2, king, o, k, watch, moves)
            board[land] = 0
            board[cur] = p
            board[over] = q


def _add_pawn_move(moves: list[Move], kind: MoveKind, path: tuple, caps: tuple, last: bool) -> None:
    if last:
        for promo in PROMOTION_TYPES:
            moves.append(Move(kind, PAWN_T, path, caps, promo))
    elif kind is QUIET:
        moves.append(intern_quiet(PAWN, path[0], path[1]))
    else:
        moves.append(intern_replacement(PAWN, path[0], path[1]))


def _pawn_moves(
    board: list[int],
    sq: int,
    p: int,
    side: int,
    ep: int,
    k: int,
    watch: "KingWatch",
    moves: list[Move],
) -> None:
    o = -side
    fwd = 8 * side
    to = sq + fwd
    last_rank = 7 if side == 1 else 0
    b_sq = BIT[sq]
    touch = watch.reads | watch.discovery
    if board[to] == 0:
        delta = b_sq | BIT[to]
        if not delta & touch:
            safe = not watch.hit
        else:
            board[to] = p
            board[sq] = 0
            safe = not _attacked(board, k, o, watch, delta)
            board[sq] = p
            board[to] = 0
        if safe:
            if to >> 3 == last_rank:
                _add_pawn_move(moves, QUIET, (sq, to), (), True)
            else:
                moves.append(QUIET_MOVES[PAWN][sq][to] or intern_quiet(PAWN, sq, to))
        if (sq >> 3) == (1 if side == 1 else 6) and board[to + fwd] == 0:
            two = to + fwd
            delta = b_sq | BIT[two]
            if not delta & touch:
                if not watch.hit:
                    moves.append(intern_quiet(PAWN, sq, two))
            else:
                board[two] = p
                board[sq] = 0
                if not _attacked(board, k, o, watch, delta):
                    moves.append(intern_quiet(PAWN, sq, two))
                board[sq] = p
                board[two] = 0
    for to in PAWN_CAPTURES[p][sq]:
        q = board[to]
        if q * side < 0:
            board[to] = p
            board[sq] = 0
            if not _attacked(board, k, o, watch, b_sq | BIT[to]):
                _add_pawn_move(moves, REPLACEMENT, (sq, to), (to,), to >> 3 == last_rank)
            board[sq] = p
            board[to] = q
        elif to == ep and q == 0:
            cap = to - fwd
            victim = board[cap]
            if victim == -p:
                board[to] = p
                board[sq] = 0
                board[cap] = 0
                if not _attacked(board, k, o, watch, b_sq | BIT[to] | BIT[cap]):
                    moves.append(Move(EN_PASSANT, PAWN_T, (sq, to), (cap,)))
                board[cap] = victim
                board[sq] = p
                board[to] = 0
    for over, land in JUMPS[p][sq]:
        if board[over] * p < 0 and board[land] == 0:
            _chains(board, p, PAWN_T, sq, (sq,), (), b_sq, -1, o, k, watch, moves)
            break


def _king_moves(
    board: list[int],
    sq: int,
    p: int,
    side: int,
    castling: int,
    watch: "KingWatch",
    moves: list[Move],
) -> None:
    o = -side
    b_sq = BIT[sq]
    for to in KING_STEPS[sq]:
        q = board[to]
        if q == 0 or q * side < 0:
            board[to] = p
            board[sq] = 0
            if not _attacked_king(board, to, o, watch, b_sq | BIT[to]):
                if q:
                    moves.append(intern_replacement(KING, sq, to))
                else:
                    moves.append(intern_quiet(KING, sq, to))
            board[sq] = p
            board[to] = q
    _chains(board, p, KING_T, sq, (sq,), (), b_sq, 1, o, sq, watch, moves)
    if side == 1:
        rights = castling & (WHITE_KINGSIDE | WHITE_QUEENSIDE)
        home, rook = 4, ROOK
    else:
        rights = castling & (BLACK_KINGSIDE | BLACK_QUEENSIDE)
        home, rook = 60, -ROOK
    if not rights or sq != home:
        return
    if rights & (WHITE_KINGSIDE | BLACK_KINGSIDE):
        _try_castle(board, home, p, rook, home + 3, home + 1, home + 2, (), o, watch, moves)
    if rights & (WHITE_QUEENSIDE | BLACK_QUEENSIDE):
        _try_castle(
            board, home, p, rook, home - 4, home - 1, home - 2, (home - 3,), o, watch, moves
        )


def _try_castle(
    board: list[int],
    home: int,
    king: int,
    rook: int,
    rook_sq: int,
    passed: int,
    land: int,
    also_empty: tuple[int, ...],
    o: int,
    watch: "KingWatch",
    moves: list[Move],
) -> None:
    # §2: the king must be safe before, on the passed square (rook unmoved), and after.
    if board[rook_sq] != rook or board[passed] or board[land]:
        return
    for s in also_empty:
        if board[s]:
            return
    if _attacked_king(board, home, o, watch, 0):
        return
    board[home] = 0
    board[passed] = king
    safe = not _attacked_king(board, passed, o, watch, BIT[home] | BIT[passed])
    board[passed] = 0
    if safe:
        board[land] = king
        board[passed] = rook
        board[rook_sq] = 0
        delta = BIT[home] | BIT[passed] | BIT[land] | BIT[rook_sq]
        safe = not _attacked_king(board, land, o, watch, delta)
        board[rook_sq] = rook
        board[passed] = 0
        board[land] = 0
    board[home] = king
    if safe:
        moves.append(Move(CASTLE, KING_T, (home, land)))


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


def has_legal_move(
    board: list[int], side: int, castling: int, ep: int, kings: tuple[int, int]
) -> bool:
    """Returns whether ``side`` has at least one legal move."""
    return bool(legal_moves(board, side, castling, ep, kings, first_only=True))
