"""``engine`` imports the standard library only, never Django (docs/engine.md)."""

import subprocess
import sys
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import pkgutil, importlib, sys
import engine
for info in pkgutil.walk_packages(engine.__path__, "engine."):
    if info.name != "engine.__main__":
        importlib.import_module(info.name)
bad = sorted(m for m in sys.modules if m == "django" or m.startswith("django.") or m == "chess")
assert not bad, bad
print("ok")
"""


def test_engine_imports_nothing_from_django():
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_public_api_names_are_exported():
    for name in [
        "STARTING_FEN", "Color", "PieceType", "MoveKind", "Move", "Position", "Game", "Status",
        "square_name", "parse_square", "InvalidFenError", "InvalidMoveTextError",
        "IllegalMoveError", "AmbiguousMoveError",
    ]:  # fmt: skip
        assert hasattr(engine, name), name
    assert engine.square_name(28) == "e4"
    assert engine.parse_square("e4") == 28
    assert [s.value for s in engine.Status] == [
        "ongoing", "checkmate", "stalemate", "threefold", "fifty-moves", "insufficient-material",
    ]  # fmt: skip


def test_the_registry_names_chesskers_first_and_makes_its_games():
    from engine.variants import DEFAULT, VARIANTS

    variant = VARIANTS["chesskers"]
    assert DEFAULT is variant
    assert next(iter(VARIANTS)) == "chesskers"
    assert variant.start_fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    game = variant.new_game()
    assert type(game) is engine.Game
    assert game.fen() == variant.start_fen
    assert game.status() is engine.Status.ONGOING
