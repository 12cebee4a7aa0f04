"""The command line for the hybrids (docs/rules/hybrids.md §0.5), run as a subprocess."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_moves_lists_every_legal_move_one_a_line():
    result = run("--variant", "cheskers", "moves", "start")
    assert result.returncode == 0
    assert sorted(result.stdout.splitlines()) == sorted(
        ["Ca5", "Cc5", "a5", "bc5", "dc5", "de5", "fe5", "fg5", "hg5"]
    )


def test_moves_of_a_decided_position_are_none():
    result = run("--variant", "cheskers", "moves", "7k/8/8/8/8/8/8/8 w - - 0 1")
    assert (result.returncode, result.stdout) == (0, "")


@pytest.mark.parametrize(
    ("variant_id", "depth", "count"),
    [("cheskers", "3", "652"), ("byelorussian-cheskers", "2", "232"), ("mix-chess", "2", "463")],
)
def test_perft_prints_the_leaf_count(variant_id, depth, count):
    result = run("--variant", variant_id, "perft", "start", depth)
    assert result.stdout.splitlines()[-1] == count


def test_play_prints_the_fen_then_the_status():
    result = run("--variant", "game-mix", "play", "start", "Le5", "d6", "Cc3", "Ld4")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        "lnskdsn1/ccp1ppcc/3p4/4L3/3l4/2C5/C1PPPPCC/1NSDKSNL w - - 4 3",
        "connection-draw",
    ]


@pytest.mark.parametrize(
    ("variant_id", "fen", "moves", "status"),
    [
        ("cheskers", "8/8/8/4k3/3P4/8/8/K7 w - - 0 1", ["d4:f6"], "kings-captured"),
        ("cheskers", "7k/8/8/8/8/2p5/1p6/K7 w - - 0 1", [], "stalemate"),
        ("byelorussian-cheskers", "4r2k/8/8/8/1p6/M7/8/4K3 w - - 0 1", [], "checkmate"),
        ("byelorussian-cheskers", "4k3/8/8/8/8/8/M7/D3K3 w - - 100 50", [], "fifty-moves"),
        ("game-mix", "8/8/8/4k3/3p4/2L5/8/K1S5 w - - 0 1", ["Sb2"], "connection"),
        ("mix-chess", "3k4/8/8/8/8/8/8/3KS3 w - - 0 1", [], "insufficient-material"),
    ],
)
def test_play_reports_each_games_endings(variant_id, fen, moves, status):
    result = run("--variant", variant_id, "play", fen, *moves)
    assert result.returncode == 0
    assert result.stdout.splitlines()[-1] == status


@pytest.mark.parametrize(
    "args",
    [
        ("--variant", "cheskers", "moves", "start", "extra"),
        ("--variant", "cheskers", "moves", "7k/8/8/8/8/8/8/K7 w K - 0 1"),
        ("--variant", "game-mix", "moves", "3k4/8/8/8/8/8/8/3KB3 w - - 0 1"),
        ("--variant", "byelorussian-cheskers", "perft", "start", "x"),
        ("--variant", "byelorussian-cheskers", "play", "start", "Mb4"),
        ("--variant", "byelorussian-cheskers", "play", "start", "e4"),
        ("--variant", "cheskers", "play", "start", "b6-a5-k"),
        ("--variant", "game-mix", "play", "8/8/8/4k3/3p4/2L5/8/K1S5 w - - 0 1", "Sb2", "Kf6"),
    ],
)
def test_bad_input_prints_one_line_to_stderr_and_exits_2(args):
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("error: ")
