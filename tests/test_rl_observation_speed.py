"""The shortcuts the fast observations take give exactly what the slow ways give.

Way Out West's and Western Town's observations read the score as it stands at every decision:
``scoring.standing`` / ``scoring.totals`` stand in for ``scoring.breakdown`` there, and must
agree with it in every position (random and goal-directed games, every player count, the
scoring options). Their count block is converted through ``bytes`` when every count is from 0
to 255 and through int64 otherwise: both must give what scaling and clipping the counts as
float32 gives.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from boomtown.engine import CHANCE, State, get_ruleset
from boomtown.engine.policies import Policy, Progress, RareFirst, Uniform
from boomtown.games.way_out_west import scoring as wow_scoring
from boomtown.games.western_town import scoring as wt_scoring


def decisions(game: str, players: int, seed: int, policy: Policy,
              options: Any = None) -> Iterator[State]:
    """Every decision of a seeded game played by ``policy``, then its end."""
    state = get_ruleset(game).new_game(players, seed, options)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        yield state
        state.apply(policy.choose(state, rng))
    yield state


POLICIES = [Uniform, Progress, RareFirst]

WOW_OPTIONS = [
    {},
    {"control_ties": "shared"},
    {"wanted_ties": "all", "all_zero_bonus": "tie"},
    {"wanted_ties": "nobody", "control_ties": "shared", "all_zero_bonus": "tie"},
]


@pytest.mark.parametrize("options", WOW_OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_way_out_west_standing_is_the_breakdown(options: dict[str, Any]) -> None:
    checked = shared_ties = final = 0
    games = [(players, seed, policy) for players in (3, 4, 5) for seed in range(2)
             for policy in POLICIES]
    for players, seed, policy in games:
        for state in decisions("way-out-west", players, seed, policy(), options):
            score = wow_scoring.breakdown(state)
            rows = [[row[k] for k in wow_scoring.STANDING] for row in score["seats"]]
            assert wow_scoring.standing(state) == rows
            checked += 1
            shared_ties += any(len(s) > 1 for s in score["town_control"].values())
            final += score["final"]
    assert checked > 3000 and final == len(games)
    # the shared-control rule was exercised where it applies
    assert (shared_ties > 0) == (options.get("control_ties") == "shared")


WT_CASES = [
    (2, {}),
    (3, {"warehouse_points": "flat"}),
    (4, {"double_duel": True, "destroyed_marker_homes": "always"}),
    (2, {"short_game": True}),
]


@pytest.mark.parametrize(("players", "options"), WT_CASES,
                         ids=lambda c: str(c) if isinstance(c, int) else ",".join(c) or "default")
def test_western_town_totals_are_the_breakdown(players: int, options: dict[str, Any]) -> None:
    checked = destroyed = 0
    for seed, policy in [(seed, policy) for seed in range(3) for policy in POLICIES]:
        for state in decisions("western-town", players, seed, policy(), options):
            score = wt_scoring.breakdown(state)
            assert wt_scoring.totals(state) == score["totals"]
            assert wt_scoring.totals(state, wt_scoring.multipliers(state)) == score["totals"]
            checked += 1
            destroyed += any(row["destroyed_markers"] for row in score["seats"])
    assert checked > 500
    assert destroyed > 0  # the halved buildings and the markers' penalty were counted


@pytest.mark.parametrize(("game", "players"), [("way-out-west", 3), ("western-town", 2)])
def test_observation_points_are_the_breakdown_totals(game: str, players: int) -> None:
    ruleset = get_ruleset(game)
    observation = ruleset.observation(players, None)
    scoring = wow_scoring if game == "way-out-west" else wt_scoring
    for state in decisions(game, players, 1, Progress()):
        assert observation.points(state) == [float(v) for v in scoring.breakdown(state)["totals"]]


@pytest.mark.parametrize(("game", "players"), [("way-out-west", 3), ("western-town", 2)])
@pytest.mark.parametrize("low, high", [(0, 256), (-300, 1000)])
def test_the_count_block_is_the_counts_scaled_and_clipped(game: str, players: int, low: int,
                                                          high: int) -> None:
    """Both conversions (0-255 through bytes, else int64) against the plain float32 way."""
    observation = get_ruleset(game).observation(players, None)
    counts = observation.counts
    scale = observation._scale
    rng = random.Random(low)
    out = np.full(observation.size, 0.5, dtype=np.float32)
    for _ in range(200):
        raw = [rng.randrange(low, high) for _ in range(counts)]
        hot = rng.sample(range(counts, observation.size), 5)
        observation.write(out, raw, hot)
        expected = np.minimum(np.maximum(np.asarray(raw, dtype=np.float32) * scale, 0.0), 1.0)
        assert out[:counts].tobytes() == expected.astype(np.float32).tobytes()
        flags = np.zeros(observation.size - counts, dtype=np.float32)
        flags[[h - counts for h in hot]] = 1.0
        assert np.array_equal(out[counts:], flags)


@pytest.mark.parametrize(("game", "players"), [("way-out-west", 3), ("western-town", 2),
                                               ("western-town", 4)])
def test_what_an_observation_remembers_never_shows(game: str, players: int) -> None:
    """One observation object asked along whole games gives what a fresh one gives: it
    remembers work between calls (the score as it stands until what it reads changes, Way Out
    West's town block, Western Town's storage for a town unchanged), and forgets it when
    anything it was worked out from has moved."""
    ruleset = get_ruleset(game)
    kept = ruleset.observation(players, None)
    a = np.zeros(kept.size, dtype=np.float32)
    b = np.zeros(kept.size, dtype=np.float32)
    for seed, policy in enumerate(POLICIES):
        for state in decisions(game, players, seed, policy()):
            for seat in [state.current_player if state.current_player >= 0 else None, None]:
                kept.encode(state, seat, a)
                ruleset.observation(players, None).encode(state, seat, b)
                assert a.tobytes() == b.tobytes()
