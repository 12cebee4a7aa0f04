"""The reference: the rules of Chesskers written as plainly as possible, for reading and checking.

This is the engine's statement of the rules (docs/rules/chesskers.md §1-§2) as code. It is
slow by design and the engine never plays on it: the fast generators (``engine.movegen`` in
Python, ``engine/_native.c`` in C) must give the very moves it gives, which the tests check on
perft positions and random games. It shares no code with them, so a mistake in their tables or
shortcuts cannot hide in both.

Squares are (file, rank) pairs from (0, 0) = a1; the board is a dict from square to (colour,
letter), colour ``"w"`` or ``"b"`` and letter one of ``PNBRQK``. A king is in check exactly when
some move of the opponent, found without regard to the opponent's own king (every prefix of a
chain included), lists the king's square among its captures: §2 read literally.
"""

from dataclasses import dataclass

Square = tuple[int, int]
Piece = tuple[str, str]  # (colour "w"/"b", letter "PNBRQK")

ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))
KNIGHT_STEPS = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))
LINES = {"R": ORTHOGONAL, "B": DIAGONAL, "Q": ORTHOGONAL + DIAGONAL, "K": ORTHOGONAL + DIAGONAL}
PROMOTIONS = "QRBN"


@dataclass(frozen=True)
class RefMove:
    """A move: its kind (``quiet``, ``castle``, ``replacement``, ``en-passant``, ``jump``,
    ``sweep``), the squares the piece stops on (origin first), the squares emptied of enemy
    pieces, the promotion letter, and the placement after the move (sorted items)."""

    kind: str
    path: tuple[Square, ...]
    captured: tuple[Square, ...]
    promotion: str | None
    after: tuple[tuple[Square, Piece], ...]


@dataclass
class RefPosition:
    """What the rules of moving need from a position: placement, side, castling, en passant."""

    board: dict[Square, Piece]
    side: str
    castling: str
    ep: Square | None

    @classmethod
    def from_fen(cls, fen: str) -> "RefPosition":
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
        ep_square = None if ep == "-" else ("abcdefgh".index(ep[0]), int(ep[1]) - 1)
        return cls(board, side, "" if castling == "-" else castling, ep_square)


def on_board(square: Square) -> bool:
    """Returns whether ``square`` lies on the board (8 by 8)."""
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def step(square: Square, direction: tuple[int, int], times: int = 1) -> Square:
    """Returns the square ``times`` steps from ``square`` in ``direction``."""
    return (square[0] + times * direction[0], square[1] + times * direction[1])


def name(square: Square) -> str:
    """Returns the algebraic name of ``square`` ("e4")."""
    return "abcdefgh"[square[0]] + str(square[1] + 1)


def other(color: str) -> str:
    """Returns the other colour."""
    return "b" if color == "w" else "w"


def last_rank(color: str) -> int:
    """Returns the rank where ``color``'s pawns promote."""
    return 7 if color == "w" else 0


def forward(color: str) -> int:
    """Returns the rank step of ``color``'s pawns."""
    return 1 if color == "w" else -1


def _placement(board: dict[Square, Piece]) -> tuple[tuple[Square, Piece], ...]:
    return tuple(sorted(board.items()))


def _moved(board, origin, target, piece, captured=()) -> dict[Square, Piece]:
    # The board after ``piece`` leaves ``origin`` for ``target`` and ``captured`` are removed.
    after = dict(board)
    for square in captured:
        del after[square]
    del after[origin]
    after[target] = piece
    return after


def _jump_on(board, color, letter, landed, path, captured, out) -> None:
    # Records the chain that has just landed on ``landed`` and looks for the next jumps.
    # §1.3 and §1.5: a pawn landing on the last rank promotes, each choice a move, and stops.
    if letter == "P" and landed[1] == last_rank(color):
        for promotion in PROMOTIONS:
            promoted = {**board, landed: (color, promotion)}
            out.append(RefMove("jump", path, captured, promotion, _placement(promoted)))
        return
    # §1.3: every prefix of a chain is a move of its own.
    out.append(RefMove("jump", path, captured, None, _placement(board)))
    if letter == "P":
        directions = ((1, forward(color)), (-1, forward(color)))
    else:
        directions = LINES[letter]
    for direction in directions:
        # §1.3 further jumps: an adjacent enemy, the square beyond it empty.
        over, land = step(landed, direction), step(landed, direction, 2)
        if on_board(land) and over in board and board[over][0] != color and land not in board:
            after = _moved(board, landed, land, (color, letter), (over,))
            _jump_on(after, color, letter, land, (*path, land), (*captured, over), out)


