"""Western Town's side of the presentation contract: prompts that say what is decided, actions
that name the board things they touch (by the view's ids) and what they cost, and a catalogue
whose texts come from the data file, with our own names and numbers marked reconstructed."""

from __future__ import annotations

import dataclasses
import random
import re
import tomllib
from importlib import resources
from typing import Any

import pytest

from boomtown.engine import CHANCE, new_game
from boomtown.engine.catalogue import base_id, ids_in
from boomtown.engine.machine import AUTO
from boomtown.games.western_town import RULESET, WesternTownOptions, presentation, rules
from boomtown.games.western_town import actions as A
from boomtown.games.western_town.catalogue import build
from boomtown.games.western_town.data import DATA, parse
from boomtown.games.western_town.raids import Die
from boomtown.games.western_town.rules import Aside, Commit, Reveal, Solo, XTurn
from boomtown.games.western_town.state import HAND, UP, WT
from wt_scenario import (
    ALEXANDER,
    END,
    ROBIN,
    THEO,
    EndOfTest,
    clear_cards,
    kind,
    set_cards,
    set_res,
    set_stack,
    start,
    top,
)
from wt_scenario import (
    build as stand,
)

CATALOGUE = RULESET.catalogue()
#: Names that say "we do not know": never shown to players.
PLACEHOLDER = re.compile(r"unknown|\bU-\d|^building [A-Z]\b|western town card \d", re.IGNORECASE)


def raw_data() -> dict[str, Any]:
    """The data file, parsed afresh (to change a value in a test)."""
    package = "boomtown.games.western_town"
    text = resources.files(package).joinpath("data/western_town.toml").read_text("utf-8")
    return tomllib.loads(text)


# ------------------------------------------------------------------ prompts
def test_set_aside_prompt_counts_the_cards_and_keeps_them_secret() -> None:
    st = start(3)
    assert top(st) is Aside and st.current_player == ROBIN
    mine = st.prompt(ROBIN)
    assert mine.title == "Keep 4 cards: set the others aside"
    assert mine.progress == "card 1 of 3"
    st.apply(A.SET_ASIDE + kind("marshal"))
    assert st.prompt(ROBIN).progress == "card 2 of 3"
    theirs = st.prompt(ALEXANDER)
    assert theirs.title == "seat 0 (yellow) keeps 4 cards and sets the others aside in secret"
    assert theirs.progress == "card 2 of 3"
    assert not any(card.name in theirs.title for card in DATA.cards)
    assert st.describe(A.SET_ASIDE + kind("carpenter")).targets == ("card:carpenter@hand",)


def test_a_secret_card_is_named_without_its_content() -> None:
    st = start(3)
    set_stack(st, END, Reveal(ROBIN, ALEXANDER), Commit(ALEXANDER), Commit(ROBIN))
    assert st.prompt(ROBIN).title == "Choose your card in secret: revealed with seat 1 (red)'s"
    assert st.prompt(ROBIN).progress == "card 1 of 2"
    assert st.prompt(THEO).title == (
        "seat 0 (yellow) chooses a card in secret (revealed with seat 1 (red)'s)")
    st.apply(A.PLAY + kind("marshal"))
    assert st.prompt(ALEXANDER).title == (
        "Choose your card in secret: revealed with seat 0 (yellow)'s")
    assert "marshal" not in st.prompt(ALEXANDER).title + st.prompt(THEO).title


def test_phase_three_prompt_and_exploit_targets() -> None:
    st = start(3)
    clear_cards(st, ROBIN)
    clear_cards(st, ALEXANDER)
    set_cards(st, ROBIN, HAND, {"marshal": 1, "saloon": 1})
    stand(st, ROBIN, "saloon", 4)
    set_cards(st, ALEXANDER, UP, {"saloon": 1, "marshal": 1})
    set_res(st, ROBIN, G=2)
    st.played[ROBIN] = 2
    set_stack(st, END, XTurn(ROBIN))
    prompt = st.prompt(ROBIN)
    assert prompt.title == "Play your third card or exploit a neighbour's card"
    assert prompt.progress == "2 of 3 cards played"
    assert st.prompt(THEO).title == (
        "seat 0 (yellow) plays a third card or exploits a neighbour's card")
    exploit = st.describe(A.EXPLOIT + ALEXANDER * A.K + kind("saloon"))
    assert exploit.kind == "exploit"
    assert exploit.targets == ("card:saloon@table.1", "card:saloon@hand")
    assert st.describe(A.EXPLOIT + ALEXANDER * A.K + kind("marshal")).cost == "2 Gold"
    assert st.describe(A.PLAY + kind("saloon")).targets == ("card:saloon@hand",)
    shown = ids_in(st.view(ROBIN)["state"])
    assert {"card:saloon@table.1", "card:saloon@hand"} <= shown


