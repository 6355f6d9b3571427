"""The worked examples of the Western Town rulebook, with the rulebook's numbers.

Robin, Alexander and Theo are seats 0, 1 and 2 of a three-player game.
"""

from __future__ import annotations

import pytest

from boomtown.engine import CHANCE, IllegalAction
from boomtown.games.western_town import actions as A
from boomtown.games.western_town import scoring
from boomtown.games.western_town.data import DATA
from boomtown.games.western_town.rules import (
    DECISION_NAMES,
    Aside,
    Commit,
    ExploitPhase,
    HandSize,
    Income,
    IncomePhase,
    Solo,
    Storage,
    Visit,
    XTurn,
)
from boomtown.games.western_town.state import DOWN, HAND, INACTIVE, UP, K, S
from wt_scenario import (
    ALEXANDER,
    END,
    FOUR_SPACES,
    GOLD_FIVE,
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


def lincoln_index(key: str) -> int:
    return next(lc.index for lc in DATA.lincoln if lc.key == key)


# ---------------------------------------------------------------- T1 set-up
def test_marshal_bright_start() -> None:
    st = start(3, starts=("marshal_bright", "start_2", "start_3"))
    assert (res(st, ROBIN, "W"), res(st, ROBIN, "G"), res(st, ROBIN, "I")) == (2, 2, 3)
    assert (res(st, ROBIN, "C"), res(st, ROBIN, "P")) == (3, 7)
    homesteads = [i for i in FOUR_SPACES if st.site[ROBIN * S + i] == kind("homestead")]
    assert len(homesteads) == 1, "a homestead tile on a space marked 4"
    # the cactus homestead and the homestead card taken with the tile
    assert st.z(ROBIN, HAND, kind("homestead")) == 2
    assert st.home_card[ROBIN] == 0
    # two homestead tiles came from the set-up draw; the second stays by the board
    assert st.hs_tiles[ROBIN] == 1
    assert sum(st.zone_list(ROBIN, HAND)) == 7


# ---------------------------------------------------------------- T2 hand size
def test_hand_size_is_the_lowest_visible_space() -> None:
    st = start(3)
    set_cards(st, ROBIN, HAND, {
        "marshal": 1, "carpenter": 2, "homestead": 2, "gold_mine": 1,
        "civic_pride_1": 1, "civic_pride_2": 1, "saloon": 1,
    })
    from boomtown.games.western_town import rules

    assert rules.hand_size(st, ROBIN) == 4
    set_stack(st, IncomePhase(0), HandSize(0))
    assert st.current_player == ROBIN
    for _ in range(5):
        assert st.current_player == ROBIN
        st.apply(st.legal_actions()[0])
    assert sum(st.zone_list(ROBIN, HAND)) == 4
    assert sum(st.zone_list(ROBIN, INACTIVE)) == 5
    # once the last 4-space is filled he keeps five, later six
    for i in FOUR_SPACES:
        if st.site[ROBIN * S + i] < 0:
            build(st, ROBIN, "homestead", i)
    assert rules.hand_size(st, ROBIN) == 5
    for i in A.SPACES:
        if st.site[ROBIN * S + i] < 0:
            build(st, ROBIN, "homestead", i)
    assert rules.hand_size(st, ROBIN) == 6


# ---------------------------------------------------------------- T3 phase 2 order
def _card_decisions(st, rounds_of: str = "p2") -> list[tuple[int, str]]:
    """Play phase 2 (first playable card; effects take their first option) and record who
    decided what kind of card decision."""
    seen = []
    while st.stack and top(st) not in (ExploitPhase, XTurn):
        frame = st.stack[-1]
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
            continue
        if type(frame) in (Solo, Commit):
            seen.append((st.current_player, DECISION_NAMES[type(frame)]))
        st.apply(st.legal_actions()[0])
    return seen


def test_three_player_phase_two_order() -> None:
    st = start(3, lead=ROBIN)
    # finish phase 1.c
    while top(st) is Aside:
        st.apply(st.legal_actions()[0])
    assert top(st) is Solo and st.current_player == ROBIN
    assert _card_decisions(st) == [
        (ROBIN, "solo"),
        (ROBIN, "commit"), (ALEXANDER, "commit"),
        (ALEXANDER, "commit"), (THEO, "commit"),
        (THEO, "solo"),
    ]
    assert all(st.played[s] == 2 for s in range(3))


def test_secret_commitment_is_hidden_until_the_reveal() -> None:
    st = start(3, lead=ROBIN)
    while top(st) is Aside:
        st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])  # Robin's solo card
    while top(st) is not Commit:
        st.apply(st.legal_actions()[0])
    assert st.current_player == ROBIN
    committed = st.apply(st.legal_actions()[-1])
    name = committed.text.removeprefix("play ")
    assert st.current_player == ALEXANDER
    other = st.view(ALEXANDER)
    mine = st.view(ROBIN)
    assert other["state"]["players"][ROBIN]["has_committed_card"] is True
    assert "committed_card" not in other["state"]["players"][ROBIN]
    assert mine["state"]["players"][ROBIN]["committed_card"] == name
    assert not any(name in line for line in other["log"][-2:])
    assert not st.can_undo(ROBIN), "Alexander is to decide now"


