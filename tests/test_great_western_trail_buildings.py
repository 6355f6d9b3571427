"""Scenario tests: turn phases, movement and fees, neutral and private buildings, hiring,
building, buying cattle, the railroad, station masters and objective cards."""

from __future__ import annotations

import pytest

from boomtown.engine import CHANCE, TERMINAL, IllegalAction
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import buildings as B
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail import scoring
from boomtown.games.great_western_trail.data import (
    CATTLE_KEY,
    MASTERS,
    NEUTRAL,
    OBJECTIVES,
    PRIVATE_SPACES,
    TILE_INDEX,
)
from gwt_scenario import (
    END,
    chance_until_decision,
    edit,
    game,
    phase,
    run_frames,
    set_hand,
    space,
)


def at(st, where: str, seat: int = 0):
    st.cattleman[seat] = space(where)
    return run_frames(st, R.PhaseB(seat, space(where), 0, False))


def local(op: str) -> int:
    return A.LOCAL + A.OP_INDEX[op]


# ------------------------------------------------------------------ set-up and turn
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    st = game(players, options={"building_sides": "random", "neutral_order": "random"})
    assert st.money == [6, 7, 8, 9][:players]
    assert all(sum(h) == 4 for h in st.hand)
    assert all(sum(h) + sum(d) == 14 for h, d in zip(st.hand, st.draw, strict=True))
    assert sum(st.market) == {2: 7, 3: 10, 4: 13}[players]
    assert len(st.obj_display) == 4
    assert all(len(c) == 1 and OBJECTIVES[c[0]].start for c in st.committed)
    assert len(st.obj_box) == 4 - players
    placed = sum(1 for t in st.teepee_slots if t >= 0) + sum(
        1 for r in st.hazard_rows for t in r if t >= 0)
    assert placed == 7
    assert all(t >= 0 for c in st.foresight for t in c)
    assert sorted(st.neutral_at) == list(range(7))
    assert all(x in (0, 1) for x in st.side)
    assert sorted(st.masters_at) == list(range(5))
    assert st.current_player == 0 and phase(st) == "phase_a"
    # first turn: any neutral building, then phase B
    assert {a - A.MOVE for a in st.legal_action_ids() if A.MOVE <= a < A.MOVE + 49} == {
        space(x) for x in "ABCDEFG"}


def test_first_turn_then_movement_with_step_limit() -> None:
    st = game(2)
    st.apply(A.MOVE + space("G"))
    assert phase(st) == "phase_b"
    st.apply(A.AUX)  # +$1
    st.apply(A.DONE)
    chance_until_decision(st)
    assert st.current_player == 1


def test_movement_counts_only_locations_and_stops_at_the_limit() -> None:
    st = edit(game(2))
    st.cattleman[0] = space("A")
    run_frames(st, R.PhaseA(0))
    # A -> A-1 is empty, so the next location on that branch is B; FLOOD-1 holds a tile or not
    nxt = {a - A.MOVE for a in st.legal_action_ids() if A.MOVE <= a < A.MOVE + 49}
    assert space("B") in nxt
    st.apply(A.MOVE + space("B"))
    st.apply(A.MOVE + space("C"))
    st.apply(A.MOVE + next(x for x in R.next_locations(st, space("C"))))
    assert phase(st) == "phase_b"  # limit 3 reached: phase B at once


def test_fees_for_hazards_and_other_players_buildings() -> None:
    st = edit(game(3))
    st.cattleman[0] = space("E")
    st.hazard_rows[2] = [TILE_INDEX["rockfall_black_3"], -1, -1, -1]
    st.private_at[PRIVATE_SPACES.index(space("E-1"))] = 1 * 10 + 6  # seat 1's 7a: both hands
    st.money = [10, 0, 0]
    run_frames(st, R.PhaseA(0))
    st.apply(A.MOVE + space("ROCKFALL-1"))  # black hand, 3 players: $1 to the bank
    assert st.money == [9, 0, 0]
    other = edit(game(3))
    other.cattleman[0] = space("E")
    other.private_at[PRIVATE_SPACES.index(space("E-1"))] = 1 * 10 + 6
    other.money = [10, 0, 0]
    run_frames(other, R.PhaseA(0))
    other.apply(A.MOVE + space("E-1"))  # green ($2) + black ($1) to seat 1
    assert other.money == [7, 3, 0]


