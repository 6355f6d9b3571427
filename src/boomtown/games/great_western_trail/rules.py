"""The turn of Great Western Trail as steps of the kernel's decision machine
(:mod:`boomtown.engine.machine`, the game's :data:`~state.GWT`): set-up, turns, movement,
railroad, discs, auxiliary actions and objective cards. Building effects live in
``buildings.py`` and the Kansas City visit in ``kansas_city.py``.

The rule book's turn (docs/great-western-trail.md; the step that carries each part out):

* Set-up draws the station masters, neutral buildings, building sides, the trail's and the
  job market's tiles, the foresight, the market, the objective display and each player's
  starting objective and hand (:class:`Master`, :class:`NeutralDraw`, :class:`SideDraw`,
  :class:`SetupTile`, :class:`SetupWorker`, :class:`ForesightFill`, :class:`MarketRefill`,
  :class:`ObjectiveFill`, :class:`StartObjective`, :class:`FillHand`).
* A turn (:class:`Turn`): discard down to the hand limit (:class:`HandLimit`); phase A, the
  cattleman's move (:class:`PhaseA`, :class:`Steps` and :class:`Move`); phase B, the
  location's actions or one auxiliary action (:class:`PhaseB`); phase C, draw up to the hand
  limit (:class:`FillHand`); the next seat (:class:`EndTurn`).

>>> PhaseB.STEP.nature, PhaseB.STEP.skip_empty
('decision', True)
>>> TURN[0].STEP.nature
'auto'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from boomtown.engine.machine import settle
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.data import (
    CATTLE,
    CITIES,
    CITY_KEY,
    DECK_OBJECTIVES,
    DISC_KEY,
    DISC_ROWS,
    FIRST_HAZARD,
    KC_SPACE,
    LAST_SPACE,
    MASTER_SLOT,
    MASTER_STATIONS,
    MASTERS,
    NEUTRAL,
    NEUTRAL_SPACES,
    OBJECTIVES,
    OPS_BY_ID,
    PRIVATE,
    PRIVATE_BY,
    PRIVATE_SPACES,
    RAILROAD,
    RISK_ACTIONS,
    SETUP,
    SPACES,
    STACKS,
    START_OBJECTIVES,
    STATIONS,
    TEEPEE_BLUE,
    TEEPEE_GREEN,
    TEEPEE_VALUES,
    TILE_INDEX,
    TILE_KEYS,
    WORKERS,
    Op,
    hazard_info,
    tile_name,
)
from boomtown.games.great_western_trail.options import DARK_ON_WHITE_WHEN_NO_WHITE
from boomtown.games.great_western_trail.state import GWT, N_BUILDINGS

if TYPE_CHECKING:
    from typing import Any

    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

K, NC, OBJ0 = A.K, A.NC, A.OBJ0
T = TypeVar("T")
#: The most players (a step of a seat is built once for each).
MAX_SEATS = len(A.SEAT_NAMES)
TRACK: tuple[int, ...] = tuple(SETUP["cert_track"])
PRIVATE_SLOT = {sp: i for i, sp in enumerate(PRIVATE_SPACES)}
NEUTRAL_SLOT = {sp: i for i, sp in enumerate(NEUTRAL_SPACES)}
STATION_POS = {(2 * s.after + 1 if s.after < LAST_SPACE else 2 * s.after): s.index
               for s in STATIONS}
TURNOUT_AFTER = {s.after for s in STATIONS if s.after < LAST_SPACE}
END_POS = 2 * LAST_SPACE
PREV: dict[int, list[int]] = {s.index: [] for s in SPACES}
for _s in SPACES:
    for _n in _s.next:
        PREV[_n].append(_s.index)
D_CERT4, D_CERT6 = DISC_KEY["cert4"], DISC_KEY["cert6"]
D_STEP_MONEY, D_STEP_VP, D_HAND = DISC_KEY["step_money"], DISC_KEY["step_vp"], DISC_KEY["hand"]
AUX_ROWS = tuple(DISC_KEY[f"aux_{a}"] for a in A.AUX_NAMES)
ONE_DISC_AUX = tuple(i for i, r in enumerate(AUX_ROWS) if DISC_ROWS[r].discs == 1)
#: The take-an-objective choice "the top card of the deck" (after the display's cards).
OBJ_TOP_CHOICE = 4
#: Every local action of a location used: the ``used`` bits of a phase B that has taken an
#: auxiliary action instead, or whose building was just replaced (facts B6.3).
ALL_USED = (1 << 8) - 1
#: Where a disc goes (``Disc.dest``) and where an objective card goes (``TakeObjective.dest``).
CITY, STATION = "city", "station"
HAND, DISCARD_PILE = "hand", "discard"
#: The modes of a cattleman move (``Move.mode``): phase A, a local action, an objective card.
MODE_A, MODE_LOCAL, MODE_OBJ = "A", "local", "obj"


def offer(st: St, step: Any, ids: list[int]) -> None:
    """An automatic step resolves to decision ``step`` with its legal ids ``ids`` computed:
    push the step and keep the list for ``legal_action_ids`` (as a ``skip_empty`` step's
    settle does), so it is not computed twice."""
    st.settled_legal = ids
    st.stack.append(step)


def run(st: St) -> None:
    """Carry the machine to the next decision after the position was edited directly (a
    puzzle, a scenario), keeping no legal list."""
    settle(st)
    st.settled_legal = None


def counts_dist(base: int, counts: list[int]) -> list[tuple[int, float]]:
    """Outcome ``base + k`` with probability proportional to ``counts[k]`` (counts >= 0)."""
    total = sum(counts)
    return [(base + k, c / total) for k, c in enumerate(counts) if c > 0]


def counts_ids(base: int, counts: list[int]) -> list[int]:
    """The ids of ``counts_dist(base, counts)``, without the probabilities (a chance step's
    legal ids, asked for as often as its distribution)."""
    return [base + k for k, c in enumerate(counts) if c > 0]


# ------------------------------------------------------------------ set-up
def setup(st: St) -> list[Any]:
    """The set-up's fixed part (the stacks, the market deck, the draw piles, the objective
    deck); the steps of its draws, in order, then the first turn."""
    n, opts = st.num_players, st.options
    for i, spec in enumerate(STACKS):
        tiles = spec["tiles"]
        if i > 0 and opts.stack_cowboys == "12/6":
            tiles = spec["alt_cp"]
        for key, count in tiles.items():
            st.stacks[i][TILE_INDEX[key]] = count
    for c in CATTLE:
        st.market_deck[c.index] = c.market
        for s in range(n):
            st.draw[s][c.index] = c.start
    st.obj_deck = list(DECK_OBJECTIVES)
    steps: list[Any] = [Master(slot) for slot in range(len(MASTER_STATIONS))]
    if opts.neutral_order == "random":
        steps += [NeutralDraw(i) for i in range(len(NEUTRAL_SPACES))]
    else:
        st.neutral_at = list(range(len(NEUTRAL_SPACES)))
    if opts.building_sides == "random":
        steps += [SideDraw(i) for i in range(N_BUILDINGS)]
    else:
        st.side = [0 if opts.building_sides == "a" else 1] * N_BUILDINGS
    tiles, workers = SETUP["setup_stack1_tiles"], SETUP["job_market_start"][str(n)]
    if tiles > 0:
        steps.append(SetupTile(tiles))
    if workers > 0:
        steps.append(SetupWorker(workers))
    steps += [FORESIGHT_FILL, MarketRefill(market_size(st)), OBJECTIVE_FILL]
    steps += [StartObjective(s) for s in range(n)]
    steps += [FILL_HAND[s] for s in range(n)]
    steps.append(TURN[0])
    return steps


def market_size(st: St) -> int:
    return int(SETUP["market_size"][str(st.num_players)])


@GWT.chance("Set-up: draw the station master tile of a station", "A random tile of those left")
class Master(NamedTuple):
    """Set-up: a random station master tile on each station-master space (set-up step 4)."""

    slot: int

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        left = [m.index for m in MASTERS if m.index not in st.masters_at]
        return [(A.CH_MASTER + m, 1 / len(left)) for m in left]

    def choose(self, st: St, aid: int) -> None:
        slot = self.slot
        st.masters_at[slot] = aid - A.CH_MASTER
        st.log(f"station {MASTER_STATIONS[slot] + 1}: station master "
               f"{MASTERS[aid - A.CH_MASTER].key}")


@GWT.chance("Set-up: draw the neutral building of a location", "A random building of those left")
class NeutralDraw(NamedTuple):
    """Set-up: the neutral buildings A-G in random order (option ``neutral_order``)."""

    place: int  # the neutral space (an index of NEUTRAL_SPACES)

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        left = [b.index for b in NEUTRAL if b.index not in st.neutral_at]
        return [(A.CH_NEUTRAL + b, 1 / len(left)) for b in left]

    def choose(self, st: St, aid: int) -> None:
        st.neutral_at[self.place] = aid - A.CH_NEUTRAL
        st.log(f"neutral space {SPACES[NEUTRAL_SPACES[self.place]].key}: building "
               f"{NEUTRAL[aid - A.CH_NEUTRAL].name}")


SIDE_ODDS = [(A.CH_SIDE, 0.5), (A.CH_SIDE + 1, 0.5)]


@GWT.chance("Set-up: draw the side of a private building",
            "Side a or b, the same for every player")
class SideDraw(NamedTuple):
    """Set-up: each private building's side drawn at random (option ``building_sides``)."""

    building: int

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return SIDE_ODDS

    def choose(self, st: St, aid: int) -> None:
        st.side[self.building] = aid - A.CH_SIDE
        st.log(f"private building {self.building + 1}: side {'ab'[aid - A.CH_SIDE]}")


