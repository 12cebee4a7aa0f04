"""The reference of the hybrids: the rules of moving of the four games written as plainly as
possible, for reading and checking.

This is docs/rules/hybrids.md §1-§4 as slow, literal code: the obvious generator the fast one
(``engine.hybrids.movegen`` and each game's ``Generator``) is checked against, move for move, by
tests/engine/hybrids/test_reference.py. The engine never plays on it, and it shares nothing with
the rest of ``engine/hybrids`` (nor the draughts capture core): squares are (file, rank) pairs
from (0, 0) = a1, the board a dict from square to (colour, letter), colour ``"w"`` or ``"b"``
and the letter the game's upper-case FEN letter. A king is in check exactly when some capture of
the opponent, found by generating the opponent's moves (every capture sequence of its draughts
pieces, every prefix of a Game Mix dama's), removes it. Moves are compared with the engine's as
keys: (kind, path names, captured names, promotion letter or None).
"""

from dataclasses import dataclass

Square = tuple[int, int]
Key = tuple[str, tuple[str, ...], tuple[str, ...], str | None]

DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))
ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
EIGHT = ORTHOGONAL + DIAGONAL
KNIGHT = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))
CAMEL = ((1, 3), (-1, 3), (1, -3), (-1, -3), (3, 1), (3, -1), (-3, 1), (-3, -1))
BYELORUSSIAN_DOUBLE = {
    "w": {"a2", "c2", "e2", "g2", "b3", "d3", "f3", "h3"},
    "b": {"b7", "d7", "f7", "h7", "a6", "c6", "e6", "g6"},
}


@dataclass
class Pos:
    """A position: game id, placement, side to move, castling rights, en-passant square."""

    game: str
    board: dict
    side: str
    castling: str
    ep: Square | None


@dataclass(frozen=True)
class RefMove:
    """A move: its key and the placement after it."""

    key: Key
    after: tuple


def name(sq: Square) -> str:
    """Returns the algebraic name of ``sq``."""
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def square(text: str) -> Square:
    """Returns the square named ``text``."""
    return ("abcdefgh".index(text[0]), int(text[1]) - 1)


def on(sq: Square) -> bool:
    """Returns whether ``sq`` is on the board."""
    return 0 <= sq[0] < 8 and 0 <= sq[1] < 8


def step(sq: Square, d: tuple[int, int], times: int = 1) -> Square:
    """Returns the square ``times`` steps from ``sq`` in direction ``d``."""
    return (sq[0] + d[0] * times, sq[1] + d[1] * times)


def other(color: str) -> str:
    """Returns the other colour."""
    return "b" if color == "w" else "w"


def forward(color: str) -> int:
    """Returns the rank step of ``color``'s forward."""
    return 1 if color == "w" else -1


def last(color: str) -> int:
    """Returns ``color``'s last rank."""
    return 7 if color == "w" else 0


def from_fen(game: str, fen: str) -> Pos:
    """Returns the position of a FEN the engine accepts (no validation here)."""
    placement, side, castling, ep = fen.split()[:4]
    board = {}
    for row, text in enumerate(placement.split("/")):
        file = 0
        for ch in text:
            if ch.isdigit():
                file += int(ch)
            else:
                board[(file, 7 - row)] = ("w" if ch.isupper() else "b", ch.upper())
                file += 1
    return Pos(
        game, board, side, "" if castling == "-" else castling, None if ep == "-" else square(ep)
    )


def _key(kind: str, path, captured=(), promotion: str | None = None) -> Key:
    return (kind, tuple(name(s) for s in path), tuple(name(s) for s in captured), promotion)


def _after(board: dict, origin: Square, target: Square, piece, captured=()) -> tuple:
    after = dict(board)
    for s in captured:
        del after[s]
    del after[origin]
    after[target] = piece
    return tuple(sorted(after.items()))


