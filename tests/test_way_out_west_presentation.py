"""Way Out West's presentation contract: ids in the view, prompts, described actions and the
catalogue generated from the data file."""

from __future__ import annotations

import dataclasses
import re

import pytest

from boomtown.engine import CHANCE, BadOptions
from boomtown.engine.catalogue import base_id, ids_in
from boomtown.engine.machine import AUTO
from boomtown.games.way_out_west import RULESET, presentation, rules
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west import catalogue as cat
from boomtown.games.way_out_west import ids as I
from boomtown.games.way_out_west.data import DATA
from boomtown.games.way_out_west.state import BOX_KEYS, WOW, WayOutWestState
from wow_scenario import (
    ABILENE,
    DEADWOOD,
    DODGE_CITY,
    KANSAS_CITY,
    SAN_ANTONIA,
    EndOfTest,
    act,
    build,
    counter,
    empty_board,
    new,
    put,
    start,
)

CATALOGUE = RULESET.catalogue()


def board(players: int = 3, **options: object) -> WayOutWestState:
    st = start(players, options=dict(options))
    empty_board(st)
    return st


def shown(st: WayOutWestState, seat: int) -> set[str]:
    """The ids seat ``seat``'s view shows outside its prompt and its list of actions."""
    view = st.view(seat)
    return ids_in({k: v for k, v in view.items() if k not in ("legal_actions", "prompt")})


def targets(st: WayOutWestState, aid: int) -> tuple[str, ...]:
    described = st.describe(aid)
    assert set(described.targets) <= shown(st, st.current_player), described
    return described.targets


# ---------------------------------------------------------------- ids in the view
def test_the_view_names_towns_seats_counters_and_pieces_by_id() -> None:
    st = board()
    build(st, 1, ABILENE, "bank")
    build(st, 2, ABILENE, "jail")
    put(st, 0, ABILENE, cowboys=2, cattle=1)
    act(st, 0)
    state = st.view(0)["state"]
    town = state["towns"][ABILENE]
    assert town["id"] == "town:3" and town["town"] == ABILENE, "towns are numbered 1 to 5"
    assert town["counters"] == {"Bank": 1, "Jail": 2}, "the old fields keep their meaning"
    assert town["counter_ids"] == {c.name: f"counter:{c.key}@3" for c in DATA.counters}
    assert town["cowboy_ids"][0] == "token:cowboy@3.0"
    assert town["cattle_ids"][0] == "token:cattle@3.0"
    assert town["sheriff_id"] == "token:sheriff@3", "a Jail brings its sheriff"
    assert state["towns"][DEADWOOD]["counter_ids"]["Bank"] == "counter:bank@5", "every place"
    assert [p["id"] for p in state["players"]] == ["seat:0", "seat:1", "seat:2"]
    assert state["players"][1]["counter_supply_ids"]["Bank"] == "counter:bank@supply.1"
    assert state["turn_order_ids"] == ["turn:1", "turn:2", "turn:3"]
    assert list(state["box_ids"]) == list(state["boxes_left"]) == list(BOX_KEYS)
    for ref in ids_in(state):
        assert ref in CATALOGUE or base_id(ref).split(":")[0] in ("seat", "turn"), ref


def test_a_gunfight_in_the_view_names_its_town_target_and_sides() -> None:
    st = board()
    build(st, 1, DEADWOOD, "bank")
    put(st, 0, DEADWOOD, cowboys=3)
    put(st, 1, DEADWOOD, cowboys=1)
    act(st, 0)
    st.apply(A.attack_id(DEADWOOD, counter("bank")))
    fight = st.view(None)["state"]["gunfight"]
    assert (fight["town_id"], fight["attacker_id"], fight["defender_id"]) == (
        "town:5", "seat:0", "seat:1")
    # the target is named by the prompt of every decision of the fight
    assert st.prompt(None).subjects == ("town:5", "counter:bank@5")


# ---------------------------------------------------------------- prompts
def test_every_kind_of_decision_has_its_own_prompt() -> None:
    deciding = {name for name, nature, _ in WOW.vocabulary() if nature != AUTO}
    deciding.discard(EndOfTest.__name__)  # the tests' own step (wow_scenario)
    assert {step.__name__ for step in presentation.PROMPTS} == deciding
    assert set(presentation.PROMPTS) == set(rules.DECISION_NAMES)


def test_set_up_prompts_count_the_cowboys_placed() -> None:
    st = new(3)
    p = st.prompt(None)
    assert (p.seat, p.title, p.for_seat) == (CHANCE, "Roll for the start player", None)
    st.apply(A.START + 1)
    p = st.prompt(2)
    assert (p.seat, p.title, p.progress) == (1, "Set-up: place a cowboy in a town",
                                             "cowboy 1 of 3")
    for _ in range(3):  # one cowboy each
        st.apply(A.PLACE + SAN_ANTONIA)
    assert st.prompt(1).progress == "cowboy 2 of 3"
    assert targets(st, A.PLACE + DODGE_CITY) == ("town:4", "token:cowboy@supply.1")


