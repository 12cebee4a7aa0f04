"""The fast Python generator of Chesskers moves, on the raw board.

It implements docs/rules/chesskers.md §1 and §2 (the § numbers below) for speed; the same
rules written plainly are ``engine.reference``, and the same generator in C is
``engine/_native.c``. Which of the C and Python generators the engine runs is decided once, in
``engine.generator``; the functions here are the Python one.

The board is a list of 64 signed piece codes (see ``pieces``); ``side`` is +1 for White and -1
for Black. Generation works in place: it changes the board to try a move, asks whether the
mover's king could then be captured (``engine.attacks``, whose ``KingWatch`` reruns only the
enemy searches a move touches), and puts the board back. This module owns the rules of
movement; what a move does to the board is ``engine.moving``, attacks and check
``engine.attacks``; it knows nothing of FEN, notation or game history.
"""

from engine.attacks import KingWatch, attacked, attacked_king, explore
from engine.moves import Move, MoveKind
from engine.moving import (
    BIT,
    BLACK_KINGSIDE,
    BLACK_QUEENSIDE,
    CASTLE,
    EN_PASSANT,
    JUMP,
    KING_T,
    KNIGHT_T,
    PAWN_T,
    PIECE_TYPES,
    QUIET,
    QUIET_MOVES,
    REPLACEMENT,
    REPLACEMENT_MOVES,
    SWEEP,
    WHITE_KINGSIDE,
    WHITE_QUEENSIDE,
    intern_quiet,
    intern_replacement,
)
from engine.pieces import KING, KNIGHT, PAWN, PROMOTION_TYPES, ROOK, PieceType
from engine.tables import JUMPS, KING_STEPS, KNIGHT_MOVES, PAIR_RAYS, PAWN_CAPTURES


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
                searches.append(explore(board, sq, k, o))
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
                        if not attacked(board, k, o, watch, delta):
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
                        if not attacked(board, k, o, watch, delta):
                            add(qm[to] or intern_quiet(KNIGHT, sq, to))
                        board[sq] = p
                        board[to] = 0
                elif q * side < 0:
                    board[to] = p
                    board[sq] = 0
                    if not attacked(board, k, o, watch, b_sq | BIT[to]):
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
                        if not attacked(board, k, o, watch, delta):
                            add(qm[to] or intern_quiet(t, sq, to))
                        board[sq] = p
                        board[to] = 0
                        continue
                    if q * side < 0:
                        board[to] = p
                        board[sq] = 0
                        if not attacked(board, k, o, watch, b_sq | BIT[to]):
                            add(rm[to] or intern_replacement(t, sq, to))
                        board[to] = q
                        if land >= 0 and board[land] == 0:
                            # §1.3 first jump from a distance along a clear line.
                            board[to] = 0
                            board[land] = p
                            delta = b_sq | BIT[to] | BIT[land]
                            if not attacked(board, k, o, watch, delta):
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
                safe = not attacked_king(board, land, o, watch, delta2)
            else:
                safe = not attacked(board, k, o, watch, delta2)
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
            safe = not attacked(board, k, o, watch, delta)
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
                if not attacked(board, k, o, watch, delta):
                    moves.append(intern_quiet(PAWN, sq, two))
                board[sq] = p
                board[two] = 0
    for to in PAWN_CAPTURES[p][sq]:
        q = board[to]
        if q * side < 0:
            board[to] = p
            board[sq] = 0
            if not attacked(board, k, o, watch, b_sq | BIT[to]):
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
                if not attacked(board, k, o, watch, b_sq | BIT[to] | BIT[cap]):
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
            if not attacked_king(board, to, o, watch, b_sq | BIT[to]):
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
    if attacked_king(board, home, o, watch, 0):
        return
    board[home] = 0
    board[passed] = king
    safe = not attacked_king(board, passed, o, watch, BIT[home] | BIT[passed])
    board[passed] = 0
    if safe:
        board[land] = king
        board[passed] = rook
        board[rook_sq] = 0
        delta = BIT[home] | BIT[passed] | BIT[land] | BIT[rook_sq]
        safe = not attacked_king(board, land, o, watch, delta)
        board[rook_sq] = rook
        board[passed] = 0
        board[land] = 0
    board[home] = king
    if safe:
        moves.append(Move(CASTLE, KING_T, (home, land)))


def has_legal_move(
    board: list[int], side: int, castling: int, ep: int, kings: tuple[int, int]
) -> bool:
    """Returns whether ``side`` has at least one legal move."""
    return bool(legal_moves(board, side, castling, ep, kings, first_only=True))
