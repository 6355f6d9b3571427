"""The phase machine of Great Western Trail: set-up, turns, movement, railroad, discs,
auxiliary actions and objective cards. Building effects live in ``buildings.py`` and the
Kansas City visit in ``kansas_city.py``.

The position keeps a stack of frames (lists whose first item names the frame). ``run`` expands
automatic frames until a decision (a seat's or chance's) is on top.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from boomtown.engine.actions import CHANCE, TERMINAL
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

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

Frame = list[Any]
K, NC, OBJ0 = A.K, A.NC, A.OBJ0
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

DECIDE: dict[str, Callable[[St, Frame], int | None]] = {}
LEGAL: dict[str, Callable[[St, Frame], list[int]]] = {}
CHOOSE: dict[str, Callable[[St, Frame, int], None]] = {}
DIST: dict[str, Callable[[St, Frame], list[tuple[int, float]]]] = {}


def decision(name: str) -> Callable[[Callable[[St, Frame], list[int]]], Any]:
    """Register the legal-action function of a seat's decision frame (frame[1] = seat)."""

    def wrap(fn: Callable[[St, Frame], list[int]]) -> Any:
        LEGAL[name] = fn

        def decide(st: St, frame: Frame) -> int | None:
            ids = fn(st, frame)
            if ids:
                st.memo_legal = ids
                return int(frame[1])
            st.stack.pop()
            return None

        DECIDE[name] = decide
        return fn

    return wrap


def chooser(name: str) -> Callable[[Callable[[St, Frame, int], None]], Any]:
    def wrap(fn: Callable[[St, Frame, int], None]) -> Any:
        CHOOSE[name] = fn
        return fn

    return wrap


def auto(name: str) -> Callable[[Callable[[St, Frame], int | None]], Any]:
    def wrap(fn: Callable[[St, Frame], int | None]) -> Any:
        DECIDE[name] = fn
        return fn

    return wrap


def chance(name: str) -> Callable[[Callable[[St, Frame], list[tuple[int, float]]]], Any]:
    """Register a chance frame: ``fn`` gives the outcomes (empty = the frame is done)."""

    def wrap(fn: Callable[[St, Frame], list[tuple[int, float]]]) -> Any:
        DIST[name] = fn

        def decide(st: St, frame: Frame) -> int | None:
            dist = fn(st, frame)
            if dist:
                st.memo_dist = dist
                return CHANCE
            st.stack.pop()
            return None

        DECIDE[name] = decide
        LEGAL[name] = lambda st, frame: [a for a, _ in fn(st, frame)]
        return fn

    return wrap


# ------------------------------------------------------------------ machine
def run(st: St) -> None:
    """Expand automatic frames until a decision is on top, keeping no memo (for code that
    edits the position afterwards)."""
    settle(st)
    st.memo_legal = st.memo_dist = None


def settle(st: St) -> None:
    """Expand automatic frames until a decision (a seat's or chance's) is on top.

    The decide function that stops the machine may leave what it computed in
    ``st.memo_legal`` (the seat's legal ids, unsorted) or ``st.memo_dist`` (the chance
    distribution), so that the state need not compute them again.
    """
    st.memo_legal = st.memo_dist = None
    guard = 0
    while st.stack:
        frame = st.stack[-1]
        who = DECIDE[frame[0]](st, frame)
        if who is not None:
            st.current_player = who
            return
        guard += 1
        if guard > 100_000:
            raise RuntimeError("great-western-trail: the phase machine does not settle")
    st.current_player = TERMINAL


def legal(st: St) -> list[int]:
    frame = st.stack[-1]
    return LEGAL[frame[0]](st, frame)


def choose(st: St, aid: int) -> None:
    frame = st.stack[-1]
    CHOOSE[frame[0]](st, frame, aid)


def chance_distribution(st: St) -> list[tuple[int, float]]:
    frame = st.stack[-1]
    return DIST[frame[0]](st, frame) if frame[0] in DIST else []