def test_the_bidding_prompt_names_the_high_bid_and_the_costs() -> None:
    st = start(3)  # seat 0 bids first
    p = st.prompt(0)
    assert p.title == "Open the bidding or drop out — no bid yet"
    assert p.progress == "3 of 3 still bidding"
    assert st.describe(A.DROP).cost == "", "dropping out at $0 costs nothing"
    assert targets(st, A.DROP) == ("turn:3",), "a drop-out takes the last free space"
    st.apply(A.bid_id(4))
    p = st.prompt(1)
    assert (p.seat, p.title) == (1, "Raise the bid or drop out — high bid $4 by seat 0")
    assert "seat:0" in p.subjects
    assert st.describe(A.bid_id(5)).cost == "$5"
    assert targets(st, A.bid_id(5)) == ("turn:1",)
    st.apply(A.bid_id(5))
    st.apply(A.DROP)  # seat 2
    p = st.prompt(0)
    assert p.progress == "2 of 3 still bidding"
    assert "pays your bid" in p.hint
    assert st.describe(A.DROP).cost == "$4"
    assert targets(st, A.DROP) == ("turn:2",)


def test_the_action_prompt_counts_the_actions_of_the_round() -> None:
    st = start(3)
    st.apply(A.DROP)
    st.apply(A.DROP)  # seat 2 is the last bidder and the start player
    assert st.current_player == 2
    p = st.prompt(2)
    assert (p.title, p.progress) == ("Choose an action box", "action 1 of 2, round 1 of 12")
    assert "box:gunfight" in p.subjects
    st.apply(A.HIRE + SAN_ANTONIA)
    p = st.prompt(None)
    assert (p.seat, p.title) == (2, "Hire a second cowboy: into which town?")
    assert p.progress == "cowboy 2 of 2"
    assert st.describe(A.HIRE2 + DEADWOOD).cost == f"${DATA.box('hire').price}"
    assert st.describe(A.HIRE_STOP).targets == ()
    st.apply(A.HIRE_STOP)
    for seat in (1, 0):  # the others (the later drop-out first) buy cattle where they stand
        assert st.current_player == seat
        st.apply(A.buy_cattle_id(SAN_ANTONIA, 1))
    assert st.current_player == 2 and st.prompt(2).progress == "action 2 of 2, round 1 of 12"


def test_action_phase_targets_name_the_town_first_and_cost_the_prices() -> None:
    st = board()
    put(st, 0, SAN_ANTONIA, cowboys=3)
    put(st, 0, KANSAS_CITY, cowboys=1, cattle=2)
    act(st, 0)
    assert targets(st, A.move_cowboys_id(SAN_ANTONIA, DEADWOOD, 2)) == (
        "town:1", "town:5", "box:move_cowboys", "token:cowboy@1.0")
    assert targets(st, A.move_cattle_id(KANSAS_CITY, SAN_ANTONIA, 1)) == (
        "town:2", "town:1", "box:move_cattle", "token:cattle@2.0")
    bank = counter("bank")
    assert targets(st, A.build_id(ABILENE, bank)) == (
        "town:3", "counter:bank@supply.0", "box:build_bank")
    assert st.describe(A.build_id(ABILENE, bank)).cost == f"${DATA.counter('bank').price}"
    assert st.describe(A.buy_cattle_id(SAN_ANTONIA, 2)).cost == f"${2 * DATA.box('cattle').price}"
    assert st.describe(A.buy_cattle_id(SAN_ANTONIA, 2)).kind == "buy"
    assert targets(st, A.FARMER + ABILENE) == ("town:3", "token:farmer@supply", "box:farmer")


