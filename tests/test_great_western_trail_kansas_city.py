"""Every row of the Kansas City rule text's tables (facts sheet A9, K1-K29) as a test."""

from __future__ import annotations

import pytest

from boomtown.engine import CHANCE, TERMINAL
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import kansas_city as KC
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail import scoring
from boomtown.games.great_western_trail.data import CATTLE_KEY, CITIES, MASTERS, TILE_INDEX
from gwt_scenario import (
    END,
    chance_until_decision,
    city,
    disc_row,
    edit,
    game,
    kansas_city,
    kc_subphase,
    phase,
    run_frames,
    set_hand,
    space,
)


def kc_at(sub: int, players: int = 2, total: int = 0):
    st = edit(game(players))
    return st, kansas_city(0, sub, total)


def city_ids(st) -> set[str]:
    return {CITIES[a - A.CITY].key for a in st.legal_action_ids() if A.CITY <= a < A.CITY + 10}


# ------------------------------------------------------------------ income (K1-K3)
def test_k1_each_breed_counts_once_objectives_and_points_ignored() -> None:
    hand = [0] * A.K
    hand[CATTLE_KEY["jersey"]] = 2
    hand[CATTLE_KEY["guernsey"]] = 1
    hand[CATTLE_KEY["holstein"]] = 1
    hand[A.OBJ0 + 5] = 1
    assert KC.breeding_value(hand) == 6
    hand[CATTLE_KEY["ayrshire"]] = 1  # another value-3 breed counts
    assert KC.breeding_value(hand) == 9


def test_k1_west_highland_cards_are_one_breed() -> None:
    hand = [0] * A.K
    hand[CATTLE_KEY["west_highland_3"]] = 1
    hand[CATTLE_KEY["west_highland_5"]] = 1
    assert KC.breeding_value(hand) == 4


def test_k2_k3_income_with_temporary_and_permanent_certificates() -> None:
    st, frame = kc_at(3)
    set_hand(st, 0, jersey=2, guernsey=1, holstein=1)
    st.hand[0][A.OBJ0 + 5] = 1
    st.cert[0] = 3  # marker on 3
    st.cert_perm[0] = 2  # two station master tiles with a certificate
    money = st.money[0]
    run_frames(st, *frame)
    assert st.current_player == 0
    assert st.legal_action_ids() == [A.CERTS + k for k in range(4)]
    st.apply(A.CERTS + 2)
    assert st.money[0] == money + 10
    assert R.cert_value(st, 0) == 1
    assert st.stack[-1] == KC.KcDeliver(0, 10)  # delivery limit 10
    assert sum(st.hand[0]) == 0  # K3: the whole hand is discarded
    assert st.discard[0][A.OBJ0 + 5] == 1  # objective cards included
    assert st.discard[0][CATTLE_KEY["jersey"]] == 2


def test_income_certificates_from_six_follow_the_track() -> None:
    assert R.TRACK[R.certs_after_use(6, 1)] == 4
    assert R.TRACK[R.certs_after_use(6, 2)] == 4
    assert R.TRACK[R.certs_after_use(6, 3)] == 3
    assert R.TRACK[R.certs_after_use(4, 4)] == 0


# ------------------------------------------------------------------ delivery (K4-K7)
def test_k4_total_ten_with_a_disc_on_santa_fe() -> None:
    st, frame = kc_at(4, total=10)
    st.city_discs[0][city("santa_fe")] = 1
    st.discs[0][disc_row("cert4")] = 0  # keep the disc count honest
    st.engine[0] = 40  # no transport cost in the way
    run_frames(st, *frame)
    assert city_ids(st) == {"kansas_city", "topeka", "wichita", "colorado_springs", "albuquerque"}
    # a dark-space disc only on Albuquerque (white discs remain)
    white_city = R.disc_sources(st, 0, "city", city("wichita"))
    dark_city = R.disc_sources(st, 0, "city", city("albuquerque"))
    dark_rows = {A.DISC + r for r in (disc_row("cert6"), disc_row("step_money"),
                                      disc_row("step_vp"), disc_row("hand"))}
    assert not dark_rows & set(white_city)
    assert dark_rows <= set(dark_city)


