"""Two server processes on one PostgreSQL database: a decision accepted by one reaches the
clients of the other, racing decisions store exactly one per ply, a seat claimed on one
opens the game on the other, and a game's bots go on when the process running them dies.

Needs PostgreSQL (``source scripts/ci-postgres.sh`` sets BOOMTOWN_TEST_DATABASE_URL; CI
always does, and fails on a skipped test)."""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_server_support import PG_URL, ServerProcess, database

pytestmark = [
    pytest.mark.skipif(not PG_URL, reason="needs PostgreSQL: source scripts/ci-postgres.sh"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]

#: Generous: CI runs the suite on two shared cores.
DEADLINE_S = 240
#: Seat secrets of Western Town's views (see tests/test_server_leaks.py).
PRIVATE = ("hand", "inactive", "face_down_cards", "committed_card")


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess, str]]:
    """Two servers on one database schema, and its URL."""
    with database("postgresql", tmp_path) as (url, _data):
        assert url is not None
        a = ServerProcess(tmp_path / "a" / "data", url)
        b = ServerProcess(tmp_path / "b" / "data", url)
        try:
            yield a, b, url
        finally:
            a.stop()
            b.stop()


def auth_get(server: ServerProcess, gid: str, token: str) -> dict[str, Any]:
    return dict(server.get(f"/api/games/{gid}/state", token))


class Socket:
    """A websocket client of one seat on one server, keeping every message."""

    def __init__(self, server: ServerProcess, gid: str, token: str) -> None:
        from websockets.sync.client import connect

        self.ws = connect(f"ws://127.0.0.1:{server.port}/api/games/{gid}/ws", max_size=2**24)
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.messages: list[dict[str, Any]] = []

    def next(self, timeout: float = DEADLINE_S) -> dict[str, Any]:
        msg = dict(json.loads(self.ws.recv(timeout=timeout)))
        self.messages.append(msg)
        return msg

    def until(self, test: Any, timeout: float = DEADLINE_S) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            msg = self.next(max(0.1, deadline - time.monotonic()))
            if test(msg):
                return msg

    def fresh_decision(self, answered: set[str], wait: float = 0.05) -> dict[str, Any] | None:
        """The latest state if it asks for a decision not yet answered (or the game is
        over), after reading what arrives within ``wait`` seconds; else ``None``."""
        with contextlib.suppress(TimeoutError):
            while True:
                self.next(wait)
        states = [m for m in self.messages if m["type"] == "state"]
        if states and (states[-1]["view"]["terminal"]
                       or states[-1]["decision"] not in (None, *answered)):
            return states[-1]
        return None

    def final_state(self) -> dict[str, Any]:
        """The game-over state (perhaps received already)."""
        states = [m for m in self.messages if m["type"] == "state"]
        if states and states[-1]["view"]["terminal"]:
            return states[-1]
        return self.until(lambda m: m["type"] == "state" and m["view"]["terminal"])

    def close(self) -> None:
        self.ws.close()


def records(url: str, gid: str) -> list[tuple[int, int, int]]:
    """The stored record: (ply, action, actor) in order."""
    import sqlalchemy as sa

    from boomtown.server.db import normalise_url

    engine = sa.create_engine(normalise_url(url))
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.text(
                "SELECT ply, action, actor FROM moves WHERE game_id = :g ORDER BY ply"),
                {"g": gid}).all()
    finally:
        engine.dispose()
    return [(int(p), int(a), int(w)) for p, a, w in rows]


