"""Attack detection for the fast Python generator of Chesskers: is a square attacked, which
moves give check, and what legality testing knows of a king's safety before it tries a move.

It implements docs/rules/chesskers.md §2 (check: some capture of the opponent removes the king)
on the raw board of ``engine.moving``, for speed; the same rule written plainly is in
``engine.reference``, and the same detection in C is ``engine/_native.c``. This module owns
attacks and the king's watch; the moves themselves are made by ``engine.movegen``.

Speed (see bench/RESULTS.md): before trying the moves of a position, each enemy chain search
(a king's or pawn's chains, one line of a slider) is run once, recording whether it jumps our
king and which squares it looked at (``explore``, ``KingWatch``). After a candidate move, only
the searches that looked at a square the move changed are run again (``attacked``); searches
that could never reach the king's square are left out, and replacement and sweep captures are
looked for only when the move could open one (``_discovery_mask``).
"""

from engine.moves import Move
from engine.moving import BIT, CASTLE, apply_move, undo_move
from engine.pieces import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from engine.tables import (
    ADJ_FEASIBLE,
    BISHOP_RAYS,
    CAN_STILL_HIT,
    JUMP_MASKS,
    JUMPS,
    KING_STEPS,
    KNIGHT_TARGETS,
    LINE_FEASIBLE,
    PAWN_ATTACKERS,
    QUEEN_RAYS,
    ROOK_RAYS,
    SLIDER_RAYS_MASKED,
    SWEEPS_OVER,
)

SLIDER_RAYS = (None, None, None, BISHOP_RAYS, ROOK_RAYS, QUEEN_RAYS)
ADJACENT_JUMPERS = frozenset((PAWN, KING))  # every jump of theirs is over a neighbour (§1.3)


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

    The chain searches of ``side``'s jumpers are run once (``explore``, as legality testing
    does for the other side); after a move, only the searches that looked at a square it
    changed run again, the moved piece is searched from where it lands, and replacement and
    sweep captures, cheap to test, are looked for in full.
    """
    k = kings[1] if side == 1 else kings[0]
    knight = KNIGHT * side
    searches = [
        explore(board, sq, k, side)
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


def explore(board: list[int], j: int, k: int, o: int) -> tuple:
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
    # The search of explore along one line of a slider whose origin j is already empty.
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


def attacked(board: list[int], k: int, o: int, watch: "KingWatch", delta: int) -> bool:
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


def attacked_king(board: list[int], k: int, o: int, watch: "KingWatch", delta: int) -> bool:
    # As attacked, for a king that moved to k (``delta`` includes its origin).
    if _direct_attack(board, k, o):
        return True
    if not delta & watch.every_read:
        return watch.every_hit
    return _probes_hit(board, k, o, watch.every_probe, delta)


class KingWatch:
    """What legality testing knows of one king's safety before any candidate move is tried.

    It is built once per position from the enemy's chain searches (``explore``). A *probe* is
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
