"""What the table page is sent besides the view: each seat's last move (and never another
seat's secret one), who wrote each log line, publicly forced decisions, private table-mode
draws routed to their own seat, the bot levels and option choices of the lobby."""

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

from boomtown.engine import CHANCE, GameRecord, State, get_ruleset
from boomtown.server import bots, create_app
from boomtown.server.hub import Move, publicly_forced, replay_moves
from test_web_support import TOY, TOY_TABLE, TableHighCard
from toy_games import HIGH_CARD, make_ruleset, registered

#: Generous: CI runs this beside the rest of the suite on two shared cores.
DEADLINE_S = 240


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with registered(TOY_TABLE), TestClient(
        create_app(data_dir=tmp_path / "data", bot_workers=1)
    ) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play(c: TestClient, game: str, kinds: list[str], seed: int, options: dict[str, Any]
         ) -> tuple[dict[str, Any], dict[Any, list[dict[str, Any]]]]:
    """Play a game to its end (people pick at random by ``seed``, over HTTP) while every seat's
    and the spectator's websocket messages are kept."""
    body = {"game": game, "players": len(kinds), "seats": [{"kind": k} for k in kinds],
            "bot_delay_ms": 0, "options": options}
    made = c.post("/api/games", json=body).json()
    gid = made["game_id"]
    tokens: dict[Any, str] = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
    tokens["spectator"] = made["spectator_token"]
    received: dict[Any, list[dict[str, Any]]] = {who: [] for who in tokens}
    rng = random.Random(seed)
    managers = [c.websocket_connect(f"/api/games/{gid}/ws") for _ in tokens]
    sockets = {}
    for (who, token), cm in zip(tokens.items(), managers, strict=True):
        ws = cm.__enter__()
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        sockets[who] = ws
    try:
        deadline = time.monotonic() + DEADLINE_S
        while True:
            assert time.monotonic() < deadline, "the game did not finish"
            public = c.get(f"/api/games/{gid}/state", headers=auth(tokens["spectator"])).json()
            if public["view"]["terminal"]:
                break
            current = public["view"]["current_player"]
            if current not in tokens:
                time.sleep(0.003)
                continue
            msg = c.get(f"/api/games/{gid}/state", headers=auth(tokens[current])).json()
            if not msg["decision"]:
                time.sleep(0.003)
                continue
            action = rng.choice(msg["view"]["legal_actions"])["id"]
            r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[current]),
                       json={"action": action, "decision": msg["decision"]})
            assert r.status_code in (200, 409), r.text
        for who, ws in sockets.items():
            while not (received[who] and received[who][-1].get("type") == "state"
                       and received[who][-1]["view"]["terminal"]):
                received[who].append(json.loads(ws.receive_text()))
    finally:
        for cm in reversed(managers):
            cm.__exit__(None, None, None)
    return made, received


def moves_of(c: TestClient, gid: str) -> tuple[State, list[Move]]:
    live = c.app.state.hub.games[gid]  # type: ignore[attr-defined]
    row = live.row
    record = GameRecord(row.game, row.version, row.options, row.players, row.seed,
                        live.state.history)
    return replay_moves(record)


def secret(move: Move) -> bool:
    return any(e.seats is not None for e in move.events)


def check_last_moves(c: TestClient, made: dict[str, Any],
                     received: dict[Any, list[dict[str, Any]]]) -> dict[str, int]:
    """Every last move a viewer is sent is what :meth:`Move.for_viewer` allows it of some move
    of the game, built from its own log; another seat's targets only for all-public moves."""
    final, moves = moves_of(c, made["game_id"])
    seen = {"others": 0, "others_secret": 0, "own_targets": 0}
    for who, messages in received.items():
        viewer = None if who == "spectator" else who
        log = set(final.log_for(viewer))
        allowed: dict[str, list[Move]] = {}
        for move in moves:
            shown = move.for_viewer(viewer)
            if shown is not None:
                allowed.setdefault(json.dumps(shown, sort_keys=True), []).append(move)
        for msg in messages:
            if msg.get("type") != "state":
                continue
            actors = {m["seat"] for m in msg["last_moves"]}
            assert len(actors) == len(msg["last_moves"]), "one last move per seat"
            for entry in msg["last_moves"]:
                key = json.dumps(entry, sort_keys=True)
                assert key in allowed, f"{who} was sent a last move it may not know: {entry}"
                if entry["seat"] == viewer:
                    seen["own_targets"] += bool(entry["targets"])
                    continue
                seen["others"] += 1
                assert set(entry["text"]) <= log, f"{who} read lines not in its log: {entry}"
                if entry["targets"]:
                    assert any(not secret(m) for m in allowed[key]), (
                        f"{who} was sent the targets of seat {entry['seat']}'s secret move")
                if all(secret(m) for m in allowed[key]):
                    seen["others_secret"] += 1
                    assert entry["targets"] == [], f"{who} saw a secret move's targets"
    return seen