@pytest.mark.parametrize("key", ["kansas_city", "san_francisco"])
def test_k5_kansas_city_and_san_francisco_repeat(key: str) -> None:
    st, frame = kc_at(4, total=18)
    st.engine[0] = 40
    st.city_discs[0][city(key)] = 1
    st.discs[0][disc_row("aux_money")] = 0
    run_frames(st, *frame)
    assert key in city_ids(st)
    st.apply(A.CITY + city(key))
    st.apply(A.DISC + disc_row("cert4"))
    assert st.city_discs[0][city(key)] == 2


def test_k5_other_cities_do_not_repeat() -> None:
    st, frame = kc_at(4, total=18)
    st.engine[0] = 40
    st.city_discs[0][city("el_paso")] = 1
    st.discs[0][disc_row("aux_money")] = 0
    run_frames(st, *frame)
    assert "el_paso" not in city_ids(st)


def test_k6_k7_dark_and_white_disc_spaces() -> None:
    st = edit(game())
    for c in CITIES:
        options = set(R.disc_sources(st, 0, "city", c.index))
        assert (A.DISC + disc_row("step_money") in options) == c.dark  # dark space: dark only
        assert A.DISC + disc_row("cert4") in options  # white space: any city
    dark_cities = {c.key for c in CITIES if c.dark}
    assert dark_cities == {"albuquerque", "el_paso", "sacramento", "san_francisco"}


def test_dark_disc_on_white_city_only_when_no_white_disc_left() -> None:
    st = edit(game())
    for r in range(10):
        if not R.DISC_ROWS[r].dark:
            st.discs[0][r] = 0
    assert A.DISC + disc_row("step_money") in R.disc_sources(st, 0, "city", city("wichita"))


def deliver(st, key: str, row: str = "cert4"):
    """Deliver seat 0 to a city with a disc from ``row``; returns the state after the disc."""
    frame = kansas_city(0, 4, 18)
    st.engine[0] = 40
    run_frames(st, *frame)
    st.apply(A.CITY + city(key))
    st.apply(A.DISC + disc_row(row))
    return st


# ------------------------------------------------------------------ disc spaces (K8-K11)
@pytest.mark.parametrize("aux", ["cert", "engine", "trim"])
def test_k8_two_disc_rows_single_then_double(aux: str) -> None:
    st = edit(game())
    a = A.AUX_NAMES.index(aux)
    assert not R.aux_unlocked(st, 0, a, False)
    deliver(st, "kansas_city", f"aux_{aux}")
    assert R.aux_unlocked(st, 0, a, False) and not R.aux_unlocked(st, 0, a, True)
    deliver(st, "kansas_city", f"aux_{aux}")
    assert R.aux_unlocked(st, 0, a, True)


@pytest.mark.parametrize("aux", ["money", "cycle"])
def test_k8_one_disc_rows_single_open_double_after_clearing(aux: str) -> None:
    st = edit(game())
    a = A.AUX_NAMES.index(aux)
    assert R.aux_unlocked(st, 0, a, False) and not R.aux_unlocked(st, 0, a, True)
    deliver(st, "kansas_city", f"aux_{aux}")
    assert R.aux_unlocked(st, 0, a, True)


@pytest.mark.parametrize(("players", "limits"), [(2, (3, 4, 4, 5)), (3, (3, 5, 4, 6)),
                                                  (4, (4, 6, 5, 7))])