def counts_dist(base: int, counts: list[int]) -> list[tuple[int, float]]:
    """Outcome ``base + k`` with probability proportional to ``counts[k]`` (counts >= 0)."""
    total = sum(counts)
    return [(base + k, c / total) for k, c in enumerate(counts) if c > 0]


# ------------------------------------------------------------------ set-up
def setup(st: St) -> None:
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
    frames: list[Frame] = [["master", slot] for slot in range(len(MASTER_STATIONS))]
    if opts.neutral_order == "random":
        frames += [["neutral_draw", i] for i in range(len(NEUTRAL_SPACES))]
    else:
        st.neutral_at = list(range(len(NEUTRAL_SPACES)))
    if opts.building_sides == "random":
        frames += [["side_draw", i] for i in range(10)]
    else:
        st.side = [0 if opts.building_sides == "a" else 1] * 10
    frames += [
        ["setup_tile", SETUP["setup_stack1_tiles"]],
        ["setup_jm", SETUP["job_market_start"][str(n)]],
        ["fs_fill"],
        ["mdraw", market_size(st)],
        ["obj_fill"],
    ]
    frames += [["start_obj", s] for s in range(n)]
    frames += [["fill_hand", s] for s in range(n)]
    frames.append(["turn", 0])
    st.stack = frames[::-1]


def market_size(st: St) -> int:
    return int(SETUP["market_size"][str(st.num_players)])


@chance("master")
def _master_dist(st: St, frame: Frame) -> list[tuple[int, float]]:
    left = [m.index for m in MASTERS if m.index not in st.masters_at]
    return [(A.CH_MASTER + m, 1 / len(left)) for m in left]


@chooser("master")
def _master_choose(st: St, frame: Frame, aid: int) -> None:
    slot = frame[1]
    st.masters_at[slot] = aid - A.CH_MASTER
    st.log(f"station {MASTER_STATIONS[slot] + 1}: station master "
           f"{MASTERS[aid - A.CH_MASTER].key}")
    st.stack.pop()


@chance("neutral_draw")
def _neutral_dist(st: St, frame: Frame) -> list[tuple[int, float]]:
    left = [b.index for b in NEUTRAL if b.index not in st.neutral_at]
    return [(A.CH_NEUTRAL + b, 1 / len(left)) for b in left]


@chooser("neutral_draw")
def _neutral_choose(st: St, frame: Frame, aid: int) -> None:
    st.neutral_at[frame[1]] = aid - A.CH_NEUTRAL
    st.log(f"neutral space {SPACES[NEUTRAL_SPACES[frame[1]]].key}: building "
           f"{NEUTRAL[aid - A.CH_NEUTRAL].name}")
    st.stack.pop()


@chance("side_draw")
def _side_dist(st: St, frame: Frame) -> list[tuple[int, float]]:
    return [(A.CH_SIDE, 0.5), (A.CH_SIDE + 1, 0.5)]


@chooser("side_draw")
def _side_choose(st: St, frame: Frame, aid: int) -> None:
    st.side[frame[1]] = aid - A.CH_SIDE
    st.log(f"private building {frame[1] + 1}: side {'ab'[aid - A.CH_SIDE]}")
    st.stack.pop()


@chance("setup_tile")
def _setup_tile_dist(st: St, frame: Frame) -> list[tuple[int, float]]:
    if frame[1] <= 0:
        return []
    return counts_dist(A.CH_TILE, st.stacks[0])


@chooser("setup_tile")
def _setup_tile_choose(st: St, frame: Frame, aid: int) -> None:
    tile = aid - A.CH_TILE
    if tile_space_free(st, tile):
        st.stacks[0][tile] -= 1
        place_tile(st, tile)
        frame[1] -= 1
    else:
        st.log(f"set-up: the {tile_name(tile)} tile has no space and goes back; draw again")


