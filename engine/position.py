"""The position: board, side to move, castling rights, en-passant square and clocks.

This module owns the ``Position`` value (FEN in and out, validation, legal moves, playing a
move into a new position). It does not keep game history: repetition lives in ``game``.

Section numbers (§) refer to docs/rules/chesskers.md.
"""

from engine import attacks, moving
from engine.errors import IllegalMoveError, InvalidFenError
from engine.fen import castling_text, ep_text, parse_fen, placement_text
from engine.generator import GENERATOR
from engine.i18n import N_
from engine.moves import Move, MoveKind
from engine.pieces import PAWN, Color, PieceType
from engine.tables import PAWN_ATTACKERS

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

_HOME_RIGHTS = ((1, 4, 6, 7, 4), (2, 4, 6, 0, 4), (4, 60, -6, 63, -4), (8, 60, -6, 56, -4))


class Position:
    """A Chesskers position. Treat it as immutable: ``play`` returns a new position.

    Move generation tries moves on a private copy of the board, so one position may be read
    from several threads at once.
    """

    __slots__ = (
        "_board",
        "_key",
        "_kings",
        "_legal",
        "_moves",
        "_side",
        "castling",
        "ep",
        "fullmove",
        "halfmove",
    )

    def __init__(
        self,
        board: list[int],
        side: int,
        castling: int,
        ep: int,
        halfmove: int,
        fullmove: int,
        kings: tuple[int, int],
    ) -> None:
        self._board = board
        self._side = side
        self.castling = castling
        self.ep = ep
        self.halfmove = halfmove
        self.fullmove = fullmove
        self._kings = kings
        self._moves: list[Move] | None = None
        self._legal: frozenset[Move] | None = None
        self._key: str | None = None

    # --- construction -------------------------------------------------------------------
    @classmethod
    def from_fen(cls, fen: str) -> "Position":
        """Returns the position of ``fen``; raises ``InvalidFenError`` for a bad or illegal one.

        §7: exactly one king a side, no pawn on rank 1 or 8, the side not to move not in
        check. Castling rights without king and rook at home are dropped; an en-passant square
        that does not describe a double step just made is ignored.
        """
        board, side, castling, ep, halfmove, fullmove = parse_fen(fen)
        kings = []
        for code, refusal in (
            (6, N_("invalid FEN %(fen)s: White must have exactly one king, has %(count)s")),
            (-6, N_("invalid FEN %(fen)s: Black must have exactly one king, has %(count)s")),
        ):
            squares = [sq for sq in range(64) if board[sq] == code]
            if len(squares) != 1:
                raise InvalidFenError(refusal, fen=repr(fen), count=len(squares))
            kings.append(squares[0])
        for sq in (*range(8), *range(56, 64)):
            if abs(board[sq]) == PAWN:
                raise InvalidFenError(
                    N_("invalid FEN %(fen)s: a pawn stands on rank 1 or 8"), fen=repr(fen)
                )
        for bit, king_sq, king, rook_sq, rook in _HOME_RIGHTS:
            if castling & bit and (board[king_sq] != king or board[rook_sq] != rook):
                castling &= ~bit
        if ep >= 0 and not _describes_double_step(board, side, ep):
            ep = -1
        king_tuple = (kings[0], kings[1])
        if GENERATOR.is_attacked(board, king_tuple[0 if side == -1 else 1], side):
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: the side not to move is in check"), fen=repr(fen)
            )
        if ep >= 0 and not _has_legal_ep(board, side, castling, ep, king_tuple):
            ep = -1
        return cls(board, side, castling, ep, halfmove, fullmove, king_tuple)

    # --- facts --------------------------------------------------------------------------
    @property
    def turn(self) -> Color:
        """Returns the side to move."""
        return Color.WHITE if self._side == 1 else Color.BLACK

    @property
    def side(self) -> int:
        """Returns the side to move as +1 (White) or -1 (Black)."""
        return self._side

    @property
    def board(self) -> tuple[int, ...]:
        """Returns the 64 signed piece codes (see ``engine.pieces``), a1 first."""
        return tuple(self._board)

    def king_square(self, color: Color) -> int:
        """Returns the square of ``color``'s king."""
        return self._kings[0 if color is Color.WHITE else 1]

    def piece_at(self, sq: int) -> tuple[Color, PieceType] | None:
        """Returns (colour, piece type) of the piece on ``sq``, or None if it is empty."""
        p = self._board[sq]
        if not p:
            return None
        return (Color.WHITE, PieceType(p)) if p > 0 else (Color.BLACK, PieceType(-p))

    def pieces(self) -> dict[int, tuple[Color, PieceType]]:
        """Returns every occupied square with its (colour, piece type)."""
        return {sq: self.piece_at(sq) for sq in range(64) if self._board[sq]}  # type: ignore

    def is_check(self) -> bool:
        """Returns whether the side to move is in check (§2)."""
        k = self._kings[0 if self._side == 1 else 1]
        return GENERATOR.is_attacked(self._board.copy(), k, -self._side)

    def gives_check(self, move: Move) -> bool:
        """Returns whether ``move`` (legal here) leaves the opponent's king in check."""
        board = self._board.copy()
        moving.apply_move(board, move, self._side)
        k = _kings_after(self._kings, move, self._side)[1 if self._side == 1 else 0]
        return GENERATOR.is_attacked(board, k, self._side)

    def checks(self, moves: list[Move]) -> list[bool]:
        """Returns, for each of ``moves`` (legal here), whether it gives check: ``gives_check``
        of each, in one batch."""
        return attacks.checks(self._board.copy(), self._side, self._kings, moves)

    def legal_moves(self) -> list[Move]:
        """Returns every legal move (§1-§2); chain prefixes and promotions are separate."""
        if self._moves is None:
            self._moves = GENERATOR.legal_moves(
                self._board.copy(), self._side, self.castling, self.ep, self._kings
            )
        return list(self._moves)

    def marked_moves(self) -> tuple[list[Move], list[int]]:
        """Returns the legal moves and, for each, 0 (no check), 1 (check) or 2 (checkmate): what
        their canonical texts need (§4 "+" and "#"), in one batch."""
        moves, marks = GENERATOR.marked_moves(
            self._board, self._side, self.castling, self.ep, self._kings
        )
        if self._moves is None:
            self._moves = moves
        return list(moves), marks

    def has_legal_move(self) -> bool:
        """Returns whether the side to move has any legal move."""
        if self._moves is not None:
            return bool(self._moves)
        return GENERATOR.has_legal_move(
            self._board.copy(), self._side, self.castling, self.ep, self._kings
        )

    def is_legal(self, move: Move) -> bool:
        """Returns whether ``move`` is one of the legal moves."""
        return move in self._legal_set()

    def _legal_set(self) -> frozenset[Move]:
        if self._legal is None:
            self._legal = frozenset(self.legal_moves())
        return self._legal

    # --- playing --------------------------------------------------------------------------
    def play(self, move: Move) -> "Position":
        """Returns the position after ``move``; raises ``IllegalMoveError`` if it is not legal."""
        if move not in self._legal_set():
            raise IllegalMoveError(
                N_("illegal move %(move)s: not legal in this position"), move=move.machine()
            )
        return self.play_unchecked(move)

    def play_unchecked(self, move: Move) -> "Position":
        """Returns the position after ``move``, trusting that it is legal here."""
        side = self._side
        board = self._board.copy()
        moving.apply_move(board, move, side)
        kings = _kings_after(self._kings, move, side)
        castling = moving.next_castling(self.castling, move)
        ep = moving.double_step_target(move)
        if ep >= 0 and not _has_legal_ep(board, -side, castling, ep, kings):
            ep = -1
        reset = move.piece is PieceType.PAWN or bool(move.captured)
        return Position(
            board,
            -side,
            castling,
            ep,
            0 if reset else self.halfmove + 1,
            self.fullmove + (1 if side == -1 else 0),
            kings,
        )

    # --- text ---------------------------------------------------------------------------
    def fen(self) -> str:
        """Returns the FEN; the en-passant field only when a legal en-passant capture exists."""
        return f"{self.key()} {self.halfmove} {self.fullmove}"

    def key(self) -> str:
        """Returns the repetition key: placement, side, castling, legal en-passant square."""
        if self._key is None:
            self._key = (
                f"{placement_text(self._board)} {'w' if self._side == 1 else 'b'} "
                f"{castling_text(self.castling)} {ep_text(self.ep)}"
            )
        return self._key

    def copy_state(self) -> tuple[list[int], int, int, int, tuple[int, int]]:
        """Returns a private copy of (board, side, castling, ep, kings) for search and perft."""
        return self._board.copy(), self._side, self.castling, self.ep, self._kings

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self._board == other._board
            and self._side == other._side
            and self.castling == other.castling
            and self.ep == other.ep
            and self.halfmove == other.halfmove
            and self.fullmove == other.fullmove
        )

    def __hash__(self) -> int:
        return hash((tuple(self._board), self._side, self.castling, self.ep, self.halfmove))

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen()!r})"


def _kings_after(kings: tuple[int, int], move: Move, side: int) -> tuple[int, int]:
    if move.piece is not PieceType.KING:
        return kings
    return (move.path[-1], kings[1]) if side == 1 else (kings[0], move.path[-1])


def _describes_double_step(board: list[int], side: int, ep: int) -> bool:
    # The side to move captures; the opponent's pawn has just stepped from behind ep to beyond.
    if side == 1:
        return ep >> 3 == 5 and board[ep] == 0 and board[ep + 8] == 0 and board[ep - 8] == -PAWN
    return ep >> 3 == 2 and board[ep] == 0 and board[ep - 8] == 0 and board[ep + 8] == PAWN


def _has_legal_ep(
    board: list[int], side: int, castling: int, ep: int, kings: tuple[int, int]
) -> bool:
    # Cheap test first: a pawn of the side to move must stand beside the double-stepped pawn.
    if not any(board[s] == side for s in PAWN_ATTACKERS[side][ep]):
        return False
    moves = GENERATOR.legal_moves(board, side, castling, ep, kings)
    return any(m.kind is MoveKind.EN_PASSANT for m in moves)
