"""The engine's command line, kept stable for tests and outside checks.

    python -m engine [--variant <id>] moves "<FEN>"
    python -m engine [--variant <id>] perft "<FEN>" <depth> [--divide]
    python -m engine [--variant <id>] play "<FEN>" <move>...
    python -m engine [--variant <id>] bestmove "<FEN>" --level N ...

Without ``--variant`` the game is Chesskers (docs/rules/chesskers.md §6); the other games are
named by their ids (``engine.variants``; docs/rules/draughts.md §1.12, docs/rules/hybrids.md
§0.5). The word ``start`` stands for the game's start position wherever a FEN is expected. Bad
input — an unknown id, a bad FEN or depth, an illegal, ambiguous or unreadable move, a move after
the end — prints one line to stderr and exits with status 2. This module owns argument handling
and output only.
"""

import sys
from collections.abc import Sequence

from engine import variants
from engine.bot.command import bestmove
from engine.game import Game
from engine.variant import Variant

USAGE = (
    'usage: python -m engine [--variant <id>] moves "<FEN>" | perft "<FEN>" <depth> [--divide]'
    ' | play "<FEN>" <move>... | bestmove "<FEN>" --level N'
)


class _UsageError(ValueError):
    pass


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        return _run(args)
    except (ValueError, _UsageError) as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(f"error: {message}", file=sys.stderr)
        return 2


def _variant_of(args: list[str]) -> tuple[Variant, list[str]]:
    # ``--variant <id>`` or ``--variant=<id>`` before the command; Chesskers without it.
    if args and args[0] == "--variant":
        if len(args) < 2:
            raise _UsageError("--variant needs a game id")
        return variants.get(args[1]), args[2:]
    if args and args[0].startswith("--variant="):
        return variants.get(args[0].split("=", 1)[1]), args[1:]
    return variants.DEFAULT, args


def _fen(variant: Variant, text: str) -> str:
    return variant.start_fen if text.strip() == "start" else text


def _run(args: list[str]) -> int:
    variant, args = _variant_of(args)
    if not args:
        raise _UsageError(USAGE)
    command, rest = args[0], args[1:]
    if command == "moves":
        if len(rest) != 1:
            raise _UsageError('usage: python -m engine [--variant <id>] moves "<FEN>"')
        position = variant.position(_fen(variant, rest[0]))
        for _, text in variant.describe_moves(position):
            print(text)
        return 0
    if command == "perft":
        show_divide = "--divide" in rest
        rest = [a for a in rest if a != "--divide"]
        if len(rest) != 2:
            raise _UsageError(
                'usage: python -m engine [--variant <id>] perft "<FEN>" <depth> [--divide]'
            )
        position = variant.position(_fen(variant, rest[0]))
        if not rest[1].isdigit():
            raise _UsageError(f"depth must be a non-negative integer, got {rest[1]!r}")
        depth = int(rest[1])
        if show_divide and depth >= 1:
            texts = dict(variant.describe_moves(position))
            total = 0
            for move, count in variant.divide(position, depth):
                print(f"{texts[move]}: {count}")
                total += count
            print(total)
        else:
            print(variant.perft(position, depth))
        return 0
    if command == "play":
        if not rest:
            raise _UsageError('usage: python -m engine [--variant <id>] play "<FEN>" <move>...')
        game = Game(variant, _fen(variant, rest[0]))
        for text in rest[1:]:
            if game.is_over():
                status = game.outcome().status
                raise _UsageError(f"move {text} refused: the game is over ({status})")
            game.push(game.parse_notation(text))
        print(game.fen())
        print(game.outcome().status)
        return 0
    if command == "bestmove":  # the bot's command; its arguments live in engine.bot.command
        return bestmove(rest, variant)
    raise _UsageError(f"unknown command {command!r}; {USAGE}")
