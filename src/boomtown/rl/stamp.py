"""The commit a measurement was made on, for the figures that docs/rl.md shows.

>>> stamp = commit_stamp()
>>> stamp == "unknown" or bool(STAMP_FORMAT.fullmatch(stamp))
True
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

#: The project's root (where ``.git`` is, in a source checkout).
ROOT = Path(__file__).resolve().parents[3]
#: What the stamp watches for changes not yet committed: the code the RL figures measure.
WATCHED = ("src/boomtown/rl", "src/boomtown/games", "src/boomtown/engine",
           "benchmarks/rl_bench.py", "scripts/train_maskable_ppo.py")
#: A short commit hash, ``+`` when the watched code had changes not committed.
STAMP_FORMAT = re.compile(r"[0-9a-f]{7,40}\+?")


def commit_stamp(root: Path = ROOT) -> str:
    """``HEAD``'s short hash, with ``+`` when the watched code differs from it; ``unknown``
    outside a git checkout."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], cwd=root,
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--",
                                 *WATCHED], cwd=root,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+" if dirty else "")
