"""WebSocket load: N simultaneous games on a real Daphne with Redis and PostgreSQL.

Each game has 2 players and 2 spectators, each socket connected as the site's game page connects
(its states carry the legal moves as the tree); every game's player to move plays a random legal
move from the last state every ``--interval`` seconds. Measured: the time from a player's send to
each spectator's receipt of the new state (p50/p99), moves per second, errors, lost states, the
server's peak memory, and how the database disk's flushes went meanwhile (``DiskWatch``: a stalled
flush holds every move's commit). In the same run, the same fan-out through a bare relay server
(bench/echo_asgi.py: no database, no engine) gives the floor, and the ratio of the two p99s is
printed; a second floor relays the same way without Channels' per-message database-connection hop,
which the site's consumers skip too (the lean floor), and the ratio to it is printed as well.
``--ramp`` repeats the game run at growing N to find the most games one Daphne process holds before
p99 passes 100 ms. ``--servers N`` runs N processes (and N relays for the floor), each game's
sockets on one of them (``--route game``, as a load balancer hashing the socket's path) or spread
over them (``--route socket``). ``--heartbeat S`` has every game socket ping every S seconds as a
real page does (every 20 s); the floors' relays have no heartbeat, so it is off by default.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_bench \\
    REDIS_URL=redis://127.0.0.1:6379/3 .venv/bin/python bench/ws_load.py --games 500

Needs PostgreSQL and Redis (the bench database is created and migrated if missing).
"""

import argparse
import asyncio
import gc
import json
import os
import random
import re
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import websockets  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# The server runs as in production (DEBUG off: no query log kept per request), over plain HTTP.
PRODUCTION_LIKE = {
    "DEBUG": "0",
    "SECURE_SSL_REDIRECT": "0",
    "SECRET_KEY": "bench-only-secret-key-not-for-any-real-site-0123456789abcdef",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    # Every socket of the bench comes from this one address: the cap per address would refuse
    # all but the first 50 of them.
    "SOCKETS_PER_ADDRESS": "0",
}


LOG_DIR = Path(os.environ.get("WS_LOAD_LOG_DIR", "/tmp"))
# --probe: every server of a round is served through bench/loop_probe.py, which reports what
# held up its event loop while the round played.
PROBE_SERVERS = False
# Sockets opening at once. Real players arrive over minutes; 2,000 handshakes in the same
# second would wait past Daphne's 5 s connect timeout and be dropped before the run begins.
OPENING_AT_ONCE = 25


async def opened(gate: asyncio.Semaphore, url: str, **options) -> "websockets.ClientConnection":
    """Opens a client socket, at most ``OPENING_AT_ONCE`` handshakes at a time."""
    async with gate:
        return await websockets.connect(url, max_size=None, **options)


# A state's first characters, as the site writes them (compact) and as older trees did.
STATE_PREFIXES = ('{"type":"state"', '{"type": "state"')
STATE_PLY = re.compile(r'"ply": ?(\d+)')


# Every socket connects as the site's game page does (static/js/game.js), so the states timed and
# weighed are the page's: the legal moves as the tree, not the list.
LEGAL_AS_THE_PAGE = "?legal=tree"


def tree_moves(tree: dict, path: tuple[str, ...] = ()) -> list[dict]:
    """Returns the moves of a legal-move tree (docs/api.md, ``?legal=tree``) as ``{path,
    promotion}``: each node's moves end at its square, its ``next`` goes on."""
    moves = []
    for square, node in tree.items():
        here = (*path, square)
        for move in node.get("moves", ()):
            moves.append({"path": list(here), "promotion": move.get("promotion")})
        moves += tree_moves(node.get("next", {}), here)
    return moves


def legal_of(state: dict) -> list[dict]:
    """Returns a state's legal moves as ``{path, promotion}``, from its tree or (an older tree's
    server, which may not know ``?legal=tree``) its list."""
    if "legal_tree" in state:
        return tree_moves(state["legal_tree"])
    return state.get("legal_moves") or []


def state_ply(raw: str) -> int | None:
    """Returns the ply of a ``state`` message without decoding the rest, None for another
    message. The state's own fields come before its moves (``games.reads.state.state_event``), so
    the first ``"ply"`` is the state's; a string value holding that text would be escaped."""
    if not raw.startswith(STATE_PREFIXES):
        return None
    return int(STATE_PLY.search(raw).group(1))