def pseudo_moves(position: RefPosition, color: str) -> list[RefMove]:
    """Returns every move of ``color`` (§1) without regard to its own king's safety; castling,
    which needs the king's safety to exist at all, is added by ``legal_moves``."""
    board = position.board
    out: list[RefMove] = []
    for origin, (owner, letter) in list(board.items()):
        if owner != color:
            continue
        piece = (color, letter)

        def simple(kind, target, captured=(), promotion=None, origin=origin, piece=piece):
            moved = (color, promotion) if promotion else piece
            after = _moved(board, origin, target, moved, captured)
            out.append(
                RefMove(kind, (origin, target), tuple(captured), promotion, after=_placement(after))
            )

        if letter == "P":
            ahead = forward(color)
            one = (origin[0], origin[1] + ahead)
            if on_board(one) and one not in board:
                for promotion in PROMOTIONS if one[1] == last_rank(color) else (None,):
                    simple("quiet", one, promotion=promotion)
                two = (origin[0], origin[1] + 2 * ahead)
                if origin[1] == (1 if color == "w" else 6) and two not in board:
                    simple("quiet", two)
            for side_step in (1, -1):
                target = (origin[0] + side_step, origin[1] + ahead)
                if not on_board(target):
                    continue
                if target in board and board[target][0] != color:
                    for promotion in PROMOTIONS if target[1] == last_rank(color) else (None,):
                        simple("replacement", target, (target,), promotion)
                elif target == position.ep and target not in board and color == position.side:
                    victim = (target[0], origin[1])
                    if board.get(victim) == (other(color), "P"):
                        simple("en-passant", target, (victim,))
            _first_pawn_jumps(board, color, origin, out)
        elif letter == "N":
            for df, dr in KNIGHT_STEPS:
                target = (origin[0] + df, origin[1] + dr)
                if not on_board(target):
                    continue
                # §1.4: the leg runs along the long side of the L, from the origin.
                long_side = (0, 1 if dr > 0 else -1) if abs(dr) == 2 else (1 if df > 0 else -1, 0)
                leg = (step(origin, long_side), step(origin, long_side, 2))
                if target not in board:
                    swept = [s for s in leg if s in board and board[s][0] != color]
                    simple("sweep" if swept else "quiet", target, swept)
                elif board[target][0] != color:
                    simple("replacement", target, (target,))
        else:
            for direction in LINES[letter]:
                distance = 1
                while on_board(target := step(origin, direction, distance)):
                    if target not in board:
                        simple("quiet", target)
                        if letter == "K":
                            break
                        distance += 1
                        continue
                    if board[target][0] != color:
                        simple("replacement", target, (target,))
                        # §1.3 first jump: the first piece on a clear line, the square beyond.
                        land = step(target, direction)
                        if on_board(land) and land not in board:
                            after = _moved(board, origin, land, piece, (target,))
                            _jump_on(after, color, letter, land, (origin, land), (target,), out)
                    break
    return out


def _first_pawn_jumps(board, color, origin, out) -> None:
    # §1.3: a pawn's first jump is over an enemy diagonally in front of it, like its further
    # jumps. (A king's first jump is found with its steps: the first piece of a line.)
    for direction in ((1, forward(color)), (-1, forward(color))):
        over, land = step(origin, direction), step(origin, direction, 2)
        if on_board(land) and over in board and board[over][0] != color and land not in board:
            after = _moved(board, origin, land, (color, "P"), (over,))
            _jump_on(after, color, "P", land, (origin, land), (over,), out)


def king_square(board: dict[Square, Piece], color: str) -> Square:
    """Returns the square of ``color``'s king."""
    return next(square for square, piece in board.items() if piece == (color, "K"))


def in_check(board: dict[Square, Piece], color: str) -> bool:
    """Returns whether some move of ``color``'s opponent captures ``color``'s king (§2)."""
    king = king_square(board, color)
    opponent = RefPosition(board, other(color), "", None)
    return any(king in move.captured for move in pseudo_moves(opponent, other(color)))


def legal_moves(position: RefPosition) -> list[RefMove]:
    """Returns the legal moves of the side to move: the moves after which its king is not in
    check, and castling with its three safe positions (§2)."""
    color = position.side
    out = [move for move in pseudo_moves(position, color) if not in_check(dict(move.after), color)]
    rank = 0 if color == "w" else 7
    king = (4, rank)
    for right, rook_file, passed_file, land_file, between in (
        ("K", 7, 5, 6, (5, 6)),
        ("Q", 0, 3, 2, (1, 2, 3)),
    ):
        board = position.board
        if (right if color == "w" else right.lower()) not in position.castling:
            continue
        if board.get(king) != (color, "K") or board.get((rook_file, rank)) != (color, "R"):
            continue
        if any((file, rank) in board for file in between) or in_check(board, color):
            continue
        passed = _moved(board, king, (passed_file, rank), (color, "K"))
        if in_check(passed, color):
            continue
        after = _moved(passed, (passed_file, rank), (land_file, rank), (color, "K"))
        after = _moved(after, (rook_file, rank), (passed_file, rank), (color, "R"))
        if in_check(after, color):
            continue
        out.append(RefMove("castle", (king, (land_file, rank)), (), None, _placement(after)))
    return out


def play(position: RefPosition, move: RefMove) -> RefPosition:
    """Returns the position after ``move``: castling rights lost by touching a king or rook home,
    the en-passant square of a double step."""
    castling = position.castling
    touched = {move.path[0], move.path[-1], *move.captured}
    for right, homes in (
        ("K", {(4, 0), (7, 0)}),
        ("Q", {(4, 0), (0, 0)}),
        ("k", {(4, 7), (7, 7)}),
        ("q", {(4, 7), (0, 7)}),
    ):
        if touched & homes:
            castling = castling.replace(right, "")
    ep = None
    origin, target = move.path[0], move.path[-1]
    if (
        position.board[origin][1] == "P"
        and move.kind == "quiet"
        and abs(target[1] - origin[1]) == 2
    ):
        ep = (origin[0], (origin[1] + target[1]) // 2)
    return RefPosition(dict(move.after), other(position.side), castling, ep)


def perft(position: RefPosition, depth: int) -> int:
    """Returns the number of legal move sequences of ``depth`` plies (§6)."""
    if depth == 0:
        return 1
    moves = legal_moves(position)
    if depth == 1:
        return len(moves)
    return sum(perft(play(position, move), depth - 1) for move in moves)


def move_key(move: RefMove) -> tuple:
    """Returns a comparable description: kind, path names, captured names, promotion letter."""
    return (
        move.kind,
        tuple(name(s) for s in move.path),
        tuple(name(s) for s in move.captured),
        move.promotion.lower() if move.promotion else None,
    )
