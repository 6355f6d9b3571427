"""Great Western Trail's side of the presentation contract: ids in the view, prompts,
described actions (targets and costs) and the catalogue generated from the data file."""

from __future__ import annotations

import dataclasses
import re

import pytest

from boomtown.engine import CHANCE
from boomtown.engine.catalogue import ids_in
from boomtown.games.great_western_trail import RULESET
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import buildings as B
from boomtown.games.great_western_trail import catalogue as C
from boomtown.games.great_western_trail import ids as I
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail.data import (
    CATTLE,
    CATTLE_KEY,
    CITY_KEY,
    DISC_ROWS,
    LAST_SPACE,
    MASTERS,
    NEUTRAL,
    OBJECTIVES,
    PRIVATE,
    PRIVATE_BY,
    RAW,
    SPACES,
    STATIONS,
    TILE_KEYS,
    WORKERS,
)
from gwt_scenario import build, edit, game, kansas_city, play_on, run_frames, set_hand, space

CATALOGUE = RULESET.catalogue()


def board_ids(st, seat: int) -> set[str]:
    """The ids of ``seat``'s view outside its prompt and legal actions (what targets name)."""
    view = st.view(seat)
    return ids_in({k: v for k, v in view.items() if k not in ("legal_actions", "prompt")})


def described(st, aid: int):
    action = st.describe(aid)
    assert set(action.targets) <= board_ids(st, st.current_player)
    return action


# ------------------------------------------------------------------ ids in the view
def test_each_player_part_is_named_by_its_seat_and_the_board_by_ids() -> None:
    st = game(3)
    view = st.view(1)["state"]
    assert [p["id"] for p in view["players"]] == ["seat:0", "seat:1", "seat:2"]
    assert view["space_ids"] == [f"space:{s.key}" for s in SPACES]
    assert view["board"]["neutral_building_ids"] == [f"building:{b.name}" for b in NEUTRAL]
    assert view["board"]["station_ids"][0] == "station:1"
    assert view["board"]["rail_ids"][LAST_SPACE] == f"rail:{LAST_SPACE}"
    assert view["players"][2]["engine_at"] == "rail:0"
    assert view["players"][0]["worker_ids"] == [f"worker:{w}@0" for w in WORKERS]


def test_own_hand_ids_only_for_its_seat() -> None:
    st = edit(game(2))
    set_hand(st, 0, jersey=2, holstein=1)
    mine = st.view(0)["state"]["players"][0]
    held = {ref: n for ref, n in mine["hand_ids"].items() if n}
    assert held == {"cattle:jersey@hand": 2, "cattle:holstein@hand": 1}
    assert len(mine["hand_ids"]) == A.K  # every card kind, as the name-keyed "hand"
    theirs = st.view(1)["state"]["players"][0]
    assert "hand_ids" not in theirs and "draw_pile_ids" not in theirs
    assert not any(ref.endswith("@hand") for ref in ids_in(theirs))  # seat 1's own hand only
    assert not any(ref.endswith("@hand") for ref in ids_in(st.view(None)))


def test_placed_building_is_named_with_its_owner_and_leaves_the_supply() -> None:
    st = edit(game(2, options={"building_sides": "b"}))
    build(st, 1, 8, "A-2")
    view = st.view(0)["state"]
    slot = view["board"]["private_spaces"].index(space("A-2"))
    assert view["board"]["private_building_ids"][slot] == "building:8b@1"
    assert view["players"][1]["building_ids"][7] is None
    assert view["players"][1]["building_ids"][0] == "building:1b@1"


def test_every_id_of_a_played_game_is_catalogued() -> None:
    st = edit(game(2))
    play_on(st, seed=3)
    for seat in (None, 0, 1):
        missing = [ref for ref in ids_in(st.view(seat)) if not CATALOGUE.covers(ref)]
        assert not missing


# ------------------------------------------------------------------ prompts
def test_first_turn_and_movement_prompts() -> None:
    """Facts B2.1: "Cattleman off the board until its first turn"; step limits by player
    count (B1.3: 2 players start at 3)."""
    st = game(2)
    first = st.prompt(0)
    assert first.seat == 0 and first.title == "Place your cattleman on a neutral building"
    st = edit(st)
    st.cattleman[0] = space("A")
    run_frames(st, R.Steps(0, 3, 1, R.MODE_A))
    move = st.prompt(0)
    assert move.title == "Move your cattleman: up to 3 steps"
    assert move.progress == "step 2 of up to 3"
    assert move.subjects == ("space:A",)
    assert st.prompt(1).title == move.title  # the same decision, read by another seat