def test_decisions_on_one_process_reach_the_clients_of_the_other(
    pair: tuple[ServerProcess, ServerProcess, str],
) -> None:
    a, b, url = pair
    made = a.post("/api/games", {"game": "western-town", "players": 2, "bot_delay_ms": 0,
                                 "options": {"short_game": True},
                                 "seats": [{"kind": "human"}, {"kind": "human", "open": True}]})
    gid = made["game_id"]
    # the open seat is claimed on A and its token opens the game on B
    claim = a.post(f"/api/games/{gid}/seats/1/claim", {})
    tokens = {0: made["seats"][0]["token"], 1: claim["token"]}
    sockets = {0: Socket(a, gid, tokens[0]), 1: Socket(b, gid, tokens[1])}
    spectator = Socket(b, gid, made["spectator_token"])
    try:
        firsts = {seat: ws.until(lambda m: m["type"] == "state")
                  for seat, ws in sockets.items()}
        assert [m["seat"] for m in firsts.values()] == [0, 1]
        seat, first = next((s, m) for s, m in firsts.items() if m["decision"])
        # an undo on B of a decision taken on A (Western Town's first decisions set cards
        # aside one by one, so the seat decides again and may take it back)
        action = first["view"]["legal_actions"][0]
        r = a.post(f"/api/games/{gid}/actions",
                   {"action": action["id"], "decision": first["decision"]}, tokens[seat])
        assert r["type"] == "ack" and r["state"]["can_undo"], r
        undone = b.post(f"/api/games/{gid}/undo", {"decision": r["state"]["decision"]},
                        tokens[seat])
        assert undone["type"] == "ack" and undone["undone"] == action["text"], undone
        back = sockets[seat].until(lambda m: m["type"] == "state" and not m["can_undo"]
                                   and m["decision"] is not None)
        assert back["view"] == first["view"]  # each seat's process told its client
        rng = random.Random(2)
        decisions = 0
        answered: set[str] = set()
        deadline = time.monotonic() + DEADLINE_S
        finished = False
        while not finished:
            # whichever seat's own connection (on its own process) hears that it is to
            # decide answers; the other process's decision must have reached it
            for ws in sockets.values():
                assert time.monotonic() < deadline, "the game did not finish"
                msg = ws.fresh_decision(answered)
                if msg is None:
                    continue
                if msg["view"]["terminal"]:
                    finished = True
                    break
                answered.add(msg["decision"])
                pick = rng.choice(msg["view"]["legal_actions"])["id"]
                ws.ws.send(json.dumps({"type": "act", "action": pick,
                                       "decision": msg["decision"], "req": decisions}))
                ack = ws.until(lambda m: m["type"] in ("ack", "error"))
                assert ack == {"type": "ack", "req": decisions}, ack
                decisions += 1
        assert decisions > 20
        for seat, ws in sockets.items():
            final = ws.final_state()
            other = a if seat == 1 else b
            assert final["view"] == auth_get(other, gid, tokens[seat])["view"]
        spectator.final_state()
        # every seat's messages, from either process, hold only its own secrets
        for seat, ws in {**sockets, None: spectator}.items():
            for msg in ws.messages:
                if msg["type"] != "state":
                    continue
                for p in msg["view"]["state"]["players"]:
                    if p["seat"] != seat:
                        assert not set(PRIVATE) & set(p), f"{seat} saw {p['seat']}'s secrets"
        stored = records(url, gid)
        assert [p for p, _, _ in stored] == list(range(len(stored)))
        assert sum(1 for _, _, who in stored if who >= 0) == decisions
    finally:
        for ws in (*sockets.values(), spectator):
            ws.close()