@GWT.chance("Set-up: draw a tile of stack 1 for the trail")
class SetupTile(NamedTuple):
    """Set-up step 6: tiles of stack 1 onto the trail's teepee and hazard spaces; a tile
    with no space goes back and another is drawn. ``left``: tiles still to place."""

    left: int

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return counts_dist(A.CH_TILE, st.stacks[0])

    def choose(self, st: St, aid: int) -> None:
        tile = aid - A.CH_TILE
        left = self.left
        if tile_space_free(st, tile):
            st.stacks[0][tile] -= 1
            place_tile(st, tile)
            left -= 1
        else:
            st.log(f"set-up: the {tile_name(tile)} tile has no space and goes back; draw again")
        if left > 0:
            st.stack.append(SetupTile(left))


@GWT.chance("Set-up: draw a worker of stack 2 for the job market")
class SetupWorker(NamedTuple):
    """Set-up step 7: workers of stack 2 onto the job market's first rows, right to left
    columns by the player count. ``left``: workers still to place."""

    left: int

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return counts_dist(A.CH_TILE, st.stacks[1])

    def choose(self, st: St, aid: int) -> None:
        tile = aid - A.CH_TILE
        st.stacks[1][tile] -= 1
        n = st.num_players
        for cell in range(A.JM_ROWS * A.JM_COLS):
            row, col = divmod(cell, A.JM_COLS)
            if col >= A.JM_COLS - n and st.jm[cell] < 0:
                st.jm[cell] = tile
                st.log(f"job market row {row + 1}: a {TILE_KEYS[tile]}")
                break
        if self.left > 1:
            st.stack.append(SetupWorker(self.left - 1))


FORESIGHT_COLUMNS = 3
FORESIGHT_ROWS = 2


def fs_missing(st: St) -> tuple[int, int] | None:
    for col in range(FORESIGHT_COLUMNS):
        for slot in range(FORESIGHT_ROWS):
            if st.foresight[col][slot] < 0 and sum(st.stacks[col]) > 0:
                return col, slot
    return None


@GWT.auto
class ForesightFill(NamedTuple):
    """Kansas City's foresight refilled (set-up and after each visit): each empty space from
    its column's stack, while the stack has tiles."""

    def run(self, st: St) -> None:
        miss = fs_missing(st)
        if miss is not None:
            st.stack += (FORESIGHT_FILL, FORESIGHT_DRAW[miss[0]][miss[1]])


@GWT.chance("Draw a tile for a foresight space", "It fills an empty foresight space")
class ForesightDraw(NamedTuple):
    """One foresight space's tile, drawn from its column's stack (:class:`ForesightFill`)."""

    column: int
    row: int

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return counts_dist(A.CH_TILE, st.stacks[self.column])

    def choose(self, st: St, aid: int) -> None:
        col = self.column
        tile = aid - A.CH_TILE
        st.stacks[col][tile] -= 1
        st.foresight[col][self.row] = tile
        st.log(f"foresight {col + 1}: a {tile_name(tile)} tile")


FORESIGHT_FILL = ForesightFill()
FORESIGHT_DRAW = tuple(tuple(ForesightDraw(col, row) for row in range(FORESIGHT_ROWS))
                       for col in range(FORESIGHT_COLUMNS))


@GWT.auto
class MarketRefill(NamedTuple):
    """The cattle market refilled up to ``target`` cards from its deck (set-up, yellow
    arrows), while the deck has cards."""

    target: int

    def run(self, st: St) -> None:
        if sum(st.market) < self.target and any(st.market_deck):
            st.stack += (self, market_draw(self.target, -1))


@GWT.auto
class MarketAdd(NamedTuple):
    """A cowboy's 2 cards added to the cattle market (no cap; rule text, buying cattle):
    ``left`` still to add, while the deck has cards."""

    left: int

    def run(self, st: St) -> None:
        if self.left > 0 and any(st.market_deck):
            st.stack += (MarketAdd(self.left - 1), market_draw(-1, self.left))


@GWT.chance("Reveal a cattle card for the market")
class MarketDraw(NamedTuple):
    """One cattle card from the market deck to the market: for :class:`MarketRefill`
    (``target``, ``left`` -1) or :class:`MarketAdd` (``left``, ``target`` -1)."""

    target: int
    left: int

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return counts_dist(A.CH_MARKET, st.market_deck)

    def legal(self, st: St) -> list[int]:
        return counts_ids(A.CH_MARKET, st.market_deck)

    def choose(self, st: St, aid: int) -> None:
        k = aid - A.CH_MARKET
        st.market_deck[k] -= 1
        st.market[k] += 1
        st.log(f"cattle market: {CATTLE[k].name}")


@cache
def market_draw(target: int, left: int) -> MarketDraw:
    """The (immutable, shared) market draw step of a refill or an addition."""
    return MarketDraw(target, left)


@GWT.auto
class ObjectiveFill(NamedTuple):
    """The objective display refilled from the deck up to its size (set-up, after a card
    is taken from it)."""

    def run(self, st: St) -> None:
        if len(st.obj_display) < SETUP["objective_display"] and st.obj_deck:
            st.stack += (OBJECTIVE_FILL, OBJECTIVE_DRAW)


@GWT.chance("Reveal an objective card for the display", "The top card of the deck")
class ObjectiveDraw(NamedTuple):
    """One objective card from the deck to the display (:class:`ObjectiveFill`)."""

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return [(A.CH_OBJ + o, 1 / len(st.obj_deck)) for o in st.obj_deck]

    def choose(self, st: St, aid: int) -> None:
        o = aid - A.CH_OBJ
        st.obj_deck.remove(o)
        st.obj_display.append(o)
        st.log(f"objective display: {OBJECTIVES[o].key}")


OBJECTIVE_FILL = ObjectiveFill()
OBJECTIVE_DRAW = ObjectiveDraw()


@GWT.chance("Set-up: deal a starting objective card", "Face up into the objective area")
class StartObjective(NamedTuple):
    """Set-up step 9: each player a random starting objective card, face up; the rest go
    back to the box."""

    for_seat: int

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        taken = {o for c in st.committed for o in c}
        left = [o for o in START_OBJECTIVES if o not in taken]
        return [(A.CH_OBJ + o, 1 / len(left)) for o in left]

    def choose(self, st: St, aid: int) -> None:
        o = aid - A.CH_OBJ
        seat = self.for_seat
        st.committed[seat].append(o)
        st.log(f"{st.name(seat)} starts with objective {OBJECTIVES[o].key}")
        if seat == st.num_players - 1:
            taken = {x for c in st.committed for x in c}
            st.obj_box = [x for x in START_OBJECTIVES if x not in taken]
# ------------------------------------------------------------------ cards
def hand_total(st: St, s: int) -> int:
    return sum(st.hand[s])