def test_western_town_secret_moves_never_reach_another_seat(client: TestClient) -> None:
    made, received = play(client, "western-town", ["human", "human", "human"], 5,
                          {"short_game": True})
    final, moves = moves_of(client, made["game_id"])
    assert final.is_terminal()
    assert any(secret(m) for m in moves), "a Western Town game has secret decisions"
    seen = check_last_moves(client, made, received)
    assert seen["others"] > 20


def test_a_secret_commitment_shows_its_public_line_but_never_its_target(
    client: TestClient,
) -> None:
    made, received = play(client, TOY, ["human", "human"], 3, {"rounds": 3})
    seen = check_last_moves(client, made, received)
    assert seen["others_secret"] > 0 and seen["own_targets"] > 0
    # the committed card's id goes to the committer only; the other seat reads "commits"
    commits = [e for m in received[1] if m.get("type") == "state" for e in m["last_moves"]
               if e["seat"] == 0 and e["text"] == ["seat 0 commits"]]
    assert commits and all(e["targets"] == [] for e in commits)
    own = [e for m in received[0] if m.get("type") == "state" for e in m["last_moves"]
           if e["seat"] == 0 and e["text"][0].startswith("seat 0 commits ")]
    assert own and all(e["targets"][0].startswith("card:") for e in own)
    # a private selection (no public line at all) never shows up for the other seat
    assert not [e for m in received[1] if m.get("type") == "state" for e in m["last_moves"]
                if e["seat"] == 0 and "selects" in " ".join(e["text"])]


def test_log_lines_come_with_who_wrote_them(client: TestClient) -> None:
    made, received = play(client, TOY, ["human", "bot"], 4, {"rounds": 2})
    final, _ = moves_of(client, made["game_id"])
    for who in (0, "spectator"):
        viewer = None if who == "spectator" else who
        lines: list[str] = []
        actors: list[int | None] = []
        for msg in received[who]:
            if msg.get("type") != "state":
                continue
            assert len(msg["log_actors"]) == len(msg["log"])
            lines = lines[: msg["log_start"]] + msg["log"]
            actors = actors[: msg["log_start"]] + msg["log_actors"]
        assert lines == final.log_for(viewer)
        assert actors == final.log_actors(viewer)
        assert {CHANCE, 0, 1} <= set(actors)


def forced_commit(cls: type[TableHighCard] = TableHighCard) -> State:
    """A toy position at the last round's commitments: one card left in each hand."""
    with registered(make_ruleset(cls, "toy-forced")):
        state = get_ruleset("toy-forced").new_game(2, 9, {"rounds": 3})
    rng = random.Random(1)
    while state.current_player == CHANCE or state.phase != "commit" or state.round < 2:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        else:
            legal = state.legal_action_ids()
            state.apply(26 if 26 in legal else rng.choice(legal))  # end turn: keep the hand
    return state


class MustPlayTwenty(TableHighCard):
    """A house rule whose force only the holder can see: holding the 20, you must commit it."""

    def _compute_legal_ids(self) -> list[int]:
        legal = super()._compute_legal_ids()
        if self.phase == "commit" and 19 in legal:
            return [19]
        return legal


def test_a_forced_move_is_auto_only_when_every_other_seat_could_tell() -> None:
    rng = random.Random(0)
    state = forced_commit()
    assert len(state.legal_action_ids()) == 1
    assert publicly_forced(state, rng)  # hand sizes are public: everyone knows it is forced
    # forced only by a card the others cannot see: the person confirms
    checked = 0
    with registered(make_ruleset(MustPlayTwenty, "toy-forced-20")):
        for seed in range(40):
            state = get_ruleset("toy-forced-20").new_game(2, seed, {"rounds": 3})
            while not state.is_terminal():
                if state.current_player == CHANCE:
                    state.apply(state.sample_chance())
                    continue
                hand = state.hands[state.current_player]
                if state.phase == "commit" and 19 in hand and len(hand) > 1:
                    assert state.legal_action_ids() == [19]
                    assert not publicly_forced(state, rng)
                    checked += 1
                    break
                legal = state.legal_action_ids()
                state.apply(26 if 26 in legal else legal[0])
    assert checked > 3
    # and more than one legal action is never forced
    with registered(HIGH_CARD):
        fresh = get_ruleset(HIGH_CARD.id).new_game(2, 3, None)
        while fresh.current_player == CHANCE:
            fresh.apply(fresh.sample_chance())
        assert not publicly_forced(fresh, rng)


def test_messages_mark_publicly_forced_decisions_auto(client: TestClient) -> None:
    _, received = play(client, TOY, ["human", "human"], 8, {"rounds": 3})
    autos = 0
    for who in (0, 1):
        for msg in received[who]:
            if msg.get("type") != "state":
                continue
            if msg["auto"]:
                autos += 1
                assert msg["decision"] and len(msg["view"]["legal_actions"]) == 1
            if not msg["decision"]:
                assert not msg["auto"]
    assert autos >= 2  # each seat's last commitment, one card in hand


