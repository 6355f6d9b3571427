"""Weights of the ladder's value models, fitted on self-play games.

Written by ``benchmarks/train_values.py`` (its header says how to reproduce them); a game
without an entry, or whose features changed since, uses its knowledge's hand-made weights.
"""

from __future__ import annotations

from typing import Any

WEIGHTS: dict[str, dict[str, Any]] = {}
