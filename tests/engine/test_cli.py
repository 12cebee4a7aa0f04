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


# --- other games: --variant (docs/rules/draughts.md §1.12) -----------------------------------


def test_variant_chesskers_is_the_default_game():
    assert run("--variant", "chesskers", "perft", STARTING_FEN, "2").stdout == "400\n"
    assert run("--variant=chesskers", "moves", "start").stdout == run("moves", STARTING_FEN).stdout


def test_variant_moves_lists_a_draughts_games_moves_in_its_notation():
    result = run("--variant", "checkers", "moves", "start")
    assert result.returncode == 0
    assert sorted(result.stdout.split()) == [
        "10-14",
        "10-15",
        "11-15",
        "11-16",
        "12-16",
        "9-13",
        "9-14",
    ]
    result = run("--variant", "russian", "moves", "W:WKa1:Bc3,f4")
    assert sorted(result.stdout.split()) == ["a1xe5xg3", "a1xe5xh2"]


def test_variant_perft_prints_the_reference_count():
    result = run("--variant", "international", "perft", "start", "3")
    assert (result.returncode, result.stdout) == (0, "658\n")
    start = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1-20"
    assert run("--variant", "international", "perft", start, "0").stdout == "1\n"


def test_variant_perft_divide_prints_each_move_then_the_total():
    lines = run("--variant", "thai", "perft", "start", "2", "--divide").stdout.splitlines()
    assert lines[-1] == "49"
    assert len(lines) == 8
    assert "b2-c3: 7" in lines


def test_variant_play_prints_the_fen_then_the_status():
    result = run("--variant", "checkers", "play", "start", "11-15", "23-19", "8-11", "22-17")
    assert result.stdout.splitlines() == [
        "B:W17,19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15:H0:F3",
        "ongoing",
    ]
    result = run("--variant", "russian", "play", "W:Wc3:Bd4", "c3xe5")
    assert result.stdout.splitlines() == ["B:We5:B:H0:F1", "win-white"]


def test_variant_play_takes_any_path_and_the_short_form():
    fen = "W:W38:B22,23,32,33"
    assert run("--variant", "international", "play", fen, "38x29x18x27x38").returncode == 0
    assert run("--variant", "international", "play", fen, "38x38").returncode == 0


def test_variant_play_reports_a_draw_by_no_progress_in_the_fen():
    result = run("--variant", "russian", "play", "W:WKa1:BKh8:H30")
    assert result.stdout.splitlines()[-1] == "draw-no-progress"


@pytest.mark.parametrize(
    "args",
    [
        ("--variant", "nope", "moves", "start"),
        ("--variant",),
        ("--variant", "checkers", "moves", "W:W33:B1"),
        ("--variant", "checkers", "perft", "start", "-1"),
        ("--variant", "checkers", "play", "start", "22-18"),
        ("--variant", "checkers", "play", "start", "11x15"),
        ("--variant", "russian", "play", "W:Wc3:Bd4", "c3-e5"),
        ("--variant", "checkers", "play", "W:W30:B17,18,25,26", "30x14"),
        ("--variant", "russian", "play", "W:WKa1:BKh8:H30", "a1-b2"),
        ("--variant", "checkers", "bestmove", "start", "--level", "9"),
        ("--variant", "checkers", "bestmove", "W:W33:B1", "--level", "1"),
    ],
)
def test_variant_bad_input_prints_one_line_to_stderr_and_exits_2(args):
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("error: ")
