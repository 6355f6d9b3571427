"""Storage schema and database engines (SQLAlchemy 2 Core; migrations by Alembic).

Four tables hold everything the server must keep:

* ``games``: one row per game: ruleset id and version, options, player count, the secret
  seed, table mode, whether the lobby lists it, and a status kept in step with the moves;
* ``seats``: who sits where: a person (with the SHA-256 of the seat's secret token) or a
  bot kind;
* ``moves``: the game record, one row per action id (chance outcomes included), numbered
  from 0. The record of a game is its ``games`` row plus its ``moves`` in order;
* ``reviews``: the review of a finished game's person seats (docs/server.md, "Hints and
  reviews"), once computed.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a commit survives the server process
being killed (``kill -9``); only a power cut may lose the last commits.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("table_mode", sa.Boolean, nullable=False, default=False),
    sa.Column("listed", sa.Boolean, nullable=False, default=True),
    sa.Column("bot_delay_ms", sa.Integer, nullable=False, default=0),
    sa.Column("spectator_token", sa.String(64), nullable=False),
    sa.Column("table_token_hash", sa.String(64), nullable=True),
    sa.Column("status", sa.String(16), nullable=False),  # active | finished | faulted
    sa.Column("moves", sa.Integer, nullable=False, default=0),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    # times the record was cut back (undo): with the move count, the version that every
    # write of moves compares and sets (several server processes, see cluster.py)
    sa.Column("rewinds", sa.Integer, nullable=False, default=0, server_default="0"),
    # who may ask for hints: NULL (off), "all" (every person seat) or a list of seats
    sa.Column("hints", sa.JSON, nullable=True),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),  # human | bot
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("level", sa.Integer, nullable=True),
    sa.Column("open", sa.Boolean, nullable=False, default=False),
    sa.Column("token_hash", sa.String(64), nullable=True),
)

moves = sa.Table(
    "moves",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("actor", sa.Integer, nullable=False),  # a seat, or -1 for chance
    sa.Column("at", sa.Float, nullable=False),
)

reviews = sa.Table(
    "reviews",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("body", sa.JSON, nullable=False),  # the library's Review.to_json()
    sa.Column("budget", sa.String(64), nullable=False),  # e.g. "seconds=0.25"
    sa.Column("created_at", sa.Float, nullable=False),
)

sa.Index("games_listed_updated", games.c.listed, games.c.updated_at)


def sqlite_url(data_dir: str | Path) -> str:
    """The URL of the embedded database in ``data_dir`` (created if missing)."""
    path = Path(data_dir).expanduser().resolve()
    path.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path / 'boomtown.sqlite3'}"


def normalise_url(url: str) -> str:
    """Use the psycopg 3 driver for plain ``postgres://`` and ``postgresql://`` URLs."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite connections get WAL and a busy timeout."""
    url = normalise_url(url)
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
    else:
        kwargs["pool_pre_ping"] = True
    engine = sa.create_engine(url, **kwargs)
    if engine.dialect.name == "sqlite":

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

    return engine


#: The transaction lock that lets one server process at a time migrate a PostgreSQL
#: database (several start together with ``--workers``): "BoomMig" in ASCII.
MIGRATE_LOCK = 0x426F6F6D4D6967


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (on PostgreSQL one process at a time:
    the others wait, then find it done)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATE_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
