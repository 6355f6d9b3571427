"""The rounds and phases of Western Town as steps of the kernel's decision machine
(:mod:`boomtown.engine.machine`; a card's effects are in :mod:`effects`, the raids in
:mod:`raids`).

The rule book's sequence (docs/western-town.md; the step that carries each part out):

1. Set-up: each player's cards, resources and town (:class:`Setup`); the star buildings
   drawn into and out of the game (:class:`Star`); the first lead marshal
   (:class:`FirstLeadMarshal`); each player's western town card (:class:`Deal`), its
   resources and start building (:class:`Start`).
2. Each round (:class:`Round`): the Lincoln card (:class:`Lincoln`, :class:`LincolnCard`),
   then by phase, group by group:

   1. the hand size: cards beyond it are set aside (:class:`HandSize`, :class:`Aside`);
   2. the lead marshal plays alone, the others in pairs face down, revealed together, the
      last alone (:class:`PlayPhase`, :class:`Solo`, :class:`Commit`, :class:`Reveal`);
   3. in turn a third card, an exploit or a pass until all have passed
      (:class:`ExploitPhase`, :class:`XTurn`, :class:`XNext`);
   4. income and storage (:class:`IncomePhase`, :class:`Income`, :class:`Storage`);
   5. Lincoln's visit (:class:`Visit`, :class:`Award`), then the end of the round
      (:class:`EndRound`).

A choice listed by an effect or a raid is an :class:`effects.Ask` step.

>>> XTurn.STEP.nature, XTurn.STEP.kinds[:2]
('decision', ('play', 'exploit'))
>>> step_of(Round()).nature
'auto'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress, pairwise
from operator import sub
from typing import TYPE_CHECKING, Any, NamedTuple

from boomtown.engine.actions import CHANCE, TERMINAL
from boomtown.engine.machine import step_of
from boomtown.games.western_town import actions as A
from boomtown.games.western_town import effects, raids, scoring
from boomtown.games.western_town.actions import CARD_NAMES
from boomtown.games.western_town.data import DATA, RES_INDEX, RESOURCES
from boomtown.games.western_town.effects import (
    EXPLOIT_ALWAYS,
    EXPLOIT_TARGETED,
    Ask,
    Push,
    txn_option,
)
from boomtown.games.western_town.state import (
    DOWN,
    HAND,
    HDOWN,
    INACTIVE,
    KINDS,
    NR,
    NZ,
    OFF,
    SEAT_NAMES,
    STORAGE_BASE,
    UP,
    WT,
    ZEROS_K,
    K,
    S,
    new_step,
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


@WT.answers("explain_illegal")
def explain_illegal(st: St, aid: int) -> str:
    if st.current_player == CHANCE:
        return f"{A.TEXTS[aid] if 0 <= aid < A.SIZE else aid} is not a possible chance outcome now"
    step = type(st.stack[-1])
    text = A.TEXTS[aid] if 0 <= aid < A.SIZE else str(aid)
    who = st.name(st.current_player)
    if step in (Solo, Commit, XTurn) and A.PLAY <= aid < A.PLAY + K:
        k = aid - A.PLAY
        if st.z(st.current_player, HAND, k) == 0:
            return f"{who} has no {DATA.cards[k].name} in hand"
        if not playable(st, st.current_player, k):
            return f"{who} cannot play {DATA.cards[k].name}: no undestroyed building of that name"
        if step is XTurn and st.played[st.current_player] >= ROUND_CARDS:
            return f"{who} has already played a third card"
    if step is XTurn and aid == A.PASS:
        return f"{who} must play a third card before passing"
    if step is XTurn and aid >= A.EXPLOIT_HAND:
        return _explain_late_exploit(st, aid, who)
    if step is XTurn and A.EXPLOIT <= aid < A.PASS:
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
    return frame.question if type(frame) is Ask else step_of(frame).title


#: Cards a player plays by the end of phase 3 (two in phase 2, the third in phase 3).
ROUND_CARDS = 3


# ------------------------------------------------------------------ set-up
@WT.auto
class Setup(NamedTuple):
    """Set-up: each player takes the cactus cards into the hand, the Cowboys and Peace pipes,
    the printed town and the constructible buildings; each table's star buildings are drawn
    (rounds 2 and 3 draw more) and its first lead marshal; then each player is dealt a
    western town card and builds its start building, and the rounds begin."""

    def run(self, st: St) -> None:
        push = st.stack.append
        push(ROUND)
        for s in reversed(range(st.num_players)):
            push(START[s])
        for s in reversed(range(st.num_players)):
            push(DEAL[s])
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
            push(FirstLeadMarshal(g))
        for s in range(st.num_players):
            base = s * NR
            st.res[base + RES_INDEX["C"]] = SETUP.cowboys
            st.res[base + RES_INDEX["P"]] = SETUP.peace_pipes
            st.zones[s * NZ * K : (s + 1) * NZ * K] = _START_ZONES
            st.avail[s * K : (s + 1) * K] = _START_AVAIL
            st.start_town(s)
        st.log(f"Western Town for {st.num_players} players"
               + (" (short game)" if st.options.short_game else "")
               + (" (double duel)" if st.options.double_duel else ""))


_STAR_STOCKS = tuple(tuple(c.index for c in DATA.cards if c.group == p) for p in STAR_POOLS)


def _start_tables() -> tuple[list[int], list[int]]:
    """One seat's cards (the cactus cards in hand, the rest off the board) and constructible
    buildings at the start."""
    zones = [0] * (NZ * K)
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
        st.stack.append(Star(g, pool, False))
    for _ in range(add):
        st.stack.append(Star(g, pool, True))


@WT.chance("chance: the first lead marshal")
class FirstLeadMarshal(NamedTuple):
    """Set-up: one player of table ``group`` is drawn as the first lead marshal; the player
    to his right is the grand manitou."""

    group: int

    def legal(self, st: St) -> list[int]:
        return [A.FIRST_LM + s for s in st.groups[self.group]]

    def choose(self, st: St, aid: int) -> None:
        g, s = self.group, aid - A.FIRST_LM
        st.lm[g] = s
        st.gm[g] = st.right_of(s)
        st.log(f"{NAMES[s]} is the lead marshal; {NAMES[st.gm[g]]} is the grand manitou")


@WT.chance("chance: a star building is drawn")
class Star(NamedTuple):
    """Adding buildings (set-up, rounds 2 and 3): a building of star pool ``pool`` of table
    ``group`` is drawn into the constructible buildings (``add``) or out of the game, its
    tile a homestead for every player of the table."""

    group: int
    pool: int
    add: bool

    def legal(self, st: St) -> list[int]:
        return [A.STAR + k for k in sorted(st.stock[self.group * 2 + self.pool])]

    def choose(self, st: St, aid: int) -> None:
        g, add = self.group, self.add
        k = aid - A.STAR
        st.stock[g * 2 + self.pool].remove(k)
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


@WT.chance("chance: a western town card is dealt")
class Deal(NamedTuple):
    """Set-up: seat ``for_seat`` is dealt a western town card (its start resources and
    start building)."""

    for_seat: int

    def legal(self, st: St) -> list[int]:
        return [A.START_CARD + c for c in st.start_left]

    def choose(self, st: St, aid: int) -> None:
        c = aid - A.START_CARD
        st.start_left.remove(c)
        st.start_card[self.for_seat] = c


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


@WT.auto
class Start(NamedTuple):
    """Set-up: ``seat`` reveals its western town card, takes its resources and builds its
    start building on an empty space marked 4 (a choice only when the spaces differ)."""

    seat: int

    def run(self, st: St) -> None:
        s = self.seat
        k, resources, text = _START_CARDS[st.start_card[s]]
        for ri, n in resources:
            st.gain(s, ri, n)
        st.log(f"{NAMES[s]} {text}")
        spaces = start_spaces(st, s)
        if len(spaces) == 1:
            effects.place_building(st, s, k, spaces[0])
            return
        effects.ask(
            st, s, [(A.SPACE + i, StartLay(s, k, i)) for i in spaces],
            START_SPACE_PROMPT, force_ask=True,
        )


START_SPACE_PROMPT = "choose the space marked 4 for your start building"


@WT.auto
class StartLay(NamedTuple):
    """An option of the start building's space: ``seat`` lays building ``kind`` on
    ``space``."""

    seat: int
    kind: int
    space: int

    def run(self, st: St) -> None:
        effects.place_building(st, self.seat, self.kind, self.space)
        st.log(f"{NAMES[self.seat]} puts the start building on space {self.space}")


# ------------------------------------------------------------------ rounds
@WT.auto
class Round(NamedTuple):
    """A round: the Lincoln card is revealed, then phases 1-4 group by group, phase 5 and
    the end of the round; in rounds 2 and 3 star buildings are added first (in the short
    game only in round 2, and none is removed)."""

    def run(self, st: St) -> None:
        st.round += 1
        st.log(f"Round {st.round}")
        push = st.stack.append
        push(END_ROUND)
        push(VISIT)
        last_first = range(len(st.groups) - 1, -1, -1)  # pushed last = runs first
        for phase in (IncomePhase, ExploitPhase, PlayPhase, HandSize):
            for g in last_first:
                push(phase(g))
        push(LINCOLN)
        if st.options.short_game:
            if st.round == 2:
                for g in reversed(range(len(st.groups))):
                    _push_stars(st, g, 0, add=STAR_ADD, remove=0)
        elif st.round in (2, 3):
            for g in reversed(range(len(st.groups))):
                _push_stars(st, g, st.round - 2, add=STAR_ADD, remove=STAR_REMOVE)


@WT.auto
class Lincoln(NamedTuple):
    """The Lincoln card of the round is revealed (:class:`LincolnCard`); in the last round of
    the full game it is the "5" card, which brings no visit."""

    def run(self, st: St) -> None:
        if not st.options.short_game and st.round == st.rounds:
            st.lincoln_current = _FIVE
            st.log("Lincoln card revealed: 5 (no visit this round)")
            return
        st.stack.append(LINCOLN_CARD)


_FIVE = next(lc.index for lc in DATA.lincoln if lc.five)


@WT.chance("chance: the Lincoln card is revealed")
class LincolnCard(NamedTuple):
    """A Lincoln card not revealed yet is drawn: the expectations of this round's visit."""

    def legal(self, st: St) -> list[int]:
        return [A.LINCOLN + c for c in st.lincoln_left]

    def choose(self, st: St, aid: int) -> None:
        c = aid - A.LINCOLN
        st.lincoln_left.remove(c)
        st.lincoln_revealed.append(c)
        st.lincoln_current = c
        st.log(f"Lincoln card revealed: {DATA.lincoln[c].key}")


