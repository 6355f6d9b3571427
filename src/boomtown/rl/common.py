"""Pieces the three adapters share: game set-up, chance, seeds and observations."""

from __future__ import annotations

import json
import random
import string
from dataclasses import dataclass
from typing import Any

import numpy as np

from boomtown.engine import CHANCE, Ruleset, State, get_ruleset
from boomtown.rl.encoding import Layout, encoder_for
from boomtown.rl.observation import Observer

#: Characters of a view serialised with ``json.dumps(..., ensure_ascii=True)``.
JSON_CHARSET = frozenset(string.printable) - frozenset("\t\n\r\x0b\x0c")
#: Longest structured view (JSON characters) an observation space admits.
MAX_VIEW_CHARS = 1 << 22


@dataclass(frozen=True)
class GameSpec:
    """A game, a player count and validated options: what every adapter is built for."""

    ruleset: Ruleset
    players: int
    options: Any

    @classmethod
    def make(cls, game: str | Ruleset, players: int | None = None,
             options: Any = None) -> GameSpec:
        ruleset = game if isinstance(game, Ruleset) else get_ruleset(game)
        if players is None:
            players = ruleset.player_counts[0]
        ruleset.check_players(players)
        if options is None or isinstance(options, dict):
            options = ruleset.options_from_dict(options)
        ruleset.new_game(players, 0, options)  # rejects options this player count forbids
        return cls(ruleset, players, options)

    @property
    def options_dict(self) -> dict[str, Any]:
        return self.ruleset.options_to_dict(self.options)

    def layout(self) -> Layout:
        """The discovered encoding of this game's views."""
        return encoder_for(self.ruleset.id, self.players, self.options_dict)

    def observer(self, kind: str = "auto", layout: Layout | None = None) -> Observer:
        """The observation encoder (see :class:`boomtown.rl.observation.Observer`)."""
        return Observer(self, kind, layout)

    def new_game(self, seed: int) -> State:
        """A new game, advanced past any opening chance points."""
        state = self.ruleset.new_game(self.players, seed, self.options)
        resolve_chance(state)
        return state


def resolve_chance(state: State) -> None:
    """Apply chance outcomes from the game's own seeded stream until a seat decides or the
    game ends: chance is never an agent."""
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())


class SeedStream:
    """Game seeds for successive episodes.

    ``reset(seed=s)`` plays engine game ``s`` (so ``boomtown replay`` and the simulation tools
    meet the same game) and re-seeds the stream with ``s``; a reset without a seed takes the
    next seed from the stream (from OS entropy if it was never seeded).
    """

    def __init__(self) -> None:
        self._rng = random.Random()

    def next(self, seed: int | None) -> int:
        if seed is None:
            return self._rng.randrange(2**63)
        if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
            raise TypeError(f"seed must be an integer, got {seed!r}")
        self._rng = random.Random(f"boomtown-rl-seeds:{int(seed)}")
        return int(seed)


def action_mask(state: State, seat: int, size: int) -> np.ndarray:
    """The seat's binary mask over the action space: all zeros unless ``seat`` is to act."""
    mask = np.zeros(size, dtype=np.int8)
    if state.current_player == seat:
        mask[state.legal_action_ids()] = 1
    return mask


def view_json(view: dict[str, Any]) -> str:
    """A view as one line of ASCII JSON (the structured part of an observation)."""
    return json.dumps(view, ensure_ascii=True, separators=(",", ":"), sort_keys=True)
