"""Way Out West as a whole: seeded random games, variants, data provenance, records."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
import tomllib
from importlib import resources

import pytest

from boomtown.engine import CHANCE, BadRecord, load_snapshot, register
from boomtown.games.way_out_west import RULESET, rules_report
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west.data import DATA, parse, reconstructed_records
from boomtown.games.way_out_west.options import WayOutWestOptions
from boomtown.games.way_out_west.state import WayOutWestState
from wow_scenario import new

register(RULESET)  # replay and snapshots look the ruleset up by id


def play_out(st: WayOutWestState, seed: int) -> WayOutWestState:
    rng = random.Random(seed)
    while not st.is_terminal():
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            st.apply(rng.choice(st.legal_actions()))
    return st


CONFIGS = [(p, {}) for p in (3, 4, 5)] + [
    (p, dict(v)) for v in RULESET.variants for p in (3, 4, 5)
    if not (v.get("nine_rounds") and p == 3)
]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_random_games_finish_and_conserve_components(players: int, options: dict) -> None:
    for seed in range(4):
        st = new(players, options, seed)
        counts = st.component_counts()
        play_out(st, seed)
        assert st.component_counts() == counts
        score = st.score_breakdown()
        assert score["final"] is True
        assert max(st.returns()) == 1.0
        assert st.round == (9 if options.get("nine_rounds") else 12)
        assert all(v >= 0 for v in st.money)
        json.dumps(st.view(0))


RANGES = {
    "start": (A.START, A.PLACE), "place": (A.PLACE, A.DROP), "drop": (A.DROP, A.BID),
    "bid": (A.BID, A.BUY_CATTLE), "buy cattle": (A.BUY_CATTLE, A.HIRE), "hire": (A.HIRE, A.HIRE2),
    "hire second": (A.HIRE2, A.HIRE_STOP), "hire stop": (A.HIRE_STOP, A.MOVE_COWBOYS),
    "move cowboys": (A.MOVE_COWBOYS, A.MOVE_CATTLE), "move cattle": (A.MOVE_CATTLE, A.BUILD),
    "build": (A.BUILD, A.FARMER), "farmer": (A.FARMER, A.ATTACK),
    "gunfight": (A.ATTACK, A.SHERIFF_ATT), "sheriff": (A.SHERIFF_ATT, A.FIRE),
    "fire": (A.FIRE, A.RETREAT), "retreat": (A.RETREAT, A.RETREAT_TO),
    "retreat to": (A.RETREAT_TO, A.HITS), "hits": (A.HITS, A.ROBBERY),
    "robbery": (A.ROBBERY, A.TAKE_OVER), "take over": (A.TAKE_OVER, A.REMOVE),
    "remove": (A.REMOVE, A.RUSTLE), "rustle": (A.RUSTLE, A.WANTED_FROM),
}


def test_random_games_reach_every_kind_of_decision() -> None:
    """Over seeded random games every range of the action space is used (a guard against a
    rule that can never fire), except taking Wanted counters from players, which needs the
    whole supply gone first."""
    seen: set[str] = set()
    for seed in range(10):
        st = play_out(new(4, None, seed), seed)
        for aid in st.history:
            seen.update(name for name, (lo, hi) in RANGES.items() if lo <= aid < hi)
    assert seen == set(RANGES)


def test_owner_chooses_casualties_is_reached_in_random_games() -> None:
    casualty_ids = range(A.CASUALTY_COWBOY, A.SIZE)
    used = set()
    for seed in range(6):
        st = play_out(new(4, {"casualties": "owner_chooses"}, seed), seed)
        used.update(aid for aid in st.history if aid in casualty_ids)
    assert used, "some random game lets a player choose his casualty"
    for seed in range(3):
        st = play_out(new(4, None, seed), seed)
        assert not any(aid in casualty_ids for aid in st.history), "never by default"


def test_snapshot_and_record_round_trip_mid_game() -> None:
    st = new(5, None, 3)
    rng = random.Random(3)
    for _ in range(150):
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            st.apply(rng.choice(st.legal_actions()))
    loaded = load_snapshot(json.loads(json.dumps(st.snapshot())))
    assert loaded.snapshot() == st.snapshot()
    from boomtown.engine import replay

    assert replay(st.record).snapshot() == st.snapshot()


def test_a_snapshot_with_a_wrong_size_or_an_unknown_step_is_refused() -> None:
    st = new(3, None, 2)
    good = json.dumps(st.snapshot())
    short = json.loads(good)
    short["state"]["cowboys"].pop()
    with pytest.raises(BadRecord, match="field cowboys holds 14 values, not 15"):
        load_snapshot(short)
    old_frame = json.loads(good)
    old_frame["state"]["stack"][-1] = ["start"]  # a frame of the game before its steps
    with pytest.raises(BadRecord, match="not a step"):
        load_snapshot(old_frame)
    assert load_snapshot(json.loads(good)).snapshot() == st.snapshot()


def test_views_are_public_and_determinize_is_a_copy() -> None:
    st = new(3, None, 1)
    play_out(st, 1)
    assert st.view(0)["state"] == st.view(1)["state"] == st.view(None)["state"]
    det = st.determinize(0, random.Random(0))
    # nothing is hidden: the same position, without the real game's record
    assert det is not st and det.snapshot()["state"] == st.snapshot()["state"]
    assert det.view(0) == st.view(0) and det.history == []


def test_action_texts_are_unique_and_ids_stable() -> None:
    assert len(set(A.TEXTS)) == A.SIZE == RULESET.action_space_size
    assert A.TEXTS[A.bid_id(7)] == "raise the bid to $7"
    assert A.TEXTS[A.move_cowboys_id(0, 4, 2)] == "move 2 cowboys from San Antonia to Deadwood"


def test_every_data_record_has_provenance_and_errors_are_caught() -> None:
    raw = tomllib.loads(
        resources.files("boomtown.games.way_out_west")
        .joinpath("data/way_out_west.toml").read_text("utf-8")
    )
    assert parse(raw) == DATA
    del raw["towns"][0]["provenance"]
    with pytest.raises(ValueError, match="provenance"):
        parse(raw)
    raw = tomllib.loads(
        resources.files("boomtown.games.way_out_west")
        .joinpath("data/way_out_west.toml").read_text("utf-8")
    )
    raw["counters"][0]["provenance"] = {"record": "published"}
    with pytest.raises(ValueError, match="source"):
        parse(raw)


def raw_data() -> dict:
    return tomllib.loads(
        resources.files("boomtown.games.way_out_west")
        .joinpath("data/way_out_west.toml").read_text("utf-8")
    )


def box(raw: dict, key: str) -> dict:
    return next(b for b in raw["boxes"] if b["key"] == key)


@pytest.mark.parametrize(("edit", "field"), [
    (lambda raw: raw["limits"].update(same_type_per_town=2), "limits.same_type_per_town"),
    (lambda raw: raw["gunfight"].update(cowboys_per_retreat_town=2),
     "gunfight.cowboys_per_retreat_town"),
    (lambda raw: box(raw, "move_cowboys").update(price=1), r"boxes\[move_cowboys\].price"),
    (lambda raw: box(raw, "gunfight").update(price=2), r"boxes\[gunfight\].price"),
    (lambda raw: box(raw, "building").update(price=5), r"boxes\[building\].price"),
    (lambda raw: box(raw, "farmer").update(up_to=2), r"boxes\[farmer\].up_to"),
    (lambda raw: box(raw, "hire").update(up_to=0), r"boxes\[hire\].up_to"),
    (lambda raw: raw["components"].update(wanted=0), "components.wanted"),
    (lambda raw: raw["boxes"].pop(), "boxes must be"),
])
def test_structural_data_values_are_refused(edit, field: str) -> None:
    """A value the engine cannot honour fails loudly instead of being silently ignored."""
    raw = raw_data()
    edit(raw)
    with pytest.raises(ValueError, match=field):
        parse(raw)


def test_the_engine_reads_the_data_values() -> None:
    assert WayOutWestOptions().wanted_counters == DATA.components.wanted
    assert DATA.box("move_cowboys").up_to == A.MAX_MOVE
    assert DATA.box("hire").up_to == A.HIRE_UP_TO


EDITED_DATA_GAME = textwrap.dedent("""
    import tomllib

    _loads = tomllib.loads

    def loads(text, /, **kw):
        raw = _loads(text, **kw)
        if raw.get("meta", {}).get("game") == "way-out-west":
            raw["components"]["wanted"] = 18
            boxes = {b["key"]: b for b in raw["boxes"]}
            boxes["hire"]["up_to"] = 3
            boxes["move_cowboys"]["up_to"] = 2
        return raw

    tomllib.loads = loads  # before the game reads its data file
    from wow_scenario import ABILENE, KANSAS_CITY, act, empty_board, put, start, texts

    st = start(4)
    assert st.wanted_supply == 18, st.wanted_supply
    empty_board(st)
    put(st, 0, ABILENE, cowboys=3)
    act(st, 0)
    moves = [t for t in texts(st) if t.startswith("move") and "to Deadwood" in t]
    assert moves == ["move 1 cowboy from Abilene to Deadwood",
                     "move 2 cowboys from Abilene to Deadwood"], moves
    st.apply("hire a cowboy into Abilene")
    st.apply("hire another cowboy into Abilene")
    st.apply("hire another cowboy into Kansas City")
    assert type(st.stack[-1]).__name__ != "Hire2", "three at most"
    assert st.cowboys_in(0, ABILENE) == 5 and st.cowboys_in(0, KANSAS_CITY) == 1
    print("edited data played")
