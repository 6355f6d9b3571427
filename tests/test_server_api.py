"""HTTP and websocket API of the web table, in process (Starlette's TestClient)."""

from __future__ import annotations

import gc
import json
import random
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from boomtown.engine import CHANCE
from boomtown.server import bots, create_app
from boomtown.server.app import MAX_BODY, MAX_MESSAGE
from boomtown.server.collector import THRESHOLDS
from test_server_support import BACKENDS, database
from toy_games import HIGH_CARD, HighCard, make_ruleset, registered

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(params=BACKENDS)
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    with database(request.param, tmp_path) as (url, data), TestClient(
        create_app(database_url=url, data_dir=data, bot_workers=1)
    ) as c:
        yield c


def create(c: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": "western-town", "players": len(seats), "seats": seats, "bot_delay_ms": 0,
            "seed": 7, **extra}
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def state(c: TestClient, game: dict[str, Any], token: str) -> dict[str, Any]:
    r = c.get(f"/api/games/{game['game_id']}/state", headers=auth(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


HUMANS2 = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def to_move(c: TestClient, game: dict[str, Any]) -> tuple[int, str, dict[str, Any]]:
    """The seat to decide, its token and its state message."""
    for s in game["seats"]:
        if s["token"]:
            msg = state(c, game, s["token"])
            if msg["decision"]:
                return s["seat"], s["token"], msg
    raise AssertionError("nobody is to decide")


# ------------------------------------------------------------------ creation
def test_rulesets_and_openapi(client: TestClient) -> None:
    data = client.get("/api/rulesets").json()
    wt = next(g for g in data["games"] if g["id"] == "western-town")
    assert wt["player_counts"] == [2, 3, 4]
    assert {o["name"] for o in wt["options"]} >= {"short_game", "double_duel"}
    assert any(b["name"] == "random" for b in data["bots"])
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/games", "/api/games/{game_id}/state", "/api/games/{game_id}/actions",
                 "/api/games/{game_id}/undo", "/api/games/{game_id}/chance",
                 "/api/games/{game_id}/seats/{seat}/claim"):
        assert path in paths


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "nope", "players": 2, "seats": HUMANS2}, 422, "bad_game"),
        ({"game": "western-town", "players": 5, "seats": HUMANS2 * 2 + HUMANS2[:1]}, 422,
         "bad_game"),
        ({"game": "western-town", "players": 3, "seats": HUMANS2}, 400, "malformed"),
        ({"game": "western-town", "players": 2, "seats": HUMANS2, "options": {"x": 1}}, 422,
         "bad_game"),
        ({"game": "western-town", "players": 2,
          "seats": [HUMANS2[0], {"kind": "bot", "bot": "oracle"}]}, 400, "malformed"),
        ({"game": "western-town", "players": 2, "seats": [{"kind": "alien"}] * 2}, 400,
         "malformed"),
        ({"players": 2}, 400, "malformed"),
    ],
)
def test_bad_creation_is_refused(client: TestClient, body: dict, status: int, code: str) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == status, r.text
    assert r.json()["code"] == code and r.json()["message"]


def test_create_returns_secret_links_and_views_differ(client: TestClient) -> None:
    game = create(client, HUMANS2)
    tokens = [s["token"] for s in game["seats"]]
    assert all(tokens) and len(set(tokens)) == 2 and game["spectator_token"] not in tokens
    for s in game["seats"]:
        assert s["link"].endswith(f"/play/{game['game_id']}#{s['token']}")
    views = [state(client, game, t)["view"] for t in tokens]
    spectator = state(client, game, game["spectator_token"])["view"]
    assert "hand" in views[0]["state"]["players"][0]
    assert "hand" not in views[0]["state"]["players"][1]
    assert "hand" in views[1]["state"]["players"][1]
    assert all("hand" not in p for p in spectator["state"]["players"])
    assert "seed" not in json.dumps(spectator)
    # no token, a wrong token, another game's token
    gid = game["game_id"]
    assert client.get(f"/api/games/{gid}/state").status_code == 401
    assert client.get(f"/api/games/{gid}/state", headers=auth("x" * 20)).status_code == 401
    other = create(client, HUMANS2)
    r = client.get(f"/api/games/{gid}/state", headers=auth(other["seats"][0]["token"]))
    assert r.status_code == 401
    assert client.get("/api/games/nosuchgame/state", headers=auth(tokens[0])).status_code == 404