HAND_LIMIT_TOP = int(SETUP["hand_limit"]) + DISC_ROWS[D_HAND].discs
STEP_LIMITS: dict[int, tuple[int, ...]] = {
    int(n): tuple(int(x) for x in row) for n, row in SETUP["step_limits"].items()
}


def hand_limit(st: St, s: int) -> int:
    return HAND_LIMIT_TOP - st.discs[s][D_HAND]


def step_limit(st: St, s: int) -> int:
    a = 1 if st.discs[s][D_STEP_MONEY] == 0 else 0
    b = 2 if st.discs[s][D_STEP_VP] == 0 else 0
    return STEP_LIMITS[st.num_players][a + b]


def left_hand(st: St, s: int, k: int) -> None:
    """Card kind ``k`` has just left seat ``s``'s hand (face up): it is no longer known or
    hidden there."""
    if st.known[s][k] > st.hand[s][k]:
        st.known[s][k] = st.hand[s][k]
    if k >= OBJ0 and k - OBJ0 in st.hidden_obj[s]:
        st.hidden_obj[s].remove(k - OBJ0)


def discard_card(st: St, s: int, k: int, why: str = "") -> None:
    st.hand[s][k] -= 1
    st.discard[s][k] += 1
    left_hand(st, s, k)
    st.log(f"{st.name(s)} discards {A.CARD_NAMES[k]}{why}")


def remove_card(st: St, s: int, k: int) -> None:
    st.hand[s][k] -= 1
    st.removed[k] += 1
    left_hand(st, s, k)
    st.log(f"{st.name(s)} removes {A.CARD_NAMES[k]} from the game")


def gain_money(st: St, s: int, n: int, why: str = "") -> None:
    if n:
        st.money[s] += n
        st.log(f"{st.name(s)} {'gains' if n > 0 else 'pays'} ${abs(n)}{why}")


def cert_limit_index(st: St, s: int) -> int:
    if st.discs[s][D_CERT4] > 0:
        return 3
    return 5 if st.discs[s][D_CERT6] == 0 else 4


def gain_certs(st: St, s: int, n: int) -> None:
    new = min(st.cert[s] + n, cert_limit_index(st, s))
    if new > st.cert[s]:
        st.cert[s] = new
        st.log(f"{st.name(s)} moves the certificate marker to {TRACK[new]}")


def cert_value(st: St, s: int) -> int:
    return TRACK[st.cert[s]]


def certs_after_use(current: int, used: int) -> int:
    """Track index after using ``used`` temporary certificates from value ``current`` (U10)."""
    target = current - used
    return max(i for i, v in enumerate(TRACK) if v <= target)


def refill_draw_pile(st: St, s: int) -> bool:
    """Whether seat ``s`` has a card to draw, shuffling the discard pile into a new draw pile
    when the draw pile is empty (rule text, phase C)."""
    draw = st.draw[s]
    if any(draw):
        return True
    discard = st.discard[s]
    if not any(discard):
        return False
    for k in range(K):
        draw[k] += discard[k]
        discard[k] = 0
    st.log(f"{st.name(s)} shuffles the discard pile into a new draw pile")
    return True


def draw_card(st: St, s: int, aid: int) -> None:
    k = aid - A.CH_CARD
    st.draw[s][k] -= 1
    st.hand[s][k] += 1
    st.log(DRAW_TEXT[s][k], SEAT_ONLY[s], DRAW_PUBLIC[s])


SEAT_ONLY = tuple(frozenset({s}) for s in range(MAX_SEATS))
DRAW_TEXT = tuple(tuple(f"{name} draws {card}" for card in A.CARD_NAMES) for name in A.SEAT_NAMES)
DRAW_PUBLIC = tuple(f"{name} draws a card" for name in A.SEAT_NAMES)


@GWT.auto
class DrawN(NamedTuple):
    """Draw ``want`` cards (an auxiliary action, a building, an objective card), one chance
    step each, while the draw and discard piles have cards."""

    seat: int
    want: int

    def run(self, st: St) -> None:
        s, want = self.seat, self.want
        if want > 0 and refill_draw_pile(st, s):
            st.stack += (draw_n(s, want - 1), draw_step(s, want))


@GWT.chance("Draw a card", "From the draw pile (the discard pile is shuffled in when it is "
            "empty)", private=True)
class DrawCard(NamedTuple):
    """One card of :class:`DrawN` from ``for_seat``'s draw pile (the card is private);
    ``want``: cards still to draw, this one included."""

    for_seat: int
    want: int

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return counts_dist(A.CH_CARD, st.draw[self.for_seat])

    def legal(self, st: St) -> list[int]:
        return counts_ids(A.CH_CARD, st.draw[self.for_seat])

    def choose(self, st: St, aid: int) -> None:
        draw_card(st, self.for_seat, aid)


@GWT.auto
class FillHand(NamedTuple):
    """Phase C (and set-up): draw up to the hand limit, one chance step a card, while the
    draw and discard piles have cards."""

    seat: int

    def run(self, st: St) -> None:
        s = self.seat
        if hand_limit(st, s) > sum(st.hand[s]) and refill_draw_pile(st, s):
            st.stack += FILL_STEPS[s]


@GWT.chance("Draw a card", "Up to the hand limit, from the draw pile", private=True)
class FillCard(NamedTuple):
    """One card of :class:`FillHand` from ``for_seat``'s draw pile (the card is private)."""

    for_seat: int

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return counts_dist(A.CH_CARD, st.draw[self.for_seat])

    def legal(self, st: St) -> list[int]:
        return counts_ids(A.CH_CARD, st.draw[self.for_seat])

    def choose(self, st: St, aid: int) -> None:
        draw_card(st, self.for_seat, aid)


#: Draws are counted in cards: the steps of a small domain, built once (a step costs about
#: eight times a tuple to build).
MOST_DRAWN = 16
_DRAW_N = tuple(tuple(DrawN(s, n) for n in range(MOST_DRAWN + 1)) for s in range(MAX_SEATS))
_DRAW_CARD = tuple(tuple(DrawCard(s, n) for n in range(MOST_DRAWN + 1)) for s in range(MAX_SEATS))
FILL_HAND = tuple(FillHand(s) for s in range(MAX_SEATS))
#: What :class:`FillHand` pushes (in stack order): itself again under a card's draw.
FILL_STEPS = tuple((FILL_HAND[s], FillCard(s)) for s in range(MAX_SEATS))


def draw_n(s: int, n: int) -> DrawN:
    return _DRAW_N[s][n] if n <= MOST_DRAWN else DrawN(s, n)


def draw_step(s: int, n: int) -> DrawCard:
    return _DRAW_CARD[s][n] if n <= MOST_DRAWN else DrawCard(s, n)


def hand_ids(hand: list[int], base: int) -> list[int]:
    """``base + k`` for each card kind ``k`` in the hand (a discard or a removal)."""
    return [base + k for k in range(K) if hand[k] > 0]


def push_draw_then_discard(st: St, s: int, n: int) -> None:
    """Draw ``n`` cards, then discard as many (rule text: "draw and discard")."""
    st.stack += (discard_n_of(s, n), draw_n(s, n))


@GWT.decision("Discard a card from your hand", "Draw and discard: as many as were drawn",
              kinds=("discard",), skip_empty=True)
class DiscardN(NamedTuple):
    """Discard ``left`` cards of the hand, one at a time (after drawing as many)."""

    seat: int
    left: int

    def legal(self, st: St) -> list[int]:
        return hand_ids(st.hand[self.seat], A.DISCARD) if self.left > 0 else []

    def choose(self, st: St, aid: int) -> None:
        discard_card(st, self.seat, aid - A.DISCARD)
        st.stack.append(discard_n_of(self.seat, self.left - 1))


@GWT.decision("Remove a card of your hand from the game", "It leaves your deck for good",
              kinds=("remove",), skip_empty=True)
class RemoveN(NamedTuple):
    """Remove ``left`` cards of the hand from the game, one at a time (the trim auxiliary
    action)."""

    seat: int
    left: int

    def legal(self, st: St) -> list[int]:
        return hand_ids(st.hand[self.seat], A.REMOVE) if self.left > 0 else []

    def choose(self, st: St, aid: int) -> None:
        remove_card(st, self.seat, aid - A.REMOVE)
        st.stack.append(RemoveN(self.seat, self.left - 1))