def test_k9_step_discs(players: int, limits: tuple[int, ...]) -> None:
    st = edit(game(players))
    assert R.step_limit(st, 0) == limits[0]
    money = st.money[0]
    deliver(st, "albuquerque", "step_money")
    assert st.money[0] == money + 3  # +$3 at once (transport $0, no KC money)
    assert R.step_limit(st, 0) == limits[1]
    assert scoring.seat_score(st, 0)["step_disc"] == 0
    deliver(st, "el_paso", "step_vp")
    assert R.step_limit(st, 0) == limits[3]
    assert scoring.seat_score(st, 0)["step_disc"] == 3
    other = edit(game(players))
    deliver(other, "albuquerque", "step_vp")
    assert R.step_limit(other, 0) == limits[2]


def test_k10_hand_limit_discs_cost_five_each() -> None:
    st = edit(game())
    assert R.hand_limit(st, 0) == 4
    st.money[0] = 12
    deliver(st, "albuquerque", "hand")
    assert R.hand_limit(st, 0) == 5 and st.money[0] == 7
    deliver(st, "el_paso", "hand")
    assert R.hand_limit(st, 0) == 6 and st.money[0] == 2


def test_k10_hand_disc_not_offered_without_five_dollars() -> None:
    st = edit(game())
    st.money[0] = 4
    assert A.DISC + disc_row("hand") not in R.disc_sources(st, 0, "city", city("el_paso"))
    st.money[0] = 5
    assert A.DISC + disc_row("hand") in R.disc_sources(st, 0, "city", city("el_paso"))


def test_k11_certificate_limits() -> None:
    st = edit(game())
    assert R.TRACK[R.cert_limit_index(st, 0)] == 3
    other = edit(st)
    deliver(other, "albuquerque", "cert6")  # the 6 with the 4 still covered
    assert R.TRACK[R.cert_limit_index(other, 0)] == 3
    deliver(st, "kansas_city", "cert4")
    assert R.TRACK[R.cert_limit_index(st, 0)] == 4
    deliver(st, "albuquerque", "cert6")
    assert R.TRACK[R.cert_limit_index(st, 0)] == 6
    deliver(other, "kansas_city", "cert4")
    assert R.TRACK[R.cert_limit_index(other, 0)] == 6


# ------------------------------------------------------------------ cities and arrows (K12-K22)
def test_k12_kansas_city_six_dollars_minus_six_points() -> None:
    st = edit(game())
    money = st.money[0]
    deliver(st, "kansas_city")
    assert st.money[0] == money + 6
    assert scoring.city_points(st.city_discs[0]) == -6
    deliver(st, "kansas_city", "aux_money")
    assert scoring.city_points(st.city_discs[0]) == -12


def objective_takes(st) -> int:
    return sum(1 for f in st.stack if isinstance(f, R.TakeObjective))


def test_k13_topeka_wichita_minus_three_and_an_objective() -> None:
    st = edit(game())
    deliver(st, "topeka")
    assert st.current_player == TERMINAL and objective_takes(st) == 0
    deliver(st, "wichita", "aux_money")
    assert st.current_player == 0 and phase(st) == "take_obj"  # compulsory, at once
    assert A.DECLINE not in st.legal_action_ids()
    discard_before = sum(st.discard[0][A.OBJ0:])
    st.apply(A.TAKE_OBJ)
    chance_until_decision(st)
    assert sum(st.discard[0][A.OBJ0:]) == discard_before + 1
    assert scoring.city_points(st.city_discs[0]) == -3


def points_for(*keys: str) -> int:
    discs = [0] * 10
    for key in keys:
        discs[city(key)] += 1
    return scoring.city_points(discs)


def test_k14_to_k19_points() -> None:
    assert points_for("wichita", "colorado_springs") == -1
    assert points_for("colorado_springs", "santa_fe") == 0
    assert points_for("santa_fe", "albuquerque") == 0
    assert points_for("albuquerque", "el_paso") == 6
    assert points_for("el_paso", "san_diego") == 8
    assert points_for("san_diego", "sacramento") == 4 + 6
    assert points_for("sacramento") == 6
    assert points_for("san_francisco", "san_francisco") == 18
    assert points_for("topeka", "wichita") == -3


