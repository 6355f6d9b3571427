"""Hints while playing and reviews after the game, on the server (Starlette's TestClient):
the hints setting is checked strictly and stored with the game; a hint goes to the seat to
decide alone, only with hints on for it, never to another socket; a review is stored with
the game, served to its own seat only, and reproducible from the record. On SQLite, and on
PostgreSQL when BOOMTOWN_TEST_DATABASE_URL is set.

The toy game High Card keeps the games short, and small iteration budgets keep the searches
quick (``ServerConfig.hint_iterations`` and ``review_iterations``).
"""

from __future__ import annotations

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

from boomtown.server import create_app, learning
from boomtown.server.config import ConfigError, ServerConfig
from boomtown.server.db import make_engine, normalise_url, sqlite_url
from boomtown.server.store import Store
from test_server_support import BACKENDS, database
from toy_games import HIGH_CARD, registered

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: Search budgets small enough for a test, and fixed (reproducible) rather than timed.
HINT_ITERATIONS = 24
REVIEW_ITERATIONS = 12
CONFIG = ServerConfig(hint_iterations=HINT_ITERATIONS, review_iterations=REVIEW_ITERATIONS)
#: How long a test waits at most for a review computed in the background (not a measure:
#: a generous bound on two shared cores).
REVIEW_WAIT_S = 120.0
ANN, BOB = {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}
BOT = {"kind": "bot", "bot": "random"}


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str | None, Path]]:
    with registered(HIGH_CARD), database(request.param, tmp_path) as where:
        yield where