# ---------------------------------------------------------------- T4 construction
def test_construction_example_warehouse() -> None:
    st = start(3)
    clear_cards(st, ROBIN)
    set_cards(st, ROBIN, HAND, {"carpenter": 1})
    # marshal (black) + printed homestead (pink) + homestead tile (pink) = 1 black, 2 pink;
    # a barber (pink) and a saloon (black) make three pink and two black Homes
    build(st, ROBIN, "barber", FOUR_SPACES[1])
    build(st, ROBIN, "saloon", FOUR_SPACES[2])
    assert st.homes(ROBIN) == 5 and st.pink_homes(ROBIN) == 3
    st.avail[ROBIN * K + kind("warehouse")] = 1
    set_res(st, ROBIN, W=1, G=4)
    set_stack(st, ExploitPhase(0), Solo(ROBIN))
    st.apply("play carpenter")
    assert "build warehouse" in texts(st)
    st.apply("build warehouse")
    assert (res(st, ROBIN, "W"), res(st, ROBIN, "G")) == (0, 3), "paid a Wood and a Gold"
    st.apply(A.SPACE + GOLD_FIVE)
    assert st.site[ROBIN * S + GOLD_FIVE] == kind("warehouse")
    assert (res(st, ROBIN, "W"), res(st, ROBIN, "G")) == (0, 4), "the space gives one Gold"
    assert st.z(ROBIN, HAND, kind("warehouse")) == 1, "the card goes to the hand"


def test_construction_needs_the_homes() -> None:
    st = start(3)
    clear_cards(st, ROBIN)
    set_cards(st, ROBIN, HAND, {"carpenter": 1})
    st.avail[ROBIN * K + kind("warehouse")] = 1
    set_res(st, ROBIN, W=3, G=3)
    assert st.homes(ROBIN) == 3
    set_stack(st, ExploitPhase(0), Solo(ROBIN))
    st.apply("play carpenter")
    assert "build warehouse" not in texts(st)


# ---------------------------------------------------------------- T16 legality
def test_reserve_buildings_cannot_be_built_and_second_homestead_gives_no_card() -> None:
    st = start(3)
    clear_cards(st, ROBIN)
    set_cards(st, ROBIN, HAND, {"carpenter": 1})
    set_res(st, ROBIN, W=3, G=3)
    st.hs_tiles[ROBIN] = 2
    in_stock = DATA.cards[st.stock[0][0]]
    set_stack(st, ExploitPhase(0), Solo(ROBIN))
    st.apply("play carpenter")
    assert f"build {in_stock.name}" not in texts(st)
    hand_before = st.z(ROBIN, HAND, kind("homestead"))
    st.apply("build a homestead tile")
    st.apply(st.legal_actions()[0])
    assert st.z(ROBIN, HAND, kind("homestead")) == hand_before, "not the first homestead"
    assert st.hs_tiles[ROBIN] == 1


