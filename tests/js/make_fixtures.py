"""Writes the legal-move fixtures the paths.js tests read (run by hand; the JSON is committed).

    .venv/bin/python tests/js/make_fixtures.py

Each fixture is a position's `legal_moves` payload exactly as the server sends it; those of
fixtures/trees (legal_tree.js) hold its `legal_tree` too. fixtures/first_plies.json holds every
game of the registry's first plies as a state lists them, each with the side the engine says
played it and its number as the archive's export writes it (game_model.js's tests);
fixtures/registry.json every game of the registry, whence the JS tests take their lists of games.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import os  # noqa: E402

import django  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")
django.setup()

import engine  # noqa: E402
from engine.chesskers import CHESSKERS  # noqa: E402
from engine.variants import VARIANTS  # noqa: E402
from games.domain.pgn import move_number  # noqa: E402
from games.storage.history import captured_pieces  # noqa: E402
from games.storage.positions import (  # noqa: E402
    kind_name,
    legal_moves_of_fen,
    legal_moves_payload,
    legal_tree_json,
)
from tests.games.test_legal_tree import POSITIONS as TREE_POSITIONS  # noqa: E402
from tests.games.test_legal_tree import TREES  # noqa: E402

POSITIONS = {
    "start": engine.STARTING_FEN,
    "chain": "4k3/8/8/2p5/1p6/p7/8/R3K3 w - - 0 1",
    "queen_loop": "7k/1p1p4/8/1p1p4/2Q5/8/8/4K3 w - - 0 1",
    "pawn_chain_promotion": "k7/4p3/8/2p5/1P6/8/8/4K3 w - - 0 1",
    "sweep": "4k3/8/8/8/8/b7/p7/N3K3 w - - 0 1",
    "castling": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "en_passant": "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "step_promotion": "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
    "branching_chain": "4k3/8/8/8/1p1p4/2p5/8/2R1K3 w - - 0 1",
    "black_chain": "r3k3/8/8/8/8/8/P7/4K3 b - - 0 1",
    "mate": "7k/5K2/8/8/6N1/8/8/8 w - - 0 1",
}

FIRST_PLIES = ROOT / "tests" / "js" / "fixtures" / "first_plies.json"
REGISTRY = ROOT / "tests" / "js" / "fixtures" / "registry.json"
MOST_PLIES = 40


def main() -> None:
    out = ROOT / "tests" / "js" / "fixtures"
    out.mkdir(exist_ok=True)
    for name, fen in POSITIONS.items():
        data = {"fen": fen, "legal_moves": legal_moves_payload(engine.Game(CHESSKERS, fen))}
        (out / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
    write_trees()
    FIRST_PLIES.write_text(json.dumps(first_plies(), indent=1) + "\n")
    REGISTRY.write_text(json.dumps(registry(), indent=1) + "\n")


def registry() -> list[dict]:
    """Returns every game of the registry, in its order, as the JS tests list them: {id, name,
    family}."""
    return [{"id": v.id, "name": v.name, "family": v.family} for v in VARIANTS.values()]


def first_plies() -> dict:
    """Returns each game's first plies from its start, by id: {name, start_fen, plies}. The game
    is the engine's own, a capture preferred, else the first legal move, until both sides have
    taken a piece of the other's (at least four plies, at most ``MOST_PLIES``). Each ply is the
    state's move (ply, text, path, captured, captured_pieces, kind, fen) with ``mover`` (the
    engine's side to move before it), ``taken`` (the pieces it took, colour and letter as the
    board writes them: "wM") and ``number`` and ``opens`` (``games.pgn.move_number``)."""
    games = {}
    for variant_id, variant in VARIANTS.items():
        game = engine.Game(variant, variant.start_fen)
        letters = {kind.symbol: (kind.letter or "M").upper() for kind in variant.pieces}
        plies: list[dict] = []
        while len(plies) < MOST_PLIES and game.legal_moves():
            moves = game.legal_moves()
            move = next((m for m in moves if m.captured), moves[0])
            before = game.position
            mover = before.turn.name.lower()
            taken = []
            for square in move.captured:
                color, piece = before.piece_at(square)
                taken.append(("w" if color.name == "WHITE" else "b") + letters[piece.symbol])
            number, opens = move_number(variant.start_fen, len(plies))
            ply = {
                "ply": len(plies),
                "text": game.move_text(move),
                "path": move.path_names(),
                "captured": move.captured_names(),
                "captured_pieces": captured_pieces(before, move),
                "kind": kind_name(move),
            }
            game.push(move)
            said = {"mover": mover, "taken": taken, "number": number, "opens": opens}
            plies.append({**ply, "fen": game.fen(), **said})
            took = {p["mover"] for p in plies if p["kind"] in ("jump", "sweep", "replacement")}
            if len(plies) >= 4 and took == {"white", "black"}:
                break
        games[variant_id] = {"name": variant.name, "start_fen": variant.start_fen, "plies": plies}
    return games


def write_trees() -> None:
    """Writes the legal_tree.js fixtures: each position's tree and list, as the server sends."""
    TREES.mkdir(exist_ok=True)
    for name, (variant, fen, _, _) in TREE_POSITIONS.items():
        data = {
            "variant": variant,
            "fen": fen,
            "legal_tree": json.loads(legal_tree_json(fen, variant)),
            "legal_moves": legal_moves_of_fen(fen, variant),
        }
        (TREES / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
