"""The server's process pools (search bots, hints, reviews), whose processes never outlive it.

A pool's processes are forked from the server. Should the server die without shutting its
pools down (``kill -9``, an out-of-memory kill, a supervisor that stops only the main
process), a forked process would wait for its next task for ever: its siblings hold the task
pipe open, so it never reads the end of it. Each process therefore watches its parent and
leaves as soon as the parent is gone.

>>> pool = process_pool(1)
>>> pool.submit(pow, 2, 10).result()
1024
>>> pool.shutdown()
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ProcessPoolExecutor

#: How often a pool process looks whether the server is still there (seconds).
PARENT_CHECK_S = 1.0


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes that leave when the server does."""
    return ProcessPoolExecutor(workers, initializer=_watch_parent, initargs=(os.getpid(),))


def _watch_parent(parent: int) -> None:
    """In a pool process: leave at once when ``parent`` (the server) is gone."""

    def watch() -> None:
        stop = threading.Event()
        while not stop.wait(PARENT_CHECK_S):
            if os.getppid() != parent:  # re-parented: the server has died
                os._exit(0)

    threading.Thread(target=watch, name="watch-server", daemon=True).start()
