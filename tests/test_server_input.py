"""Hostile input: every bad request is a documented 4xx in the error shape (or a clean
websocket close code) and changes nothing; a client that never reads cannot grow the
server's memory. On SQLite, and on PostgreSQL when BOOMTOWN_TEST_DATABASE_URL is set."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from boomtown.server import create_app
from boomtown.server.app import (
    CLOSE_SLOW,
    CLOSE_UNAUTHORIZED,
    MAX_BODY,
    MAX_MESSAGE,
)
from boomtown.server.guard import MAX_DEPTH
from boomtown.server.hub import MAX_QUEUED, Client
from test_server_support import BACKENDS, ServerProcess, database

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

HUMANS2 = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
GOOD = {"game": "western-town", "players": 2, "seats": HUMANS2, "bot_delay_ms": 0}


@pytest.fixture(params=BACKENDS)
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    with database(request.param, tmp_path) as (url, data), TestClient(
        create_app(database_url=url, data_dir=data, bot_workers=1)
    ) as c:
        yield c


def refused(r: Any, status: int, code: str) -> dict[str, Any]:
    """The response is the documented refusal: the status, the error shape, the code."""
    assert r.status_code == status, (r.status_code, r.text[:300])
    body = r.json()
    assert set(body) == {"type", "code", "message"}, body
    assert body["type"] == "error" and body["code"] == code and body["message"], body
    return dict(body)


def game_count(c: TestClient) -> int:
    return len(c.get("/api/games").json()["games"])


def new_game(c: TestClient) -> dict[str, Any]:
    r = c.post("/api/games", json=GOOD)
    assert r.status_code == 201, r.text
    return dict(r.json())


def snapshot(c: TestClient, game: dict[str, Any]) -> list[Any]:
    """Every seat's view of ``game`` (what must not change after a refusal)."""
    out = []
    for s in game["seats"]:
        r = c.get(f"/api/games/{game['game_id']}/state",
                  headers={"Authorization": f"Bearer {s['token']}"})
        out.append(r.json()["view"])
    return out


# -------------------------------------------------------------------- tokens
def test_a_non_ascii_bearer_token_is_unauthorized(client: TestClient) -> None:
    game = new_game(client)
    before = snapshot(client, game)
    for token in ("café".encode(), "Ωmega".encode(), b"\xff\xfe"):
        r = client.get(f"/api/games/{game['game_id']}/state",
                       headers={"Authorization": b"Bearer " + token})
        refused(r, 401, "unauthorized")
        r = client.post(f"/api/games/{game['game_id']}/actions", json={"action": 0},
                        headers={"Authorization": b"Bearer " + token})
        refused(r, 401, "unauthorized")
    assert snapshot(client, game) == before


def test_a_non_ascii_token_in_the_websocket_hello_closes_cleanly(client: TestClient) -> None:
    game = new_game(client)
    for token in ("café", "\x00", "x" * 5000, 17, None, ["a"]):
        with client.websocket_connect(f"/api/games/{game['game_id']}/ws") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": token}))
            err = json.loads(ws.receive_text())
            assert err["type"] == "error"
            assert err["code"] in ("unauthorized", "malformed", "too_large")
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == CLOSE_UNAUTHORIZED