# ---------------------------------------------------------------- T5, T6 exploit
def _exploit_position():
    st = start(3)
    for s in range(3):
        clear_cards(st, s)
        st.played[s] = 2
    set_cards(st, ROBIN, HAND, {"marshal": 1, "gold_mine": 1})
    set_cards(st, ROBIN, UP, {"carpenter": 1})
    set_cards(st, ROBIN, DOWN, {"civic_pride_1": 1})
    set_cards(st, ALEXANDER, UP, {"carpenter": 1, "civic_pride_1": 1})
    set_cards(st, THEO, UP, {"gold_mine": 1})
    set_res(st, ROBIN, W=2, G=1, I=3)
    set_stack(st, IncomePhase(0), XTurn(ROBIN))
    return st


def test_exploit_choices() -> None:
    st = _exploit_position()
    legal = set(texts(st))
    assert "play marshal" in legal and "play gold mine" in legal  # (A)
    assert "exploit seat 1's carpenter" in legal  # (B) with the carpenter on his table
    assert "exploit seat 2's gold mine" in legal  # (D) with the gold mine in his hand
    assert "exploit seat 1's civic pride (1)" not in legal  # his own is face down
    assert "pass" not in legal  # the third card is not played yet
    with pytest.raises(IllegalAction, match="third card"):
        st.apply(A.PASS)


def test_exploit_turns_the_target_over_and_keeps_the_card_in_hand() -> None:
    st = _exploit_position()
    gold = res(st, ROBIN, "G")
    st.apply("exploit seat 2's gold mine")
    assert res(st, ROBIN, "G") == gold + 1
    assert st.z(ROBIN, HAND, kind("gold_mine")) == 1
    assert st.z(THEO, UP, kind("gold_mine")) == 0 and st.z(THEO, DOWN, kind("gold_mine")) == 1
    # everyone saw the gold mine in Robin's hand
    n = st.num_players
    assert st.known[(ALEXANDER * n + ROBIN) * K + kind("gold_mine")] >= 1


def test_exploit_with_the_table_carpenter_keeps_it_face_up() -> None:
    st = _exploit_position()
    st.avail[ROBIN * K + kind("saloon")] = 1
    st.apply("exploit seat 1's carpenter")
    assert st.z(ALEXANDER, DOWN, kind("carpenter")) == 1
    assert st.z(ROBIN, UP, kind("carpenter")) == 1
    # the carpenter's exploit: discard an Inhabitant and a Gold or a Wood, then build
    assert st.current_player == ROBIN


def test_marshal_exploit_needs_two_gold() -> None:
    st = _exploit_position()
    set_cards(st, THEO, UP, {"marshal": 1})
    set_res(st, ROBIN, G=1)
    set_stack(st, IncomePhase(0), XTurn(ROBIN))
    assert "exploit seat 2's marshal" not in texts(st)
    set_res(st, ROBIN, G=2)
    set_stack(st, IncomePhase(0), XTurn(ROBIN))
    assert "exploit seat 2's marshal" in texts(st)


def test_no_exploit_of_a_destroyed_building_or_the_opposite_player() -> None:
    st = start(4)
    for s in range(4):
        clear_cards(st, s)
        st.played[s] = 3
    set_cards(st, 0, HAND, {"gold_mine": 1})
    for s in (1, 2, 3):
        set_cards(st, s, UP, {"gold_mine": 1})
    set_stack(st, IncomePhase(0), XTurn(0))
    legal = set(texts(st))
    assert {"exploit seat 1's gold mine", "exploit seat 3's gold mine"} <= legal
    assert "exploit seat 2's gold mine" not in legal, "diagonally opposite"
    build(st, 0, "gold_mine", 3, destroyed=True)
    set_stack(st, IncomePhase(0), XTurn(0))
    assert not any(t.startswith("exploit") for t in texts(st))


# ---------------------------------------------------------------- T7, T8 income, storage
def test_income_homestead_and_barber() -> None:
    st = start(3)
    clear_cards(st, ROBIN)
    set_cards(st, ROBIN, UP, {"homestead": 1, "barber": 1})
    set_res(st, ROBIN, G=0, W=0, I=0, L=0, P=7)
    set_stack(st, Visit(), Income(ROBIN))
    assert st.current_player == ROBIN
    assert set(texts(st)) == {"take 1 Gold", "take 1 Wood"}
    st.apply("take 1 Gold")
    assert (res(st, ROBIN, "L"), res(st, ROBIN, "P")) == (2, 5)
    assert (res(st, ROBIN, "I"), res(st, ROBIN, "G"), res(st, ROBIN, "W")) == (1, 1, 0)


