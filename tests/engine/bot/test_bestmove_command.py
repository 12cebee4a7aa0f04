"""The ``bestmove`` command and the entry point the site calls from a worker process."""

import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

from engine import STARTING_FEN, Game
from engine.bot import choose_move
from engine.chesskers import CHESSKERS

SWEEP_MATE = "7k/6np/8/6b1/6N1/8/8/K7 w - - 0 1"
MATED = "7k/6np/7N/8/8/8/8/K7 b - - 0 1"  # after N~h6#


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], capture_output=True, text=True, timeout=60
    )


def test_bestmove_prints_the_chosen_move_in_canonical_text():
    done = run("bestmove", SWEEP_MATE, "--level", "3", "--seed", "1")
    assert (done.returncode, done.stdout, done.stderr) == (0, "N~h6#\n", "")


def test_bestmove_prints_a_legal_move_from_the_start_within_a_time_budget():
    done = run("bestmove", STARTING_FEN, "--level", "8", "--time", "0.2")
    assert done.returncode == 0
    game = Game(CHESSKERS)
    assert done.stdout.strip() in {text for _, text in game.describe_legal_moves()}


def test_bestmove_refuses_bad_input_with_one_line_and_status_two():
    for args in (
        ("bestmove", "not a fen", "--level", "3"),
        ("bestmove", STARTING_FEN),
        ("bestmove", STARTING_FEN, "--level", "0"),
        ("bestmove", STARTING_FEN, "--level", "three"),
        ("bestmove", STARTING_FEN, "--level", "3", "--time", "-1"),
        ("bestmove", MATED, "--level", "3"),
    ):
        done = run(*args)
        assert done.returncode == 2, args
        assert done.stdout == ""
        assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, args


def test_choose_move_runs_in_a_worker_process_with_plain_values():
    with ProcessPoolExecutor(max_workers=1) as pool:
        move = pool.submit(choose_move, SWEEP_MATE, 4, (), 7, 1.0).result(timeout=60)
    assert move == "g4-h6"
