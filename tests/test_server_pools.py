"""The server's process pools never outlive it: killed with ``kill -9``, the server leaves no
search or review process behind (each watches its parent, :mod:`boomtown.server.pools`)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from boomtown.server.pools import PARENT_CHECK_S
from test_server_support import ServerProcess

#: How long the pool processes may take to notice (a few of their checks, on a busy machine).
GONE_WITHIN_S = 20 * PARENT_CHECK_S


def children(pid: int) -> set[int]:
    """The processes ``pid`` started (Linux's /proc)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return {int(c) for c in path.read_text().split()}


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie waiting to be reaped has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc")
def test_kill_9_leaves_no_pool_process(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data")
    try:
        server.post("/api/games", {"game": "western-town", "players": 2,
                                   "seats": [{"kind": "human"}, {"kind": "bot"}]})
        pool = children(server.proc.pid)
        assert pool, "the server forks its search (and review) processes at start"
        server.kill9()
        deadline = time.monotonic() + GONE_WITHIN_S
        while any(alive(p) for p in pool) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [p for p in pool if alive(p)], "pool processes outlived the server"
    finally:
        server.stop()
