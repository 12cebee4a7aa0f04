"""bench/ws_load.py --probe: a server started by the bench is served through bench/loop_probe.py,
counts from the round's first move and reports what its event loop did when the round ends."""

import asyncio
import json
import re
import signal

import pytest
import websockets

from bench import ws_load


@pytest.fixture
def probed(monkeypatch, tmp_path):
    monkeypatch.setattr(ws_load, "PROBE_SERVERS", True)
    monkeypatch.setattr(ws_load, "LOG_DIR", tmp_path)
    process, port = ws_load.start_daphne("bench.echo_asgi:application")
    yield process, port, tmp_path
    ws_load.stop_servers([process])


async def test_a_probed_server_reports_its_loop_for_the_round_alone(probed, capsys) -> None:
    process, port, log_dir = probed
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/lean/probe/") as sock:
        await sock.send("before the round")  # not counted: the round starts below
        assert await sock.recv() == "before the round"
        ws_load.signal_probes([process.pid], signal.SIGUSR2)
        await asyncio.sleep(0.2)
        for index in range(50):
            await sock.send(json.dumps({"n": index}))
            assert json.loads(await sock.recv()) == {"n": index}
        await asyncio.sleep(2.5)  # one pass of Daphne's timeout check at least
        ws_load.signal_probes([process.pid], signal.SIGUSR1)
        for _ in range(50):
            reports = list(log_dir.glob(f"loop-probe-*.{process.pid}"))
            if reports and reports[0].read_text().endswith("\n\n"):
                break
            await asyncio.sleep(0.1)
    ws_load.print_probe_reports("the relay", [process.pid])
    printed = capsys.readouterr().out
    assert f"-- loop probe, the relay (process {process.pid}):" in printed
    wake_ups = int(re.search(r"loop lateness: (\d+) wake-ups, p50", printed)[1])
    assert 500 < wake_ups < 2000  # a 2 ms tick over about 2.7 s, from the signal on
    callbacks = int(re.search(r"callbacks: (\d+), of which", printed)[1])
    assert callbacks > 100  # 50 messages relayed, each several callbacks, and the ticks
    assert re.search(r"Daphne's timeout passes: [12], .* pinged 0 sockets in all", printed)
