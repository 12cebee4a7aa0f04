"""The command line of docs/rules/chesskers.md §6, run as a subprocess from the worktree root."""

import subprocess
import sys
from pathlib import Path

import pytest

from engine import STARTING_FEN

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_moves_lists_every_legal_move_one_a_line():
    result = run("moves", STARTING_FEN)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 20
    assert {"e4", "Nf3", "Na3", "h3"} <= set(lines)


def test_moves_writes_chains_and_sweeps_in_canonical_form():
    result = run("moves", "7k/8/8/2p5/1p6/p7/8/R5K1 w - - 0 1")
    assert {"Ra1:a4", "Ra1:a4:c4", "Ra1:a4:c4:c6"} <= set(result.stdout.splitlines())
    result = run("moves", "7k/8/8/8/8/b7/p7/N6K w - - 0 1")
    assert "N~b3" in result.stdout.splitlines()


def test_perft_prints_the_leaf_count_on_the_last_line():
    result = run("perft", STARTING_FEN, "3")
    assert result.returncode == 0
    assert result.stdout.splitlines()[-1] == "8916"


def test_perft_divide_prints_each_move_then_the_total():
    result = run("perft", STARTING_FEN, "2", "--divide")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[-1] == "400"
    assert len(lines) == 21
    assert "e4: 20" in lines
    assert run("perft", "--divide", STARTING_FEN, "2").stdout == result.stdout


def test_play_prints_the_fen_then_the_status():
    result = run("play", STARTING_FEN, "e4", "d5", "e4:c6")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        "rnbqkbnr/ppp1pppp/2P5/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        "ongoing",
    ]


def test_play_reports_checkmate_and_accepts_machine_form():
    result = run("play", "7k/5K2/8/8/6N1/8/8/8 w - - 0 1", "g4-h6")
    assert result.stdout.splitlines()[-1] == "checkmate"


def test_play_with_no_moves_reports_the_status_of_the_fen():
    result = run("play", "4k3/8/8/8/8/8/8/4K3 w - - 0 80")
    assert result.stdout.splitlines() == ["4k3/8/8/8/8/8/8/4K3 w - - 0 80", "insufficient-material"]
    result = run("play", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80")
    assert result.stdout.splitlines()[-1] == "fifty-moves"


@pytest.mark.parametrize(
    "args",
    [
        ("moves", "not a fen"),
        ("moves",),
        ("perft", STARTING_FEN),
        ("perft", STARTING_FEN, "x"),
        ("perft", "8/8/8/8/8/8/8/8 w - - 0 1", "1"),
        ("play", STARTING_FEN, "e5"),
        ("play", STARTING_FEN, "e4", "Zz9"),
        ("play", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Kd1"),
        ("frobnicate",),
        (),
    ],
)
def test_bad_input_prints_one_line_to_stderr_and_exits_2(args):
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("error: ")


def test_play_refuses_a_move_after_the_game_is_over():
    result = run("play", "7k/5K2/7N/8/8/8/8/8 b - - 0 1", "Kg8")
    assert result.returncode == 2
    assert "over" in result.stderr
