"""The move generator in C (engine/_native.c) against the fast Python one (engine.movegen).

Perft, the reference generator (engine.reference) and every rules test hold the Python
generator to the rules. The C one must give the very same moves in the very same order, the
same check and mate marks, the same attack answers, and refuse a board it cannot read with a
ValueError, never a crash. ``engine.generator`` must choose it when it is built.
"""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine import build_native, generator
from engine.chesskers import CHESSKERS
from engine.moves import Move
from engine.perft import perft

from .test_perft import CASES

ROOT = Path(__file__).resolve().parents[2]
PURE = os.environ.get("CHESSKERS_PURE_PYTHON", "") not in ("", "0")
pytestmark = pytest.mark.skipif(PURE, reason="CHESSKERS_PURE_PYTHON: the C generator is off")

FENS = [
    *sorted({fen for fen, _, _ in CASES}),
    # Corners: en passant, castling through attacked squares, chains that promote, sweeps.
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/2q5/8/8/R3K2R w KQkq - 0 1",
    "4k3/8/1p1p4/2P5/8/8/8/4K3 w - - 0 1",
    "2r1r3/1P1P4/8/8/8/8/8/4K2k w - - 0 1",
    "4k3/8/8/2p1p3/3N4/8/8/4K3 w - - 0 1",
    "4k3/8/2ppp3/8/2pQp3/8/2ppp3/4K3 w - - 0 1",
    "7k/8/8/8/8/8/1p6/7K b - - 0 1",
]


def position_args(position: engine.Position) -> tuple:
    board, side, castling, ep, kings = position.copy_state()
    return board, side, castling, ep, kings


PYTHON = generator.PythonGenerator()
NATIVE = generator.NativeGenerator()


def position_marks(position: engine.Position, moves: list[Move]) -> list[int]:
    # The marks from the positions after each move: check, then whether a reply exists.
    checks = [position.gives_check(m) for m in moves]
    return [
        (1 if PYTHON.has_legal_move(*position_args(position.play_unchecked(m))) else 2)
        if check
        else 0
        for m, check in zip(moves, checks, strict=True)
    ]


def assert_same(position: engine.Position) -> list[Move]:
    """Asserts both generators agree on ``position``; returns its legal moves."""
    args = position_args(position)
    board, side, castling, ep, kings = args
    expected = PYTHON.legal_moves(list(board), side, castling, ep, kings)
    assert NATIVE.legal_moves(*args) == expected, position.fen()
    assert NATIVE.has_legal_move(*args) == bool(expected), position.fen()
    moves, marks = NATIVE.marked_moves(*args)
    assert moves == expected, position.fen()
    assert PYTHON.marked_moves(*args) == (expected, marks), position.fen()
    assert marks == position_marks(position, expected), position.fen()
    for k in kings:
        for by in (1, -1):
            if board[k] * by < 0:
                assert NATIVE.is_attacked(board, k, by) == PYTHON.is_attacked(list(board), k, by), (
                    position.fen(),
                    k,
                    by,
                )
    assert board == list(position.board), "the C generator changed the board it was given"
    return expected


def test_the_c_generator_is_built_and_used():
    assert generator.NATIVE, "engine/_native.c is not built: run `make native`"
    assert isinstance(generator.GENERATOR, generator.NativeGenerator)
    assert build_native.missing() is None
    assert build_native.target().exists()


@pytest.mark.parametrize("fen", FENS)
def test_same_moves_in_the_same_order_two_plies_deep(fen):
    root = engine.Position.from_fen(fen)
    for first in assert_same(root):
        child = root.play_unchecked(first)
        for second in assert_same(child)[:8]:
            assert_same(child.play_unchecked(second))


@pytest.mark.parametrize("seed", range(6))
def test_same_moves_along_random_games(seed):
    rng = random.Random(seed)
    positions = 0
    for _ in range(8):
        game = engine.Game(CHESSKERS)
        for _ in range(160):
            moves = assert_same(game.position)
            positions += 1
            if not moves or game.is_over():
                break
            # Prefer captures: they lead to the chains, promotions and mates worth comparing.
            captures = [m for m in moves if m.captured]
            game.push(rng.choice(captures if captures and rng.random() < 0.6 else moves))
    assert positions > 300


def test_the_marks_name_checks_and_mates():
    # The fool's mate holds in Chesskers too: after 1.f3 e5 2.g4, Qh4 is mate and nothing else is.
    game = engine.Game(CHESSKERS)
    for text in ("f3", "e5", "g4"):
        game.push_text(text)
    texts = dict((t, m) for m, t in game.describe_legal_moves())
    assert "Qh4#" in texts
    assert all(not t.endswith("#") for t in texts if t != "Qh4#")
    moves, marks = game.position.marked_moves()
    assert marks[moves.index(texts["Qh4#"])] == 2


def test_perft_with_the_c_generator_matches_the_reference_counts():
    start = engine.Position.from_fen(engine.STARTING_FEN)
    assert perft(start, 3) == 8916


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (([0] * 63, 1, 0, -1, (4, 60)), "64 piece codes"),
        (([0] * 64, 2, 0, -1, (4, 60)), "side is 1"),
        (([9] + [0] * 63, 1, 0, -1, (4, 60)), "not a piece code"),
        (([0] * 64, 1, 0, -1, (4, 64)), "king's square"),
        (([0] * 64, 1, 0, 70, (4, 60)), "ep is -1"),
        (("x" * 64, 1, 0, -1, (4, 60)), "integer"),
    ],
)
def test_a_board_it_cannot_read_is_refused(args, message):
    from engine import _native

    with pytest.raises((ValueError, TypeError), match=message):
        _native.legal_moves(*args)


PURE_SCRIPT = """
import json, sys
import engine
from engine import generator
from engine.perft import perft
from engine.chesskers import CHESSKERS
fens = json.loads(sys.argv[1])
texts = {fen: [t for _, t in engine.Game(CHESSKERS, fen).describe_legal_moves()] for fen in fens}
count = perft(engine.Position.from_fen(engine.STARTING_FEN), 3)
print(json.dumps([generator.NATIVE, count, texts]))
"""


def test_pure_python_runs_when_asked_and_agrees():
    # Without the C generator (not built, or switched off) the engine is the same engine: the
    # same perft, the same texts with the same check and mate marks.
    fens = [*FENS, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"]
    env = {**os.environ, "CHESSKERS_PURE_PYTHON": "1"}
    result = subprocess.run(
        [sys.executable, "-c", PURE_SCRIPT, json.dumps(fens)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    native, count, texts = json.loads(result.stdout)
    assert (native, count) == (False, 8916)
    assert "Qh4#" in texts[fens[-1]]
    for fen in fens:
        described = engine.Game(CHESSKERS, fen).describe_legal_moves()
        assert texts[fen] == [t for _, t in described], fen


def test_without_a_compiler_the_build_says_so_and_drops_a_stale_module(
    tmp_path, monkeypatch, capsys
):
    source = tmp_path / "_native.c"
    built = tmp_path / "_native.so"
    built.write_text("old")
    source.write_text("newer")
    os.utime(built, (1, 1))  # built before the source last changed
    monkeypatch.setattr(build_native, "SOURCE", source)
    monkeypatch.setattr(build_native, "target", lambda: built)
    monkeypatch.setattr(build_native.shutil, "which", lambda name: None)
    assert "C compiler" in build_native.missing()
    assert build_native.main(["--require"]) == 1
    assert not built.exists(), "a module built from an older source must not be used"
    assert "runs on its Python generator" in capsys.readouterr().err
    assert build_native.main([]) == 0  # make run goes on, on the Python generator
