"""The engine's command line (docs/rules/chesskers.md §6), kept stable for tests and outside checks.

    python -m engine moves "<FEN>"
    python -m engine perft "<FEN>" <depth> [--divide]
    python -m engine play "<FEN>" <move>...

Bad input prints one line to stderr and exits with status 2. This module owns argument handling
and output format only.
"""

import sys
from collections.abc import Sequence

from engine.game import Game
from engine.notation import describe_moves
from engine.perft import divide, perft
from engine.position import Position

USAGE = (
    'usage: python -m engine moves "<FEN>" | perft "<FEN>" <depth> [--divide]'
    ' | play "<FEN>" <move>...'
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


def _run(args: list[str]) -> int:
    if not args:
        raise _UsageError(USAGE)
    command, rest = args[0], args[1:]
    if command == "moves":
        if len(rest) != 1:
            raise _UsageError('usage: python -m engine moves "<FEN>"')
        position = Position.from_fen(rest[0])
        for _, text in describe_moves(position):
            print(text)
        return 0
    if command == "perft":
        show_divide = "--divide" in rest
        rest = [a for a in rest if a != "--divide"]
        if len(rest) != 2:
            raise _UsageError('usage: python -m engine perft "<FEN>" <depth> [--divide]')
        position = Position.from_fen(rest[0])
        if not rest[1].isdigit():
            raise _UsageError(f"depth must be a non-negative integer, got {rest[1]!r}")
        depth = int(rest[1])
        if show_divide and depth >= 1:
            texts = dict(describe_moves(position))
            total = 0
            for move, count in divide(position, depth):
                print(f"{texts[move]}: {count}")
                total += count
            print(total)
        else:
            print(perft(position, depth))
        return 0
    if command == "play":
        if not rest:
            raise _UsageError('usage: python -m engine play "<FEN>" <move>...')
        game = Game(rest[0])
        for text in rest[1:]:
            if game.is_over():
                raise _UsageError(f"move {text} refused: the game is over ({game.status().value})")
            game.push(game.parse_move(text))
        print(game.fen())
        print(game.status().value)
        return 0
    if command == "bestmove":  # the bot's command; its arguments live in engine.bot.command
        from engine.bot.command import bestmove

        return bestmove(rest)
    raise _UsageError(f"unknown command {command!r}; {USAGE}")
