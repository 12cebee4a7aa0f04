"""Chesskers as a variant: the engine's Chesskers modules behind the variant interface.

The game itself lives in the modules it always had — ``position`` (FEN, validation, playing),
``generator`` (the C or Python move generator, ``movegen`` and ``_native.c``), ``notation``,
``outcome`` and ``perft`` — and this module only answers the interface of ``engine.variant`` with
them, adding nothing to the cost of a move. § numbers refer to docs/rules/chesskers.md.
"""

from engine import notation
from engine.board import CHESSBOARD
from engine.i18n import N_
from engine.moves import Move
from engine.outcome import Status, status_of
from engine.perft import divide, perft
from engine.pieces import Color, PieceType
from engine.position import STARTING_FEN, Position
from engine.variant import Outcome, PieceKind, Variant

_DRAW_REASONS = {
    Status.STALEMATE: "stalemate",
    Status.THREEFOLD: "threefold",
    Status.FIFTY_MOVES: "fifty-moves",
    Status.INSUFFICIENT_MATERIAL: "insufficient-material",
}


class ChesskersVariant(Variant):
    """Chesskers (docs/rules/chesskers.md); positions are ``engine.Position``."""

    promotions = {"p": "qrbn"}
    rated_by_speed = True
    # §7: a lone king, or a king and one bishop, cannot mate.
    insufficient_material = ((), ("b",))

    def __init__(self) -> None:
        super().__init__(
            id="chesskers",
            name=N_("Chesskers"),
            family="chesskers",
            board=CHESSBOARD,
            start_fen=STARTING_FEN,
            pieces=[
                PieceKind(PieceType.KING, "K", N_("king"), "king"),
                PieceKind(PieceType.QUEEN, "Q", N_("queen"), "queen"),
                PieceKind(PieceType.ROOK, "R", N_("rook"), "rook"),
                PieceKind(PieceType.BISHOP, "B", N_("bishop"), "bishop"),
                PieceKind(PieceType.KNIGHT, "N", N_("knight"), "knight"),
                PieceKind(PieceType.PAWN, "P", N_("pawn"), "pawn"),
            ],
        )

    def position(self, fen: str) -> Position:
        """Returns the position of ``fen`` (§5, §7); raises ``InvalidFenError``."""
        return Position.from_fen(fen)

    def key_of_fen(self, fen: str) -> str:
        """Returns the repetition key of a FEN the engine wrote: its text without the two
        counters (``Position.fen`` writes the key, then the counters)."""
        return fen.rsplit(" ", 2)[0]

    def checked_king(self, position: Position) -> int | None:
        """Returns the square of the side to move's king if it is in check (§2), else None."""
        if not position.is_check():
            return None
        return position.king_square(position.turn)

    def status(self, position: Position, repetitions: int) -> Status:
        """Returns the status of §3, decided in the order of §7."""
        return status_of(position, repetitions)

    def outcome(self, position: Position, repetitions: int) -> Outcome:
        """Returns the outcome: checkmate wins for the side that gave it; the rest are draws."""
        status = status_of(position, repetitions)
        if status is Status.ONGOING:
            return Outcome(status.value)
        if status is Status.CHECKMATE:
            winner = Color.BLACK if position.turn is Color.WHITE else Color.WHITE
            return Outcome(status.value, winner, "checkmate")
        return Outcome(status.value, None, _DRAW_REASONS[status])

    def describe_moves(self, position: Position) -> list[tuple[Move, str]]:
        """Returns every legal move with its canonical text (§4)."""
        return notation.describe_moves(position)

    def move_text(self, position: Position, move: Move) -> str:
        """Returns the canonical text of a legal ``move`` (§4), with ``+``/``#``."""
        return notation.move_text(position, move)

    def parse_move(self, position: Position, text: str) -> Move:
        """Returns the legal move written ``text``, canonical or machine form (§4); the rules
        document accepts both, so this is also what ``play`` takes."""
        return notation.parse_move(position, text)

    def perft(self, position: Position, depth: int) -> int:
        """Returns the perft count of §6."""
        return perft(position, depth)

    def divide(self, position: Position, depth: int) -> list[tuple[Move, int]]:
        """Returns each legal move with the perft count below it."""
        return divide(position, depth)


CHESSKERS = ChesskersVariant()
"""The Chesskers variant."""