def test_a_card_effect_names_its_card_part_and_costs() -> None:
    st = start(3)
    clear_cards(st, ROBIN)
    set_cards(st, ROBIN, HAND, {"carpenter": 1})
    set_res(st, ROBIN, W=1, G=1)
    set_stack(st, END, Solo(ROBIN))
    st.apply("play carpenter")
    prompt = st.prompt(ROBIN)
    assert prompt.title == "Carpenter: construct a building (paying its cost) or take 2 Wood"
    assert prompt.progress == "part 1 of 2"
    assert prompt.subjects == ("card:carpenter@table.0",)
    saloon = st.describe(A.BUILD + kind("saloon"))
    assert saloon.targets == ("card:saloon@build.0",) and saloon.cost == "1 Wood"
    assert st.describe(A.BUILD + kind("barber")).cost == "1 Gold and 1 Wood"
    st.apply(A.BUILD + kind("saloon"))
    assert st.prompt(ROBIN).title == "Choose a space for the saloon"
    assert st.describe(A.SPACE + 12).targets == ("site:12@0",)


def test_raid_prompts_name_the_town_the_target_and_the_defence() -> None:
    st = start(3)
    camp = 0
    st.camp[camp * 3] = 2  # the next red Indian sets off a red raid; every town has 7 pipes
    set_stack(st, END, Die(ROBIN))
    die = st.prompt(None)
    assert (die.seat, die.title, die.for_seat) == (CHANCE, "Roll the Indian die", ROBIN)
    assert die.subjects == ("indian:red@camp.0", "indian:orange@camp.0")
    red = next(j for j, key in enumerate(A.DIE_KEYS) if key == "red")
    assert st.describe(A.DIE + red).targets == ("die:red",)
    st.apply(A.DIE + red)
    manitou = st.gm[camp]
    assert st.current_player == manitou
    assert st.prompt(manitou).title == "Grand manitou: choose the town the Indians attack"
    assert st.describe(A.SEAT_RAID + ALEXANDER).targets == ("seat:1",)
    set_res(st, ALEXANDER, C=3)
    st.apply(A.SEAT_RAID + ALEXANDER)
    target = st.prompt(manitou)
    assert target.title == (
        "Grand manitou: choose the target of the 3 red Indians in seat 1 (red)'s town")
    assert target.progress == "target 1 of 1"
    st.apply(A.ATTACK + A.INHABITANTS_TARGET)
    defend = st.prompt(ALEXANDER)
    assert defend.title == "Defend the Inhabitants with 3 Cowboys?"
    assert st.describe(A.DEFEND).targets == ("resource:I@1",)
    assert st.describe(A.DEFEND).cost == "3 Cowboys"
    assert st.describe(A.NO_DEFEND).cost == ""


def test_every_prompt_is_specific_and_every_target_is_in_the_view() -> None:
    rng = random.Random(4)
    for players in (2, 4):
        st = new_game("western-town", players, 11)
        while not st.is_terminal():
            seat = st.current_player
            prompt = st.prompt(seat if seat >= 0 else None)
            assert prompt.title and prompt.title[0].isupper() and prompt.seat == seat
            if seat == CHANCE:
                st.apply(st.sample_chance(rng))
                continue
            shown = ids_in(st.view(seat)["state"])
            for aid in st.legal_action_ids():
                assert set(st.describe(aid).targets) <= shown
            st.apply(rng.choice(st.legal_action_ids()))


# ------------------------------------------------------------------ catalogue
def test_the_catalogue_covers_the_data_with_text() -> None:
    wanted = (
        [f"card:{c.key}" for c in DATA.cards] + [f"site:{s.index}" for s in DATA.sites]
        + [f"lincoln:{lc.key}" for lc in DATA.lincoln]
        + [f"start:{sc.key}" for sc in DATA.start_cards] + [f"die:{d.key}" for d in DATA.die]
    )
    for ref in wanted:
        entry = CATALOGUE.entry(ref)
        assert entry.name and len(entry.text) > 20, ref
    saloon = CATALOGUE.entry("card:saloon")
    assert (saloon.cost, saloon.points) == ("1 Wood", "4 points")
    assert "Played: take 1 Inhabitant and 1 Lure" in saloon.text
    assert CATALOGUE.entry("card:barber").requirements == "3 Homes to build"
    assert "Laying a tile here gives 1 Gold" in CATALOGUE.entry("site:7").text
    assert "start with 2 Gold, 2 Wood and 7 Inhabitants" in CATALOGUE.entry("start:start_4").text


