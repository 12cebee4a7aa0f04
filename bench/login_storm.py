"""A storm of failed log-ins against a small connection pool, on a real Daphne with PostgreSQL.

``--storm`` clients send a wrong password at once, each from an address of its own (the bench is
the server's trusted proxy and names it in ``X-Forwarded-For``, so no throttle stops them), while
a bystander reads the lobby (``GET /api/seeks/``, one query). Every password is hashed with the
real PBKDF2 (about 0.6 s of CPU each here). Measured per round: how the storm's requests were
answered (400 is a wrong password, 500 or 503 a request that got no connection within
``DB_POOL_TIMEOUT``) and the bystander's time to an answer and its status.

Two servers are measured in the same run, alternating round by round: the site as it is (its
hasher gives the pooled connection back before hashing) and the same site with Django's own
PBKDF2 hasher (hashing holding the connection: the reference). The bystander's time on an idle
server is measured too. The medians of ``--runs`` rounds are printed, with the ratio of the
bystander's time during the storm to its idle time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_bench \\
    .venv/bin/python bench/login_storm.py --storm 24 --pool 4 --runs 3

Needs PostgreSQL (the bench database is created and migrated if missing).
"""

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")
os.environ.setdefault("DEVELOPMENT", "1")
os.environ.setdefault("DEBUG", "0")

from bench.ws_load import ensure_database, free_port  # noqa: E402

LOG_DIR = ROOT / "artifacts" / "logs"
PASSWORD = "correct-horse-battery-staple"
# The reference: the site's settings with Django's own PBKDF2 first (it hashes holding the
# request's connection), written to a module the server imports.
PLAIN_SETTINGS = """from chesskers_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
"""


def start_server(settings_module: str, pool: int, timeout: float) -> tuple[subprocess.Popen, int]:
    port = free_port()
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    log = (LOG_DIR / f"login-storm-{port}.log").open("w")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": settings_module,
        "PYTHONPATH": f"{ROOT}:{LOG_DIR}",
        "DB_POOL_SIZE": str(pool),
        "DB_POOL_TIMEOUT": str(timeout),
        "TRUSTED_PROXIES": "127.0.0.1",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "chesskers_site.asgi:application"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            request(port, "GET", "/about/")
            return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"{settings_module} did not start")


def request(
    port: int, method: str, path: str, body: dict | None = None, address: str = "10.0.0.1"
) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = conn.getresponse()
    response.read()
    return response.status


def timed_read(port: int) -> tuple[float, int]:
    start = time.perf_counter()
    status = request(port, "GET", "/api/seeks/")
    return time.perf_counter() - start, status


def storm_round(port: int, username: str, size: int) -> dict:
    """Sends ``size`` wrong passwords at once and, once they are in, the bystander's read."""
    ready = threading.Barrier(size + 1)

    def one(index: int) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        conn.connect()
        ready.wait()
        address = f"10.{index // 250}.{index % 250}.{uuid.uuid4().int % 250}"
        headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
        body = json.dumps({"username": username, "password": f"wrong{index}"})
        conn.request("POST", "/api/auth/token/", body, headers)
        response = conn.getresponse()
        response.read()
        return response.status

    with ThreadPoolExecutor(size) as pool:
        answers = [pool.submit(one, index) for index in range(size)]
        ready.wait()
        time.sleep(0.5)  # the storm's requests are in and hashing
        seconds, status = timed_read(port)
        statuses = Counter(answer.result() for answer in answers)
    return {"bystander": seconds, "bystander_status": status, "statuses": statuses}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--storm", type=int, default=24, help="failed log-ins sent at once")
    parser.add_argument("--pool", type=int, default=4, help="DB_POOL_SIZE of the server")
    parser.add_argument("--timeout", type=float, default=5.0, help="DB_POOL_TIMEOUT, seconds")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    ensure_database()
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True
    )
    (LOG_DIR / "login_storm_plain_settings.py").write_text(PLAIN_SETTINGS)
    servers = {
        "site (hashes holding no connection)": "chesskers_site.settings",
        "reference (Django's hasher)": "login_storm_plain_settings",
    }
    started = {
        name: start_server(module, args.pool, args.timeout) for name, module in servers.items()
    }
    username = f"storm{uuid.uuid4().hex[:8]}"
    port = next(iter(started.values()))[1]
    assert request(port, "POST", "/api/auth/signup/", {"username": username, "password": PASSWORD},
                   "10.255.0.1") == 201  # fmt: skip
    results: dict[str, list[dict]] = {name: [] for name in servers}
    idle: list[float] = []
    try:
        for _ in range(args.runs):
            for name, (_, server_port) in started.items():
                idle.append(timed_read(server_port)[0])
                results[name].append(storm_round(server_port, username, args.storm))
    finally:
        for process, _ in started.values():
            process.terminate()
            process.wait()

    idle_median = statistics.median(idle)
    print(
        f"storm {args.storm} failed log-ins at once, pool {args.pool}, DB_POOL_TIMEOUT "
        f"{args.timeout:g} s, runs {args.runs}; idle read {idle_median * 1000:.0f} ms"
    )
    print(f"{'server':38} {'storm answers (all runs)':30} {'bystander':>10} {'x idle':>8}  status")
    for name, rounds in results.items():
        statuses = sum((r["statuses"] for r in rounds), Counter())
        seen = " ".join(f"{code}x{count}" for code, count in sorted(statuses.items()))
        bystander = statistics.median(r["bystander"] for r in rounds)
        codes = ",".join(str(r["bystander_status"]) for r in rounds)
        print(
            f"{name:38} {seen:30} {bystander * 1000:8.0f}ms {bystander / idle_median:8.1f}  {codes}"
        )


if __name__ == "__main__":
    main()
