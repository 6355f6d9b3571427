"""Each game's fixed observation: layout, bounds, what it reads, and no hidden information."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from boomtown.engine import CHANCE, State, get_ruleset, list_rulesets
from boomtown.rl.common import GameSpec
from boomtown.rl.observation import Observer
from game_cases import EVERY_GAME_AND_COUNT

CASES = EVERY_GAME_AND_COUNT


def positions(game: str, players: int, seed: int, every: int = 7,
              options: Any = None) -> Iterator[State]:
    """Every ``every``-th decision of a seeded random game, then its end."""
    state = get_ruleset(game).new_game(players, seed, options)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        if step % every == 0:
            yield state
        state.apply(rng.choice(state.legal_action_ids()))
        step += 1
    yield state


def slot(observer: Observer, vec: np.ndarray, name: str) -> float:
    return float(vec[observer.names.index(name)])


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_game_has_a_fixed_bounded_documented_layout(game: str, players: int) -> None:
    observer = GameSpec.make(game, players).observer()
    assert observer.kind == "game" and observer.bounded
    assert len(observer.names) == len(set(observer.names)) == observer.size
    blocks = observer.blocks()
    assert blocks[0][1] == 0 and blocks[-1][2] == observer.size
    for (_, _, stop, _), (_, start, _, _) in itertools.pairwise(blocks):
        assert stop == start  # contiguous
    assert all(meaning for *_, meaning in blocks)  # each block explained
    assert observer.version.startswith(f"{game}/")
    seen = np.zeros(observer.size, dtype=bool)
    for state in positions(game, players, seed=1, every=5):
        for seat in [*range(players), None]:
            vec = observer.encode(state, seat)
            assert vec.dtype == np.float32 and vec.shape == (observer.size,)
            assert ((vec >= 0) & (vec <= 1)).all()
            seen |= vec > 0
            acting = seat is not None and seat == state.current_player
            assert slot(observer, vec, "decision[acting]") == float(acting)
    assert seen.mean() > 0.15  # a layout mostly of slots no game ever sets would be suspect


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_seat_sees_the_same_in_every_world_it_cannot_tell_apart(game: str,
                                                                  players: int) -> None:
    """The view-leak check for observations: a determinization for ``seat`` redraws what it
    cannot see (the others' hands, hidden objectives...), so its observation must not move."""
    observer = GameSpec.make(game, players).observer()
    rng = random.Random(5)
    checked = 0
    for state in positions(game, players, seed=2, every=9):
        for seat in range(players):
            mine = observer.encode(state, seat)
            for _ in range(2):
                world = state.determinize(seat, rng)
                assert np.array_equal(observer.encode(world, seat), mine), (
                    f"seat {seat}'s observation depends on what it cannot see")
                assert np.array_equal(observer.encode(world, None),
                                      observer.encode(state, None))
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("game", list_rulesets())
def test_the_declared_information_structure_matches_the_views(game: str) -> None:
    """A game declared of perfect information shows every seat what a spectator sees; the
    others hide something from some seat somewhere."""
    players = get_ruleset(game).player_counts[0]
    observer = GameSpec.make(game, players).observer()
    per_seat = {"seat", "legal_actions", "prompt"}  # who is asking, not what is shown
    differs = False
    for state in positions(game, players, seed=3, every=11):
        public = {k: v for k, v in state.view(None).items() if k not in per_seat}
        for seat in range(players):
            mine = {k: v for k, v in state.view(seat).items() if k not in per_seat}
            differs |= mine != public
    assert observer.perfect_information == (not differs)


def test_observations_read_the_position_the_view_shows() -> None:
    """Spot checks of named slots against the view, one game at a time."""
    observer = GameSpec.make("way-out-west", 4).observer()
    state = next(s for i, s in enumerate(positions("way-out-west", 4, seed=4)) if i == 30)
    view = state.view(2)
    vec = observer.encode(state, 2)
    for i in range(4):  # seats relative to the observer
        player = view["state"]["players"][(2 + i) % 4]
        assert slot(observer, vec, f"money[seat+{i}]") == pytest.approx(
            min(player["money"], 100) / 100)
        assert slot(observer, vec, f"wanted[seat+{i}]") == pytest.approx(player["wanted"] / 13)

    observer = GameSpec.make("western-town", 2).observer()
    state = next(s for i, s in enumerate(positions("western-town", 2, seed=4)) if i == 8)
    view = state.view(1)
    vec = observer.encode(state, 1)
    mine = view["state"]["players"][1]
    assert slot(observer, vec, "resource_W[seat+0]") == pytest.approx(
        mine["resources"]["W"] / 12)
    in_hand = sum(mine["hand"].values())
    assert slot(observer, vec, "cards[seat+0,hand]") == pytest.approx(in_hand / 12)
    assert slot(observer, vec, "cards[seat+1,hand]") == pytest.approx(
        view["state"]["players"][0]["hand_count"] / 12)

    observer = GameSpec.make("great-western-trail", 3).observer()
    state = next(s for i, s in enumerate(positions("great-western-trail", 3, seed=4)) if i == 12)
    view = state.view(0)
    vec = observer.encode(state, 0)
    for i in range(3):
        player = view["state"]["players"][i]
        assert slot(observer, vec, f"draw_pile[seat+{i}]") == pytest.approx(
            min(player["draw_pile"], 30) / 30)
    hand = view["state"]["players"][0]["hand"]
    assert slot(observer, vec, "own_hand[jersey]") == pytest.approx(min(hand["Jersey"], 6) / 6)


def test_seats_are_relative_to_the_observer() -> None:
    """Way Out West shows everyone everything: seat s's observation of seat t is seat 0's
    observation of seat t - s, block by block."""
    observer = GameSpec.make("way-out-west", 3).observer()
    state = next(s for i, s in enumerate(positions("way-out-west", 3, seed=6)) if i == 12)
    first, second = observer.encode(state, 0), observer.encode(state, 1)
    for t in range(3):
        assert slot(observer, second, f"money[seat+{(t - 1) % 3}]") == slot(
            observer, first, f"money[seat+{t}]")


def test_games_do_not_import_numpy_until_an_observation_is_built() -> None:
    code = ("import sys; from boomtown.engine import get_ruleset; "
            "[get_ruleset(g) for g in ('western-town', 'way-out-west', 'great-western-trail')]; "
            "print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_a_game_without_a_layout_is_encoded_from_its_view(toy: str) -> None:
    observer = GameSpec.make(toy, 2).observer()
    assert observer.kind == "view" and not observer.bounded
    with pytest.raises(ValueError):
        GameSpec.make(toy, 2).observer("game")
    vec = observer.encode(get_ruleset(toy).new_game(2, 1), 0)
    assert vec.shape == (observer.size,)
    assert GameSpec.make("western-town", 2).observer("view").kind == "view"
