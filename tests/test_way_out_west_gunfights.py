"""Gunfights with fixed dice: every chance outcome is applied explicitly."""

from __future__ import annotations

from math import comb

import pytest

from boomtown.engine import CHANCE, IllegalAction
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west.gunfights import Robbery
from boomtown.games.way_out_west.state import C, T, WayOutWestState
from wow_scenario import (
    ABILENE,
    DEADWOOD,
    DODGE_CITY,
    KANSAS_CITY,
    SAN_ANTONIA,
    act,
    build,
    counter,
    empty_board,
    farmer,
    put,
    start,
    texts,
    top,
)

#: The winner's two choices over a won counter (he takes control; he may replace it).
REPLACE = A.TEXTS[A.TAKE_OVER]
NO_REPLACE = A.TEXTS[A.REMOVE]


def hits(st: WayOutWestState, n: int) -> None:
    """The side about to shoot fires (if it could retreat) and its dice show ``n`` hits."""
    if st.current_player >= 0 and texts(st) == ["fire", "retreat"]:
        st.apply("fire")
    assert st.current_player == CHANCE, st.stack[-1]
    st.apply(A.HITS + n)


def dice(st: WayOutWestState) -> int:
    """How many dice the pending volley rolls."""
    return len(st.chance_outcomes()) - 1


def board(players: int = 3, **options: object) -> WayOutWestState:
    st = start(players, options=dict(options))
    empty_board(st)
    return st


# ---------------------------------------------------------------- targets
def test_gunfight_targets_need_an_own_cowboy_in_the_town() -> None:
    st = board()
    build(st, 1, ABILENE, "hotel")
    put(st, 1, ABILENE, cattle=2)
    farmer(st, ABILENE)
    build(st, 0, ABILENE, "store")
    act(st, 0)
    assert not any(t.startswith("gunfight") for t in texts(st))
    put(st, 0, ABILENE, cowboys=1)
    act(st, 0)
    assert sorted(t for t in texts(st) if t.startswith("gunfight")) == [
        "gunfight for the Hotel in Abilene",
        "gunfight to remove the Farmer in Abilene",
        "gunfight to rustle seat 1's cattle in Abilene",
    ], "never one's own counters"


# ---------------------------------------------------------------- W14, order of fire
def test_w14_bank_defence_and_fewer_fire_first() -> None:
    st = board()
    build(st, 1, DEADWOOD, "bank")
    put(st, 0, DEADWOOD, cowboys=3)
    put(st, 1, DEADWOOD, cowboys=1)
    act(st, 0)
    st.apply("gunfight to rob the Bank in Deadwood")
    view = st.view(None)["state"]["gunfight"]
    assert (view["attacker_cowboys"], view["defender_cowboys"], view["defender_other"]) == (3, 1, 1)
    # the defender (2 fighters) fires first; the bank owner may retreat instead
    assert st.current_player == 1 and texts(st) == ["fire", "retreat"]
    st.apply("fire")
    assert dice(st) == 2
    probs = dict((a.id - A.HITS, p) for a, p in st.chance_outcomes())
    assert probs[1] == pytest.approx(2 * (1 / 3) * (2 / 3)), "each 5 or 6 kills"
    hits(st, 1)
    assert st.cowboys[0 * T + DEADWOOD] == 2, "casualties are removed at once"
    assert st.cowboy_supply[0] == 9 - 2
    # the attacker fires back with the 2 survivors
    assert st.current_player == 0
    st.apply("fire")
    assert dice(st) == 2


def test_casualties_take_cowboys_before_the_built_in_defender() -> None:
    st = board()
    build(st, 1, DEADWOOD, "bank")
    put(st, 0, DEADWOOD, cowboys=5)
    put(st, 1, DEADWOOD, cowboys=1)
    act(st, 0)
    st.apply("gunfight to rob the Bank in Deadwood")
    st.apply("fire")          # the bank owner fires first (2 against 5)
    hits(st, 0)
    # the attacker has 5 cowboys: more than the 4 other towns, so he cannot retreat
    assert dice(st) == 5
    hits(st, 1)
    assert st.cowboys[1 * T + DEADWOOD] == 0
    fight = st.view(None)["state"]["gunfight"]
    assert fight["defender_other"] == 1 and fight["result"] == "ongoing"
    # 1 built-in defender fires first (1 < 5), no decision: there is no cowboy to retreat
    assert dice(st) == 1
    hits(st, 0)
    hits(st, 3)
    assert st.view(None)["state"]["gunfight"]["result"] == "attacker wins"
    assert st.current_player == CHANCE and top(st) is Robbery