def test_gunfight_prompts_step_by_step() -> None:
    st = board()
    build(st, 1, DEADWOOD, "bank")
    build(st, 2, DEADWOOD, "jail")
    put(st, 0, DEADWOOD, cowboys=3)
    put(st, 1, DEADWOOD, cowboys=1)
    act(st, 0)
    attack = A.attack_id(DEADWOOD, counter("bank"))
    assert targets(st, attack) == ("town:5", "counter:bank@5", "box:gunfight")
    assert st.describe(attack).kind == "gunfight"
    st.apply(attack)
    # the Jail's owner (a third player) decides about his sheriff
    p = st.prompt(None)
    assert p.seat == 2
    assert p.title == ("Your sheriff in Deadwood: defend seat 1's Bank in Deadwood against "
                       "seat 0, or stay out?")
    assert p.subjects == ("town:5", "counter:bank@5", "token:sheriff@5")
    assert targets(st, A.SHERIFF_DEF) == ("token:sheriff@5", "town:5")
    st.apply(A.SHERIFF_DEF)
    # 3 against 1 cowboy + sheriff + the Bank's own defender: both sides fire together
    p = st.prompt(0)
    assert (p.seat, p.title) == (0, "Fire or retreat: the gunfight over seat 1's Bank in Deadwood")
    assert "3 fighters against 3" in p.hint and "both sides fire together" in p.hint
    assert st.describe(A.FIRE).targets == ()
    st.apply(A.FIRE)
    st.apply(A.FIRE)  # the defender
    p = st.prompt(None)
    assert (p.seat, p.title, p.for_seat) == (CHANCE, "Roll the attacker's volley: 3 dice", 0)
    assert p.subjects == ("town:5", "counter:bank@5")
    st.apply(A.HITS + 3)
    p = st.prompt(None)
    assert (p.title, p.for_seat) == ("Roll the defender's volley: 3 dice", 1)
    st.apply(A.HITS + 0)
    p = st.prompt(None)
    assert (p.seat, p.for_seat) == (CHANCE, 0)
    assert p.title == "Roll 3 dice for the robbery of seat 1's Bank in Deadwood"


def test_casualty_prompts_count_the_hits_left() -> None:
    st = board(casualties="owner_chooses")
    build(st, 1, DODGE_CITY, "bank")
    put(st, 0, DODGE_CITY, cowboys=4)
    put(st, 1, DODGE_CITY, cowboys=2)
    act(st, 0)
    st.apply(A.attack_id(DODGE_CITY, counter("bank")))
    st.apply(A.FIRE)       # the defender, 3 against 4, fires first
    st.apply(A.HITS + 0)
    st.apply(A.FIRE)       # the attacker
    st.apply(A.HITS + 2)
    p = st.prompt(1)
    assert (p.seat, p.title, p.progress) == (1, "A hit: which of your fighters falls?",
                                             "2 hits to take")
    assert targets(st, A.CASUALTY_COWBOY) == ("token:cowboy@4.1",)
    assert targets(st, A.CASUALTY_EXTRA) == ("counter:bank@4",)
    st.apply(A.CASUALTY_COWBOY)
    assert st.prompt(1).progress == "1 hit to take"


def test_retreat_prompts_count_the_cowboys() -> None:
    st = board()
    build(st, 1, ABILENE, "hotel")
    put(st, 0, ABILENE, cowboys=2)
    put(st, 1, ABILENE, cowboys=3)
    act(st, 0)
    st.apply(A.attack_id(ABILENE, counter("hotel")))
    st.apply(A.RETREAT)    # the attacker, fewer, is asked first
    p = st.prompt(0)
    assert (p.title, p.progress) == ("Retreat: which town does a cowboy ride to?",
                                     "cowboy 1 of 2")
    assert targets(st, A.RETREAT_TO + DEADWOOD) == ("town:5", "token:cowboy@3.0")
    st.apply(A.RETREAT_TO + DEADWOOD)
    assert st.prompt(0).progress == "cowboy 2 of 2"


def test_spoils_prompts_name_what_was_won() -> None:
    st = board()
    build(st, 1, KANSAS_CITY, "store")
    put(st, 0, KANSAS_CITY, cowboys=1)
    act(st, 0)
    st.apply(A.attack_id(KANSAS_CITY, counter("store")))
    st.apply(A.FIRE)       # 1 against the default defender: together
    st.apply(A.HITS + 1)
    st.apply(A.HITS + 0)
    p = st.prompt(0)
    assert p.title == "You won seat 1's Store in Kansas City: replace it with your own Store?"
    assert targets(st, A.TAKE_OVER) == ("counter:store@2", "town:2")

    st = board()
    put(st, 1, ABILENE, cattle=3)
    put(st, 0, ABILENE, cowboys=1)
    st.wanted_supply = 0
    st.wanted = [0, 1, 1]
    act(st, 0)
    st.apply(A.attack_id(ABILENE, A.SLOT_CATTLE + 1))
    st.apply(A.FIRE)
    st.apply(A.HITS + 1)
    st.apply(A.HITS + 0)
    p = st.prompt(0)
    assert p.title == "Rustle seat 1's cattle in Abilene: how many (1 to 2)?"
    assert targets(st, A.RUSTLE + 1) == ("token:cattle@3.1", "town:3")
    st.apply(A.RUSTLE + 1)
    p = st.prompt(0)
    assert p.title == "Take a Wanted counter: from whom?"
    assert p.subjects == ("token:wanted@seat.1", "token:wanted@seat.2")
    assert targets(st, A.WANTED_FROM + 2) == ("token:wanted@seat.2", "seat:2")


