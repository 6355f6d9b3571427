"""A rules fault on the web table: the game is kept as it was before the faulting move, its
seats are told, the reproduction is logged, and a fixed version of the rules resumes it."""

from __future__ import annotations

import json
import logging
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from boomtown.engine import CHANCE, State
from boomtown.server import create_app
from test_server_support import BACKENDS, database
from toy_games import BROKEN, TAKE, HighCard, make_ruleset, registered

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

FAULTY = BROKEN["toy-faulty-rules"][0]
SEED = 3


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def act(c: TestClient, gid: str, token: str, aid: int) -> Any:
    return c.post(f"/api/games/{gid}/actions", headers=auth(token), json={"action": aid})


def _mirror_to_fault() -> tuple[list[int], State]:
    """The decisions that lead a seed-``SEED`` game to the toy's bug, found on a local copy
    (the server draws chance from the same seeded stream)."""
    state = FAULTY.new_game(2, SEED)
    rng = random.Random(0)
    decisions: list[int] = []
    while True:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        legal = state.legal_action_ids()
        if TAKE in legal and state.round == 1:  # type: ignore[attr-defined]
            return decisions, state
        aid = rng.choice([a for a in legal if a != TAKE] or legal)
        decisions.append(aid)
        state.apply(aid)


def _tokens(game: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in game["seats"]}


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str | None, Path]]:
    with database(request.param, tmp_path) as found:
        yield found


def test_a_rules_fault_keeps_the_game_and_a_fixed_version_resumes_it(
    backend: tuple[str | None, Path], caplog: pytest.LogCaptureFixture
) -> None:
    url, data = backend
    decisions, at_fault = _mirror_to_fault()
    with registered(FAULTY), TestClient(create_app(database_url=url, data_dir=data)) as c:
        body = {"game": FAULTY.id, "players": 2, "seed": SEED, "bot_delay_ms": 0,
                "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}
        r = c.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        game = r.json()
        gid, tokens = game["game_id"], _tokens(game)
        mirror = FAULTY.new_game(2, SEED)
        for aid in decisions:
            while mirror.current_player == CHANCE:
                mirror.apply(mirror.sample_chance())
            seat = mirror.current_player
            r = act(c, gid, tokens[seat], aid)
            assert r.status_code == 200, r.text
            mirror.apply(aid)
        seat = at_fault.current_player
        before = c.get(f"/api/games/{gid}/state", headers=auth(tokens[seat])).json()
        with caplog.at_level(logging.ERROR, logger="boomtown.server"):
            r = act(c, gid, tokens[seat], TAKE)
        assert r.status_code == 500 and r.json()["code"] == "rules_fault", r.text
        assert "rules fault" in r.json()["message"] and "ZeroDivisionError" in r.json()["message"]
        logged = [rec.getMessage() for rec in caplog.records if "rules fault" in rec.getMessage()]
        assert logged and '"record"' in logged[0] and gid in logged[0]
        reproduction = json.loads(logged[0].split("reproduction: ", 1)[1])
        assert reproduction["action"] == TAKE and reproduction["record"]["seed"] == SEED
        after = c.get(f"/api/games/{gid}/state", headers=auth(tokens[seat])).json()
        assert after["view"]["state"] == before["view"]["state"]  # nothing half-applied
        assert "rules fault" in after["error"]
        other = next(a for a in at_fault.legal_action_ids() if a != TAKE)
        r = act(c, gid, tokens[seat], other)
        assert r.status_code == 500 and r.json()["code"] == "unplayable"
    # The same server restarted with the faulty rules: the game stays stopped.
    with registered(FAULTY), TestClient(create_app(database_url=url, data_dir=data)) as c:
        msg = c.get(f"/api/games/{gid}/state", headers=auth(tokens[seat])).json()
        assert "rules fault" in msg["error"]
    # A fixed version of the rules (version 2, the bug gone) resumes it from its record.
    fixed = make_ruleset(HighCard, FAULTY.id)
    object.__setattr__(fixed, "version", FAULTY.version + 1)
    with registered(fixed), TestClient(create_app(database_url=url, data_dir=data)) as c:
        msg = c.get(f"/api/games/{gid}/state", headers=auth(tokens[seat])).json()
        assert msg["error"] is None and msg["view"]["version"] == fixed.version
        r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                   json={"action": TAKE, "decision": msg["decision"]})
        assert r.status_code == 200, r.text