def test_equal_sides_fire_simultaneously() -> None:
    st = board()
    build(st, 1, KANSAS_CITY, "hotel")
    put(st, 0, KANSAS_CITY, cowboys=2)
    put(st, 1, KANSAS_CITY, cowboys=2)
    act(st, 0)
    st.apply("gunfight for the Hotel in Kansas City")
    st.apply("fire")      # attacker
    st.apply("fire")      # defender
    hits(st, 2)           # the attacker's volley would kill both defenders ...
    assert dice(st) == 2  # ... but the defenders still fire both dice
    hits(st, 2)
    assert st.cowboys[0 * T + KANSAS_CITY] == 0 and st.cowboys[1 * T + KANSAS_CITY] == 0
    assert st.view(None)["state"]["gunfight"] is None
    assert st.owner[KANSAS_CITY * C + counter("hotel")] == 1, "nobody wins: nothing changes"
    assert st.wanted == [0, 0, 0]


def test_other_players_cowboys_are_not_involved() -> None:
    st = board()
    build(st, 1, ABILENE, "hotel")
    put(st, 0, ABILENE, cowboys=1)
    put(st, 2, ABILENE, cowboys=4)
    act(st, 0)
    st.apply("gunfight for the Hotel in Abilene")
    fight = st.view(None)["state"]["gunfight"]
    assert (fight["attacker_cowboys"], fight["defender_cowboys"]) == (1, 0)
    assert fight["defender_other"] == 1, "the default defender (S7)"


def test_without_default_defender_an_unguarded_counter_falls() -> None:
    st = board(default_defender=False)
    build(st, 1, ABILENE, "hotel")
    put(st, 0, ABILENE, cowboys=1)
    act(st, 0)
    st.apply("gunfight for the Hotel in Abilene")
    assert texts(st) == [REPLACE, NO_REPLACE]
    st.apply(REPLACE)
    assert st.owner[ABILENE * C + counter("hotel")] == 0
    assert st.csupply[1 * C + counter("hotel")] == 3 and st.csupply[0 * C + counter("hotel")] == 2
    assert st.wanted[0] == 1


# ---------------------------------------------------------------- retreat
def test_retreat_one_cowboy_per_town_and_lose() -> None:
    st = board()
    build(st, 1, ABILENE, "store")
    build(st, 2, DODGE_CITY, "stagecoach")
    put(st, 0, ABILENE, cowboys=3)
    put(st, 1, ABILENE, cowboys=2)
    act(st, 0)
    st.apply("gunfight for the Store in Abilene")
    assert st.current_player == 1
    st.apply("retreat")
    assert texts(st) == [f"a retreating cowboy rides to {t}"
                         for t in ("San Antonia", "Kansas City", "Dodge City", "Deadwood")]
    st.apply("a retreating cowboy rides to Dodge City")
    assert "a retreating cowboy rides to Dodge City" not in texts(st), "one per town"
    st.apply("a retreating cowboy rides to Deadwood")
    assert st.cowboys[1 * T + DODGE_CITY] == 1 and st.cowboys[1 * T + DEADWOOD] == 1
    assert st.money[2] == 21, "a StageCoach earns for a cowboy moved in"
    # seat 0 won: he may take the Store over
    assert st.current_player == 0
    st.apply(REPLACE)
    assert st.owner[ABILENE * C + counter("store")] == 0
    assert st.wanted == [1, 0, 0]


def test_no_retreat_with_more_cowboys_than_other_towns() -> None:
    st = board()
    build(st, 1, ABILENE, "store")
    put(st, 0, ABILENE, cowboys=1)
    put(st, 1, ABILENE, cowboys=5)
    act(st, 0)
    st.apply("gunfight for the Store in Abilene")
    assert st.current_player == 0 and texts(st) == ["fire", "retreat"]
    st.apply("fire")
    hits(st, 0)
    assert st.current_player == CHANCE, "5 cowboys cannot retreat to 4 towns, one per town"


