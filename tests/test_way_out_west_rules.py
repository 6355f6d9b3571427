"""Way Out West: every number and statement of the rule description as a test.

The ids W1..W19 are the worked cases derived from the description (docs/sources/way-out-west.md).
"""

from __future__ import annotations

import pytest

from boomtown.engine import CHANCE, BadOptions, IllegalAction
from boomtown.engine.machine import settle
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west import scoring
from boomtown.games.way_out_west.data import DATA
from boomtown.games.way_out_west.options import WayOutWestOptions
from boomtown.games.way_out_west.rules import Act, Bid, EndRound, Hire2, Place, Turn
from boomtown.games.way_out_west.state import BOX, T
from wow_scenario import (
    ABILENE,
    DEADWOOD,
    DODGE_CITY,
    END,
    KANSAS_CITY,
    SAN_ANTONIA,
    act,
    build,
    empty_board,
    farmer,
    new,
    put,
    set_stack,
    start,
    texts,
    top,
)


# ---------------------------------------------------------------- set-up (W1)
@pytest.mark.parametrize(("players", "money"), [(3, 20), (4, 20), (5, 25)])
def test_starting_money_by_player_count(players: int, money: int) -> None:
    st = new(players)
    assert st.money == [money] * players


def test_dice_decide_the_start_player_uniformly() -> None:
    st = new(4)
    assert st.current_player == CHANCE
    outcomes = st.chance_outcomes()
    assert [a.id for a, _ in outcomes] == [A.START + s for s in range(4)]
    assert all(p == pytest.approx(0.25) for _, p in outcomes)


def test_three_cowboys_each_placed_in_turn_order_from_the_start_player() -> None:
    st = new(4)
    st.apply(A.START + 2)
    assert st.order == [2, 3, 0, 1]
    placers = []
    while top(st) is Place:
        placers.append(st.current_player)
        assert len(st.legal_actions()) == 5, "any of the 5 towns"
        st.apply(A.PLACE + DODGE_CITY)
    assert placers == [2, 3, 0, 1] * 3
    for s in range(4):
        assert sum(st.cowboys[s * T:(s + 1) * T]) == 3
        assert st.cowboy_supply[s] == DATA.components.cowboys_per_player - 3
    assert DATA.setup.action_tokens == 2
    assert top(st) is Bid and st.current_player == 2


# ---------------------------------------------------------------- bidding (W2)
def test_w2_dropouts_pay_their_bid_and_take_the_furthest_free_space() -> None:
    st = start(3, first=0)
    st.apply(A.bid_id(3))           # seat 0 bids $3
    st.apply(A.bid_id(4))           # seat 1 raises to $4
    st.apply(A.DROP)                # seat 2 drops out at $0
    assert st.money[2] == 20 and st.new_order[2] == 2
    assert st.current_player == 0
    st.apply(A.DROP)                # seat 0 drops out: pays $3, space 2
    assert st.money[0] == 17
    assert st.order == [1, 0, 2], "seat 1 is start player; seat 2 took the last space"
    assert st.money[1] == 16, "all bids go to the bank, the winner's too (U7)"
    assert top(st) is Act and st.stack[-1].seat == 1


def test_the_last_bidder_may_keep_his_money_with_the_option() -> None:
    st = start(3, first=0, options={"winner_pays": False})
    st.apply(A.bid_id(3))
    st.apply(A.DROP)
    st.apply(A.DROP)
    assert st.money == [20, 20, 20]
    assert st.order == [0, 2, 1]


def test_a_raise_must_beat_the_high_bid_and_stay_within_cash() -> None:
    st = start(3, first=0)
    st.apply(A.bid_id(5))
    with pytest.raises(IllegalAction, match="beat the high bid"):
        st.apply(A.bid_id(5))
    with pytest.raises(IllegalAction, match="only \\$20"):
        st.apply(A.bid_id(21))
    assert min(a.id for a in st.legal_actions() if a.id != A.DROP) == A.bid_id(6)
    assert max(a.id for a in st.legal_actions()) == A.bid_id(20)


def test_bidding_follows_the_current_turn_order_from_the_last_start_player() -> None:
    st = start(4, first=1)
    assert st.order == [1, 2, 3, 0]
    assert st.current_player == 1
    st.apply(A.bid_id(1))
    assert st.current_player == 2
    st.apply(A.DROP)
    assert st.current_player == 3
    st.apply(A.DROP)
    st.apply(A.bid_id(2))           # seat 0
    assert st.current_player == 1, "dropped seats are skipped"
    st.apply(A.DROP)
    assert st.order == [0, 1, 3, 2]