def test_a_changed_data_value_changes_the_text() -> None:
    raw = raw_data()
    saloon = next(c for c in raw["cards"] if c["key"] == "saloon")
    saloon["tile"]["cost"] = {"W": 2, "G": 1}
    mine = next(c for c in raw["cards"] if c["key"] == "gold_mine")
    mine["play"][0]["G"] = 3
    raw["western_town"][0]["resources"]["I"] = 5
    changed = build(parse(raw))
    assert changed.entry("card:saloon").cost == "1 Gold and 2 Wood"
    assert "costs 1 Gold and 2 Wood" in changed.entry("card:saloon").text
    assert "Played: take 3 Gold" in changed.entry("card:gold_mine").text
    assert "5 Inhabitants" in changed.entry("start:marshal_bright").text
    assert CATALOGUE.entry("card:saloon").cost == "1 Wood"  # the game's own data is untouched


def test_no_placeholder_names_anywhere() -> None:
    names = [c.name for c in DATA.cards] + [sc.name for sc in DATA.start_cards]
    assert not [n for n in names if PLACEHOLDER.search(n)]
    assert not [e.name for e in CATALOGUE if PLACEHOLDER.search(e.name)]
    assert not [t for t in A.TEXTS if PLACEHOLDER.search(t)]
    st = start(4, starts=("start_2", "start_3", "start_4", "marshal_bright"))
    log = "\n".join(st.log_for(None))
    assert "reveals Madam Harlow" in log and "reveals Barber Finch" in log
    assert not PLACEHOLDER.search(log)


def test_our_names_and_numbers_are_flagged_reconstructed() -> None:
    for key in ("building_c", "building_u1", "building_u2", "building_u3", "building_u4"):
        card = DATA.card(key)
        assert card.provenance["name"] == "reconstructed"
        entry = CATALOGUE.entry(f"card:{key}")
        card_part = entry.provenance.split(" · ")[0]  # what the entry says of the card record
        assert entry.reconstructed and (
            "name: reconstructed" in card_part  # named apart from a record of another tag
            or (card_part.startswith("card: reconstructed") and "name" not in card_part))
    for sc in DATA.start_cards[1:]:
        assert sc.provenance["name"] == "reconstructed"
        assert CATALOGUE.entry(f"start:{sc.key}").reconstructed
    for card in DATA.cards:  # a card entry is reconstructed exactly when a record says so
        records = [card.provenance] + ([card.tile.provenance] if card.tile else [])
        assert CATALOGUE.entry(f"card:{card.key}").reconstructed == any(
            "reconstructed" in p.values() for p in records)
    assert not CATALOGUE.entry("start:marshal_bright").reconstructed
    assert CATALOGUE.entry("die:red").reconstructed  # two of its three faces are ours
    assert not CATALOGUE.entry("die:red-orange").reconstructed


@pytest.mark.parametrize("players", [2, 4])
def test_score_rows_are_catalogued_and_the_point_rows_add_up(players: int) -> None:
    rng = random.Random(players)
    st = new_game("western-town", players, 3)
    while not st.is_terminal():
        st.apply(st.sample_chance(rng) if st.current_player == CHANCE
                 else rng.choice(st.legal_action_ids()))
    rows = st.score_breakdown()["seats"]
    for row in rows:
        adds = 0
        for key, value in row.items():
            if key == "seat":
                continue
            entry = CATALOGUE.entry(f"score:{key}")
            assert entry.kind == "score" and entry.name and entry.text
            assert isinstance(entry.details["points"], bool)
            if entry.details["points"]:
                adds += value
        assert adds == row["total"]


# ------------------------------------------------------------------ view ids, options
def test_the_view_names_things_by_ids_and_only_what_the_seat_may_see() -> None:
    st = start(3)
    view = st.view(ROBIN)["state"]
    players = view["players"]
    assert [p["id"] for p in players] == ["seat:0", "seat:1", "seat:2"]
    assert players[ROBIN]["sites"][12]["id"] == "site:12@0"
    assert "hand_ids" in players[ROBIN] and "hand_ids" not in players[ALEXANDER]
    assert "hand_ids" not in st.view(None)["state"]["players"][ROBIN]
    every = ids_in(st.view(ROBIN))
    assert all(CATALOGUE.covers(ref) for ref in every)
    assert {base_id(ref).split(":")[0] for ref in every} >= {
        "card", "site", "resource", "indian", "die", "lincoln", "start", "marker", "seat"}


def test_options_with_fixed_values_are_declared_as_choices() -> None:
    fields = {f.name: f for f in dataclasses.fields(WesternTownOptions)}
    assert fields["warehouse_points"].metadata["choices"] == ("per_export", "flat")
    assert fields["destroyed_marker_homes"].metadata["choices"] == ("final_scoring", "always")
    assert RULESET.version == 3


def test_every_step_a_seat_or_chance_decides_in_has_its_own_prompt() -> None:
    deciding = {name for name, nature, _ in WT.vocabulary() if nature != AUTO}
    deciding.discard(EndOfTest.__name__)  # the tests' own step (wt_scenario)
    assert {step.__name__ for step in presentation.PROMPTS} == deciding
    assert set(presentation.PROMPTS) == set(rules.DECISION_NAMES)
