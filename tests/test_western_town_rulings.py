"""Western Town rulings of issue 11: exploit by name, the player's own choices, the constant
effects of destroyed green buildings, and destroyed markers against Homes.

Every test quotes the rulebook text it enforces. Robin, Alexander and Theo are seats 0, 1
and 2 of a three-player game.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import pytest

from boomtown.engine import CHANCE, IllegalAction
from boomtown.engine.registry import get_ruleset
from boomtown.games.western_town import actions as A
from boomtown.games.western_town import rules, scoring
from boomtown.games.western_town.data import CONSTANT_KEYS, DATA, parse
from boomtown.games.western_town.effects import Ask
from boomtown.games.western_town.raids import RaidStart
from boomtown.games.western_town.rules import Income, Solo, Storage, Visit, XTurn
from boomtown.games.western_town.state import DOWN, HAND, UP, K, S, WesternTownState
from wt_scenario import (
    ALEXANDER,
    END,
    FOUR_SPACES,
    PLAIN_FIVE,
    ROBIN,
    THEO,
    build,
    clear_cards,
    kind,
    res,
    set_cards,
    set_res,
    set_stack,
    start,
    texts,
    top,
)


def _xturn(st: WesternTownState, seat: int = ROBIN) -> None:
    """Every seat has played its two cards; ``seat`` is to exploit, play or pass."""
    for s in range(st.num_players):
        st.played[s] = 2
    set_stack(st, END, XTurn(seat))


def _clear_all(st: WesternTownState) -> None:
    for s in range(st.num_players):
        clear_cards(st, s)


def _exploit_line(st: WesternTownState) -> str:
    """The last exploit line of the public log."""
    return next(line for line in reversed(st.log_for(None)) if " exploits " in line)


def _known(st: WesternTownState, viewer: int, seat: int, key: str) -> int:
    n = st.num_players
    return st.known[(viewer * n + seat) * K + kind(key)]


# ------------------------------------------------------------------ exploit by name
def test_civic_pride_names_match_for_exploit() -> None:
    """Rulebook, phase 3: "Use a card from his hand or one still face up on his table, and
    apply the exploit effect. He can only do that if a town immediately adjacent to his table
    has a face up card with the same name." Both civic pride cards are named civic pride."""
    assert DATA.card("civic_pride_1").title == DATA.card("civic_pride_2").title == "civic pride"
    st = start(3)
    _clear_all(st)
    set_cards(st, ROBIN, HAND, {"civic_pride_1": 1})
    set_cards(st, ALEXANDER, UP, {"civic_pride_2": 1})
    set_res(st, ROBIN, G=1, W=0)
    _xturn(st)
    wanted = "exploit seat 1's civic pride (2) with the civic pride (1) from your hand"
    assert wanted in texts(st)
    assert "exploit seat 1's civic pride (2)" not in texts(st), "Robin has no civic pride (2)"
    st.apply(wanted)
    # Robin applies his own card's exploit effect: civic pride (1) swaps Gold and Wood (with
    # no Wood, only the Gold for a Wood is possible, and is applied at once)
    assert (res(st, ROBIN, "G"), res(st, ROBIN, "W")) == (0, 1)
    assert st.z(ALEXANDER, DOWN, kind("civic_pride_2")) == 1, "the targeted card is turned over"
    assert st.z(ROBIN, HAND, kind("civic_pride_1")) == 1, "the exploiting card stays in hand"
    assert _known(st, ALEXANDER, ROBIN, "civic_pride_1") == 1, "it was shown from the hand"
    assert _exploit_line(st) == (
        "seat 0 (yellow) exploits seat 1 (red)'s civic pride (2) with the civic pride (1) "
        "from the hand"
    )


