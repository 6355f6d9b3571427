"""The round and phase machine of Western Town.

The state keeps a stack of frames (small tuples). :func:`run` pops and expands
frames until one needs a decision (a seat's or chance's); :func:`choose` applies a
decision to the frame on top. Frames:

setup / round / p1a / p1b / p1c / p2 / p3 / p4 / p5 / end_round   phase flow
first_lm, star, deal, lincoln, die                                 chance points
aside, solo, commit, xturn                                         card decisions
ask                                                                a listed choice (effects, raids)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress, pairwise, repeat
from operator import sub
from typing import TYPE_CHECKING, Any

from boomtown.engine.actions import CHANCE, TERMINAL
from boomtown.games.western_town import actions as A
from boomtown.games.western_town import effects, raids, scoring
from boomtown.games.western_town.actions import CARD_NAMES
from boomtown.games.western_town.data import DATA, RES_INDEX, RESOURCES
from boomtown.games.western_town.effects import EXPLOIT_ALWAYS, EXPLOIT_TARGETED
from boomtown.games.western_town.state import (
    DOWN,
    HAND,
    HDOWN,
    INACTIVE,
    KINDS,
    OFF,
    SEAT_NAMES,
    STORAGE_BASE,
    UP,
    ZEROS_K,
    K,
    S,
)
from boomtown.games.western_town.steps import EXPLOIT_LIST, PLAY_LIST

if TYPE_CHECKING:
    from boomtown.games.western_town.state import WesternTownState as St

SETUP = DATA.setup
STAR_POOLS: tuple[str, ...] = ("orange", "green")
#: Adding buildings (set-up, rounds 2 and 3): star buildings drawn into the constructible
#: ones, then drawn out of the game (their tiles become homesteads). The short game removes none.
STAR_ADD, STAR_REMOVE = 2, 2
NAMES = SEAT_NAMES

#: Log lines of the hot paths, looked up rather than formatted: [seat] or [seat][kind].
_ONLY = tuple(frozenset({s}) for s in range(len(NAMES)))  # a private line's reader
_PLAYS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{name} plays {card}" for card in CARD_NAMES) for name in NAMES
)
_REVEALS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{name} reveals {card}" for card in CARD_NAMES) for name in NAMES
)
_CHOOSES = tuple(tuple(f"{name} chooses {card} face down" for card in CARD_NAMES) for name in NAMES)
_CHOOSES_PUBLIC = tuple(f"{name} chooses a card face down" for name in NAMES)
_PASSES = tuple(f"{name} passes" for name in NAMES)

#: Frames where a seat decides; the seat is ``frame[1]``.
SEAT_DECISIONS = frozenset(("aside", "solo", "commit", "xturn", "ask"))
#: Frames that are always a chance point ("lincoln" may not be: see ``_DECIDER``).
CHANCE_POINTS = frozenset(("first_lm", "star", "deal", "die"))


# ------------------------------------------------------------------ driver
def run(st: St, aid: int | None = None) -> None:
    """Apply decision ``aid`` (if given) to the frame on top, then expand automatic frames
    until a decision is needed (or the game ends).

    The state binds this as its ``_apply_id`` hook, and ``legal_ids`` and
    ``chance_distribution`` as the other two hot hooks: a call less at every step.
    """
    stack = st.stack
    if aid is not None:
        frame = stack[-1]
        CHOOSE[frame[0]](st, frame, aid)
    while stack:
        frame = stack[-1]
        kind = frame[0]
        if kind in SEAT_DECISIONS:
            st.current_player = frame[1]
            return
        auto = _AUTO.get(kind)
        if auto is not None:
            stack.pop()
            auto(st, frame)
            continue
        if kind in CHANCE_POINTS:
            st.current_player = CHANCE
            return
        seat = _DECIDER[kind](st, frame)
        if seat is not None:
            st.current_player = seat
            return
    st.current_player = TERMINAL


def legal_ids(st: St) -> list[int]:
    """The legal action ids of the frame on top."""
    frame = st.stack[-1]
    ids: list[int] = LEGAL[frame[0]](st, frame)
    return ids


def chance_distribution(st: St) -> list[tuple[int, float]]:
    if st.stack[-1][0] == "die":
        return raids.die_distribution()
    ids = st.legal_action_ids()
    return list(zip(ids, repeat(1.0 / len(ids))))  # uniform


def explain_illegal(st: St, aid: int) -> str:
    if st.current_player == CHANCE:
        return f"{A.TEXTS[aid] if 0 <= aid < A.SIZE else aid} is not a possible chance outcome now"
    frame = st.stack[-1]
    text = A.TEXTS[aid] if 0 <= aid < A.SIZE else str(aid)
    who = st.name(st.current_player)
    kind = frame[0]
    if kind in ("solo", "commit", "xturn") and A.PLAY <= aid < A.PLAY + K:
        k = aid - A.PLAY
        if st.z(st.current_player, HAND, k) == 0:
            return f"{who} has no {DATA.cards[k].name} in hand"
        if not playable(st, st.current_player, k):
            return f"{who} cannot play {DATA.cards[k].name}: no undestroyed building of that name"
        if kind == "xturn" and st.played[st.current_player] >= 3:
            return f"{who} has already played a third card"
    if kind == "xturn" and aid == A.PASS:
        return f"{who} must play a third card before passing"
    if kind == "xturn" and aid >= A.EXPLOIT_HAND:
        return _explain_late_exploit(st, aid, who)
    if kind == "xturn" and A.EXPLOIT <= aid < A.PASS:
        t, k = divmod(aid - A.EXPLOIT, K)
        if t not in st.neighbours(st.current_player):
            return f"seat {t} is not a neighbour of {who}"
        if st.z(t, UP, k) == 0:
            return f"seat {t} has no face-up {DATA.cards[k].name}"
        return (
            f"{who} cannot exploit {DATA.cards[k].name} now "
            "(it needs the card, an undestroyed building and an effect it would produce)"
        )
    return f"{text!r} is not legal now: {who} is to decide ({describe(st)})"


def _explain_late_exploit(st: St, aid: int, who: str) -> str:
    """Why an id of the EXPLOIT_HAND or EXPLOIT_NAMED range is not legal now."""
    s = st.current_player
    if aid < A.EXPLOIT_NAMED:
        t, k = divmod(aid - A.EXPLOIT_HAND, K)
        j, zone = k, HAND
    else:
        q, z = divmod(aid - A.EXPLOIT_NAMED, 2)
        t, p = divmod(q, A.NP)
        k, j = A.NAMED_PAIRS[p]
        zone = HAND if z == A.FROM_HAND else UP
    if t not in st.neighbours(s):
        return f"seat {t} is not a neighbour of {who}"
    if st.z(t, UP, k) == 0:
        return f"seat {t} has no face-up {CARD_NAMES[k]}"
    if st.z(s, zone, j) == 0:
        where = "hand" if zone == HAND else "table (face up)"
        return f"{who} has no {CARD_NAMES[j]} in the {where}"
    if j == k and st.z(s, UP, k) == 0:
        return (
            f"{who} shows the {CARD_NAMES[k]} from the hand with 'exploit seat {t}'s "
            f"{CARD_NAMES[k]}' (no other lies face up on the table)"
        )
    return (
        f"{who} cannot exploit with {CARD_NAMES[j]} now "
        "(it needs an undestroyed building of that name and an effect it would produce)"
    )


def describe(st: St) -> str:
    """A public description of the pending decision."""
    if st.current_player == TERMINAL:
        return "the game is over"
    frame = st.stack[-1]
    return str(frame[3]) if frame[0] == "ask" else _PROMPTS.get(frame[0], frame[0])


_PROMPTS = {
    "first_lm": "chance: the first lead marshal",
    "star": "chance: a star building is drawn",
    "deal": "chance: a western town card is dealt",
    "lincoln": "chance: the Lincoln card is revealed",
    "die": "chance: the Indian die is rolled",
    "aside": "keep cards in hand: set the others aside",
    "solo": "play a card",
    "commit": "choose a card to play face down (revealed together)",
    "xturn": "play a third card, exploit a neighbour's card, or pass",
}


# ------------------------------------------------------------------ set-up
def _setup(st: St, frame: tuple[Any, ...]) -> None:
    push = st.stack.append
    push(("round",))
    for s in reversed(range(st.num_players)):
        push(("start", s))
    for s in reversed(range(st.num_players)):
        push(("deal", s))
    for g in reversed(range(len(st.groups))):
        st.stock[g * 2] = list(_STAR_STOCKS[0])
        st.stock[g * 2 + 1] = list(_STAR_STOCKS[1])
        st.camp[g * 3 + 2] = SETUP.camp_pipes_per_player * len(st.groups[g])
        if st.options.short_game:
            for s in st.groups[g]:
                st.hs_tiles[s] += len(st.stock[g * 2 + 1])
            st.stock[g * 2 + 1] = []
        else:
            _push_stars(st, g, 0, add=STAR_ADD, remove=STAR_REMOVE)
        push(("first_lm", g))
    for s in range(st.num_players):
        base = s * 7
        st.res[base + RES_INDEX["C"]] = SETUP.cowboys
        st.res[base + RES_INDEX["P"]] = SETUP.peace_pipes
        st.zones[s * 6 * K : (s + 1) * 6 * K] = _START_ZONES
        st.avail[s * K : (s + 1) * K] = _START_AVAIL
        st.start_town(s)
    st.log(f"Western Town for {st.num_players} players"
           + (" (short game)" if st.options.short_game else "")
           + (" (double duel)" if st.options.double_duel else ""))


_STAR_STOCKS = tuple(tuple(c.index for c in DATA.cards if c.group == p) for p in STAR_POOLS)


def _start_tables() -> tuple[list[int], list[int]]:
    """One seat's cards (the cactus cards in hand, the rest off the board) and constructible
    buildings at the start."""
    zones = [0] * (6 * K)
    avail = [0] * K
    for card in DATA.cards:
        in_hand = 1 if card.group == "cactus" else 0
        zones[HAND * K + card.index] = in_hand
        zones[OFF * K + card.index] = card.copies - in_hand
        if "const" in (card.group, card.second_group) and card.tile is not None:
            avail[card.index] = 1
    return zones, avail


_START_ZONES, _START_AVAIL = _start_tables()


def _push_stars(st: St, g: int, pool: int, add: int, remove: int) -> None:
    """Draws for 'adding buildings' (pushed so that the adds come first)."""
    for _ in range(remove):
        st.stack.append(("star", g, pool, 0))
    for _ in range(add):
        st.stack.append(("star", g, pool, 1))


def _chance_first_lm(st: St, frame: tuple[Any, ...]) -> list[int]:
    return [A.FIRST_LM + s for s in st.groups[frame[1]]]


def _choose_first_lm(st: St, frame: tuple[Any, ...], aid: int) -> None:
    st.stack.pop()
    g, s = frame[1], aid - A.FIRST_LM
    st.lm[g] = s
    st.gm[g] = st.right_of(s)
    st.log(f"{NAMES[s]} is the lead marshal; {NAMES[st.gm[g]]} is the grand manitou")


def _chance_star(st: St, frame: tuple[Any, ...]) -> list[int]:
    g, pool = frame[1], frame[2]
    return [A.STAR + k for k in sorted(st.stock[g * 2 + pool])]


def _choose_star(st: St, frame: tuple[Any, ...], aid: int) -> None:
    st.stack.pop()
    g, pool, add = frame[1], frame[2], frame[3]
    k = aid - A.STAR
    st.stock[g * 2 + pool].remove(k)
    for s in st.groups[g]:
        if add:
            st.avail[s * K + k] = 1
        else:
            st.hs_tiles[s] += 1
    st.log(_STAR_LINES[add][k])


#: The log line of a drawn star building: [removed, added][kind].
_STAR_LINES = (
    [f"{name} leaves the game; its tile becomes a homestead" for name in CARD_NAMES],
    [f"{name} joins the constructible buildings" for name in CARD_NAMES],
)


def _chance_deal(st: St, frame: tuple[Any, ...]) -> list[int]:
    return [A.START_CARD + c for c in st.start_left]


def _choose_deal(st: St, frame: tuple[Any, ...], aid: int) -> None:
    st.stack.pop()
    c = aid - A.START_CARD
    st.start_left.remove(c)
    st.start_card[frame[1]] = c


_FOUR_SPACES = [i for i in A.SPACES if DATA.sites[i].number == 4]


# per western town card: its building, its resources, and what its reveal adds to the log
_START_CARDS = [
    (
        A.KIND[card.building],
        tuple((RES_INDEX[r], n) for r, n in card.resources.items()),
        f"reveals {card.name}: {DATA.card(card.building).name} and "
        + ", ".join(f"{n} {r}" for r, n in card.resources.items()),
    )
    for card in DATA.start_cards
]


#: Per site, all that the rules read of it (hand size, zone 4 defence, the laying-on-the-board
#: effect, the +1 Home): two empty spaces alike in all of it are interchangeable.
_SPACE_FEATURES = [(site.number, site.zone4, site.effect, site.extra_home) for site in DATA.sites]


def start_spaces(st: St, s: int) -> list[int]:
    """The spaces seat ``s`` may choose for its start building ("an empty space marked with
    a 4"): the first empty 4-space of each set of alike ones.

    Only alike spaces are merged: a town with the building on one of them is the same town as
    with it on another, its spaces renamed, since no rule reads a space otherwise than by
    ``_SPACE_FEATURES`` (the space ids differ, the legal choices and scores do not). With the
    shipped board the three 4-spaces are alike, so there is nothing to choose.
    """
    base = s * S
    seen: set[tuple[Any, ...]] = set()
    out = []
    for i in _FOUR_SPACES:
        features = _SPACE_FEATURES[i]
        if st.site[base + i] < 0 and features not in seen:
            seen.add(features)
            out.append(i)
    return out


def _start(st: St, frame: tuple[Any, ...]) -> None:
    s = frame[1]
    k, resources, text = _START_CARDS[st.start_card[s]]
    for ri, n in resources:
        st.gain(s, ri, n)
    st.log(f"{NAMES[s]} {text}")
    spaces = start_spaces(st, s)
    if len(spaces) == 1:
        effects.place_building(st, s, k, spaces[0])
        return
    effects.ask(
        st, s, [(A.SPACE + i, ("start_lay", s, k, i)) for i in spaces],
        START_SPACE_PROMPT, force_ask=True,
    )


START_SPACE_PROMPT = "choose the space marked 4 for your start building"


def _do_start_lay(st: St, p: tuple[Any, ...]) -> None:
    _, s, k, i = p
    effects.place_building(st, s, k, i)
    st.log(f"{NAMES[s]} puts the start building on space {i}")


effects.PAYLOADS["start_lay"] = _do_start_lay


# ------------------------------------------------------------------ rounds
def _round(st: St, frame: tuple[Any, ...]) -> None:
    st.round += 1
    st.log(f"Round {st.round}")
    push = st.stack.append
    push(("end_round",))
    push(("p5",))
    last_first = range(len(st.groups) - 1, -1, -1)  # pushed last = runs first
    for phase in ("p4", "p3", "p2", "p1c"):
        for g in last_first:
            push((phase, g))
    push(("lincoln",))
    if st.options.short_game:
        if st.round == 2:
            for g in reversed(range(len(st.groups))):
                _push_stars(st, g, 0, add=STAR_ADD, remove=0)
    elif st.round in (2, 3):
        for g in reversed(range(len(st.groups))):
            _push_stars(st, g, st.round - 2, add=STAR_ADD, remove=STAR_REMOVE)


def _lincoln_decider(st: St, frame: tuple[Any, ...]) -> int | None:
    if not st.options.short_game and st.round == st.rounds:
        st.stack.pop()
        five = next(lc.index for lc in DATA.lincoln if lc.five)
        st.lincoln_current = five
        st.log("Lincoln card revealed: 5 (no visit this round)")
        return None
    return CHANCE


def _chance_lincoln(st: St, frame: tuple[Any, ...]) -> list[int]:
    return [A.LINCOLN + c for c in st.lincoln_left]


def _choose_lincoln(st: St, frame: tuple[Any, ...], aid: int) -> None:
    st.stack.pop()
    c = aid - A.LINCOLN
    st.lincoln_left.remove(c)
    st.lincoln_revealed.append(c)
    st.lincoln_current = c
    st.log(f"Lincoln card revealed: {DATA.lincoln[c].key}")


def hand_size(st: St, s: int) -> int:
    """The lowest number among the empty spaces of the town (or the full-town size)."""
    return st.hand_limit[s]


def _p1c(st: St, frame: tuple[Any, ...]) -> None:
    g = frame[1]
    zones = st.zones
    for s in reversed(st.order_from(g, st.lm[g])):
        hb = s * 6 * K
        excess = sum(zones[hb : hb + K]) - st.hand_limit[s]
        if excess > 0:
            st.stack.append(("aside", s, excess))
            for base in st.known_rows[s]:
                st.known[base : base + K] = ZEROS_K


_ASIDE_IDS = tuple(A.SET_ASIDE + k for k in range(K))


def _legal_aside(st: St, frame: tuple[Any, ...]) -> list[int]:
    hb = frame[1] * 6 * K
    return list(compress(_ASIDE_IDS, st.zones[hb : hb + K]))


def _choose_aside(st: St, frame: tuple[Any, ...], aid: int) -> None:
    s, left = frame[1], frame[2] - 1
    hb = s * 6 * K
    k = aid - A.SET_ASIDE
    zones = st.zones
    zones[hb + k] -= 1
    zones[hb + INACTIVE * K + k] += 1
    if left:
        st.stack[-1] = ("aside", s, left)
    else:
        st.stack.pop()
        private, public = _keeps_lines(s, tuple(zones[hb : hb + K]), hand_size(st, s))
        st.log(private, _ONLY[s], public)


@lru_cache(maxsize=4096)
def _keeps_lines(s: int, hand: tuple[int, ...], size: int) -> tuple[str, str]:
    """The log line of the hand seat ``s`` keeps, and what the others read instead."""
    return f"{NAMES[s]} keeps {', '.join(_card_list(hand))}", f"{NAMES[s]} keeps {size} cards"


def _card_list(counts: Sequence[int]) -> list[str]:
    return [
        CARD_NAMES[k] + (f" x{counts[k]}" if counts[k] > 1 else "")
        for k in compress(KINDS, counts)
    ]


# ------------------------------------------------------------------ phase 2
def _p2(st: St, frame: tuple[Any, ...]) -> None:
    g = frame[1]
    order = st.order_from(g, st.lm[g])
    plan: list[tuple[Any, ...]] = [("solo", order[0])]
    for a, b in pairwise(order):
        plan += [("commit", a), ("commit", b), ("reveal", a, b)]
    plan.append(("solo", order[-1]))
    for f in reversed(plan):
        st.stack.append(f)


NEEDS_BUILDING = [c.building != "none" for c in DATA.cards]
HAS_EXPLOIT = [k in effects.EXPLOITABLE for k in KINDS]
PLAY_REQUIRES = [tuple((RES_INDEX[r], n) for r, n in c.play_requires.items()) for c in DATA.cards]


def playable(st: St, s: int, k: int) -> bool:
    """Card ``k`` may be played: it is in hand, its building stands, its condition holds."""
    if st.zones[s * 6 * K + k] == 0:
        return False
    if NEEDS_BUILDING[k] and not st.bcount[s * K + k]:
        return False
    res = st.res
    return all(res[s * 7 + ri] >= n for ri, n in PLAY_REQUIRES[k])


NO_BUILDING = [not needs for needs in NEEDS_BUILDING]
_PLAY_IDS = tuple(A.PLAY + k for k in range(K))
_FACEDOWN_IDS = tuple(A.FACEDOWN + k for k in range(K))


def _legal_play(st: St, frame: tuple[Any, ...]) -> list[int]:
    """Cards seat ``frame[1]`` may play; when none is playable, every card in hand face down;
    [] without cards. (The legal list of a "solo" or "commit" frame.)"""
    s = frame[1]
    hb = s * 6 * K
    hand = st.zones[hb : hb + K]
    bcount, res = st.bcount, st.res
    bb, rb = s * K, s * 7
    ids = []
    for k in compress(KINDS, hand):
        if bcount[bb + k] or NO_BUILDING[k]:
            needs = PLAY_REQUIRES[k]
            if not needs or all(res[rb + ri] >= n for ri, n in needs):
                ids.append(_PLAY_IDS[k])
    if not ids:
        ids = list(compress(_FACEDOWN_IDS, hand))
    return ids


def _show_hand(st: St, s: int) -> None:
    """No playable card: the player shows the hand to everybody."""
    hand = st.zone_list(s, HAND)
    known = st.known
    for base in st.known_rows[s]:
        known[base : base + K] = map(max, hand, known[base : base + K])
    st.log(f"{NAMES[s]} cannot play a card and shows the hand: {', '.join(_card_list(hand))}")
    st.seal()


def _leave_hand_publicly(st: St, s: int, k: int) -> None:
    known = st.known
    for base in st.known_rows[s]:
        if known[base + k]:
            known[base + k] -= 1


def _choose_solo(st: St, frame: tuple[Any, ...], aid: int) -> None:
    s = frame[1]
    st.stack.pop()
    if aid >= A.FACEDOWN:
        _show_hand(st, s)
        k = aid - A.FACEDOWN
        st.move(s, HAND, HDOWN, k)
        st.played[s] += 1
        st.log(f"{NAMES[s]} plays {CARD_NAMES[k]} face down without effect",
               _ONLY[s], f"{NAMES[s]} plays a card face down without effect")
        return
    k = aid - A.PLAY
    play_card(st, s, k)


def play_card(st: St, s: int, k: int) -> None:
    hand = s * 6 * K + k  # st.move(s, HAND, UP, k), inlined on this hot path
    st.zones[hand] -= 1
    st.zones[hand + UP * K] += 1
    _leave_hand_publicly(st, s, k)
    st.played[s] += 1
    st.seal()
    st.log(_PLAYS[s][k])
    effects.start(st, s, PLAY_LIST[k], -1, (k,))


def _choose_commit(st: St, frame: tuple[Any, ...], aid: int) -> None:
    s = frame[1]
    st.stack.pop()
    if aid >= A.FACEDOWN:
        _show_hand(st, s)
        k = aid - A.FACEDOWN
        st.pending_fd[s] = 1
    else:
        k = aid - A.PLAY
    st.zones[(s * 6 + HAND) * K + k] -= 1
    st.pending[s] = k
    st.log(_CHOOSES[s][k], _ONLY[s], _CHOOSES_PUBLIC[s])


def _reveal(st: St, frame: tuple[Any, ...]) -> None:
    a, b = frame[1], frame[2]
    st.seal()
    todo = []
    for s in (a, b):
        k = st.pending[s]
        st.pending[s] = -1
        st.played[s] += 1
        if st.pending_fd[s]:
            st.pending_fd[s] = 0
            st.zones[(s * 6 + HDOWN) * K + k] += 1
            st.log(f"{NAMES[s]} reveals a card played face down without effect")
        else:
            st.zones[(s * 6 + UP) * K + k] += 1
            _leave_hand_publicly(st, s, k)
            st.log(_REVEALS[s][k])
            todo.append((s, k))
    # effects resolve clockwise from the lead marshal: a before b (pushed last = runs first)
    for s, k in reversed(todo):
        effects.push_start(st, s, PLAY_LIST[k], -1, (k,))


# ------------------------------------------------------------------ phase 3
def _p3(st: St, frame: tuple[Any, ...]) -> None:
    g = frame[1]
    st.stack.append(("xturn", st.lm[g]))


def _legal_xturn(st: St, frame: tuple[Any, ...]) -> list[int]:
    s = frame[1]
    if st.played[s] < 3:
        ids = _legal_play(st, frame)
        may_pass = not ids  # no card left in hand
    else:
        ids, may_pass = [], True
    zones, bcount = st.zones, st.bcount
    hb, bb = s * 6 * K, s * K
    ub = hb + UP * K
    verdicts: dict[int, bool] = {}  # per kind, when the target seat does not matter
    from_hand: list[int] = []  # EXPLOIT_HAND ids, after PASS (the ids stay sorted)
    named: list[int] = []  # EXPLOIT_NAMED ids, after those
    for t in st.sorted_neighbours[s]:
        tb = (t * 6 + UP) * K
        first_id = A.EXPLOIT + t * K
        # t's face-up cards that s holds too (in hand or face up), with a standing building
        for k in compress(KINDS, zones[tb : tb + K]):
            if SAME_TITLE[k]:  # s's other cards of that name may exploit it too
                _named_exploits(st, s, t, k, named, verdicts)
            in_hand = zones[hb + k]
            if (
                HAS_EXPLOIT[k]
                and (in_hand or zones[ub + k])
                and (bcount[bb + k] or NO_BUILDING[k])
            ):
                if not EXPLOIT_ALWAYS[k]:
                    ok = verdicts.get(k)
                    if ok is None:
                        ok = effects.exploit_productive(st, s, k, t)
                        if not EXPLOIT_TARGETED[k]:
                            verdicts[k] = ok
                    if not ok:
                        continue
                ids.append(first_id + k)  # shows the table's card when there is one
                if in_hand and zones[ub + k]:  # the player may show the hand's instead
                    from_hand.append(A.EXPLOIT_HAND + t * K + k)
    if may_pass:
        ids.append(A.PASS)
    if from_hand:
        ids += from_hand
    if named:
        ids += named
    return ids


SAME_TITLE = A.SAME_TITLE
#: _NAMED_OF[t][k]: for each other kind j of k's name, (j, the id exploiting seat t's k with
#: j from the hand, the same from the table), in id order (NAMED_PAIRS).
_NAMED_OF = [
    [
        tuple(
            (j, A.exploit_named_id(t, p, A.FROM_HAND), A.exploit_named_id(t, p, A.FROM_TABLE))
            for p, (target, j) in enumerate(A.NAMED_PAIRS)
            if target == k
        )
        for k in KINDS
    ]
    for t in range(A.N)
]


def _named_exploits(
    st: St, s: int, t: int, k: int, out: list[int], verdicts: dict[int, bool]
) -> None:
    """Add to ``out`` the ids by which seat ``s`` may exploit neighbour ``t``'s face-up
    ``k`` with another card of the same name (rulebook: "a face up card with the same
    name"), from the hand and from the table, where that card is and would produce an
    effect. ``verdicts`` is ``_legal_xturn``'s cache of productive exploits by own kind."""
    zones = st.zones
    hb = s * 6 * K
    ub = hb + UP * K
    for j, hand_id, table_id in _NAMED_OF[t][k]:
        in_hand, on_table = zones[hb + j], zones[ub + j]
        if not (HAS_EXPLOIT[j] and (in_hand or on_table)):
            continue
        if not (NO_BUILDING[j] or st.bcount[s * K + j]):
            continue
        if not EXPLOIT_ALWAYS[j]:
            ok = verdicts.get(j)
            if ok is None:
                ok = effects.exploit_productive(st, s, j, t)
                if not EXPLOIT_TARGETED[j]:
                    verdicts[j] = ok
            if not ok:
                continue
        if in_hand:
            out.append(hand_id)
        if on_table:
            out.append(table_id)


def _choose_xturn(st: St, frame: tuple[Any, ...], aid: int) -> None:
    s = frame[1]
    if aid == A.PASS:
        st.passed[s] = 1
        g = st.seat_group[s]
        st.log(_PASSES[s])
        if not st.first_pass[g]:
            st.first_pass[g] = 1
            st.lm[g] = s
            st.gm[g] = st.right_of(s)
            st.log(f"{NAMES[s]} becomes lead marshal; {NAMES[st.gm[g]]} grand manitou")
        st.stack.pop()
        _xnext(st, ("xnext", s))  # nothing to resolve first: on to the next seat now
        return
    st.stack[-1] = ("xnext", s)  # after the card's effects
    if A.EXPLOIT <= aid < A.PASS:
        t, k = divmod(aid - A.EXPLOIT, K)
        _exploit(st, s, t, k, k, UP if st.zones[(s * 6 + UP) * K + k] else HAND)
        return
    if aid >= A.EXPLOIT_HAND:  # the ranges at the end of the action space
        if aid < A.EXPLOIT_NAMED:
            t, k = divmod(aid - A.EXPLOIT_HAND, K)
            _exploit(st, s, t, k, k, HAND)
            return
        q, z = divmod(aid - A.EXPLOIT_NAMED, 2)
        t, p = divmod(q, A.NP)
        k, j = A.NAMED_PAIRS[p]
        _exploit(st, s, t, k, j, HAND if z == A.FROM_HAND else UP)
        return
    if aid >= A.FACEDOWN:
        _show_hand(st, s)
        k = aid - A.FACEDOWN
        st.move(s, HAND, HDOWN, k)
        st.played[s] += 1
        st.log(f"{NAMES[s]} plays {CARD_NAMES[k]} face down without effect",
               _ONLY[s], f"{NAMES[s]} plays a card face down without effect")
        return
    play_card(st, s, aid - A.PLAY)


def _exploit(st: St, s: int, t: int, k: int, j: int, zone: int) -> None:
    """Seat ``s`` shows its card ``j`` from ``zone`` (HAND or UP), turns neighbour ``t``'s
    face-up ``k`` (of the same name) face down, and applies ``j``'s exploit effect."""
    if zone == UP:
        source = "from the table"
    else:
        source = "from the hand"
        n = st.num_players
        for v in range(n):  # everybody saw the card in the hand
            i = (v * n + s) * K + j
            if v != s and st.known[i] < 1:
                st.known[i] = 1
        st.seal()
    st.move(t, UP, DOWN, k)
    st.log(f"{NAMES[s]} exploits {NAMES[t]}'s {CARD_NAMES[k]} with the {CARD_NAMES[j]} {source}")
    effects.start(st, s, EXPLOIT_LIST[j], t, (j,))


def _xnext(st: St, frame: tuple[Any, ...]) -> None:
    s = frame[1]
    passed = st.passed
    for t in st.seats_after[s]:
        if not passed[t]:
            st.stack.append(("xturn", t))
            return


# ------------------------------------------------------------------ phase 4
def _p4(st: St, frame: tuple[Any, ...]) -> None:
    g = frame[1]
    for s in reversed(st.order_from(g, st.lm[g])):
        st.stack.append(("storage", s))
        st.stack.append(("income", s))


# per kind: the income as (resource index, amount), and the options of an income choice
_INCOME = [tuple((RES_INDEX[r], n) for r, n in c.income.items()) for c in DATA.cards]
_INCOME_CHOICE = [
    tuple((A.txn_id({}, {r: 1}), ((r, 1),)) for r in c.income_choice) for c in DATA.cards
]
#: The prompt of a card's income choice (the barber's Wood or Gold), by kind.
INCOME_PROMPTS: list[str] = [f"income of {name}: choose" for name in CARD_NAMES]
_CONSTANT_INCOME = [
    (k, tuple((RES_INDEX[r], n) for r, n in amounts.items()))
    for k, amounts in effects.CONSTANT_INCOME.items()
]


def _income(st: St, frame: tuple[Any, ...]) -> None:
    s = frame[1]
    ub = (s * 6 + UP) * K
    up = st.zones[ub : ub + K]
    # the face-up cards' income, by resource in the order met (the order of the log line);
    # one gain per resource gives the same as one per card, Lure included (capped by Pipes)
    earned: dict[int, int] = {}
    choices = []
    for k in compress(KINDS, up):
        for ri, n in _INCOME[k]:
            earned[ri] = earned.get(ri, 0) + n * up[k]
        if _INCOME_CHOICE[k]:
            choices.append(k)
    gain = st.gain
    for ri, n in earned.items():
        earned[ri] = gain(s, ri, n)
    bcount, bb = st.bcount, s * K
    for k, amounts in _CONSTANT_INCOME:
        if bcount[bb + k] > 0:
            for ri, n in amounts:
                earned[ri] = earned.get(ri, 0) + gain(s, ri, n * bcount[bb + k])
    line = _earns_line(s, tuple(earned.items()))
    if line:
        st.log(line)
    for k in choices:
        for _ in range(up[k]):
            effects.ask(
                st, s,
                [(txn, ("txn", s, (), one, -1, None)) for txn, one in _INCOME_CHOICE[k]],
                INCOME_PROMPTS[k],
            )


@lru_cache(maxsize=4096)
def _earns_line(s: int, earned: tuple[tuple[int, int], ...]) -> str:
    """The log line of an income: (resource index, amount) pairs ("" for nothing)."""
    text = ", ".join([f"{n} {RESOURCES[ri]}" for ri, n in earned if n])
    return f"{NAMES[s]} earns {text}" if text else ""


_STORED = tuple(RES_INDEX[r] for r in ("G", "W", "C"))


def _storage(st: St, frame: tuple[Any, ...]) -> None:
    s = frame[1]
    res = st.res
    lost = []
    for ri in _STORED:
        # buildings only add storage: the full limit matters only beyond the base one
        if res[s * 7 + ri] > STORAGE_BASE[ri]:
            excess = res[s * 7 + ri] - st.storage(s, ri)
            if excess > 0:
                st.lose(s, ri, excess)
                lost.append(f"{excess} {RESOURCES[ri]}")
    if lost:
        st.log(f"{NAMES[s]} discards excess: {', '.join(lost)}")


# ------------------------------------------------------------------ phase 5
def _p5(st: St, frame: tuple[Any, ...]) -> None:
    c = st.lincoln_current
    card = DATA.lincoln[c]
    if card.five:
        st.log("the 5 card is discarded: no visit")
        return
    wishes = card.wishes
    for g in reversed(range(len(st.groups))):
        seats = st.groups[g]
        scores = [scoring.lincoln_points(st, s, wishes) for s in seats]
        best = max(scores)
        expectations = [f"{NAMES[s]} {v}" for s, v in zip(seats, scores, strict=True)]
        st.log("Lincoln's expectations: " + ", ".join(expectations))
        if scores.count(best) == 1:
            st.stack.append(("award", seats[scores.index(best)]))
        else:
            tied = [s for s, v in zip(seats, scores, strict=True) if v == best]
            effects.ask(
                st, st.lm[g],
                [(A.SEAT_LINCOLN + t, ("push", ("award", t))) for t in tied],
                LINCOLN_TIE_PROMPT,
                force_ask=True,
            )


LINCOLN_TIE_PROMPT = "the lead marshal breaks the tie for Lincoln's visit"


def _award(st: St, frame: tuple[Any, ...]) -> None:
    t = frame[1]
    st.add_lincoln_home(t)
    st.lincoln_won.append((t, st.lincoln_current))
    st.log(f"Lincoln visits {NAMES[t]}: +1 Home")


_COPIES = [c.copies for c in DATA.cards]
_ZEROS_BEFORE_OFF = [0] * ((OFF - 1) * K)  # the zones after the hand (0) and before OFF


def _end_round(st: St, frame: tuple[Any, ...]) -> None:
    if st.round >= st.rounds:
        st.log("The game ends")
        totals = scoring.breakdown(st)["totals"]
        st.log("Final scores: " + ", ".join([f"{NAMES[s]} {v}" for s, v in enumerate(totals)]))
        st.stack.clear()
        return
    n = st.num_players
    zones, known = st.zones, st.known
    for s in range(n):
        # every card not off the board (none is pending now) goes back to the hand, and
        # everybody knows it
        base = s * 6 * K
        off = base + OFF * K
        hand = list(map(sub, _COPIES, zones[off : off + K]))
        zones[base : base + K] = hand
        zones[base + K : off] = _ZEROS_BEFORE_OFF
        for kb in st.known_rows[s]:
            known[kb : kb + K] = hand
    st.played = [0] * n
    st.passed = [0] * n
    st.first_pass = [0] * len(st.groups)
    st.stack.append(("round",))


# ------------------------------------------------------------------ tables
#: Decision frames that are neither a seat's (SEAT_DECISIONS) nor always chance
#: (CHANCE_POINTS): the seat to decide, or None when the frame resolved itself.
_DECIDER: dict[str, Any] = {
    "lincoln": _lincoln_decider,
}
_AUTO: dict[str, Any] = {
    "setup": _setup,
    "start": _start,
    "round": _round,
    "p1c": _p1c,
    "p2": _p2,
    "reveal": _reveal,
    "p3": _p3,
    "xnext": _xnext,
    "p4": _p4,
    "income": _income,
    "storage": _storage,
    "p5": _p5,
    "award": _award,
    "end_round": _end_round,
    **effects.AUTO,
    **raids.AUTO,
}
LEGAL: dict[str, Any] = {
    "first_lm": _chance_first_lm,
    "star": _chance_star,
    "deal": _chance_deal,
    "lincoln": _chance_lincoln,
    "die": raids.legal_die,
    "aside": _legal_aside,
    "solo": _legal_play,
    "commit": _legal_play,
    "xturn": _legal_xturn,
    "ask": effects.legal_ask,
}
CHOOSE: dict[str, Any] = {
    "first_lm": _choose_first_lm,
    "star": _choose_star,
    "deal": _choose_deal,
    "lincoln": _choose_lincoln,
    "die": raids.choose_die,
    "aside": _choose_aside,
    "solo": _choose_solo,
    "commit": _choose_commit,
    "xturn": _choose_xturn,
    "ask": effects.choose_ask,
}