def test_kansas_city_prompts_name_the_column_and_the_step() -> None:
    """Rule text: Kansas City has five subphases every time, in order (foresight 1, 2, 3;
    income; delivery)."""
    st = edit(game(2))
    run_frames(st, *kansas_city(0, 1, 0))
    prompt = st.prompt(0)
    assert prompt.title == "Kansas City: take a foresight tile of column 2"
    assert prompt.progress == "step 2 of 5"
    assert all(ref.startswith("tile:") and "@foresight.2." in ref for ref in prompt.subjects)
    st = edit(game(2))
    run_frames(st, *kansas_city(0, 4, 6))
    delivery = st.prompt(0)
    assert delivery.title == "Kansas City: choose a city to deliver to"
    assert delivery.progress == "step 5 of 5" and "Delivery value 6" in delivery.hint


def test_income_hint_shows_the_breeding_value_to_its_seat_only() -> None:
    """Rule text: income is revealed in the income subphase, so until then the hand (and
    its breeding value) is the seat's secret."""
    st = edit(game(2))
    set_hand(st, 0, jersey=1, holstein=1)
    st.cert[0] = 2
    run_frames(st, *kansas_city(0, 3, 0))
    assert "breeding value 4" in st.prompt(0).hint
    assert "breeding value" not in st.prompt(1).hint
    assert "breeding value" not in st.prompt(None).hint


def test_hand_limit_prompt_counts_what_is_left() -> None:
    """Ruling U8: a hand above the limit is discarded down to it before phase A."""
    st = edit(game(2))
    set_hand(st, 0, jersey=3, guernsey=3)
    run_frames(st, R.HandLimit(0))
    prompt = st.prompt(0)
    assert prompt.title == "Discard down to your hand limit"
    assert prompt.progress == "2 cards to go"
    st.apply(A.DISCARD + CATTLE_KEY["jersey"])
    assert st.prompt(0).progress == "1 card to go"


def test_building_is_a_choice_in_two_steps() -> None:
    st = edit(game(2))
    st.workers[0][1] = 2
    st.money[0] = 10
    run_frames(st, B.Build(0, 2, False))
    assert (st.prompt(0).title, st.prompt(0).progress) == ("Choose a building to place",
                                                            "step 1 of 2")
    st.apply(A.BUILD + 3)
    assert (st.prompt(0).title, st.prompt(0).progress) == ("Choose a space for building 4a",
                                                            "step 2 of 2")
    assert st.prompt(0).subjects == ("building:4a@0",)


def test_chance_prompts_say_whose_draw_and_whether_it_is_private() -> None:
    st = edit(game(2))
    run_frames(st, R.DrawN(1, 2))
    draw = st.prompt(None)
    assert draw.seat == CHANCE and draw.for_seat == 1 and draw.private
    assert draw.title == "Draw a card for seat 1 (red)" and draw.progress == "2 cards to go"
    st = edit(game(2))
    run_frames(st, R.MarketAdd(2))
    market = st.prompt(None)
    assert market.for_seat is None and not market.private
    assert market.title == "Reveal a cattle card for the market"


def test_every_frame_of_a_game_has_a_specific_prompt() -> None:
    st = edit(game(3))
    titles = set()
    steps = 0
    while not st.is_terminal() and steps < 400:
        prompt = st.prompt(None)
        assert prompt.title and prompt.title.casefold() not in {"choose an action", "chance"}
        titles.add(prompt.title)
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            st.apply(st.legal_action_ids()[-1])
        steps += 1
    assert len(titles) > 5


# ------------------------------------------------------------------ described actions
def test_delivery_shows_its_transport_cost() -> None:
    """Facts B5.3: "Cost = $1 x the number of crosses between the engine's nose and the
    city's space"; with the engine still on space 0: Topeka 0, Wichita 1."""
    st = edit(game(2))
    run_frames(st, *kansas_city(0, 4, 6))
    wichita = described(st, A.CITY + CITY_KEY["wichita"])
    assert wichita.targets == ("city:wichita",) and wichita.cost == "$1 transport"
    assert described(st, A.CITY + CITY_KEY["topeka"]).cost == ""
    assert wichita.kind == "deliver"


def test_station_upgrade_and_move_fee_costs() -> None:
    """Facts B5.1: station 1 costs $2; B2.2: fees per hand by player count (2 players: $2
    green)."""
    st = edit(game(2))
    st.money[0] = 10
    run_frames(st, R.StationOffer(0, 0))
    upgrade = described(st, A.UPGRADE)
    assert upgrade.targets == ("station:1",) and upgrade.cost == "$2"
    st = edit(game(2))
    build(st, 1, 1, "A-1")  # building 1a shows a green hand
    st.cattleman[0] = space("A")
    run_frames(st, R.Steps(0, 3, 1, R.MODE_A))
    move = described(st, A.MOVE + space("A-1"))
    assert move.targets == ("space:A-1", "building:1a@1")
    assert move.cost == "$2 fee to seat 1 (red)"