def test_exploit_by_name_from_the_table_uses_the_own_cards_effect() -> None:
    """Rulebook, phase 3: "In that case, he turns the targeted card over while showing the
    exploiting card from his hand or his table" and "An exploited card remains in place"."""
    st = start(3)
    _clear_all(st)
    set_cards(st, ROBIN, UP, {"civic_pride_2": 1})
    set_cards(st, THEO, UP, {"civic_pride_1": 1})
    st.avail[ROBIN * K + kind("saloon")] = 1
    set_res(st, ROBIN, G=1, W=1, I=0)
    _xturn(st)
    wanted = "exploit seat 2's civic pride (1) with the civic pride (2) from your table"
    assert wanted in texts(st)
    st.apply(wanted)
    # civic pride (2)'s exploit: pay a Gold or a Wood, then build
    assert set(texts(st)) == {"pay 1 Gold", "pay 1 Wood"}
    assert st.z(ROBIN, UP, kind("civic_pride_2")) == 1
    assert st.z(THEO, DOWN, kind("civic_pride_1")) == 1
    assert _known(st, ALEXANDER, ROBIN, "civic_pride_2") == 0


def test_exploit_by_name_needs_an_effect() -> None:
    """Rulebook, phase 3: "A player can only exploit a card if it will produce an effect… It
    is therefore not possible to exploit a card «gratuitously» simply in order to turn it
    over." Civic pride (1) swaps a Gold for a Wood or back: with neither it does nothing."""
    st = start(3)
    _clear_all(st)
    set_cards(st, ROBIN, HAND, {"civic_pride_1": 1})
    set_cards(st, ALEXANDER, UP, {"civic_pride_2": 1})
    set_res(st, ROBIN, G=0, W=0)
    _xturn(st)
    assert not any(t.startswith("exploit") for t in texts(st))
    # civic pride (2) builds: with no building it can afford, it produces nothing either
    set_cards(st, ROBIN, HAND, {"civic_pride_2": 1})
    set_cards(st, ALEXANDER, UP, {"civic_pride_1": 1})
    for k in range(K):
        st.avail[ROBIN * K + k] = 0
    st.hs_tiles[ROBIN] = 0
    set_res(st, ROBIN, G=1, W=1)
    _xturn(st)
    assert not any(t.startswith("exploit") for t in texts(st))


# ------------------------------------------------------------------ hand or table
def _two_carpenters() -> WesternTownState:
    st = start(3)
    _clear_all(st)
    set_cards(st, ROBIN, HAND, {"carpenter": 1})
    set_cards(st, ROBIN, UP, {"carpenter": 1})
    set_cards(st, ALEXANDER, UP, {"carpenter": 1})
    st.avail[ROBIN * K + kind("saloon")] = 1
    set_res(st, ROBIN, G=1, W=1, I=1)
    _xturn(st)
    return st


def test_the_player_chooses_to_show_the_exploiting_card_from_hand_or_table() -> None:
    """Rulebook, phase 3: "Use a card from his hand or one still face up on his table, and
    apply the exploit effect." With a carpenter in each place, both are his choices."""
    st = _two_carpenters()
    legal = texts(st)
    assert "exploit seat 1's carpenter" in legal  # shows the table's carpenter
    assert "exploit seat 1's carpenter with the carpenter from your hand" in legal
    st.apply("exploit seat 1's carpenter with the carpenter from your hand")
    assert _exploit_line(st).endswith("from the hand")
    assert _known(st, ALEXANDER, ROBIN, "carpenter") == 1
    assert st.z(ROBIN, HAND, kind("carpenter")) == 1 and st.z(ROBIN, UP, kind("carpenter")) == 1

    st = _two_carpenters()
    st.apply("exploit seat 1's carpenter")
    assert _exploit_line(st).endswith("from the table")
    assert _known(st, ALEXANDER, ROBIN, "carpenter") == 0, "the table card reveals nothing"


def test_the_hand_choice_is_offered_only_when_it_differs() -> None:
    """Rulebook, phase 3: "Use a card from his hand or one still face up on his table". With
    the card in one place only, the plain exploit id shows it from there."""
    st = start(3)
    _clear_all(st)
    set_cards(st, ROBIN, HAND, {"gold_mine": 1})
    set_cards(st, THEO, UP, {"gold_mine": 1})
    _xturn(st)
    assert [t for t in texts(st) if t.startswith("exploit")] == ["exploit seat 2's gold mine"]
    st.apply("exploit seat 2's gold mine")
    assert _exploit_line(st).endswith("with the gold mine from the hand")


