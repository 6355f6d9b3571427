"""Great Western Trail's position evaluation (boomtown.games.great_western_trail.bot_evaluation)."""

from __future__ import annotations

import random

import pytest

from boomtown import CHANCE, State, new_game
from boomtown.bots import HeuristicBot, Observation, evaluation_for, make_bot
from boomtown.engine import load_snapshot
from boomtown.games.great_western_trail import GreatWesternTrailState
from boomtown.games.great_western_trail.bot_evaluation import (
    estimated_scores,
    evaluate,
    game_left,
    seat_estimate,
)
from boomtown.games.great_western_trail.data import CATTLE_KEY, CITY_KEY
from test_bots import advance

GAME = "great-western-trail"


def gwt(state: State) -> GreatWesternTrailState:
    assert isinstance(state, GreatWesternTrailState)
    return state


def positions(players: int, count: int, step: int = 37) -> list[GreatWesternTrailState]:
    out = []
    for k in range(count):
        state = advance(new_game(GAME, players, seed=k), 5 + step * k, random.Random(k))
        if not state.is_terminal():
            out.append(gwt(state))
    return out


def test_registered() -> None:
    assert evaluation_for(GAME) is evaluate


@pytest.mark.parametrize("players", [2, 3, 4])
def test_points_now_are_the_games_own_score(players: int) -> None:
    """With no game left, an estimate is the final score (money counted whole, not in
    steps of $5): the evaluation reads the points from scoring.py."""
    for state in positions(players, 6):
        breakdown = state.score_breakdown()["seats"]
        for s in range(players):
            money = state.money[s]
            estimate = seat_estimate(state, s, 0.0)
            assert estimate - money / 5 + money // 5 == pytest.approx(breakdown[s]["total"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_values_are_shares_of_a_win(players: int) -> None:
    for state in positions(players, 5):
        before = state.snapshot()
        values = evaluate(state, state.current_player)
        assert state.snapshot() == before  # reads the game, never changes it
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)
        assert values == evaluate(state, (state.current_player + 1) % players)
        estimates = estimated_scores(state)
        best = max(range(players), key=lambda s: estimates[s])
        assert max(range(players), key=lambda s: values[s]) == best


def test_more_points_or_money_rank_higher() -> None:
    state = advance(new_game(GAME, 2, seed=3), 30, random.Random(3))
    base = evaluate(state, 0)

    def changed(edit: str) -> list[float]:
        other = gwt(load_snapshot(state.snapshot()))
        if edit == "money":
            other.money[0] += 30
        elif edit == "cattle":
            other.discard[0][CATTLE_KEY["texas_longhorn_7"]] += 2
        elif edit == "city":
            other.city_discs[0][CITY_KEY["san_francisco"]] += 2
        elif edit == "kansas_city":
            other.city_discs[0][CITY_KEY["kansas_city"]] += 2
        return evaluate(other, 1)

    for edit in ("money", "cattle", "city"):
        values = changed(edit)
        assert values[0] > base[0] and values[0] > 0.6, edit
        assert values[0] > values[1], edit
    assert changed("kansas_city")[0] < base[0]  # -6 points a delivery there


def test_game_left_runs_down_to_the_end() -> None:
    state = gwt(new_game(GAME, 3, seed=1))
    rng = random.Random(1)
    last = game_left(state)
    assert last == 1.0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(rng.choice(state.legal_actions()))
        left = game_left(state)
        assert 0.0 <= left <= last + 2 / (3 * 11) + 1e-9  # hiring may empty a cell or two
        last = left
    assert game_left(state) == 0.0


@pytest.mark.parametrize("players", [2, 4])
def test_terminal_gives_the_returns(players: int) -> None:
    end = advance(new_game(GAME, players, seed=players), 10_000, random.Random(players))
    assert end.is_terminal()
    assert evaluate(end, 0) == end.returns()
    assert sorted(set(end.returns())) in ([0.0, 1.0], [1.0])


def test_choice_depends_only_on_what_the_seat_sees() -> None:
    """The heuristic bot on this evaluation decides the same when everything the seat cannot
    see (other hands, the game's future chance stream) is drawn again."""
    for state in positions(3, 4, step=29):
        seat = state.current_player
        for salt in (1, 2):
            snap = state.determinize(seat, random.Random(salt)).snapshot()
            snap["seed"] = state.seed + 1000 + salt
            other = load_snapshot(snap)
            assert other.view(seat) == state.view(seat)
            for kind in ("heuristic", "ismcts"):
                choices = []
                for world in (state, other):
                    bot = (HeuristicBot(random.Random(7), evaluate) if kind == "heuristic"
                           else make_bot("ismcts:iterations=30", GAME, 7, seat))
                    choices.append(bot.choose(Observation(world, seat)))
                assert choices[0] == choices[1], (kind, state.history)


def test_heuristic_beats_random() -> None:
    """A short match: the one-ply bot on this evaluation wins nearly every game."""
    wins = 0
    for seed in range(2):
        for heuristic_seat in (0, 1):
            state = new_game(GAME, 2, seed=seed)
            bots = {heuristic_seat: make_bot("heuristic:samples=1", GAME, seed, heuristic_seat),
                    1 - heuristic_seat: make_bot("random", GAME, seed, 1 - heuristic_seat)}
            while not state.is_terminal():
                if state.current_player == CHANCE:
                    state.apply(state.sample_chance())
                    continue
                seat = state.current_player
                state.apply(bots[seat].choose(Observation(state, seat)).id)
            wins += int(state.returns()[heuristic_seat] == 1.0)
    assert wins >= 3