def test_the_attacker_may_retreat() -> None:
    st = board()
    build(st, 1, ABILENE, "store")
    put(st, 0, ABILENE, cowboys=1)
    put(st, 1, ABILENE, cowboys=2)
    act(st, 0)
    st.apply("gunfight for the Store in Abilene")
    st.apply("retreat")
    st.apply("a retreating cowboy rides to San Antonia")
    assert st.owner[ABILENE * C + counter("store")] == 1
    assert st.wanted == [0, 1, 0], "the defender won the gunfight"


def test_only_a_winning_attacker_takes_a_wanted_counter_with_the_option() -> None:
    st = board(defender_takes_wanted=False)
    build(st, 1, ABILENE, "store")
    put(st, 0, ABILENE, cowboys=1)
    put(st, 1, ABILENE, cowboys=2)
    act(st, 0)
    st.apply("gunfight for the Store in Abilene")
    st.apply("retreat")
    st.apply("a retreating cowboy rides to San Antonia")
    assert st.wanted == [0, 0, 0]


# ---------------------------------------------------------------- sheriff
def test_jail_owner_adds_the_sheriff_to_the_defender() -> None:
    st = board()
    build(st, 2, ABILENE, "jail")
    build(st, 1, ABILENE, "hotel")
    put(st, 0, ABILENE, cowboys=2)
    put(st, 1, ABILENE, cowboys=1)
    act(st, 0)
    st.apply("gunfight for the Hotel in Abilene")
    assert st.current_player == 2, "the Jail owner decides"
    assert texts(st) == ["add the sheriff to the defender", "keep the sheriff out of the gunfight"]
    st.apply("add the sheriff to the defender")
    fight = st.view(None)["state"]["gunfight"]
    assert fight["defender_sheriff"] and not fight["attacker_sheriff"]
    # 2 against 2: simultaneous
    st.apply("fire")
    st.apply("fire")
    hits(st, 2)
    hits(st, 0)
    assert st.view(None)["state"]["gunfight"]["result"] == "attacker wins"
    assert st.cowboys[1 * T + ABILENE] == 0
    st.apply(REPLACE)
    assert st.view(None)["state"]["gunfight"] is None
    assert st.owner[ABILENE * C + counter("jail")] == 2, "the sheriff fell, the Jail stays"


def test_jail_owner_helps_himself_when_attacking() -> None:
    st = board()
    build(st, 0, ABILENE, "jail")
    build(st, 1, ABILENE, "hotel")
    put(st, 0, ABILENE, cowboys=1)
    put(st, 1, ABILENE, cowboys=1)
    act(st, 0)
    st.apply("gunfight for the Hotel in Abilene")
    assert st.current_player == 0
    assert texts(st) == ["add the sheriff to the attacker", "keep the sheriff out of the gunfight"]
    st.apply("add the sheriff to the attacker")
    # 2 attackers against 1: the defender fires first
    assert st.current_player == 1
    st.apply("fire")
    hits(st, 1)
    assert st.cowboys[0 * T + ABILENE] == 0, "cowboys fall before the sheriff"
    assert dice(st) == 1, "the sheriff fights on"


def test_sheriff_cannot_reach_another_town() -> None:
    st = board()
    build(st, 2, DEADWOOD, "jail")
    build(st, 1, ABILENE, "hotel")
    put(st, 0, ABILENE, cowboys=1)
    act(st, 0)
    st.apply("gunfight for the Hotel in Abilene")
    assert st.current_player == 0 and texts(st) == ["fire", "retreat"], "no sheriff decision"
    assert not st.view(None)["state"]["gunfight"]["defender_sheriff"]


# ---------------------------------------------------------------- spoils
def test_w16_rustle_up_to_two_cattle() -> None:
    st = board()
    put(st, 1, SAN_ANTONIA, cattle=3)
    put(st, 0, SAN_ANTONIA, cowboys=2)
    act(st, 0)
    st.apply("gunfight to rustle seat 1's cattle in San Antonia")
    hits(st, 0)       # the default defender fires first (1 < 2)
    hits(st, 1)
    assert st.current_player == 0 and texts(st) == ["rustle 1 cattle", "rustle 2 cattle"]
    st.apply("rustle 2 cattle")
    assert st.cattle[1 * T + SAN_ANTONIA] == 1 and st.cattle[0 * T + SAN_ANTONIA] == 2
    assert st.cattle_supply[1] == 8 and st.cattle_supply[0] == 7


