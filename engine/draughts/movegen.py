"""Legal moves of the draughts family on the raw board, making and unmaking them, and perft.

The board is a list of signed codes, one per square of the board (used or not): 0 empty, the
``Power`` of a piece (man 1, king 2, parachutist 3), positive for White and negative for Black;
``side`` is +1 for White and -1 for Black. This module owns compulsory capture, the priority
rules and the merging of sequences into moves (§1.6-1.7), quiet moves, and what a move does to
the board; the sequences themselves come from the capture core (``captures``). It knows nothing
of FEN, notation or game history.

§ numbers refer to docs/rules/draughts.md.
"""

from engine.draughts.captures import Sequence, capture_sequences
from engine.draughts.rules import PIECE_OF_POWER, MidCapture, Power, Priority
from engine.draughts.tables import Tables
from engine.moves import Move, MoveKind

MAN = Power.MAN.value
KING = Power.KING.value
PARACHUTIST = Power.PARACHUTIST.value
QUIET = MoveKind.QUIET
JUMP = MoveKind.JUMP
REMOVAL = MoveKind.REMOVAL


def sequences(board: list[int], side: int, tables: Tables) -> list[Sequence]:
    """Returns the complete capture sequences of ``side`` the priority rules choose from: every
    one, except those the game's first rule would drop at once (§1.6) — shorter than the
    longest where it takes the most pieces, men's where a king's capture comes first — which
    are never searched for. Raises ``CaptureSearchError`` past the position's budget
    (``engine.work``)."""
    if tables.straight_runs:
        return straight_runs(board, side, tables)
    spec = tables.spec
    flying = spec.flying
    cannot_take = spec.men_cannot_take
    man_jumps = tables.man_jumps[side]
    parachutist_jumps = tables.parachutist_jumps[side]
    king_jumps = tables.king_jumps
    king_lines = tables.king_lines
    man, king = MAN * side, KING * side
    jumpers = []
    for sq in tables.squares:
        p = board[sq]
        if p * side <= 0:
            continue
        # Most pieces have no capture: look for a first jump before starting a search.
        if p == man:
            for over, land in man_jumps[sq]:
                q = board[over] * side
                if q < 0 and board[land] == 0 and -q not in cannot_take:
                    jumpers.append((sq, MAN))
                    break
        elif p == king:
            if flying:
                if _can_fly_over(board, side, king_lines[sq]):
                    jumpers.append((sq, KING))
                continue
            for over, land in king_jumps[sq]:
                if board[over] * side < 0 and board[land] == 0:
                    jumpers.append((sq, KING))
                    break
        else:
            for over, land in parachutist_jumps[sq]:
                if board[over] * side < 0 and board[land] == 0:
                    jumpers.append((sq, PARACHUTIST))
                    break
    if not jumpers:
        return []
    if tables.kings_first:
        # §1.6: a king's captures leave no other; the men's need no search then.
        kings = [jumper for jumper in jumpers if jumper[1] == KING]
        jumpers = kings or jumpers
    return capture_sequences(board, side, jumpers, spec, tables.longest_only)


def straight_runs(board: list[int], side: int, tables: Tables) -> list[Sequence]:
    """Returns the captures of a game of men whose captures run straight and may stop after any
    jump (Hawaiian, §11): every prefix of every straight run of jumps, as ``capture_sequences``
    gives them. A straight run never comes back over its origin or a piece it took, so the
    board needs no bookkeeping."""
    nxt = tables.lines.next
    directions = tables.spec.man_first[side]
    man = MAN * side
    out = []
    for sq in tables.squares:
        if board[sq] != man:
            continue
        for d in directions:
            step = nxt[d]
            path: tuple[int, ...] = (sq,)
            caps: tuple[int, ...] = ()
            over = step[sq]
            while over >= 0 and board[over] * side < 0:
                land = step[over]
                if land < 0 or board[land]:
                    break
                path += (land,)
                caps += (over,)
                out.append((path, caps, MAN))
                over = step[land]
    return out


def _can_fly_over(board: list[int], side: int, lines: tuple) -> bool:
    # Whether the first piece on one of a flying king's lines is an enemy with an empty
    # square beyond it: a first jump.
    for line in lines:
        for s, beyond in line:
            q = board[s]
            if q:
                if q * side < 0 and beyond >= 0 and board[beyond] == 0:
                    return True
                break
    return False


