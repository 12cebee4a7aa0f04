"""The end-to-end tests run Daphne as the site is run: with the message caps ``make run`` and
docs/deployment.md give it, and the server sends nothing larger than those caps let through."""

import re
import shlex
import sys

from django.conf import settings

from bench import ws_load
from tests.conftest import DAPHNE_LIMITS, ROOT


def makefile_limits() -> list[str]:
    text = (ROOT / "Makefile").read_text()
    return shlex.split(re.search(r"^DAPHNE_LIMITS := (.+)$", text, re.M).group(1))


def deployment_limits() -> list[str]:
    text = (ROOT / "docs" / "deployment.md").read_text()
    return shlex.split(re.search(r'^LIMITS="(.+)"$', text, re.M).group(1))


def test_the_tests_and_the_bench_give_daphne_the_documented_caps() -> None:
    assert makefile_limits() == deployment_limits() == DAPHNE_LIMITS == ws_load.DAPHNE_LIMITS


def test_the_server_sends_no_message_larger_than_daphne_lets_through() -> None:
    caps = dict(zip(DAPHNE_LIMITS[::2], DAPHNE_LIMITS[1::2], strict=True))
    assert int(caps["--websocket-max-message-size"]) >= settings.WEBSOCKET_MAX_MESSAGE_BYTES


def test_the_bench_runs_a_tree_that_bounds_its_messages_under_the_caps(tmp_path) -> None:
    # bench/ws_load.py --before: an older tree's site gets the caps when it splits its messages
    # as this one does, so a pair of rounds runs both on the same flags.
    assert ws_load.bounds_its_messages(ROOT)
    assert not ws_load.bounds_its_messages(tmp_path)  # a site from before the bound


def test_the_bench_runs_an_older_tree_on_its_own_venv(tmp_path) -> None:
    # bench/ws_load.py --before: a tree with a .venv of its own is run with the dependencies it
    # had (a dependency added since would otherwise speed up both sides of the comparison).
    assert ws_load.tree_python(ROOT) == sys.executable
    assert ws_load.tree_python(tmp_path) == sys.executable  # no .venv: this one's
    (tmp_path / ".venv").symlink_to(sys.prefix)  # this one's, linked
    assert ws_load.tree_python(tmp_path) == sys.executable
    older = tmp_path / "older"
    (older / ".venv" / "bin").mkdir(parents=True)
    (older / ".venv" / "bin" / "python").write_text("")
    assert ws_load.tree_python(older) == str(older / ".venv" / "bin" / "python")


def test_the_benchs_preparing_script_compiles() -> None:
    # bench/ws_load.py runs PREPARE in each tree's Python as text: nothing else reads it.
    compile(ws_load.PREPARE, "<ws_load.PREPARE>", "exec")