# ---------------------------------------------------------------- action phase (W3)
def test_w3_each_player_takes_two_actions_per_round_in_turn_order() -> None:
    st = start(3, first=0)
    for _ in range(2):
        st.apply(A.DROP)
    assert st.order == [2, 1, 0]
    actors = []
    while top(st) in (Act, Hire2):
        if top(st) is Act:
            actors.append(st.current_player)
        st.apply(st.legal_actions()[-1] if top(st) is Hire2 else _hire_or_first(st))
    assert actors == [2, 1, 0, 2, 1, 0]


def _hire_or_first(st: object) -> int:
    ids = st.legal_action_ids()  # type: ignore[attr-defined]
    hires = [i for i in ids if A.HIRE <= i < A.HIRE2]
    return hires[0] if hires else ids[0]


def test_boxes_limit_actions_per_round() -> None:
    st = start(4)
    act(st, 0, boxes={"hire": 1})
    st.apply(A.HIRE + ABILENE)
    st.apply(A.HIRE_STOP)
    assert st.boxes_left[BOX["hire"]] == 0
    set_stack(st, Turn(1))
    assert not any(A.HIRE <= a.id < A.HIRE2 for a in st.legal_actions())
    with pytest.raises(IllegalAction, match="no hire box"):
        st.apply(A.HIRE + ABILENE)


@pytest.mark.parametrize(("players", "cattle", "gunfight"), [(3, 2, 2), (4, 3, 3), (5, 3, 3)])
def test_action_boxes_by_player_count(players: int, cattle: int, gunfight: int) -> None:
    st = start(players)
    while top(st) is Bid:
        st.apply(A.DROP)
    assert st.boxes_left[BOX["cattle"]] == cattle
    assert st.boxes_left[BOX["hire"]] == cattle
    assert st.boxes_left[BOX["gunfight"]] == gunfight
    assert st.boxes_left[BOX["build_hotel"]] == 1, "one box per counter type"


def test_a_player_with_no_possible_action_passes() -> None:
    st = start(3)
    empty_board(st)
    st.money[0] = 0
    st.boxes_left = [0] * len(st.boxes_left)
    set_stack(st, END, Turn(0))
    assert "passes" in st.log_for(None)[-1]


# ---------------------------------------------------------------- the actions
def test_buy_cattle_needs_an_own_cowboy_in_the_town() -> None:
    st = start(3)
    empty_board(st)
    put(st, 0, SAN_ANTONIA, cowboys=1)
    act(st, 0)
    buys = [t for t in texts(st) if t.startswith("buy") and "cattle" in t]
    assert buys == ["buy 1 cattle in San Antonia", "buy 2 cattle in San Antonia"]
    st.apply("buy 2 cattle in San Antonia")
    assert st.cattle[0 * T + SAN_ANTONIA] == 2 and st.money[0] == 18, "$1 a head"


def test_buy_cattle_by_default_anywhere_with_an_own_cowboy() -> None:
    """Rule text: "Buy Cattle in a town containing their cowboy(s)". By default that is the
    only condition (option ``cattle_spread = "free"``): no cattle of one's own are needed in
    the previous town, and a town without an own cowboy is closed."""
    assert WayOutWestOptions().cattle_spread == "free"
    st = start(3)
    empty_board(st)
    put(st, 0, DEADWOOD, cowboys=1)
    act(st, 0)
    buys = [t for t in texts(st) if t.startswith("buy") and "cattle" in t]
    assert buys == ["buy 1 cattle in Deadwood", "buy 2 cattle in Deadwood"]
    st.apply("buy 2 cattle in Deadwood")
    assert st.cattle[0 * T + DEADWOOD] == 2