# --- simple moves: leaps, slides, pawns, liners ---------------------------------------------
def _simple(pos: Pos, color: str, origin: Square, piece, out: list, ep: Square | None) -> None:
    board, game = pos.board, pos.game
    letter = piece[1]

    def add(kind, target, captured=(), promotion=None, becomes=None):
        moved = (color, becomes or promotion or letter)
        after = _after(board, origin, target, moved, captured)
        key = _key(kind, (origin, target), captured, promotion.lower() if promotion else None)
        out.append(RefMove(key, after))

    def to(target, takes=True, quiet=True, promotions=(None,), becomes=None):
        if not on(target):
            return False
        if target not in board:
            if quiet:
                for p in promotions:
                    add("quiet", target, (), p, becomes)
            return True
        if takes and board[target][0] != color:
            for p in promotions:
                add("replacement", target, (target,), p)
        return False

    f = forward(color)
    if game == "cheskers":
        if letter == "P":  # steps forward; promotes by choice
            for d in ((1, f), (-1, f)):
                t = step(origin, d)
                promos = ("K", "B", "C") if on(t) and t[1] == last(color) else (None,)
                to(t, takes=False, promotions=promos)
        elif letter == "K":
            for d in DIAGONAL:
                to(step(origin, d), takes=False)
        elif letter == "B":
            for d in DIAGONAL:
                t = step(origin, d)
                while to(t):
                    t = step(t, d)
        elif letter == "C":
            for d in CAMEL:
                to(step(origin, d))
        return
    if letter in ("K", "N", "S"):
        steps = {"K": EIGHT, "N": KNIGHT, "S": (*DIAGONAL, (0, f))}[letter]
        for d in steps:
            to(step(origin, d))
    elif letter in ("Q", "R", "B"):
        for d in {"Q": EIGHT, "R": ORTHOGONAL, "B": DIAGONAL}[letter]:
            t = step(origin, d)
            while to(t):
                t = step(t, d)
    elif letter == "P":
        promos = ("Q", "R", "B", "N") if game == "byelorussian-cheskers" else ("L", "N", "S")
        one = step(origin, (0, f))
        promotions = promos if one[1] == last(color) else (None,)
        if to(one, takes=False, promotions=promotions):
            two = step(origin, (0, 2 * f))
            if game == "byelorussian-cheskers":
                may = name(origin) in BYELORUSSIAN_DOUBLE[color]
            else:
                may = origin[1] == (1 if color == "w" else 6)
            if may and on(two) and two not in board:
                add("quiet", two)
        for df in (1, -1):
            t = step(origin, (df, f))
            if not on(t):
                continue
            if t in board and board[t][0] != color:
                for p in promos if t[1] == last(color) else (None,):
                    add("replacement", t, (t,), p)
            elif t == ep and t not in board:
                victim = (t[0], origin[1])
                if board.get(victim) == (other(color), "P"):
                    add("en-passant", t, (victim,))
    elif letter in ("M", "C"):  # draughtsman, checker: forward steps, crowned on the last rank
        for d in ((1, f), (-1, f)):
            t = step(origin, d)
            to(t, takes=False, becomes="D" if on(t) and t[1] == last(color) else None)
    elif letter == "D":  # damka and dama: quiet like a bishop
        for d in DIAGONAL:
            t = step(origin, d)
            while to(t, takes=False):
                t = step(t, d)
    elif letter == "L":  # a liner: as far as its whole line holds pieces
        for axis in ((1, 0), (0, 1), (1, 1), (1, -1)):
            line = [origin]
            for d in (axis, (-axis[0], -axis[1])):
                t = step(origin, d)
                while on(t):
                    line.append(t)
                    t = step(t, d)
            n = sum(1 for s in line if s in board)
            for d in (axis, (-axis[0], -axis[1])):
                to(step(origin, d, n), quiet=True)


