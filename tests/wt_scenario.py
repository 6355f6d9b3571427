"""Helpers that build Western Town positions for the rulebook-example tests.

A position starts from a real game (chance outcomes chosen, not sampled) and is then
edited field by field, the way a puzzle or table-mode position would be.
"""

from __future__ import annotations

from typing import Any

from boomtown.engine import CHANCE
from boomtown.engine.machine import settle
from boomtown.engine.registry import get_ruleset
from boomtown.games.western_town import actions as A
from boomtown.games.western_town.data import DATA, RES_INDEX
from boomtown.games.western_town.rules import Deal, FirstLeadMarshal, LincolnCard
from boomtown.games.western_town.state import (
    DOWN,
    HAND,
    INACTIVE,
    OFF,
    UP,
    WT,
    K,
    S,
    WesternTownState,
)
from machine_support import end_of_test
from machine_support import top as top  # the scenarios' tests import it from here

ROBIN, ALEXANDER, THEO = 0, 1, 2


#: The step that stops the machine below a scenario's steps, and one of it.
EndOfTest = end_of_test(WT)
END = EndOfTest()


def site_space(number: int, effect: str | None) -> int:
    """The first town space of ``number`` with printed ``effect`` (``None``: a plain one)."""
    return next(i for i in A.SPACES
                if DATA.sites[i].number == number and DATA.sites[i].effect == effect)


#: The town's 4-spaces, a plain 5-space and the gold 5-space.
FOUR_SPACES = [i for i in A.SPACES if DATA.sites[i].number == 4]
PLAIN_FIVE = site_space(5, None)
GOLD_FIVE = site_space(5, "gold")


def kind(key: str) -> int:
    return A.KIND[key]


def start(
    players: int = 3,
    lead: int = 0,
    starts: tuple[str, ...] = ("marshal_bright", "start_2", "start_3", "start_4"),
    lincoln: str = "I+G",
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> WesternTownState:
    """A game whose set-up chance outcomes are chosen: seat ``lead`` leads, seat i gets
    ``starts[i]``, the first Lincoln card is ``lincoln``; star draws take the first listed."""
    st = get_ruleset("western-town").new_game(players, seed, options)
    assert isinstance(st, WesternTownState)
    start_ids = {sc.key: A.START_CARD + sc.index for sc in DATA.start_cards}
    lincoln_ids = {lc.key: A.LINCOLN + lc.index for lc in DATA.lincoln}
    dealt = 0
    while st.current_player == CHANCE:
        frame = st.stack[-1]
        legal = st.legal_action_ids()
        if type(frame) is FirstLeadMarshal:
            st.apply(A.FIRST_LM + lead + (frame.group * 2 if st.options.double_duel else 0))
        elif type(frame) is Deal:
            st.apply(start_ids[starts[dealt]])
            dealt += 1
        elif type(frame) is LincolnCard:
            st.apply(lincoln_ids[lincoln])
        else:
            st.apply(legal[0])
    return st


def set_res(st: WesternTownState, s: int, **amounts: int) -> None:
    for r, n in amounts.items():
        st.res[s * 7 + RES_INDEX[r]] = n


def res(st: WesternTownState, s: int, r: str) -> int:
    return st.r(s, RES_INDEX[r])


def set_cards(st: WesternTownState, s: int, zone: int, cards: dict[str, int]) -> None:
    """Put exactly ``cards`` in ``zone``; other zones give or take from the off-board pile."""
    for k in range(K):
        st.zones[(s * 6 + OFF) * K + k] += st.zones[(s * 6 + zone) * K + k]
        st.zones[(s * 6 + zone) * K + k] = 0
    for key, n in cards.items():
        k = kind(key)
        st.zones[(s * 6 + OFF) * K + k] -= n
        st.zones[(s * 6 + zone) * K + k] = n


def clear_cards(st: WesternTownState, s: int) -> None:
    for zone in (HAND, INACTIVE, UP, DOWN):
        set_cards(st, s, zone, {})


def build(st: WesternTownState, s: int, key: str, site: int, destroyed: bool = False) -> None:
    """Stand building ``key`` on ``site`` (the card is not moved)."""
    k = kind(key)
    old = st.site[s * S + site]
    if old >= 0 and not st.destroyed[s * S + site]:
        st.bcount[s * K + old] -= 1
    st.site[s * S + site] = k
    st.destroyed[s * S + site] = 1 if destroyed else 0
    st.avail[s * K + k] = 0
    if not destroyed:
        st.bcount[s * K + k] += 1
    st.recount_town(s)


def site_with(key: str, number: int | None = None, effect: str | None = None) -> int:
    """First empty-space site with that number/effect (for laying tiles in tests)."""
    for i in A.SPACES:
        spec = DATA.sites[i]
        if (number is None or spec.number == number) and (effect is None or spec.effect == effect):
            return i
    raise LookupError(key)


def set_stack(st: WesternTownState, *steps: Any) -> None:
    """Replace the pending steps (last = next) and advance to the next decision."""
    st.stack = list(steps)
    st._legal_cache = None
    settle(st)


def texts(st: WesternTownState) -> list[str]:
    return [a.text for a in st.legal_actions()]