def hand_size(st: St, s: int) -> int:
    """The lowest number among the empty spaces of the town (or the full-town size)."""
    return st.hand_limit[s]


@WT.auto
class HandSize(NamedTuple):
    """Phase 1 of table ``group``: each player with more cards than the hand size sets the
    excess aside in secret (clockwise from the lead marshal; :class:`Aside`)."""

    group: int

    def run(self, st: St) -> None:
        g = self.group
        zones = st.zones
        for s in reversed(st.order_from(g, st.lm[g])):
            hb = s * NZ * K
            excess = sum(zones[hb : hb + K]) - st.hand_limit[s]
            if excess > 0:
                st.stack.append(Aside(s, excess))
                for base in st.known_rows[s]:
                    st.known[base : base + K] = ZEROS_K


_ASIDE_IDS = tuple(A.SET_ASIDE + k for k in range(K))


@WT.decision("keep cards in hand: set the others aside", kinds=("set-aside",))
class Aside(NamedTuple):
    """Phase 1: ``seat`` sets one more card aside into the inactive pile, ``left`` to go."""

    seat: int
    left: int

    def legal(self, st: St) -> list[int]:
        hb = self.seat * NZ * K
        return list(compress(_ASIDE_IDS, st.zones[hb : hb + K]))

    def choose(self, st: St, aid: int) -> None:
        s, left = self.seat, self.left - 1
        hb = s * NZ * K
        k = aid - A.SET_ASIDE
        zones = st.zones
        zones[hb + k] -= 1
        zones[hb + INACTIVE * K + k] += 1
        if left:
            st.stack.append(new_step(Aside, (s, left)))
        else:
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
@WT.auto
class PlayPhase(NamedTuple):
    """Phase 2 of table ``group``: the lead marshal plays a card alone; then clockwise each
    pair of neighbours chooses a card face down, revealed together (:class:`Reveal`); the
    last player plays his second card alone."""

    group: int

    def run(self, st: St) -> None:
        g = self.group
        order = st.order_from(g, st.lm[g])
        plan: list[Any] = [SOLO[order[0]]]
        for a, b in pairwise(order):
            plan += [COMMIT[a], COMMIT[b], new_step(Reveal, (a, b))]
        plan.append(SOLO[order[-1]])
        st.stack += reversed(plan)