def test_buy_hire_and_place_building_targets_and_costs() -> None:
    """Facts B3.2: a value-3 card costs $6 with one cowboy; B6.3: $2 per needed craftsman at
    neutral B."""
    st = edit(game(2))
    st.money[0] = 20
    st.market[CATTLE_KEY["holstein"]] = 1
    run_frames(st, B.Buy(0, 1))
    i = A.BUY_ONE.index((CATTLE_KEY["holstein"], 0))
    buy = described(st, A.BUY1 + i)
    assert buy.targets == ("cattle:holstein@market",) and buy.cost == "$6 and 1 cowboy"
    st = edit(game(2))
    st.money[0] = 20
    run_frames(st, B.Hire(0, 0, False))
    aid = st.legal_action_ids()[0]
    cell = aid - A.HIRE
    hire = described(st, aid)
    assert hire.targets[1] == f"job-market:{cell // A.JM_COLS + 1}.{cell % A.JM_COLS + 1}"
    assert hire.targets[0].startswith("tile:") and hire.cost.startswith("$")
    st = edit(game(2))
    st.workers[0][1] = 2
    st.money[0] = 10
    run_frames(st, B.BuildPlace(0, 2, 4))
    place = described(st, A.PLACE + space("A-1"))
    assert place.targets == ("space:A-1", "building:4a@0")
    assert place.cost == "2 craftsmen and $4"


def test_local_actions_target_the_building_first() -> None:
    st = edit(game(2))
    set_hand(st, 0, guernsey=1)
    st.cattleman[0] = space("A")
    run_frames(st, R.PhaseB(0, space("A"), 0, False))
    action = described(st, A.LOCAL + A.OP_INDEX["discard_guernsey_2"])
    assert action.targets == ("building:A", "space:A") and action.cost == "1 Guernsey"
    assert action.kind == "local-action"


def test_every_described_action_of_a_game_targets_what_the_view_shows() -> None:
    st = edit(game(2, options={"building_sides": "b"}))
    steps = 0
    while not st.is_terminal() and steps < 600:
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            present = board_ids(st, st.current_player)
            for aid in st.legal_action_ids():
                action = st.describe(aid)
                assert set(action.targets) <= present, (action.text, action.targets)
                assert action.kind == RULESET.family_of(aid).kind
            st.apply(st.legal_action_ids()[steps % len(st.legal_action_ids())])
        steps += 1


# ------------------------------------------------------------------ the catalogue
def test_every_record_of_the_data_file_has_an_entry_with_a_text() -> None:
    expected = (
        [f"space:{s.key}" for s in SPACES]
        + [f"building:{n['letter']}" for n in RAW["neutral"]]
        + [f"building:{p['number']}{p['side']}" for p in RAW["private"]]
        + [f"cattle:{c['key']}" for c in RAW["cattle"]]
        + [f"objective:{o['key']}" for o in RAW["objectives"]]
        + [f"tile:{k}" for k in TILE_KEYS]
        + [f"worker:{w}" for w in WORKERS]
        + [f"city:{c['key']}" for c in RAW["cities"]]
        + [f"station:{i + 1}" for i in range(len(RAW["stations"]))]
        + [f"station-master:{m['key']}" for m in RAW["station_masters"]]
        + [f"disc-row:{d['key']}" for d in RAW["disc_rows"]]
        + [f"rail:{n}" for n in range(LAST_SPACE + 1)]
    )
    for ref in expected:
        entry = CATALOGUE.entry(ref)
        assert entry.text.strip() and entry.name.strip() and entry.provenance


def test_score_rows_are_catalogued_and_the_point_rows_add_up() -> None:
    st = edit(game(3))
    play_on(st, seed=5)
    breakdown = st.score_breakdown()
    for row in breakdown["seats"]:
        keys = [k for k in row if k != "seat"]
        for key in keys:
            assert CATALOGUE.entry(f"score:{key}").kind == "score"
        points = sum(row[k] for k in keys if CATALOGUE.entry(f"score:{k}").details["points"])
        assert points == row["total"]


def test_building_text_follows_its_record() -> None:
    """A corrected data record corrects the text: the VP, craftsmen and actions of a
    building come from its record."""
    b = PRIVATE[PRIVATE_BY[(4, "a")]]
    prov = RAW["private"][b.index]["provenance"]
    entry = C.private_entry(b, prov)
    assert entry.points == "3 VP" and entry.requirements.startswith("2 craftsmen")
    assert "remove a hazard for $5" in entry.text and "black" in entry.text
    changed = C.private_entry(dataclasses.replace(b, vp=7, craftsmen=3, hands=("green",),
                                                  slots=(("money_4",),)), prov)
    assert changed.points == "7 VP" and changed.requirements.startswith("3 craftsmen")
    assert changed.cost.startswith("$6")
    assert "take $4" in changed.text and "green" in changed.text and "hazard" not in changed.text


