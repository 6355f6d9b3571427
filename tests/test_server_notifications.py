"""A notification of new moves carries their ids, and the other processes apply them without
reading the moves back from the database (see ``server/cluster.py``). The round trip of the
payload, the choice of which heard moves apply, and a hub catching up from a notification
alone; the two-process behaviour itself is in tests/test_server_cluster.py."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from boomtown.engine import CHANCE
from boomtown.server import create_app
from boomtown.server.cluster import MAX_PAYLOAD, MOVES, SEATS, Cluster, Heard, Notice
from boomtown.server.db import make_engine, migrate
from boomtown.server.hub import Hub
from boomtown.server.store import Conflict, GameRow, SeatRow, Store
from test_server_support import PG_URL, database

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Recorder:
    """Stands in for a database connection: keeps what was executed."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def execute(self, _statement: Any, params: dict[str, Any]) -> None:
        self.sent.append(params)


def announced_payload(heard: Heard | None, kind: str = MOVES) -> tuple[Cluster, str]:
    cluster = Cluster(sa.create_engine("postgresql+psycopg://boomtown@127.0.0.1/boomtown"))
    cluster.channel = "boomtown_test"
    if heard is not None:
        return cluster, cluster.notice("g1", kind, 12, heard).payload
    conn = Recorder()
    op = cluster.announcing(lambda _conn: None, "g1", kind, 12)
    op(conn)  # type: ignore[arg-type]
    (params,) = conn.sent
    assert params["channel"] == cluster.channel
    return cluster, str(params["payload"])


def dispatched(payload: str) -> list[tuple[str, str, int, Heard | None]]:
    """What a process other than the sender hears of ``payload``."""
    listener = Cluster(sa.create_engine("postgresql+psycopg://boomtown@127.0.0.1/boomtown"))
    calls: list[tuple[str, str, int, Heard | None]] = []
    listener._on_change = lambda *args: calls.append(args)
    listener._dispatch(payload)
    return calls


def test_a_moves_notification_carries_the_ids_and_the_rewinds() -> None:
    heard = Heard(12, 3, (401, 7, 0))
    _, payload = announced_payload(heard)
    assert dispatched(payload) == [("g1", MOVES, 12, heard)]


