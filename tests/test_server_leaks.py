"""Wire-level secrecy: every message a seat receives is built from that seat's own view.

Games are played through the websocket API by people and server-side bots while every
connection's messages are kept. Afterwards the game is replayed step by step with the
engine, and each message's view must be exactly ``state.view(seat)`` of some step (the
spectator's: ``view(None)``), its log a prefix of ``log_for(seat)``; another seat's hand,
set-aside cards, face-down cards and committed card never appear.
"""

from __future__ import annotations

import json
import random
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from boomtown.engine import GameRecord, replay
from boomtown.server import create_app

PRIVATE = ("hand", "inactive", "face_down_cards", "committed_card")


def canon(view: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in view.items() if k != "log"}, sort_keys=True)


def play(c: TestClient, seats: list[dict[str, Any]], seed: int, options: dict | None = None
         ) -> tuple[dict[str, Any], dict[Any, list[dict[str, Any]]], list[int]]:
    # the server picks the (secret) seed; ``seed`` only drives this test's choices
    body = {"game": "western-town", "players": len(seats), "seats": seats,
            "bot_delay_ms": 0, "options": options or {}}
    game = c.post("/api/games", json=body).json()
    gid = game["game_id"]
    tokens = {s["seat"]: s["token"] for s in game["seats"] if s["token"]}
    tokens["spectator"] = game["spectator_token"]
    sockets = {}
    received: dict[Any, list[dict[str, Any]]] = {who: [] for who in tokens}
    rng = random.Random(seed)
    answered = None
    with _connect(c, gid, tokens, sockets):
        deadline = time.monotonic() + 240  # generous: CI shares two cores
        while time.monotonic() < deadline:
            spectator = c.get(f"/api/games/{gid}/state",
                              headers={"Authorization": f"Bearer {tokens['spectator']}"}).json()
            current = spectator["view"]["current_player"]
            if spectator["view"]["terminal"]:
                break
            if current not in tokens:
                time.sleep(0.005)
                continue
            http = c.get(f"/api/games/{gid}/state",
                         headers={"Authorization": f"Bearer {tokens[current]}"}).json()
            received[current].append(http)
            if http["decision"] in (None, answered):  # a bot moved, or our act is in flight
                time.sleep(0.002)
                continue
            while True:
                msg = json.loads(sockets[current].receive_text())
                received[current].append(msg)
                if msg["type"] == "state" and msg["decision"] == http["decision"]:
                    break
            action = rng.choice(msg["view"]["legal_actions"])["id"]
            answered = msg["decision"]
            sockets[current].send_text(json.dumps(
                {"type": "act", "action": action, "decision": msg["decision"]}))
        else:
            raise AssertionError("the game did not finish")
        for who, ws in sockets.items():
            while not (received[who] and received[who][-1].get("type") == "state"
                       and received[who][-1]["view"]["terminal"]):
                received[who].append(json.loads(ws.receive_text()))
    history = c.app.state.hub.games[gid].state.history  # type: ignore[attr-defined]
    return game, received, history


class _connect:
    def __init__(self, c: TestClient, gid: str, tokens: dict[Any, str], sockets: dict) -> None:
        self.c, self.gid, self.tokens, self.sockets = c, gid, tokens, sockets
        self.cms: list[Any] = []

    def __enter__(self) -> None:
        for who, token in self.tokens.items():
            cm = self.c.websocket_connect(f"/api/games/{self.gid}/ws")
            ws = cm.__enter__()
            self.cms.append(cm)
            ws.send_text(json.dumps({"type": "hello", "token": token}))
            self.sockets[who] = ws

    def __exit__(self, *exc: Any) -> None:
        for cm in reversed(self.cms):
            cm.__exit__(None, None, None)


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(data_dir=tmp_path / "data", bot_workers=1)) as c:
        yield c


@pytest.mark.parametrize(
    ("seats", "seed", "options"),
    [
        (["human", "human", "human"], 11, {"short_game": True}),
        (["human", "bot", "bot", "human"], 13, {"double_duel": True, "short_game": True}),
    ],
)
def test_no_seat_receives_what_it_may_not_see(
    client: TestClient, seats: list[str], seed: int, options: dict | None
) -> None:
    spec = [{"kind": k} for k in seats]
    game, received, history = play(client, spec, seed, options)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.games[game["game_id"]]
    record = GameRecord(live.row.game, live.row.version, live.row.options, live.row.players,
                        live.row.seed, history)
    final = replay(record)
    assert final.is_terminal()
    # every view and log each seat could legitimately see, step by step
    allowed: dict[Any, set[str]] = {who: set() for who in received}
    logs: dict[Any, list[str]] = {}
    st = replay(record, 0)
    for step in range(len(history) + 1):
        if step:
            st.apply(history[step - 1])
        for who in received:
            seat = None if who == "spectator" else who
            allowed[who].add(canon(st.view(seat)))
    for who in received:
        logs[who] = final.log_for(None if who == "spectator" else who)
    checked = 0
    for who, messages in received.items():
        log: list[str] = []
        previous = None
        states = [m for m in messages if m.get("type") == "state"]
        assert states, who
        for msg in states:
            view = msg["view"]
            assert canon(view) in allowed[who], f"{who} got a view that is not its own"
            if msg.get("log_start") is not None:
                log = log[: msg["log_start"]] + msg["log"]
            assert log == logs[who][: len(log)]
            for p in view["state"]["players"]:
                if p["seat"] != who:
                    assert not set(PRIVATE) & set(p), f"{who} saw seat {p['seat']}'s secrets"
            if who == "spectator":
                assert msg["decision"] is None and "legal_actions" not in view
            key = (canon(view), msg["decision"], msg["can_undo"], json.dumps(msg["seats"]),
                   tuple(msg["log"]) if msg["log_start"] == len(log) - len(msg["log"]) else ())
            assert key != previous or msg["log"], f"{who} was sent a message with no news"
            previous = key
            checked += 1
        assert log == logs[who], f"{who}'s log does not add up to its own log"
        text = json.dumps(messages)
        assert str(live.row.seed) not in text and '"seed"' not in text
    assert checked > 50