def test_fee_is_what_you_have() -> None:
    st = edit(game(2))
    st.cattleman[0] = space("E")
    st.hazard_rows[2] = [TILE_INDEX["rockfall_green_4"], -1, -1, -1]
    st.money[0] = 1
    run_frames(st, R.PhaseA(0))
    st.apply(A.MOVE + space("ROCKFALL-1"))
    assert st.money[0] == 0


def test_hand_limit_discard_before_phase_a() -> None:
    st = edit(game(2))
    set_hand(st, 0, jersey=5, guernsey=1)
    st.draw[0] = [0] * A.K
    run_frames(st, R.PhaseA(0), R.HandLimit(0))
    assert phase(st) == "hand_limit"
    st.apply(A.DISCARD + CATTLE_KEY["jersey"])
    st.apply(A.DISCARD + CATTLE_KEY["jersey"])
    assert phase(st) == "phase_a" and sum(st.hand[0]) == 4


def test_phase_b_elsewhere_is_one_single_auxiliary_action() -> None:
    st = edit(game(2))
    st.hazard_rows[0][0] = TILE_INDEX["flood_green_4"]
    at(st, "FLOOD-1")
    legal = st.legal_action_ids()
    assert all(A.AUX <= a < A.AUX + 10 or A.PLAY_OBJ <= a < A.PLAY_OBJ + 28 for a in legal)
    assert A.DONE not in legal  # phase B is compulsory
    st.apply(A.AUX)
    assert st.legal_action_ids() == [A.DONE] or A.DONE in st.legal_action_ids()


