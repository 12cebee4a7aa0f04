"""The engine's errors: one class per kind of bad input, all of them ``ValueError``s.

This module owns the error vocabulary only; the code that raises them lives beside the rules.

Every error keeps the sentence it says as a catalogue template and its parameters
(``template``, ``params``): ``str(error)`` is the English sentence the command line prints, and
the site translates the template where it shows it (``common/i18n.py``). ``terms`` names the
parameters whose values are themselves catalogue entries (a piece's name, a side), which the
site translates before filling the template in.

Section numbers (§) refer to docs/rules/chesskers.md.
"""

from typing import Any

from engine.i18n import N_


class Grouped(int):
    """A whole number a sentence writes with its thousands grouped (``1,000``); the site writes
    it as the reader's language does."""

    grouped = True

    def __str__(self) -> str:
        return f"{int(self):,}"


class Alternatives(tuple):
    """Moves (or other texts) a sentence offers as alternatives: ``a or b or c`` in English;
    the site joins them as the reader's language does (``OR``)."""

    alternatives = True

    def __str__(self) -> str:
        return " or ".join(self)


# How the site joins two alternatives (``Alternatives``), in the reader's language.
OR = N_("%(first)s or %(second)s")


class EngineError(ValueError):
    """An engine error whose sentence is a template (marked with ``N_``) and its parameters:
    ``EngineError(N_("bad square %(square)s"), square="x9")``. Without parameters the
    template is the whole sentence, as for any ``ValueError``."""

    def __init__(self, template: str, terms: tuple[str, ...] = (), **params: Any) -> None:
        super().__init__(template % params if params else template)
        self.template = template
        self.params = params
        self.terms = terms

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.template, self.terms, self.params))


def _rebuild(
    cls: type[EngineError], template: str, terms: tuple[str, ...], params: dict[str, Any]
) -> EngineError:
    return cls(template, terms, **params)


class InvalidFenError(EngineError):
    """A FEN that is malformed or describes an impossible position (§5, §7)."""


class UnplayablePositionError(InvalidFenError):
    """A well-formed position the site will not play from: more pieces of a kind than the start
    army and promotion allow (no game reaches it), or more legal moves than the move budget
    (``engine.variant.MOVE_BUDGET``), whose list would cost a server more than a game is worth."""


class CaptureSearchError(UnplayablePositionError):
    """A position whose capture sequences take more jumps to search than the capture search's
    budget allows (``engine.work``): refused, wherever its moves are first generated, before
    the search costs a server seconds and memory."""


class WorkLimitError(EngineError):
    """Capture searches that together spent more jumps than the ``engine.work.work_limit``
    around them allows (one request's positions), whichever position was searching then."""


class InvalidMoveTextError(EngineError):
    """Move text that is neither the canonical form nor the machine form (§4)."""


class IllegalMoveError(EngineError):
    """A move that is well written but not legal in the position."""


class AmbiguousMoveError(EngineError):
    """Move text that fits more than one legal move."""


class GameOverError(IllegalMoveError):
    """A move offered after the game has ended (§7: no move once the game is over)."""


class UnknownVariantError(EngineError):
    """A variant id that names no game of the engine (``engine.variants``)."""
