"""Each game's declarations for the simulation lab (``games/*/sim_features.py``): turn
positions and starting asymmetries from the set-up, and features of a finished game."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from boomtown.cli.simulate import play_random_game
from boomtown.engine import Ruleset, State, get_ruleset
from boomtown.sim import features as F
from boomtown.sim.match import run_match

GAMES = ("western-town", "great-western-trail", "way-out-west")
CASES = [(g, n) for g in GAMES for n in get_ruleset(g).player_counts]
SEEDS = range(12)


def set_up(ruleset: Ruleset, players: int, seed: int) -> State:
    """A new game played to its first decision (its set-up's chance done)."""
    state = ruleset.new_game(players, seed)
    while not F.setup_point(state):
        state.apply(state.sample_chance())
    return state


def first_seats(game: str, players: int) -> set[int]:
    ruleset = get_ruleset(game)
    firsts = set()
    for seed in SEEDS:
        setup = F.seat_setup(ruleset, set_up(ruleset, players, seed))
        firsts.add(next(s for s, e in enumerate(setup) if e["turn_position"] == 0))
    return firsts


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_game_declares_a_turn_order(game: str, players: int) -> None:
    ruleset = get_ruleset(game)
    assert ruleset.seat_setup is not None and ruleset.seat_features is not None
    state = set_up(ruleset, players, 3)
    setup = F.seat_setup(ruleset, state)  # validates: one dict per seat, positions 0..n-1
    assert sorted(e["turn_position"] for e in setup) == list(range(players))


def test_western_town_first_player_is_the_drawn_lead_marshal() -> None:
    ruleset = get_ruleset("western-town")
    cards = set()
    for seed in SEEDS:
        state: Any = set_up(ruleset, 3, seed)  # the game's own fields: its lead marshal
        setup = F.seat_setup(ruleset, state)
        assert setup[state.lm[0]]["turn_position"] == 0
        cards |= {e["western town card"] for e in setup}
    assert first_seats("western-town", 3) != {0}, "seat 0 always led: the draw is not read"
    assert len(cards) == 4 and "marshal_bright (homestead)" in cards


def test_way_out_west_first_player_won_the_dice_roll() -> None:
    ruleset = get_ruleset("way-out-west")
    for seed in SEEDS:
        state = set_up(ruleset, 4, seed)
        roll = next(t for t in state.log_for(None) if "wins the dice roll" in t)
        winner = int(re.search(r"seat (\d)", roll).group(1))  # type: ignore[union-attr]
        assert F.seat_setup(ruleset, state)[winner]["turn_position"] == 0
    assert first_seats("way-out-west", 4) != {0}


def test_great_western_trail_seat_money_and_objectives() -> None:
    ruleset = get_ruleset("great-western-trail")
    setup = F.seat_setup(ruleset, set_up(ruleset, 4, 5))
    assert [e["turn_position"] for e in setup] == [0, 1, 2, 3]
    assert [e["starting money"] for e in setup] == ["$6", "$7", "$8", "$9"]
    objectives = [e["starting objective"] for e in setup]
    assert len(set(objectives)) == 4 and all(o.startswith("start_") for o in objectives)


EXPECTED_FEATURES = {
    "western-town": {"buildings", "homes", "destroyed markers", "Lincoln cards won"},
    "great-western-trail": {"deliveries", "station upgrades", "buildings", "cowboys hired",
                            "craftsmen hired", "engineers hired", "hazards", "teepees",
                            "station masters", "objective cards", "engine position"},
    "way-out-west": {"paid for first place", "paid dropping out", "rounds as start player",
                     "counters", "cattle", "cowboys", "wanted", "farmers", "money left"},
}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_reports_features_of_a_finished_game(game: str) -> None:
    ruleset = get_ruleset(game)
    players = min(ruleset.player_counts)
    state = play_random_game(ruleset, players, 2, ruleset.default_options())
    features = F.seat_features(ruleset, state)
    assert features is not None and len(features) == players
    for entry in features:
        assert set(entry) == EXPECTED_FEATURES[game]
        assert all(isinstance(v, int) and v >= 0 for v in entry.values()), entry


def test_way_out_west_auction_features_add_up() -> None:
    """What the replay finds paid in the auctions is what the log says was paid, and every
    round has one start player."""
    ruleset = get_ruleset("way-out-west")
    for seed in range(3):
        state = play_random_game(ruleset, 4, seed, ruleset.default_options())
        features = F.seat_features(ruleset, state)
        assert features is not None
        logged = sum(int(x) for x in re.findall(r"pays \$(\d+)", "\n".join(state.log_for(None))))
        paid = sum(f["paid for first place"] + f["paid dropping out"] for f in features)
        assert paid == logged
        assert sum(f["rounds as start player"] for f in features) == state.rounds  # type: ignore


def test_the_lab_reads_the_hooks_of_a_real_game() -> None:
    result = run_match("way-out-west", ["random"] * 3, 4, {}, 0, 0)
    assert result.ok and result.setup is not None and result.features is not None
    ruleset = get_ruleset("way-out-west")
    assert result.setup == F.seat_setup(ruleset, set_up(ruleset, 3, 4))
    assert set(result.features[0]) == EXPECTED_FEATURES["way-out-west"]


def test_the_lab_imports_no_game() -> None:
    folder = Path(F.__file__).parent
    for path in folder.glob("*.py"):
        assert "boomtown.games" not in path.read_text(), path.name