# ---------------------------------------------------------------- catalogue
def test_the_catalogue_has_an_entry_for_everything_in_the_data() -> None:
    for town in DATA.towns:
        entry = CATALOGUE.entry(I.TOWN_IDS[town.index])
        assert entry.name == town.name and entry.text
        assert f"{town.corrals} corrals" in entry.text
    for c in DATA.counters:
        entry = CATALOGUE.entry(f"counter:{c.key}")
        assert entry.name == c.name and entry.text and entry.cost == f"${c.price}"
    for key in BOX_KEYS:
        assert CATALOGUE.entry(f"box:{key}").text
    for token in I.TOKENS:
        assert CATALOGUE.entry(f"token:{token}").text
    assert len(CATALOGUE) == (len(DATA.towns) + len(DATA.counters) + len(BOX_KEYS)
                              + len(I.TOKENS) + len(cat.score_rows()))


def test_every_score_row_is_catalogued() -> None:
    st = new(3)
    rows = set(st.score_breakdown()["seats"][0]) - {"seat"}
    assert {f"score:{key}" for key in rows} == {e.id for e in CATALOGUE if e.kind == "score"}
    points = {e.id: e.details["points"] for e in CATALOGUE if e.kind == "score"}
    assert [k for k, v in points.items() if not v] == ["score:total", "score:money",
                                                        "score:wanted"]


def test_the_texts_follow_the_data_values() -> None:
    bank = DATA.counter("bank")
    dearer = cat.counter_entry(dataclasses.replace(bank, price=bank.price + 3))
    assert dearer.cost == f"${bank.price + 3}" != CATALOGUE.entry("counter:bank").cost
    richer = dataclasses.replace(DATA, income=dataclasses.replace(DATA.income,
                                                                  bank_per_counter=7))
    assert "Earns $7 per counter" in cat.counter_entry(bank, richer).text
    assert "Earns $7 per counter" not in CATALOGUE.entry("counter:bank").text
    town = dataclasses.replace(DATA.towns[0], corrals=9)
    assert "9 corrals" in cat.town_entry(town).text
    hire = dataclasses.replace(DATA.box("hire"), up_to=3)
    assert cat.box_entry(hire).text.startswith("Hire 1 to 3 cowboys")
    scoring = dataclasses.replace(DATA, scoring=dataclasses.replace(DATA.scoring, most_money=6))
    money = next(e for e in cat.score_entries(scoring) if e.id == "score:most_money")
    assert money.text.startswith("6 VP for the most money")
    defended = dataclasses.replace(DATA.counter("hotel"), defence=2)
    assert "2 built-in cowboys" in cat.counter_entry(defended).text


PLACEHOLDER = re.compile(r"^(town|counter|box|token|score|building)?[\s:_-]*\d*$|unknown|"
                         r"placeholder|todo|\?", re.IGNORECASE)


def test_no_entry_has_a_placeholder_name() -> None:
    for entry in CATALOGUE:
        assert not PLACEHOLDER.search(entry.name), entry.id
        assert entry.name != entry.id.split(":", 1)[1], entry.id
    for kind in CATALOGUE.kinds:
        names = [e.name for e in CATALOGUE if e.kind == kind]
        assert len(set(names)) == len(names), f"two {kind} entries share a name"


def test_reconstructed_entries_are_flagged() -> None:
    for town in DATA.towns:
        entry = CATALOGUE.entry(I.TOWN_IDS[town.index])
        assert entry.reconstructed and entry.provenance.startswith("reconstructed")
        assert "name: published" in entry.provenance, "the names are published (S2, S14)"
    for c in DATA.counters:
        entry = CATALOGUE.entry(f"counter:{c.key}")
        ours = c.provenance.get("price") == "reconstructed"
        assert entry.reconstructed == ours, c.key
        assert ("price: reconstructed" in entry.provenance) == ours
    assert CATALOGUE.entry("token:cattle").reconstructed, "9 cattle a player is ours (U6)"
    assert not CATALOGUE.entry("token:sheriff").reconstructed
    for entry in CATALOGUE:
        assert entry.reconstructed == ("reconstructed" in entry.provenance), entry.id


# ---------------------------------------------------------------- options
def test_the_options_declare_their_sets_of_values() -> None:
    choices = RULESET.option_choices()
    assert choices["cattle_spread"][0] == "free", "the default first"
    assert choices["wanted_counters"] == (13, 18)
    assert set(choices) == {"wanted_counters", "cattle_spread", "casualties", "control_ties",
                            "wanted_ties", "all_zero_bonus"}
    with pytest.raises(BadOptions, match="must be one of"):
        RULESET.options_from_dict({"wanted_ties": "halves"})
