"""Python's garbage collector, tuned for a server that holds many live games.

Every live game keeps its state, its views and its record in memory: hundreds of thousands of
long-lived objects. With the default thresholds the collector walks them every few hundred
allocations (and all of them now and then), pausing the event loop, and so every seat's
next message, by up to a quarter of a second under load. The server therefore freezes what
it holds once started (the modules, the rules data, the games loaded at start-up: never
collected, never walked again) and collects the rest less often. Objects are still freed by
reference counting as soon as they are unused; only reference cycles wait longer.

Measured with ``benchmarks/load_server.py --games 300 --think-ms 1000 --seconds 60`` on
SQLite on a quiet 2-core machine (docs/server.md, "Load"): p99 153 ms with the defaults,
65 ms with the freeze alone, 43-47 ms with the thresholds below too.

>>> import gc
>>> before = gc.get_threshold()
>>> tune_collector()
>>> gc.get_threshold() == THRESHOLDS
True
>>> gc.unfreeze(); gc.set_threshold(*before)
"""

from __future__ import annotations

import gc

#: Allocations before a young collection, then young collections before a middle one and
#: middle collections before a full one (Python's defaults: 700, 10, 10).
THRESHOLDS = (50_000, 20, 100)


def tune_collector() -> None:
    """Freeze every object alive now and collect less often (see the module's text)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
