"""The web table: an ASGI app (FastAPI on uvicorn) that plays every registered game.

``run()`` is what ``boomtown serve`` calls; :func:`create_app` builds the app for tests and
other ASGI servers. See docs/server.md for the HTTP and websocket API.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI

    from boomtown.server.config import ServerConfig


def create_app(
    database_url: str | None = None,
    data_dir: str | Path | None = None,
    bot_workers: int | None = None,
    config: ServerConfig | None = None,
    tune_gc: bool = False,
) -> FastAPI:
    """The ASGI app (see :func:`boomtown.server.app.create_app`)."""
    from boomtown.server.app import create_app as _create

    return _create(database_url, data_dir, bot_workers, config, tune_gc)


def app_from_env() -> FastAPI:
    """The app as ``run(workers=N)`` hands it to each worker process: storage and settings
    from the environment (``BOOMTOWN_DATABASE_URL``, ``BOOMTOWN_DATA`` and
    :class:`~boomtown.server.config.ServerConfig`'s variables)."""
    import os

    from boomtown.server.config import ENV_DATABASE_URL, ServerConfig

    return create_app(os.environ.get(ENV_DATABASE_URL) or None, None,
                      config=ServerConfig.from_env(), tune_gc=True)


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    data_dir: str | Path | None = None,
    database_url: str | None = None,
    log_level: str = "info",
    workers: int = 1,
    config: ServerConfig | None = None,
    forwarded_allow_ips: str | None = None,
) -> None:
    """Serve the web table until interrupted (SQLite in ``data_dir`` unless
    ``database_url`` names another database, e.g. ``postgresql://user@host/db``).
    ``workers`` > 1 starts that many processes on one port: PostgreSQL only."""
    import os

    import uvicorn

    from boomtown.server.app import MAX_BODY, default_data_dir
    from boomtown.server.config import (
        ENV_DATA,
        ENV_DATABASE_URL,
        ConfigError,
        ServerConfig,
    )
    from boomtown.server.db import normalise_url, sqlite_url

    settings = config or ServerConfig.from_env()
    where = database_url or sqlite_url(data_dir or default_data_dir())
    if workers > 1 and not normalise_url(where).startswith("postgresql"):
        raise ConfigError("several worker processes share games through PostgreSQL: give "
                          "--database-url postgresql://...; SQLite serves one process")
    shown = where if database_url is None else where.split("@")[-1]
    print(f"boomtown web table: http://{host}:{port}/  (storage: {shown}"
          f"{f', {workers} processes' if workers > 1 else ''})", flush=True)
    options: dict[str, Any] = {
        "host": host, "port": port, "log_level": log_level, "ws_max_size": MAX_BODY,
        "timeout_graceful_shutdown": 3,
    }
    if forwarded_allow_ips is not None:
        options["forwarded_allow_ips"] = forwarded_allow_ips
    if workers > 1:
        os.environ.update(settings.to_env())
        os.environ[ENV_DATABASE_URL] = where
        if data_dir is not None:
            os.environ[ENV_DATA] = str(data_dir)
        uvicorn.run("boomtown.server:app_from_env", factory=True, workers=workers, **options)
        return
    uvicorn.run(create_app(database_url, data_dir, config=settings, tune_gc=True), **options)


__all__ = ["app_from_env", "create_app", "run"]