def test_new_action_ranges_are_at_the_end() -> None:
    """Existing ids keep their meaning: the exploit choices added for these rulings come after
    every older range, and the ruleset reports the grown size."""
    assert A.DIE + len(A.DIE_FACES) == A.EXPLOIT_HAND
    assert get_ruleset("western-town").action_space_size == A.SIZE
    assert A.EXPLOIT_NAMED + A.N * len(A.NAMED_PAIRS) * 2 == A.SIZE
    assert A.TEXTS[A.EXPLOIT + 1 * K + kind("gold_mine")] == "exploit seat 1's gold mine"
    assert len(set(A.TEXTS)) == A.SIZE, "every id has its own text"


# ------------------------------------------------------------------ start space
def test_start_building_goes_on_a_four_space_without_a_needless_choice() -> None:
    """Rulebook, the western town card: "They add the building tile shown in the lower right
    of the card from their constructible buildings to an empty space marked with a 4". The
    shipped board's three 4-spaces are alike, so the choice would change nothing."""
    features = {rules._SPACE_FEATURES[i] for i in FOUR_SPACES}
    assert len(features) == 1
    st = start(3)
    for s in range(3):
        assert rules.start_spaces(st, s) in ([], FOUR_SPACES[1:2])
        placed = [i for i in FOUR_SPACES if st.site[s * S + i] >= 0]
        assert placed == FOUR_SPACES[:1]