def test_cattle_spread_from_town_1_towards_town_5() -> None:
    """Facts sheet (S4, incomplete): cattle spread "gradually from town 1 towards town 5";
    U4 reads it as a house rule: "chain" = buying in town k needs own cattle in town k-1;
    "fill" = town k opens once every corral of town k-1 is full."""
    st = start(3, options={"cattle_spread": "chain"})
    empty_board(st)
    put(st, 0, KANSAS_CITY, cowboys=1)
    act(st, 0)
    assert not any("cattle in Kansas City" in t for t in texts(st))
    put(st, 0, SAN_ANTONIA, cattle=1)
    act(st, 0)
    assert "buy 1 cattle in Kansas City" in texts(st)
    # the "fill" option: town 2 opens once every corral of town 1 is full
    st = start(3, options={"cattle_spread": "fill"})
    empty_board(st)
    put(st, 0, KANSAS_CITY, cowboys=1)
    put(st, 1, SAN_ANTONIA, cattle=DATA.towns[0].corrals - 1)
    act(st, 0)
    assert not any("cattle in Kansas City" in t for t in texts(st))
    put(st, 2, SAN_ANTONIA, cattle=1)
    act(st, 0)
    assert "buy 2 cattle in Kansas City" in texts(st)


def test_corrals_limit_cattle() -> None:
    st = start(3)
    empty_board(st)
    put(st, 0, SAN_ANTONIA, cowboys=1)
    put(st, 1, SAN_ANTONIA, cattle=DATA.towns[0].corrals - 1)
    act(st, 0)
    assert [t for t in texts(st) if t.startswith("buy") and "cattle" in t] == [
        "buy 1 cattle in San Antonia"
    ]


def test_hire_cowboys_one_or_two_at_a_dollar_each() -> None:
    st = start(3)
    act(st, 0)
    st.apply("hire a cowboy into Deadwood")
    assert st.current_player == 0 and "hire no second cowboy" in texts(st)
    st.apply("hire a second cowboy into Abilene")
    assert st.cowboys[DEADWOOD] == 1 and st.cowboys[ABILENE] == 1
    assert st.money[0] == 18


def test_move_cowboys_any_number_from_one_town_to_another() -> None:
    st = start(3)
    empty_board(st)
    put(st, 0, ABILENE, cowboys=3)
    act(st, 0)
    moves = [t for t in texts(st) if t.startswith("move") and "cowboy" in t]
    assert len(moves) == 3 * 4
    st.apply("move 3 cowboys from Abilene to Deadwood")
    assert st.cowboys[DEADWOOD] == 3 and st.cowboys[ABILENE] == 0


def test_w9_stagecoach_earns_per_cowboy_moved_out_or_in_or_hired() -> None:
    st = start(3)
    empty_board(st)
    build(st, 0, ABILENE, "stagecoach")
    build(st, 2, DEADWOOD, "stagecoach")
    put(st, 1, ABILENE, cowboys=2)
    act(st, 1)
    st.apply("move 2 cowboys from Abilene to Deadwood")
    assert st.money[0] == 22, "A +$2 for two cowboys moved out of its town"
    assert st.money[2] == 22, "and $2 to the StageCoach where they arrive"
    act(st, 1)
    st.apply("hire a cowboy into Abilene")
    assert st.money[0] == 23, "a cowboy placed in the town"


def test_move_cattle_to_a_neighbouring_town_with_an_own_cowboy() -> None:
    st = start(3)
    empty_board(st)
    put(st, 0, KANSAS_CITY, cattle=2)
    put(st, 0, ABILENE, cowboys=1)
    act(st, 0)
    moves = [t for t in texts(st) if t.startswith("move") and "cattle" in t]
    assert moves == ["move 1 cattle from Kansas City to Abilene",
                     "move 2 cattle from Kansas City to Abilene"]
    put(st, 0, SAN_ANTONIA, cowboys=1)
    put(st, 0, DODGE_CITY, cowboys=1)
    act(st, 0)
    assert not any("to Dodge City" in t and "cattle" in t for t in texts(st)), "not adjacent"
    assert "move 1 cattle from Kansas City to San Antonia" in texts(st)


def test_buying_counters_prices_and_limits() -> None:
    st = start(3)
    empty_board(st)
    act(st, 0)
    st.apply("buy a Train in San Antonia")
    assert st.money[0] == 20 - DATA.counter("train").price == 0
    st.money[0] = 100
    act(st, 0)
    assert "buy a Train in San Antonia" not in texts(st), "one box per type per round"
    build(st, 0, SAN_ANTONIA, "hotel")
    act(st, 0)
    assert not any(t.endswith("in San Antonia") and t.startswith("buy a") for t in texts(st)), (
        "at most two counters of one player in a town"
    )
    act(st, 1)
    assert not any(t.startswith("buy a Hotel in San Antonia") for t in texts(st)), (
        "one counter of each type per town"
    )
    build(st, 1, SAN_ANTONIA, "bank")
    act(st, 2)
    assert not any(t.startswith("buy a") and t.endswith("San Antonia") for t in texts(st)), (
        "San Antonia has 3 building spaces"
    )


