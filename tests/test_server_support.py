"""Shared helpers of the server tests (no tests here).

Set ``BOOMTOWN_TEST_DATABASE_URL`` (e.g. ``postgresql://postgres@127.0.0.1:54329/boomtown``,
see scripts/ci-postgres.sh) to run the storage-dependent tests against PostgreSQL as well as
SQLite; each test then works in a schema of its own.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

PG_ENV = "BOOMTOWN_TEST_DATABASE_URL"
PG_URL = os.environ.get(PG_ENV)

BACKENDS = ["sqlite"] + (["postgresql"] if PG_URL else [])


@contextlib.contextmanager
def database(backend: str, tmp_path: Path) -> Iterator[tuple[str | None, Path]]:
    """(database URL or None for SQLite, data folder) for one test."""
    if backend == "sqlite":
        yield None, tmp_path / "data"
        return
    assert PG_URL is not None
    import sqlalchemy as sa

    from boomtown.server.db import normalise_url

    schema = f"t_{secrets.token_hex(6)}"
    base = normalise_url(PG_URL)
    admin = sa.create_engine(base)
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    sep = "&" if "?" in base else "?"
    try:
        yield f"{base}{sep}options=-csearch_path%3D{schema}", tmp_path / "data"
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m boomtown.server`` in a subprocess, on 127.0.0.1."""

    def __init__(self, data: Path, url: str | None = None, port: int | None = None,
                 command: list[str] | None = None) -> None:
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        args = command or [sys.executable, "-m", "boomtown.server"]
        args = [*args, "--port", str(self.port), "--data", str(data)]
        if url:
            args += ["--database-url", url]
        self.log = data.parent / f"server-{self.port}.log"
        data.parent.mkdir(parents=True, exist_ok=True)
        self._out = open(self.log, "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(args, stdout=self._out, stderr=subprocess.STDOUT)
        self.wait_ready()

    def wait_ready(self, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                if self.get("/api/health")["ok"]:
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return json.loads(resp.read())
        except urllib.error.HTTPError as exc:
            return {"status": exc.code, **json.loads(exc.read() or b"{}")}

    def get(self, path: str, token: str | None = None) -> Any:
        return self.request("GET", path, token=token)

    def post(self, path: str, body: Any, token: str | None = None) -> Any:
        return self.request("POST", path, body, token)

    def kill9(self) -> None:
        self.proc.kill()  # SIGKILL
        self.proc.wait(10)
        self._out.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._out.close()


def strip_nonce(message: dict[str, Any]) -> dict[str, Any]:
    """A state message without what changes on every state change or connection."""
    out = {k: v for k, v in message.items() if k not in ("decision", "seats")}
    out["acting"] = message.get("decision") is not None
    return out


def skip_without(module: str) -> None:
    try:
        __import__(module)
    except ImportError:
        pytest.skip(f"{module} is not installed")