NEEDS_BUILDING = [c.building != "none" for c in DATA.cards]
HAS_EXPLOIT = [k in effects.EXPLOITABLE for k in KINDS]
PLAY_REQUIRES = [tuple((RES_INDEX[r], n) for r, n in c.play_requires.items()) for c in DATA.cards]


def playable(st: St, s: int, k: int) -> bool:
    """Card ``k`` may be played: it is in hand, its building stands, its condition holds."""
    if st.zones[s * NZ * K + k] == 0:
        return False
    if NEEDS_BUILDING[k] and not st.bcount[s * K + k]:
        return False
    res = st.res
    return all(res[s * NR + ri] >= n for ri, n in PLAY_REQUIRES[k])


NO_BUILDING = [not needs for needs in NEEDS_BUILDING]
_PLAY_IDS = tuple(A.PLAY + k for k in range(K))
_FACEDOWN_IDS = tuple(A.FACEDOWN + k for k in range(K))


def _legal_play(st: St, s: int) -> list[int]:
    """Cards seat ``s`` may play; when none is playable, every card in hand face down;
    [] without cards. (The legal list of a :class:`Solo` or :class:`Commit` step.)"""
    hb = s * NZ * K
    hand = st.zones[hb : hb + K]
    bcount, res = st.bcount, st.res
    bb, rb = s * K, s * NR
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


