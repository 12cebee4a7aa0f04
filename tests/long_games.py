"""Long games for the tests that play them through the real server: a line of legal moves of
any game in the registry that goes on for hundreds of plies without ending.

Random play ends a checkers game in a hundred plies or so (captures are compulsory, and each
side soon runs out of men), so the line is searched for: depth first, from a seeded shuffle, each
position's moves tried in the order that keeps the game going longest — first those after which
the opponent has no capture, then those that leave the opponent fewest replies — and a move after
which the game is over never played. The search is bounded (``max_nodes``); a game whose rules
end every line sooner (a no-progress rule that only kings reach, say) has none.
"""

import random
from dataclasses import dataclass

from engine import variants
from engine.moves import Move


@dataclass(frozen=True)
class LongGame:
    """A line of ``variant``'s moves from its start: the text of each move, as the game's own
    notation writes it, and the FEN after it."""

    variant: str
    texts: tuple[str, ...]
    fens: tuple[str, ...]


def _order(game, move: Move) -> tuple[bool, int] | None:
    # The move's place in the search's order, or None if the game would be over after it.
    game.push(move)
    try:
        if game.is_over():
            return None
        replies = game.legal_moves()
        return any(reply.captured for reply in replies), len(replies)
    finally:
        game.pop()


def long_game(variant_id: str, plies: int, seed: int = 1, max_nodes: int = 60_000) -> LongGame:
    """Returns a line of ``plies`` moves of the game ``variant_id`` after none of which the game
    is over; raises ``LookupError`` when none is found within ``max_nodes`` moves tried."""
    variant = variants.get(variant_id)
    rng = random.Random(seed)
    game = variant.new_game()
    line: list[tuple[str, str]] = []
    options: list[list[Move]] = []
    nodes = 0
    while len(line) < plies:
        if len(options) == len(line):
            moves = game.legal_moves()
            rng.shuffle(moves)
            nodes += len(moves)
            ranked = sorted(
                ((order, index, move) for index, move in enumerate(moves)
                 if (order := _order(game, move)) is not None),
                key=lambda ranked: ranked[:2],
            )  # fmt: skip
            options.append([move for _, _, move in ranked])
        if not options[-1] or nodes > max_nodes:
            if nodes > max_nodes or not line:
                raise LookupError(f"no {plies}-ply line of {variant_id} within {max_nodes} nodes")
            options.pop()
            line.pop()
            game.pop()
            continue
        move = options[-1].pop(0)
        text = variant.move_text(game.position, move)
        game.push(move)
        line.append((text, game.fen()))
    return LongGame(variant_id, tuple(t for t, _ in line), tuple(f for _, f in line))


def long_game_of_each_family(plies: int) -> list[LongGame]:
    """Returns a ``plies``-ply line for one game of each family: the first game of the family,
    in the registry's order, that has one."""
    found: dict[str, LongGame] = {}
    for variant in variants.VARIANTS.values():
        if variant.family in found:
            continue
        try:
            found[variant.family] = long_game(variant.id, plies)
        except LookupError:
            continue
    return list(found.values())