def test_w17_a_jail_and_a_farmer_leave_play() -> None:
    st = board()
    build(st, 1, ABILENE, "jail")
    farmer(st, DEADWOOD)
    put(st, 0, ABILENE, cowboys=2)
    put(st, 0, DEADWOOD, cowboys=2)
    act(st, 0)
    st.apply("gunfight to remove the Jail in Abilene")
    st.apply("keep the sheriff out of the gunfight") if st.current_player == 1 else None
    hits(st, 0)
    hits(st, 1)
    assert st.owner[ABILENE * C + counter("jail")] == -1
    assert st.cout[1 * C + counter("jail")] == 1, "removed from play"
    act(st, 0)
    st.apply("gunfight to remove the Farmer in Deadwood")
    # the Farmer defends as a single cowboy and fires first
    assert dice(st) == 1
    hits(st, 0)
    hits(st, 1)
    assert st.farmer[DEADWOOD] == 0 and st.farmer_out == 1
    assert st.wanted[0] == 2


def won_hotel(**options: object) -> WayOutWestState:
    """Seat 0 attacks seat 1's unguarded Hotel in Abilene (no default defender): he wins."""
    st = board(default_defender=False, **options)
    build(st, 1, ABILENE, "hotel")
    put(st, 0, ABILENE, cowboys=1)
    return st


def test_the_winner_takes_control_and_may_replace_the_counter() -> None:
    """Rule text: "If the attacker wins they take control of the target of the attack and
    may replace the counter ... with one of their color". Taking control is automatic; the
    winner decides whether to replace it: if he does, his counter stands in the town; if
    not, the defender's counter goes back to the defender's supply (not out of play)."""
    hotel = counter("hotel")
    st = won_hotel()
    act(st, 0)
    st.apply("gunfight for the Hotel in Abilene")
    assert st.current_player == 0 and texts(st) == [REPLACE, NO_REPLACE]
    assert "take control" in st.view(0)["state"]["decision"]["prompt"]
    st.apply(REPLACE)
    assert st.owner[ABILENE * C + hotel] == 0
    assert (st.csupply[0 * C + hotel], st.csupply[1 * C + hotel]) == (2, 3)
    assert any("seat 0 takes control of seat 1's Hotel in Abilene and replaces it" in line
               for line in st.log_for(None))
    st = won_hotel()
    act(st, 0)
    st.apply("gunfight for the Hotel in Abilene")
    st.apply(NO_REPLACE)
    assert st.owner[ABILENE * C + hotel] == -1
    assert (st.csupply[0 * C + hotel], st.csupply[1 * C + hotel]) == (3, 3)
    assert st.cout[1 * C + hotel] == 0, "back to its owner's supply, not out of play"
    assert "seat 1's Hotel in Abilene goes back to seat 1's supply" in st.log_for(None)


def test_a_winner_who_cannot_replace_the_counter_is_told_why_in_the_log() -> None:
    """Rule text: the winner "may replace the counter ... with one of their color"; a
    published limit (S2): "a player may own at most two building/transport counters in one
    town". Ruling: a winner with no counter of that type in his supply, or already owning 2
    counters in the town, takes control without replacing: the counter goes back to its
    owner's supply, with no question asked, and the log says why."""
    hotel = counter("hotel")
    st = won_hotel()
    build(st, 0, ABILENE, "bank")
    build(st, 0, ABILENE, "jail")
    act(st, 0)
    st.apply("gunfight for the Hotel in Abilene")
    st.apply("keep the sheriff out of the gunfight")
    assert st.owner[ABILENE * C + hotel] == -1
    assert st.csupply[1 * C + hotel] == 3
    log = st.log_for(None)
    assert ("seat 0 takes control of seat 1's Hotel in Abilene but cannot replace it with his "
            "own: he already owns 2 counters in Abilene") in log
    assert "seat 1's Hotel in Abilene goes back to seat 1's supply" in log
    st = won_hotel()
    st.csupply[0 * C + hotel] = 0
    act(st, 0)
    st.apply("gunfight for the Hotel in Abilene")
    assert st.owner[ABILENE * C + hotel] == -1 and st.csupply[1 * C + hotel] == 3
    assert ("seat 0 takes control of seat 1's Hotel in Abilene but cannot replace it with his "
            "own: he has no Hotel left in his supply") in st.log_for(None)