def test_no_lure_without_peace_pipes() -> None:
    st = start(3)
    clear_cards(st, ROBIN)
    set_cards(st, ROBIN, UP, {"homestead": 1})
    set_res(st, ROBIN, L=7, P=0)
    set_stack(st, Visit(), Income(ROBIN))
    assert res(st, ROBIN, "L") == 7


@pytest.mark.parametrize(("bank", "kept"), [(True, 6), (False, 4)])
def test_storage_limits(bank: bool, kept: int) -> None:
    st = start(3)
    if bank:
        build(st, ROBIN, "bank", PLAIN_FIVE)
    set_res(st, ROBIN, G=6, W=5, C=9)
    set_stack(st, Visit(), Storage(ROBIN))
    assert res(st, ROBIN, "G") == kept
    assert (res(st, ROBIN, "W"), res(st, ROBIN, "C")) == (3, 8)


# ---------------------------------------------------------------- T9 Lincoln
def test_lincoln_visit_tie_broken_by_the_lead_marshal() -> None:
    st = start(3, lead=ROBIN, lincoln="I+G")
    set_res(st, ROBIN, X=2, I=11)
    set_res(st, ALEXANDER, X=4, I=8)
    set_res(st, THEO, X=2, I=16)
    assert scoring.lincoln_points(st, ROBIN, ("I", "G")) == 4
    set_stack(st, END, Visit())
    assert st.current_player == ROBIN
    assert set(texts(st)) == {"Lincoln visits seat 1", "Lincoln visits seat 2"}
    homes = st.homes(ALEXANDER)
    st.apply("Lincoln visits seat 1")
    assert st.lincoln_homes[ALEXANDER] == 1 and st.homes(ALEXANDER) == homes + 1


def test_the_five_card_is_discarded() -> None:
    st = start(3)
    st.lincoln_current = lincoln_index("5")
    set_stack(st, END, Visit())
    assert st.lincoln_homes == [0, 0, 0]


# ---------------------------------------------------------------- T10, T11 raid
def test_raid_example() -> None:
    st = start(3, lead=ROBIN)
    st.gm[0] = ALEXANDER
    clear_cards(st, ROBIN)
    set_cards(st, ROBIN, HAND, {"marshal": 1})
    build(st, ROBIN, "saloon", FOUR_SPACES[1])
    set_res(st, ROBIN, G=0, C=1, I=5, L=3, P=1)
    set_res(st, ALEXANDER, P=1)
    set_res(st, THEO, P=3)
    st.camp[0], st.camp[1], st.camp[2] = 2, 0, 3
    set_stack(st, END, Solo(ROBIN))
    st.apply("play marshal")
    assert st.current_player == CHANCE
    st.apply("Indian die: orange, roll again")
    assert (st.camp[0], st.camp[1]) == (2, 1)
    st.apply("Indian die: red")
    # 3rd red: the town with the fewest Peace pipes; Robin and Alexander tie at 1
    assert st.current_player == ALEXANDER
    assert set(texts(st)) == {
        "the Indians attack seat 0's town",
        "the Indians attack seat 1's town",
    }
    st.apply("the Indians attack seat 0's town")
    assert st.current_player == ALEXANDER  # the grand manitou chooses targets
    st.apply("orange Indians attack the Inhabitants")
    assert st.current_player == ROBIN
    assert set(texts(st)) == {"defend with Cowboys", "do not defend"}
    st.apply("do not defend")
    assert (res(st, ROBIN, "I"), res(st, ROBIN, "L")) == (1, 2)
    saloon = FOUR_SPACES[1]
    st.apply(f"red Indians attack site {saloon}")
    # three Indians in zone 4 need two Cowboys; Robin has one: the saloon is destroyed
    assert st.destroyed[ROBIN * S + saloon] == 1
    assert res(st, ROBIN, "C") == 1
    assert (st.camp[0], st.camp[1], st.camp[2]) == (0, 0, 2)
    # 1 Peace pipe + the lost Lure's cube back + 1 Peace pipe from the camp
    assert res(st, ROBIN, "P") == 3
    assert not st.has_building(ROBIN, kind("saloon"))