@GWT.decision("Draw up to {most} cards", "Then discard as many cards as you drew",
              kinds=("draw",), skip_empty=True)
class DrawUpTo(NamedTuple):
    """Draw 0 to ``most`` cards, then discard as many (an objective card, building 5a's
    cowboys)."""

    seat: int
    most: int

    def legal(self, st: St) -> list[int]:
        s = self.seat
        avail = sum(st.draw[s]) + sum(st.discard[s])
        return [A.DRAWN + k for k in range(0, min(self.most, avail) + 1)]

    def choose(self, st: St, aid: int) -> None:
        s, n = self.seat, aid - A.DRAWN
        st.log(f"{st.name(s)} draws {n} card(s), then discards as many")
        if n:
            push_draw_then_discard(st, s, n)


# ------------------------------------------------------------------ tiles
def tile_space_free(st: St, tile: int) -> bool:
    if tile in (TEEPEE_GREEN, TEEPEE_BLUE):
        return -1 in st.teepee_slots
    if tile >= FIRST_HAZARD:
        return -1 in st.hazard_rows[hazard_info(tile)[0]]
    return True


def place_tile(st: St, tile: int) -> None:
    """A teepee or hazard tile to its lowest free space, else out of the game (rule text)."""
    if tile in (TEEPEE_GREEN, TEEPEE_BLUE):
        slots = st.teepee_slots
        order = sorted(range(9), key=lambda i: TEEPEE_VALUES[i])
        for i in order:
            if slots[i] < 0:
                slots[i] = tile
                st.log(f"a {tile_name(tile)} goes on the ${TEEPEE_VALUES[i]} teepee space")
                return
    else:
        row = st.hazard_rows[hazard_info(tile)[0]]
        for i in range(4):
            if row[i] < 0:
                row[i] = tile
                st.log(f"a {tile_name(tile)} goes on hazard space {i + 1}")
                return
    st.out_tiles[tile] += 1
    st.log(f"the {tile_name(tile)} tile has no space and leaves the game")


# ------------------------------------------------------------------ trail
#: Private building index by (number - 1, side index): PRIVATE_BY with the side as 0 / 1.
PRIVATE_OF = tuple((PRIVATE_BY[(n, "a")], PRIVATE_BY[(n, "b")]) for n in range(1, 11))
NEXT_SPACES: tuple[tuple[int, ...], ...] = tuple(sp.next for sp in SPACES)
PREV_SPACES: tuple[tuple[int, ...], ...] = tuple(tuple(PREV[sp.index]) for sp in SPACES)

# What makes a space a location, by space: (test, index, slot) with the test one of
# _ALWAYS (neutral spaces, Kansas City), _PRIVATE (private_at[index] is built),
# _HAZARD (hazard_rows[index][slot] holds a tile), _TEEPEE (teepee_slots[index] holds a
# tile) or _NEVER.
_ALWAYS, _PRIVATE, _HAZARD, _TEEPEE, _NEVER = range(5)
LOCATION_TEST: tuple[tuple[int, int, int], ...] = tuple(
    (_ALWAYS, 0, 0) if sp.kind in ("neutral", "kc")
    else (_PRIVATE, PRIVATE_SLOT[sp.index], 0) if sp.kind == "private"
    else (_HAZARD, sp.row, sp.slot) if sp.kind == "hazard"
    else (_TEEPEE, sp.slot, 0) if sp.kind == "teepee"
    else (_NEVER, 0, 0)
    for sp in SPACES
)


def building_at(st: St, space: int) -> tuple[int, int] | None:
    """(owner, building index) at a space: owner -1 for a neutral building."""
    test, slot, _ = LOCATION_TEST[space]
    if test == _PRIVATE:
        code = st.private_at[slot]
        if code < 0:
            return None
        owner, num = divmod(code, 10)
        return owner, PRIVATE_OF[num][st.side[num]]
    if test == _ALWAYS and space in NEUTRAL_SLOT:
        b = st.neutral_at[NEUTRAL_SLOT[space]]
        return (-1, b) if b >= 0 else None
    return None


def is_location(st: St, space: int) -> bool:
    test, index, slot = LOCATION_TEST[space]
    if test == _ALWAYS:
        return True
    if test == _PRIVATE:
        return st.private_at[index] >= 0
    if test == _HAZARD:
        return st.hazard_rows[index][slot] >= 0
    if test == _TEEPEE:
        return st.teepee_slots[index] >= 0
    return False


def _locations(st: St, space: int, links: tuple[tuple[int, ...], ...]) -> list[int]:
    """The nearest locations along ``links`` (next or previous spaces), sorted."""
    out: list[int] = []
    todo = list(links[space])
    while todo:
        x = todo.pop()
        if LOCATION_TEST[x][0] == _ALWAYS or is_location(st, x):  # (the common case first)
            if x not in out:
                out.append(x)
        else:
            todo.extend(links[x])
    out.sort()
    return out


def next_locations(st: St, space: int) -> list[int]:
    return _locations(st, space, NEXT_SPACES)


def prev_locations(st: St, space: int) -> list[int]:
    return _locations(st, space, PREV_SPACES)


def hands_at(st: St, s: int, space: int) -> tuple[list[str], int]:
    """Hands shown at a location for seat s and who is paid (-1 = the bank)."""
    test, index, slot = LOCATION_TEST[space]
    if test == _HAZARD:
        return [hazard_info(st.hazard_rows[index][slot])[1]], -1
    if test == _TEEPEE:
        tile = st.teepee_slots[index]
        return ["green" if tile == TEEPEE_GREEN else "black"], -1
    if test == _PRIVATE:
        code = st.private_at[index]
        if code >= 0 and code // 10 != s:
            num = code % 10
            return list(PRIVATE[PRIVATE_OF[num][st.side[num]]].hands), code // 10
    return [], -1


FEES: dict[int, tuple[int, int]] = {
    int(n): (int(green), int(black)) for n, (green, black) in SETUP["fees"].items()
}


def pay_fees(st: St, s: int, space: int) -> None:
    hands, payee = hands_at(st, s, space)
    if not hands:
        return
    green, black = FEES[st.num_players]
    fee = sum(green if h == "green" else black for h in hands)
    paid = min(fee, st.money[s])
    st.money[s] -= paid
    if payee >= 0:
        st.money[payee] += paid
    to = "the bank" if payee < 0 else st.name(payee)
    st.log(f"{st.name(s)} pays ${paid} to {to} at {SPACES[space].key}"
           + (f" (owed ${fee})" if paid < fee else ""))


# ------------------------------------------------------------------ turns
@GWT.auto
class Turn(NamedTuple):
    """A seat's turn: hand limit, phase A (move), phase B (act), phase C (draw), then the
    next seat (rule text, "a turn")."""

    seat: int

    def run(self, st: St) -> None:
        s = self.seat
        st.turn_seat = s
        st.turns += 1
        st.log(TURN_TEXT[s])
        st.stack += TURN_STEPS[s]


@GWT.decision("Discard down to your hand limit", kinds=("discard",), skip_empty=True)
class HandLimit(NamedTuple):
    """Before moving, a hand over the limit is discarded down to it (a rule of the
    implementation: the limit can drop between turns, facts A5)."""

    seat: int

    def legal(self, st: St) -> list[int]:
        s = self.seat
        hand = st.hand[s]
        return hand_ids(hand, A.DISCARD) if sum(hand) > hand_limit(st, s) else []

    def choose(self, st: St, aid: int) -> None:
        discard_card(st, self.seat, aid - A.DISCARD, " (hand limit)")
        st.stack.append(self)


@GWT.auto
class EndTurn(NamedTuple):
    """The next seat's turn, unless the game's end was triggered and the turn order is back
    at the seat that triggered it (rule text, "game end")."""

    seat: int

    def run(self, st: St) -> None:
        nxt = (self.seat + 1) % st.num_players
        if st.end_trigger >= 0 and nxt == st.end_trigger:
            st.log("the game is over")
            return
        st.stack.append(TURN[nxt])


def objective_plays(st: St, s: int) -> list[int]:
    held = st.hand[s][OBJ0:]
    if not any(held):
        return []
    return [A.PLAY_OBJ + o for o, n in enumerate(held) if n > 0]