# ----------------------------------------------------------------- websocket
def test_websocket_frames_that_break_parsers_get_errors_and_the_socket_lives(
    client: TestClient,
) -> None:
    game = new_game(client)
    token = game["seats"][0]["token"]
    before = snapshot(client, game)
    with client.websocket_connect(f"/api/games/{game['game_id']}/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        assert json.loads(ws.receive_text())["type"] == "state"
        hostile = [
            "[" * 4000,                                  # RecursionError in json.loads
            "{\"a\":" * 600 + "1" + "}" * 600,
            json.dumps({"type": "act", "action": 2**64}),
            '{"type": "act", "action": 1e400}',
            '{"type": "act", "action": ' + "9" * 3000 + "}",
            '{"type": "act", "action": "\\u0000"}',
            '{"type": "act", "action": "\\ud800"}',
            json.dumps({"type": "act", "action": 0, "req": True}),
            json.dumps({"type": "act", "action": 0, "decision": "d" * 500}),
            json.dumps({"type": "act", "action": "x" * 301}),
        ]
        for text in hostile:
            assert len(text.encode()) <= MAX_MESSAGE
            ws.send_text(text)
            err = json.loads(ws.receive_text())
            assert err["type"] == "error" and err["code"] == "malformed", (text[:30], err)
        ws.send_bytes(b"\xff\xfe{\"type\": \"ping\"}")  # invalid UTF-8 in a binary frame
        err = json.loads(ws.receive_text())
        assert err["code"] == "malformed"
        ws.send_text(json.dumps({"type": "ping", "req": "still here"}))
        assert json.loads(ws.receive_text()) == {"type": "pong", "req": "still here"}
    assert snapshot(client, game) == before


def test_a_client_that_lets_messages_pile_up_is_bounded() -> None:
    """State changes only mark a state due (one pending at most, however many); small
    messages queue up to MAX_QUEUED and then the connection counts as overflowed."""
    client = Client("seat", 0, connected=True)
    for _ in range(10_000):
        client.state_changed()
    assert client.state_due and not client.queued
    for i in range(MAX_QUEUED * 10):
        client.push(f"pong {i}")
    assert len(client.queued) == MAX_QUEUED and client.overflowed


# -------------------------------------------------------------- ids and text
def test_nul_bytes_in_ids_and_names_are_refused(client: TestClient) -> None:
    game = new_game(client)
    gid = game["game_id"]
    token = game["seats"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    refused(client.get("/api/games/%00abc"), 400, "malformed")
    refused(client.get("/api/games/%00abc/state", headers=auth), 400, "malformed")
    refused(client.post(f"/api/games/{gid}%00/actions", json={"action": 0}, headers=auth),
            400, "malformed")
    refused(client.post("/api/games/%00abc/seats/1/claim"), 400, "malformed")
    refused(client.get("/api/rulesets/%00/catalogue"), 404, "not_found")
    with client.websocket_connect("/api/games/%00abc/ws") as ws:
        assert json.loads(ws.receive_text())["code"] == "not_found"
    count = game_count(client)
    for name in ("Ann\x00", "\x00", "tab\there", "bell\x07"):
        body = {**GOOD, "seats": [{"kind": "human", "name": name}, HUMANS2[1]]}
        refused(client.post("/api/games", json=body), 400, "malformed")
    refused(client.post("/api/games", json={**GOOD, "game": "western\x00town"}),
            400, "malformed")
    refused(client.post("/api/games", json={**GOOD, "options": {"short\x00game": True}}),
            400, "malformed")
    refused(client.post("/api/games", content=b'{"game": "western-town", "players": 2, '
                        b'"seats": [{"name": "\\ud800"}, {}]}',
                        headers={"Content-Type": "application/json"}), 400, "malformed")
    assert game_count(client) == count


@pytest.mark.parametrize(
    "change",
    [
        {"seed": 2**63}, {"seed": 2**64}, {"seed": 2**70}, {"seed": -1},
        {"seats": [{"kind": "bot", "bot": "random", "level": 2**70}, HUMANS2[1]]},
        {"seats": [{"kind": "bot", "bot": "random", "level": 2**63 - 1}, HUMANS2[1]]},
        {"seats": [{"kind": "bot", "bot": "random", "level": 0}, HUMANS2[1]]},
        {"players": "2"}, {"players": 2.5}, {"players": True}, {"players": 10**6},
        {"table_mode": "yes"}, {"table_mode": 1}, {"listed": "false"},
        {"bot_delay_ms": "5"}, {"bot_delay_ms": -1}, {"bot_delay_ms": 10**9},
        {"seats": [{"kind": "human", "open": "yes"}, HUMANS2[1]]},
        {"seats": [{"kind": "human", "name": 5}, HUMANS2[1]]},
        {"seats": [{"kind": "bot", "bot": "b" * 100}, HUMANS2[1]]},
        {"game": 7}, {"game": "g" * 200}, {"seats": "two"}, {"options": [1]},
        {"seats": [HUMANS2[0]] * 17, "players": 17},
    ],
)
def test_loose_types_and_out_of_range_numbers_are_refused(
    client: TestClient, change: dict[str, Any]
) -> None:
    count = game_count(client)
    refused(client.post("/api/games", json={**GOOD, **change}), 400, "malformed")
    assert game_count(client) == count


def test_acting_with_loose_types_is_refused(client: TestClient) -> None:
    game = new_game(client)
    gid = game["game_id"]
    before = snapshot(client, game)
    for token in (s["token"] for s in game["seats"]):
        auth = {"Authorization": f"Bearer {token}"}
        for body in ({"action": 2**63}, {"action": 1.5}, {"action": None},
                     {"action": 0, "decision": 5}, {"action": "x" * 301},
                     {"action": 0, "decision": "d" * 65}):
            r = client.post(f"/api/games/{gid}/actions", json=body, headers=auth)
            refused(r, 400, "malformed")
        refused(client.post(f"/api/games/{gid}/undo", json={"decision": 1}, headers=auth),
                400, "malformed")
    refused(client.post(f"/api/games/{gid}/seats/99/claim"), 400, "malformed")
    refused(client.post(f"/api/games/{gid}/seats/{2**70}/claim"), 400, "malformed")
    refused(client.get("/api/games?limit=0"), 400, "malformed")
    refused(client.get(f"/api/games?limit={2**70}"), 400, "malformed")
    assert snapshot(client, game) == before


# --------------------------------------------------------------------- bodies
def test_bodies_that_break_parsers_are_refused_in_the_error_shape(client: TestClient) -> None:
    json_type = {"Content-Type": "application/json"}
    count = game_count(client)

    def chunks(size: int, piece: int = 65536) -> Iterator[bytes]:
        sent = 0
        while sent < size:
            yield b" " * piece
            sent += piece

    r = client.post("/api/games", content=chunks(10 * 2**20), headers=json_type)
    refused(r, 413, "too_large")
    refused(client.post("/api/games", content=b" " * (MAX_BODY + 1), headers=json_type),
            413, "too_large")
    cases = [
        b"\xff\xfe\x00{}",                                        # invalid UTF-8
        b'{"game": "western-town\xc3\x28"}',
        b"[" * 40_000,                                            # deep nesting
        b'{"game": "western-town", "options": ' + b'{"a": ' * (MAX_DEPTH + 2)
        + b"1" + b"}" * (MAX_DEPTH + 3),
        b'{"game": "western-town", "players": 1e400, "seats": []}',  # huge numbers
        b'{"game": "western-town", "players": ' + b"9" * 5000 + b', "seats": []}',
        b'{"seed": 99999999999999999999}',
        b'{"players": NaN}', b"{not json", b'"just a string"',
    ]
    for body in cases:
        r = client.post("/api/games", content=body, headers=json_type)
        refused(r, 400, "malformed")
    r = client.post("/api/games", content=b"game=western-town",
                    headers={"Content-Type": "application/x-www-form-urlencoded"})
    refused(r, 400, "malformed")
    assert game_count(client) == count


def test_unknown_routes_and_wrong_methods_answer_in_the_error_shape(
    client: TestClient,
) -> None:
    game = new_game(client)
    gid = game["game_id"]
    for path in ("/nope", "/api/nope", "/api/games/x/y/z", "/static/nope.js",
                 "/static-docs/nope.js"):
        refused(client.get(path), 404, "not_found")
    for method, path, allow in [
        ("DELETE", "/api/games", {"GET", "HEAD", "POST"}),
        ("PUT", f"/api/games/{gid}/actions", {"POST"}),
        ("GET", f"/api/games/{gid}/undo", {"POST"}),
        ("POST", "/api/rulesets", {"GET", "HEAD"}),
        ("PATCH", f"/api/games/{gid}", {"GET", "HEAD"}),
        ("POST", "/", {"GET", "HEAD"}),
        ("POST", "/static/js/table.js", {"GET", "HEAD"}),
    ]:
        r = client.request(method, path)
        refused(r, 405, "method_not_allowed")
        assert set(r.headers["allow"].split(", ")) == allow, (method, path, r.headers)


# ------------------------------------------------------- a client that never reads
def _ws_frame(text: str) -> bytes:
    """A masked client text frame."""
    data = text.encode()
    mask = os.urandom(4)
    head = bytes([0x81])
    if len(data) < 126:
        head += bytes([0x80 | len(data)])
    else:
        head += bytes([0x80 | 126]) + struct.pack("!H", len(data))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def _rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def _read_frames(sock: socket.socket, deadline: float) -> Iterator[tuple[int, bytes]]:
    """(opcode, payload) of the server's frames, until it closes or the deadline."""
    buf = b""

    def need(n: int) -> bytes:
        nonlocal buf
        while len(buf) < n:
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            more = sock.recv(1 << 16)
            if not more:
                raise EOFError
            buf += more
        out, buf = buf[:n], buf[n:]
        return out

    while time.monotonic() < deadline:
        try:
            b0, b1 = need(2)
            size = b1 & 0x7F
            if size == 126:
                size = struct.unpack("!H", need(2))[0]
            elif size == 127:
                size = struct.unpack("!Q", need(8))[0]
            yield b0 & 0x0F, need(size)
        except (EOFError, OSError):
            return


def test_a_client_that_sends_sync_and_never_reads_cannot_grow_the_server(
    tmp_path: Path,
) -> None:
    server = ServerProcess(tmp_path / "data")
    try:
        made = server.post("/api/games", {"game": "western-town", "players": 4,
                                          "seats": [{"kind": "human"}] * 4})
        token = made["seats"][0]["token"]
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /api/games/{made['game_id']}/ws HTTP/1.1\r\n"
                      f"Host: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                      "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        assert b" 101 " in sock.recv(4096)
        sock.sendall(_ws_frame(json.dumps({"type": "hello", "token": token})))
        time.sleep(0.5)
        before = _rss_kb(server.proc.pid)
        sync = _ws_frame(json.dumps({"type": "sync"}))
        syncs = 6000  # each answered with a ~32 kB state: ~190 MB if they piled up
        for i in range(0, syncs, 100):
            sock.sendall(sync * 100)
            if i % 1000 == 0:
                time.sleep(0.05)
        time.sleep(1.0)
        grown_mb = (_rss_kb(server.proc.pid) - before) / 1024
        assert grown_mb < 40, f"the server grew by {grown_mb:.0f} MB"
        assert server.get("/api/health") == {"ok": True}
        # small messages pile up to the limit, then the connection is closed (4429)
        ping = _ws_frame(json.dumps({"type": "ping", "req": 1}))
        sock.sendall(ping * (MAX_QUEUED * 4))
        states = pongs = 0
        close_code = None
        for opcode, payload in _read_frames(sock, time.monotonic() + 60):
            if opcode == 0x8:
                close_code = struct.unpack("!H", payload[:2])[0]
                break
            kind = json.loads(payload)["type"]
            states += kind == "state"
            pongs += kind == "pong"
        sock.close()
        assert close_code == CLOSE_SLOW, (close_code, states, pongs)
        assert pongs <= MAX_QUEUED + 1 and states < syncs / 10, (states, pongs)
    finally:
        server.stop()