def test_listing_claim_and_unlisted(client: TestClient) -> None:
    open_game = create(client, [HUMANS2[0], {"kind": "human", "open": True}])
    hidden = create(client, HUMANS2, listed=False)
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert open_game["game_id"] in listed and hidden["game_id"] not in listed
    entry = listed[open_game["game_id"]]
    assert [s["open"] for s in entry["seats"]] == [False, True]
    assert "seed" not in entry and "moves" not in entry
    gid = open_game["game_id"]
    assert client.post(f"/api/games/{gid}/seats/0/claim").json()["code"] == "seat_taken"
    claim = client.post(f"/api/games/{gid}/seats/1/claim").json()
    assert claim["seat"] == 1 and claim["token"]
    assert state(client, open_game, claim["token"])["seat"] == 1
    again = client.post(f"/api/games/{gid}/seats/1/claim")
    assert again.status_code == 409 and again.json()["code"] == "seat_taken"
    assert client.post(f"/api/games/{gid}/seats/9/claim").status_code == 404


# ------------------------------------------------------------------- acting
def test_refusals_change_nothing(client: TestClient) -> None:
    game = create(client, HUMANS2)
    gid = game["game_id"]
    seat, token, msg = to_move(client, game)
    other = game["seats"][1 - seat]["token"]
    before = [state(client, game, t)["view"] for t in (token, other)]
    legal = {a["id"] for a in msg["view"]["legal_actions"]}
    illegal = next(i for i in range(400) if i not in legal)
    cases = [
        (other, {"action": next(iter(legal))}, 409, "not_your_turn"),
        (token, {"action": illegal}, 422, "illegal"),
        (token, {"action": 10_000}, 422, "illegal"),
        (token, {"action": "dance a jig"}, 422, "illegal"),
        (token, {"action": True}, 400, "malformed"),
        (token, {"action": [1]}, 400, "malformed"),
        (token, {}, 400, "malformed"),
        (token, {"action": next(iter(legal)), "decision": "stale"}, 409, "moved_on"),
        (game["spectator_token"], {"action": next(iter(legal))}, 403, "forbidden"),
    ]
    for tok, body, status, code in cases:
        r = client.post(f"/api/games/{gid}/actions", json=body, headers=auth(tok))
        assert (r.status_code, r.json()["code"]) == (status, code), (body, r.text)
        assert r.json()["message"]
    r = client.post(f"/api/games/{gid}/actions", content=b"{not json",
                    headers={**auth(token), "Content-Type": "application/json"})
    assert r.status_code == 400
    r = client.post(f"/api/games/{gid}/actions", content=b"x" * (MAX_BODY + 1),
                    headers={**auth(token), "Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too_large"
    after = [state(client, game, t)["view"] for t in (token, other)]
    assert after == before


def test_act_by_id_and_text_and_moved_on(client: TestClient) -> None:
    game = create(client, HUMANS2)
    gid = game["game_id"]
    _, token, msg = to_move(client, game)
    first = msg["view"]["legal_actions"][0]
    r = client.post(f"/api/games/{gid}/actions", headers=auth(token),
                    json={"action": first["text"].upper(), "decision": msg["decision"]})
    assert r.status_code == 200 and r.json()["type"] == "ack", r.text
    assert first["text"] in r.json()["state"]["log"][-1] or r.json()["state"]["log"]
    # the same decision again: somebody (this client) was first
    r = client.post(f"/api/games/{gid}/actions", headers=auth(token),
                    json={"action": first["id"], "decision": msg["decision"]})
    assert r.status_code == 409 and r.json()["code"] == "moved_on"
    _, token, msg = to_move(client, game)
    r = client.post(f"/api/games/{gid}/actions", headers=auth(token),
                    json={"action": msg["view"]["legal_actions"][-1]["id"]})
    assert r.status_code == 200


def test_undo_follows_the_policy(client: TestClient) -> None:
    game = create(client, HUMANS2)
    gid = game["game_id"]
    seat, token, msg = to_move(client, game)
    assert msg["can_undo"] is False
    r = client.post(f"/api/games/{gid}/undo", json={}, headers=auth(token))
    assert r.status_code == 409 and r.json()["code"] == "undo_not_allowed"
    before = msg["view"]
    # Western Town's first decision sets cards aside one by one: the same seat decides again
    r = client.post(f"/api/games/{gid}/actions", headers=auth(token),
                    json={"action": msg["view"]["legal_actions"][0]["id"]})
    assert r.status_code == 200
    after = r.json()["state"]
    assert after["decision"] and after["can_undo"] is True
    other = game["seats"][1 - seat]["token"]
    r = client.post(f"/api/games/{gid}/undo", json={}, headers=auth(other))
    assert r.status_code == 409
    r = client.post(f"/api/games/{gid}/undo", json={"decision": after["decision"]},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    assert r.json()["undone"] == msg["view"]["legal_actions"][0]["text"]
    assert r.json()["state"]["view"] == before
    assert client.post(f"/api/games/{gid}/undo", json={}, headers=auth(token)).status_code == 409


def wait_finished(c: TestClient, game: dict[str, Any], timeout: float = 240) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = state(c, game, game["spectator_token"])
        if msg["view"]["terminal"]:
            return msg
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


def test_bots_play_to_the_end(client: TestClient) -> None:
    game = create(client, [{"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}])
    final = wait_finished(client, game)
    assert len(final["view"]["returns"]) == 3 and final["view"]["score"]["totals"]
    summary = client.get(f"/api/games/{game['game_id']}").json()
    assert summary["status"] == "finished" and summary["turn"] is None
    r = client.post(f"/api/games/{game['game_id']}/actions", json={"action": 0},
                    headers=auth(game["spectator_token"]))
    assert r.status_code in (403, 409)


def test_a_seed_replays_its_bot_game(client: TestClient) -> None:
    """The bots draw from the game's secret seed and the decision's nonce: two games with one
    seed play the same, move for move (a game with another seed does not)."""
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    logs = [wait_finished(client, create(client, seats, seed=seed))["log"]
            for seed in (11, 11, 12)]
    assert logs[0] == logs[1]
    assert logs[0] != logs[2]


def test_bots_in_a_process_pool(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bot kinds marked ``process`` run in worker processes, off the server's interpreter."""
    kind = bots.BotKind("random-process", "random, in a process", bots._random, process=True)
    monkeypatch.setitem(bots.BOT_KINDS, kind.name, kind)
    game = create(client, [{"kind": "bot", "bot": kind.name}, {"kind": "bot"}])
    final = wait_finished(client, game)
    assert final["seats"][0]["bot"] == kind.name and final["view"]["terminal"]


def test_table_mode_chance_entry(client: TestClient) -> None:
    game = create(client, HUMANS2, table_mode=True)
    gid, table = game["game_id"], game["table_token"]
    assert table and game["table_link"]
    msg = state(client, game, table)
    assert msg["role"] == "table" and msg["view"]["current_player"] == CHANCE
    assert msg["decision"] and msg["chance"] and abs(sum(c["p"] for c in msg["chance"]) - 1) < 1e-6
    seat_msg = state(client, game, game["seats"][0]["token"])
    assert seat_msg["chance"] is None and seat_msg["decision"] is None
    pick = msg["chance"][-1]
    # a seat cannot enter a public chance outcome (only its own private draws), the table
    # cannot take a seat's decision
    r = client.post(f"/api/games/{gid}/chance", json={"action": pick["id"]},
                    headers=auth(game["seats"][0]["token"]))
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"
    r = client.post(f"/api/games/{gid}/chance", json={"action": pick["id"]},
                    headers=auth(game["spectator_token"]))
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/actions", json={"action": pick["id"]}, headers=auth(table))
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/chance", json={"action": pick["text"]},
                    headers=auth(table))
    assert r.status_code == 200, r.text
    assert pick["text"] == "seat 1 is the first lead marshal"
    assert r.json()["state"]["view"]["state"]["groups"][0]["lead_marshal"] == 1
    # enter every chance outcome until a seat is to decide; then the table waits
    for _ in range(50):
        msg = state(client, game, table)
        if not msg["decision"]:
            break
        r = client.post(f"/api/games/{gid}/chance", json={"action": msg["chance"][0]["id"],
                        "decision": msg["decision"]}, headers=auth(table))
        assert r.status_code == 200
    assert state(client, game, table)["view"]["current_player"] >= 0
    r = client.post(f"/api/games/{gid}/chance", json={"action": 0}, headers=auth(table))
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"


def test_a_game_without_a_board_renderer_plays_through_the_api(client: TestClient) -> None:
    ruleset = make_ruleset(HighCard, "high-card")
    with registered(ruleset):
        ids = [g["id"] for g in client.get("/api/rulesets").json()["games"]]
        assert "high-card" in ids
        body = {"game": "high-card", "players": 2, "seats": HUMANS2, "bot_delay_ms": 0}
        game = client.post("/api/games", json=body).json()
        rng = random.Random(3)
        for _ in range(200):
            _, token, msg = to_move(client, game) if not state(
                client, game, game["spectator_token"])["view"]["terminal"] else (0, "", None)
            if msg is None:
                break
            action = rng.choice(msg["view"]["legal_actions"])
            r = client.post(f"/api/games/{game['game_id']}/actions", headers=auth(token),
                            json={"action": action["id"], "decision": msg["decision"]})
            assert r.status_code == 200, r.text
        final = state(client, game, game["spectator_token"])["view"]
        assert final["terminal"] and len(final["returns"]) == 2


# ---------------------------------------------------------------- websocket
def recv(ws: Any) -> dict[str, Any]:
    return dict(json.loads(ws.receive_text()))


def recv_until(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(50):
        msg = recv(ws)
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def test_websocket_hello_and_errors(client: TestClient) -> None:
    game = create(client, HUMANS2)
    gid = game["game_id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "wrong"}))
        assert recv(ws)["code"] == "unauthorized"
    with client.websocket_connect("/api/games/nosuch/ws") as ws:
        assert recv(ws)["code"] == "not_found"
    seat, token, _ = to_move(client, game)
    other = game["seats"][1 - seat]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        first = recv_until(ws, "state")
        assert first["seat"] == seat and first["decision"] and first["log_start"] == 0
        bad = [
            ("{oops", "malformed"),
            (json.dumps([1, 2]), "malformed"),
            (json.dumps({"type": "fly"}), "malformed"),
            (json.dumps({"type": "act"}), "malformed"),
            (json.dumps({"type": "act", "action": 999_999, "req": 5}), "illegal"),
            (json.dumps({"type": "act", "action": 0, "decision": 3}), "malformed"),
            (json.dumps({"type": "act", "action": "x" * (MAX_MESSAGE + 10)}), "too_large"),
            (json.dumps({"type": "undo"}), "undo_not_allowed"),
        ]
        for text, code in bad:
            ws.send_text(text)
            err = recv_until(ws, "error")
            assert err["code"] == code, (text[:40], err)
        ws.send_bytes(b"y" * (MAX_MESSAGE + 1))
        assert recv_until(ws, "error")["code"] == "too_large"
        ws.send_text(json.dumps({"type": "ping", "req": "p"}))
        assert recv_until(ws, "pong")["req"] == "p"
        # the state did not change
        assert state(client, game, token)["view"] == first["view"]
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws2:
            ws2.send_text(json.dumps({"type": "hello", "token": other}))
            assert recv_until(ws2, "state")["decision"] is None
            ws2.send_text(json.dumps({"type": "act", "action": first["view"]["legal_actions"][0]
                                      ["id"], "req": 1}))
            assert recv_until(ws2, "error")["code"] == "not_your_turn"


def test_websocket_race_one_wins_the_other_is_told(client: TestClient) -> None:
    game = create(client, HUMANS2)
    gid = game["game_id"]
    _, token, _ = to_move(client, game)
    with client.websocket_connect(f"/api/games/{gid}/ws") as a, \
            client.websocket_connect(f"/api/games/{gid}/ws") as b:
        for ws in (a, b):
            ws.send_text(json.dumps({"type": "hello", "token": token}))
        ma, mb = recv_until(a, "state"), recv_until(b, "state")
        assert ma["decision"] == mb["decision"]
        legal = ma["view"]["legal_actions"]
        a.send_text(json.dumps({"type": "act", "action": legal[0]["id"],
                                "decision": ma["decision"], "req": "a"}))
        b.send_text(json.dumps({"type": "act", "action": legal[-1]["id"],
                                "decision": mb["decision"], "req": "b"}))
        answers = {}
        for name, ws in (("a", a), ("b", b)):
            for _ in range(20):
                msg = recv(ws)
                if msg["type"] in ("ack", "error") and msg.get("req") == name:
                    answers[name] = msg
                    break
        kinds = sorted(m["type"] for m in answers.values())
        assert kinds == ["ack", "error"], answers
        loser = next(m for m in answers.values() if m["type"] == "error")
        assert loser["code"] == "moved_on" and "moved on" in loser["message"]


def test_websocket_live_updates_and_incremental_log(client: TestClient) -> None:
    game = create(client, [{"kind": "human"}, {"kind": "bot"}])
    gid, token = game["game_id"], game["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws, \
            client.websocket_connect(f"/api/games/{gid}/ws") as spy:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        spy.send_text(json.dumps({"type": "hello", "token": game["spectator_token"]}))
        log: list[str] = []
        spy_log: list[str] = []
        rng = random.Random(5)
        msg = recv_until(ws, "state")
        acked = 0
        while not msg["view"]["terminal"]:
            if msg["type"] == "state":
                log = log[: msg["log_start"]] + msg["log"]
                if msg["decision"]:
                    action = rng.choice(msg["view"]["legal_actions"])["id"]
                    ws.send_text(json.dumps({"type": "act", "action": action,
                                             "decision": msg["decision"], "req": acked}))
            elif msg["type"] == "ack":
                acked += 1
            else:
                raise AssertionError(msg)
            msg = recv(ws)
            while msg["type"] != "state":
                acked += msg["type"] == "ack"
                msg = recv(ws)
        log = log[: msg["log_start"]] + msg["log"]
        assert acked > 10
        assert log == state(client, game, token)["log"]
        while True:
            m = recv_until(spy, "state")
            spy_log = spy_log[: m["log_start"]] + m["log"]
            if m["view"]["terminal"]:
                break
        assert spy_log == state(client, game, game["spectator_token"])["log"]


@pytest.mark.skipif("heuristic" not in bots.BOT_KINDS, reason="boomtown.bots is not installed")
def test_library_bots_heuristic_and_ismcts(tmp_path: Path) -> None:
    with TestClient(create_app(data_dir=tmp_path / "data", bot_workers=1)) as c:
        r = c.post("/api/games", json={
            "game": "western-town", "players": 2, "bot_delay_ms": 0,
            "seats": [{"kind": "bot", "bot": "ismcts", "level": 9}, {"kind": "bot"}]})
        assert r.status_code == 400 and "levels" in r.json()["message"]
        game = create(c, [{"kind": "bot", "bot": "heuristic"},
                          {"kind": "bot", "bot": "ismcts", "level": 1}],
                      options={"short_game": True})
        final = wait_finished(c, game, timeout=240)
        assert [s["bot"] for s in final["seats"]] == ["heuristic", "ismcts"]
        assert final["view"]["terminal"]


def test_catalogue_endpoint(client: TestClient) -> None:
    with registered(HIGH_CARD):
        r = client.get("/api/rulesets/toy-high-card/catalogue")
        assert r.status_code == 200, r.text
        data = r.json()
        assert data["game"] == "toy-high-card" and data["version"] == HIGH_CARD.version
        entry = next(e for e in data["entries"] if e["id"] == "card:7")
        assert entry["name"] == "card 7" and entry["text"] and entry["provenance"] == "rulebook"
    r = client.get("/api/rulesets/no-such-game/catalogue")
    assert r.status_code == 404 and r.json()["code"] == "not_found"


def test_only_a_server_that_owns_its_process_tunes_the_collector(tmp_path: Path) -> None:
    before = gc.get_threshold()
    try:
        with TestClient(create_app(data_dir=tmp_path / "a", bot_workers=1)):
            assert gc.get_threshold() == before, "an app in a test leaves the collector alone"
        with TestClient(create_app(data_dir=tmp_path / "b", bot_workers=1, tune_gc=True)):
            assert gc.get_threshold() == THRESHOLDS  # what `boomtown serve` asks for
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
