"""What Western Town's view tells a board beyond the position: the phase being played, the
die's latest rolls, a raid as it happens (the town and why, each colour's target, the defence
and its cost, what was destroyed or lost), phase 2's steps (who has chosen in secret, never
what, then the cards revealed), Lincoln's points per town and his latest visit, and the Homes
split into pink, black and bonus. Public facts only, with the same shape in every view."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from boomtown.engine import CHANCE, new_game
from boomtown.games.western_town import actions as A
from boomtown.games.western_town import scoring
from boomtown.games.western_town.data import DATA
from boomtown.games.western_town.effects import Ask
from boomtown.games.western_town.raids import Die, Raid, RaidStart
from boomtown.games.western_town.rules import Commit
from wt_scenario import ALEXANDER, END, ROBIN, THEO, set_res, set_stack, start, top
from wt_scenario import build as stand

RED = next(j for j, key in enumerate(A.DIE_KEYS) if key == "red")
ORANGE = next(j for j, key in enumerate(A.DIE_KEYS) if key == "orange")


def group(st: Any, seat: int | None = None, g: int = 0) -> dict[str, Any]:
    return st.view(seat)["state"]["groups"][g]


def test_a_red_raid_is_told_step_by_step_and_stays_for_the_round() -> None:
    st = start(3)
    st.camp[0] = 2  # the next red Indian sets off a red raid; every town has 7 pipes
    set_stack(st, END, Die(ROBIN))
    assert group(st)["raid"]["number"] == 0
    st.apply(A.DIE + RED)
    g = group(st, ALEXANDER)
    assert g["die"] == {"seat": ROBIN, "rolls": ["die:red"]}
    raid = g["raid"]
    # a tie for the fewest Peace pipes: the grand manitou chooses the town
    assert raid["active"] and raid["cause"] == "red" and raid["roller"] == ROBIN
    assert (raid["red"], raid["orange"]) == (3, 0)
    assert raid["town"] == -1 and raid["tied"] == [ROBIN, ALEXANDER, THEO]
    set_res(st, ALEXANDER, C=3)
    stand(st, ALEXANDER, "saloon", 5)
    st.apply(A.SEAT_RAID + ALEXANDER)
    raid = group(st)["raid"]
    assert raid["town"] == ALEXANDER and raid["town_id"] == "seat:1" and raid["tied"] == []
    assert raid["attacks"] == []
    st.apply(A.ATTACK + 5)  # the red Indians attack the saloon, in zone 4
    raid = group(st, THEO)["raid"]
    (attack,) = raid["attacks"]
    assert attack == {"colour": "red", "indians": 3, "target": 5, "zone4": True, "cost": 2,
                      "outcome": "", "lost": {"I": 0, "L": 0}}
    assert st.current_player == ALEXANDER  # to defend, or not
    st.apply(A.NO_DEFEND)
    raid = group(st)["raid"]
    assert raid["attacks"][0]["outcome"] == "destroyed"
    assert st.view(None)["state"]["players"][ALEXANDER]["sites"][5]["destroyed"]
    assert not raid["active"] and raid["pipe_to"] == ALEXANDER
    # every seat and spectators read the same story
    assert all(group(st, s)["raid"] == raid for s in (None, ROBIN, ALEXANDER, THEO))


def test_an_orange_raid_names_the_town_of_the_player_who_rolled_and_the_losses() -> None:
    st = start(3)
    st.camp[1] = 1
    set_res(st, THEO, C=0, I=6, L=2)
    set_stack(st, END, Die(THEO))
    st.apply(A.DIE + ORANGE)
    raid = group(st)["raid"]
    assert raid["cause"] == "orange" and raid["town"] == THEO == raid["roller"]
    assert raid["tied"] == []
    st.apply(A.ATTACK + A.ATTACK_TARGETS + A.INHABITANTS_TARGET)  # orange: the Inhabitants
    raid = group(st)["raid"]
    (attack,) = raid["attacks"]  # no Cowboys: no defence offered, the loss follows at once
    assert attack["target"] == A.INHABITANTS_TARGET
    assert attack["outcome"] == "lost"
    assert attack["lost"] == {"I": DATA.setup.inhabitant_loss, "L": DATA.setup.lure_loss}
    assert not raid["active"]


def test_the_die_shows_every_roll_of_one_card() -> None:
    st = start(3)
    again = next(j for j, key in enumerate(A.DIE_KEYS) if key == "orange-again")
    set_stack(st, END, Die(ROBIN))
    st.apply(A.DIE + again)
    assert st.current_player == CHANCE
    assert group(st)["die"] == {"seat": ROBIN, "rolls": ["die:orange-again"]}
    st.apply(A.DIE + RED)
    assert group(st)["die"] == {"seat": ROBIN, "rolls": ["die:orange-again", "die:red"]}


def test_phase_two_shows_who_has_chosen_never_what_then_the_reveal() -> None:
    rng = random.Random(2)
    st = new_game("western-town", 3, 4)
    while not (st.current_player >= 0 and top(st) is Commit):
        if st.current_player == CHANCE:
            st.apply(st.sample_chance(rng))
        else:
            st.apply(rng.choice(st.legal_action_ids()))
    assert st.view(None)["state"]["phase"]["number"] == 2
    first = st.current_player
    p2 = group(st, first)["phase2"]
    lead = p2["order"][0]
    assert p2["steps"][0]["seats"] == [lead] and p2["steps"][0]["cards"][0]
    step = p2["steps"][p2["step"]]
    assert step["secret"] and step["seats"][0] == first and step["chosen"] == [False, False]
    st.apply(rng.choice(st.legal_action_ids()))
    partner = st.current_player
    for seat in (None, partner, first):
        p2 = group(st, seat)["phase2"]
        now = p2["steps"][p2["step"]]
        assert now["chosen"] == [True, False] and now["cards"] == [None, None]
    # only the chooser's own view names the card chosen, and only as its own
    mine = st.view(first)["state"]["players"][first]["committed_card_id"]
    assert mine and mine.endswith("@committed")
    for seat in (None, partner):
        assert "@committed" not in json.dumps(st.view(seat))
    st.apply(rng.choice(st.legal_action_ids()))  # the partner chooses: both are revealed
    p2 = group(st, None)["phase2"]
    revealed = p2["steps"][p2["step"] - 1]
    assert revealed["seats"] == [first, partner] and all(revealed["cards"])
    for s, card in zip(revealed["seats"], revealed["cards"], strict=True):
        assert card.endswith(f"@table.{s}") or card == ""


def test_lincoln_points_per_town_and_the_latest_visit() -> None:
    rng = random.Random(7)
    st = new_game("western-town", 3, 9)
    visited = False
    while not st.is_terminal():
        view = st.view(None)["state"]
        wishes = DATA.lincoln[st.lincoln_current].wishes if st.lincoln_current >= 0 else ()
        assert view["lincoln"]["points"] == [scoring.lincoln_points(st, s, wishes)
                                             for s in range(3)]
        visit = view["groups"][0]["lincoln_visit"]
        if st.lincoln_won:
            t, c = st.lincoln_won[-1]
            assert visit["seat"] == t and visit["card_id"] == f"lincoln:{DATA.lincoln[c].key}"
            assert visit["round"] == st.lincoln_revealed.index(c) + 1
            assert visit["points"][t] == max(visit["points"])
            visited = True
        tie = view["groups"][0]["lincoln_tie"]
        if tie:
            assert st.current_player == view["groups"][0]["lead_marshal"]
            best = max(view["lincoln"]["points"])
            assert sorted(tie) == [s for s in range(3) if view["lincoln"]["points"][s] == best]
        if st.current_player == CHANCE:
            st.apply(st.sample_chance(rng))
        else:
            st.apply(rng.choice(st.legal_action_ids()))
    assert visited


def shape(value: Any) -> Any:
    """The keys and types of a view part (lists: the shape of their first element)."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value and isinstance(value[0], (dict, list)) else "list"
    return "null-or-value"


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"double_duel": True})])
def test_the_story_agrees_with_the_position_in_random_games(players: int,
                                                            options: dict[str, Any]) -> None:
    rng = random.Random(players)
    for seed in range(3):
        st = new_game("western-town", players, seed, options)
        shapes: set[str] = set()
        while not st.is_terminal():
            seat = st.current_player if st.current_player >= 0 else None
            view = st.view(seat)["state"]
            for p in view["players"]:
                assert p["pink_homes"] + p["black_homes"] + p["bonus_homes"] == p["homes"]
            raiding = any(type(f) in (Raid, RaidStart) for f in st.stack) or (
                st.stack and top(st) is Ask and "grand manitou" in st.stack[-1].question)
            for g, group_view in enumerate(view["groups"]):
                raid = group_view["raid"]
                shapes.add(json.dumps(shape({k: v for k, v in raid.items() if k != "attacks"}),
                                      sort_keys=True))
                if raid["active"]:
                    assert raiding
                elif raid["number"]:
                    assert raid["town"] in st.groups[g]
                    assert all(a["outcome"] for a in raid["attacks"])
                    assert len(raid["attacks"]) <= 2
                for a in raid["attacks"]:
                    assert a["colour"] in ("red", "orange") and a["cost"] >= 1
                p2 = group_view["phase2"]
                assert len(p2["steps"]) == len(st.groups[g]) + 1
                assert -1 <= p2["step"] <= len(p2["steps"])
                for die in group_view["die"]["rolls"]:
                    assert die.startswith("die:")
            if st.current_player == CHANCE:
                st.apply(st.sample_chance(rng))
            else:
                st.apply(rng.choice(st.legal_action_ids()))
        assert len(shapes) == 1  # the same keys in every view, for learning code


