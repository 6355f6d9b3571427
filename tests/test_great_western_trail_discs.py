"""Where a disc comes from when the player board cannot give one (issue 11, item 6): the
facts sheet's B1.4 exceptions, the dark disc on a white destination (U12, option
``dark_disc_on_white``) and Kansas City, which stays deliverable whatever the discs."""

from __future__ import annotations

import pytest

from boomtown.engine import TERMINAL
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import buildings as B
from boomtown.games.great_western_trail import kansas_city as KC
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail import scoring
from boomtown.games.great_western_trail.data import CITIES, DISC_ROWS, STATIONS
from gwt_scenario import (
    city,
    disc_row,
    edit,
    game,
    in_turn,
    kansas_city,
    phase,
    play_on,
    run_frames,
)

HAND = disc_row("hand")
WHITE_ROWS = [r.index for r in DISC_ROWS if not r.dark]
DARK_ROWS = [r.index for r in DISC_ROWS if r.dark]
TOTAL_DISCS = 14


def city_ids(st) -> set[str]:
    return {CITIES[a - A.CITY].key for a in st.legal_action_ids() if A.CITY <= a < A.CITY + 10}


def only(st, rows: dict[int, int], stations: tuple[int, ...] = ()) -> None:
    """Seat 0's discs: ``rows`` on the board, one on each of ``stations``, the rest of the 14
    on Kansas City (which takes any number, so every other city stays open)."""
    st.discs[0] = [rows.get(r.index, 0) for r in DISC_ROWS]
    st.station_discs[0] = [1 if k in stations else 0 for k in range(len(STATIONS))]
    st.city_discs[0] = [0] * len(CITIES)
    st.city_discs[0][R.KANSAS_CITY] = TOTAL_DISCS - sum(st.discs[0]) - len(stations)


def discs_add_up(st) -> None:
    assert st.component_counts()["discs:seat0"] == TOTAL_DISCS


def kc_delivery(st, total: int, money: int):
    """Seat 0 at the delivery subphase with breeding value plus certificates ``total`` (the
    income already paid) and ``money`` dollars, engine on the start."""
    st.money[0] = money
    st.engine[0] = 0
    return run_frames(st, *kansas_city(0, 4, total))


def station_offer(st, k: int, money: int):
    st.money[0] = money
    return run_frames(st, R.StationOffer(0, k))


# ------------------------------------------------------------------ B1.4, station upgrades
def test_station_upgrade_takes_a_disc_back_from_a_station_when_the_board_has_none() -> None:
    """Facts B1.4: "If no disc can be cleared (none left, or only the $5 hand discs and the
    player cannot pay), take one of your discs off a train station instead"; the rulebook's
    special cases apply it to "a station space while upgrading it" too."""
    st = edit(game())
    only(st, {}, stations=(1,))
    station_offer(st, 6, money=10)
    assert set(st.legal_action_ids()) == {A.UPGRADE + 6, A.DECLINE}
    st.apply(A.UPGRADE + 6)
    assert st.legal_action_ids() == [A.UNSTATION + 1]
    st.apply(A.UNSTATION + 1)
    assert st.station_discs[0][1] == 0 and st.station_discs[0][6] == 1
    assert st.money[0] == 10 - STATIONS[6].cost
    discs_add_up(st)


def test_station_upgrade_with_only_unpayable_hand_discs_takes_a_station_disc() -> None:
    """Facts B1.4: "only the $5 hand discs and the player cannot pay" counts as no disc that
    can be cleared; the $5 is what is left after the station's cost."""
    st = edit(game())
    only(st, {HAND: 2}, stations=(0,))
    cost = STATIONS[4].cost
    station_offer(st, 4, money=cost + 4)
    st.apply(A.UPGRADE + 4)
    assert st.legal_action_ids() == [A.UNSTATION + 0]
    st = edit(game())
    only(st, {HAND: 2}, stations=(0,))
    station_offer(st, 4, money=cost + 5)
    st.apply(A.UPGRADE + 4)
    assert st.legal_action_ids() == [A.DISC + HAND]  # a disc can be cleared: no fallback
    st.apply(A.DISC + HAND)
    assert st.money[0] == 0 and R.hand_limit(st, 0) == 5


