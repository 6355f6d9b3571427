"""Several server processes on one PostgreSQL database (``--workers N``, or several servers).

Any process may hold any game in memory and accept its decisions; the database decides
who was first and tells the others:

* **Who was first.** Every write of a game's moves is a compare-and-set on ``games.moves``
  (the number of moves the writer's state holds) and the ``moves`` table's primary key
  refuses a second writer of the same ply. A process that loses the race gets
  :class:`~boomtown.server.store.Conflict`, catches up from the database and answers
  ``moved_on``: one decision per ply is stored and acknowledged, never two, never none.
* **Telling the others.** The transaction that writes a change also sends a notification
  (``pg_notify``, delivered when it commits) naming the game and what changed. Each process
  LISTENs and brings the games it holds up to date (:meth:`Hub.remote_change`), then sends
  its own clients the states they may see: what goes out is still built from each seat's
  own view, in the process the client is connected to.
* **Who runs the bots.** A game's bots move in one process: the one that holds the game's
  advisory lock (a session lock on this module's own connection). The creator takes it; a
  game whose owner stopped (its session ended, so its locks went with it) is adopted by the
  next :meth:`Cluster.scan` of another process, every :data:`SCAN_INTERVAL_S`.

A notification of new moves also carries their action ids (and the record's rewinds), so
the others apply them without reading them back: a notification goes through the database to
its own clients only and holds what the ``moves`` table holds, nothing more. Ids that would
make a notification longer than :data:`MAX_PAYLOAD` are left out, and the others read them
from the database as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

log = logging.getLogger("boomtown.server")

#: The advisory locks' first key: "Boom" in ASCII, so they stand apart from anybody else's.
LOCK_CLASS = 0x426F6F6D
#: How often a process looks for games whose owner stopped (seconds).
SCAN_INTERVAL_S = 2.0
#: Wait before reconnecting a lost listening connection (seconds).
RECONNECT_S = 1.0

#: Kinds of change a notification names.
MOVES, UNDO, SEATS = "m", "u", "s"
#: The notification a change's transaction sends (built once: it goes with every change).
NOTIFY = sa.text("SELECT pg_notify(:channel, :payload)")
#: The longest notification sent with its moves' ids (PostgreSQL refuses 8000 bytes or more).
MAX_PAYLOAD = 7000


class Notice(NamedTuple):
    """A notification to send: the channel every process listens on, and the text."""

    channel: str
    payload: str


class Heard(NamedTuple):
    """Moves another process stored, as its notification told them: the action ids from
    ply ``start`` on, appended to the record after ``rewinds`` undos."""

    start: int
    rewinds: int
    actions: tuple[int, ...]


Op = Callable[[Connection], Any]
#: ``on_change(game_id, kind, ply, heard)``: ``heard`` is the moves themselves when the
#: notification carried them.
OnChange = Callable[[str, str, int, "Heard | None"], None]
OnAdopt = Callable[[list[str]], Awaitable[None]]


def psycopg_url(engine: Engine) -> str:
    """The libpq URL of a SQLAlchemy ``postgresql+psycopg`` engine."""
    url = engine.url.set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Cluster:
    """One process's part in a group of servers on one PostgreSQL database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        #: This process's name in notifications (its own are ignored).
        self.origin = secrets.token_hex(4)
        self.channel = ""
        self.owned: set[str] = set()
        self._url = psycopg_url(engine)
        self._locks: Any = None  # psycopg.AsyncConnection holding the advisory locks
        self._locks_lock = asyncio.Lock()
        self._listener: asyncio.Task[None] | None = None
        self._scanner: asyncio.Task[None] | None = None
        self._on_change: OnChange | None = None
        self._on_adopt: OnAdopt | None = None
        self._on_lost: Callable[[], None] | None = None
        self._closing = False
        self._listening = asyncio.Event()

    # ------------------------------------------------------------ lifecycle
    async def start(self, on_change: OnChange, on_adopt: OnAdopt,
                    on_lost: Callable[[], None]) -> None:
        """Connect, LISTEN, and start scanning for games without an owner."""
        import psycopg

        self._on_change, self._on_adopt, self._on_lost = on_change, on_adopt, on_lost
        self._locks = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
        schema = (await (await self._locks.execute("SELECT current_schema()")).fetchone())[0]
        # one channel per schema: servers on other schemas of the database (tests) stay apart
        self.channel = f"boomtown_{schema}"[:63]
        self._listener = asyncio.create_task(self._listen())
        await asyncio.wait_for(self._listening.wait(), timeout=30)

    async def close(self) -> None:
        self._closing = True
        for task in (self._listener, self._scanner):
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        if self._locks is not None:
            with contextlib.suppress(Exception):
                await self._locks.close()  # its session ends: the locks are released

    def start_scanning(self) -> None:
        if self._scanner is None:
            self._scanner = asyncio.create_task(self._scan_forever())

    # -------------------------------------------------------- notifications
    def notice(self, game_id: str, kind: str, ply: int = 0,
               heard: Heard | None = None) -> Notice:
        """The notification of a change: with the moves ``heard`` appended, when they fit."""
        payload = f"{self.origin} {game_id} {kind} {ply}"
        if heard is not None:
            moves = f"{payload} {heard.rewinds} {','.join(map(str, heard.actions))}"
            if len(moves) <= MAX_PAYLOAD:
                payload = moves
        return Notice(self.channel, payload)

    def announcing(self, op: Op, game_id: str, kind: str, ply: int = 0) -> Op:
        """``op`` followed, in its transaction, by the notification of the change (sent by
        PostgreSQL when the transaction commits, never for a rolled-back one). New moves
        announce themselves instead (:meth:`~boomtown.server.store.Store.append_moves`
        sends its :meth:`notice` in the statement that stores them)."""
        notice = self.notice(game_id, kind, ply)

        def announced(conn: Connection) -> Any:
            result = op(conn)
            if result is not False:  # an op that changed nothing says False
                conn.execute(NOTIFY, notice._asdict())
            return result

        return announced

    async def _listen(self) -> None:
        import psycopg
        from psycopg import sql

        first = True
        while not self._closing:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self._url, autocommit=True
                ) as conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                    if not first and self._on_lost is not None:
                        self._on_lost()  # notifications may have been missed meanwhile
                    first = False
                    self._listening.set()
                    async for note in conn.notifies():
                        self._dispatch(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: try again
                if self._closing:
                    return
                log.warning("cluster: lost the notification connection (%s); reconnecting",
                            exc)
                await asyncio.sleep(RECONNECT_S)

    def _dispatch(self, payload: str) -> None:
        heard = None
        try:
            origin, game_id, kind, ply, *moves = payload.split(" ")
            start = int(ply)
            if moves:
                rewinds, actions = moves
                heard = Heard(start, int(rewinds), tuple(map(int, actions.split(","))))
        except ValueError:
            log.warning("cluster: a notification in an unknown form: %r", payload[:100])
            return
        if origin != self.origin and self._on_change is not None:
            self._on_change(game_id, kind, start, heard)

    # ------------------------------------------------------------ ownership
    def owns(self, game_id: str) -> bool:
        return game_id in self.owned

    async def claim(self, game_id: str) -> bool:
        """Try to become the process that runs ``game_id``'s bots."""
        if game_id in self.owned:
            return True
        async with self._locks_lock:
            cur = await self._locks.execute(
                "SELECT pg_try_advisory_lock(%s, hashtext(current_schema() || ':' || %s))",
                (LOCK_CLASS, game_id))
            row = await cur.fetchone()
        if row is not None and row[0]:
            self.owned.add(game_id)
            return True
        return False

    async def release(self, game_id: str) -> None:
        if game_id not in self.owned:
            return
        self.owned.discard(game_id)
        async with self._locks_lock:
            await self._locks.execute(
                "SELECT pg_advisory_unlock(%s, hashtext(current_schema() || ':' || %s))",
                (LOCK_CLASS, game_id))

    async def scan(self) -> list[str]:
        """Take every active game that no process owns (its owner stopped, or it was never
        claimed); the ids taken."""
        async with self._locks_lock:
            cur = await self._locks.execute(
                "WITH free AS MATERIALIZED (SELECT id FROM games WHERE status = 'active' "
                "AND NOT (id = ANY(%s))) SELECT id FROM free WHERE "
                "pg_try_advisory_lock(%s, hashtext(current_schema() || ':' || id))",
                (sorted(self.owned), LOCK_CLASS))
            taken = [r[0] for r in await cur.fetchall()]
        self.owned.update(taken)
        return taken

    async def _scan_forever(self) -> None:
        while not self._closing:
            try:
                taken = await self.scan()
                if taken and self._on_adopt is not None:
                    log.info("cluster: adopting %d game(s) without an owner", len(taken))
                    await self._on_adopt(taken)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("cluster: the ownership scan failed: %s", exc)
                with contextlib.suppress(Exception):
                    await self._reconnect_locks()
            await asyncio.sleep(SCAN_INTERVAL_S)

    async def _reconnect_locks(self) -> None:
        """The lock connection was lost, and its locks with it: start again."""
        import psycopg

        async with self._locks_lock:
            with contextlib.suppress(Exception):
                await self._locks.close()
            self.owned.clear()
            self._locks = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
