"""Every registered game passes the conformance suite for every player count.

Uniform random play, and goal-directed play that reaches the late game random play rarely
does: a policy biased toward rare kinds of decision, one biased toward progress, and the
heuristic bot (see :mod:`boomtown.engine.policies`).

The number of random games per player count is ``BOOMTOWN_CONFORMANCE_SEEDS`` (default 6);
raise it for a thorough run, e.g. ``BOOMTOWN_CONFORMANCE_SEEDS=200 pytest -n auto
tests/test_conformance_games.py``. Each seed is its own test, so pytest-xdist spreads them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from boomtown.bots.policy import BotPolicy
from boomtown.engine import BadOptions, get_ruleset, list_rulesets
from boomtown.engine.conformance import assert_conformance
from boomtown.engine.policies import Policy, Progress, RareFirst

SEEDS = int(os.environ.get("BOOMTOWN_CONFORMANCE_SEEDS", "6"))
#: Random games per player count for each variant option set a ruleset declares.
VARIANT_SEEDS = int(os.environ.get("BOOMTOWN_CONFORMANCE_VARIANT_SEEDS", "1"))
#: Long games get fewer seeds in the default run so the whole suite stays within CI's
#: budget (a Great Western Trail game is 650-1,300 actions); the env vars above override.
DEFAULT_SEEDS_FOR = {"great-western-trail": 2}


def _seeds(game_id: str) -> int:
    if "BOOMTOWN_CONFORMANCE_SEEDS" in os.environ:
        return SEEDS
    return DEFAULT_SEEDS_FOR.get(game_id, SEEDS)
#: Share of positions given the expensive checks (snapshot/clone continuation, undo).
DEEP_RATE = float(os.environ.get("BOOMTOWN_CONFORMANCE_DEEP_RATE", "0.05"))


def _cases() -> Iterator[Any]:
    for game_id in list_rulesets():
        try:
            counts = get_ruleset(game_id).player_counts
        except Exception:
            # The game does not import: one case that fails at run time with the real error,
            # rather than a collection error that would stop every other test file.
            yield pytest.param(game_id, None, None, id=f"{game_id}-unloadable")
            continue
        for players in counts:
            for seed in range(_seeds(game_id)):
                yield pytest.param(
                    game_id, players, seed, None, id=f"{game_id}-{players}p-seed{seed}"
                )
        for number, options in enumerate(get_ruleset(game_id).variants):
            for players in counts:
                try:
                    get_ruleset(game_id).new_game(players, 0, options)
                except BadOptions:
                    continue  # a variant for other player counts (e.g. four-player only)
                for seed in range(VARIANT_SEEDS):
                    yield pytest.param(
                        game_id, players, seed, dict(options),
                        id=f"{game_id}-variant{number}-{players}p-seed{seed}",
                    )


@pytest.mark.parametrize(("game_id", "players", "seed", "options"), list(_cases()))
def test_game_conforms(
    game_id: str, players: int | None, seed: int | None, options: dict[str, Any] | None
) -> None:
    ruleset = get_ruleset(game_id)  # raises the import error of an unloadable game
    if players is None or seed is None:  # it failed at collection but loads now: run it all
        for count in ruleset.player_counts:
            assert_conformance(
                ruleset, count, seeds=range(_seeds(game_id)), deep_rate=DEEP_RATE
            )
        return
    assert_conformance(ruleset, players, seeds=[seed], deep_rate=DEEP_RATE, options=options)


#: Goal-directed policies by name; each plays one seed per game and player count.
POLICIES: dict[str, Callable[[], Policy]] = {
    "rare-first": RareFirst,
    "progress": Progress,
    "heuristic": lambda: BotPolicy("heuristic:samples=1"),
}


@pytest.mark.parametrize(
    ("game_id", "players", "policy"),
    [
        pytest.param(game_id, players, name, id=f"{game_id}-{players}p-{name}")
        for game_id in ("western-town", "way-out-west", "great-western-trail")
        for players in get_ruleset(game_id).player_counts
        for name in POLICIES
    ],
)
def test_game_conforms_under_goal_directed_play(game_id: str, players: int, policy: str) -> None:
    assert_conformance(
        game_id, players, seeds=[1000 + players], deep_rate=DEEP_RATE, policy=POLICIES[policy]()
    )