def test_the_view_is_the_same_on_a_determinized_copy() -> None:
    rng = random.Random(5)
    st = new_game("western-town", 3, 5)
    checked = 0
    while not st.is_terminal():
        if st.current_player == CHANCE:
            st.apply(st.sample_chance(rng))
            continue
        if rng.random() < 0.15:
            for seat in range(3):
                world = st.determinize(seat, random.Random(checked))
                assert world.view(seat) == st.view(seat)
                checked += 1
        st.apply(rng.choice(st.legal_action_ids()))
    assert checked > 20


def test_a_phase_is_named_for_the_group_that_plays_it() -> None:
    st = start(4, options={"double_duel": True})
    assert st.view(None)["state"]["phase"] == {"number": 1, "group": 0}
    phases = []
    rng = random.Random(1)
    while st.round == 1:
        if st.current_player >= 0:
            phase = st.view(None)["state"]["phase"]
            if not phases or phases[-1] != phase:
                phases.append(phase)
            assert st.current_player in st.groups[phase["group"]] or phase["number"] == 5
            st.apply(rng.choice(st.legal_action_ids()))
        else:
            st.apply(st.sample_chance(rng))
    numbers = [p["number"] for p in phases]
    assert numbers == sorted(numbers) and {1, 2, 3} <= set(numbers)