""")


def test_edited_data_values_change_the_game() -> None:
    """Wanted counters, hires and cowboy moves per action follow the data file (run in a
    fresh interpreter whose data file reads 18 Wanted, hire up to 3, move up to 2)."""
    tests = os.path.dirname(__file__)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [tests, *filter(None, [os.environ.get("PYTHONPATH")])])}
    out = subprocess.run([sys.executable, "-c", EDITED_DATA_GAME], env=env, cwd=tests,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "edited data played" in out.stdout


def test_three_player_box_counts_are_marked_reconstructed() -> None:
    """The description never gives 3-player box counts: each is our default (open question U2)."""
    for box in DATA.boxes:
        tag = box.provenance.get("boxes_3p", box.provenance["record"])
        assert tag == "reconstructed", box.key


def test_rulebook_numbers_in_the_data() -> None:
    assert DATA.setup.start_money == {3: 20, 4: 20, 5: 25}
    assert DATA.setup.rounds == 12 and DATA.setup.income_after == (3, 6, 9, 12)
    assert len(DATA.towns) == 5 and DATA.setup.cowboys_placed == 3
    assert DATA.gunfight.hit_faces == (5, 6) and DATA.gunfight.robbery_dice == 3
    assert [c.name for c in DATA.counters if c.defence] == ["Train", "Bank"]
    assert (DATA.scoring.most_money, DATA.scoring.most_money_tie, DATA.scoring.most_wanted) == (
        5, 2, 4)
    assert (DATA.income.cattle, DATA.income.cattle_with_farmer, DATA.income.bank_per_counter,
            DATA.income.store_per_other_cattle, DATA.income.store_per_farmer,
            DATA.income.hotel_per_other_cowboy, DATA.income.stagecoach_per_cowboy) == (
        2, 1, 2, 1, 2, 1, 1)


def test_rules_report_names_options_and_reconstructed_values() -> None:
    report = rules_report()
    for name in ("nine_rounds", "wanted_counters", "cattle_spread", "winner_pays",
                 "default_defender", "casualties", "control_ties", "wanted_ties",
                 "all_zero_bonus", "one_farmer_each"):
        assert name in report
    assert "reconstructed" in report
    labels = reconstructed_records()
    assert "town 1: San Antonia" in labels and "counter Bank" in labels
    assert "income" not in labels, "every income number is the rule text's"


def test_bad_options_are_rejected() -> None:
    from boomtown.engine import BadOptions

    for bad in ({"wanted_counters": 14}, {"cattle_spread": "x"}, {"control_ties": "x"},
                {"wanted_ties": "x"}, {"casualties": "x"}, {"all_zero_bonus": "x"}):
        with pytest.raises(BadOptions):
            new(4, bad)
