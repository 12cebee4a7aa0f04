"""The rules page: the rules text with a live mini-board for each of its examples.

This module owns the examples (their positions and captions) and the data each mini-board needs:
the legal moves of its position, computed by the engine on the server, and the position after
each of them, so the reader can play a move and see its result. It owns no rule itself.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

import engine
from games.history import check_square, legal_moves_payload

# The examples of the rules page, each a FEN with the side to move that shows it. Kings are
# added where the rules' own diagrams leave them out: a position needs one a side.
EXAMPLES: list[dict[str, str]] = [
    {
        "id": "replacement",
        "fen": "7k/8/3P4/8/1n1R4/8/8/K7 w - - 0 1",
        "caption": "Tap the rook: it captures the knight on b4 by replacement (or jumps it).",
    },
    {
        "id": "jumps",
        "fen": "7k/3p4/8/8/1n1R2b1/8/3r4/K7 w - - 0 1",
        "caption": "Tap the rook: it can jump each of the four black pieces around it.",
    },
    {
        "id": "chain",
        "fen": "7k/8/8/2p5/1p6/p7/8/R6K w - - 0 1",
        "caption": "Tap the rook, then a4, c4 and c6: a chain of three jumps.",
    },
    {
        "id": "sweep",
        "fen": "7k/8/8/8/8/b7/p7/N6K w - - 0 1",
        "caption": "Tap the knight, then b3: it sweeps both pieces on its leg.",
    },
    {
        "id": "check",
        "fen": "8/8/8/2k5/1p6/p7/8/R6K b - - 0 1",
        "caption": "Black is in check: the rook could jump a3, b4 and then the king. "
        "Tap the king to see where it is safe.",
    },
    {
        "id": "knight-mate",
        "fen": "7k/5K2/8/8/6N1/8/8/8 w - - 0 1",
        "caption": "Tap the knight, then h6: its leg covers h7 and h8, and that is mate.",
    },
]


def example_board(fen: str) -> dict:
    """Returns a mini-board's data: the position, its check, its legal moves and the FEN after
    each of them (same order), so the page can play any of them without a rule of its own."""
    game = engine.Game(fen)
    position = game.position
    legal = legal_moves_payload(game)
    after = []
    for move in legal:
        child = engine.Game(fen)
        child.push_text(_machine(move))
        after.append(child.fen())
    return {
        "fen": fen,
        "turn": position.turn.name_lower,
        "check": check_square(fen),
        "legal_moves": legal,
        "after": after,
    }


def _machine(move: dict) -> str:
    text = "-".join(move["path"])
    return f"{text}-{move['promotion']}" if move["promotion"] else text


def rules(request: HttpRequest) -> HttpResponse:
    """The rules page, with a live mini-board for each example."""
    boards = [{**example, **example_board(example["fen"])} for example in EXAMPLES]
    return render(request, "games/rules.html", {"boards": boards})