def test_rustled_cattle_beyond_the_rustlers_supply_go_back_and_the_log_says_so() -> None:
    """Rule text: the winner "may replace the counter (up to 2 counters if rustling Cattle)
    with one of their color". Ruling: the cattle he has no counter for go back to the
    defender's supply, and the log says so."""
    st = board()
    put(st, 1, SAN_ANTONIA, cattle=3)
    put(st, 0, SAN_ANTONIA, cowboys=2)
    put(st, 0, KANSAS_CITY, cattle=8)   # one cattle counter left in seat 0's supply
    act(st, 0)
    st.apply("gunfight to rustle seat 1's cattle in San Antonia")
    hits(st, 0)
    hits(st, 1)
    st.apply("rustle 2 cattle")
    assert st.cattle[0 * T + SAN_ANTONIA] == 1 and st.cattle[1 * T + SAN_ANTONIA] == 1
    assert st.cattle_supply == [0, 8, 9]
    assert ("seat 0 has only 1 cattle left in his supply: 1 of them cannot be replaced and go "
            "back to seat 1's supply") in st.log_for(None)


def test_a_train_is_taken_over_and_defends_with_one_cowboy() -> None:
    st = board()
    build(st, 1, DODGE_CITY, "train")
    put(st, 0, DODGE_CITY, cowboys=1)
    put(st, 1, DODGE_CITY, cowboys=1)
    act(st, 0)
    st.apply("gunfight for the Train in Dodge City")
    assert st.view(None)["state"]["gunfight"]["defender_other"] == 1
    assert st.current_player == 0, "the attacker (1 against 2) fires first"
    st.apply("fire")
    hits(st, 1)                     # the owner's cowboy falls first
    assert st.cowboys[1 * T + DODGE_CITY] == 0
    hits(st, 0)                     # the Train's own defender fires back
    hits(st, 1)                     # 1 against 1: simultaneous
    hits(st, 0)
    st.apply(REPLACE)
    assert st.owner[DODGE_CITY * C + counter("train")] == 0


# ---------------------------------------------------------------- bank robbery (W15)
def _rob(money: int, roll: int) -> WayOutWestState:
    st = board(default_defender=False)
    build(st, 1, KANSAS_CITY, "bank")
    put(st, 0, KANSAS_CITY, cowboys=2)
    st.money[1] = money
    act(st, 0)
    st.apply("gunfight to rob the Bank in Kansas City")
    hits(st, 0)       # the Bank's own defender (1 < 2) fires first
    hits(st, 1)
    assert st.current_player == CHANCE and top(st) is Robbery
    st.apply(f"the robbery dice total {roll}")
    return st


def test_w15_robbery_the_owner_pays_and_keeps_the_bank() -> None:
    st = _rob(15, 11)
    assert st.money[1] == 4 and st.money[0] == 31
    assert st.owner[KANSAS_CITY * C + counter("bank")] == 1


def test_w15_robbery_an_owner_who_cannot_pay_loses_the_bank() -> None:
    st = _rob(8, 11)
    assert st.money[1] == 0 and st.money[0] == 28
    assert st.owner[KANSAS_CITY * C + counter("bank")] == -1
    assert st.cout[1 * C + counter("bank")] == 1


def test_robbery_dice_are_3d6() -> None:
    st = board(default_defender=False)
    build(st, 1, KANSAS_CITY, "bank")
    put(st, 0, KANSAS_CITY, cowboys=2)
    act(st, 0)
    st.apply("gunfight to rob the Bank in Kansas City")
    hits(st, 0)
    hits(st, 1)
    outcomes = {a.text: p for a, p in st.chance_outcomes()}
    assert len(outcomes) == 16
    assert outcomes["the robbery dice total 3"] == pytest.approx(1 / 216)
    assert outcomes["the robbery dice total 10"] == pytest.approx(27 / 216)
    assert sum(outcomes.values()) == pytest.approx(1)