@chance("setup_jm")
def _setup_jm_dist(st: St, frame: Frame) -> list[tuple[int, float]]:
    if frame[1] <= 0:
        return []
    return counts_dist(A.CH_TILE, st.stacks[1])


@chooser("setup_jm")
def _setup_jm_choose(st: St, frame: Frame, aid: int) -> None:
    tile = aid - A.CH_TILE
    st.stacks[1][tile] -= 1
    n = st.num_players
    for cell in range(A.JM_ROWS * A.JM_COLS):
        row, col = divmod(cell, A.JM_COLS)
        if col >= A.JM_COLS - n and st.jm[cell] < 0:
            st.jm[cell] = tile
            st.log(f"job market row {row + 1}: a {TILE_KEYS[tile]}")
            break
    frame[1] -= 1


def fs_missing(st: St) -> tuple[int, int] | None:
    for col in range(3):
        for slot in range(2):
            if st.foresight[col][slot] < 0 and sum(st.stacks[col]) > 0:
                return col, slot
    return None


@chance("fs_fill")
def _fs_dist(st: St, frame: Frame) -> list[tuple[int, float]]:
    miss = fs_missing(st)
    if miss is None:
        return []
    return counts_dist(A.CH_TILE, st.stacks[miss[0]])


@chooser("fs_fill")
def _fs_choose(st: St, frame: Frame, aid: int) -> None:
    miss = fs_missing(st)
    assert miss is not None
    col, slot = miss
    tile = aid - A.CH_TILE
    st.stacks[col][tile] -= 1
    st.foresight[col][slot] = tile
    st.log(f"foresight {col + 1}: a {tile_name(tile)} tile")


@chance("mdraw")
def _mdraw_dist(st: St, frame: Frame) -> list[tuple[int, float]]:
    # ["mdraw", target]: refill up to target; ["mdraw", -1, left]: add `left` cards (no cap)
    if frame[1] >= 0 and sum(st.market) >= frame[1]:
        return []
    if frame[1] < 0 and frame[2] <= 0:
        return []
    return counts_dist(A.CH_MARKET, st.market_deck)


@chooser("mdraw")
def _mdraw_choose(st: St, frame: Frame, aid: int) -> None:
    k = aid - A.CH_MARKET
    st.market_deck[k] -= 1
    st.market[k] += 1
    if frame[1] < 0:
        frame[2] -= 1
    st.log(f"cattle market: {CATTLE[k].name}")


@chance("obj_fill")
def _obj_fill_dist(st: St, frame: Frame) -> list[tuple[int, float]]:
    if len(st.obj_display) >= SETUP["objective_display"] or not st.obj_deck:
        return []
    return [(A.CH_OBJ + o, 1 / len(st.obj_deck)) for o in st.obj_deck]


@chooser("obj_fill")
def _obj_fill_choose(st: St, frame: Frame, aid: int) -> None:
    o = aid - A.CH_OBJ
    st.obj_deck.remove(o)
    st.obj_display.append(o)
    st.log(f"objective display: {OBJECTIVES[o].key}")


@chance("start_obj")
def _start_obj_dist(st: St, frame: Frame) -> list[tuple[int, float]]:
    taken = {o for c in st.committed for o in c}
    left = [o for o in START_OBJECTIVES if o not in taken]
    return [(A.CH_OBJ + o, 1 / len(left)) for o in left]


@chooser("start_obj")
def _start_obj_choose(st: St, frame: Frame, aid: int) -> None:
    o = aid - A.CH_OBJ
    seat = frame[1]
    st.committed[seat].append(o)
    st.log(f"{st.name(seat)} starts with objective {OBJECTIVES[o].key}")
    st.stack.pop()
    if seat == st.num_players - 1:
        taken = {x for c in st.committed for x in c}
        st.obj_box = [x for x in START_OBJECTIVES if x not in taken]


# ------------------------------------------------------------------ cards
def hand_total(st: St, s: int) -> int:
    return sum(st.hand[s])