def test_farmer_one_per_town() -> None:
    st = start(3)
    farmer(st, ABILENE)
    act(st, 0)
    farmers = [t for t in texts(st) if "Farmer" in t and t.startswith("place")]
    assert len(farmers) == 4 and "place a Farmer in Abilene" not in farmers


def test_one_farmer_each_option() -> None:
    st = start(3, options={"one_farmer_each": True})
    act(st, 0)
    st.apply("place a Farmer in Abilene")
    act(st, 0)
    assert not any("Farmer" in t and t.startswith("place") for t in texts(st))


# ---------------------------------------------------------------- income (W4-W8)
def _income_town(**kw: int) -> int:
    st = start(3)
    empty_board(st)
    put(st, 0, ABILENE, cattle=3)
    if kw.get("farmer"):
        farmer(st, ABILENE)
    if kw.get("train"):
        build(st, 1, ABILENE, "train")
    return scoring.income_parts(st, 0)["cattle"]


def test_w4_w5_w6_cattle_income() -> None:
    assert _income_town() == 6
    assert _income_town(farmer=1) == 3
    assert _income_town(train=1) == 12, "whoever owns the Train"
    assert _income_town(farmer=1, train=1) == 6, "U15: $1 doubled"


def test_w7_store_income() -> None:
    st = start(3)
    empty_board(st)
    build(st, 0, ABILENE, "store")
    put(st, 1, ABILENE, cattle=2)
    put(st, 0, ABILENE, cattle=1)
    farmer(st, ABILENE)
    assert scoring.income_parts(st, 0)["store"] == 4


def test_w8_hotel_income() -> None:
    st = start(3)
    empty_board(st)
    build(st, 0, ABILENE, "hotel")
    put(st, 1, ABILENE, cowboys=3)
    put(st, 0, ABILENE, cowboys=2)
    assert scoring.income_parts(st, 0)["hotel"] == 3


def test_bank_income_two_dollars_per_counter_in_its_town() -> None:
    st = start(3)
    empty_board(st)
    build(st, 0, DEADWOOD, "bank")
    build(st, 1, DEADWOOD, "hotel")
    build(st, 2, DEADWOOD, "jail")
    assert scoring.income_parts(st, 0)["bank"] == 6, "U17: itself included"


def test_income_is_paid_after_rounds_3_6_9_12_only() -> None:
    st = start(3)
    empty_board(st)
    put(st, 0, ABILENE, cattle=1)
    for r in range(1, 13):
        st.round = r
        before = st.money[0]
        set_stack(st, EndRound())
        st.stack = []
        assert st.money[0] - before == (2 if r in (3, 6, 9, 12) else 0), r


def test_the_game_ends_after_round_12() -> None:
    st = start(3)
    st.round = 11
    st.stack = [EndRound()]
    settle(st)
    assert not st.is_terminal() and st.round == 12
    st.round = 12
    st.stack = [EndRound()]
    settle(st)
    assert st.is_terminal()


def test_nine_rounds_option_only_with_4_or_5_players() -> None:
    with pytest.raises(BadOptions):
        new(3, {"nine_rounds": True})
    st = new(4, {"nine_rounds": True})
    assert st.rounds == 9 and st.income_after == (3, 6, 9)


# ---------------------------------------------------------------- final scoring (W10-W13)
def test_w10_a_building_scores_its_town_size() -> None:
    st = start(3)
    empty_board(st)
    build(st, 0, DEADWOOD, "hotel")
    build(st, 1, DEADWOOD, "bank")
    build(st, 2, DEADWOOD, "store")
    build(st, 1, DEADWOOD, "jail")
    assert st.town_size(DEADWOOD) == 4
    assert scoring.breakdown(st)["seats"][0]["counters"] == 4


@pytest.mark.parametrize(
    ("train", "has_farmer", "vp"), [(0, 0, 1), (1, 0, 2), (0, 1, 0), (1, 1, 1)]
)
def test_w11_cattle_points(train: int, has_farmer: int, vp: int) -> None:
    st = start(3)
    empty_board(st)
    put(st, 0, ABILENE, cattle=3)
    if train:
        build(st, 1, ABILENE, "train")
    if has_farmer:
        farmer(st, ABILENE)
    assert scoring.breakdown(st)["seats"][0]["cattle"] == 3 * vp