@pytest.fixture
def client(backend: tuple[str | None, Path]) -> Iterator[TestClient]:
    url, data = backend
    with TestClient(create_app(database_url=url, data_dir=data, bot_workers=1,
                               config=CONFIG)) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(c: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": HIGH_CARD.id, "players": len(seats), "seats": seats, "bot_delay_ms": 0,
            "seed": 11, "options": {"rounds": 1}, **extra}
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def state(c: TestClient, game: dict[str, Any], token: str) -> dict[str, Any]:
    r = c.get(f"/api/games/{game['game_id']}/state", headers=auth(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def refused(r: Any, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, (r.status_code, r.text[:300])
    body = r.json()
    assert set(body) == {"type", "code", "message"}, body
    assert body["type"] == "error" and body["code"] == code and body["message"], body
    return dict(body)


def to_move(c: TestClient, game: dict[str, Any]) -> tuple[int, str, dict[str, Any]]:
    """The person seat to decide, its token and its state message."""
    for s in game["seats"]:
        if s["token"]:
            msg = state(c, game, s["token"])
            if msg["decision"]:
                return s["seat"], s["token"], msg
    raise AssertionError("no person is to decide")


def ask(c: TestClient, game: dict[str, Any], token: str, decision: str | None = None) -> Any:
    body = {} if decision is None else {"decision": decision}
    return c.post(f"/api/games/{game['game_id']}/hint", json=body, headers=auth(token))


def play_out(c: TestClient, game: dict[str, Any], seed: int = 3) -> None:
    """Play every person decision at random until the game is over (bots play theirs)."""
    rng = random.Random(seed)
    spectator = game["spectator_token"]
    while not state(c, game, spectator)["view"]["terminal"]:
        try:
            _, token, msg = to_move(c, game)
        except AssertionError:  # a bot is to decide
            time.sleep(0.05)
            continue
        action = rng.choice(msg["view"]["legal_actions"])["id"]
        r = c.post(f"/api/games/{game['game_id']}/actions",
                   json={"action": action, "decision": msg["decision"]}, headers=auth(token))
        assert r.status_code == 200, r.text


def review_of(c: TestClient, game: dict[str, Any], token: str, seat: int) -> dict[str, Any]:
    """The seat's review, asking again while it is being computed."""
    deadline = time.monotonic() + REVIEW_WAIT_S
    while True:
        r = c.get(f"/api/games/{game['game_id']}/review?seat={seat}", headers=auth(token))
        if r.status_code == 200:
            return dict(r.json())
        assert r.status_code == 202, r.text
        assert r.json() == {"type": "review", "status": "computing", "seat": seat}
        assert time.monotonic() < deadline, "the review never came"
        time.sleep(0.2)


def store_of(backend: tuple[str | None, Path]) -> Store:
    url, data = backend
    return Store(make_engine(normalise_url(url) if url else sqlite_url(data)))


# ------------------------------------------------------------------ the setting
@pytest.mark.parametrize("hints", [
    "yes", "on", True, 1, None, [], [2], [-1], [0, 0], [1], [0.5], ["0"], {"seats": [0]},
    list(range(17)),
])
def test_a_bad_hints_setting_is_refused_as_malformed(client: TestClient, hints: Any) -> None:
    body = {"game": HIGH_CARD.id, "players": 2, "seats": [ANN, BOT], "hints": hints}
    before = len(client.get("/api/games").json()["games"])
    refused(client.post("/api/games", json=body), 400, "malformed")
    assert len(client.get("/api/games").json()["games"]) == before


def test_the_setting_is_stored_with_the_game_and_shown(
    backend: tuple[str | None, Path], client: TestClient
) -> None:
    default = create(client, [ANN, BOB])
    assert default["hints"] == "off"
    everyone = create(client, [ANN, BOB], hints="all")
    assert everyone["hints"] == "all"
    named = create(client, [ANN, BOT, BOB], hints=[2.0, 0])  # 2.0 is the integer 2
    assert named["hints"] == [0, 2]
    for made, shown in ((default, "off"), (everyone, "all"), (named, [0, 2])):
        gid = made["game_id"]
        assert client.get(f"/api/games/{gid}").json()["hints"] == shown
        assert state(client, made, made["spectator_token"])["hints"] == shown
        listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
        assert listed[gid]["hints"] == shown
    store = store_of(backend)
    loaded = store.load_game(named["game_id"])
    assert loaded is not None and loaded[0].hints == [0, 2]
    loaded = store.load_game(default["game_id"])
    assert loaded is not None and loaded[0].hints is None
    # a restarted server reads the setting back
    url, data = backend
    with TestClient(create_app(database_url=url, data_dir=data, bot_workers=1,
                               config=CONFIG)) as again:
        assert again.get(f"/api/games/{named['game_id']}").json()["hints"] == [0, 2]


def test_the_budgets_are_checked_and_read_from_the_environment() -> None:
    config = ServerConfig.from_env({"BOOMTOWN_HINT_SECONDS": "0.5",
                                    "BOOMTOWN_HINT_ITERATIONS": "30",
                                    "BOOMTOWN_REVIEW_ITERATIONS": "40"})
    assert (config.hint_seconds, config.hint_iterations, config.review_iterations) == (
        0.5, 30, 40)
    assert ServerConfig.from_env({}).hint_seconds == 1.0
    assert ServerConfig.from_env(config.to_env()) == config
    for env in ({"BOOMTOWN_HINT_SECONDS": "0"}, {"BOOMTOWN_HINT_SECONDS": "nan"},
                {"BOOMTOWN_HINT_SECONDS": "soon"}, {"BOOMTOWN_REVIEW_ITERATIONS": "-1"},
                {"BOOMTOWN_REVIEW_SECONDS": "999"}):
        with pytest.raises(ConfigError):
            ServerConfig.from_env(env)


def test_the_settings_words() -> None:
    kinds = ["human", "bot", "human"]
    assert learning.hint_seats(learning.normalise_hints("all", kinds), kinds) == {0, 2}
    assert learning.hint_seats(learning.normalise_hints([2], kinds), kinds) == {2}
    assert learning.hint_seats(learning.normalise_hints("off", kinds), kinds) == set()
    assert learning.hints_text([0, 2]) == "hints on for seats 0, 2"


# ------------------------------------------------------------------ hints
def test_a_hint_is_refused_when_off_not_yours_or_over(client: TestClient) -> None:
    off = create(client, [ANN, BOB])
    _, token, _ = to_move(client, off)
    refused(ask(client, off, token), 403, "hints_off")
    # High Card's seat 0 decides first
    named = create(client, [ANN, BOB], hints=[1])
    seat, token, _ = to_move(client, named)
    assert seat == 0
    refused(ask(client, named, token), 403, "hints_off")  # its decision, hints off for it
    refused(ask(client, named, named["seats"][1]["token"]), 409, "not_your_turn")
    named = create(client, [ANN, BOB], hints=[0])
    assert ask(client, named, named["seats"][0]["token"]).status_code == 200
    refused(ask(client, named, named["seats"][0]["token"], "0123456789abcdef"), 409,
            "moved_on")
    everyone = create(client, [ANN, BOB], hints="all")
    seat, token, _ = to_move(client, everyone)
    refused(ask(client, everyone, everyone["seats"][1 - seat]["token"]), 409, "not_your_turn")
    refused(ask(client, everyone, everyone["spectator_token"]), 403, "forbidden")
    refused(ask(client, everyone, "not-a-token"), 401, "unauthorized")
    refused(client.post(f"/api/games/{everyone['game_id']}/hint", json={}), 401,
            "unauthorized")
    refused(client.post(f"/api/games/{everyone['game_id']}/hint", json={"decision": 3},
                        headers=auth(token)), 400, "malformed")
    refused(client.post(f"/api/games/{everyone['game_id']}/hint", json={"x": 1},
                        headers=auth(token)), 400, "malformed")
    refused(client.post("/api/games/nosuchgame/hint", json={}, headers=auth(token)), 404,
            "not_found")
    play_out(client, everyone)
    refused(ask(client, everyone, token), 409, "game_over")


def test_a_hint_answers_the_decision_from_the_seat_to_decide(client: TestClient) -> None:
    game = create(client, [ANN, BOB], hints="all")
    seat, token, msg = to_move(client, game)
    r = ask(client, game, token, msg["decision"])
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["type"] == "hint" and body["seat"] == seat
    assert body["decision"] == msg["decision"]
    found = body["hint"]
    legal = {a["id"]: a["text"] for a in msg["view"]["legal_actions"]}
    assert found["suggestion"]["action_id"] in legal
    assert found["suggestion"] == found["alternatives"][0]
    assert 1 <= len(found["alternatives"]) <= 3
    for alt in found["alternatives"]:
        assert legal[alt["action_id"]] == alt["text"]
        assert isinstance(alt["reason"], str) and alt["reason"]
    assert "decision_index" not in found  # it would count the hidden moves
    # asked again for the same decision: the same hint (one computation per decision)
    assert ask(client, game, token).json() == body
    # the game is not changed by asking
    assert state(client, game, token)["decision"] == msg["decision"]


def recv(ws: Any) -> dict[str, Any]:
    return dict(json.loads(ws.receive_text()))


def until(ws: Any, kind: str) -> list[dict[str, Any]]:
    """Every message up to and including the first of type ``kind``."""
    got = [recv(ws)]
    while got[-1]["type"] != kind:
        got.append(recv(ws))
    return got


def settle(sockets: list[Any]) -> None:
    """Read each socket up to its answer to a ping (what connecting caused is read)."""
    for ws in sockets:
        ws.send_text(json.dumps({"type": "ping", "req": "settle"}))
        until(ws, "pong")


def test_a_hint_goes_to_its_asker_alone_over_the_websocket(client: TestClient) -> None:
    game = create(client, [ANN, BOB], hints="all")
    seat, token, msg = to_move(client, game)
    other = game["seats"][1 - seat]["token"]
    gid = game["game_id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as me, \
            client.websocket_connect(f"/api/games/{gid}/ws") as them, \
            client.websocket_connect(f"/api/games/{gid}/ws") as spy:
        for ws, t in ((me, token), (them, other), (spy, game["spectator_token"])):
            ws.send_text(json.dumps({"type": "hello", "token": t}))
            until(ws, "state")
        settle([me, them, spy])
        # the other seat and the spectator are refused, and learn nothing else
        for ws, code in ((them, "not_your_turn"), (spy, "forbidden")):
            ws.send_text(json.dumps({"type": "hint", "req": 7}))
            err = recv(ws)
            assert err["type"] == "error" and err["code"] == code and err["req"] == 7
        me.send_text(json.dumps({"type": "hint", "decision": msg["decision"], "req": "h1"}))
        answer = until(me, "hint")
        assert [m["type"] for m in answer] == ["hint"]
        assert answer[0]["req"] == "h1" and answer[0]["decision"] == msg["decision"]
        suggestion = answer[0]["hint"]["suggestion"]["text"]
        # nothing reached the others: their next message is the answer to a ping
        for ws in (them, spy):
            ws.send_text(json.dumps({"type": "ping", "req": "after"}))
            seen = until(ws, "pong")
            assert seen == [{"type": "pong", "req": "after"}], seen
            assert suggestion not in json.dumps(seen)
        # a stale decision is refused over the websocket too
        me.send_text(json.dumps({"type": "hint", "decision": "0000000000000000", "req": 2}))
        err = recv(me)
        assert err["type"] == "error" and err["code"] == "moved_on"


# ------------------------------------------------------------------ reviews
def record_of(store: Store, game_id: str) -> dict[str, Any]:
    loaded = store.load_game(game_id)
    assert loaded is not None
    row, actions = loaded
    return {"game": row.game, "version": row.version, "options": row.options,
            "players": row.players, "seed": row.seed, "actions": actions}


def without_time(review: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in review.items() if k != "seconds_used"}


def test_a_review_is_stored_served_to_its_seat_alone_and_reproducible(
    backend: tuple[str | None, Path], client: TestClient
) -> None:
    game = create(client, [ANN, BOT, BOB])
    gid = game["game_id"]
    tokens = {s["seat"]: s["token"] for s in game["seats"] if s["token"]}
    r = client.get(f"/api/games/{gid}/review", headers=auth(tokens[0]))
    refused(r, 409, "not_finished")
    play_out(client, game)
    # nobody but the seat itself reads a seat's review
    refused(client.get(f"/api/games/{gid}/review?seat=0", headers=auth(tokens[2])), 403,
            "forbidden")
    refused(client.get(f"/api/games/{gid}/review", headers=auth(game["spectator_token"])),
            403, "forbidden")
    refused(client.get(f"/api/games/{gid}/review?seat=0"), 401, "unauthorized")
    refused(client.get(f"/api/games/{gid}/review?seat=99", headers=auth(tokens[0])), 400,
            "malformed")
    mine = review_of(client, game, tokens[0], 0)
    assert mine["status"] == "done" and mine["seat"] == 0 and mine["hints"] == "off"
    served = mine["review"]
    assert served["seat"] == 0 and served["players"] == 3
    assert served["decisions"] >= 1 and len(served["curve"]) >= 1
    for point in served["curve"]:
        assert len(point["estimates"]) == 3 and 0 <= point["turn"] <= served["decisions"]
    assert served["curve"][-1]["final"] and served["curve"][-1]["turn"] == served["decisions"]
    for worst in served["worst"]:
        assert 1 <= worst["turn"] <= served["decisions"] and worst["title"]
        assert worst["drop"] >= 0 and worst["preferred"]["text"] and worst["taken"]["text"]
    text = json.dumps(mine)
    for secret in ("ply", "record_digest", "record_length", '"seed"'):
        assert secret not in text
    # the other seat's review is its own, the bot's is nobody's
    theirs = review_of(client, game, tokens[2], 2)["review"]
    assert theirs["seat"] == 2 and theirs != served
    # stored with the game: reproducible from the record, with the same budget
    store = store_of(backend)
    body = store.load_review(gid)
    assert body is not None and body["format"] == learning.SERVED_FORMAT
    assert set(body["served"]) == {"0", "2"}
    assert body["served"]["0"] == served
    again = learning.compute_review(record_of(store, gid), (0, 2), None, REVIEW_ITERATIONS)
    assert without_time(again["review"]) == without_time(body["review"])
    assert again["served"] == body["served"]


def test_a_game_with_hints_on_is_reviewed_when_it_ends(
    backend: tuple[str | None, Path], client: TestClient
) -> None:
    game = create(client, [ANN, BOB], hints=[0])
    play_out(client, game, seed=8)
    store = store_of(backend)
    deadline = time.monotonic() + REVIEW_WAIT_S
    while store.load_review(game["game_id"]) is None:  # nobody asked: in the background
        assert time.monotonic() < deadline, "the review was not computed in the background"
        time.sleep(0.2)
    review = review_of(client, game, game["seats"][1]["token"], 1)
    assert review["hints"] == [0] and review["review"]["seat"] == 1


@pytest.mark.parametrize(("game", "players"), [("western-town", 2), ("great-western-trail", 2),
                                               ("way-out-west", 3)])
def test_every_game_gives_a_hint(client: TestClient, game: str, players: int) -> None:
    """Each real game: a hint at the person's first decision, one of its legal actions."""
    made = create(client, [ANN] + [BOT] * (players - 1), game=game, options={}, hints="all")
    deadline = time.monotonic() + REVIEW_WAIT_S
    while not (msg := state(client, made, made["seats"][0]["token"]))["decision"]:
        assert time.monotonic() < deadline, "the person never got a decision"
        time.sleep(0.05)
    r = ask(client, made, made["seats"][0]["token"], msg["decision"])
    assert r.status_code == 200, r.text
    found = r.json()["hint"]
    legal = {a["id"]: a["text"] for a in msg["view"]["legal_actions"]}
    assert found["suggestion"]["action_id"] in legal
    assert all(legal[a["action_id"]] == a["text"] for a in found["alternatives"])
    assert isinstance(found["suggestion"]["estimate"], float)