# --- jumps ----------------------------------------------------------------------------------
def _jumps(pos: Pos, color: str, origin: Square, letter: str) -> list:
    # Complete capture sequences as (path, captured, final letter); for Game Mix's dama every
    # prefix. Taken pieces stay on the board (they block) until the move ends.
    board, game = pos.board, pos.game

    def empty(s):
        return on(s) and (s == origin or s not in board)

    def enemy(s, caps):
        return on(s) and s != origin and s in board and board[s][0] != color and s not in caps

    def short(cur, kind, path, caps):
        f = forward(color)
        if game == "cheskers":
            dirs = ((1, f), (-1, f)) if kind == "P" else DIAGONAL
        else:
            dirs = DIAGONAL
        found = []
        for d in dirs:
            over, land = step(cur, d), step(cur, d, 2)
            if not (enemy(over, caps) and empty(land)):
                continue
            npath, ncaps = (*path, land), (*caps, over)
            if game == "cheskers" and kind == "P" and land[1] == last(color):
                found.append((npath, ncaps, "promote"))
                continue
            if game in ("game-mix", "mix-chess"):  # a checker takes one piece only
                crowned = "D" if land[1] == last(color) else "C"
                found.append((npath, ncaps, crowned))
                continue
            if game == "byelorussian-cheskers" and land[1] == last(color):
                more = flying(land, npath, ncaps)
                found.extend(more or [(npath, ncaps, "D")])
                continue
            more = short(land, kind, npath, ncaps)
            found.extend(more or [(npath, ncaps, kind)])
        return found

    def flying(cur, path, caps):
        # Russian: land on any empty square beyond; where some landing can go on, only those.
        found = []
        for d in DIAGONAL:
            s = step(cur, d)
            while empty(s):
                s = step(s, d)
            if not enemy(s, caps):
                continue
            landings = []
            t = step(s, d)
            while empty(t):
                landings.append(t)
                t = step(t, d)
            going, stopping = [], []
            for land in landings:
                more = flying(land, (*path, land), (*caps, s))
                if more:
                    going.extend(more)
                else:
                    stopping.append(((*path, land), (*caps, s), "D"))
            found.extend(going or stopping)
        return found

    def dama(path, caps):
        # Game Mix: just beyond each piece, straight on, up to three, every prefix a move.
        found = []
        for d in DIAGONAL:
            cur, taken = origin, []
            lands = [origin]
            for _ in range(3):
                s = step(cur, d)
                while empty(s):
                    s = step(s, d)
                if not (enemy(s, taken) and empty(step(s, d))):
                    break
                taken.append(s)
                cur = step(s, d)
                lands.append(cur)
                found.append((tuple(lands), tuple(taken), "D"))
        return found

    if letter == "D" and game in ("game-mix", "mix-chess"):
        return dama((origin,), ())
    if letter == "D":
        return flying(origin, (origin,), ())
    return short(origin, letter, (origin,), ())


def _straightened(path: tuple, caps: tuple) -> tuple:
    # §2.4: a damka going on in the same direction is written through the square just beyond
    # the piece it took.
    path = list(path)
    for i in range(len(caps) - 1):
        a, b, c = path[i], path[i + 1], path[i + 2]
        d1 = (_sign(b[0] - a[0]), _sign(b[1] - a[1]))
        d2 = (_sign(c[0] - b[0]), _sign(c[1] - b[1]))
        if d1 == d2:
            path[i + 1] = step(caps[i], d1)
    return tuple(path)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def jump_moves(pos: Pos, color: str) -> list[RefMove]:
    """Returns every capture by jumping of ``color``'s draughts pieces (complete sequences; a
    Game Mix dama's every prefix), promotions chosen where Cheskers offers them."""
    jumpers = {"cheskers": "PK", "byelorussian-cheskers": "MD"}.get(pos.game, "CD")
    out = []
    seen = set()
    for origin, (owner, letter) in list(pos.board.items()):
        if owner != color or letter not in jumpers:
            continue
        for path, caps, final in _jumps(pos, color, origin, letter):
            if pos.game == "byelorussian-cheskers":
                path = _straightened(path, caps)
            choices = ("K", "B", "C") if final == "promote" else (None,)
            for choice in choices:
                becomes = choice or (final if final != "promote" else letter)
                after = _after(pos.board, origin, path[-1], (color, becomes), caps)
                key = _key("jump", path, caps, choice.lower() if choice else None)
                if key not in seen:
                    seen.add(key)
                    out.append(RefMove(key, after))
    return out


def simple_moves(pos: Pos, color: str) -> list[RefMove]:
    """Returns every quiet move and replacement or en-passant capture of ``color``."""
    out: list[RefMove] = []
    ep = pos.ep if color == pos.side else None
    for origin, piece in list(pos.board.items()):
        if piece[0] == color:
            _simple(pos, color, origin, piece, out, ep)
    return out