HAND_LIMIT_TOP = int(SETUP["hand_limit"]) + DISC_ROWS[D_HAND].discs
STEP_LIMITS = {int(n): tuple(int(x) for x in row) for n, row in SETUP["step_limits"].items()}


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


@chance("draw_n")
def _draw_dist(st: St, frame: Frame) -> list[tuple[int, float]]:
    s = frame[1]
    want = frame[2] if frame[0] == "draw_n" else hand_limit(st, s) - hand_total(st, s)
    if want <= 0:
        return []
    if not any(st.draw[s]):
        if not any(st.discard[s]):
            return []
        for k in range(K):
            st.draw[s][k] += st.discard[s][k]
            st.discard[s][k] = 0
        st.log(f"{st.name(s)} shuffles the discard pile into a new draw pile")
    return counts_dist(A.CH_CARD, st.draw[s])


@chooser("draw_n")
def _draw_choose(st: St, frame: Frame, aid: int) -> None:
    s, k = frame[1], aid - A.CH_CARD
    st.draw[s][k] -= 1
    st.hand[s][k] += 1
    if frame[0] == "draw_n":
        frame[2] -= 1
    st.log(DRAW_TEXT[s][k], SEAT_ONLY[s], DRAW_PUBLIC[s])


SEAT_ONLY = tuple(frozenset({s}) for s in range(4))
DRAW_TEXT = tuple(tuple(f"{name} draws {card}" for card in A.CARD_NAMES) for name in A.SEAT_NAMES)
DRAW_PUBLIC = tuple(f"{name} draws a card" for name in A.SEAT_NAMES)


DIST["fill_hand"] = _draw_dist
CHOOSE["fill_hand"] = _draw_choose
LEGAL["fill_hand"] = LEGAL["draw_n"]
DECIDE["fill_hand"] = DECIDE["draw_n"]


@decision("discard_n")
def _discard_n_legal(st: St, frame: Frame) -> list[int]:
    s = frame[1]
    if frame[2] <= 0:
        return []
    return [A.DISCARD + k for k in range(K) if st.hand[s][k] > 0]


@chooser("discard_n")
def _discard_n_choose(st: St, frame: Frame, aid: int) -> None:
    discard_card(st, frame[1], aid - A.DISCARD)
    frame[2] -= 1


@decision("remove_n")
def _remove_n_legal(st: St, frame: Frame) -> list[int]:
    s = frame[1]
    if frame[2] <= 0:
        return []
    return [A.REMOVE + k for k in range(K) if st.hand[s][k] > 0]


@chooser("remove_n")
def _remove_n_choose(st: St, frame: Frame, aid: int) -> None:
    remove_card(st, frame[1], aid - A.REMOVE)
    frame[2] -= 1


@decision("draw_upto")
def _draw_upto_legal(st: St, frame: Frame) -> list[int]:
    s = frame[1]
    avail = sum(st.draw[s]) + sum(st.discard[s])
    return [A.DRAWN + k for k in range(0, min(frame[2], avail) + 1)]


@chooser("draw_upto")
def _draw_upto_choose(st: St, frame: Frame, aid: int) -> None:
    s, n = frame[1], aid - A.DRAWN
    st.stack.pop()
    st.log(f"{st.name(s)} draws {n} card(s), then discards as many")
    if n:
        st.stack.append(["discard_n", s, n])
        st.stack.append(["draw_n", s, n])


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


FEES = {int(n): (int(green), int(black)) for n, (green, black) in SETUP["fees"].items()}


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
@auto("turn")
def _turn(st: St, frame: Frame) -> int | None:
    s = frame[1]
    st.stack.pop()
    st.turn_seat = s
    st.turns += 1
    st.log(f"-- {st.name(s)}'s turn")
    st.stack += [["end_turn", s], ["fill_hand", s], ["phase_a", s], ["hand_limit", s]]
    return None