def play_objective(st: St, s: int, aid: int) -> None:
    o = aid - A.PLAY_OBJ
    k = OBJ0 + o
    st.hand[s][k] -= 1
    left_hand(st, s, k)
    st.committed[s].append(o)
    st.log(f"{st.name(s)} plays objective card {OBJECTIVES[o].key}")
    action = OBJECTIVES[o].action
    if action != "none":
        st.stack.append(ObjectiveAction(s, o))


#: The moves an objective card's immediate action allows (its ``action``): up to n spaces.
OBJECTIVE_MOVES = {"engine2": 2, "engine3": 3}
OBJECTIVE_CATTLEMAN_STEPS = 3
OBJECTIVE_DRAW_CARDS = 3


@GWT.decision("Take the objective card's immediate action?", kinds=("objective",))
class ObjectiveAction(NamedTuple):
    """A played objective card's immediate action, if the player wishes (rule text,
    "objective cards")."""

    seat: int
    objective: int

    def legal(self, st: St) -> list[int]:
        return ACCEPT_OR_DECLINE

    def choose(self, st: St, aid: int) -> None:
        if aid == A.DECLINE:
            return
        s = self.seat
        action = OBJECTIVES[self.objective].action
        if action == "money2":
            gain_money(st, s, 2)
        elif action == "aux":
            st.stack.append(AuxChoice(s, True))
        elif action == "draw3":
            st.stack.append(DrawUpTo(s, OBJECTIVE_DRAW_CARDS))
        elif action in OBJECTIVE_MOVES:
            st.stack.append(EngineForward(s, OBJECTIVE_MOVES[action], False))
        elif action == "cattleman3":
            st.stack.append(steps_of(s, OBJECTIVE_CATTLEMAN_STEPS, 0, MODE_OBJ))


ACCEPT_OR_DECLINE = [A.ACCEPT, A.DECLINE]
#: The auxiliary actions' ids: a single and a double of each.
AUX_IDS = 2 * len(A.AUX_NAMES)


@GWT.decision("Move your cattleman", kinds=("move", "objective"), skip_empty=True)
class PhaseA(NamedTuple):
    """Phase A: the cattleman moves up to the step limit, its first step chosen here (the
    first turn: onto any neutral building); an objective card may be played first."""

    seat: int

    def legal(self, st: St) -> list[int]:
        s = self.seat
        out = objective_plays(st, s)
        if st.cattleman[s] < 0:
            out += FIRST_PLACEMENT
        else:
            out += [A.MOVE + x for x in next_locations(st, st.cattleman[s])]
        return out

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        if A.PLAY_OBJ <= aid < A.PLAY_OBJ + len(OBJECTIVES):
            st.stack.append(self)
            play_objective(st, s, aid)
            return
        x = aid - A.MOVE
        if st.cattleman[s] < 0:
            st.cattleman[s] = x
            st.log(f"{st.name(s)} puts the cattleman on {SPACES[x].key}")
            st.stack.append(phase_b_of(s, x, 0, False))
            return
        step_cattleman(st, s, x, MODE_A)
        st.stack.append(steps_of(s, step_limit(st, s), 1, MODE_A))


FIRST_PLACEMENT = [A.MOVE + sp for sp in NEUTRAL_SPACES]


def step_cattleman(st: St, s: int, x: int, mode: str) -> None:
    """One step of the cattleman to location ``x`` (its fees paid, but on an objective
    card's move)."""
    st.cattleman[s] = x
    st.log(f"{st.name(s)} moves the cattleman to {SPACES[x].key}")
    if mode != MODE_OBJ:
        pay_fees(st, s, x)


def move_options(st: St, s: int, mode: str) -> list[int]:
    """Where the cattleman may step next (an objective card's move never into Kansas City)."""
    pos = st.cattleman[s]
    if pos == KC_SPACE:
        return []
    return [A.MOVE + x for x in next_locations(st, pos) if not (mode == MODE_OBJ and x == KC_SPACE)]


def end_move(st: St, s: int, taken: int, mode: str) -> None:
    """The move is over: phase B follows at the location reached (not after an objective
    card's move, nor after no step)."""
    if mode != MODE_OBJ and taken > 0:
        enter_phase_b(st, s, st.cattleman[s])


def enter_phase_b(st: St, s: int, space: int) -> None:
    """Phase B at ``space``: Kansas City's visit, or the location's actions."""
    if space == KC_SPACE:
        _kansas_city.start_visit(st, s)
    else:
        st.stack.append(phase_b_of(s, space, 0, False))


@GWT.auto
class Steps(NamedTuple):
    """The cattleman's move after ``taken`` of up to ``limit`` steps: the next step is the
    seat's :class:`Move` while it may go on (not from Kansas City), else the move ends."""

    seat: int
    limit: int
    taken: int
    mode: str

    def run(self, st: St) -> None:
        s, taken = self.seat, self.taken
        options = [] if taken >= self.limit else move_options(st, s, self.mode)
        if not options:
            end_move(st, s, taken, self.mode)
            return
        if taken >= 1:
            options.append(A.STOP)
        offer(st, move_of(s, self.limit, taken, self.mode), options)


@GWT.decision("Move your cattleman", kinds=("move", "stop"))
class Move(NamedTuple):
    """One more step of the cattleman, or stop (after the first): pushed by :class:`Steps`
    with its legal ids."""

    seat: int
    limit: int
    taken: int
    mode: str

    def legal(self, st: St) -> list[int]:
        out = move_options(st, self.seat, self.mode)
        if self.taken >= 1:
            out.append(A.STOP)
        return out

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        if aid == A.STOP:
            end_move(st, s, self.taken, self.mode)
            return
        step_cattleman(st, s, aid - A.MOVE, self.mode)
        st.stack.append(steps_of(s, self.limit, self.taken + 1, self.mode))


# ------------------------------------------------------------------ phase B
def phase_b_building(st: St, s: int, space: int) -> tuple[int, int] | None:
    """The building whose local actions seat s may use at ``space`` (neutral or own)."""
    b = building_at(st, space)
    if b is None or (b[0] >= 0 and b[0] != s):
        return None
    return b


#: The risk action of a space as a local-action slot (empty if the space has none).
RISK_SLOTS: tuple[tuple[tuple[Op, ...], ...], ...] = tuple(
    ((RISK_ACTIONS[sp.risk],),) if sp.risk else () for sp in SPACES
)


def slots_of(st: St, s: int, space: int) -> tuple[tuple[Op, ...], ...]:
    """The local-action slots seat s may use at ``space`` (its own risk action last)."""
    b = phase_b_building(st, s, space)
    if b is None:
        return ()
    if b[0] < 0:
        return NEUTRAL[b[1]].ops
    return PRIVATE[b[1]].ops + RISK_SLOTS[space]


def used_slots(slots: tuple[tuple[Op, ...], ...], used: int, name: str) -> int:
    """``used`` with the slots that hold local action ``name`` marked."""
    for i, slot in enumerate(slots):
        if any(op.id == name for op in slot):
            used |= 1 << i
    return used


@GWT.decision("Use the location's actions", kinds=("local-action", "auxiliary-action", "finish",
                                                     "objective"), skip_empty=True)
class PhaseB(NamedTuple):
    """Phase B at ``space``: each local action of a neutral or own building once (``used``:
    a bit per slot), or one single auxiliary action instead; objective cards may be played;
    ``did``: an action was taken, so the phase may end."""

    seat: int
    space: int
    used: int
    did: bool

    def legal(self, st: St) -> list[int]:
        s, space, used = self.seat, self.space, self.used
        out = objective_plays(st, s)
        for i, slot in enumerate(slots_of(st, s, space)):
            if used >> i & 1:
                continue
            for op in slot:
                if _buildings.op_possible(st, s, op, space):
                    out.append(A.LOCAL + A.OP_INDEX[op.id])
        if not self.did:
            out += aux_options(st, s, double=False)
        else:
            out.append(A.DONE)
        return out

    def choose(self, st: St, aid: int) -> None:
        s, space = self.seat, self.space
        if aid == A.DONE:
            return
        if A.PLAY_OBJ <= aid < A.PLAY_OBJ + len(OBJECTIVES):
            st.stack.append(self)
            play_objective(st, s, aid)
            return
        if A.AUX <= aid < A.AUX + AUX_IDS:
            st.stack.append(phase_b_of(s, space, ALL_USED, True))
            apply_aux(st, s, aid)
            return
        name = A.OPS[aid - A.LOCAL]
        st.stack.append(phase_b_of(s, space, used_slots(slots_of(st, s, space), self.used, name),
                                True))
        st.log(f"{st.name(s)}: {A.OP_TEXT[name]}")
        _buildings.apply_op(st, s, OPS_BY_ID[name], space)


