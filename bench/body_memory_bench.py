"""A server process's memory under large request bodies, with and without the GC tuning
(issue #24: "1 MB bodies posted 8 at a time grew a process linearly … check whether the
process's GC tuning makes it worse").

Starts Daphne on SQLite twice — with the site's collector thresholds
(``SERVER_GC_THRESHOLDS``, common/process.py) and with Python's own — and posts
``--requests`` bodies of ``--kib`` KiB, ``--concurrency`` at a time, as import texts of a signed-up
user (each is read whole, parsed and refused with 400); then bodies over the cap
(``REQUEST_MAX_BYTES``), refused with 413 before they are read. Prints each process's resident
memory before, after and the growth per request; the reference is the same process's growth
over the same number of small requests (``/about/``) in the same run. It never fails on figures.

    .venv/bin/python bench/body_memory_bench.py [--requests 1000] [--kib 400] [--concurrency 8]
"""

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"

# Python's own thresholds: a settings module beside the site's that only drops the tuning.
UNTUNED = "from chesskers_site.settings import *  # noqa: F403\nSERVER_GC_THRESHOLDS = None\n"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def post(url: str, body: bytes, headers: dict[str, str]) -> int:
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status
    except urllib.error.HTTPError as refused:
        return refused.code


def get(url: str) -> int:
    with urllib.request.urlopen(url, timeout=60) as answer:
        answer.read()
        return answer.status


def serve(settings_module: str, workdir: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": settings_module,
        "PYTHONPATH": f"{workdir}:{ROOT}",
        "SQLITE_PATH": f"{workdir}/bench-{port}.sqlite3",
        "DATABASE_URL": "",
        "REDIS_URL": "",
        "DEBUG": "0",
        "DEVELOPMENT": "1",
        "GAMES_SWEEP_INTERVAL": "0",
    }
    subprocess.run([PYTHON, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    command = [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
    process = subprocess.Popen(
        [*command, "chesskers_site.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            get(f"{base}/about/")
            return process, base
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("Daphne did not start")


def token(base: str) -> str:
    body = json.dumps({"username": "heavy", "password": "a-long-secret-42"}).encode()
    request = urllib.request.Request(
        f"{base}/api/auth/signup/", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)["token"]


def burst(count: int, concurrency: int, call) -> list[int]:
    with ThreadPoolExecutor(concurrency) as pool:
        return list(pool.map(lambda _: call(), range(count)))


def measure(label: str, settings_module: str, workdir: str, args) -> None:
    process, base = serve(settings_module, workdir)
    try:
        headers = {"Content-Type": "application/json", "Authorization": f"Token {token(base)}"}
        text = "1. e4 " + "x" * (args.kib * 1024 - 16)
        body = json.dumps({"text": text}).encode()
        over = b"{" + b" " * (1024 * 1024) + b"}"
        burst(50, args.concurrency, lambda: get(f"{base}/about/"))  # warm up
        start = rss_kib(process.pid)
        burst(args.requests, args.concurrency, lambda: get(f"{base}/about/"))
        small = rss_kib(process.pid)
        codes = burst(
            args.requests,
            args.concurrency,
            lambda: post(f"{base}/api/games/import/", body, headers),
        )
        large = rss_kib(process.pid)
        refused = burst(
            args.requests,
            args.concurrency,
            lambda: post(f"{base}/api/games/import/", over, headers),
        )
        capped = rss_kib(process.pid)
        print(
            f"{label:>16}: start {start / 1024:6.1f} MiB; "
            f"+{(small - start) / args.requests:5.1f} KiB a small request; "
            f"+{(large - small) / args.requests:5.1f} KiB a {args.kib} KiB body "
            f"({sorted(set(codes))}); "
            f"+{(capped - large) / args.requests:5.1f} KiB a 1 MiB body ({sorted(set(refused))}); "
            f"end {capped / 1024:6.1f} MiB"
        )
    finally:
        process.terminate()
        process.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--kib", type=int, default=400)
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        Path(workdir, "untuned_settings.py").write_text(UNTUNED)
        measure("site GC tuning", "chesskers_site.settings", workdir, args)
        measure("Python's own GC", "untuned_settings", workdir, args)


if __name__ == "__main__":
    sys.exit(main())
