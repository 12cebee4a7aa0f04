"""A slow, deliberately plain reference generator of Chesskers moves, for cross-checks only.

It shares no code with ``engine``: squares are (file, rank) pairs, the board is a dict, and a
king is in check exactly when some pseudo-legal move of the opponent (every chain prefix
included, the opponent's own king safety ignored) lists the king's square among its captures —
docs/rules/chesskers.md §2 read literally. It is far too slow for play and meant for tiny perft
depths.
"""

from dataclasses import dataclass

ORTH = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAG = ((1, 1), (-1, 1), (1, -1), (-1, -1))
KNIGHT = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))
LINES = {"R": ORTH, "B": DIAG, "Q": ORTH + DIAG, "K": ORTH + DIAG}


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


def name(sq: tuple[int, int]) -> str:
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


@dataclass(frozen=True)
class RefMove:
    kind: str  # quiet, castle, replacement, en-passant, jump, sweep
    path: tuple[tuple[int, int], ...]
    captured: tuple[tuple[int, int], ...]
    promotion: str | None
    board: tuple  # the placement after the move, as sorted items


@dataclass
class RefState:
    board: dict  # (file, rank) -> (colour 'w'/'b', type 'PNBRQK')
    side: str
    castling: str
    ep: tuple[int, int] | None

    @classmethod
    def from_fen(cls, fen: str) -> "RefState":
        fields = fen.split()
        board = {}
        for i, row in enumerate(fields[0].split("/")):
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                else:
                    board[(f, 7 - i)] = ("w" if ch.isupper() else "b", ch.upper())
                    f += 1
        ep = None
        if fields[3] != "-":
            ep = ("abcdefgh".index(fields[3][0]), int(fields[3][1]) - 1)
        castling = "" if fields[2] == "-" else fields[2]
        return cls(board, fields[1], castling, ep)


def other(color: str) -> str:
    return "b" if color == "w" else "w"


def _freeze(board: dict) -> tuple:
    return tuple(sorted(board.items()))


def _chains(board, color, ptype, cur, path, caps, out):
    # Every further jump from cur (adjacent enemy, empty square beyond), recursively.
    if ptype == "P":
        dirs = ((1, 1), (-1, 1)) if color == "w" else ((1, -1), (-1, -1))
    else:
        dirs = LINES[ptype]
    for df, dr in dirs:
        over = (cur[0] + df, cur[1] + dr)
        land = (cur[0] + 2 * df, cur[1] + 2 * dr)
        if not on_board(*land):
            continue
        if over in board and board[over][0] != color and land not in board:
            b2 = dict(board)
            del b2[over]
            del b2[cur]
            b2[land] = (color, ptype)
            _emit_jump(b2, color, ptype, land, (*path, land), (*caps, over), out)


def _emit_jump(board, color, ptype, land, path, caps, out):
    last = 7 if color == "w" else 0
    if ptype == "P" and land[1] == last:
        for promo in "QRBN":
            b3 = dict(board)
            b3[land] = (color, promo)
            out.append(RefMove("jump", path, caps, promo, _freeze(b3)))
        return
    out.append(RefMove("jump", path, caps, None, _freeze(board)))
    _chains(board, color, ptype, land, path, caps, out)


