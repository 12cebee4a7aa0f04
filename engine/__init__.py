"""The rules engine: Chesskers, the draughts family and the hybrids behind one interface.

Positions, moves, notation, FEN, adjudication, perft, the command line and the Chesskers bot, in
standard-library Python (Chesskers' move generator also in C, ``engine/_native.c``, used when
built); it imports nothing from Django. docs/engine.md describes it. The names re-exported here
are the public API the site codes against: ``Game`` is a game of any variant, which it takes
first (usually made by the variant: ``engine.variants.get(id).new_game()``); ``Position``,
``Status`` and the rest are Chesskers'.
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