def test_too_many_ids_are_left_out_and_other_changes_carry_none() -> None:
    many = Heard(12, 0, tuple(range(100_000, 100_000 + MAX_PAYLOAD // 6 + 1)))
    _, payload = announced_payload(many)
    assert len(payload) <= MAX_PAYLOAD
    assert dispatched(payload) == [("g1", MOVES, 12, None)]
    _, payload = announced_payload(None, SEATS)
    assert dispatched(payload) == [("g1", SEATS, 12, None)]


def test_a_process_ignores_its_own_notifications_and_malformed_ones() -> None:
    cluster, payload = announced_payload(Heard(12, 0, (5,)))
    calls: list[Any] = []
    cluster._on_change = lambda *args: calls.append(args)
    cluster._dispatch(payload)
    assert calls == []
    assert dispatched(payload.replace(",", "") + " extra") == []
    assert dispatched(payload.rsplit(" ", 1)[0] + " x,y") == []


class Held:
    """The two fields of a live game :meth:`Hub._heard_moves` reads."""

    def __init__(self, rewinds: int, heard: list[Heard]) -> None:
        self.row = type("Row", (), {"rewinds": rewinds})()
        self.heard = heard


def test_heard_moves_apply_in_one_run_from_the_state_s_ply() -> None:
    later, first, stale = Heard(13, 1, (9, 8)), Heard(10, 1, (1, 2, 3)), Heard(4, 1, (6,))
    live = Held(1, [later, stale, first])
    assert Hub._heard_moves(live, 10) == [1, 2, 3, 9, 8]  # type: ignore[arg-type]
    assert live.heard == []


def test_heard_moves_of_another_record_or_after_a_gap_are_not_applied() -> None:
    gap, older, newer = Heard(12, 1, (4,)), Heard(10, 0, (5,)), Heard(10, 2, (6,))
    live = Held(1, [gap, older, newer])
    assert Hub._heard_moves(live, 10) == []  # type: ignore[arg-type]
    # the gap may still be filled, the next record's moves wait for its reload
    assert sorted(live.heard) == [newer, gap]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(data_dir=tmp_path, bot_workers=1)) as c:
        yield c


def test_a_hub_catches_up_from_a_notification_without_reading_the_database(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {"game": "western-town", "players": 2, "seed": 5,
            "seats": [{"kind": "human"}, {"kind": "human"}]}
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.text
    gid = created.json()["game_id"]
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.games[gid]
    # what another process would store: a seat's decision and the chance that follows it
    start, seat = len(live.state.history), live.state.current_player
    elsewhere = live.state.clone()
    pairs = [(elsewhere.apply(elsewhere.legal_action_ids()[0]).id, seat)]
    while elsewhere.current_player == CHANCE:
        pairs.append((elsewhere.apply(elsewhere.sample_chance()).id, CHANCE))
    client.portal.call(  # type: ignore[union-attr]
        hub.writer.run, Store.append_moves(gid, start, pairs, "active", live.row.rewinds))
    reads: list[int] = []
    real_tail = hub.store.tail
    monkeypatch.setattr(hub.store, "tail", lambda g, s: reads.append(s) or real_tail(g, s))

    async def notified(ply: int, heard: Heard | None) -> None:
        hub.remote_change(gid, MOVES, ply, heard)
        while live.refreshing:
            await asyncio.sleep(0.01)

    heard = Heard(start, live.row.rewinds, tuple(aid for aid, _ in pairs))
    client.portal.call(notified, start, heard)  # type: ignore[union-attr]
    assert reads == []
    assert live.state.history == elsewhere.history
    assert (live.moves[-1].actor, live.moves[-1].step) == (seat, start)
    # without the ids, a notification reads the moves (there are none left to read)
    client.portal.call(notified, len(elsewhere.history), None)  # type: ignore[union-attr]
    assert reads == [len(elsewhere.history)]
    assert live.state.history == elsewhere.history


@pytest.mark.skipif(not PG_URL, reason="needs PostgreSQL: source scripts/ci-postgres.sh")
def test_postgresql_stores_and_announces_moves_in_one_statement(tmp_path: Path) -> None:
    import psycopg

    from boomtown.server.cluster import psycopg_url

    with database("postgresql", tmp_path) as (url, _data):
        assert url is not None
        engine = make_engine(url)
        migrate(engine)
        store = Store(engine)
        row = GameRow(id="g1", game="western-town", version=1, players=2, seed=1, options={},
                      table_mode=False, listed=False, bot_delay_ms=0, spectator_token="s",
                      table_token_hash=None, status="active", moves=1, created_at=0.0,
                      updated_at=0.0, seats=[SeatRow(0, "human", "Ann"),
                                                     SeatRow(1, "human", "Bob")])
        listener = psycopg.connect(psycopg_url(engine), autocommit=True)
        listener.execute("LISTEN boomtown_test")

        def write(start: int, pairs: list[tuple[int, int]], payload: str) -> None:
            op = Store.append_moves("g1", start, pairs, "active", 0,
                                    Notice("boomtown_test", payload))
            with engine.begin() as conn:
                op(conn)

        try:
            with engine.begin() as conn:
                Store.insert_game(row, [(3, -1)])(conn)
            write(1, [(40, 0), (2, -1)], "first")
            with pytest.raises(Conflict):  # the record holds 3 moves now, not 1
                write(1, [(41, 1)], "stale")
            write(3, [(41, 1)], "second")
            heard = [n.payload for n in listener.notifies(timeout=2, stop_after=2)]
            assert heard == ["first", "second"]
            assert store.tail("g1", 0) == (4, 0, [3, 40, 2, 41])
            assert [n.payload for n in listener.notifies(timeout=0.5)] == []
        finally:
            listener.close()
            engine.dispose()
