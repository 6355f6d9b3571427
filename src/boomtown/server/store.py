"""Durable storage of games: one writer thread commits what the server acknowledges.

:class:`Store` holds the synchronous operations. :class:`Writer` runs them on its own
thread with *group commit*: every write queued while the previous commit was on disk goes
into the next transaction together, and each caller's future resolves only after that
transaction committed. The server acknowledges a decision only then, so an acknowledged
decision is on disk, and a decision whose write failed is not acknowledged (the server
keeps its previous state).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from boomtown.server.cluster import Notice
from boomtown.server.db import games, moves, reviews, seats


def token_hash(token: str) -> str:
    """The SHA-256 of a secret token, as stored (tokens themselves are never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" or "bot"
    name: str
    bot: str | None = None
    level: int | None = None
    open: bool = False
    token_hash: str | None = None


@dataclass
class GameRow:
    id: str
    game: str
    version: int
    players: int
    seed: int
    options: dict[str, Any]
    table_mode: bool
    listed: bool
    bot_delay_ms: int
    spectator_token: str
    table_token_hash: str | None
    status: str
    moves: int
    created_at: float
    updated_at: float
    seats: list[SeatRow]
    #: Times the record was cut back by an undo (see :meth:`Store.append_moves`).
    rewinds: int = 0
    #: Who may ask for hints: ``None`` (off), ``"all"`` or a list of seats.
    hints: Any = None


Op = Callable[[Connection], Any]

#: The status of a game stopped by a rules fault (kept, resumed by a fixed version): no
#: move is stored for it meanwhile.
FAULTED = "faulted"

#: The transaction lock that lets one creator at a time count the active games
#: (PostgreSQL, with a cap on active games): "BoomNew" in ASCII.
CREATE_LOCK = 0x426F6F6D4E6577

# The statements of every decision, built once: SQLAlchemy then finds their compiled form by
# a cache key memoized on the statement, where building them anew for each write cost several
# times what SQLite's own work does.
#: Store a game's new move count (and rewinds and status) only if it still holds the record
#: the writer holds: the compare-and-set of :meth:`Store.append_moves` and
#: :meth:`Store.truncate_moves`.
COMPARE_AND_SET = (
    games.update()
    .where(games.c.id == sa.bindparam("game_id"), games.c.moves == sa.bindparam("held"),
           games.c.rewinds == sa.bindparam("held_rewinds"),
           games.c.status != sa.bindparam("faulted"))
    .values(moves=sa.bindparam("count"), rewinds=sa.bindparam("new_rewinds"),
            status=sa.bindparam("new_status"), updated_at=sa.bindparam("now"))
)
#: Append rows to a game's record (executed with one parameter set per move).
INSERT_MOVES = moves.insert()
#: PostgreSQL, several processes: the compare-and-set, the new moves and their notification
#: (sent on commit) in one statement, one round trip: measured at about half the CPU time of
#: the three statements. The notification and the moves go only with the games row the
#: compare-and-set changed; no row changed is a :class:`Conflict`.
APPEND_AND_NOTIFY = (
    "WITH cas AS (UPDATE games SET moves = %(count)s, status = %(status)s, "
    "updated_at = %(now)s WHERE id = %(game_id)s AND moves = %(held)s "
    "AND rewinds = %(rewinds)s AND status <> %(faulted)s RETURNING id), "
    "appended AS (INSERT INTO moves (game_id, ply, action, actor, at) "
    "SELECT cas.id, m.ply, m.action, m.actor, %(now)s FROM cas, "
    "unnest(%(plies)s::int[], %(actions)s::int[], %(actors)s::int[]) AS m(ply, action, actor)) "
    "SELECT pg_notify(%(channel)s, %(payload)s) FROM cas"
)
#: A game's move count and rewinds, and its actions from a ply on (:meth:`Store.tail`: what
#: another process reads when a notification did not carry the moves themselves).
SELECT_COUNT = sa.select(games.c.moves, games.c.rewinds).where(
    games.c.id == sa.bindparam("game_id"))
SELECT_TAIL = (
    sa.select(moves.c.action)
    .where(moves.c.game_id == sa.bindparam("game_id"), moves.c.ply >= sa.bindparam("start"))
    .order_by(moves.c.ply)
)


class Store:
    """Synchronous operations on the database (run them on the writer thread)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------- writes
    @staticmethod
    def insert_game(row: GameRow, actions: list[tuple[int, int]], max_active: int = 0,
                    active_since: float = 0.0) -> Op:
        """Insert a new game; with ``max_active``, only while fewer games are active
        (unfinished, updated since ``active_since``): ``False`` when refused."""

        def op(conn: Connection) -> bool:
            if max_active:
                if conn.dialect.name == "postgresql":  # one creator at a time: exact count
                    conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"),
                                 {"k": CREATE_LOCK})
                active = conn.execute(
                    sa.select(sa.func.count()).select_from(games)
                    .where(games.c.status == "active", games.c.updated_at >= active_since)
                ).scalar_one()
                if active >= max_active:
                    return False
            values = {k: v for k, v in row.__dict__.items() if k != "seats"}
            conn.execute(games.insert().values(**values))
            conn.execute(
                seats.insert(),
                [dict(game_id=row.id, **s.__dict__) for s in row.seats],
            )
            Store._append(conn, row.id, 0, actions)
            return True

        return op

    @staticmethod
    def _append(conn: Connection, game_id: str, start: int, actions: list[tuple[int, int]]) -> None:
        if actions:
            now = time.time()
            conn.execute(
                INSERT_MOVES,
                [
                    {"game_id": game_id, "ply": start + i, "action": a, "actor": who, "at": now}
                    for i, (a, who) in enumerate(actions)
                ],
            )

    @staticmethod
    def append_moves(
        game_id: str, start: int, actions: list[tuple[int, int]], status: str,
        rewinds: int = 0, notice: Notice | None = None,
    ) -> Op:
        """Append ``(action id, actor)`` pairs at plies ``start``...: only if the record is
        still the one the writer holds, ``start`` moves after ``rewinds`` undos (a
        compare-and-set on ``games``, which also makes concurrent writers of one game wait
        for each other); the primary key refuses a second writer of the same ply too.
        Raises :class:`Conflict` when another writer changed the record first. With a
        ``notice`` (several processes, PostgreSQL), the stored moves are announced in the
        same statement (:data:`APPEND_AND_NOTIFY`)."""

        def op(conn: Connection) -> None:
            if notice is not None:
                Store._append_and_notify(conn, game_id, start, actions, status, rewinds, notice)
                return
            Store._compare_and_set(conn, game_id, start, rewinds, start + len(actions),
                                   rewinds, status)
            Store._append(conn, game_id, start, actions)

        return op

    @staticmethod
    def _append_and_notify(conn: Connection, game_id: str, start: int,
                           actions: list[tuple[int, int]], status: str, rewinds: int,
                           notice: Notice) -> None:
        result = conn.exec_driver_sql(APPEND_AND_NOTIFY, {
            "game_id": game_id, "held": start, "rewinds": rewinds, "faulted": FAULTED,
            "count": start + len(actions), "status": status, "now": time.time(),
            "plies": list(range(start, start + len(actions))),
            "actions": [a for a, _ in actions], "actors": [who for _, who in actions],
            "channel": notice.channel, "payload": notice.payload,
        })
        if result.rowcount != 1:
            raise Conflict(f"game {game_id} changed: it no longer holds {start} moves after "
                           f"{rewinds} undos")

    @staticmethod
    def truncate_moves(game_id: str, held: int, length: int, status: str,
                       rewinds: int = 0) -> Op:
        """Drop the moves from ply ``length`` on (undo), only if the record is the one the
        writer holds (``held`` moves after ``rewinds`` undos; else :class:`Conflict`: a move
        stored meanwhile is never dropped), and count the rewind."""

        def op(conn: Connection) -> None:
            Store._compare_and_set(conn, game_id, held, rewinds, length, rewinds + 1, status)
            conn.execute(
                moves.delete().where(moves.c.game_id == game_id, moves.c.ply >= length)
            )

        return op

    @staticmethod
    def _compare_and_set(conn: Connection, game_id: str, held: int, rewinds: int,
                         count: int, new_rewinds: int, status: str) -> None:
        result = conn.execute(
            COMPARE_AND_SET,
            {"game_id": game_id, "held": held, "held_rewinds": rewinds, "faulted": FAULTED,
             "count": count, "new_rewinds": new_rewinds, "new_status": status,
             "now": time.time()},
        )
        if result.rowcount != 1:
            raise Conflict(f"game {game_id} changed: it no longer holds {held} moves after "
                           f"{rewinds} undos")

    @staticmethod
    def set_status(game_id: str, status: str, version: int | None = None) -> Op:
        """Set a game's status (``faulted`` after a rules fault), and its ruleset version
        when a fixed version resumes it."""

        def op(conn: Connection) -> None:
            values: dict[str, Any] = {"status": status, "updated_at": time.time()}
            if version is not None:
                values["version"] = version
            conn.execute(games.update().where(games.c.id == game_id).values(**values))

        return op

    @staticmethod
    def claim_seat(game_id: str, seat: int, new_hash: str) -> Op:
        def op(conn: Connection) -> bool:
            result = conn.execute(
                seats.update()
                .where(seats.c.game_id == game_id, seats.c.seat == seat, seats.c.open.is_(True))
                .values(open=False, token_hash=new_hash)
            )
            return bool(result.rowcount == 1)

        return op

    @staticmethod
    def insert_review(game_id: str, body: dict[str, Any], budget: str) -> Op:
        """Store a finished game's review; ``False`` when one was stored already (by
        another process, say): the first stays."""

        def op(conn: Connection) -> bool:
            found = conn.execute(
                sa.select(reviews.c.game_id).where(reviews.c.game_id == game_id)
            ).first()
            if found is not None:
                return False
            conn.execute(reviews.insert().values(game_id=game_id, body=body, budget=budget,
                                                 created_at=time.time()))
            return True

        return op

    def run_now(self, op: Op) -> Any:
        """Run a write operation in its own transaction, in the calling thread (for loading
        code that runs outside the event loop; live moves go through the :class:`Writer`)."""
        with self.engine.begin() as conn:
            return op(conn)

    # -------------------------------------------------------------- reads
    def _snapshot(self) -> Connection:
        """A connection whose reads all see one moment of the database."""
        conn = self.engine.connect()
        if conn.dialect.name == "postgresql":
            conn = conn.execution_options(isolation_level="REPEATABLE READ")
        return conn

    def load_game(self, game_id: str) -> tuple[GameRow, list[int]] | None:
        with self._snapshot() as conn:
            row = conn.execute(sa.select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            seat_rows = conn.execute(
                sa.select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
            ).mappings().all()
            actions = conn.execute(
                sa.select(moves.c.action).where(moves.c.game_id == game_id).order_by(moves.c.ply)
            ).scalars().all()
        game = GameRow(
            **dict(row),
            seats=[SeatRow(**{k: v for k, v in s.items() if k != "game_id"}) for s in seat_rows],
        )
        return game, list(actions)

    def tail(self, game_id: str, start: int) -> tuple[int, int, list[int]] | None:
        """The game's move count, its rewinds and its action ids from ply ``start`` on, all
        of one moment; ``None`` for no such game."""
        with self._snapshot() as conn:
            row = conn.execute(SELECT_COUNT, {"game_id": game_id}).first()
            if row is None:
                return None
            actions = conn.execute(SELECT_TAIL, {"game_id": game_id, "start": start}
                                   ).scalars().all()
        return int(row[0]), int(row[1]), list(actions)

    def load_review(self, game_id: str) -> dict[str, Any] | None:
        """The stored review of ``game_id`` (the library's JSON), or ``None``."""
        with self.engine.connect() as conn:
            body = conn.execute(
                sa.select(reviews.c.body).where(reviews.c.game_id == game_id)
            ).scalar_one_or_none()
        return dict(body) if body is not None else None

    def seats_of(self, game_id: str) -> list[SeatRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
            ).mappings().all()
        return [SeatRow(**{k: v for k, v in s.items() if k != "game_id"}) for s in rows]

    def game_ids(self, status: str | None = None) -> list[str]:
        query = sa.select(games.c.id).order_by(games.c.created_at)
        if status is not None:
            query = query.where(games.c.status == status)
        with self.engine.connect() as conn:
            return list(conn.execute(query).scalars().all())

    def listed_games(self, limit: int = 100) -> list[dict[str, Any]]:
        query = (
            sa.select(games.c.id, games.c.game, games.c.players, games.c.status,
                      games.c.table_mode, games.c.hints, games.c.created_at,
                      games.c.updated_at, games.c.spectator_token)
            .where(games.c.listed.is_(True))
            .order_by(games.c.updated_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(query).mappings().all()]
            if rows:
                seat_rows = conn.execute(
                    sa.select(seats.c.game_id, seats.c.seat, seats.c.kind, seats.c.name,
                              seats.c.bot, seats.c.open)
                    .where(seats.c.game_id.in_([r["id"] for r in rows]))
                    .order_by(seats.c.game_id, seats.c.seat)
                ).mappings().all()
            else:
                seat_rows = []
        by_game: dict[str, list[dict[str, Any]]] = {}
        for s in seat_rows:
            by_game.setdefault(s["game_id"], []).append(
                {"seat": s["seat"], "kind": s["kind"], "name": s["name"], "bot": s["bot"],
                 "open": bool(s["open"])}
            )
        for r in rows:
            r["seats"] = by_game.get(r["id"], [])
        return rows


class WriteFailed(Exception):
    """The database refused a write; nothing of it was committed."""


class Conflict(WriteFailed):
    """Another writer changed the game first (another server process on the database):
    nothing of this write was committed."""


class Writer:
    """A thread that runs write operations in transactions, several per commit when busy.

    The thread keeps one connection open between commits (taking one from the pool and
    resetting it for every commit cost more than a small commit itself); it opens it at its
    first write, so no connection exists before the server forks its search processes, and
    drops it after a failed commit (the next write opens a fresh one)."""

    def __init__(self, engine: Engine, max_batch: int = 256) -> None:
        self.engine = engine
        self.max_batch = max_batch
        # SimpleQueue: a put is one C call that wakes the thread (Queue's lock and condition
        # cost the event loop more than the write's own statements)
        self._queue: queue.SimpleQueue[
            tuple[Op, asyncio.Future[Any], asyncio.AbstractEventLoop] | None]
        self._queue = queue.SimpleQueue()
        self._conn: Connection | None = None
        self._thread = threading.Thread(target=self._run, name="boomtown-db-writer", daemon=True)
        self._thread.start()
        self.commits = 0
        self.writes = 0

    async def run(self, op: Op) -> Any:
        """Run ``op`` in a committed transaction; returns its result or raises
        :class:`WriteFailed`."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.put((op, future, loop))
        return await future

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        try:
            self._serve()
        finally:
            self._drop_connection()

    def _serve(self) -> None:
        stop = False
        while not stop:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < self.max_batch:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit(batch)

    def _connection(self) -> Connection:
        if self._conn is None:
            self._conn = self.engine.connect()
        return self._conn

    def _drop_connection(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    def _commit(
        self, batch: list[tuple[Op, asyncio.Future[Any], asyncio.AbstractEventLoop]]
    ) -> None:
        try:
            conn = self._connection()
            with conn.begin():
                results = [op(conn) for op, _, _ in batch]
        except Exception as exc:
            # rolled back; after anything but a refusal the connection may be broken: the
            # next write opens a fresh one
            refused = isinstance(exc, Conflict | sa.exc.IntegrityError)
            if not refused:
                self._drop_connection()
            if len(batch) == 1:
                import traceback

                _, future, loop = batch[0]
                message = traceback.format_exc(limit=1).strip().splitlines()[-1]
                # a second writer of the same ply is the primary key's refusal
                kind = Conflict if refused else WriteFailed
                loop.call_soon_threadsafe(_fail, future, kind(message))
                return
            for item in batch:  # isolate the failing write: one transaction each
                self._commit([item])
            return
        self.commits += 1
        self.writes += len(batch)
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any]]] = {}
        for (_, future, loop), result in zip(batch, results, strict=True):
            by_loop.setdefault(loop, []).append((future, result))
        for loop, done in by_loop.items():  # one wake-up of each loop per commit
            loop.call_soon_threadsafe(_all_done, done)


def _all_done(done: list[tuple[asyncio.Future[Any], Any]]) -> None:
    """Resolve the futures of one commit with their results (in the futures' loop)."""
    for future, result in done:
        if not future.done():
            future.set_result(result)


def _fail(future: asyncio.Future[Any], exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)