@WT.decision("play a card", kinds=("play",))
class Solo(NamedTuple):
    """Phase 2: ``seat`` plays a card alone, face up, its played effect at once; with no
    playable card, one face down without effect, the hand shown to everybody."""

    seat: int

    def legal(self, st: St) -> list[int]:
        return _legal_play(st, self.seat)

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        if aid >= A.FACEDOWN:
            _play_face_down(st, s, aid - A.FACEDOWN)
            return
        play_card(st, s, aid - A.PLAY)


def _play_face_down(st: St, s: int, k: int) -> None:
    """No playable card: ``s`` shows the hand and plays ``k`` face down without effect."""
    _show_hand(st, s)
    st.move(s, HAND, HDOWN, k)
    st.played[s] += 1
    st.log(f"{NAMES[s]} plays {CARD_NAMES[k]} face down without effect",
           _ONLY[s], f"{NAMES[s]} plays a card face down without effect")


def play_card(st: St, s: int, k: int) -> None:
    hand = s * NZ * K + k  # st.move(s, HAND, UP, k), inlined on this hot path
    st.zones[hand] -= 1
    st.zones[hand + UP * K] += 1
    _leave_hand_publicly(st, s, k)
    st.played[s] += 1
    st.seal()
    st.log(_PLAYS[s][k])
    effects.start(st, s, PLAY_LIST[k], -1, (k,))


