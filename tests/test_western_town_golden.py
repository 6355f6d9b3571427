"""Golden games: fixed seeds and a fixed random policy must give exactly the same games.

This guards optimisations: a change that alters any legal-action list, chance outcome or
score changes a digest below. When behaviour changes on purpose, bump the ruleset version
and regenerate with ``BOOMTOWN_REGEN_GOLDEN=1 pytest tests/test_western_town_golden.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path

from boomtown.engine import CHANCE, get_ruleset, new_game

GOLDEN = Path(__file__).parent / "data" / "western_town_golden.json"
CASES = [(n, seed, opts) for n in (2, 3, 4) for seed in range(6) for opts in ({},)] + [
    (3, 100, {"short_game": True}),
    (4, 101, {"double_duel": True}),
]


def _digest(players: int, seed: int, options: dict) -> dict:
    st = new_game("western-town", players, seed, options)
    rng = random.Random(seed)
    legal_digest = hashlib.sha256()
    while not st.is_terminal():
        ids = st.legal_action_ids()
        legal_digest.update(bytes(str(ids), "ascii"))
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            st.apply(rng.choice(ids))
    return {
        "players": players,
        "seed": seed,
        "options": options,
        "actions": hashlib.sha256(json.dumps(st.record.actions).encode()).hexdigest(),
        "legal": legal_digest.hexdigest(),
        "log": hashlib.sha256("\n".join(e.text for e in st.events).encode()).hexdigest(),
        "totals": st.score_breakdown()["totals"],
    }


def test_golden_games_are_unchanged() -> None:
    version = get_ruleset("western-town").version
    got = {"version": version, "games": [_digest(*case) for case in CASES]}
    if os.environ.get("BOOMTOWN_REGEN_GOLDEN"):
        GOLDEN.write_text(json.dumps(got, indent=1) + "\n")
    want = json.loads(GOLDEN.read_text())
    assert want["version"] == version, "ruleset version changed: regenerate the golden games"
    for mine, theirs in zip(got["games"], want["games"], strict=True):
        assert mine == theirs
