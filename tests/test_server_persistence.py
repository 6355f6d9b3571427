"""Persistence: a server killed with SIGKILL resumes every game exactly where the last
acknowledged decision left it (SQLite, and PostgreSQL when BOOMTOWN_TEST_DATABASE_URL is set).
"""

from __future__ import annotations

import random
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from test_server_support import BACKENDS, ServerProcess, database, strip_nonce


def create(server: ServerProcess, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": "western-town", "players": len(seats), "seats": seats, "bot_delay_ms": 0,
            **extra}
    game = server.post("/api/games", body)
    assert "game_id" in game, game
    return dict(game)


def tokens_of(game: dict[str, Any]) -> list[str]:
    return [s["token"] for s in game["seats"] if s["token"]] + [game["spectator_token"]]


def views(server: ServerProcess, game: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat's state message without its nonce, ``auto`` flag included: the forced-move
    check draws its determinizations from the game's secret seed and the decision, so a
    restarted server judges every position as the one before it did."""
    return [strip_nonce(server.get(f"/api/games/{game['game_id']}/state", t))
            for t in tokens_of(game)]


def play_some(server: ServerProcess, game: dict[str, Any], moves: int, rng: random.Random) -> int:
    """Make up to ``moves`` acknowledged decisions by the people's seats."""
    done = 0
    gid = game["game_id"]
    seat_tokens = [s["token"] for s in game["seats"] if s["token"]]
    deadline = time.monotonic() + 120  # generous: the bots share two busy cores in CI
    while done < moves and time.monotonic() < deadline:
        for token in seat_tokens:
            msg = server.get(f"/api/games/{gid}/state", token)
            if msg["view"]["terminal"]:
                return done
            if msg["decision"]:
                action = rng.choice(msg["view"]["legal_actions"])["id"]
                ack = server.post(f"/api/games/{gid}/actions",
                                  {"action": action, "decision": msg["decision"]}, token)
                assert ack.get("type") == "ack", ack
                done += 1
                break
        else:
            time.sleep(0.01)
    return done


@pytest.mark.parametrize("backend", BACKENDS)
def test_kill_9_and_resume_exactly(backend: str, tmp_path: Path) -> None:
    rng = random.Random(4)
    with database(backend, tmp_path) as (url, data):
        server = ServerProcess(data, url)
        try:
            people = create(server, [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}])
            mixed = create(server, [{"kind": "human"}, {"kind": "bot"}])
            bots = create(server, [{"kind": "bot"}] * 3, bot_delay_ms=20)
            assert play_some(server, people, 25, rng) == 25
            assert play_some(server, mixed, 10, rng) == 10
            time.sleep(0.3)  # the bots' game is under way
            before_people, before_mixed = views(server, people), views(server, mixed)
            server.kill9()
            server = ServerProcess(data, url)
            # the same views, for every seat and the spectator
            assert views(server, people) == before_people
            assert views(server, mixed) == before_mixed
            # the games go on, the bots' game resumes by itself and finishes
            assert play_some(server, people, 5, rng) == 5
            deadline = time.monotonic() + 240  # generous: CI shares two cores
            while time.monotonic() < deadline:
                final = server.get(f"/api/games/{bots['game_id']}/state", bots["spectator_token"])
                if final["view"]["terminal"]:
                    break
                time.sleep(0.1)
            assert final["view"]["terminal"] and len(final["view"]["returns"]) == 3
            listed = {g["id"]: g for g in server.get("/api/games")["games"]}
            assert listed[bots["game_id"]]["status"] == "finished"
            assert listed[people["game_id"]]["status"] == "active"
        finally:
            server.stop()


@pytest.mark.parametrize("backend", BACKENDS)
def test_acknowledged_decisions_survive_kill_9_at_any_moment(
    backend: str, tmp_path: Path
) -> None:
    """Kill the server right after an acknowledgement, several times over: no acknowledged
    decision is ever lost and the record replays."""
    rng = random.Random(8)
    with database(backend, tmp_path) as (url, data):
        server = ServerProcess(data, url)
        try:
            game = create(server, [{"kind": "human"}, {"kind": "human"}])
            for _ in range(2):
                assert play_some(server, game, 4, rng) == 4
                expected = views(server, game)
                server.kill9()
                server = ServerProcess(data, url)
                assert views(server, game) == expected
        finally:
            server.stop()


def test_boomtown_serve_starts_the_web_table(tmp_path: Path) -> None:
    exe = shutil.which("boomtown") or str(Path(__file__).parents[1] / ".venv/bin/boomtown")
    if not Path(exe).exists():
        pytest.skip("the boomtown command is not installed")
    server = ServerProcess(tmp_path / "data", command=[exe, "serve"])
    try:
        assert server.get("/api/health") == {"ok": True}
        game = create(server, [{"kind": "human"}, {"kind": "bot"}])
        assert server.get(f"/api/games/{game['game_id']}/state", game["spectator_token"])
        assert (tmp_path / "data" / "boomtown.sqlite3").exists()
    finally:
        server.stop()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_write_from_a_record_that_changed_meanwhile_is_refused(
    backend: str, tmp_path: Path
) -> None:
    """The compare-and-set that keeps several processes from forking a record: a writer
    whose state is behind (a move stored, or a move taken back and another stored at the
    same ply) gets Conflict and nothing of its write is stored."""
    from boomtown.server.db import make_engine, migrate, sqlite_url
    from boomtown.server.store import Conflict, GameRow, SeatRow, Store

    with database(backend, tmp_path) as (url, data):
        engine = make_engine(url or sqlite_url(data))
        migrate(engine)
        store = Store(engine)
        row = GameRow(id="g1", game="western-town", version=1, players=2, seed=1,
                      options={}, table_mode=False, listed=False, bot_delay_ms=0,
                      spectator_token="s", table_token_hash=None, status="active",
                      moves=1, created_at=0.0, updated_at=0.0,
                      seats=[SeatRow(0, "human", "Ann"), SeatRow(1, "human", "Bob")])
        store.run_now(Store.insert_game(row, [(5, -1)]))
        store.run_now(Store.append_moves("g1", 1, [(7, 0)], "active", 0))
        with pytest.raises(Conflict):  # a second writer of ply 1
            store.run_now(Store.append_moves("g1", 1, [(8, 1)], "active", 0))
        store.run_now(Store.truncate_moves("g1", 2, 1, "active", 0))  # undo ply 1
        store.run_now(Store.append_moves("g1", 1, [(9, 0)], "active", 1))  # a new ply 1
        # a writer that still holds the record before the undo: same count, but behind
        with pytest.raises(Conflict):
            store.run_now(Store.append_moves("g1", 2, [(4, 1)], "active", 0))
        with pytest.raises(Conflict):
            store.run_now(Store.truncate_moves("g1", 2, 1, "active", 0))
        assert store.tail("g1", 0) == (2, 1, [5, 9])
        engine.dispose()