def test_the_station_fallback_is_optional_and_never_uses_the_station_itself() -> None:
    """FAQ: "Upgrade train station (optional): you MAY take a disc from a train station";
    facts B1.4: "BGF forbids taking it from the station just upgraded"."""
    st = edit(game())
    only(st, {}, stations=(0,))
    for k in range(1, len(STATIONS)):
        assert R.disc_sources(st, 0, "station", k, STATIONS[k].cost) == [A.UNSTATION]
    assert not R.station_can_upgrade(st, 0, 0)  # the seat's disc is already there
    station_offer(st, 3, money=10)
    st.apply(A.DECLINE)
    assert st.station_discs[0] == [1] + [0] * (len(STATIONS) - 1) and st.money[0] == 10


def test_no_disc_anywhere_but_on_cities_means_no_station_upgrade() -> None:
    """A station shows the disc of each player who upgraded it (facts B5.1: "Upgrade = pay
    the cost + place a disc"): with every disc on a city there is none to place, so the
    upgrade is not offered (a station upgrade, unlike a delivery, is never compulsory)."""
    st = edit(game())
    only(st, {})
    station_offer(st, 2, money=20)
    assert st.current_player == TERMINAL and st.money[0] == 20


# ------------------------------------------------------------------ B1.4, deliveries
def test_city_delivery_must_take_a_station_disc() -> None:
    """FAQ: "Delivery to city (mandatory): you MUST take a disc from a train station. You
    never take discs from cities; only from train stations." The delivery is not skipped."""
    st = edit(game())
    only(st, {}, stations=(2, 5))
    kc_delivery(st, total=8, money=8)
    assert city_ids(st) == {"kansas_city", "topeka", "wichita", "colorado_springs", "santa_fe"}
    st.apply(A.CITY + city("santa_fe"))
    assert set(st.legal_action_ids()) == {A.UNSTATION + 2, A.UNSTATION + 5}
    st.apply(A.UNSTATION + 5)
    assert st.city_discs[0][city("santa_fe")] == 1 and st.station_discs[0][5] == 0
    discs_add_up(st)


def test_kansas_city_six_dollars_pay_the_hand_disc() -> None:
    """FAQ: "If you arrive in Kansas and you have already placed all of your discs except the
    black one(s) costing $5 and you have less than $5 after selling your cows ..., you must
    place the black disc and pay the $5 (in Kansas you receive $6. Use this money to pay the
    cost for the black disc you just placed)"; rule text: "Kansas City is always possible"."""
    st = edit(game())
    only(st, {HAND: 2})
    kc_delivery(st, total=3, money=3)
    assert city_ids(st) == {"kansas_city"}  # elsewhere the hand disc cannot be paid
    st.apply(A.CITY + R.KANSAS_CITY)
    assert st.legal_action_ids() == [A.DISC + HAND]
    st.apply(A.DISC + HAND)
    assert st.money[0] == 3 + 6 - 5 and R.hand_limit(st, 0) == 5
    discs_add_up(st)
    # a disc can be cleared on Kansas City, so no station disc is taken there; other cities
    # fall back on the station
    st = edit(game())
    only(st, {HAND: 1}, stations=(3,))
    st.money[0] = 2
    assert R.disc_sources(st, 0, "city", R.KANSAS_CITY) == [A.DISC + HAND]
    assert R.disc_sources(st, 0, "city", city("topeka")) == [A.UNSTATION + 3]


def test_every_disc_on_a_city_the_delivery_counts_without_one() -> None:
    """Facts B1.4: "If all remaining discs sit on cities, nothing happens (BGF)": no disc
    moves, and the delivery itself still counts, as BGF records it: Kansas City pays its $6
    now and costs 6 points at the end."""
    st = edit(game())
    only(st, {})
    points = scoring.city_points(st.city_discs[0])
    kc_delivery(st, total=0, money=0)
    assert city_ids(st) == {"kansas_city"}
    st.apply(A.CITY + R.KANSAS_CITY)
    assert st.current_player == TERMINAL  # no disc to choose; on to the way back
    assert st.money[0] == 6 and st.discless[0] == 1
    assert scoring.city_points(st.city_discs[0]) == points - 6
    discs_add_up(st)
    view = st.view(0)["state"]["players"][0]
    assert view["deliveries_without_disc"] == 1