def choose(board: list[int], seqs: list[Sequence], priority: tuple[Priority, ...]) -> list:
    """Returns the sequences the priority rules keep, applied in order (§1.6)."""
    for rule in priority:
        if len(seqs) < 2:
            break
        if rule is Priority.KING_FIRST:
            by_kings = [s for s in seqs if abs(board[s[0][0]]) == KING]
            if by_kings:
                seqs = by_kings
        elif rule is Priority.MAX:
            most = max(len(s[1]) for s in seqs)
            seqs = [s for s in seqs if len(s[1]) == most]
        elif rule is Priority.MOST_KINGS:
            counts = [sum(1 for c in s[1] if abs(board[c]) == KING) for s in seqs]
            most = max(counts)
            seqs = [s for s, count in zip(seqs, counts, strict=True) if count == most]
        else:  # FIRST_KING: a sequence taking no king takes it "after its last jump"
            firsts = [
                next((i for i, c in enumerate(s[1]) if abs(board[c]) == KING), len(s[1]))
                for s in seqs
            ]
            earliest = min(firsts)
            seqs = [s for s, first in zip(seqs, firsts, strict=True) if first == earliest]
    return seqs


def merged(seqs: list[Sequence]) -> list[list[Sequence]]:
    """Returns ``seqs`` grouped by the position they lead to (§1.7): the same origin, end,
    captured pieces and final piece."""
    if len({(s[0][0], s[0][-1]) for s in seqs}) == len(seqs):
        return [[s] for s in seqs]  # no two share their origin and end: nothing to merge
    groups: dict[tuple, list[Sequence]] = {}
    for seq in seqs:
        path, caps, final = seq
        groups.setdefault((path[0], path[-1], frozenset(caps), final), []).append(seq)
    return list(groups.values())


def capture_moves(
    board: list[int], side: int, tables: Tables, seqs: list[Sequence]
) -> tuple[list[Move], dict[tuple[int, ...], Move]]:
    """Returns the moves made of the chosen sequences ``seqs`` (§1.7: one move per resulting
    position, written with its smallest path) and every path of each, mapped to its move."""
    move_class = tables.move
    order = tables.order
    moves = []
    paths = {}
    for group in merged(seqs):
        path, caps, _ = (
            group[0] if len(group) == 1 else min(group, key=lambda s: [order[sq] for sq in s[0]])
        )
        move = move_class(JUMP, PIECE_OF_POWER[abs(board[path[0]])], path, caps)
        moves.append(move)
        for other in group:
            paths[other[0]] = move
    return moves, paths


def legal_moves(board: list[int], side: int, tables: Tables) -> list[Move]:
    """Returns every legal move of ``side``: the chosen captures if it has any (capture is
    compulsory, §1.6), else its quiet moves (§1.3); in Hawaiian's opening, its removals."""
    if tables.opening:
        removals = opening_removals(board, side, tables)
        if removals is not None:
            return removals
    seqs = sequences(board, side, tables)
    if seqs:
        if len(seqs) == 1:
            path, caps, _ = seqs[0]
            return [tables.move(JUMP, PIECE_OF_POWER[abs(board[path[0]])], path, caps)]
        return capture_moves(board, side, tables, choose(board, seqs, tables.rules.priority))[0]
    return quiet_moves(board, side, tables)


def count_legal_moves(board: list[int], side: int, tables: Tables) -> int:
    """Returns ``len(legal_moves(...))`` without making the capture moves (for perft)."""
    if tables.opening:
        removals = opening_removals(board, side, tables)
        if removals is not None:
            return len(removals)
    seqs = sequences(board, side, tables)
    if seqs:
        return len(merged(choose(board, seqs, tables.rules.priority))) if len(seqs) > 1 else 1
    return len(quiet_moves(board, side, tables))


def opening_removals(board: list[int], side: int, tables: Tables) -> list[Move] | None:
    """Returns Hawaiian's removals (§11) while the board has fewer than two empty squares —
    with none, of the mover's pieces on the opening squares; with one, of those orthogonally
    next to it — or None once captures have begun."""
    empty = board.count(0) - tables.unused
    if empty > 1:
        return None
    if empty:
        squares = tables.orthogonal[next(sq for sq in tables.squares if board[sq] == 0)]
    else:
        squares = tables.opening
    return [tables.removal[sq] for sq in squares if board[sq] * side > 0]


