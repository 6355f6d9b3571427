"""Western Town keeps some per-seat values derived from its town (Homes, pink Homes, hand
size limit, destroyed markers) in the state: they must always equal a recount."""

from __future__ import annotations

import json
import random

import pytest

from boomtown.cli.simulate import random_step as step
from boomtown.engine import load_snapshot, new_game
from boomtown.games.western_town.state import DERIVED_FIELDS, WesternTownState
from test_western_town_play import CONFIGS  # every player count and option


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_derived_values_match_a_recount_along_random_games(players: int, options: dict) -> None:
    for seed in range(6):
        st = new_game("western-town", players, seed=seed, options=options)
        assert isinstance(st, WesternTownState)
        rng = random.Random(seed)
        steps = 0
        while not st.is_terminal():
            step(st, rng)
            steps += 1
            assert st.derived_errors() == [], f"seed {seed}, step {steps}"
            if steps % 25 == 0:
                # a snapshot does not carry them: loading recounts them
                snap = json.loads(json.dumps(st.snapshot()))
                assert not set(DERIVED_FIELDS) & set(snap["state"])
                back = load_snapshot(snap)
                assert isinstance(back, WesternTownState)
                assert back.derived_errors() == []
                for name in DERIVED_FIELDS:
                    assert getattr(back, name) == getattr(st, name)
                # a clone that plays on does not change the original's
                before = {name: list(getattr(st, name)) for name in DERIVED_FIELDS}
                other = st.clone()
                assert isinstance(other, WesternTownState)
                other_rng = random.Random(steps)
                for _ in range(40):
                    if other.is_terminal():
                        break
                    step(other, other_rng)
                assert other.derived_errors() == []
                assert {name: getattr(st, name) for name in DERIVED_FIELDS} == before
                assert st.derived_errors() == []
                world = st.determinize(steps % players, random.Random(steps))
                assert isinstance(world, WesternTownState)
                assert world.derived_errors() == []