# ------------------------------------------------------------------ auxiliary actions
AUX_MONEY, AUX_CYCLE, AUX_CERT, AUX_ENGINE, AUX_TRIM = (
    A.AUX_NAMES.index(name) for name in ("money", "cycle", "cert", "engine", "trim")
)


def aux_unlocked(st: St, s: int, a: int, double: bool) -> bool:
    """Whether the player board shows auxiliary action ``a`` (``aux_options`` inlines it)."""
    left = st.discs[s][AUX_ROWS[a]]
    if a in ONE_DISC_AUX:
        return left == 0 if double else True
    return left == 0 if double else left < 2


def aux_possible(st: St, s: int, a: int, double: bool) -> bool:
    n = 2 if double else 1
    if a == AUX_MONEY:
        return True
    if a == AUX_CYCLE:  # a card anywhere (counts are never negative)
        return any(st.hand[s]) or any(st.draw[s]) or any(st.discard[s])
    if a == AUX_CERT:
        return st.money[s] >= n and bool(engine_targets(st, s, False, n, exact=True))
    if a == AUX_ENGINE:
        return st.money[s] >= n and bool(engine_targets(st, s, True, n, exact=not double))
    return any(st.hand[s]) and bool(engine_targets(st, s, False, n, exact=True))


def aux_options(st: St, s: int, double: bool) -> list[int]:
    discs = st.discs[s]
    out = []
    for a in range(5):
        left = discs[AUX_ROWS[a]]
        single = True if a in ONE_DISC_AUX else left < 2  # aux_unlocked(.., False)
        if single and aux_possible(st, s, a, False):
            out.append(A.AUX + 2 * a)
        if double and left == 0 and aux_possible(st, s, a, True):  # aux_unlocked(.., True)
            out.append(A.AUX + 2 * a + 1)
    return out



@GWT.decision("Choose an auxiliary action", kinds=("auxiliary-action",), skip_empty=True)
class AuxChoice(NamedTuple):
    """An auxiliary action of the player board (``double``: single or double; building 7,
    an objective card)."""

    seat: int
    double: bool

    def legal(self, st: St) -> list[int]:
        return aux_options(st, self.seat, self.double)

    def choose(self, st: St, aid: int) -> None:
        apply_aux(st, self.seat, aid)


def apply_aux(st: St, s: int, aid: int) -> None:
    a, d = divmod(aid - A.AUX, 2)
    n = d + 1
    name = A.AUX_NAMES[a]
    st.log(f"{st.name(s)} takes the auxiliary action: {A.AUX_TEXT[a][d]}")
    if name == "money":
        gain_money(st, s, n)
    elif name == "cycle":
        push_draw_then_discard(st, s, n)
    elif name == "cert":
        gain_money(st, s, -n)
        gain_certs(st, s, n)
        st.stack.append(EngineBack(s, n))
    elif name == "engine":
        gain_money(st, s, -n)
        st.stack.append(EngineForward(s, n, d == 0))
    else:
        st.stack += (RemoveN(s, n), EngineBack(s, n))


# ------------------------------------------------------------------ railroad
def _neighbours(pos: int, forward: bool) -> list[int]:
    space, turnout = divmod(pos, 2)
    if forward:
        if turnout:
            return [2 * (space + 1)]
        out = [2 * (space + 1)] if space < LAST_SPACE else []
        if space in TURNOUT_AFTER:
            out.append(2 * space + 1)
        return out
    if turnout:
        return [2 * space]
    if space == 0:
        return []
    out = [2 * (space - 1)]
    if space - 1 in TURNOUT_AFTER:
        out.append(2 * (space - 1) + 1)
    return out


_NEXT = tuple(tuple(_neighbours(p, True)) for p in range(A.NPOS))
_BACK = tuple(tuple(_neighbours(p, False)) for p in range(A.NPOS))


def engine_distances(st: St, s: int, forward: bool, limit: int = 1000) -> dict[int, int]:
    """Steps to every free position ahead (or behind); occupied spaces are not counted."""
    return dict(_distances(tuple(st.engine), s, forward, limit))


def _distances(
    engines: tuple[int, ...], s: int, forward: bool, limit: int
) -> tuple[tuple[int, int], ...]:
    """``engine_distances`` as (position, steps) pairs, from the engine positions alone."""
    start = engines[s]
    taken = [p for t, p in enumerate(engines) if t != s and p != 0]
    table = _NEXT if forward else _BACK
    best = {start: 0}
    # Every link goes the same way in position order (the track is a line with turnouts),
    # so visiting positions in that order settles each one before it is left.
    pending = 1  # reached positions not visited yet
    for p in range(start, A.NPOS) if forward else range(start, -1, -1):
        d = best.get(p)
        if d is None:
            continue
        for q in table[p]:
            cost = d if q in taken else d + 1
            if cost > limit:
                continue
            old = best.get(q)
            if old is None:
                best[q] = cost
                pending += 1
            elif cost < old:
                best[q] = cost
        pending -= 1
        if not pending:
            break
    return tuple((p, d) for p, d in best.items() if p != start and p not in taken)


@lru_cache(maxsize=1 << 14)
def _targets(
    engines: tuple[int, ...], s: int, forward: bool, n: int, exact: bool
) -> tuple[int, ...]:
    """``engine_targets`` from the engine positions alone. The engines seldom move, and
    every seat asks the same questions turn after turn (auxiliary actions, local engine
    actions), so the answers are kept."""
    dist = _distances(engines, s, forward, n)
    if exact:
        return tuple(sorted(p for p, d in dist if d == n))
    return tuple(sorted(p for p, d in dist if 1 <= d <= n))


def engine_targets(st: St, s: int, forward: bool, n: int, exact: bool = False) -> list[int]:
    """Free positions exactly ``n`` steps ahead (or behind), or 1 to ``n`` steps."""
    return list(_targets(tuple(st.engine), s, forward, n, exact))


@GWT.decision("Move your engine forward", kinds=("move-engine",), skip_empty=True)
class EngineForward(NamedTuple):
    """The engine forward up to ``spaces`` spaces (``exact``: exactly that many), spaces
    held by other engines skipped (rule text, "railroad")."""

    seat: int
    spaces: int
    exact: bool

    def legal(self, st: St) -> list[int]:
        return [A.ENGINE + p for p in engine_targets(st, self.seat, True, self.spaces, self.exact)]

    def choose(self, st: St, aid: int) -> None:
        move_engine(st, self.seat, aid - A.ENGINE)


@GWT.decision("Move your engine back", kinds=("move-engine",), skip_empty=True)
class EngineBack(NamedTuple):
    """The engine back exactly ``spaces`` spaces (a certificate or trim auxiliary action,
    a building)."""

    seat: int
    spaces: int

    def legal(self, st: St) -> list[int]:
        return [A.ENGINE + p for p in engine_targets(st, self.seat, False, self.spaces, True)]

    def choose(self, st: St, aid: int) -> None:
        move_engine(st, self.seat, aid - A.ENGINE)


def move_engine(st: St, s: int, pos: int) -> None:
    st.engine[s] = pos
    st.log(f"{st.name(s)} moves the engine to {A.pos_name(pos)}")
    if pos == END_POS:
        st.stack.append(EndBack(s))
        if not st.station_discs[s][STATION_POS[pos]]:
            st.stack.append(StationOffer(s, STATION_POS[pos]))
    elif pos in STATION_POS and not st.station_discs[s][STATION_POS[pos]]:
        st.stack.append(StationOffer(s, STATION_POS[pos]))


#: How far back the engine may go from the end of the track: any free space.
END_BACK_RANGE = 2 * LAST_SPACE + 2


@GWT.decision("End of the track: move your engine back", kinds=("move-engine",),
              skip_empty=True)