def test_private_draws_are_entered_by_their_own_seat_in_table_mode(client: TestClient) -> None:
    made = client.post("/api/games", json={
        "game": TOY, "players": 2, "table_mode": True, "bot_delay_ms": 0,
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]}).json()
    gid, table, ann = made["game_id"], made["table_token"], made["seats"][0]["token"]

    def state(token: str) -> dict[str, Any]:
        return client.get(f"/api/games/{gid}/state", headers=auth(token)).json()

    entered = {"seat": 0, "table": 0}
    for _ in range(6):  # the deal: three private cards each, seat 0 first
        t, a = state(table), state(ann)
        prompt = t["view"]["prompt"]
        assert prompt["private"] and t["view"]["current_player"] == CHANCE
        if prompt["for_seat"] == 0:
            # the table sees only that Ann draws; Ann enters it on her own screen
            assert t["decision"] is None and t["chance"] is None and t["chance_by"] == 0
            assert a["decision"] and a["chance"] and a["chance_by"] == 0
            r = client.post(f"/api/games/{gid}/chance", headers=auth(table),
                            json={"action": a["chance"][0]["id"]})
            assert r.status_code == 409 and "own screen" in r.json()["message"]
            r = client.post(f"/api/games/{gid}/chance", headers=auth(ann),
                            json={"action": a["chance"][0]["id"], "decision": a["decision"]})
            assert r.status_code == 200, r.text
            entered["seat"] += 1
        else:
            # a bot has no screen: the table enters its draw
            assert a["decision"] is None and a["chance"] is None
            assert t["decision"] and t["chance"] and t["chance_by"] is None
            r = client.post(f"/api/games/{gid}/chance", headers=auth(table),
                            json={"action": t["chance"][-1]["id"], "decision": t["decision"]})
            assert r.status_code == 200, r.text
            entered["table"] += 1
    assert entered == {"seat": 3, "table": 3}
    assert len(state(ann)["view"]["state"]["hand"]) == 3
    spectator = client.get(f"/api/games/{gid}/state",
                           headers=auth(made["spectator_token"])).json()
    assert spectator["chance"] is None and spectator["view"]["state"]["hand"] is None


def test_lobby_api_offers_levels_choices_and_the_heuristic_by_default(
    client: TestClient,
) -> None:
    data = client.get("/api/rulesets").json()
    assert data["default_bot"] == "medium" == bots.DEFAULT_BOT
    kinds = {k["name"]: k for k in data["bots"]}
    assert [n for n in kinds if kinds[n]["named_level"]] == ["easy", "medium", "hard"]
    assert [bots.LEVELS[n][0] for n in ("easy", "medium", "hard")] == ["easy", "medium", "hard"]
    assert bots.bot_kind("hard").process and not bots.bot_kind("easy").process
    gwt = next(g for g in data["games"] if g["id"] == "great-western-trail")
    with_choices = {o["name"]: o for o in gwt["options"] if "choices" in o}
    expected = get_ruleset("great-western-trail").option_choices()
    assert set(with_choices) == set(expected) and with_choices
    for name, option in with_choices.items():
        assert option["choices"] == list(expected[name]) and option["default"] in option["choices"]
    made = client.post("/api/games", json={
        "game": "western-town", "players": 2, "bot_delay_ms": 0,
        "seats": [{"kind": "human"}, {"kind": "bot"}]}).json()
    assert made["seats"][1]["bot"] == "medium"


def test_unnamed_seats_with_the_same_default_name_are_numbered(client: TestClient) -> None:
    made = client.post("/api/games", json={
        "game": "way-out-west", "players": 3, "bot_delay_ms": 0,
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]}).json()
    assert [s["name"] for s in made["seats"]] == ["Ann", "medium bot 1", "medium bot 2"]


def test_last_moves_survive_a_server_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with registered(TOY_TABLE):
        with TestClient(create_app(data_dir=data, bot_workers=1)) as c:
            made = c.post("/api/games", json={
                "game": TOY, "players": 2, "bot_delay_ms": 0, "options": {"rounds": 2},
                "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
            gid = made["game_id"]
            tokens = [s["token"] for s in made["seats"]]
            for _ in range(6):  # select a card, end turns, commit: private and public moves
                for token in tokens:
                    msg = c.get(f"/api/games/{gid}/state", headers=auth(token)).json()
                    if msg["decision"]:
                        legal = msg["view"]["legal_actions"]
                        pick = legal[0] if len(legal) < 3 else legal[-1]
                        c.post(f"/api/games/{gid}/actions", headers=auth(token),
                               json={"action": pick["id"], "decision": msg["decision"]})
            before = [c.get(f"/api/games/{gid}/state", headers=auth(t)).json()["last_moves"]
                      for t in tokens]
        assert all(before) and before[0] != before[1]
        with TestClient(create_app(data_dir=data, bot_workers=1)) as c:
            after = [c.get(f"/api/games/{gid}/state", headers=auth(t)).json()["last_moves"]
                     for t in tokens]
    assert after == before
