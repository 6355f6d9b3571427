"""Per-game report hooks: categorical facts about each seat, read from the final view.

A hook maps the spectator view of a finished game to ``{feature name: one label per
seat}``; the simulation lab reports win rates per label. Games without a hook have none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SeatFeatures = Callable[[dict[str, Any]], dict[str, list[str]]]


def western_town(view: dict[str, Any]) -> dict[str, list[str]]:
    """The western town card each seat started with."""
    players = view["state"]["players"]
    return {"western town card": [str(p.get("western_town_card")) for p in players]}


_HOOKS: dict[str, SeatFeatures] = {"western-town": western_town}


def register_features(game_id: str, hook: SeatFeatures) -> None:
    _HOOKS[game_id] = hook


def seat_features(game_id: str, view: dict[str, Any]) -> dict[str, list[str]]:
    """The game's seat features for a final spectator view (empty without a hook)."""
    hook = _HOOKS.get(game_id)
    return hook(view) if hook is not None else {}