@decision("hand_limit")
def _hand_limit_legal(st: St, frame: Frame) -> list[int]:
    s = frame[1]
    if hand_total(st, s) <= hand_limit(st, s):
        return []
    return [A.DISCARD + k for k in range(K) if st.hand[s][k] > 0]


@chooser("hand_limit")
def _hand_limit_choose(st: St, frame: Frame, aid: int) -> None:
    discard_card(st, frame[1], aid - A.DISCARD, " (hand limit)")


@auto("end_turn")
def _end_turn(st: St, frame: Frame) -> int | None:
    s = frame[1]
    st.stack.pop()
    nxt = (s + 1) % st.num_players
    if st.end_trigger >= 0 and nxt == st.end_trigger:
        st.log("the game is over")
        return None
    st.stack.append(["turn", nxt])
    return None


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
        st.stack.append(["obj_action", s, o])


@decision("obj_action")
def _obj_action_legal(st: St, frame: Frame) -> list[int]:
    return [A.ACCEPT, A.DECLINE]


@chooser("obj_action")
def _obj_action_choose(st: St, frame: Frame, aid: int) -> None:
    s, o = frame[1], frame[2]
    st.stack.pop()
    if aid == A.DECLINE:
        return
    action = OBJECTIVES[o].action
    if action == "money2":
        gain_money(st, s, 2)
    elif action == "aux":
        st.stack.append(["aux_choice", s, 1])
    elif action == "draw3":
        st.stack.append(["draw_upto", s, 3])
    elif action in ("engine2", "engine3"):
        st.stack.append(["engine_fwd", s, int(action[-1])])
    elif action == "cattleman3":
        st.stack.append(["move", s, 3, 0, "obj"])


@decision("phase_a")
def _phase_a_legal(st: St, frame: Frame) -> list[int]:
    s = frame[1]
    out = objective_plays(st, s)
    if st.cattleman[s] < 0:
        out += [A.MOVE + sp for sp in NEUTRAL_SPACES]
    else:
        out += [A.MOVE + x for x in next_locations(st, st.cattleman[s])]
    return out


@chooser("phase_a")
def _phase_a_choose(st: St, frame: Frame, aid: int) -> None:
    s = frame[1]
    if A.PLAY_OBJ <= aid < A.PLAY_OBJ + len(OBJECTIVES):
        play_objective(st, s, aid)
        return
    st.stack.pop()
    if st.cattleman[s] < 0:
        st.cattleman[s] = aid - A.MOVE
        st.log(f"{st.name(s)} puts the cattleman on {SPACES[aid - A.MOVE].key}")
        st.stack.append(["phase_b", s, aid - A.MOVE, 0, 0])
        return
    mv: Frame = ["move", s, step_limit(st, s), 0, "A"]
    st.stack.append(mv)
    _move_choose(st, mv, aid)


@auto("move")
def _move_decide(st: St, frame: Frame) -> int | None:
    s, limit, taken, _mode = frame[1], frame[2], frame[3], frame[4]
    pos = st.cattleman[s]
    options = [] if taken >= limit or pos == KC_SPACE else _move_options(st, frame)
    if not options:
        _move_stop(st, frame)
        return None
    if taken >= 1:
        options.append(A.STOP)
    st.memo_legal = options
    return int(s)


def _move_options(st: St, frame: Frame) -> list[int]:
    s, mode = frame[1], frame[4]
    pos = st.cattleman[s]
    if pos == KC_SPACE:
        return []
    out = [A.MOVE + x for x in next_locations(st, pos) if not (mode == "obj" and x == KC_SPACE)]
    return out


def _move_legal(st: St, frame: Frame) -> list[int]:
    out = _move_options(st, frame)
    if frame[3] >= 1:
        out.append(A.STOP)
    return out


LEGAL["move"] = _move_legal


def _move_stop(st: St, frame: Frame) -> None:
    s, mode = frame[1], frame[4]
    st.stack.pop()
    if mode != "obj" and frame[3] > 0:
        st.stack.append(["phase_b", s, st.cattleman[s], 0, 0])