def quiet_moves(board: list[int], side: int, tables: Tables) -> list[Move]:
    """Returns the quiet moves of ``side`` (§1.3): men's steps (and Dameo's line moves), kings'
    steps or slides."""
    man_steps = tables.man_steps[side]
    man_lines = tables.man_lines[side] if tables.rules.line_moves else None
    flying = tables.rules.flying
    man = MAN * side
    out = []
    add = out.append
    for sq in tables.squares:
        p = board[sq] * side
        if p == MAN:
            if man_lines is None:
                for to, move in man_steps[sq]:
                    if board[to] == 0:
                        add(move)
            else:
                # §19: a step, or the line of own men in front moving one square along it,
                # written as this (rear) man's move to the square in front of the line.
                for line in man_lines[sq]:
                    for to, move in line:
                        q = board[to]
                        if q != man:
                            if q == 0:
                                add(move)
                            break
        elif p == KING:
            if flying:
                for ray in tables.king_slides[sq]:
                    for to, move in ray:
                        if board[to]:
                            break
                        add(move)
            else:
                for to, move in tables.king_steps[sq]:
                    if board[to] == 0:
                        add(move)
    return out


def final_code(board: list[int], move: Move, side: int, tables: Tables) -> int:
    """Returns the code the moving piece has when ``move`` ends (crowned, or a parachutist
    become a man, §1.8)."""
    path = move.path
    p = board[path[0]] * side
    if p == MAN:
        promotes = tables.promotes[side]
        if promotes[path[-1]]:
            return KING * side
        if tables.rules.mid_capture is MidCapture.CROWN and any(promotes[s] for s in path[1:]):
            return KING * side  # Russian: crowned on the way, it stays a king
    elif p == PARACHUTIST:
        return MAN * side
    return p * side


def make(board: list[int], move: Move, side: int, tables: Tables) -> list[tuple[int, int]]:
    """Plays ``move`` on ``board`` in place; returns the undo list of (square, old code)."""
    path = move.path
    origin = path[0]
    if move.kind is REMOVAL:
        undo = [(origin, board[origin])]
        board[origin] = 0
        return undo
    target = path[-1]
    code = final_code(board, move, side, tables)
    undo = [(origin, board[origin])]
    for s in move.captured:
        undo.append((s, board[s]))
        board[s] = 0
    board[origin] = 0
    undo.append((target, board[target]))
    board[target] = code
    return undo


def unmake(board: list[int], undo: list[tuple[int, int]]) -> None:
    """Restores the board from an undo list returned by ``make``."""
    for s, v in reversed(undo):
        board[s] = v


def perft(board: list[int], side: int, tables: Tables, depth: int) -> int:
    """Returns the number of legal move sequences of ``depth`` plies (bulk counting: the last
    ply's moves are counted, not played).

    It plays the moves ``legal_moves`` gives straight from their sources — capture sequences
    and the prebuilt quiet moves — without making ``Move`` values for captures or undo lists
    (what ``make`` does, inline): most of perft's time goes to the plies before the last.
    """
    if depth <= 1:
        return count_legal_moves(board, side, tables) if depth == 1 else 1
    total = 0
    depth -= 1
    if tables.opening:
        removals = opening_removals(board, side, tables)
        if removals is not None:
            for move in removals:
                sq = move.path[0]
                piece = board[sq]
                board[sq] = 0
                total += perft(board, -side, tables, depth)
                board[sq] = piece
            return total
    seqs = sequences(board, side, tables)
    if seqs:
        if len(seqs) > 1:
            seqs = [group[0] for group in merged(choose(board, seqs, tables.rules.priority))]
        for path, caps, final in seqs:
            origin, target = path[0], path[-1]
            mover = board[origin]
            taken = [board[c] for c in caps]
            board[origin] = 0
            for c in caps:
                board[c] = 0
            board[target] = final * side  # an empty square now, even if a piece was taken there
            total += perft(board, -side, tables, depth)
            board[target] = 0
            for c, code in zip(caps, taken, strict=True):
                board[c] = code
            board[origin] = mover
        return total
    promotes = tables.promotes[side]
    man, king = MAN * side, KING * side
    for move in quiet_moves(board, side, tables):
        path = move.path
        origin, target = path[0], path[-1]
        mover = board[origin]
        board[origin] = 0
        board[target] = king if mover == man and promotes[target] else mover
        total += perft(board, -side, tables, depth)
        board[target] = 0
        board[origin] = mover
    return total