def test_racing_decisions_on_two_processes_store_exactly_one(
    pair: tuple[ServerProcess, ServerProcess, str],
) -> None:
    a, b, url = pair
    made = a.post("/api/games", {"game": "western-town", "players": 2, "bot_delay_ms": 0,
                                 "seats": [{"kind": "human"}, {"kind": "human"}]})
    gid = made["game_id"]
    tokens = [s["token"] for s in made["seats"]]
    acked: list[int] = []
    rounds = 40
    for round_ in range(rounds):
        msg = next(m for t in tokens if (m := auth_get(a, gid, t))["decision"])
        token = tokens[msg["seat"]]
        legal = [x["id"] for x in msg["view"]["legal_actions"]]
        picks = [legal[0], legal[-1]]
        answers: list[Any] = [None, None]
        start = threading.Barrier(2)

        def send(i: int, server: ServerProcess, pick: int, decision: str = msg["decision"],
                 token: str = token, start: threading.Barrier = start,
                 answers: list[Any] = answers) -> None:
            start.wait()
            answers[i] = server.post(f"/api/games/{gid}/actions",
                                     {"action": pick, "decision": decision}, token)

        first, second = (a, b) if round_ % 2 else (b, a)
        threads = [threading.Thread(target=send, args=(0, first, picks[0])),
                   threading.Thread(target=send, args=(1, second, picks[1]))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        won = [i for i, ans in enumerate(answers) if ans.get("type") == "ack"]
        assert len(won) == 1, answers
        loser = answers[1 - won[0]]
        assert loser["status"] == 409 and loser["code"] == "moved_on", loser
        acked.append(picks[won[0]])
    # the stored record holds exactly the acknowledged decisions, in order, once each
    stored = records(url, gid)
    assert [act for _, act, who in stored if who >= 0] == acked
    # and both processes hold the same game, for every seat and the spectator
    for token in (*tokens, made["spectator_token"]):
        va, vb = auth_get(a, gid, token), auth_get(b, gid, token)
        assert va["view"] == vb["view"] and va["decision"] == vb["decision"]


def test_bots_go_on_when_the_process_running_them_dies(
    pair: tuple[ServerProcess, ServerProcess, str],
) -> None:
    a, b, url = pair
    made = a.post("/api/games", {"game": "western-town", "players": 2, "bot_delay_ms": 30,
                                 "options": {"short_game": True},
                                 "seats": [{"kind": "bot", "bot": "random"}] * 2})
    gid = made["game_id"]
    watcher = Socket(b, gid, made["spectator_token"])
    try:
        deadline = time.monotonic() + DEADLINE_S
        while len(records(url, gid)) < 10:
            assert time.monotonic() < deadline, "the bots did not start"
            time.sleep(0.05)
        a.kill9()
        stopped = len(records(url, gid))
        final = watcher.final_state()
        assert len(final["view"]["returns"]) == 2
        stored = records(url, gid)
        assert len(stored) > stopped  # B took the bots over
        assert [p for p, _, _ in stored] == list(range(len(stored)))
        assert auth_get(b, gid, made["spectator_token"])["view"] == final["view"]
    finally:
        watcher.close()


def test_boomtown_serve_workers_shares_one_port(tmp_path: Path) -> None:
    """``--workers 2``: two processes behind one port, every request answered by either."""
    import sys

    with database("postgresql", tmp_path) as (url, _data):
        assert url is not None
        server = ServerProcess(tmp_path / "data", url, command=[
            sys.executable, "-m", "boomtown.server", "--workers", "2"])
        try:
            workers = _children(server.proc.pid)
            deadline = time.monotonic() + DEADLINE_S
            while len(workers) < 2 and time.monotonic() < deadline:
                time.sleep(0.2)
                workers = _children(server.proc.pid)
            assert len(workers) >= 2, workers
            made = server.post("/api/games", {
                "game": "western-town", "players": 2, "bot_delay_ms": 0,
                "seats": [{"kind": "human"}, {"kind": "human"}]})
            gid = made["game_id"]
            tokens = [s["token"] for s in made["seats"]]
            rng = random.Random(6)
            for _ in range(30):  # each request may land on either worker
                msg = next(m for t in tokens if (m := auth_get(server, gid, t))["decision"])
                pick = rng.choice(msg["view"]["legal_actions"])["id"]
                ack = server.post(f"/api/games/{gid}/actions",
                                  {"action": pick, "decision": msg["decision"]},
                                  tokens[msg["seat"]])
                assert ack.get("type") == "ack", ack
            assert sum(1 for _, _, who in records(url, gid) if who >= 0) == 30
        finally:
            server.stop()


def _children(pid: int) -> list[int]:
    """The worker processes that ``pid`` started (multiprocessing's spawned children)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == pid and b"spawn_main" in cmdline:
            found.append(int(stat.parent.name))
    return found
