"""Golden games: fixed seeds and a fixed random policy must give exactly the same games.

This guards optimisations of every game: a change that alters any legal-action list, chance
outcome, log line or score changes a digest below. When a game's behaviour changes on
purpose, bump its ruleset version and regenerate its file with
``BOOMTOWN_REGEN_GOLDEN=1 pytest tests/test_golden_games.py -k GAME``.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from boomtown.engine import CHANCE, get_ruleset, new_game
from boomtown.engine.errors import BadOptions

DATA = Path(__file__).parent / "data"
GAMES = ["western-town", "way-out-west", "great-western-trail"]
SEEDS_PER_COUNT = {"western-town": 6, "way-out-west": 4, "great-western-trail": 2}


def cases(game: str) -> list[tuple[int, int, dict[str, Any]]]:
    """A few seeds per player count, then one game per named variant."""
    ruleset = get_ruleset(game)
    found: list[tuple[int, int, dict[str, Any]]] = [
        (n, seed, {}) for n in ruleset.player_counts for seed in range(SEEDS_PER_COUNT[game])
    ]
    counts = ruleset.player_counts
    for k, variant in enumerate(ruleset.variants):
        # the variant's first player count from a rotating start that accepts it
        for j in range(len(counts)):
            players = counts[(k + j) % len(counts)]
            try:
                ruleset.new_game(players, 0, dict(variant))
            except BadOptions:
                continue
            found.append((players, 100 + k, dict(variant)))
            break
    return found


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def digest(game: str, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    st = new_game(game, players, seed, options)
    rng = random.Random(seed)
    legal_digest = hashlib.sha256()
    while not st.is_terminal():
        ids = st.legal_action_ids()
        legal_digest.update(bytes(str(ids), "ascii"))
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            st.apply(rng.choice(ids))
    views = [json.dumps(st.view(seat), sort_keys=True) for seat in [None, *range(players)]]
    return {
        "players": players,
        "seed": seed,
        "options": options,
        "actions": _sha(json.dumps(st.record.actions)),
        "legal": legal_digest.hexdigest(),
        "log": _sha("\n".join(e.text for e in st.events)),
        "views": _sha("\n".join(views)),
        "score": _sha(json.dumps(st.score_breakdown(), sort_keys=True)),
        "returns": [float(r) for r in st.returns()],
    }


@pytest.mark.parametrize("game", GAMES)
def test_golden_games_are_unchanged(game: str) -> None:
    path = DATA / f"{game.replace('-', '_')}_golden.json"
    version = get_ruleset(game).version
    got = {"version": version, "games": [digest(game, *case) for case in cases(game)]}
    if os.environ.get("BOOMTOWN_REGEN_GOLDEN"):
        path.write_text(json.dumps(got, indent=1) + "\n")
    want = json.loads(path.read_text())
    assert want["version"] == version, "ruleset version changed: regenerate the golden games"
    assert len(got["games"]) == len(want["games"])
    for mine, theirs in zip(got["games"], want["games"], strict=True):
        assert mine == theirs, (mine["players"], mine["seed"], mine["options"])
