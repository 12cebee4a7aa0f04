"""A game is one declaration (docs/engine.md, "Adding a game"): in a copy of the repository whose
engine/draughts/games.py appends one game to ``DRAUGHTS`` — Pool Checkers, English checkers with
flying kings — and nothing else, the command line plays it and the site lists, serves, plays,
exports, imports and bot-plays it (``tests/site/new_game_checks.py``, run in the copy)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.timeout(600)

DECLARATION = """
# A game added by one declaration (tests/site/test_adding_a_game.py).
POOL = replace(CHECKERS, id="pool", name="Pool Checkers", flying=True)
DRAUGHTS = (*DRAUGHTS, DraughtsVariant(POOL))
"""


@pytest.fixture(scope="module")
def copy_with_a_new_game(tmp_path_factory) -> Path:
    """Returns a copy of the repository (what git tracks or would, and the built engine module)
    with one more game declared."""
    copy = tmp_path_factory.mktemp("repository")
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    built = [path.relative_to(ROOT).as_posix() for path in (ROOT / "engine").glob("_native*.so")]
    for name in [*listed, *built]:
        source = ROOT / name
        if source.is_file():
            target = copy / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    games = copy / "engine" / "draughts" / "games.py"
    games.write_text(games.read_text() + DECLARATION)
    return copy


def run(copy: Path, *args: str, timeout: float = 540) -> subprocess.CompletedProcess:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "REDIS_URL", "CHESSKERS_REQUIRE_SERVICES")
    }
    env.update(NEW_GAME="pool", PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(
        [sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True,
        timeout=timeout, check=False,
    )  # fmt: skip


def test_the_command_line_plays_a_game_added_by_one_declaration(copy_with_a_new_game) -> None:
    done = run(copy_with_a_new_game, "-m", "engine", "--variant", "pool", "perft", "start", "2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "49"  # 7 first moves, 7 replies each


def test_the_site_lists_serves_plays_and_archives_a_game_added_by_one_declaration(
    copy_with_a_new_game,
) -> None:
    done = run(
        copy_with_a_new_game, "-m", "pytest", "-q", "-p", "no:cacheprovider",
        "tests/site/new_game_checks.py",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert "4 passed" in done.stdout