class EndBack(NamedTuple):
    """The end of the track: the bonus money, and the engine back to any free space
    (rule text, "railroad")."""

    seat: int

    def legal(self, st: St) -> list[int]:
        return [A.ENGINE + p for p in engine_targets(st, self.seat, False, END_BACK_RANGE)]

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        gain_money(st, s, int(RAILROAD["end_bonus_money"]), " for reaching the end of the track")
        move_engine(st, s, aid - A.ENGINE)


def station_can_upgrade(st: St, s: int, k: int) -> bool:
    """Whether seat ``s`` may upgrade station ``k`` now: not yet upgraded by it, the cost
    affordable, and a disc to put there (from the board, or the B1.4 fallback of a disc taken
    back from another station)."""
    cost = STATIONS[k].cost
    return (not st.station_discs[s][k] and st.money[s] >= cost
            and bool(disc_sources(st, s, STATION, k, cost)))


@GWT.decision("Upgrade the station?", kinds=("station", "decline"), skip_empty=True)
class StationOffer(NamedTuple):
    """An engine that reaches a station may upgrade it: pay its cost and put a disc on it."""

    seat: int
    station: int

    def legal(self, st: St) -> list[int]:
        k = self.station
        if not station_can_upgrade(st, self.seat, k):
            return []
        return [A.UPGRADE + k, A.DECLINE]

    def choose(self, st: St, aid: int) -> None:
        if aid != A.DECLINE:
            upgrade_station(st, self.seat, aid - A.UPGRADE)


def upgrade_station(st: St, s: int, k: int) -> None:
    gain_money(st, s, -STATIONS[k].cost, f" to upgrade station {k + 1}")
    st.stack.append(Disc(s, STATION, k))


@GWT.decision("Appoint a station master?", kinds=("station", "decline"), skip_empty=True)
class Appoint(NamedTuple):
    """A station just upgraded with a station master on it: a worker of a kind the seat has
    two of may take the tile (rule text, "station masters")."""

    seat: int
    station: int

    def legal(self, st: St) -> list[int]:
        s = self.seat
        slot = MASTER_SLOT[self.station]
        if slot < 0 or st.masters_at[slot] < 0:  # no station-master space, or its tile is gone
            return []
        out = [A.APPOINT + w for w in range(len(WORKERS)) if st.workers[s][w] >= 2]
        return [*out, A.DECLINE] if out else []

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        if aid == A.DECLINE:
            return
        w = aid - A.APPOINT
        st.workers[s][w] -= 1
        st.appointed[s][w] += 1
        slot = MASTER_SLOT[self.station]
        m = st.masters_at[slot]
        st.masters_at[slot] = -1
        st.masters[s].append(m)
        st.log(f"{st.name(s)} appoints a {WORKERS[w]} "
               f"and takes station master {MASTERS[m].key}")
        if MASTERS[m].certificate:
            st.cert_perm[s] += 1
        if MASTERS[m].immediate == "money2":
            gain_money(st, s, 2)
        elif MASTERS[m].immediate == "hazard_or_teepee":
            st.stack.append(HazardOrTeepee(s))


#: The hazard and teepee choices' ids (12 hazard spaces, 9 teepee spaces).
HAZARD_IDS, TEEPEE_IDS = 12, 9


@GWT.decision("Station master: remove a hazard for free or trade for a teepee",
              kinds=("take", "trade", "decline"), skip_empty=True)
class HazardOrTeepee(NamedTuple):
    """A station master's immediate reward: a hazard removed for free or a teepee traded."""

    seat: int

    def legal(self, st: St) -> list[int]:
        s = self.seat
        out = _buildings.hazard_choices(st, s, 0) + _buildings.teepee_choices(st, s)
        return [*out, A.DECLINE] if out else []

    def choose(self, st: St, aid: int) -> None:
        if A.HAZARD <= aid < A.HAZARD + HAZARD_IDS:
            _buildings.take_hazard(st, self.seat, aid, 0)
        elif A.TEEPEE <= aid < A.TEEPEE + TEEPEE_IDS:
            _buildings.take_teepee(st, self.seat, aid)


# ------------------------------------------------------------------ discs
KANSAS_CITY = CITY_KEY["kansas_city"]


def dest_is_dark(dest: str, idx: int) -> bool:
    """Whether city (``dest`` "city") or station ``idx`` has dark corners."""
    return CITIES[idx].dark if dest == "city" else STATIONS[idx].dark


def disc_sources(st: St, s: int, dest: str, idx: int, spent: int = 0) -> list[int]:
    """Where the disc for city or station ``idx`` may come from, once ``spent`` dollars are
    paid (a station's cost, a delivery's transport).

    1. A disc space of the player board (rule text A4): a white-corner disc fits anywhere, a
       dark-corner one only a dark destination. A hand-limit disc needs its $5 (rule text
       A5); on Kansas City the crest's $6 comes with the disc and may pay it (FAQ: "in
       Kansas you receive $6. Use this money to pay the cost for the black disc").
    2. U12: a white destination with no white-corner disc left takes a dark-corner one
       (``dark_disc_on_white``: always, or on Kansas City only).
    3. B1.4: with no board disc that can be cleared, a disc taken back from one of the
       player's stations (never the station being upgraded: it holds no disc of the seat).

    An empty list for a city means the seat has no disc to place; a city delivery is then
    possible only when every disc already sits on a city (``deliver_without_disc``).
    """
    money = st.money[s] - spent
    if dest == "city":
        money += CITIES[idx].money
    discs = st.discs[s]
    white = [A.DISC + r.index for r in DISC_ROWS if not r.dark and discs[r.index] > 0]
    dark = [A.DISC + r.index for r in DISC_ROWS
            if r.dark and discs[r.index] > 0 and money >= r.cost]
    if dest_is_dark(dest, idx):
        opts = white + dark
    elif white:
        opts = white
    elif (st.options.dark_disc_on_white == DARK_ON_WHITE_WHEN_NO_WHITE
          or (dest == "city" and idx == KANSAS_CITY)):
        opts = dark
    else:
        opts = []
    if not opts:
        opts = [A.UNSTATION + k for k in range(len(STATIONS)) if st.station_discs[s][k]]
    return opts


def every_disc_on_cities(st: St, s: int) -> bool:
    """Whether seat ``s`` has no disc left on its board or on a station (B1.4: "If all
    remaining discs sit on cities, nothing happens")."""
    return not any(st.discs[s]) and not any(st.station_discs[s])


def city_disc_possible(st: St, s: int, c: int, spent: int) -> bool:
    """Whether a delivery to city ``c`` can be made as far as the disc goes: a disc to place,
    or no disc left anywhere but on cities (then the delivery places none, see
    ``deliver_without_disc``)."""
    return bool(disc_sources(st, s, "city", c, spent)) or every_disc_on_cities(st, s)


@GWT.auto
class Disc(NamedTuple):
    """A disc for city or station ``target`` (``dest``): the seat's :class:`DiscFrom` choice
    of where it comes from, or, with no disc anywhere but on cities, a delivery that counts
    without one (B1.4)."""

    seat: int
    dest: str
    target: int

    def run(self, st: St) -> None:
        s, dest, idx = self.seat, self.dest, self.target
        ids = disc_sources(st, s, dest, idx)
        if ids:
            offer(st, DiscFrom(s, dest, idx), ids)
            return
        if dest != CITY or not every_disc_on_cities(st, s):
            raise RuntimeError(
                f"great-western-trail: {st.name(s)} has no disc for {dest} {idx}, "
                "yet the move that needs one was legal")
        deliver_without_disc(st, s, idx)


def deliver_without_disc(st: St, s: int, c: int) -> None:
    """B1.4, "if all remaining discs sit on cities, nothing happens": the delivery to city
    ``c`` still counts (its crest and arrows, as in BGF, which records deliveries apart from
    discs), but no disc moves. ``discless`` keeps the count, so the discs add up to 14."""
    st.discless[s] += 1
    st.city_discs[s][c] += 1
    st.log(f"{st.name(s)} has no disc left to move: the delivery to {CITIES[c].name} "
           "counts without one")
    _kansas_city.city_reward(st, s, c)