def test_start_space_is_the_players_choice_when_the_spaces_differ(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rulebook, the western town card: "add the building tile ... to an empty space marked
    with a 4" — which one is the player's decision when the 4-spaces are not alike."""
    features = list(rules._SPACE_FEATURES)
    number, zone4, _, home = features[FOUR_SPACES[2]]
    features[FOUR_SPACES[2]] = (number, zone4, "gold", home)  # a different 4-space
    monkeypatch.setattr(rules, "_SPACE_FEATURES", features)
    st = get_ruleset("western-town").new_game(2, 0, {})
    while st.current_player == CHANCE:
        st.apply(st.legal_action_ids()[0])
    assert isinstance(st, WesternTownState)
    seat = st.current_player
    assert top(st) is Ask
    assert st.legal_action_ids() == [A.SPACE + FOUR_SPACES[0], A.SPACE + FOUR_SPACES[2]]
    st.apply(A.SPACE + FOUR_SPACES[2])
    assert st.site[seat * S + FOUR_SPACES[2]] == A.KIND[
        DATA.start_cards[st.start_card[seat]].building
    ]
    assert st.site[seat * S + FOUR_SPACES[0]] < 0


# ------------------------------------------------------------------ green buildings
GREEN_TESTED = {"income", "storage", "attacked_cowboys", "pipe_bonus"}


def test_every_constant_effect_of_a_green_building_is_tested() -> None:
    """Rulebook, Indian raids: "If a green building has a «destroyed» marker on it, it loses
    the permanent effect until it is removed." Each kind of constant effect the data can hold
    has a test below that destroys and repairs the building."""
    assert CONSTANT_KEYS == GREEN_TESTED
    used = {key for c in DATA.cards if c.tile is not None for key in c.tile.constant}
    assert used == GREEN_TESTED
    for card in DATA.cards:
        if card.tile is not None and card.tile.constant:
            assert card.green


def _destroy(st: WesternTownState, s: int, site: int, destroyed: bool) -> None:
    st.set_destroyed(s, site, 1 if destroyed else 0)


@pytest.mark.parametrize("destroyed", [False, True])
def test_destroyed_u4_loses_its_gold_storage(destroyed: bool) -> None:
    """Rulebook, Indian raids: "If a green building has a «destroyed» marker on it, it loses
    the permanent effect until it is removed." U-4's constant effect raises Gold storage by 2
    (phase 4.b: "By default, a town can only store: 4 Gold")."""
    st = start(3)
    build(st, ROBIN, "building_u4", PLAIN_FIVE)
    _destroy(st, ROBIN, PLAIN_FIVE, destroyed)
    assert st.storage(ROBIN, 0) == (4 if destroyed else 6)
    set_res(st, ROBIN, G=6)
    set_stack(st, Visit(), Storage(ROBIN))
    assert res(st, ROBIN, "G") == (4 if destroyed else 6)
    _destroy(st, ROBIN, PLAIN_FIVE, False)  # repaired: the effect is back
    assert st.storage(ROBIN, 0) == 6


def test_a_destroyed_bank_keeps_its_storage() -> None:
    """Rulebook, Indian raids: "A «destroyed» building does not lose any resources that are
    stored there. It can also continue to receive and spend them." (Only green buildings lose
    their permanent effect.)"""
    st = start(3)
    build(st, ROBIN, "bank", PLAIN_FIVE, destroyed=True)
    assert st.storage(ROBIN, 0) == 8


@pytest.mark.parametrize(("key", "resource"), [("church", "P"), ("building_u3", "I")])
@pytest.mark.parametrize("destroyed", [False, True])
def test_destroyed_green_building_gives_no_constant_income(
    key: str, resource: str, destroyed: bool
) -> None:
    """Rulebook, Indian raids: "If a green building has a «destroyed» marker on it, it loses
    the permanent effect until it is removed." (The church and U-3 give a resource every
    phase 4.)"""
    st = start(3)
    clear_cards(st, ROBIN)
    build(st, ROBIN, key, PLAIN_FIVE, destroyed=destroyed)
    set_res(st, ROBIN, **{resource: 0})
    set_stack(st, Visit(), Income(ROBIN))
    assert res(st, ROBIN, resource) == (0 if destroyed else 1)


@pytest.mark.parametrize("destroyed", [False, True])
def test_destroyed_blacksmith_gives_no_cowboys_when_attacked(destroyed: bool) -> None:
    """Rulebook, building card: "the constant effect of the blacksmith makes it possible,
    when the city is attacked by the Indians, to receive two Cowboys immediately"; Indian
    raids: "If a green building has a «destroyed» marker on it, it loses the permanent effect
    until it is removed.\""""
    st = start(3)
    build(st, ROBIN, "blacksmith", PLAIN_FIVE, destroyed=destroyed)
    set_res(st, ROBIN, C=0)
    st.camp[0], st.camp[1] = 0, 0
    set_stack(st, END, RaidStart(0, ROBIN))
    assert res(st, ROBIN, "C") == (0 if destroyed else 2)


@pytest.mark.parametrize("destroyed", [False, True])
def test_destroyed_blacksmith_is_no_extra_peace_pipe(destroyed: bool) -> None:
    """Rulebook, building card: the blacksmith "acts as a permanent additional Peace pipe";
    Indian raids: "If the last added Indian is Red, the attacked town is the one with the
    fewest Peace pipes" and a destroyed green building "loses the permanent effect"."""
    st = start(3, lead=ROBIN)
    st.gm[0] = THEO
    clear_cards(st, ROBIN)
    set_cards(st, ROBIN, HAND, {"marshal": 1})
    build(st, ROBIN, "blacksmith", PLAIN_FIVE, destroyed=destroyed)
    set_res(st, ROBIN, G=0, P=1)
    set_res(st, ALEXANDER, P=2)
    set_res(st, THEO, P=3)
    st.camp[0], st.camp[1] = 2, 0
    set_stack(st, END, Solo(ROBIN))
    st.apply("play marshal")
    st.apply("Indian die: red")  # the 3rd red: the town with the fewest Peace pipes
    assert st.current_player == THEO
    if destroyed:  # Robin's 1 alone is the fewest: the grand manitou picks a target
        assert all(t.startswith(("red", "orange")) for t in texts(st))
    else:  # Robin counts 2 and ties with Alexander: the grand manitou picks the town
        assert set(texts(st)) == {
            "the Indians attack seat 0's town",
            "the Indians attack seat 1's town",
        }


# ------------------------------------------------------------------ destroyed markers
def _homes_position(options: dict[str, Any] | None = None) -> WesternTownState:
    st = start(3, options=options)
    clear_cards(st, ROBIN)
    set_cards(st, ROBIN, HAND, {"carpenter": 1})
    # 3 Home icons at the start (marshal, printed homestead, homestead tile), + barber,
    # + a destroyed saloon: 5 icons, one destroyed marker
    build(st, ROBIN, "barber", FOUR_SPACES[1])
    build(st, ROBIN, "saloon", FOUR_SPACES[2], destroyed=True)
    st.avail[ROBIN * K + kind("warehouse")] = 1  # needs 5 Homes
    set_res(st, ROBIN, W=1, G=1)
    set_stack(st, END, Solo(ROBIN))
    st.apply("play carpenter")
    return st


def test_destroyed_marker_costs_a_home_at_final_scoring() -> None:
    """Rulebook, end of the game: "The «destroyed» marker on a building has several negative
    effects: It deducts a Home from the player's total." Example: "Robin has a total of 8
    Homes but his «destroyed» marker cancels out one of them, so he only scores for seven"."""
    st = _homes_position()
    assert st.homes(ROBIN) == 4
    assert scoring.breakdown(st)["seats"][ROBIN]["homes"] == 4
    assert st.view(None)["state"]["players"][ROBIN]["homes_at_final_scoring"] == 4


def test_destroyed_marker_does_not_lower_the_homes_a_construction_needs() -> None:
    """Rulebook, Homes: "Whenever a player has to count the number of Homes, add up the
    number of times these symbols appear on the town's buildings and then add any bonus
    earned during the game." The lost Home is listed with the marker's end-of-game effects
    only, so by default a construction counts the destroyed saloon's Home and no marker."""
    st = _homes_position()
    assert st.construction_homes(ROBIN) == 5
    assert "build warehouse" in texts(st)
    assert st.view(None)["state"]["players"][ROBIN]["homes"] == 5


def test_option_destroyed_markers_always_cost_a_home() -> None:
    """House rule ``destroyed_marker_homes = "always"``: the end-of-game rule "It deducts a
    Home from the player's total" read as applying at any time, constructions included."""
    st = _homes_position({"destroyed_marker_homes": "always"})
    assert st.construction_homes(ROBIN) == 4 == st.homes(ROBIN)
    assert "build warehouse" not in texts(st)


# ------------------------------------------------------------------ data checks
def _raw() -> dict[str, Any]:
    package = "boomtown.games.western_town"
    text = resources.files(package).joinpath("data/western_town.toml").read_text("utf-8")
    return tomllib.loads(text)


def test_green_storage_must_be_a_constant_effect() -> None:
    """Rulebook, Indian raids: a destroyed green building "loses the permanent effect until it
    is removed", while any other destroyed building "does not lose any resources that are
    stored there": a green tile's storage is written as its constant effect."""
    raw = _raw()
    u4 = next(c for c in raw["cards"] if c["key"] == "building_u4")
    u4["tile"]["storage"] = u4["tile"]["constant"].pop("storage")
    with pytest.raises(ValueError, match="constant"):
        parse(raw)


def test_only_cards_without_a_building_share_a_name() -> None:
    """Rulebook, phase 3: "A player may only exploit a card if his town contains at least one
    undestroyed building with the same name" — the data keeps shared names to cards with no
    building (civic pride), where no ruling on which building counts is needed."""
    raw = _raw()
    saloon = next(c for c in raw["cards"] if c["key"] == "saloon")
    saloon["title"] = "civic pride"
    with pytest.raises(ValueError, match="share a title"):
        parse(raw)


def test_illegal_exploit_choices_are_explained() -> None:
    """Rulebook, phase 3: the exploiting card is "a card from his hand or one still face up on
    his table": an id naming a place where the card is not is refused with the reason."""
    st = start(3)
    _clear_all(st)
    set_cards(st, ROBIN, HAND, {"gold_mine": 1})
    set_cards(st, THEO, UP, {"gold_mine": 1, "civic_pride_2": 1})
    _xturn(st)
    before = st.snapshot()
    with pytest.raises(IllegalAction, match="no other lies face up"):
        st.apply(A.EXPLOIT_HAND + THEO * K + kind("gold_mine"))
    pair = A.NAMED_PAIRS.index((kind("civic_pride_2"), kind("civic_pride_1")))
    with pytest.raises(IllegalAction, match="has no civic pride \\(1\\) in the hand"):
        st.apply(A.exploit_named_id(THEO, pair, A.FROM_HAND))
    assert st.snapshot() == before