@WT.decision("choose a card to play face down (revealed together)", kinds=("play",))
class Commit(NamedTuple):
    """Phase 2: ``seat`` chooses in secret the card it plays, revealed together with its
    neighbour's (:class:`Reveal`); with no playable card, one to play face down."""

    seat: int

    def legal(self, st: St) -> list[int]:
        return _legal_play(st, self.seat)

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        if aid >= A.FACEDOWN:
            _show_hand(st, s)
            k = aid - A.FACEDOWN
            st.pending_fd[s] = 1
        else:
            k = aid - A.PLAY
        st.zones[(s * NZ + HAND) * K + k] -= 1
        st.pending[s] = k
        st.log(_CHOOSES[s][k], _ONLY[s], _CHOOSES_PUBLIC[s])


@WT.auto
class Reveal(NamedTuple):
    """Phase 2: the cards ``first`` and ``second`` chose are turned over together; their
    played effects resolve clockwise from the lead marshal (``first``'s first)."""

    first: int
    second: int

    def run(self, st: St) -> None:
        st.seal()
        todo = []
        for s in (self.first, self.second):
            k = st.pending[s]
            st.pending[s] = -1
            st.played[s] += 1
            if st.pending_fd[s]:
                st.pending_fd[s] = 0
                st.zones[(s * NZ + HDOWN) * K + k] += 1
                st.log(f"{NAMES[s]} reveals a card played face down without effect")
            else:
                st.zones[(s * NZ + UP) * K + k] += 1
                _leave_hand_publicly(st, s, k)
                st.log(_REVEALS[s][k])
                todo.append((s, k))
        # pushed last = runs first: the first seat's effects before the second's
        for s, k in reversed(todo):
            effects.push_start(st, s, PLAY_LIST[k], -1, (k,))


# ------------------------------------------------------------------ phase 3
@WT.auto
class ExploitPhase(NamedTuple):
    """Phase 3 of table ``group``: clockwise from the lead marshal, turns (:class:`XTurn`)
    until every player has passed."""

    group: int

    def run(self, st: St) -> None:
        st.stack.append(XTURN[st.lm[self.group]])


def _legal_xturn(st: St, s: int) -> list[int]:
    """The third card, exploits and the pass open to ``s`` (an :class:`XTurn`'s list)."""
    if st.played[s] < ROUND_CARDS:
        ids = _legal_play(st, s)
        may_pass = not ids  # no card left in hand
    else:
        ids, may_pass = [], True
    zones, bcount = st.zones, st.bcount
    hb, bb = s * NZ * K, s * K
    ub = hb + UP * K
    verdicts: dict[int, bool] = {}  # per kind, when the target seat does not matter
    from_hand: list[int] = []  # EXPLOIT_HAND ids, after PASS (the ids stay sorted)
    named: list[int] = []  # EXPLOIT_NAMED ids, after those
    for t in st.sorted_neighbours[s]:
        tb = (t * NZ + UP) * K
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
    hb = s * NZ * K
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


@WT.decision("play a third card, exploit a neighbour's card, or pass",
             kinds=("play", "exploit", "pass"))
class XTurn(NamedTuple):
    """Phase 3: ``seat`` plays its third card, or exploits a neighbour's face-up card with a
    card of the same name (from the hand or the table), or passes once its third card is
    played (the first to pass becomes lead marshal); then the next seat that has not passed
    (:class:`XNext`)."""

    seat: int

    def legal(self, st: St) -> list[int]:
        return _legal_xturn(st, self.seat)

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        if aid == A.PASS:
            st.passed[s] = 1
            g = st.seat_group[s]
            st.log(_PASSES[s])
            if not st.first_pass[g]:
                st.first_pass[g] = 1
                st.lm[g] = s
                st.gm[g] = st.right_of(s)
                st.log(f"{NAMES[s]} becomes lead marshal; {NAMES[st.gm[g]]} grand manitou")
            XNEXT[s].run(st)  # nothing to resolve first: on to the next seat now
            return
        st.stack.append(XNEXT[s])  # after the card's effects
        if A.EXPLOIT <= aid < A.PASS:
            t, k = divmod(aid - A.EXPLOIT, K)
            _exploit(st, s, t, k, k, UP if st.zones[(s * NZ + UP) * K + k] else HAND)
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
            _play_face_down(st, s, aid - A.FACEDOWN)
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


