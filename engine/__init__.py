"""The Chesskers rules engine: positions, moves, notation, adjudication, perft, the CLI.

Standard-library Python, with the move generator also in C (``engine/_native.c``, used when
built; see ``engine.movegen``); it imports nothing from Django (docs/engine.md). The names
re-exported here are the public API the site codes against.
"""

from engine.errors import (
    AmbiguousMoveError,
    GameOverError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveTextError,
)
from engine.game import Game
from engine.moves import Move, MoveKind
from engine.outcome import Status
from engine.pieces import Color, PieceType
from engine.position import STARTING_FEN, Position
from engine.squares import parse_square, square_name

__all__ = [
    "STARTING_FEN",
    "AmbiguousMoveError",
    "Color",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveTextError",
    "Move",
    "MoveKind",
    "PieceType",
    "Position",
    "Status",
    "parse_square",
    "square_name",
]
