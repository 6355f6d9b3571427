"""Load benchmark of the web table: many concurrent bot-vs-bot games over the websocket API.

Starts ``python -m boomtown.server`` on 127.0.0.1 (a fresh SQLite data folder unless
``--database-url`` is given; ``--servers N`` starts N server processes on that one
PostgreSQL database), creates ``--games`` games whose every seat is played by a client bot
of this script (uniformly random legal actions, after a think time), and measures for each
decision the time from sending it to receiving its acknowledgement (the server acks only
after the decision is committed to the database). With several servers, the seats of each
game connect to different processes, so every decision also crosses to another process
(LISTEN/NOTIFY) before the next seat can answer. Bounded: it stops after ``--seconds`` or
when every game has ended, then stops the servers.

    .venv/bin/python benchmarks/load_server.py --games 300 --think-ms 1000 --seconds 60
    .venv/bin/python benchmarks/load_server.py --games 300 --think-ms 1000 --seconds 60 \
        --database-url postgresql://postgres@127.0.0.1:54329/boomtown --servers 2

Reports decisions/s and p50/p90/p99/max submit-to-ack latency. Goal on a 2-core machine:
300 concurrent games at about one decision a second each (``--think-ms 1000``), p99 under
100 ms, on SQLite and on PostgreSQL with two server processes.
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
        #: The servers' CPU seconds in the measured window (after the warm-up).
        self.cpu_measured = 0.0


async def seat_client(ws_url: str, token: str, think: float, rng: random.Random, stats: Stats,
                      stop: asyncio.Event) -> None:
    async with websockets.connect(ws_url, max_size=2**24, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: dict[int, float] = {}
        req = 0
        answered = None  # a decision is answered once, even if a newer message repeats it
        while not stop.is_set():
            # no timeout here (asyncio.wait_for runs a task per message, a tenth of the
            # clients' CPU): the run cancels the clients still waiting when it stops
            raw = await ws.recv()
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


def own_schema(database_url: str) -> tuple[str, str]:
    """A fresh schema of the database for this run (games of earlier runs stay out of it):
    the URL that uses it, and its name."""
    import secrets

    import sqlalchemy as sa

    from boomtown.server.db import normalise_url

    schema = f"load_{secrets.token_hex(4)}"
    engine = sa.create_engine(normalise_url(database_url))
    with engine.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    engine.dispose()
    sep = "&" if "?" in database_url else "?"
    return f"{database_url}{sep}options=-csearch_path%3D{schema}", schema


def drop_schema(database_url: str, schema: str) -> None:
    import sqlalchemy as sa

    from boomtown.server.db import normalise_url

    engine = sa.create_engine(normalise_url(database_url))
    with engine.begin() as conn:
        conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
    engine.dispose()


def wait_ready(base: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/api/health", timeout=1).read()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"the server at {base} did not start")


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


def servers_cpu(pids: list[int]) -> float:
    """The CPU seconds the server processes have used so far."""
    return sum(cpu_seconds(pid) for pid in pids)


async def measure_cpu(warmup: float, pids: list[int], stats: Stats) -> None:
    """Note the servers' CPU time when the warm-up ends (the measured window starts)."""
    await asyncio.sleep(warmup)
    stats.cpu_measured = servers_cpu(pids)


async def run(args: argparse.Namespace, bases: list[str], server_pids: list[int]) -> Stats:
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    games = []
    for i in range(args.games):
        body = {"game": args.game, "players": args.players, "listed": False,
                "seats": [{"kind": "human"} for _ in range(args.players)]}
        games.append(await asyncio.to_thread(post, bases[i % len(bases)], "/api/games", body))
    ws_bases = [b.replace("http://", "ws://") for b in bases]
    # seat s of game g talks to server (g + s) mod N: with two servers, the seats of a game
    # are on different processes
    tasks = [
        asyncio.create_task(seat_client(
            f"{ws_bases[(g + s['seat']) % len(ws_bases)]}/api/games/{game['game_id']}/ws",
            s["token"], args.think_ms / 1000, random.Random(rng.random()), stats, stop))
        for g, game in enumerate(games) for s in game["seats"]
    ]
    start = time.perf_counter()
    stats.measure_from = start + args.warmup
    measuring = asyncio.create_task(measure_cpu(args.warmup, server_pids, stats))
    done, pending = await asyncio.wait(tasks, timeout=args.seconds)
    stop.set()
    stats.elapsed = time.perf_counter() - start  # type: ignore[attr-defined]
    if measuring.done():
        stats.cpu_measured = servers_cpu(server_pids) - stats.cpu_measured
    else:  # the run ended before the warm-up did
        measuring.cancel()
        stats.cpu_measured = float("nan")
    for task in pending:
        task.cancel()
    if pending:
        await asyncio.wait(pending, timeout=5)
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
    parser.add_argument("--servers", type=int, default=1,
                        help="server processes on the one database (more than 1: PostgreSQL)")
    args = parser.parse_args()
    if not 1 <= args.games <= 1000 or not 0 < args.seconds <= 900:
        parser.error("--games must be 1..1000 and --seconds 0..900")
    if not 1 <= args.servers <= 8 or (args.servers > 1 and not args.database_url):
        parser.error("--servers is 1..8, and more than 1 needs --database-url (PostgreSQL)")
    data = tempfile.mkdtemp(prefix="boomtown-load-")
    servers: list[subprocess.Popen[bytes]] = []
    bases = []
    url, schema = own_schema(args.database_url) if args.database_url else (None, None)
    try:
        for _ in range(args.servers):
            port = free_port()
            cmd = [sys.executable, "-m", "boomtown.server", "--host", "127.0.0.1", "--port",
                   str(port), "--data", data, "--log-level", "warning"]
            if url:
                cmd += ["--database-url", url]
            servers.append(subprocess.Popen(cmd))
            bases.append(f"http://127.0.0.1:{port}")
        for base in bases:
            wait_ready(base)
        cpu0, own0 = servers_cpu([p.pid for p in servers]), time.process_time()
        stats = asyncio.run(run(args, bases, [p.pid for p in servers]))
        cpu = servers_cpu([p.pid for p in servers]) - cpu0
        own = time.process_time() - own0
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(data, ignore_errors=True)
        if schema is not None:
            drop_schema(args.database_url, schema)
    lat = stats.latencies
    elapsed = stats.elapsed  # type: ignore[attr-defined]
    storage = "PostgreSQL" if args.database_url else "SQLite"
    if args.servers > 1:
        storage += f", {args.servers} server processes"
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
          f"CPU: server{'s' if args.servers > 1 else ''} {cpu:.1f} s "
          f"({100 * cpu / elapsed:.0f}% of one core), "
          f"load clients {own:.1f} s; load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores")
    per_decision = 1000 * stats.cpu_measured / len(lat) if lat else float("nan")
    print(f"server CPU after warm-up: {stats.cpu_measured:.1f} s, "
          f"{per_decision:.2f} ms per acknowledged decision")
    if stats.errors:
        print(f"errors: {stats.errors}")
    p99 = percentile(lat, 0.99)
    print(f"goal p99 < 100 ms: {'met' if p99 < 0.1 else 'NOT met'}")


if __name__ == "__main__":
    main()