def test_other_texts_follow_their_records() -> None:
    jersey = CATTLE[CATTLE_KEY["jersey"]]
    prov = RAW["cattle"][jersey.index]["provenance"]
    assert "Breeding value 7" in C.cattle_entry(dataclasses.replace(jersey, value=7), prov).text
    station = STATIONS[0]
    entry = C.station_entry(dataclasses.replace(station, cost=9), RAW["stations"][0]["provenance"])
    assert entry.cost == "$9" and "$9" in entry.text
    card = OBJECTIVES[4]
    entry = C.objective_entry(dataclasses.replace(card, tasks=("hz", "hz", "sf"), vp=8),
                              RAW["objectives"][4]["provenance"])
    assert "2 hazards" in entry.text and "San Francisco" in entry.name and entry.points[0] == "8"
    row = DISC_ROWS[0]
    entry = C.disc_row_entry(dataclasses.replace(row, discs=3), RAW["disc_rows"][0]["provenance"])
    assert entry.text.startswith("3 discs")
    master = MASTERS[0]
    entry = C.master_entry(dataclasses.replace(master, immediate="none", certificate=True),
                           RAW["station_masters"][0]["provenance"])
    assert "+1 permanent certificate" in entry.text and "+$2" not in entry.text


#: Names that say nothing about the thing (what the catalogue must never show).
PLACEHOLDER = re.compile(r"unknown|placeholder|\btbd\b|\?|^(card|building|tile|space) \d+$",
                         re.IGNORECASE)


def test_no_entry_name_is_a_placeholder_and_names_are_distinct() -> None:
    names: dict[tuple[str, str], str] = {}
    for entry in CATALOGUE:
        assert not PLACEHOLDER.search(entry.name), entry.id
        assert (entry.kind, entry.name) not in names, (entry.id, names.get((entry.kind,
                                                                           entry.name)))
        names[(entry.kind, entry.name)] = entry.id


@pytest.mark.parametrize(("ref", "flagged"), [
    ("building:1a", True),  # U1: the VP of the 1-craftsman buildings is ours
    ("objective:m5", True),  # U5
    ("worker:engineer", True),  # U4: the worker-row bonuses come from one source's code
    ("disc-row:step_money", True),  # U11
    ("tile:cowboy", True),  # U2: the cowboy split of stacks 2 and 3
    ("building:4a", False),
    ("city:san_francisco", False),
    ("cattle:jersey", False),
])
def test_reconstructed_entries_are_flagged(ref: str, flagged: bool) -> None:
    entry = CATALOGUE.entry(ref)
    assert entry.reconstructed is flagged
    assert ("reconstructed" in entry.provenance) is flagged


def test_every_reconstructed_record_gives_a_flagged_entry() -> None:
    for section, key in (("private", None), ("objectives", "key"), ("cities", "key"),
                         ("disc_rows", "key"), ("cattle", "key")):
        for rec in RAW[section]:
            ref_key = f"{rec['number']}{rec['side']}" if key is None else rec[key]
            kind = {"private": "building", "objectives": "objective", "cities": "city",
                    "disc_rows": "disc-row", "cattle": "cattle"}[section]
            reconstructed = "reconstructed" in rec["provenance"].values()
            assert CATALOGUE.entry(f"{kind}:{ref_key}").reconstructed is reconstructed


def test_ids_helpers_match_the_view() -> None:
    assert I.card_id(A.OBJ0, I.DISPLAY) == f"objective:{OBJECTIVES[0].key}@display"
    assert I.engine_at(2 * STATIONS[0].after + 1) == "station:1"
    assert I.engine_at(2 * LAST_SPACE) == f"rail:{LAST_SPACE}"


def test_every_decision_and_chance_frame_has_a_prompt() -> None:
    from boomtown.games.great_western_trail import presentation, rules

    steps = {name for name, nature, _ in rules.GWT.vocabulary() if nature != "auto"}
    steps -= {"EndOfTest"}  # (the scenario helpers' stop step)
    assert steps == {step.__name__ for step in rules.DECISION_NAMES}
    assert set(rules.DECISION_NAMES) <= set(presentation.PROMPTS)


def test_appointing_a_station_master_targets_the_worker_first() -> None:
    """Facts B5.4 / R2: the first player to upgrade a station may appoint a worker (of a
    kind it has at least two of) as its station master and take the tile."""
    st = edit(game(2))
    st.workers[0][0] = 2
    run_frames(st, R.Appoint(0, 0))
    master = st.masters_at[0]
    appoint = described(st, A.APPOINT)
    assert appoint.targets == ("worker:cowboy@0", I.MASTER_IDS[master], "station:1")
    assert appoint.cost == "1 cowboy"
    assert st.prompt(0).title == "Appoint a station master at station 1?"