@WT.auto
class XNext(NamedTuple):
    """Phase 3: the turn passes from ``seat`` to the next seat clockwise that has not
    passed (none left: the phase is over)."""

    seat: int

    def run(self, st: St) -> None:
        passed = st.passed
        for t in st.seats_after[self.seat]:
            if not passed[t]:
                st.stack.append(XTURN[t])
                return


# ------------------------------------------------------------------ phase 4
@WT.auto
class IncomePhase(NamedTuple):
    """Phase 4 of table ``group``: clockwise from the lead marshal, each player's income
    (:class:`Income`), then his storage limits (:class:`Storage`)."""

    group: int

    def run(self, st: St) -> None:
        g = self.group
        for s in reversed(st.order_from(g, st.lm[g])):
            st.stack.append(STORAGE[s])
            st.stack.append(INCOME[s])


# per kind: the income as (resource index, amount), and the options of an income choice
_INCOME = [tuple((RES_INDEX[r], n) for r, n in c.income.items()) for c in DATA.cards]
#: _INCOME_CHOICE[s][k]: the options of seat s's income choice of card k (none: no choice).
_INCOME_CHOICE = [
    [tuple(txn_option(s, A.txn_id({}, {r: 1}), (), ((r, 1),)) for r in c.income_choice)
     for c in DATA.cards]
    for s in range(len(NAMES))
]
#: The prompt of a card's income choice (the barber's Wood or Gold), by kind.
INCOME_PROMPTS: list[str] = [f"income of {name}: choose" for name in CARD_NAMES]
_CONSTANT_INCOME = [
    (k, tuple((RES_INDEX[r], n) for r, n in amounts.items()))
    for k, amounts in effects.CONSTANT_INCOME.items()
]


@WT.auto
class Income(NamedTuple):
    """Phase 4: ``seat``'s face-up cards and standing green buildings earn their income (a
    card with a choice of resource asks for it)."""

    seat: int

    def run(self, st: St) -> None:
        s = self.seat
        ub = (s * NZ + UP) * K
        up = st.zones[ub : ub + K]
        # the face-up cards' income, by resource in the order met (the order of the log line);
        # one gain per resource gives the same as one per card, Lure included (capped by Pipes)
        earned: dict[int, int] = {}
        choices = []
        income_choice = _INCOME_CHOICE[s]
        for k in compress(KINDS, up):
            for ri, n in _INCOME[k]:
                earned[ri] = earned.get(ri, 0) + n * up[k]
            if income_choice[k]:
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
                effects.ask(st, s, list(income_choice[k]), INCOME_PROMPTS[k])


@lru_cache(maxsize=4096)
def _earns_line(s: int, earned: tuple[tuple[int, int], ...]) -> str:
    """The log line of an income: (resource index, amount) pairs ("" for nothing)."""
    text = ", ".join([f"{n} {RESOURCES[ri]}" for ri, n in earned if n])
    return f"{NAMES[s]} earns {text}" if text else ""


_STORED = tuple(RES_INDEX[r] for r in ("G", "W", "C"))


