"""The ``bestmove`` command of ``python -m engine`` (argument handling for ``engine.cli``).

    python -m engine [--variant <id>] bestmove "<FEN>" --level N [--seed S] [--time SECONDS]

Prints the bot's move in the game's canonical text (Chesskers without ``--variant``:
docs/rules/chesskers.md §4; the others: docs/rules/draughts.md §1.10, docs/rules/hybrids.md
§0.4). The word ``start`` stands for the game's start position. Bad input raises
``ValueError``, which ``engine.cli`` turns into one line on stderr and exit status 2. This module
owns the command's arguments and output only.
"""

from collections.abc import Sequence

from engine import variants
from engine.bot import think
from engine.game import Game
from engine.variant import Variant

USAGE = (
    'usage: python -m engine [--variant <id>] bestmove "<FEN>" --level N [--seed S]'
    " [--time SECONDS]"
)


def bestmove(args: Sequence[str], variant: Variant = variants.DEFAULT) -> int:
    """Runs ``bestmove`` for ``variant`` with the arguments after the command name; returns the
    exit status."""
    options = {"--level": None, "--seed": None, "--time": None}
    positional = []
    items = list(args)
    while items:
        item = items.pop(0)
        if item in options:
            if not items:
                raise ValueError(f"{item} needs a value; {USAGE}")
            options[item] = items.pop(0)
        else:
            positional.append(item)
    if len(positional) != 1 or options["--level"] is None:
        raise ValueError(USAGE)
    level = _integer(options["--level"], "level")
    seed = None if options["--seed"] is None else _integer(options["--seed"], "seed")
    time_limit = None
    if options["--time"] is not None:
        try:
            time_limit = float(options["--time"])
        except ValueError:
            time_limit = -1.0
        if not time_limit > 0:
            raise ValueError(
                f"time must be a positive number of seconds, got {options['--time']!r}"
            )
    fen = variant.start_fen if positional[0].strip() == "start" else positional[0]
    game = Game(variant, fen)
    move = think(fen, level, seed=seed, time_limit=time_limit, variant=variant.id).move
    print(game.move_text(move))
    return 0


def _integer(text: str, name: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {text!r}") from None
