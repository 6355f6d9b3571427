"""Load benchmark of the web table: many concurrent bot-vs-bot games over the websocket API.

Starts ``python -m boomtown.server`` on 127.0.0.1 (a fresh SQLite data folder unless
``--database-url`` is given), creates ``--games`` games whose every seat is played by a
client bot of this script (uniformly random legal actions, after a think time), and measures
for each decision the time from sending it to receiving its acknowledgement (the server acks
only after the decision is committed to the database). Bounded: it stops after
``--seconds`` or when every game has ended, then stops the server.

    .venv/bin/python benchmarks/load_server.py --games 100 --think-ms 1000 --seconds 60

Reports decisions/s and p50/p90/p99/max submit-to-ack latency. Goal on a 2-core machine:
100 concurrent games with p99 under 100 ms on SQLite.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

try:
    import orjson

    loads: Any = orjson.loads
except ImportError:  # pragma: no cover
    loads = json.loads

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(base: str, path: str, body: Any) -> Any:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.warmup: list[float] = []
        self.measure_from = float("inf")
        self.errors: dict[str, int] = {}
        self.finished = 0
        self.messages = 0
        self.bytes = 0


async def seat_client(ws_url: str, token: str, think: float, rng: random.Random, stats: Stats,
                      stop: asyncio.Event) -> None:
    async with websockets.connect(ws_url, max_size=2**24, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: dict[int, float] = {}
        req = 0
        answered = None  # a decision is answered once, even if a newer message repeats it
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
            except TimeoutError:
                continue
            stats.messages += 1
            stats.bytes += len(raw)
            msg = loads(raw)
            kind = msg["type"]
            if kind == "ack":
                t0 = sent_at.pop(msg["req"], None)
                if t0 is not None:
                    into = stats.latencies if t0 >= stats.measure_from else stats.warmup
                    into.append(time.perf_counter() - t0)
            elif kind == "error":
                stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                sent_at.pop(msg.get("req"), None)
            elif kind == "state":
                if msg["view"]["terminal"]:
                    if msg["seat"] == 0:
                        stats.finished += 1
                    return
                if msg["decision"] and msg["decision"] != answered:
                    answered = msg["decision"]
                    if think:
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    if stop.is_set():
                        return
                    action = rng.choice(msg["view"]["legal_actions"])["id"]
                    req += 1
                    sent_at[req] = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "action": action,
                                              "decision": msg["decision"], "req": req}))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cpu_seconds(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return float("nan")


async def run(args: argparse.Namespace, base: str) -> Stats:
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    games = []
    for _ in range(args.games):
        body = {"game": args.game, "players": args.players, "listed": False,
                "seats": [{"kind": "human"} for _ in range(args.players)]}
        games.append(await asyncio.to_thread(post, base, "/api/games", body))
    ws_base = base.replace("http://", "ws://")
    tasks = [
        asyncio.create_task(seat_client(
            f"{ws_base}/api/games/{g['game_id']}/ws", s["token"], args.think_ms / 1000,
            random.Random(rng.random()), stats, stop))
        for g in games for s in g["seats"]
    ]
    start = time.perf_counter()
    stats.measure_from = start + args.warmup
    done, pending = await asyncio.wait(tasks, timeout=args.seconds)
    stop.set()
    stats.elapsed = time.perf_counter() - start  # type: ignore[attr-defined]
    if pending:
        await asyncio.wait(pending, timeout=5)
        for task in pending:
            task.cancel()
    for task in done:
        if task.exception() is not None:
            name = type(task.exception()).__name__
            stats.errors[name] = stats.errors.get(name, 0) + 1
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--game", default="western-town")
    parser.add_argument("--think-ms", type=float, default=1000.0,
                        help="mean think time of a client bot before each decision (0: none)")
    parser.add_argument("--seconds", type=float, default=60.0, help="time limit")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds at the start (all clients connecting) left out of the "
                        "latency figures; reported apart")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    if not 1 <= args.games <= 1000 or not 0 < args.seconds <= 900:
        parser.error("--games must be 1..1000 and --seconds 0..900")
    port = free_port()
    data = tempfile.mkdtemp(prefix="boomtown-load-")
    cmd = [sys.executable, "-m", "boomtown.server", "--host", "127.0.0.1", "--port", str(port),
           "--data", data, "--log-level", "warning"]
    if args.database_url:
        cmd += ["--database-url", args.database_url]
    server = subprocess.Popen(cmd)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/api/health", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        cpu0, own0 = cpu_seconds(server.pid), time.process_time()
        stats = asyncio.run(run(args, base))
        cpu, own = cpu_seconds(server.pid) - cpu0, time.process_time() - own0
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(data, ignore_errors=True)
    lat = stats.latencies
    elapsed = stats.elapsed  # type: ignore[attr-defined]
    storage = "PostgreSQL" if args.database_url else "SQLite"
    print(f"{args.games} concurrent {args.players}-player {args.game} games on {storage}, "
          f"think {args.think_ms:.0f} ms, {elapsed:.1f} s (limit {args.seconds:.0f} s)")
    print(f"games finished: {stats.finished}/{args.games}")
    measured = max(elapsed - args.warmup, 1e-9)
    warm = stats.warmup
    print(f"warm-up ({args.warmup:.0f} s, {len(warm)} decisions): p50 "
          f"{1000 * percentile(warm, 0.5):.1f} ms, p99 {1000 * percentile(warm, 0.99):.1f} ms")
    print(f"decisions acknowledged after warm-up: {len(lat)}  ({len(lat) / measured:.1f}/s)")
    print(f"submit-to-ack latency ms: p50 {1000 * percentile(lat, 0.5):.1f}  "
          f"p90 {1000 * percentile(lat, 0.9):.1f}  p99 {1000 * percentile(lat, 0.99):.1f}  "
          f"max {1000 * max(lat, default=float('nan')):.1f}")
    print(f"messages received: {stats.messages} ({stats.bytes / 1e6:.1f} MB); "
          f"CPU: server {cpu:.1f} s ({100 * cpu / elapsed:.0f}% of one core), "
          f"load clients {own:.1f} s; load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores")
    if stats.errors:
        print(f"errors: {stats.errors}")
    p99 = percentile(lat, 0.99)
    print(f"goal p99 < 100 ms: {'met' if p99 < 0.1 else 'NOT met'}")


if __name__ == "__main__":
    main()
