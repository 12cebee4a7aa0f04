"""A server's engine workers end with it: ``kill -9`` of a Daphne whose bot has thought leaves
no worker process behind (games/services/workers.py)."""

import json
import os
import signal
import time
import urllib.request
from pathlib import Path

import pytest

from accounts.services import user_token
from tests.conftest import DaphneServer
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def children_of(pid: int) -> list[int]:
    """Returns the ids of the processes whose parent is ``pid``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def workers_of(pid: int) -> list[int]:
    """Returns the ids of the worker processes (multiprocessing's spawned children) of ``pid``."""
    workers = []
    for child in children_of(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in command:
            workers.append(child)
    return workers


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_killed_servers_engine_workers_end_with_it(live_db) -> None:
    token = user_token(user=make_user("alice"))
    server = DaphneServer({"ENGINE_WORKERS": "1"})
    try:
        request = urllib.request.Request(
            f"{server.url}/api/games/bot/",
            data=json.dumps({"level": 1, "color": "black"}).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            game = json.loads(response.read())
        deadline = time.monotonic() + 60
        while not workers_of(server.process.pid) and time.monotonic() < deadline:
            time.sleep(0.1)  # the bot's first move starts the pool
        workers = workers_of(server.process.pid)
        assert len(workers) == 1, game
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait()
        deadline = time.monotonic() + 30
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if alive(pid)]
    finally:
        server.stop()