@chooser("move")
def _move_choose(st: St, frame: Frame, aid: int) -> None:
    s = frame[1]
    if aid == A.STOP:
        _move_stop(st, frame)
        return
    x = aid - A.MOVE
    st.cattleman[s] = x
    frame[3] += 1
    st.log(f"{st.name(s)} moves the cattleman to {SPACES[x].key}")
    if frame[4] != "obj":
        pay_fees(st, s, x)


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


@auto("phase_b")
def _phase_b_decide(st: St, frame: Frame) -> int | None:
    s, space = frame[1], frame[2]
    if space == KC_SPACE:
        st.stack.pop()
        _kansas_city.start_visit(st, s)
        return None
    ids = _phase_b_legal(st, frame)
    if not ids:
        st.stack.pop()
        return None
    st.memo_legal = ids
    return int(s)


def _phase_b_legal(st: St, frame: Frame) -> list[int]:
    s, space, used, did = frame[1], frame[2], frame[3], frame[4]
    out = objective_plays(st, s)
    for i, slot in enumerate(slots_of(st, s, space)):
        if used >> i & 1:
            continue
        for op in slot:
            if _buildings.op_possible(st, s, op, space):
                out.append(A.LOCAL + A.OP_INDEX[op.id])
    if not did:
        out += aux_options(st, s, double=False)
    else:
        out.append(A.DONE)
    return out


LEGAL["phase_b"] = _phase_b_legal


@chooser("phase_b")
def _phase_b_choose(st: St, frame: Frame, aid: int) -> None:
    s, space = frame[1], frame[2]
    if aid == A.DONE:
        st.stack.pop()
        return
    if A.PLAY_OBJ <= aid < A.PLAY_OBJ + len(OBJECTIVES):
        play_objective(st, s, aid)
        return
    if A.AUX <= aid < A.AUX + 10:
        frame[3] = (1 << 8) - 1
        frame[4] = 1
        apply_aux(st, s, aid)
        return
    name = A.OPS[aid - A.LOCAL]
    for i, slot in enumerate(slots_of(st, s, space)):
        if any(op.id == name for op in slot):
            frame[3] |= 1 << i
    frame[4] = 1
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


@decision("aux_choice")
def _aux_choice_legal(st: St, frame: Frame) -> list[int]:
    return aux_options(st, frame[1], bool(frame[2]))