def test_volley_probabilities_are_binomial() -> None:
    st = board()
    build(st, 1, ABILENE, "hotel")
    put(st, 0, ABILENE, cowboys=4)
    put(st, 1, ABILENE, cowboys=4)
    act(st, 0)
    st.apply("gunfight for the Hotel in Abilene")
    st.apply("fire")
    st.apply("fire")
    probs = [p for _, p in st.chance_outcomes()]
    assert probs == pytest.approx([comb(4, h) / 3**h * (2 / 3) ** (4 - h) for h in range(5)])
    with pytest.raises(IllegalAction):
        st.apply(A.HITS + 5)


# ---------------------------------------------------------------- Wanted (W18)
def test_w18_no_wanted_left_take_one_from_a_player_of_your_choice() -> None:
    st = board(default_defender=False)
    st.wanted_supply = 0
    st.wanted = [6, 4, 3]
    build(st, 1, ABILENE, "hotel")
    put(st, 0, ABILENE, cowboys=1)
    act(st, 0)
    st.apply("gunfight for the Hotel in Abilene")
    st.apply(NO_REPLACE)
    assert st.current_player == 0
    assert texts(st) == ["take a Wanted counter from seat 1", "take a Wanted counter from seat 2"]
    st.apply("take a Wanted counter from seat 2")
    assert st.wanted == [7, 4, 2]


def test_wanted_counters_13_or_18() -> None:
    assert start(3).wanted_supply == 13
    assert start(3, options={"wanted_counters": 18}).wanted_supply == 18


# ---------------------------------------------------------------- casualties option
LOSE_COWBOY = "lose a cowboy (back to your supply)"
LOSE_SHERIFF = "lose the sheriff (for this gunfight)"
LOSE_BUILT_IN = "lose the built-in defender (for this gunfight)"


def bank_fight(**options: object) -> WayOutWestState:
    """Seat 0 (3 cowboys) robs seat 1's Bank in Deadwood (1 cowboy + the built-in defender);
    the defender fires first and misses, then the attacker fires: the next volley's dice are
    the attacker's."""
    st = board(**options)
    build(st, 1, DEADWOOD, "bank")
    put(st, 0, DEADWOOD, cowboys=3)
    put(st, 1, DEADWOOD, cowboys=1)
    act(st, 0)
    st.apply("gunfight to rob the Bank in Deadwood")
    hits(st, 0)             # the defender (2 fighters) fires first
    assert st.current_player == 0 and texts(st) == ["fire", "retreat"]
    return st


def test_owner_chooses_casualties_offers_each_kind_of_fighter_left() -> None:
    st = bank_fight(casualties="owner_chooses")
    hits(st, 1)
    assert st.current_player == 1, "the Bank owner decides which fighter the hit removes"
    prompt = st.view(None)["state"]["decision"]["prompt"]
    assert prompt == "choose which of your fighters a hit removes"
    assert sorted(texts(st)) == sorted([LOSE_COWBOY, LOSE_BUILT_IN])
    st.apply(LOSE_BUILT_IN)
    fight = st.view(None)["state"]["gunfight"]
    assert st.cowboys_in(1, DEADWOOD) == 1 and st.cowboy_supply[1] == 9 - 1
    assert (fight["defender_cowboys"], fight["defender_other"], fight["result"]) == (
        1, 0, "ongoing")
    # the lone cowboy fires first in the next exchange (or retreats)
    assert st.current_player == 1 and texts(st) == ["fire", "retreat"]


def test_by_default_the_cowboy_is_lost_before_the_built_in_defender() -> None:
    st = bank_fight()
    hits(st, 1)
    fight = st.view(None)["state"]["gunfight"]
    assert st.cowboys_in(1, DEADWOOD) == 0 and st.cowboy_supply[1] == 9
    assert (fight["defender_cowboys"], fight["defender_other"], fight["result"]) == (
        0, 1, "ongoing")
    assert st.current_player == CHANCE, "no decision: the built-in defender fires at once"