# ------------------------------------------------------------------ U12 and Kansas City
def test_dark_disc_on_white_city_by_default_only_when_no_white_disc_is_left() -> None:
    """Facts U12 (proposed default): "a dark-space disc may be used (FAQ, R2, BGF); only in
    that case (D3)"; the rulebook's special cases: "If you are supposed to place a disc onto
    a space with white corners but only happen to have discs on disc spaces with dark
    corners left, you are allowed to place a disc from a disc space with dark corners"."""
    st = edit(game())
    assert st.options.dark_disc_on_white == "when_no_white"
    only(st, {r: 1 for r in DARK_ROWS if r != HAND} | {disc_row("aux_money"): 1})
    assert R.disc_sources(st, 0, "city", city("wichita")) == [A.DISC + disc_row("aux_money")]
    assert R.disc_sources(st, 0, "station", 0) == [A.DISC + disc_row("aux_money")]
    only(st, {r: 1 for r in DARK_ROWS if r != HAND})
    dark = {A.DISC + r for r in DARK_ROWS if r != HAND}
    assert set(R.disc_sources(st, 0, "city", city("wichita"))) == dark
    assert set(R.disc_sources(st, 0, "station", 0)) == dark


def test_strict_reading_keeps_dark_discs_off_white_destinations_but_kansas_city() -> None:
    """Option ``dark_disc_on_white = "kansas_city_only"``, the rule text read strictly: "a
    disc from a space with dark corners fits only a city with dark corners (Albuquerque, El
    Paso, Sacramento, San Francisco)", yet "Kansas City is always possible". A white city or
    station then takes a disc back from a station (facts B1.4) or cannot be chosen."""
    st = edit(game(options={"dark_disc_on_white": "kansas_city_only"}))
    only(st, {disc_row("cert6"): 1, disc_row("step_vp"): 1})
    dark = {A.DISC + disc_row("cert6"), A.DISC + disc_row("step_vp")}
    assert R.disc_sources(st, 0, "city", city("wichita")) == []
    assert set(R.disc_sources(st, 0, "city", city("albuquerque"))) == dark
    assert set(R.disc_sources(st, 0, "city", R.KANSAS_CITY)) == dark
    assert R.disc_sources(st, 0, "station", 1) == []
    assert set(R.disc_sources(st, 0, "station", 5)) == dark
    kc_delivery(st, total=10, money=10)
    assert city_ids(st) == {"kansas_city", "albuquerque"}
    only(st, {disc_row("cert6"): 1}, stations=(7,))
    assert R.disc_sources(st, 0, "city", city("wichita")) == [A.UNSTATION + 7]
    assert R.disc_sources(st, 0, "station", 1) == [A.UNSTATION + 7]


SITUATIONS = {
    "full board": ({r.index: r.discs for r in DISC_ROWS}, ()),
    "only dark discs": ({r: 1 for r in DARK_ROWS}, ()),
    "only hand discs": ({HAND: 2}, ()),
    "one station disc": ({}, (4,)),
    "hand discs and a station disc": ({HAND: 1}, (8,)),
    "every disc on a city": ({}, ()),
}


@pytest.mark.parametrize("option", ["when_no_white", "kansas_city_only"])
@pytest.mark.parametrize("situation", sorted(SITUATIONS))
def test_kansas_city_is_always_deliverable(option: str, situation: str) -> None:
    """Rule text: "Your income comes first, so you can always pay; if you cannot, choose
    another city — Kansas City is always possible." With no money, a total of 0 and any
    discs left, under either reading of U12, the delivery to Kansas City is offered, moves
    at most one disc, pays $6 and the game goes on."""
    st = edit(game(options={"dark_disc_on_white": option}))
    rows, stations = SITUATIONS[situation]
    only(st, rows, stations)
    st.money[0] = 0
    st.engine[0] = 0
    assert A.CITY + R.KANSAS_CITY in KC.city_options(st, 0, 0)
    in_turn(st, *kansas_city(0, 4, 0))
    assert city_ids(st) == {"kansas_city"}
    before = st.city_discs[0][R.KANSAS_CITY]
    st.apply(A.CITY + R.KANSAS_CITY)
    if phase(st) == "disc":
        st.apply(st.legal_action_ids()[0])
    assert st.city_discs[0][R.KANSAS_CITY] == before + 1
    assert st.money[0] in (6, 1)  # $6, less $5 if the hand disc went
    discs_add_up(st)
    assert play_on(st, 7) > 0


def test_extraordinary_delivery_follows_the_same_disc_rules() -> None:
    """Facts B6.2, 9a: "place a disc on a city ... following the repeat and disc rules";
    with no board disc the station disc comes back (B1.4)."""
    st = edit(game())
    only(st, {}, stations=(6,))
    st.engine[0] = 2 * 12
    run_frames(st, B.XdEngine(0))
    st.apply(A.ENGINE + 2 * 2)  # 10 spaces back
    assert A.CITY + city("albuquerque") in st.legal_action_ids()
    st.apply(A.CITY + city("albuquerque"))
    assert st.legal_action_ids() == [A.UNSTATION + 6]