@chooser("aux_choice")
def _aux_choice_choose(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    apply_aux(st, frame[1], aid)


def apply_aux(st: St, s: int, aid: int) -> None:
    a, d = divmod(aid - A.AUX, 2)
    n = d + 1
    name = A.AUX_NAMES[a]
    st.log(f"{st.name(s)} takes the auxiliary action: {A.AUX_TEXT[a][d]}")
    if name == "money":
        gain_money(st, s, n)
    elif name == "cycle":
        st.stack.append(["discard_n", s, n])
        st.stack.append(["draw_n", s, n])
    elif name == "cert":
        gain_money(st, s, -n)
        gain_certs(st, s, n)
        st.stack.append(["engine_back", s, n])
    elif name == "engine":
        gain_money(st, s, -n)
        st.stack.append(["engine_fwd", s, n, 1 if d == 0 else 0])
    else:
        st.stack.append(["remove_n", s, n])
        st.stack.append(["engine_back", s, n])


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


@decision("engine_fwd")
def _engine_fwd_legal(st: St, frame: Frame) -> list[int]:
    exact = len(frame) > 3 and bool(frame[3])
    return [A.ENGINE + p for p in engine_targets(st, frame[1], True, frame[2], exact)]


@decision("engine_back")
def _engine_back_legal(st: St, frame: Frame) -> list[int]:
    return [A.ENGINE + p for p in engine_targets(st, frame[1], False, frame[2], True)]


def _engine_choose(st: St, frame: Frame, aid: int) -> None:
    s = frame[1]
    st.stack.pop()
    move_engine(st, s, aid - A.ENGINE)


CHOOSE["engine_fwd"] = _engine_choose
CHOOSE["engine_back"] = _engine_choose


def move_engine(st: St, s: int, pos: int) -> None:
    st.engine[s] = pos
    st.log(f"{st.name(s)} moves the engine to {A.pos_name(pos)}")
    if pos == END_POS:
        st.stack.append(["end_back", s])
        if not st.station_discs[s][STATION_POS[pos]]:
            st.stack.append(["station_offer", s, STATION_POS[pos]])
    elif pos in STATION_POS and not st.station_discs[s][STATION_POS[pos]]:
        st.stack.append(["station_offer", s, STATION_POS[pos]])


@decision("end_back")
def _end_back_legal(st: St, frame: Frame) -> list[int]:
    return [A.ENGINE + p for p in engine_targets(st, frame[1], False, 2 * LAST_SPACE + 2)]


@chooser("end_back")
def _end_back_choose(st: St, frame: Frame, aid: int) -> None:
    s = frame[1]
    st.stack.pop()
    gain_money(st, s, int(RAILROAD["end_bonus_money"]), " for reaching the end of the track")
    move_engine(st, s, aid - A.ENGINE)


def station_can_upgrade(st: St, s: int, k: int) -> bool:
    """Whether seat ``s`` may upgrade station ``k`` now: not yet upgraded by it, the cost
    affordable, and a disc to put there (from the board, or the B1.4 fallback of a disc taken
    back from another station)."""
    cost = STATIONS[k].cost
    return (not st.station_discs[s][k] and st.money[s] >= cost
            and bool(disc_sources(st, s, "station", k, cost)))


@decision("station_offer")
def _station_offer_legal(st: St, frame: Frame) -> list[int]:
    s, k = frame[1], frame[2]
    if not station_can_upgrade(st, s, k):
        return []
    return [A.UPGRADE + k, A.DECLINE]


@chooser("station_offer")
def _station_offer_choose(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    if aid != A.DECLINE:
        upgrade_station(st, frame[1], aid - A.UPGRADE)


def upgrade_station(st: St, s: int, k: int) -> None:
    gain_money(st, s, -STATIONS[k].cost, f" to upgrade station {k + 1}")
    st.stack.append(["disc", s, "station", k])


@decision("appoint")
def _appoint_legal(st: St, frame: Frame) -> list[int]:
    s, k = frame[1], frame[2]
    slot = MASTER_SLOT[k]
    if slot < 0 or st.masters_at[slot] < 0:  # no station-master space, or its tile is gone
        return []
    out = [A.APPOINT + w for w in range(len(WORKERS)) if st.workers[s][w] >= 2]
    return [*out, A.DECLINE] if out else []


@chooser("appoint")
def _appoint_choose(st: St, frame: Frame, aid: int) -> None:
    s, k = frame[1], frame[2]
    st.stack.pop()
    if aid == A.DECLINE:
        return
    w = aid - A.APPOINT
    st.workers[s][w] -= 1
    st.appointed[s][w] += 1
    slot = MASTER_SLOT[k]
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
        st.stack.append(["hazard_or_teepee", s])


@decision("hazard_or_teepee")
def _hz_tp_legal(st: St, frame: Frame) -> list[int]:
    out = _buildings.hazard_choices(st, frame[1], 0) + _buildings.teepee_choices(st, frame[1])
    return [*out, A.DECLINE] if out else []


@chooser("hazard_or_teepee")
def _hz_tp_choose(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    if A.HAZARD <= aid < A.HAZARD + 12:
        _buildings.take_hazard(st, frame[1], aid, 0)
    elif A.TEEPEE <= aid < A.TEEPEE + 9:
        _buildings.take_teepee(st, frame[1], aid)


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


def _disc_decide(st: St, frame: Frame) -> int | None:
    s, dest, idx = frame[1], frame[2], frame[3]
    ids = disc_sources(st, s, dest, idx)
    if ids:
        st.memo_legal = ids
        return int(s)
    st.stack.pop()
    if dest != "city" or not every_disc_on_cities(st, s):
        raise RuntimeError(
            f"great-western-trail: {st.name(s)} has no disc for {dest} {idx}, "
            "yet the move that needs one was legal")
    deliver_without_disc(st, s, idx)
    return None


def _disc_legal(st: St, frame: Frame) -> list[int]:
    return disc_sources(st, frame[1], frame[2], frame[3])


DECIDE["disc"] = _disc_decide
LEGAL["disc"] = _disc_legal


def deliver_without_disc(st: St, s: int, c: int) -> None:
    """B1.4, "if all remaining discs sit on cities, nothing happens": the delivery to city
    ``c`` still counts (its crest and arrows, as in BGF, which records deliveries apart from
    discs), but no disc moves. ``discless`` keeps the count, so the discs add up to 14."""
    st.discless[s] += 1
    st.city_discs[s][c] += 1
    st.log(f"{st.name(s)} has no disc left to move: the delivery to {CITIES[c].name} "
           "counts without one")
    _kansas_city.city_reward(st, s, c)


@chooser("disc")
def _disc_choose(st: St, frame: Frame, aid: int) -> None:
    s, dest, idx = frame[1], frame[2], frame[3]
    st.stack.pop()
    row = None
    if A.UNSTATION <= aid < A.UNSTATION + len(STATIONS):
        st.station_discs[s][aid - A.UNSTATION] = 0
        st.log(f"{st.name(s)} takes the disc back from station {aid - A.UNSTATION + 1}")
    else:
        row = DISC_ROWS[aid - A.DISC]
        st.discs[s][row.index] -= 1
        st.log(f"{st.name(s)} clears a disc from {row.name}")
    if dest == "station":
        st.station_discs[s][idx] = 1
        st.log(f"{st.name(s)} upgrades station {idx + 1}")
        if MASTER_SLOT[idx] >= 0:
            st.stack.append(["appoint", s, idx])
    else:
        st.city_discs[s][idx] += 1
        _kansas_city.city_reward(st, s, idx)  # the crest's money first (it may pay the disc)
    if row is not None:
        if row.cost:
            gain_money(st, s, -row.cost, " to raise the hand limit")
        if row.money:
            gain_money(st, s, row.money, " for the step-limit disc")


# ------------------------------------------------------------------ objective cards
@decision("take_obj")
def _take_obj_legal(st: St, frame: Frame) -> list[int]:
    out = [A.TAKE_OBJ + i for i in range(len(st.obj_display))]
    if st.obj_deck:
        out.append(A.TAKE_OBJ + 4)
    return out


@chooser("take_obj")
def _take_obj_choose(st: St, frame: Frame, aid: int) -> None:
    s, dest = frame[1], frame[2]
    st.stack.pop()
    i = aid - A.TAKE_OBJ
    if i == 4:
        st.stack.append(["obj_top", s, dest])
        return
    o = st.obj_display.pop(i)
    gain_objective(st, s, o, dest)
    st.stack.append(["obj_fill"])


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


@chance("obj_top")
def _obj_top_dist(st: St, frame: Frame) -> list[tuple[int, float]]:
    return [(A.CH_OBJ + o, 1 / len(st.obj_deck)) for o in st.obj_deck]


@chooser("obj_top")
def _obj_top_choose(st: St, frame: Frame, aid: int) -> None:
    o = aid - A.CH_OBJ
    st.stack.pop()
    st.obj_deck.remove(o)
    gain_objective(st, frame[1], o, frame[2], public=frame[2] != "hand")


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
# helpers above; bind them once this module is complete.
from boomtown.games.great_western_trail import buildings as _buildings  # noqa: E402
from boomtown.games.great_western_trail import kansas_city as _kansas_city  # noqa: E402
