"""The web table: an ASGI app (FastAPI on uvicorn) that plays every registered game.

``run()`` is what ``boomtown serve`` calls; :func:`create_app` builds the app for tests and
other ASGI servers. See docs/server.md for the HTTP and websocket API.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI


def create_app(
    database_url: str | None = None,
    data_dir: str | Path | None = None,
    bot_workers: int | None = None,
) -> FastAPI:
    """The ASGI app (see :func:`boomtown.server.app.create_app`)."""
    from boomtown.server.app import create_app as _create

    return _create(database_url, data_dir, bot_workers)


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    data_dir: str | Path | None = None,
    database_url: str | None = None,
    log_level: str = "info",
) -> None:
    """Serve the web table until interrupted (SQLite in ``data_dir`` unless
    ``database_url`` names another database, e.g. ``postgresql://user@host/db``)."""
    import uvicorn

    from boomtown.server.app import MAX_BODY, default_data_dir
    from boomtown.server.db import sqlite_url

    where = database_url or sqlite_url(data_dir or default_data_dir())
    shown = where if database_url is None else where.split("@")[-1]
    print(f"boomtown web table: http://{host}:{port}/  (storage: {shown})", flush=True)
    app = create_app(database_url, data_dir)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=MAX_BODY,
        timeout_graceful_shutdown=3,
    )


__all__ = ["create_app", "run"]