def pseudo_moves(state: RefState, color: str, with_castling: bool = True) -> list[RefMove]:
    """Returns every move of ``color`` ignoring its own king's safety (castling needs safety
    and is added by ``legal_moves``)."""
    board = state.board
    out: list[RefMove] = []
    for sq, (c, ptype) in list(board.items()):
        if c != color:
            continue
        f, r = sq

        def simple(kind, to, caps, promo=None, extra=None, ptype=ptype, sq=sq):
            b2 = dict(board)
            for x in caps:
                del b2[x]
            del b2[sq]
            b2[to] = (color, promo or ptype)
            out.append(RefMove(kind, (sq, to), tuple(caps), promo, _freeze(b2)))

        if ptype == "P":
            step = 1 if color == "w" else -1
            last = 7 if color == "w" else 0
            one = (f, r + step)
            promos = "QRBN" if one[1] == last else [None]
            if on_board(*one) and one not in board:
                for pr in promos:
                    simple("quiet", one, [], pr)
                two = (f, r + 2 * step)
                if r == (1 if color == "w" else 6) and two not in board:
                    simple("quiet", two, [])
            for df in (1, -1):
                to = (f + df, r + step)
                if not on_board(*to):
                    continue
                if to in board and board[to][0] != color:
                    for pr in "QRBN" if to[1] == last else [None]:
                        simple("replacement", to, [to], pr)
                elif to == state.ep and to not in board and color == state.side:
                    victim = (to[0], r)
                    if board.get(victim) == (other(color), "P"):
                        simple("en-passant", to, [victim])
            b2 = dict(board)
            _chains(b2, color, "P", sq, (sq,), (), out)
        elif ptype == "N":
            for df, dr in KNIGHT:
                to = (f + df, r + dr)
                if not on_board(*to):
                    continue
                if abs(dr) == 2:
                    s = 1 if dr > 0 else -1
                    leg = [(f, r + s), (f, r + 2 * s)]
                else:
                    s = 1 if df > 0 else -1
                    leg = [(f + s, r), (f + 2 * s, r)]
                if to not in board:
                    enemies = [x for x in leg if x in board and board[x][0] != color]
                    simple("sweep" if enemies else "quiet", to, enemies)
                elif board[to][0] != color:
                    simple("replacement", to, [to])
        else:
            for df, dr in LINES[ptype]:
                dist = 1
                while True:
                    to = (f + dist * df, r + dist * dr)
                    if not on_board(*to):
                        break
                    if to not in board:
                        simple("quiet", to, [])
                        if ptype == "K":
                            break
                        dist += 1
                        continue
                    if board[to][0] != color:
                        simple("replacement", to, [to])
                        land = (to[0] + df, to[1] + dr)
                        if on_board(*land) and land not in board:
                            b2 = dict(board)
                            del b2[to]
                            del b2[sq]
                            b2[land] = (color, ptype)
                            _emit_jump(b2, color, ptype, land, (sq, land), (to,), out)
                    break
    return out


def king_square(board: dict, color: str) -> tuple[int, int]:
    return next(sq for sq, v in board.items() if v == (color, "K"))


def in_check(board: dict, color: str) -> bool:
    """Returns whether ``color``'s king is captured by some pseudo-legal opponent move."""
    k = king_square(board, color)
    state = RefState(board, other(color), "", None)
    return any(k in m.captured for m in pseudo_moves(state, other(color)))


def legal_moves(state: RefState) -> list[RefMove]:
    """Returns the legal moves of the side to move, by the literal rules of §1-§2."""
    color = state.side
    out = [m for m in pseudo_moves(state, color) if not in_check(dict(m.board), color)]
    rank = 0 if color == "w" else 7
    king = (4, rank)
    for right, rook_f, passed_f, land_f, between in (
        ("K", 7, 5, 6, (5, 6)),
        ("Q", 0, 3, 2, (1, 2, 3)),
    ):
        letter = right if color == "w" else right.lower()
        if letter not in state.castling:
            continue
        if state.board.get(king) != (color, "K") or state.board.get((rook_f, rank)) != (color, "R"):
            continue
        if any((x, rank) in state.board for x in between):
            continue
        if in_check(state.board, color):
            continue
        passed = dict(state.board)
        del passed[king]
        passed[(passed_f, rank)] = (color, "K")
        if in_check(passed, color):
            continue
        after = dict(passed)
        del after[(passed_f, rank)]
        del after[(rook_f, rank)]
        after[(land_f, rank)] = (color, "K")
        after[(passed_f, rank)] = (color, "R")
        if in_check(after, color):
            continue
        out.append(RefMove("castle", (king, (land_f, rank)), (), None, _freeze(after)))
    return out


def play(state: RefState, move: RefMove) -> RefState:
    board = dict(move.board)
    castling = state.castling
    touched = {move.path[0], move.path[-1], *move.captured}
    for letter, sqs in (
        ("K", {(4, 0), (7, 0)}),
        ("Q", {(4, 0), (0, 0)}),
        ("k", {(4, 7), (7, 7)}),
        ("q", {(4, 7), (0, 7)}),
    ):
        if touched & sqs:
            castling = castling.replace(letter, "")
    ep = None
    a, b = move.path[0], move.path[-1]
    if state.board[a][1] == "P" and move.kind == "quiet" and abs(b[1] - a[1]) == 2:
        ep = (a[0], (a[1] + b[1]) // 2)
    return RefState(board, other(state.side), castling, ep)


def perft(state: RefState, depth: int) -> int:
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(play(state, m), depth - 1) for m in moves)


def move_key(move: RefMove) -> tuple:
    """Returns a comparable description: kind, path names, captured names, promotion letter."""
    return (
        move.kind,
        tuple(name(s) for s in move.path),
        tuple(name(s) for s in move.captured),
        move.promotion.lower() if move.promotion else None,
    )