@WT.auto
class Storage(NamedTuple):
    """Phase 4: ``seat`` discards the Gold, Wood and Cowboys beyond its storage limits."""

    seat: int

    def run(self, st: St) -> None:
        s = self.seat
        res = st.res
        lost = []
        for ri in _STORED:
            # buildings only add storage: the full limit matters only beyond the base one
            if res[s * NR + ri] > STORAGE_BASE[ri]:
                excess = res[s * NR + ri] - st.storage(s, ri)
                if excess > 0:
                    st.lose(s, ri, excess)
                    lost.append(f"{excess} {RESOURCES[ri]}")
        if lost:
            st.log(f"{NAMES[s]} discards excess: {', '.join(lost)}")


# ------------------------------------------------------------------ phase 5
@WT.auto
class Visit(NamedTuple):
    """Phase 5: Lincoln visits the player of each table who best meets the card's
    expectations (:class:`Award`); the lead marshal breaks a tie. The "5" card brings none."""

    def run(self, st: St) -> None:
        _visit(st)


def _visit(st: St) -> None:
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
            st.stack.append(AWARD[seats[scores.index(best)]])
        else:
            tied = [s for s, v in zip(seats, scores, strict=True) if v == best]
            effects.ask(
                st, st.lm[g],
                [(A.SEAT_LINCOLN + t, Push(AWARD[t])) for t in tied],
                LINCOLN_TIE_PROMPT,
                force_ask=True,
            )


LINCOLN_TIE_PROMPT = "the lead marshal breaks the tie for Lincoln's visit"


@WT.auto
class Award(NamedTuple):
    """Phase 5: Lincoln visits ``seat``: one more Home, and the card is won."""

    seat: int

    def run(self, st: St) -> None:
        t = self.seat
        st.add_lincoln_home(t)
        st.lincoln_won.append([t, st.lincoln_current])
        st.log(f"Lincoln visits {NAMES[t]}: +1 Home")


_COPIES = [c.copies for c in DATA.cards]
_ZEROS_BEFORE_OFF = [0] * ((OFF - 1) * K)  # the zones after the hand (0) and before OFF


@WT.auto
class EndRound(NamedTuple):
    """The end of a round: after the last, final scoring; else every card not off the board
    goes back to the hand, openly, and the next round begins."""

    def run(self, st: St) -> None:
        _end_round(st)


def _end_round(st: St) -> None:
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
        base = s * NZ * K
        off = base + OFF * K
        hand = list(map(sub, _COPIES, zones[off : off + K]))
        zones[base : base + K] = hand
        zones[base + K : off] = _ZEROS_BEFORE_OFF
        for kb in st.known_rows[s]:
            known[kb : kb + K] = hand
    st.played = [0] * n
    st.passed = [0] * n
    st.first_pass = [0] * len(st.groups)
    st.stack.append(ROUND)


# ------------------------------------------------------------------ tables
#: Steps of a small domain, built once (building a step costs more than reading a table).
SETUP_STEP = Setup()
ROUND = Round()
LINCOLN = Lincoln()
LINCOLN_CARD = LincolnCard()
VISIT = Visit()
END_ROUND = EndRound()
_SEATS = range(len(NAMES))
START = tuple(Start(s) for s in _SEATS)
DEAL = tuple(Deal(s) for s in _SEATS)
SOLO = tuple(Solo(s) for s in _SEATS)
COMMIT = tuple(Commit(s) for s in _SEATS)
XTURN = tuple(XTurn(s) for s in _SEATS)
XNEXT = tuple(XNext(s) for s in _SEATS)
INCOME = tuple(Income(s) for s in _SEATS)
STORAGE = tuple(Storage(s) for s in _SEATS)
AWARD = tuple(Award(s) for s in _SEATS)

#: The observation's name of each step type a seat or chance decides in (the frames' names
#: before the machine: a trained network's inputs keep their slots).
DECISION_NAMES: dict[type, str] = {
    FirstLeadMarshal: "first_lm", Star: "star", Deal: "deal", LincolnCard: "lincoln",
    raids.Die: "die", Aside: "aside", Solo: "solo", Commit: "commit", XTurn: "xturn",
    effects.Ask: "ask",
}