@GWT.decision("Choose a disc", kinds=("disc",))
class DiscFrom(NamedTuple):
    """Where the disc for city or station ``target`` comes from (``disc_sources``): pushed by
    :class:`Disc` with its legal ids."""

    seat: int
    dest: str
    target: int

    def legal(self, st: St) -> list[int]:
        return disc_sources(st, self.seat, self.dest, self.target)

    def choose(self, st: St, aid: int) -> None:
        s, dest, idx = self.seat, self.dest, self.target
        row = None
        if A.UNSTATION <= aid < A.UNSTATION + len(STATIONS):
            st.station_discs[s][aid - A.UNSTATION] = 0
            st.log(f"{st.name(s)} takes the disc back from station {aid - A.UNSTATION + 1}")
        else:
            row = DISC_ROWS[aid - A.DISC]
            st.discs[s][row.index] -= 1
            st.log(f"{st.name(s)} clears a disc from {row.name}")
        if dest == STATION:
            st.station_discs[s][idx] = 1
            st.log(f"{st.name(s)} upgrades station {idx + 1}")
            if MASTER_SLOT[idx] >= 0:
                st.stack.append(Appoint(s, idx))
        else:
            st.city_discs[s][idx] += 1
            _kansas_city.city_reward(st, s, idx)  # the crest's money first (it may pay the disc)
        if row is not None:
            if row.cost:
                gain_money(st, s, -row.cost, " to raise the hand limit")
            if row.money:
                gain_money(st, s, row.money, " for the step-limit disc")


# ------------------------------------------------------------------ objective cards
@GWT.decision("Take an objective card", kinds=("objective",), skip_empty=True)
class TakeObjective(NamedTuple):
    """An objective card from the display or the top of the deck, into the hand or the
    discard pile (``dest``; a building, a city's arrows)."""

    seat: int
    dest: str

    def legal(self, st: St) -> list[int]:
        out = [A.TAKE_OBJ + i for i in range(len(st.obj_display))]
        if st.obj_deck:
            out.append(A.TAKE_OBJ + OBJ_TOP_CHOICE)
        return out

    def choose(self, st: St, aid: int) -> None:
        s, dest = self.seat, self.dest
        i = aid - A.TAKE_OBJ
        if i == OBJ_TOP_CHOICE:
            st.stack.append(ObjectiveTop(s, dest))
            return
        o = st.obj_display.pop(i)
        gain_objective(st, s, o, dest)
        st.stack.append(OBJECTIVE_FILL)


def gain_objective(st: St, s: int, o: int, dest: str, public: bool = True) -> None:
    """Objective card ``o`` to seat ``s``'s hand or discard pile. A card from the display is
    seen by everyone (``public``); one drawn face down from the deck into the hand is seen by
    its taker only: its name is logged privately and it is counted in ``hidden_obj``."""
    k = OBJ0 + o
    if dest != "hand":
        st.discard[s][k] += 1
        st.log(f"{st.name(s)} takes objective card {OBJECTIVES[o].key} into the {dest} pile")
        return
    st.hand[s][k] += 1
    text = f"{st.name(s)} takes objective card {OBJECTIVES[o].key} into the hand"
    if public:
        st.known[s][k] += 1
        st.log(text)
    else:
        st.hidden_obj[s].append(o)
        st.log(text, frozenset({s}),
               f"{st.name(s)} takes the top objective card into the hand")



@GWT.chance("Draw the top objective card")
class ObjectiveTop(NamedTuple):
    """The top card of the objective deck for ``for_seat`` (seen by it alone when it goes
    into the hand)."""

    for_seat: int
    dest: str

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return [(A.CH_OBJ + o, 1 / len(st.obj_deck)) for o in st.obj_deck]

    def choose(self, st: St, aid: int) -> None:
        o = aid - A.CH_OBJ
        st.obj_deck.remove(o)
        gain_objective(st, self.for_seat, o, self.dest, public=self.dest != HAND)


# ------------------------------------------------------------------ components
def component_counts(st: St) -> dict[str, int]:
    n = st.num_players
    cattle = sum(st.market) + sum(st.market_deck) + sum(st.removed[:NC])
    objectives = (len(st.obj_display) + len(st.obj_deck) + len(st.obj_box)
                  + sum(st.removed[NC:]) + sum(len(c) for c in st.committed))
    tiles = sum(sum(x) for x in st.stacks) + sum(st.out_tiles)
    tiles += sum(1 for c in st.foresight for t in c if t >= 0)
    tiles += sum(1 for t in st.jm if t >= 0) + sum(1 for t in st.teepee_slots if t >= 0)
    tiles += sum(1 for r in st.hazard_rows for t in r if t >= 0)
    out: dict[str, int] = {}
    for s in range(n):
        for zone in (st.hand[s], st.draw[s], st.discard[s]):
            cattle += sum(zone[:NC])
            objectives += sum(zone[NC:])
        tiles += sum(w - 1 for w in st.workers[s]) + sum(st.appointed[s])
        tiles += sum(st.teepees[s]) + len(st.hazards[s])
        built = sum(1 for c in st.private_at if c >= 0 and c // 10 == s)
        out[f"buildings:seat{s}"] = sum(st.avail[s]) + built + st.bld_removed[s]
        out[f"discs:seat{s}"] = sum(st.discs[s]) + sum(st.city_discs[s]) + sum(
            st.station_discs[s]) - st.discless[s]
    out["cattle"] = cattle
    dealt = {o for c in st.committed for o in c} | set(st.obj_box)
    objectives += sum(1 for o in START_OBJECTIVES if o not in dealt)
    out["objectives"] = objectives
    out["tiles"] = tiles
    placed = {m for m in st.masters_at if m >= 0} | {m for ms in st.masters for m in ms}
    out["station_masters"] = len(placed) + sum(1 for m in MASTERS if m.index not in placed)
    return out


# The modules of building actions and Kansas City register their frames here and use the


def shared(step_type: Callable[..., T]) -> Callable[..., T]:
    """The steps of ``step_type`` built once each and then shared, for a step of a small
    domain pushed on a hot path (steps are immutable; building one costs about eight times a
    tuple, looking one up about one tuple)."""
    return cache(step_type)


steps_of = shared(Steps)
move_of = shared(Move)
phase_b_of = shared(PhaseB)
discard_n_of = shared(DiscardN)
TURN = tuple(Turn(s) for s in range(MAX_SEATS))
TURN_TEXT = tuple(f"-- {name}'s turn" for name in A.SEAT_NAMES)
#: What a turn pushes, in stack order: the hand limit first, phase C and the next seat last.
TURN_STEPS = tuple((EndTurn(s), FILL_HAND[s], PhaseA(s), HandLimit(s)) for s in range(MAX_SEATS))


def phase_name(st: St) -> str:
    """The short name of the step on top (``DECISION_NAMES``; "over" once the stack is
    empty)."""
    if not st.stack:
        return "over"
    top = type(st.stack[-1])
    return DECISION_NAMES.get(top, top.__name__)


#: The short name of each step a seat or chance decides in, as the frames were named (the
#: observation's one-hot of the decision now and the view's ``phase``): a trained network's
#: inputs do not move.
DECISION_NAMES: dict[type, str] = {
    Master: "master", NeutralDraw: "neutral_draw", SideDraw: "side_draw",
    SetupTile: "setup_tile", SetupWorker: "setup_jm", ForesightDraw: "fs_fill",
    MarketDraw: "mdraw", ObjectiveDraw: "obj_fill", StartObjective: "start_obj",
    DrawCard: "draw_n", FillCard: "fill_hand", ObjectiveTop: "obj_top",
    HandLimit: "hand_limit", ObjectiveAction: "obj_action", PhaseA: "phase_a", Move: "move",
    PhaseB: "phase_b", AuxChoice: "aux_choice", DiscardN: "discard_n", RemoveN: "remove_n",
    DrawUpTo: "draw_upto", EngineForward: "engine_fwd", EngineBack: "engine_back",
    EndBack: "end_back", StationOffer: "station_offer", Appoint: "appoint",
    HazardOrTeepee: "hazard_or_teepee", DiscFrom: "disc", TakeObjective: "take_obj",
}  # buildings.py and kansas_city.py add theirs

# The modules of building actions and Kansas City register their steps and use the helpers
# above; bind them once this module is complete.
from boomtown.games.great_western_trail import buildings as _buildings  # noqa: E402
from boomtown.games.great_western_trail import kansas_city as _kansas_city  # noqa: E402