@pytest.mark.parametrize(("first", "second", "takes"), [
    ("colorado_springs", "santa_fe", 1), ("santa_fe", "albuquerque", 1),
    ("wichita", "colorado_springs", 0), ("albuquerque", "el_paso", 0),
])
def test_k14_to_k16_objective_arrows(first: str, second: str, takes: int) -> None:
    st = edit(game())
    deliver(st, first)
    assert objective_takes(st) == 0
    deliver(st, second, "aux_money")
    assert objective_takes(st) == takes


def test_k20_wichita_alone_gives_nothing() -> None:
    st = edit(game())
    deliver(st, "wichita")
    assert objective_takes(st) == 0
    assert scoring.city_points(st.city_discs[0]) == 0


def test_k21_colorado_springs_completes_two_arrows_one_objective() -> None:
    st = edit(game())
    deliver(st, "wichita")
    deliver(st, "santa_fe", "aux_money")
    deliver(st, "colorado_springs", "aux_cycle")
    assert objective_takes(st) == 1
    assert points_for("wichita", "colorado_springs", "santa_fe") == -1


def test_k22_santa_fe_completes_two_arrows_two_objectives_with_refill() -> None:
    st = edit(game())
    deliver(st, "colorado_springs")
    deliver(st, "albuquerque", "aux_money")
    deliver(st, "santa_fe", "aux_cycle")
    assert objective_takes(st) == 2
    first = st.obj_display[0]
    st.apply(A.TAKE_OBJ)
    assert st.current_player == CHANCE  # the display is refilled before the second card
    chance_until_decision(st)
    assert len(st.obj_display) == 4 and first not in st.obj_display
    st.apply(A.TAKE_OBJ)
    chance_until_decision(st)
    assert sum(st.discard[0][A.OBJ0:]) == 2


# ------------------------------------------------------------------ transport (K23-K24)
@pytest.mark.parametrize(("key", "cost"), [
    ("kansas_city", 0), ("topeka", 0), ("wichita", 1), ("colorado_springs", 3), ("santa_fe", 4),
    ("albuquerque", 5), ("el_paso", 7), ("san_diego", 8), ("sacramento", 9),
    ("san_francisco", 11),
])
def test_k24_transport_from_space_zero(key: str, cost: int) -> None:
    assert KC.transport_cost(0, city(key)) == cost


@pytest.mark.parametrize(("pos", "key", "cost"), [
    (2 * 4, "colorado_springs", 2),  # nose on 4: crosses after 4 and 5
    (2 * 4 + 1, "colorado_springs", 1),  # turnout after 4 counts as 5
    (2 * 6, "colorado_springs", 0),  # at the crest
    (2 * 9, "san_francisco", 7),
    (2 * 12, "albuquerque", 0),  # beyond
    (2 * 18, "san_francisco", 0),
])
def test_k23_k24_transport_from_other_positions(pos: int, key: str, cost: int) -> None:
    assert KC.transport_cost(pos, city(key)) == cost


def test_transport_is_paid_after_income() -> None:
    st, frame = kc_at(4, total=12)
    st.money[0] = 12  # just the income
    run_frames(st, *frame)
    st.apply(A.CITY + city("el_paso"))
    assert st.money[0] == 5


def test_delivery_can_always_fall_back_to_kansas_city() -> None:
    st, frame = kc_at(4, total=0)
    st.money[0] = 0
    run_frames(st, *frame)
    assert city_ids(st) == {"kansas_city"}
    # even with only dark-space discs left, or only a disc on a station
    for r in range(10):
        st.discs[0][r] = 0
    st.station_discs[0][2] = 1
    st._legal_cache = None
    assert city_ids(st) == {"kansas_city"}
    st.apply(A.CITY + city("kansas_city"))
    assert st.legal_action_ids() == [A.UNSTATION + 2]
    st.apply(A.UNSTATION + 2)
    assert st.city_discs[0][city("kansas_city")] == 1 and st.station_discs[0][2] == 0


