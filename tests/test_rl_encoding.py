"""The generic view encoding: fixed length, deterministic, faithful to the view alone."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

from boomtown.engine import CHANCE, get_ruleset
from boomtown.rl.encoding import (
    CATEGORY_LIMIT,
    Layout,
    discover_layout,
    encoder_for,
)
from game_cases import EVERY_GAME_AND_COUNT

CASES = EVERY_GAME_AND_COUNT

#: Share of positions of unseen games allowed to hold something discovery never met.
MAX_UNKNOWN_SHARE = 0.05


def held_out_views(game: str, players: int, games: int = 2,
                   most: int = 160) -> list[dict[str, Any]]:
    """Every seat's view at a fifth of the decisions (up to ``most`` views a game) and at the
    end of games discovery never played."""
    ruleset = get_ruleset(game)
    views = []
    for seed in range(90_000, 90_000 + games):
        state = ruleset.new_game(players, seed)
        rng = random.Random(seed)
        taken = 0
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance())
                continue
            if taken < most and rng.random() < 0.2:
                views.extend(state.view(seat) for seat in range(players))
                taken += players
            state.apply(rng.choice(state.legal_action_ids()))
        views.extend(state.view(seat) for seat in range(players))
    return views


@pytest.mark.parametrize(("game", "players"), CASES)
def test_length_is_fixed_over_many_positions(game: str, players: int) -> None:
    layout = encoder_for(game, players)
    names = layout.feature_names()
    assert len(names) == layout.size == len(set(names))
    views = held_out_views(game, players)
    unknown = 0
    for number, view in enumerate(views):
        vec = layout.encode(view)
        assert vec.shape == (layout.size,)
        assert vec.dtype == np.float32
        assert np.isfinite(vec).all()
        if number % 10 == 0:  # a pure function of the view: a JSON round trip changes nothing
            assert np.array_equal(vec, layout.encode(json.loads(json.dumps(view))))
        unknown += bool(layout.unknown(view))
    assert len(views) > 50
    assert unknown <= MAX_UNKNOWN_SHARE * len(views), (
        f"{unknown} of {len(views)} views hold parts the discovered layout lacks"
    )


@pytest.mark.parametrize(("game", "players"), CASES)
def test_discovery_is_deterministic_and_layouts_round_trip(game: str, players: int) -> None:
    first = discover_layout(game, players, games=2, decisions=40)
    second = discover_layout(game, players, games=2, decisions=40)
    assert first.to_dict() == second.to_dict()
    loaded = Layout.from_dict(json.loads(json.dumps(first.to_dict())))
    assert loaded.size == first.size
    assert loaded.feature_names() == first.feature_names()
    state = get_ruleset(game).new_game(players, 5)
    view = state.view(0)
    assert np.array_equal(loaded.encode(view), first.encode(view))


def test_every_kind_of_value_has_its_place() -> None:
    views = [
        {"n": 3, "flag": True, "maybe": None, "colour": "red", "hand": {"saloon": 2},
         "tags": ["a", "b", "a"], "seats": [{"x": 1}, {"x": 2}], "log": ["ignored"]},
        {"n": 1, "flag": False, "maybe": 4, "colour": "blue", "hand": {"bank": 1},
         "tags": [], "seats": [{"x": 5}], "legal_actions": [{"id": 1, "text": "t"}]},
    ]
    layout = Layout.from_views("toy", 2, views, overflow=4)
    names = layout.feature_names()
    vec = dict(zip(names, layout.encode(views[0]).tolist(), strict=True))
    assert vec["/n"] == 3 and vec["/flag"] == 1
    assert vec["/maybe?null"] == 1 and vec["/maybe"] == 0
    assert vec["/colour=red"] == 1 and vec["/colour=blue"] == 0
    assert vec["/hand/saloon"] == 2 and vec["/hand/bank"] == 0
    assert vec["/tags#len"] == 3 and vec["/tags/*=a"] == 2 and vec["/tags/*=b"] == 1
    assert vec["/seats#len"] == 2 and vec["/seats/0/x"] == 1 and vec["/seats/1/x"] == 2
    assert not any("log" in name or "legal_actions" in name for name in names)
    assert sum(v for k, v in vec.items() if k.startswith("overflow")) == 0


def test_what_discovery_never_met_goes_to_the_overflow() -> None:
    layout = Layout.from_views("toy", 2, [{"colour": "red", "seats": [{"x": 1}]}], overflow=4)
    assert layout.size == 1 + 1 + 1 + 4
    view = {"colour": "green", "seats": [{"x": 1}, {"x": 7}], "new": {"deep": [1, 2]}}
    assert sorted(layout.unknown(view)) == [
        "/colour=green", "/new/deep#len", "/new/deep/0", "/new/deep/1", "/seats/1/x",
    ]
    vec = layout.encode(view)
    assert vec.shape == (layout.size,)
    assert vec[-4:].sum() == 1 + 2 + 1 + 2 + 7  # green, the list length, 1, 2, x=7
    assert vec[: layout.size - 4].tolist() == [0.0, 2.0, 1.0]  # colour=red, #len, seats/0/x


def test_places_with_many_strings_are_free_text() -> None:
    views = [{"note": f"defend site {i} now"} for i in range(CATEGORY_LIMIT + 1)]
    layout = Layout.from_views("toy", 2, views, overflow=2)
    names = set(layout.feature_names())
    assert {"/note~defend", "/note~site", "/note~now", "/note~7"} <= names
    vec = dict(zip(layout.feature_names(), layout.encode({"note": "Defend NOW"}), strict=True))
    assert vec["/note~defend"] == 1 and vec["/note~now"] == 1 and vec["/note~site"] == 0


def test_layout_rejects_what_is_not_json() -> None:
    layout = Layout.from_views("toy", 2, [{"a": 1}], overflow=1)
    with pytest.raises(TypeError):
        layout.encode({"a": object()})
    with pytest.raises(ValueError):
        Layout.from_dict({"format": "something else"})
