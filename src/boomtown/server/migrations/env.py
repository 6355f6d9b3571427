"""Alembic environment: the server passes its open connection in ``config.attributes``."""

from __future__ import annotations

from alembic import context

from boomtown.server.db import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes one
    raise RuntimeError("run migrations through boomtown.server.db.migrate(engine)")
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
