"""Run the speed benchmark: the same code as ``boomtown bench`` (boomtown.cli.bench).

Arguments are those of ``boomtown bench``; without a game first, ``western-town``:
``python benchmarks/run_bench.py``, ``python benchmarks/run_bench.py -p 3 --runs 7``,
``python benchmarks/run_bench.py some-game --seconds 1``.
"""

from __future__ import annotations

import sys

from boomtown.cli.main import main

DEFAULT_GAME = "western-town"


def run(argv: list[str]) -> None:
    """Benchmark the game named first in ``argv`` (``western-town`` when none is named)."""
    if not argv or (argv[0].startswith("-") and argv[0] not in {"-h", "--help"}):
        argv = [DEFAULT_GAME, *argv]
    main(["bench", *argv])


if __name__ == "__main__":
    run(sys.argv[1:])