# ------------------------------------------------------------------ foresight (K25-K29)
def place_workers(players: int, count: int):
    st = edit(game(players))
    st.jm = [-1] * len(st.jm)
    st.token = 0
    run_frames(st)
    for _ in range(count):
        KC.place_worker(st, 0, 0)
    return st


@pytest.mark.parametrize("players", [2, 3, 4])
def test_k26_job_market_fills_left_to_right_token_space_last(players: int) -> None:
    st = place_workers(players, players - 1)
    row0 = st.jm[0:4]
    empty = 4 - players
    assert row0[:empty] == [-1] * empty  # the left column(s) stay empty
    assert row0[empty:3] == [0] * (players - 1) and row0[3] == -1
    assert st.token == 0
    KC.place_worker(st, 0, 1)  # the token's own space, last
    assert st.jm[3] == 1 and st.token == 1


@pytest.mark.parametrize(("players", "start"), [(2, 3), (3, 5), (4, 7)])
def test_setup_job_market(players: int, start: int) -> None:
    st = game(players)
    assert sum(1 for t in st.jm if t >= 0) == start
    assert st.token == 1
    assert all(st.jm[c] < 0 for c in range(48) if c % 4 < 4 - players)


@pytest.mark.parametrize(("players", "size", "before"), [(2, 7, 3), (3, 10, 6), (4, 13, 0)])
def test_k25_yellow_arrow_refills_the_market(players: int, size: int, before: int) -> None:
    st = edit(game(players))
    st.market_deck = [a + b for a, b in zip(st.market_deck, st.market, strict=True)]
    st.market = [0] * A.NC
    for k in range(4, 4 + before):
        st.market[k] += 1
        st.market_deck[k] -= 1
    st.token = 5  # row 6
    st.jm = [-1] * 48
    for col in range(4 - players, 3):
        st.jm[5 * 4 + col] = 0
    run_frames(st)
    KC.place_worker(st, 0, 2)
    assert st.token == 6
    assert st.stack[-1] == R.MarketRefill(size)
    R.run(st)
    chance_until_decision(st)
    assert sum(st.market) == size


def test_k25_refill_never_above_and_not_from_an_empty_deck() -> None:
    st = edit(game(3))
    st.market_deck = [0] * A.NC
    before = list(st.market)
    st.token = 8  # row 9 -> 10 is the second yellow arrow
    for col in range(1, 3):
        st.jm[8 * 4 + col] = 0
    run_frames(st)
    KC.place_worker(st, 0, 2)
    assert st.stack[-1] == R.MarketRefill(10)
    R.run(st)
    assert st.current_player == TERMINAL and st.market == before
    full = edit(game(3))
    full.token = 5
    for col in range(1, 3):
        full.jm[5 * 4 + col] = 0
    k = next(k for k in range(A.NC) if full.market[k])
    full.market[k] -= 1
    full.market_deck[k] += 1
    full.market[4] += 3  # 12 cards: above the size already
    full.market_deck[4] -= 3
    run_frames(full)
    KC.place_worker(full, 0, 2)
    R.run(full)
    assert full.current_player == TERMINAL and sum(full.market) == 12


def test_no_refill_on_other_rows() -> None:
    st = edit(game(2))
    st.token = 3
    st.jm[3 * 4 + 2] = 0
    run_frames(st)
    KC.place_worker(st, 0, 2)
    assert st.token == 4 and st.stack[-1] == END