# --- check and legality -----------------------------------------------------------------------
def in_check(game: str, board: dict, color: str) -> bool:
    """Returns whether ``color``'s king can be taken by a capture of the opponent."""
    kings = [s for s, p in board.items() if p == (color, "K")]
    if game == "cheskers" or not kings:
        return False
    king = kings[0]
    them = other(color)
    pos = Pos(game, board, them, "", None)
    for move in simple_moves(pos, them) + jump_moves(pos, them):
        if name(king) in move.key[2]:
            return True
    if game == "mix-chess":  # the dama checks like a bishop
        for d in DIAGONAL:
            s = step(king, d)
            while on(s) and s not in board:
                s = step(s, d)
            if on(s) and board[s] == (them, "D"):
                return True
    return False


def connected(board: dict) -> bool:
    """Returns whether every piece touches the others in one group (Game Mix §3.5)."""
    squares = set(board)
    if not squares:
        return False
    start = next(iter(squares))
    group, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for d in EIGHT:
            t = step(s, d)
            if t in squares and t not in group:
                group.add(t)
                todo.append(t)
    return group == squares


def _castlings(pos: Pos) -> list[RefMove]:
    color = pos.side
    rank = 0 if color == "w" else 7
    out = []
    board = pos.board
    for right, rook_file, passed, land, between in (
        ("K", 7, 5, 6, (5, 6)),
        ("Q", 0, 3, 2, (1, 2, 3)),
    ):
        right = right if color == "w" else right.lower()
        king, rook = (4, rank), (rook_file, rank)
        if right not in pos.castling or board.get(king) != (color, "K"):
            continue
        if board.get(rook) != (color, "R") or any((f, rank) in board for f in between):
            continue
        if in_check(pos.game, board, color):
            continue
        over = dict(board)
        del over[king]
        over[(passed, rank)] = (color, "K")
        if in_check(pos.game, over, color):
            continue
        after = dict(over)
        del after[(passed, rank)]
        del after[rook]
        after[(land, rank)] = (color, "K")
        after[(passed, rank)] = (color, "R")
        if not in_check(pos.game, after, color):
            key = _key("castle", (king, (land, rank)))
            out.append(RefMove(key, tuple(sorted(after.items()))))
    return out


def legal_moves(pos: Pos) -> list[RefMove]:
    """Returns the legal moves of the side to move (§1.4, §2.5, §3.3, §4; none once Cheskers'
    side has no king or Game Mix's pieces all touch)."""
    color, game = pos.side, pos.game
    if game == "cheskers":
        if (color, "K") not in pos.board.values():
            return []
        jumps = jump_moves(pos, color)
        simple = simple_moves(pos, color)
        takes = [m for m in simple if m.key[0] == "replacement"]
        if not jumps:
            return simple
        multiple = [m for m in jumps if len(m.key[2]) >= 2]
        return multiple or jumps + takes
    if game == "game-mix" and connected(pos.board):
        return []
    if game == "byelorussian-cheskers":
        jumps = jump_moves(pos, color)
        if jumps:
            most = max(len(m.key[2]) for m in jumps)
            candidates = [m for m in jumps if len(m.key[2]) == most]
        else:
            candidates = simple_moves(pos, color)
    else:
        candidates = simple_moves(pos, color) + jump_moves(pos, color)
    legal = [m for m in candidates if not in_check(game, dict(m.after), color)]
    if game == "byelorussian-cheskers" and not jumps:
        legal += _castlings(pos)
    return legal


def keys(pos: Pos) -> set[Key]:
    """Returns the keys of the legal moves of ``pos``."""
    return {m.key for m in legal_moves(pos)}


def play(pos: Pos, move: RefMove) -> Pos:
    """Returns the position after ``move``: castling rights lost by a king or rook leaving or
    being taken on its home square, the en-passant square of a pawn's double step."""
    _, path, captured, _ = move.key
    touched = {path[0], path[-1], *captured}
    castling = pos.castling
    for right, homes in (("K", "e1 h1"), ("Q", "e1 a1"), ("k", "e8 h8"), ("q", "e8 a8")):
        if touched & set(homes.split()):
            castling = castling.replace(right, "")
    ep = None
    origin, target = square(path[0]), square(path[-1])
    if pos.board[origin][1] == "P" and pos.game != "cheskers" and abs(target[1] - origin[1]) == 2:
        ep = (origin[0], (origin[1] + target[1]) // 2)
    return Pos(pos.game, dict(move.after), other(pos.side), castling, ep)


def perft(pos: Pos, depth: int) -> int:
    """Returns the number of legal move sequences of ``depth`` plies."""
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, move), depth - 1) for move in moves)