def test_orange_raid_attacks_the_roller_and_zone4_defence_is_cheap() -> None:
    st = start(3, lead=ROBIN)
    st.gm[0] = THEO
    clear_cards(st, ALEXANDER)
    set_cards(st, ALEXANDER, HAND, {"marshal": 1})
    set_res(st, ALEXANDER, G=0, C=2, I=0)
    st.camp[0], st.camp[1] = 0, 1
    set_stack(st, END, Solo(ALEXANDER))
    st.apply("play marshal")
    st.apply("Indian die: orange")
    assert st.current_player == THEO
    # one orange Indian on the printed marshal (zone 4): one Cowboy repels two Indians
    st.apply("orange Indians attack site 0 (printed marshal)")
    assert st.current_player == ALEXANDER
    st.apply("defend with Cowboys")
    assert res(st, ALEXANDER, "C") == 1
    assert st.destroyed[ALEXANDER * S + 0] == 0


def test_a_raid_cancels_the_other_rolls_of_the_turn() -> None:
    st = start(3, lead=ROBIN)
    clear_cards(st, ROBIN)
    set_cards(st, ROBIN, HAND, {"marshal": 1})
    set_cards(st, ROBIN, UP, {"bank": 1})
    build(st, ROBIN, "bank", PLAIN_FIVE)
    set_res(st, ROBIN, G=0, C=0, I=0)
    st.camp[0], st.camp[1] = 2, 0
    set_stack(st, END, Solo(ROBIN))
    st.apply("play marshal")  # replays the bank (which rolls), then rolls itself
    assert st.current_player == CHANCE
    st.apply("Indian die: red")  # the bank's roll raids at once
    while st.current_player != CHANCE and st.stack[-1] != END:
        st.apply(st.legal_actions()[0])
    assert st.stack[-1] == END, "the marshal's own roll is forgotten"


# ---------------------------------------------------------------- T12-T15 Robin's 54
def test_robins_final_score_is_54() -> None:
    st = start(3)
    spaces = list(A.SPACES)
    # Robin: 8 Homes (two homestead tiles, the Marshal Bright homestead, barber pink;
    # marshal, saloon, gunsmith, warehouse black), one destroyed marker (the gunsmith)
    build(st, ROBIN, "saloon", FOUR_SPACES[1])
    build(st, ROBIN, "gunsmith", spaces[4], destroyed=True)
    build(st, ROBIN, "warehouse", spaces[5])
    build(st, ROBIN, "barber", spaces[6])
    build(st, ROBIN, "homestead", FOUR_SPACES[2])
    assert st.homes(ROBIN) == 8 - 1
    set_res(st, ROBIN, X=2, L=7, I=13, C=6, G=0)
    # Alexander 9 Homes, Theo fewer than 7
    for i in range(3):
        build(st, ALEXANDER, "homestead", spaces[i])
    st.lincoln_homes[ALEXANDER] = 9 - st.homes(ALEXANDER)
    st.recount_town(ALEXANDER)
    assert st.homes(ALEXANDER) == 9 and st.homes(THEO) < 7
    # the four Lincoln cards show exported Gold 3 times, Lure 4 times, Inhabitants twice
    st.lincoln_revealed = [lincoln_index(k) for k in ("I+L+G", "L+L", "L+G", "I+G")]
    assert scoring.multipliers(st) == {"G": 3, "L": 4, "I": 2}
    robin = scoring.breakdown(st)["seats"][ROBIN]
    assert robin["homes_points"] == 1
    assert scoring.breakdown(st)["seats"][ALEXANDER]["homes_points"] == 5
    assert scoring.breakdown(st)["seats"][THEO]["homes_points"] == 0
    assert robin["buildings"] == {"saloon": 4, "gunsmith": 3, "warehouse": 6, "barber": 2}
    assert robin["building_points"] + robin["destroyed_penalty"] == 13
    assert (robin["exported_gold_points"], robin["lure_points"], robin["inhabitant_points"]) == (
        6, 28, 6,
    )
    assert robin["total"] == 54