def test_owner_chooses_no_decision_when_every_fighter_falls_or_one_kind_is_left() -> None:
    st = bank_fight(casualties="owner_chooses")
    hits(st, 2)             # 2 hits on 2 fighters: the order cannot matter
    assert st.view(None)["state"]["gunfight"]["result"] == "attacker wins"
    assert st.current_player == CHANCE and top(st) is Robbery
    st = board(casualties="owner_chooses")
    build(st, 1, KANSAS_CITY, "hotel")
    put(st, 0, KANSAS_CITY, cowboys=3)
    put(st, 1, KANSAS_CITY, cowboys=2)
    act(st, 0)
    st.apply("gunfight for the Hotel in Kansas City")
    hits(st, 0)
    hits(st, 1)             # only cowboys defend the Hotel: removed without asking
    assert st.cowboys_in(1, KANSAS_CITY) == 1 and texts(st) == ["fire", "retreat"]


def test_owner_chooses_a_farmer_side_keeps_the_fixed_order() -> None:
    st = board(casualties="owner_chooses")
    build(st, 2, ABILENE, "jail")
    farmer(st, ABILENE)
    put(st, 0, ABILENE, cowboys=3)
    act(st, 0)
    st.apply("gunfight to remove the Farmer in Abilene")
    assert st.current_player == 2
    st.apply("add the sheriff to the defender")
    hits(st, 0)             # the Farmer and the sheriff (2) fire first; nobody can retreat
    hits(st, 1)
    fight = st.view(None)["state"]["gunfight"]
    assert not fight["defender_sheriff"] and fight["defender_other"] == 1, "the sheriff first"


def tie_fight() -> WayOutWestState:
    """Casualties chosen by the owners; in Deadwood the attacker's cowboy and his own Jail's
    sheriff against the Bank owner's cowboy and the Bank's built-in defender: two against
    two, so both sides fire together (both have chosen to fire)."""
    st = board(casualties="owner_chooses")
    build(st, 0, DEADWOOD, "jail")
    build(st, 1, DEADWOOD, "bank")
    put(st, 0, DEADWOOD, cowboys=1)
    put(st, 1, DEADWOOD, cowboys=1)
    act(st, 0)
    st.apply("gunfight to rob the Bank in Deadwood")
    st.apply("add the sheriff to the attacker")
    st.apply("fire")
    st.apply("fire")
    return st


def test_owner_chooses_tie_volley_both_sides_choose_before_the_outcome() -> None:
    st = tie_fight()
    hits(st, 1)             # the attacker's volley
    hits(st, 1)             # the defender's volley
    # both hits are pending: the defender removes his first, then the attacker
    assert st.current_player == 1 and sorted(texts(st)) == sorted([LOSE_COWBOY, LOSE_BUILT_IN])
    st.apply(LOSE_COWBOY)
    assert st.current_player == 0 and sorted(texts(st)) == sorted([LOSE_COWBOY, LOSE_SHERIFF])
    assert st.view(None)["state"]["gunfight"]["result"] == "ongoing"
    st.apply(LOSE_SHERIFF)
    fight = st.view(None)["state"]["gunfight"]
    assert (fight["attacker_cowboys"], fight["attacker_sheriff"], fight["defender_cowboys"],
            fight["defender_other"], fight["result"]) == (1, False, 0, 1, "ongoing")
    assert st.cowboys_in(0, DEADWOOD) == 1 and st.cowboys_in(1, DEADWOOD) == 0
    # 1 against 1: the attacker decides fire or retreat for the next simultaneous exchange
    assert st.current_player == 0 and texts(st) == ["fire", "retreat"]


def test_owner_chooses_tie_volley_outcome_waits_for_the_last_removal() -> None:
    st = tie_fight()
    hits(st, 2)             # every defender falls (no choice) ...
    hits(st, 1)             # ... and the attacker chooses his casualty
    fight = st.view(None)["state"]["gunfight"]
    assert (fight["defender_cowboys"], fight["defender_other"]) == (0, 0)
    assert fight["result"] == "ongoing" and st.current_player == 0
    st.apply(LOSE_COWBOY)
    assert st.cowboys_in(0, DEADWOOD) == 0
    assert st.view(None)["state"]["gunfight"]["result"] == "attacker wins"
    assert st.current_player == CHANCE and top(st) is Robbery