# ------------------------------------------------------------------ neutral buildings
def test_neutral_a_discard_guernsey_and_hire() -> None:
    st = edit(game(2))
    set_hand(st, 0, guernsey=1, jersey=3)
    st.money[0] = 20
    at(st, "A")
    st.apply(local("discard_guernsey_2"))
    assert st.money[0] == 22 and st.discard[0][CATTLE_KEY["guernsey"]] == 1
    st.apply(local("hire"))
    cells = [a - A.HIRE for a in st.legal_action_ids()]
    assert cells and all(c // 4 < st.token for c in cells)  # never the token's row
    cell = cells[0]
    kind = st.jm[cell]
    st.apply(A.HIRE + cell)
    assert st.workers[0][kind] == 2 and st.money[0] == 22 - 6  # row 1 costs $6
    assert local("discard_guernsey_2") not in st.legal_action_ids()


def test_hire_extra_costs_two_more() -> None:
    st = edit(game(2))
    st.money[0] = 20
    at(st, "A")
    st.apply(local("hire_extra"))
    st.apply(st.legal_action_ids()[0])
    assert st.money[0] == 20 - 8


def test_engineer_bonus_second_slot_jersey_for_a_certificate() -> None:
    st = edit(game(2))
    st.jm = [-1] * 48
    st.jm[3] = TILE_INDEX["engineer"]
    st.money[0] = 20
    set_hand(st, 0, jersey=1)
    at(st, "A")
    st.apply(local("hire"))
    st.apply(A.HIRE + 3)
    assert phase(st) == "bonus"
    st.apply(A.ACCEPT)
    assert R.cert_value(st, 0) == 1 and st.hand[0][CATTLE_KEY["jersey"]] == 0


def test_neutral_b_build_and_replace() -> None:
    st = edit(game(2))
    st.money[0] = 30
    st.workers[0][1] = 3
    at(st, "B")
    st.apply(local("build_2"))
    assert A.BUILD + 3 in st.legal_action_ids()  # 4a needs 2 craftsmen
    assert A.BUILD + 5 not in st.legal_action_ids()  # 6a needs 4
    st.apply(A.BUILD + 0)  # building 1a: 1 craftsman
    st.apply(A.PLACE + space("A-1"))
    assert st.money[0] == 28
    assert R.building_at(st, space("A-1")) == (0, 0)
    # replacement: 5a (3 craftsmen) over 1a pays only the difference, the old tile leaves
    run_frames(st, B.Build(0, 2, False))
    st.apply(A.BUILD + 4)
    assert A.PLACE + space("A-1") in st.legal_action_ids()
    st.apply(A.PLACE + space("A-1"))
    assert st.money[0] == 28 - 4 and st.bld_removed[0] == 1
    assert scoring.seat_score(st, 0)["buildings"] == 4


def test_replaced_building_under_own_cattleman_is_not_used_this_turn() -> None:
    """Facts B6.3: after replacing the building it stands on (here 5a by 6a, built with the
    4th-craftsman bonus of 5a's hire), the cattleman may only finish or play objectives."""
    st = edit(game(2))
    build(st, 0, 5, "A-1")  # 5a: hire a worker (cheap), ...
    st.workers[0] = [1, 3, 1]
    st.money[0] = 50
    st.jm[0 * A.JM_COLS + 3] = 1  # a craftsman in the first row
    o = next(o.index for o in OBJECTIVES if o.key == "m1")
    st.hand[0][A.OBJ0 + o] = 1
    at(st, "A-1")
    st.apply(local("hire_cheap"))
    st.apply(A.HIRE + 3)  # the 4th craftsman: build at once
    st.apply(A.BUILD + 5)  # 6a
    st.apply(A.PLACE + space("A-1"))
    assert R.building_at(st, space("A-1")) == (0, 5)
    assert phase(st) == "phase_b" and st.current_player == 0
    assert sorted(st.legal_action_ids()) == sorted([A.DONE, A.PLAY_OBJ + o])


def test_buildings_needing_more_craftsmen_than_you_have_are_not_offered() -> None:
    st = edit(game(2))
    st.money[0] = 50
    assert B.build_numbers(st, 0, 2) == [A.BUILD + 0, A.BUILD + 1, A.BUILD + 2]


def test_neutral_c_certificate_or_objective_and_engine() -> None:
    st = edit(game(2))
    at(st, "C")
    legal = st.legal_action_ids()
    assert local("certificate_1") in legal and local("take_objective") in legal
    st.apply(local("certificate_1"))
    assert local("take_objective") not in st.legal_action_ids()  # one slot: either/or
    st.apply(local("engine_engineers"))
    assert [a - A.ENGINE for a in st.legal_action_ids()] == [2]  # 1 engineer: space 1
    st.apply(A.ENGINE + 2)
    assert st.engine[0] == 2


def test_neutral_d_trade_and_double_aux() -> None:
    st = edit(game(2))
    st.teepee_slots = [-1] * 9
    st.teepee_slots[5] = TILE_INDEX["teepee_blue"]  # the $4 space
    st.money[0] = 0
    st.discs[0][R.AUX_ROWS[0]] = 0  # double money unlocked
    at(st, "D")
    st.apply(local("trade"))
    st.apply(A.TEEPEE + 5)
    assert st.money[0] == 4 and st.teepees[0] == [0, 1]
    st.apply(local("aux"))
    assert A.AUX + 1 in st.legal_action_ids()
    st.apply(A.AUX + 1)
    assert st.money[0] == 6


def test_negative_teepee_needs_the_money() -> None:
    st = edit(game(2))
    st.teepee_slots = [TILE_INDEX["teepee_green"]] + [-1] * 8
    st.money[0] = 2
    assert B.teepee_choices(st, 0) == []
    st.money[0] = 3
    assert B.teepee_choices(st, 0) == [A.TEEPEE]


def test_neutral_e_buy_cattle_cost_table() -> None:
    st = edit(game(4))
    st.market = [0] * A.NC
    st.market[CATTLE_KEY["holstein"]] = 2
    st.market[CATTLE_KEY["texas_longhorn_7"]] = 1
    st.market_deck = [0] * A.NC
    st.market_deck[CATTLE_KEY["ayrshire"]] = 7
    st.workers[0][0] = 3
    st.money[0] = 30
    at(st, "E")
    st.apply(local("buy"))
    texts = {a.text for a in st.legal_actions()}
    assert "buy Holstein with 1 cowboy(s) for $6" in texts
    assert "buy Holstein with 2 cowboy(s) for $3" in texts
    assert "buy Holstein and Holstein with 3 cowboys for $5" in texts
    assert "buy Texas Longhorn (7 VP) with 2 cowboy(s) for $12" in texts
    st.apply("buy Texas Longhorn (7 VP) with 2 cowboy(s) for $12")
    assert st.money[0] == 18 and st.discard[0][CATTLE_KEY["texas_longhorn_7"]] == 1
    texts = {a.text for a in st.legal_actions()}
    assert "buy Holstein with 1 cowboy(s) for $6" in texts  # one cowboy left
    assert "buy Holstein with 2 cowboy(s) for $3" not in texts
    st.apply(A.ADD_MARKET)
    chance_until_decision(st)
    assert st.market[CATTLE_KEY["ayrshire"]] == 2  # two cards added, not capped
    assert A.ADD_MARKET not in st.legal_action_ids()
    st.apply(A.DONE)


def test_neutral_f_pair_and_hazard() -> None:
    st = edit(game(2))
    set_hand(st, 0, jersey=2, guernsey=1)
    st.hazard_rows[1] = [TILE_INDEX["drought_green_4"], -1, -1, -1]
    st.money[0] = 7
    at(st, "F")
    st.apply(local("discard_pair_4"))
    st.apply(A.PAIR + A.PAIR_INDEX[(CATTLE_KEY["jersey"], CATTLE_KEY["jersey"])])
    assert st.money[0] == 11
    st.apply(local("remove_hazard_7"))
    st.apply(A.HAZARD + 4)
    assert st.money[0] == 4 and st.hazards[0] == [TILE_INDEX["drought_green_4"]]
    assert scoring.seat_score(st, 0)["hazards"] == 4


def test_neutral_g_engine_up_to_engineers_skips_occupied_spaces() -> None:
    st = edit(game(2))
    st.workers[0][2] = 2
    st.engine[1] = 2  # space 1 taken by the other engine: skipped, not counted
    at(st, "G")
    st.apply(local("engine_engineers"))
    assert sorted(a - A.ENGINE for a in st.legal_action_ids()) == [4, 6]


# ------------------------------------------------------------------ railroad
def test_station_upgrade_and_station_master() -> None:
    st = edit(game(2))
    st.engine[0] = 8  # space 4
    st.workers[0][0] = 2
    st.money[0] = 10
    master = st.masters_at[0]
    run_frames(st, R.EngineForward(0, 1, False))
    st.apply(A.ENGINE + 9)  # the turnout of station 1
    assert st.legal_action_ids() == [A.DECLINE, A.UPGRADE]
    st.apply(A.UPGRADE)
    assert st.money[0] == 8
    assert A.DISC + R.D_STEP_MONEY not in st.legal_action_ids()  # white station: white disc
    st.apply(A.DISC + R.AUX_ROWS[0])
    assert st.station_discs[0][0] == 1
    assert set(st.legal_action_ids()) == {A.APPOINT, A.DECLINE}  # printed workers never go
    st.apply(A.APPOINT)
    assert st.masters[0] == [master] and st.workers[0][0] == 1 and st.appointed[0][0] == 1
    if MASTERS[master].certificate:
        assert st.cert_perm[0] == 1
    assert scoring.seat_score(st, 0)["stations"] == 1


def test_end_of_track_goes_back_with_three_dollars() -> None:
    st = edit(game(2))
    st.engine[0] = 76
    st.money[0] = 0
    run_frames(st, R.EngineForward(0, 1, False))
    st.apply(A.ENGINE + 78)
    assert phase(st) == "end_back"  # station 10 unaffordable
    st.apply(A.ENGINE + 76)
    assert st.money[0] == 3 and st.engine[0] == 76


def test_engine_back_exact() -> None:
    st = edit(game(2))
    st.engine[0] = 10  # space 5
    assert R.engine_targets(st, 0, False, 1, exact=True) == [8, 9]
    st.engine[0] = 0
    assert R.engine_targets(st, 0, False, 1, exact=True) == []


# ------------------------------------------------------------------ private buildings
def build(st, seat: int, number: int, where: str) -> None:
    st.private_at[PRIVATE_SPACES.index(space(where))] = seat * 10 + number - 1
    st.avail[seat][number - 1] = 0


def test_private_1a_money_per_woods() -> None:
    st = edit(game(2))
    build(st, 0, 1, "B-1")
    build(st, 0, 2, "C-1-1")
    build(st, 0, 3, "A-2")
    money = st.money[0]
    at(st, "B-1")
    st.apply(local("money_per_woods"))
    assert st.money[0] == money + 4


def test_private_3a_move_then_phase_b_again() -> None:
    st = edit(game(2))
    build(st, 0, 3, "A-1")
    at(st, "A-1")
    st.apply(local("move_1"))
    st.apply(A.MOVE + space("B"))
    assert phase(st) == "phase_b" and st.stack[-1][:2] == (0, space("B"))


def test_private_6a_holstein_for_ten() -> None:
    st = edit(game(2))
    build(st, 0, 6, "A-1")
    set_hand(st, 0, holstein=1)
    money = st.money[0]
    at(st, "A-1")
    st.apply(local("discard_holstein_10"))
    assert st.money[0] == money + 10


def test_private_7a_teepee_pairs() -> None:
    st = edit(game(2))
    build(st, 0, 7, "A-1")
    st.teepees[0] = [2, 3]
    st.discs[0][R.D_CERT4] = 0
    st.discs[0][R.D_CERT6] = 0
    money = st.money[0]
    at(st, "A-1")
    st.apply(local("teepee_pairs"))
    assert st.money[0] == money + 4 and R.cert_value(st, 0) == 4  # 4 steps on the track


def test_private_10a_certificates_to_limit() -> None:
    st = edit(game(2))
    build(st, 0, 10, "A-1")
    at(st, "A-1")
    st.apply(local("certs_to_limit"))
    assert R.cert_value(st, 0) == 3


def test_private_9a_extraordinary_delivery() -> None:
    st = edit(game(2))
    build(st, 0, 9, "A-1")
    st.engine[0] = 2 * 6
    at(st, "A-1")
    st.apply(local("extra_delivery"))
    st.apply(A.ENGINE + 2 * 2)  # 4 spaces back
    cities = {a - A.CITY for a in st.legal_action_ids()}
    assert cities == {0, 1, 2}  # Kansas City, Topeka, Wichita (value <= 4)


def test_private_1b_and_2b() -> None:
    st = edit(game(2, options={"building_sides": "b"}))
    build(st, 0, 1, "A-1")
    st.hand[0][A.OBJ0 + 6] = 1
    st.engine[0] = 4
    money = st.money[0]
    at(st, "A-1")
    st.apply(local("discard_objective_certs"))
    st.apply(A.DISCARD + A.OBJ0 + 6)
    assert R.cert_value(st, 0) == 2
    st.apply(local("engine_back_money"))
    st.apply(A.ENGINE + 2)
    assert st.money[0] == money + 3 and st.engine[0] == 2


def test_private_6b_objective_to_hand_is_public_knowledge() -> None:
    st = edit(game(2, options={"building_sides": "b"}))
    build(st, 0, 6, "A-1")
    set_hand(st, 0, jersey=1)
    at(st, "A-1")
    st.apply(local("discard_any_objective_hand"))
    st.apply(A.DISCARD + CATTLE_KEY["jersey"])
    o = st.obj_display[0]
    st.apply(A.TAKE_OBJ)
    assert st.hand[0][A.OBJ0 + o] == 1 and st.known[0][A.OBJ0 + o] == 1
    view = st.view(1)["state"]["players"][0]
    assert view["known_in_hand"][A.CARD_NAMES[A.OBJ0 + o]] == 1
    assert sum(view["known_in_hand"].values()) == 1


def test_private_8b_uses_an_adjacent_building() -> None:
    st = edit(game(2, options={"building_sides": "b"}))
    build(st, 0, 8, "A-3")
    set_hand(st, 0, dutch_belt=1)
    money = st.money[0]
    at(st, "A-3")
    st.apply(local("use_adjacent"))
    assert A.ADJ + space("B") in st.legal_action_ids()
    st.apply(A.ADJ + space("B"))
    st.apply(local("discard_dutch_belt_2"))
    assert st.money[0] == money + 2


def test_risk_action_only_for_the_owner() -> None:
    st = edit(game(2))
    build(st, 0, 1, "DROUGHT-RISK-1")
    set_hand(st, 0, jersey=1)
    at(st, "DROUGHT-RISK-1")
    assert local("risk_any_cert") in st.legal_action_ids()
    st.apply(local("risk_any_cert"))
    st.apply(A.DISCARD + CATTLE_KEY["jersey"])
    assert R.cert_value(st, 0) == 1
    other = edit(game(2))
    build(other, 1, 1, "DROUGHT-RISK-1")
    at(other, "DROUGHT-RISK-1")
    assert local("risk_any_cert") not in other.legal_action_ids()


# ------------------------------------------------------------------ objectives
def test_play_objective_with_its_immediate_action() -> None:
    st = edit(game(2))
    o = next(o.index for o in OBJECTIVES if o.action == "money2")
    st.hand[0][A.OBJ0 + o] = 1
    money = st.money[0]
    run_frames(st, R.PhaseA(0))
    st.apply(A.PLAY_OBJ + o)
    assert phase(st) == "obj_action"
    st.apply(A.ACCEPT)
    assert st.money[0] == money + 2 and o in st.committed[0]


def test_objective_scoring_each_item_serves_one_card() -> None:
    st = edit(game(2))
    st.committed[0] = [next(o.index for o in OBJECTIVES if o.key == "start_3")]  # bld bld hz
    st.hazards[0] = [TILE_INDEX["flood_green_2"]]
    build(st, 0, 1, "A-1")
    build(st, 0, 2, "A-2")
    points, done, _area = scoring.best_objectives(st, 0)
    assert points == 3 and done == st.committed[0]
    d1 = next(o.index for o in OBJECTIVES if o.key == "d1")  # bld bld hz, penalty 2
    st.committed[0].append(d1)
    points, done, _area = scoring.best_objectives(st, 0)
    assert points == 3 and done == [d1]  # the items serve one card; start_3 has no penalty
    st.committed[0].append(next(o.index for o in OBJECTIVES if o.key == "m1"))  # fails: -2
    assert scoring.best_objectives(st, 0)[0] == 3 - 2
    # an objective card still in the deck is committed only if fulfilled
    st.committed[0] = [d1]
    st.discard[0][A.OBJ0 + next(o.index for o in OBJECTIVES if o.key == "m3")] = 1
    points, _done, area = scoring.best_objectives(st, 0)
    assert points == 3 and area == [d1]


def objectives_master(st) -> None:
    st.masters[0] = [next(m.index for m in MASTERS if m.scoring == "objectives")]


def test_objective_scoring_counts_the_station_master_of_the_area() -> None:
    """Facts B7.2: the master scores 3 VP per 2 cards in the area, fulfilled or not, so a
    loose card that fails is worth committing (-2 + 3) to complete a pair; without the
    master it stays out of the area."""
    st = edit(game(2))
    start_1 = next(o.index for o in OBJECTIVES if o.key == "start_1")  # v3 v4 bld, no penalty
    m1 = next(o.index for o in OBJECTIVES if o.key == "m1")  # bld tb tb, penalty 2
    st.committed[0] = [start_1]
    for zone in (st.hand[0], st.draw[0], st.discard[0]):
        zone[:] = [0] * A.K
    st.discard[0][A.OBJ0 + m1] = 1
    assert scoring.best_objectives(st, 0) == (0, [], [start_1])
    assert scoring.seat_score(st, 0)["objectives"] == 0
    objectives_master(st)
    assert scoring.best_objectives(st, 0) == (-2, [], [start_1, m1])
    parts = scoring.seat_score(st, 0)
    assert parts["objectives"] == -2 and parts["station_masters"] == 3
    # an even area already: nothing to gain by committing a failing card
    st.committed[0] = [start_1, start_1]
    parts = scoring.seat_score(st, 0)
    assert parts["objectives"] == 0 and parts["station_masters"] == 3


def test_objective_scoring_maximises_the_total() -> None:
    """Exhaustive check on small cases: the chosen assignment's objective points plus the
    master's bonus are the best over every way to treat the loose cards."""
    import itertools

    st = edit(game(2))
    objectives_master(st)
    build(st, 0, 1, "A-1")
    st.teepees[0] = [1, 1]
    for zone in (st.hand[0], st.draw[0], st.discard[0]):
        zone[:] = [0] * A.K
    keys = ("m1", "d1", "m3", "start_2")
    loose = [next(o.index for o in OBJECTIVES if o.key == k) for k in keys]
    for o in loose:
        st.discard[0][A.OBJ0 + o] = 1
    st.committed[0] = [next(o.index for o in OBJECTIVES if o.key == "start_3")]
    have = scoring.items(st, 0)
    cards = st.committed[0] + sorted(loose)

    def value(area: list[int], done: list[int]) -> int | None:
        left = list(have)
        for o in done:
            for t in OBJECTIVES[o].tasks:
                left[scoring.TASKS.index(t)] -= 1
        if min(left) < 0:
            return None
        points = sum(scoring.objective_vp(st, o) if o in done else -OBJECTIVES[o].penalty
                     for o in area)
        return points + 3 * (len(area) // 2)

    best = -99
    for choice in itertools.product((0, 1, 2), repeat=len(cards)):  # out, failed, fulfilled
        if choice[0] == 0:
            continue  # the committed card is in the area
        area = [o for o, c in zip(cards, choice, strict=True) if c]
        done = [o for o, c in zip(cards, choice, strict=True) if c == 2]
        v = value(area, done)
        if v is not None:
            best = max(best, v)
    _points, done, area = scoring.best_objectives(st, 0)
    assert value(area, done) == best
    parts = scoring.seat_score(st, 0)
    assert parts["objectives"] + parts["station_masters"] == best


# ------------------------------------------------------------------ game end and scoring
def test_score_categories() -> None:
    st = edit(game(2))
    st.money[0] = 23
    st.workers[0] = [6, 5, 1]
    st.holder = 0
    st.discs[0][R.D_STEP_VP] = 0
    parts = scoring.seat_score(st, 0)
    assert parts["money"] == 4
    assert parts["workers"] == 8 + 4
    assert parts["job_market_token"] == 2
    assert parts["step_disc"] == 3
    assert parts["cattle"] == 0
    st.discard[0][CATTLE_KEY["texas_longhorn_7"]] = 1
    assert scoring.seat_score(st, 0)["cattle"] == 7


def test_tie_break_money_then_shared() -> None:
    st = edit(game(2))
    assert scoring.winners(st, [10, 10]) == ([0] if st.money[0] > st.money[1] else [1])
    st.money = [5, 5]
    assert scoring.winners(st, [10, 10]) == [0, 1]
    seat = edit(game(2, options={"tie_break": "money_then_seat"}))
    seat.money = [5, 5]
    assert scoring.winners(seat, [10, 10]) == [0]


def test_illegal_action_leaves_the_state_alone() -> None:
    st = game(2)
    before = st.snapshot()
    with pytest.raises(IllegalAction):
        st.apply(A.CITY)
    assert st.snapshot() == before


def test_unknown_frames_end_cleanly() -> None:
    st = edit(game(2))
    run_frames(st)
    assert st.current_player == TERMINAL and st.stack == [END]
    assert CHANCE == -1
    assert NEUTRAL[0].name == "A"


def test_phase_c_draws_to_the_limit_reshuffling_the_discard_pile() -> None:
    st = edit(game(2))
    set_hand(st, 0, jersey=1)
    st.draw[0] = [0] * A.K
    st.draw[0][CATTLE_KEY["guernsey"]] = 1
    st.discard[0] = [0] * A.K
    st.discard[0][CATTLE_KEY["holstein"]] = 4
    run_frames(st, R.FillHand(0))
    assert st.current_player == CHANCE
    assert st.legal_action_ids() == [A.CH_CARD + CATTLE_KEY["guernsey"]]
    chance_until_decision(st)
    assert sum(st.hand[0]) == 4 and st.hand[0][CATTLE_KEY["guernsey"]] == 1
    assert st.hand[0][CATTLE_KEY["holstein"]] == 2  # the discard pile became the draw pile
    assert sum(st.discard[0]) == 0 and st.draw[0][CATTLE_KEY["holstein"]] == 2


def test_draw_chance_probabilities_follow_the_draw_pile() -> None:
    st = edit(game(2))
    st.hand[0] = [0] * A.K
    st.draw[0] = [0] * A.K
    st.draw[0][CATTLE_KEY["jersey"]] = 3
    st.draw[0][CATTLE_KEY["ayrshire"]] = 1
    run_frames(st, R.FillHand(0))
    dist = {a.id: p for a, p in st.chance_outcomes()}
    jersey, ayrshire = A.CH_CARD + CATTLE_KEY["jersey"], A.CH_CARD + CATTLE_KEY["ayrshire"]
    assert dist == {jersey: 0.75, ayrshire: 0.25}