def test_w12_town_control_counts_counters_and_cattle() -> None:
    st = start(3)
    empty_board(st)
    build(st, 0, DODGE_CITY, "hotel")
    build(st, 0, DODGE_CITY, "store")
    build(st, 1, DODGE_CITY, "jail")
    put(st, 0, DODGE_CITY, cattle=1)
    put(st, 1, DODGE_CITY, cattle=3)
    seats = scoring.breakdown(st)["seats"]
    assert seats[0]["counters"] == 6 and seats[1]["counters"] == 3
    assert seats[1]["town_control"] == 3 and seats[0]["town_control"] == 0
    assert seats[0]["cattle"] == 1 and seats[1]["cattle"] == 3


def test_control_tie_scores_nobody_by_default() -> None:
    for mode, expected in (("nobody", [0, 0]), ("shared", [2, 2])):
        st = start(3, options={"control_ties": mode})
        empty_board(st)
        build(st, 0, ABILENE, "hotel")
        build(st, 1, ABILENE, "store")
        seats = scoring.breakdown(st)["seats"]
        assert [seats[0]["town_control"], seats[1]["town_control"]] == expected


def test_w13_most_money() -> None:
    st = start(3)
    empty_board(st)
    st.money = [30, 10, 5]
    assert [x["most_money"] for x in scoring.breakdown(st)["seats"]] == [5, 0, 0]
    st.money = [30, 30, 5]
    assert [x["most_money"] for x in scoring.breakdown(st)["seats"]] == [2, 2, 0]


def test_most_wanted() -> None:
    st = start(3)
    empty_board(st)
    st.wanted = [3, 1, 0]
    assert [x["most_wanted"] for x in scoring.breakdown(st)["seats"]] == [4, 0, 0]
    st.wanted = [3, 3, 0]
    assert [x["most_wanted"] for x in scoring.breakdown(st)["seats"]] == [2, 2, 0]
    st = start(3, options={"wanted_ties": "all"})
    st.wanted = [3, 3, 0]
    assert [x["most_wanted"] for x in scoring.breakdown(st)["seats"]] == [4, 4, 0]


@pytest.mark.parametrize("wanted_ties", ["split", "all", "nobody"])
def test_most_money_and_most_wanted_when_every_player_has_none(wanted_ties: str) -> None:
    """Rule text: "The Player with most money gains 5 victory points (2 each in case of a
    tie). The Player with the most Wanted counters scores 4 victory points." When every
    player has $0 (or no Wanted counter), option ``all_zero_bonus``: "none" (default) =
    nobody has the most; "tie" = all are tied and score the tie bonus. Every seat scores
    the same under both, so the winner is the same."""
    assert WayOutWestOptions().all_zero_bonus == "none"
    tie_each = {"split": 2, "all": 4, "nobody": 0}[wanted_ties]
    results = {}
    for mode in ("none", "tie"):
        st = start(3, options={"all_zero_bonus": mode, "wanted_ties": wanted_ties})
        empty_board(st)
        build(st, 1, ABILENE, "hotel")
        st.money = [0, 0, 0]
        st.wanted = [0, 0, 0]
        bd = scoring.breakdown(st)
        seats = bd["seats"]
        results[mode] = bd
        money = [x["most_money"] for x in seats]
        wanted = [x["most_wanted"] for x in seats]
        if mode == "none":
            assert money == [0, 0, 0] and wanted == [0, 0, 0]
        else:
            assert money == [2, 2, 2] and wanted == [tie_each] * 3
    assert results["none"]["winners"] == results["tie"]["winners"] == [1]
    # with money somewhere, the rule applies as usual under both modes
    for mode in ("none", "tie"):
        st = start(3, options={"all_zero_bonus": mode})
        empty_board(st)
        st.money, st.wanted = [0, 4, 4], [0, 0, 1]
        seats = scoring.breakdown(st)["seats"]
        assert [x["most_money"] for x in seats] == [0, 2, 2]
        assert [x["most_wanted"] for x in seats] == [0, 0, 4]


def test_most_points_wins_then_most_money() -> None:
    st = start(3)
    empty_board(st)
    build(st, 0, ABILENE, "hotel")   # 1 + control 1 = 2
    st.money = [1, 3, 3]              # seats 1 and 2 share +2 for money
    bd = scoring.breakdown(st)
    assert bd["totals"] == [2, 2, 2]
    assert bd["winners"] == [1, 2], "ties broken by money; still tied: a shared win"