class Settled:
    """Starts the measured run a few seconds after every group's sockets are open and settled,
    and ends it once every group has played and heard its last message, before any socket
    closes.

    The sockets' closing is no part of what a move costs: closing a game socket writes who
    left the table, and 2,000 of them closing at the end of a round were half the server's CPU
    time measured "while playing" when the round was timed until its last socket had closed."""

    def __init__(self, groups: int, server_pids: list[int]) -> None:
        self.groups = groups
        self.server_pids = server_pids
        self.play_started = 0.0
        self.server_cpu_at_start = 0.0
        self.waiting = groups
        self.began = time.monotonic()
        self.start = asyncio.Event()
        self.playing = groups
        self.play_seconds = 0.0
        self.server_cpu = 0.0
        self.client_cpu = 0.0
        self.stop = asyncio.Event()

    async def wait(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            seconds = time.monotonic() - self.began
            print(f"{self.groups} groups' sockets open and settled in {seconds:.1f} s", flush=True)
            asyncio.get_running_loop().call_later(3.0, self.begin)
        await self.start.wait()

    def begin(self) -> None:
        # The client's own garbage collector would stop all its sockets for up to 200 ms at a
        # time (800 sockets, their last states): it stays off for the measured run (the
        # client's memory is bounded by the run) and is turned back on after it.
        gc.freeze()
        gc.disable()
        self.play_started = time.monotonic()
        self.server_cpu_at_start = sum(cpu_seconds(pid) for pid in self.server_pids)
        self.client_cpu_at_start = time.process_time()
        signal_probes(self.server_pids, signal.SIGUSR2)  # count from here
        self.start.set()

    async def finished(self) -> None:
        """Waits, with the group's sockets still open, until every group has finished; the
        last to finish ends the measured run."""
        self.playing -= 1
        if self.playing == 0:
            self.play_seconds = time.monotonic() - self.play_started
            self.server_cpu = (
                sum(cpu_seconds(pid) for pid in self.server_pids) - self.server_cpu_at_start
            )
            self.client_cpu = time.process_time() - self.client_cpu_at_start
            signal_probes(self.server_pids, signal.SIGUSR1)  # report what was counted
            self.stop.set()
        await self.stop.wait()


def signal_probes(pids: list[int], signum: int) -> None:
    """Tells the servers' loop probes (``--probe``) to start counting or to report."""
    if PROBE_SERVERS:
        for pid in pids:
            os.kill(pid, signum)


def print_probe_reports(label: str, pids: list[int]) -> None:
    """Prints what the loop probes of the servers ``pids`` reported (``--probe``)."""
    for pid in pids:
        for report in sorted(LOG_DIR.glob(f"loop-probe-*.{pid}")):
            print(f"-- loop probe, {label} (process {pid}):\n{report.read_text().rstrip()}")


def cpu_seconds(pid: int) -> float:
    """Returns the CPU time (user and system) a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# The caps the README and docs/deployment.md give Daphne.
DAPHNE_LIMITS = ["--websocket-max-message-size", "16384", "--websocket-max-frame-size", "16384"]


def bounds_its_messages(tree: Path) -> bool:
    """Whether the site of ``tree`` sends no message larger than Daphne's caps let through
    (``games/domain/wire.py`` splits them), so that it can be run under them as deployed: a
    site from before could not once a game was 75 plies long, and is run without them."""
    return (tree / "games" / "domain" / "wire.py").is_file()


def tree_python(tree: Path) -> str:
    """The Python that runs ``tree``'s servers: the tree's own ``.venv`` if it has one of its own
    (an older tree with the dependencies it had), else this one's."""
    own = tree / ".venv"
    if tree.resolve() == ROOT or own.resolve() == Path(sys.prefix).resolve():
        return sys.executable
    return str(own / "bin" / "python") if (own / "bin" / "python").is_file() else sys.executable


def start_daphne(
    app: str, tree: Path = ROOT, env: dict[str, str] | None = None, capped: bool = True
) -> tuple[subprocess.Popen, int]:
    """Starts Daphne as deployed, serving ``app`` from the code in ``tree``; without ``capped``,
    without the message caps (the site before its messages were bounded cannot run with them
    once a game is 75 plies long)."""
    port = free_port()
    # The server's log, for when a round goes wrong.
    log = (LOG_DIR / f"daphne-{app.split('.')[0]}-{port}.log").open("w")
    if PROBE_SERVERS:
        report = LOG_DIR / f"loop-probe-{app.split(':')[0]}-{port}"
        env = {**(env or {}), "LOOP_PROBE_APP": app, "LOOP_PROBE_OUT": str(report)}
        app = "bench.loop_probe:application"
    process = subprocess.Popen(
        [
            tree_python(tree), "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
            *(DAPHNE_LIMITS if capped else []), app,
        ],
        cwd=tree, env={**os.environ, **PRODUCTION_LIKE, **(env or {})},
        stdout=subprocess.DEVNULL, stderr=log,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return process, port
        time.sleep(0.1)
    process.kill()
    raise SystemExit(f"{app} did not start")


def peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# Run in a child process whose code is the tree's: migrates its database and makes the games.
PREPARE = r"""
import json, sys, time
import django
django.setup()
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.core.management import call_command
from django.utils import timezone
from accounts.models import User
from games.models import Game, GameMove
try:
    from games.domain import clock as clocks
    from games.storage.history import captured_pieces
    from games.storage.positions import kind_name
except ImportError:  # a tree from before the games app's layers (--before)
    from games import clock as clocks
    from games.history import captured_pieces, kind_name

count, clock, plies = json.loads(sys.argv[1])
call_command("migrate", verbosity=0)
stamp = f"{int(time.time() * 1000) % 10**8:08d}"

def opening(plies, seed=7):
    # One line of random moves after none of which the game is over, as the site stores moves.
    import random
    from engine import variants
    chesskers = variants.get("chesskers")
    rng = random.Random(seed)
    while True:
        game, rows = chesskers.new_game(), []
        while len(rows) < plies:
            described = list(chesskers.describe_moves(game.position))
            rng.shuffle(described)
            for move, text in described:
                taken = captured_pieces(game.position, move)
                game.push(move)
                if not game.is_over():
                    break
                game.pop()
            else:
                break
            rows.append(dict(
                ply=len(rows), text=text, kind=kind_name(move), path=move.path_names(),
                captured=move.captured_names(), captured_pieces=taken, fen_after=game.fen(),
            ))
        if len(rows) == plies:
            return rows
        seed += 1
        rng = random.Random(seed)

rows = opening(plies) if plies else []

def session_for(user):
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key

games = []
for index in range(count):
    white = User.objects.create_user(f"w{stamp}x{index}", password=None)
    black = User.objects.create_user(f"b{stamp}x{index}", password=None)
    game = Game(mode=Game.Mode.ONLINE, white=white, black=black)
    if clock is not None:
        clocks.start(game, clocks.TimeControl(*clock), timezone.now())
    if rows:
        game.fen, game.ply, game.revision = rows[-1]["fen_after"], len(rows), len(rows)
    game.save()
    GameMove.objects.bulk_create(GameMove(game=game, **row) for row in rows)
    games.append({"id": game.public_id, "white": session_for(white), "black": session_for(black)})
print(json.dumps(games))
"""


def prepare_games(
    count: int,
    clock: tuple[int, int] | None = None,
    tree: Path = ROOT,
    env: dict[str, str] | None = None,
    plies: int = 0,
) -> list[dict]:
    """Creates ``count`` online games with two signed-in players each, with a Fischer clock of
    ``clock`` (initial, increment seconds) or none, ``plies`` moves into the game (one random
    line for all), by the code in ``tree`` on its database (migrated first); returns their ids
    and the players' session cookies."""
    done = subprocess.run(
        [tree_python(tree), "-c", PREPARE, json.dumps([count, clock, plies])],
        cwd=tree, env={**os.environ, **PRODUCTION_LIKE, **(env or {})},
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode:
        raise SystemExit(f"preparing the games in {tree} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def ensure_database(url: str | None = None) -> None:
    """Creates the bench's PostgreSQL database (``DATABASE_URL``'s, or ``url``'s) if missing."""
    import dj_database_url
    import psycopg

    url = url or os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        raise SystemExit("set DATABASE_URL to a PostgreSQL database for the bench")
    config = dj_database_url.parse(url)
    admin = (
        f"host={config['HOST']} port={config['PORT'] or 5432} user={config['USER']} dbname=postgres"
    )
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute(
            "select 1 from pg_database where datname=%s", [config["NAME"]]
        ).fetchone():
            conn.execute(f'create database "{config["NAME"]}"')


class DiskWatch:
    """Times the database disk's flushes while the site plays.

    Every move's commit waits for PostgreSQL's write-ahead log to be flushed, so a flush that
    stalls holds every game's move at once, which the floors (they write nothing) never see. On
    the 2-core test machine single flushes took up to 0.1-0.45 s now and then. A thread here
    writes 8 kB and ``fdatasync``s it every 20 ms in a file beside the database's own
    (PostgreSQL's data directory, when the bench runs on the database's machine and may write
    there), and the round prints how the flushes went during the play.
    """

    EVERY = 0.02
    SLOW = 0.05

    def __init__(self, directory: str | None) -> None:
        self.directory = directory
        self.samples: list[tuple[float, float]] = []  # (monotonic start, seconds)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self.directory is None:
            return
        fd, path = tempfile.mkstemp(prefix="ws_load_disk_watch.", dir=self.directory)

        def watch() -> None:
            try:
                while not self._stop.wait(self.EVERY):
                    os.pwrite(fd, b"x" * 8192, 0)
                    started = time.monotonic()
                    os.fdatasync(fd)
                    self.samples.append((started, time.monotonic() - started))
            finally:
                os.close(fd)
                os.unlink(path)

        self._thread = threading.Thread(target=watch, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def summary(self, since: float, seconds: float) -> str:
        if self.directory is None:
            return "disk flushes: not watched (the database's data directory is not writable here)"
        flushes = [d for t, d in self.samples if since <= t <= since + seconds]
        if not flushes:
            return "disk flushes: none timed"
        slow = [d for d in flushes if d > self.SLOW]
        return (
            f"disk flushes while playing: {len(flushes)}, p50 {percentile(flushes, 0.5) * 1000:.2f}"
            f" ms, max {max(flushes) * 1000:.0f} ms, {len(slow)} over {self.SLOW * 1000:.0f} ms"
        )


def writable_data_directory() -> str | None:
    """Returns PostgreSQL's data directory if this process can write there (DiskWatch)."""
    import psycopg

    try:
        with psycopg.connect(os.environ["DATABASE_URL"]) as conn:
            directory = conn.execute("SHOW data_directory").fetchone()[0]
    except psycopg.Error:
        return None  # not a superuser, nor allowed to read the setting
    return directory if os.access(directory, os.W_OK) else None


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    pings: int = 0
    errors: int = 0
    lost: int = 0
    finished: int = 0
    error_kinds: Counter = field(default_factory=Counter)
    play_started: float = 0.0  # time.monotonic() at the first move
    play_seconds: float = 0.0  # from the first move to the last state
    server_cpu: float = 0.0  # the server's CPU seconds over that time
    client_cpu: float = 0.0  # this client's
    messages: int = 0  # every message the game sockets received
    bytes: int = 0  # the bytes of the messages they received while playing
    state_sizes: list[int] = field(default_factory=list)  # each state's, while playing


async def run_games(
    ports: list[int],
    server_pids: list[int],
    games: list[dict],
    duration: float,
    interval: float,
    stats: Stats,
    route: str,
    heartbeat: float = 0.0,
) -> None:
    urls = [f"ws://127.0.0.1:{port}/ws/games/" for port in ports]
    origin = {"Origin": "http://127.0.0.1"}
    # Play starts once every game's four sockets have their first state, plus a few seconds, so
    # the measurement is of moves, not of the connection storm.
    settled = Settled(len(games), server_pids)
    gate = asyncio.Semaphore(OPENING_AT_ONCE)

    async def one_game(index: int, game: dict) -> None:
        headers = {
            color: {**origin, "Cookie": f"sessionid={game[color]}"} for color in ("white", "black")
        }
        sent_at: dict[int, float] = {}
        game_urls = [
            server_for(urls, route, index, k) + game["id"] + "/" + LEGAL_AS_THE_PAGE
            for k in range(4)
        ]
        async with (
            await opened(gate, game_urls[0], additional_headers=headers["white"]) as white,
            await opened(gate, game_urls[1], additional_headers=headers["black"]) as black,
            await opened(gate, game_urls[2], additional_headers=origin) as spec1,
            await opened(gate, game_urls[3], additional_headers=origin) as spec2,
        ):
            # The newest state's text and ply. Only the player about to move decodes a state
            # (for its legal moves), once a move: the floor's client reads its messages' numbers
            # and nothing else, and decoding each state four times would delay this client's
            # reading of the messages behind it (each counted from its arrival here).
            newest: dict = {"raw": "", "ply": -1}
            received: dict[int, set[int]] = {0: set(), 1: set()}
            # A socket counts as settled once the server has sent it the game's state (the
            # server accepts first, then registers the socket and answers).
            first_states = {
                "white": asyncio.Event(),
                "black": asyncio.Event(),
                0: asyncio.Event(),
                1: asyncio.Event(),
            }

            async def listen(sock, tag: int | None, name: str | int) -> None:
                async for raw in sock:
                    arrived = time.perf_counter()
                    stats.messages += 1
                    playing = settled.start.is_set()
                    if playing:
                        stats.bytes += len(raw)
                    ply = state_ply(raw)
                    if ply is not None:
                        if playing:
                            stats.state_sizes.append(len(raw))
                        first_states[name].set()
                        if ply >= newest["ply"]:
                            newest.update(raw=raw, ply=ply)
                        if tag is not None and ply in sent_at and ply not in received[tag]:
                            received[tag].add(ply)
                            stats.latencies.append(arrived - sent_at[ply])
                        continue
                    message = json.loads(raw)
                    if message["type"] == "error":
                        stats.errors += 1
                        stats.error_kinds[message.get("code", "?")] += 1

            async def pinging(sock) -> None:
                await asyncio.sleep(random.uniform(0, heartbeat))
                while True:
                    await sock.send('{"type": "ping"}')
                    stats.pings += 1
                    await asyncio.sleep(heartbeat)

            tasks = [
                asyncio.create_task(listen(white, None, "white")),
                asyncio.create_task(listen(black, None, "black")),
                asyncio.create_task(listen(spec1, 0, 0)),
                asyncio.create_task(listen(spec2, 1, 1)),
            ]
            for event in first_states.values():
                await event.wait()
            await settled.wait()
            if heartbeat:  # as a real page pings (static/js/socket.js), from a random phase
                tasks += [
                    asyncio.create_task(pinging(sock)) for sock in (white, black, spec1, spec2)
                ]
            await asyncio.sleep(random.uniform(0, interval))
            end = time.monotonic() + duration
            while time.monotonic() < end:
                latest = json.loads(newest["raw"])
                finished = latest["status"] == "finished"
                legal = legal_of(latest)
                if finished or not legal:
                    stats.finished += finished
                    break
                move = random.choice(legal)
                mover = white if latest["turn"] == "white" else black
                ply = latest["ply"]
                sent_at[ply + 1] = time.perf_counter()
                await mover.send(
                    json.dumps(
                        {
                            "type": "move",
                            "ply": ply,
                            "path": move["path"],
                            "promotion": move["promotion"],
                        }
                    )
                )
                stats.moves += 1
                await asyncio.sleep(interval)
            await asyncio.sleep(2)  # let the last states arrive
            for tag in (0, 1):
                stats.lost += len(set(sent_at) - received[tag])
            await settled.finished()
            for task in tasks:
                task.cancel()

    try:
        await asyncio.gather(*(one_game(i, game) for i, game in enumerate(games)))
    finally:
        gc.enable()
        gc.unfreeze()
    stats.play_started = settled.play_started
    stats.play_seconds = settled.play_seconds
    stats.server_cpu = settled.server_cpu
    stats.client_cpu = settled.client_cpu


async def run_echo(
    ports: list[int],
    server_pids: list[int],
    groups: int,
    duration: float,
    interval: float,
    size: int,
    route: str,
    relay: str = "echo",
) -> tuple[list[float], float]:
    """Runs the floor through ``/ws/<relay>/``; returns its latencies and the relay servers'
    CPU time per message."""
    latencies: list[float] = []
    sends = 0
    payload = "x" * size
    settled = Settled(groups, server_pids)
    gate = asyncio.Semaphore(OPENING_AT_ONCE)
    urls = [f"ws://127.0.0.1:{port}/ws/{relay}/" for port in ports]

    async def one_group(index: int) -> None:
        # A game's group: the player who moves, the other player, two spectators; each
        # message goes to all four, as a move's state does, and reaches the two spectators'
        # sockets in the same places (routed alike, opened in the same order).
        nonlocal sends
        group_urls = [server_for(urls, route, index, k) + f"g{index}/" for k in range(4)]
        async with (
            await opened(gate, group_urls[0]) as sender,
            await opened(gate, group_urls[1]) as other,
            await opened(gate, group_urls[2]) as r1,
            await opened(gate, group_urls[3]) as r2,
        ):
            sent: dict[int, float] = {}
            await settled.wait()

            async def listen(sock) -> None:
                async for raw in sock:
                    seq = int(raw.split("|", 1)[0])
                    latencies.append(time.perf_counter() - sent[seq])

            tasks = [asyncio.create_task(listen(r1)), asyncio.create_task(listen(r2))]
            # The players hear every message too (the sender its own); not measured.
            tasks += [asyncio.create_task(drain(sock)) for sock in (sender, other)]
            await asyncio.sleep(random.uniform(0, interval))
            end, seq = time.monotonic() + duration, 0
            while time.monotonic() < end:
                sent[seq] = time.perf_counter()
                await sender.send(f"{seq}|{payload}")
                seq += 1
                sends += 1
                await asyncio.sleep(interval)
            await asyncio.sleep(2)
            await settled.finished()
            for task in tasks:
                task.cancel()

    try:
        await asyncio.gather(*(one_group(i) for i in range(groups)))
    finally:
        gc.enable()
        gc.unfreeze()
    return latencies, settled.server_cpu / max(1, sends)


async def drain(sock) -> None:
    async for _ in sock:
        pass


def server_for(urls: list[str], route: str, index: int, socket_index: int) -> str:
    """Returns the server (its URL prefix) of a group's socket among several servers.

    ``game``: all of a game's sockets on one server, the game's, as a load balancer routing by
    the socket's path sends them (a move then crosses Redis only to reach the sockets of its
    game on other servers, here none). ``socket``: a game's sockets spread over the servers
    (white and the first spectator on one, black and the second on the next), so every move
    reaches another server's sockets through Redis."""
    if route == "game":
        return urls[index % len(urls)]
    return urls[socket_index % len(urls)]


def report(name: str, latencies: list[float]) -> tuple[float, float]:
    p50, p90, p99 = (percentile(latencies, q) * 1000 for q in (0.5, 0.9, 0.99))
    worst = max(latencies, default=float("nan")) * 1000
    print(
        f"{name}: {len(latencies)} deliveries, p50 {p50:.1f} ms, p90 {p90:.1f} ms, "
        f"p99 {p99:.1f} ms, max {worst:.1f} ms"
    )
    return p50, p99


def one_round(
    games_count: int,
    duration: float,
    interval: float,
    servers: int = 1,
    route: str = "game",
    heartbeat: float = 0.0,
    clock: tuple[int, int] | None = None,
    tree: Path = ROOT,
    floors: bool = True,
    plies: int = 0,
    site_relay: bool = False,
) -> dict:
    """Plays one round on the site of ``tree`` (its own database when it is not this one:
    ``DATABASE_URL``'s name with ``_before``) and, with ``floors``, the same fan-out through
    the relays (bench/echo_asgi.py), each message the size of the site's states. With
    ``site_relay``, the same games are played again on the site with its moves relayed, not
    played (bench/site_relay_asgi.py): what is left is the site's socket plumbing."""
    env = {} if tree == ROOT else {"DATABASE_URL": before_database_url()}
    if heartbeat:  # every spectator of the bench comes from one address
        env["SOCKET_BUDGET_OTHER"] = "1000000/20"
    games = prepare_games(games_count, clock, tree, env, plies)
    capped = bounds_its_messages(tree)
    game_servers = [
        start_daphne("chesskers_site.asgi:application", tree, env, capped=capped)
        for _ in range(servers)
    ]
    pids = [process.pid for process, _ in game_servers]
    probed = [("the site", pids)]  # --probe: whose reports to print
    disk = DiskWatch(writable_data_directory())
    floor: dict[str, tuple[list[float], float]] = {}
    echo_servers: list[tuple[subprocess.Popen, int]] = []
    try:
        stats = Stats()
        ports = [port for _, port in game_servers]
        disk.start()
        try:
            asyncio.run(run_games(ports, pids, games, duration, interval, stats, route, heartbeat))
        finally:
            disk.stop()
        memory = max(peak_memory_mb(pid) for pid in pids)
        size = int(statistics.median(stats.state_sizes)) if stats.state_sizes else 6000
        if site_relay:
            relayed = Stats()
            relay_servers = [
                start_daphne("bench.site_relay_asgi:application", tree, env) for _ in range(servers)
            ]
            try:
                relay_ports = [port for _, port in relay_servers]
                relay_pids = [process.pid for process, _ in relay_servers]
                probed.append(("the site, moves relayed", relay_pids))
                played = (games, duration, interval, relayed, route, heartbeat)
                asyncio.run(run_games(relay_ports, relay_pids, *played))
            finally:
                stop_servers([process for process, _ in relay_servers])
        if floors:
            # The floor runs on as many relay servers, its sockets routed the same way.
            echo_servers = [start_daphne("bench.echo_asgi:application") for _ in range(servers)]
            echo_ports = [port for _, port in echo_servers]
            echo_pids = [process.pid for process, _ in echo_servers]
            probed.append((f"the relays ({', then '.join(RELAYS.values())})", echo_pids))
            for relay in RELAYS:
                floor[relay] = asyncio.run(
                    run_echo(
                        echo_ports, echo_pids, games_count, duration, interval, size, route, relay
                    )
                )
    finally:
        stop_servers([process for process, _ in [*game_servers, *echo_servers]])
    where = (
        "one Daphne process"
        if servers == 1
        else f"{servers} Daphne processes, sockets routed by {route}"
    )
    pings = f", a ping every {heartbeat} s per socket" if heartbeat else ""
    clocked = f", clocks {clock[0]}+{clock[1]}" if clock else ", no clocks"
    code = ""
    if tree != ROOT:
        code = f", the site of {tree}" + ("" if capped else " (Daphne without the message caps)")
    code += f", games {plies} plies in" if plies else ""
    print(
        f"\n== {games_count} games on {where}, a move every {interval} s per game{pings}{clocked}, "
        f"{duration} s{code} =="
    )
    _, game_p99 = report("move -> spectator (site)", stats.latencies)
    moves = max(1, stats.moves)
    cpu_per_move = 1000 * stats.server_cpu / moves
    print(
        f"moves sent {stats.moves} ({stats.moves / stats.play_seconds:.1f}/s), "
        + (f"pings sent {stats.pings}, " if heartbeat else "")
        + f"errors {stats.errors}, lost states {stats.lost}, games finished {stats.finished}, "
        f"server peak memory {memory:.0f} MB" + (" (the largest process)" if servers > 1 else "")
    )
    print(
        f"server CPU while playing: {stats.server_cpu / stats.play_seconds:.0%} of a core, "
        f"{cpu_per_move:.2f} ms per move; this client: "
        f"{stats.client_cpu / stats.play_seconds:.0%} of a core; bytes the game's four sockets "
        f"received a move: {stats.bytes / moves:,.0f} (a state {size:,} bytes, median)"
    )
    print(disk.summary(stats.play_started, stats.play_seconds))
    if stats.error_kinds:
        print(f"errors by code: {dict(stats.error_kinds)}")
    result = {
        "games": games_count,
        "p99": game_p99,
        "lost": stats.lost,
        "errors": stats.errors,
        "cpu_per_move_ms": cpu_per_move,
        "messages_per_move": stats.messages / moves,
        "bytes_per_move": stats.bytes / moves,
        "state_bytes": size,
    }
    if site_relay:
        _, result["site_relay_p99"] = report("site, moves relayed     ", relayed.latencies)
        result["site_relay_cpu_ms"] = 1000 * relayed.server_cpu / max(1, relayed.moves)
        print(
            f"site, moves relayed: CPU {result['site_relay_cpu_ms']:.2f} ms a move, "
            f"errors {relayed.errors}, lost {relayed.lost}"
        )
    if floors:
        for relay, (latencies, cpu) in floor.items():
            _, p99 = report(f"{RELAYS[relay]:<24}", latencies)
            result[f"{relay}_p99"] = p99
            result[f"{relay}_cpu_ms"] = 1000 * cpu
        print(
            "relays' CPU a message: "
            + ", ".join(f"{relay} {result[f'{relay}_cpu_ms']:.2f} ms" for relay in RELAYS)
        )
        print(targets(result))
    for label, probed_pids in probed:
        print_probe_reports(label, probed_pids)
    return result


def stop_servers(servers: list[subprocess.Popen]) -> None:
    for server in servers:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


# The floors: the same fan-out through bench/echo_asgi.py's relays, a state's size a message.
RELAYS = {
    "query": "stock relay, one query",
    "lean": "lean relay (no hop)",
}

# Targets against the lean relay, measured in the same run.
P99_WITHIN = 2.0
CPU_WITHIN = 1.5


def targets(result: dict) -> str:
    """Returns the round's targets against the lean relay, met or not."""
    p99 = result["p99"] / result["lean_p99"]
    cpu = result["cpu_per_move_ms"] / result["lean_cpu_ms"]
    verdicts = [
        f"p99 {p99:.2f}x the lean relay's (target {P99_WITHIN:g}x: "
        f"{'met' if p99 <= P99_WITHIN else 'not met'})",
        f"CPU a move {cpu:.2f}x its CPU a message (target {CPU_WITHIN:g}x: "
        f"{'met' if cpu <= CPU_WITHIN else 'not met'})",
        f"lost {result['lost']} (target 0: {'met' if result['lost'] == 0 else 'not met'})",
    ]
    return "targets: " + "; ".join(verdicts)


def before_database_url() -> str:
    """The database of the site of ``--before``: ``DATABASE_URL``'s, its name + ``_before``."""
    url = os.environ["DATABASE_URL"]
    base, _, name = url.rpartition("/")
    return f"{base}/{name}_before"


def print_medians(count: int, results: list[dict]) -> None:
    """Prints the medians of several rounds at one game count."""

    def median(key: str) -> float:
        return statistics.median(result[key] for result in results)

    lean = statistics.median(result["p99"] / result["lean_p99"] for result in results)
    cpu = statistics.median(result["cpu_per_move_ms"] / result["lean_cpu_ms"] for result in results)
    print(
        f"\n-- {count} games, median of {len(results)} runs: site p99 {median('p99'):.1f} ms, "
        f"stock relay p99 {median('query_p99'):.1f} ms, lean relay p99 {median('lean_p99'):.1f} "
        f"ms, ratio {lean:.2f}; CPU {median('cpu_per_move_ms'):.2f} ms a move, lean relay "
        f"{median('lean_cpu_ms'):.2f} ms a message, ratio {cpu:.2f}; "
        f"{median('bytes_per_move'):,.0f} bytes a move; "
        f"errors {sum(r['errors'] for r in results)}, lost {sum(r['lost'] for r in results)}"
    )
    if all("site_relay_p99" in result for result in results):
        print(
            f"-- the site with its moves relayed: p99 {median('site_relay_p99'):.1f} ms, CPU "
            f"{median('site_relay_cpu_ms'):.2f} ms a move"
        )


def raise_open_file_limit() -> None:
    """Lifts this process's (and so the servers') open-file limit to the hard limit: 500 games
    are 2,000 client sockets here and 2,000 more in the server."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def main() -> None:
    raise_open_file_limit()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play per round")
    parser.add_argument(
        "--interval", type=float, default=5.0, help="seconds between a game's moves"
    )
    parser.add_argument("--ramp", type=int, nargs="*", help="game counts to try in turn")
    parser.add_argument(
        "--servers", type=int, default=1, help="Daphne processes serving the games (default 1)"
    )
    parser.add_argument(
        "--route",
        choices=["game", "socket"],
        default="game",
        help="with several servers: a game's sockets all on its server (game), or spread (socket)",
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs of each game count (medians are printed)"
    )
    parser.add_argument(
        "--heartbeat",
        type=float,
        default=0.0,
        help="seconds between each game socket's pings, as real pages send (20); 0: none",
    )
    parser.add_argument(
        "--plies",
        type=int,
        default=0,
        help="plies every game has been played when the round starts (one random line), as a "
        "site's games are at any moment (default 0: from the start)",
    )
    parser.add_argument(
        "--site-relay",
        action="store_true",
        help="play each round's games again on the site with its moves relayed, not played "
        "(bench/site_relay_asgi.py), to part the site's plumbing from a move's work",
    )
    parser.add_argument(
        "--before",
        type=Path,
        help="a checkout of an older commit (git archive <commit> | tar -x -C DIR, and its C "
        "module built there; with a .venv of its own, its servers run on it): each round is "
        "run on its site too, on a database of its own, and bytes and CPU a move are printed "
        "before and after (its Daphne has the message caps if the tree bounds its messages, as "
        "this one does)",
    )
    parser.add_argument(
        "--clock",
        help="INITIAL+INCREMENT seconds: each round is run without clocks, then with them, "
        "and the clocked games' CPU and messages per move are printed against the others'",
    )
    parser.add_argument(
        "--probe",
        action="store_true",
        help="serve every server of this tree through bench/loop_probe.py and print what held "
        "up each one's event loop while the round played (it costs each callback a little)",
    )
    args = parser.parse_args()
    if args.probe and args.before:
        raise SystemExit("--probe serves this tree's servers only: not with --before")
    global PROBE_SERVERS
    PROBE_SERVERS = args.probe
    if args.clock:
        compare_clocks(args)
        return
    if args.before:
        compare_versions(args)
        return
    if not os.environ.get("REDIS_URL"):
        raise SystemExit("set REDIS_URL: the bench measures the Redis channel layer")
    # The sessions the bench signs its players in with must be made with the server's secret.
    os.environ.update(PRODUCTION_LIKE)
    ensure_database()
    rounds = args.ramp or [args.games]
    for count in rounds:
        results = [
            one_round(
                count,
                args.duration,
                args.interval,
                args.servers,
                args.route,
                args.heartbeat,
                plies=args.plies,
                site_relay=args.site_relay,
            )
            for _ in range(args.repeat)
        ]
        p99 = statistics.median(result["p99"] for result in results)
        if args.repeat > 1:
            print_medians(count, results)
        if args.ramp and p99 > 100:
            print(f"\np99 passed 100 ms at {count} games")
            break


def compare_clocks(args: argparse.Namespace) -> None:
    """Runs ``--repeat`` pairs of rounds, unclocked then clocked, and prints the medians: the
    server CPU and the messages a client receives per move, and their ratios."""
    if not os.environ.get("REDIS_URL"):
        raise SystemExit("set REDIS_URL: the bench measures the Redis channel layer")
    os.environ.update(PRODUCTION_LIKE)
    ensure_database()
    initial, increment = (int(part) for part in args.clock.split("+"))
    pairs = []
    for _ in range(args.repeat):
        plain = one_round(
            args.games, args.duration, args.interval, args.servers, args.route, floors=False
        )
        timed = one_round(
            args.games, args.duration, args.interval, args.servers, args.route, 0.0,
            (initial, increment), floors=False,
        )  # fmt: skip
        pairs.append((plain, timed))

    def median(index: int, key: str) -> float:
        return statistics.median(pair[index][key] for pair in pairs)

    ratio = statistics.median(t["cpu_per_move_ms"] / p["cpu_per_move_ms"] for p, t in pairs)
    print(
        f"\n-- {args.games} games, median of {len(pairs)} pairs: CPU a move "
        f"{median(0, 'cpu_per_move_ms'):.2f} ms unclocked, {median(1, 'cpu_per_move_ms'):.2f} ms "
        f"clocked (ratio {ratio:.2f}); "
        f"messages received a move {median(0, 'messages_per_move'):.2f} unclocked, "
        f"{median(1, 'messages_per_move'):.2f} clocked; "
        f"p99 {median(0, 'p99'):.1f} / {median(1, 'p99'):.1f} ms"
    )  # fmt: skip


def compare_versions(args: argparse.Namespace) -> None:
    """Runs ``--repeat`` pairs of rounds, the site of ``--before`` then this one's (with the
    relays), and prints the medians: bytes and server CPU a move, and their ratios."""
    if not os.environ.get("REDIS_URL"):
        raise SystemExit("set REDIS_URL: the bench measures the Redis channel layer")
    os.environ.update(PRODUCTION_LIKE)
    ensure_database()
    ensure_database(before_database_url())
    pairs = []
    for _ in range(args.repeat):
        before = one_round(
            args.games, args.duration, args.interval, args.servers, args.route,
            args.heartbeat, tree=args.before.resolve(), floors=False, plies=args.plies,
        )  # fmt: skip
        after = one_round(
            args.games, args.duration, args.interval, args.servers, args.route, args.heartbeat,
            plies=args.plies,
        )  # fmt: skip
        pairs.append((before, after))

    def median(index: int, key: str) -> float:
        return statistics.median(pair[index][key] for pair in pairs)

    def ratio(key: str) -> float:
        return statistics.median(after[key] / before[key] for before, after in pairs)

    print(
        f"\n-- {args.games} games, median of {len(pairs)} pairs, before / after: "
        f"bytes a move {median(0, 'bytes_per_move'):,.0f} / {median(1, 'bytes_per_move'):,.0f} "
        f"(ratio {ratio('bytes_per_move'):.2f}); a state {median(0, 'state_bytes'):,.0f} / "
        f"{median(1, 'state_bytes'):,.0f} bytes; CPU a move {median(0, 'cpu_per_move_ms'):.2f} / "
        f"{median(1, 'cpu_per_move_ms'):.2f} ms (ratio {ratio('cpu_per_move_ms'):.2f}); "
        f"p99 {median(0, 'p99'):.1f} / {median(1, 'p99'):.1f} ms; "
        f"lost {sum(p[0]['lost'] for p in pairs)} / {sum(p[1]['lost'] for p in pairs)}"
    )
    print_medians(args.games, [after for _, after in pairs])


if __name__ == "__main__":
    main()