def test_k27_full_sections_send_tiles_out_of_the_game() -> None:
    st = edit(game())
    st.teepee_slots = [TILE_INDEX["teepee_green"]] * 9
    R.place_tile(st, TILE_INDEX["teepee_blue"])
    assert st.out_tiles[TILE_INDEX["teepee_blue"]] == 1
    st.hazard_rows[0] = [TILE_INDEX["flood_green_4"]] * 4
    R.place_tile(st, TILE_INDEX["flood_black_2"])
    assert st.out_tiles[TILE_INDEX["flood_black_2"]] == 1


def test_teepees_go_to_the_lowest_value_and_hazards_to_the_lowest_space() -> None:
    st = edit(game())
    st.teepee_slots = [-1] * 9
    st.teepee_slots[0] = TILE_INDEX["teepee_blue"]
    R.place_tile(st, TILE_INDEX["teepee_green"])
    assert st.teepee_slots[1] == TILE_INDEX["teepee_green"]  # the -2 space
    st.hazard_rows[1] = [-1, 7, -1, -1]
    R.place_tile(st, TILE_INDEX["drought_black_3"])
    assert st.hazard_rows[1][0] == TILE_INDEX["drought_black_3"]


def test_k28_red_arrow_triggers_the_end_and_the_others_get_one_turn() -> None:
    st = edit(game(3))
    st.token = 11
    st.jm = [-1] * 48
    for col in range(1, 3):
        st.jm[11 * 4 + col] = 0
    st.foresight[1] = [TILE_INDEX["cowboy"], TILE_INDEX["engineer"]]
    st.cattleman[1] = space("KC")
    st.turn_seat = 1
    st.stack = [R.EndTurn(1), R.FillHand(1), *kansas_city(1, 1)]
    st._legal_cache = None
    R.run(st)
    st.apply(A.FORESIGHT)
    assert st.end_trigger == 1 and st.holder == 1 and st.token == 12
    assert KC.foresight_options(st, 1) == []  # workers cannot be taken any more
    assert scoring.seat_score(st, 1)["job_market_token"] == 2
    turns = []
    rng = __import__("random").Random(1)
    while not st.is_terminal():
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            if st.turn_seat not in turns or turns[-1] != st.turn_seat:
                turns.append(st.turn_seat)
            st.apply(rng.choice(st.legal_actions()))
    assert turns[0] == 1 and turns[1:] == [2, 0]


def test_k29_back_to_the_start_and_foresight_refilled_from_own_stacks() -> None:
    st = edit(game())
    st.cattleman[0] = space("KC")
    st.engine[0] = 40
    st.cert[0] = 0
    run_frames(st, *kansas_city(0, 0, 0))
    taken = []
    for col in range(3):
        assert st.current_player == 0
        st.apply(A.FORESIGHT)
        taken.append(col)
    st.apply(A.CITY + city("kansas_city"))
    st.apply(A.DISC + disc_row("cert4"))
    assert st.cattleman[0] == space("start")
    stacks = [sum(x) for x in st.stacks]
    seen = []
    while st.current_player == CHANCE:
        col = R.fs_missing(st)
        assert col is not None
        seen.append(col[0])
        st.apply(st.sample_chance())
    assert seen == [0, 1, 2]
    assert [sum(x) for x in st.stacks] == [s - 1 for s in stacks]
    assert all(t >= 0 for c in st.foresight for t in c)


def test_all_five_subphases_in_order() -> None:
    st = edit(game())
    st.cattleman[0] = space("KC")
    st.cert[0] = 2
    run_frames(st, *kansas_city(0, 0, 0))
    phases = []
    while st.current_player == 0:
        phases.append((phase(st), kc_subphase(st.stack[-1])))
        st.apply(st.legal_action_ids()[0])
    assert [p for p in phases if p[0] == "kc"] == [("kc", 0), ("kc", 1), ("kc", 2), ("kc", 3),
                                                   ("kc", 4)]


def test_station_master_certificate_tiles_are_the_rule_texts_permanent_ones() -> None:
    assert sum(1 for m in MASTERS if m.certificate) == 3

