"""The engine's errors: one class per kind of bad input, all of them ``ValueError``s.

This module owns the error vocabulary only; the code that raises them lives beside the rules.

Section numbers (§) refer to docs/rules/chesskers.md.
"""


class InvalidFenError(ValueError):
    """A FEN that is malformed or describes an impossible position (§5, §7)."""


class UnplayablePositionError(InvalidFenError):
    """A well-formed position the site will not play from: more pieces of a kind than the start
    army and promotion allow (no game reaches it), or more legal moves than the move budget
    (``engine.variant.MOVE_BUDGET``), whose list would cost a server more than a game is worth."""


class CaptureSearchError(UnplayablePositionError):
    """A position whose capture sequences take more jumps to search than the capture search's
    budget allows (``engine.work``): refused, wherever its moves are first generated, before
    the search costs a server seconds and memory."""


class WorkLimitError(ValueError):
    """Capture searches that together spent more jumps than the ``engine.work.work_limit``
    around them allows (one request's positions), whichever position was searching then."""


class InvalidMoveTextError(ValueError):
    """Move text that is neither the canonical form nor the machine form (§4)."""


class IllegalMoveError(ValueError):
    """A move that is well written but not legal in the position."""


class AmbiguousMoveError(ValueError):
    """Move text that fits more than one legal move."""


class GameOverError(IllegalMoveError):
    """A move offered after the game has ended (§7: no move once the game is over)."""


class UnknownVariantError(ValueError):
    """A variant id that names no game of the engine (``engine.variants``)."""
