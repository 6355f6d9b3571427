"""Great Western Trail: an evaluation of every seat's position, read from the game itself.

The bots pass a determinization they drew themselves, so the state's fields may be read
directly (as :mod:`boomtown.bots.western_town_eval` does with a view). A seat's estimate is
its score if the game ended now (the same parts as ``scoring.seat_score``, money counted
whole rather than in steps of $5) plus what its position is likely to add by the end,
fading as the job market fills (the game ends when its last row is full):

- money buys cattle, buildings, workers and stations: worth more than $5 a point early;
- the next delivery: its breeding value (the hand's, the closer the cattleman is to Kansas
  City, else a hand's expected from the deck) plus certificates is income, and reaches
  farther cities (a city's own points are left to the delivery itself: which cities are
  still free says little about the next delivery when the herd improves);
- the herd's quality (breeding value per card) pays at every later delivery; the
  cattleman's progress toward Kansas City is worth a little;
- workers, buildings, the engine's position, certificates and the discs cleared from the
  player board are engine parts, worth a little each while there is time to use them;
- objective cards not fulfilled: committed ones count their penalty at the end, loose ones
  nothing; while there is time, the share of their tasks already met earns back part of
  what fulfilling them adds, and a loose card's action is worth a point.

Values are a soft maximum over the estimates, with more doubt early than late; once the
game is over, the real returns (1 for a winner, 0 otherwise).
"""

from __future__ import annotations

from functools import lru_cache
from operator import add, mul, sub
from typing import TYPE_CHECKING

from boomtown.bots.evaluation import soft_win
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.data import (
    ARROWS,
    CATTLE,
    CITIES,
    DISC_KEY,
    DISC_ROWS,
    FIRST_HAZARD,
    KC_SPACE,
    MASTERS,
    OBJECTIVES,
    PRIVATE,
    PRIVATE_BY,
    SETUP,
    SPACES,
    STATIONS,
    TILE_KEYS,
    hazard_info,
)
from boomtown.games.great_western_trail.scoring import TASKS

if TYPE_CHECKING:
    from boomtown.engine import State
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

NC, K, OBJ0 = A.NC, A.K, A.OBJ0
TRACK: tuple[int, ...] = tuple(SETUP["cert_track"])
FIRST_ROW = 1  # the job market token's row at the start
TOKEN_VP = int(SETUP["job_market_token_vp"])
D_STEP_VP, D_HAND = DISC_KEY["step_vp"], DISC_KEY["hand"]
HAND_LIMIT = int(SETUP["hand_limit"])
CATTLE_VP = tuple(c.vp for c in CATTLE)
CATTLE_VALUE = tuple(c.value for c in CATTLE)
BREEDS = tuple(dict.fromkeys(c.breed for c in CATTLE))
#: The card kinds of each breed, and its breeding value.
BREED_KINDS = tuple(tuple(c.index for c in CATTLE if c.breed == b) for b in BREEDS)
BREED_VALUE = tuple(CATTLE[kinds[0]].value for kinds in BREED_KINDS)
#: The card kinds of breeding value 3, 4 and 5 (objective tasks v3, v4, v5).
VALUE_KINDS = tuple(tuple(c.index for c in CATTLE if c.value == v) for v in (3, 4, 5))
STATION_VP = tuple(s.vp for s in STATIONS)
CITY_TERMS = tuple((c.index, c.vp_each, c.vp_once) for c in CITIES if c.vp_each or c.vp_once)
ARROW_TERMS = tuple((a.left, a.right, a.vp) for a in ARROWS if a.vp)
SF_INDEX = CITIES[-1].index
HAZARD_VP = {t: hazard_info(t)[2] for t in range(FIRST_HAZARD, len(TILE_KEYS))}
MASTER_SCORING = tuple(m.scoring for m in MASTERS)
#: (vp, craftsmen) of private building number n + 1 on side a (0) or b (1).
PRIVATE_VP = tuple(
    tuple((PRIVATE[PRIVATE_BY[(n + 1, side)]].vp, PRIVATE[PRIVATE_BY[(n + 1, side)]].craftsmen)
          for side in "ab")
    for n in range(10)
)

# ---------------------------------------------------------------- progress weights
#: Worth of $1 in points: $5 a point at the end, more while money can still buy things.
MONEY_END, MONEY_EARLY = 0.2, 0.2
#: Per breeding value of the average card, per full game left (deliveries still to come).
DECK_QUALITY = 5.0
#: Per breeding value (plus certificates) at the next delivery, besides the income: a
#: farther city, up to San Francisco's value.
REACH = 0.3
MAX_REACH = max(c.value for c in CITIES)
#: Per neutral building of progress toward Kansas City.
TRAIL_STEP = 0.3
#: Per certificate (track value plus permanent ones): income and reach at the next delivery.
CERT = 0.15
#: Per hired worker, per building, per engine space, per disc cleared (times game left).
WORKER = 2.0
BUILDING = 1.5
ENGINE_SPACE = 0.12
DISC = {
    "cert4": 0.6, "cert6": 0.6, "step_money": 1.5, "step_vp": 1.5, "hand": 2.0,
    "aux_money": 0.3, "aux_cycle": 0.3, "aux_cert": 0.5, "aux_engine": 0.6, "aux_trim": 0.4,
}
DISC_WORTH = tuple(DISC.get(r.key, 0.5) for r in DISC_ROWS)
DISC_START = tuple(r.discs for r in DISC_ROWS)
#: Share of an unmet objective's worth (vp + penalty if committed, vp if not) earned back
#: per share of its tasks met, per full game left.
OBJECTIVE_HOPE = 0.8
#: An objective card not played yet: its action (money, engine, cards...) when played.
LOOSE_OBJECTIVE = 1.0


def _trail_distances() -> tuple[float, ...]:
    """Neutral buildings (and Kansas City) still to pass from each trail space, fewest."""
    n = len(SPACES)
    dist = [0.0] * n
    for i in range(n - 1, -1, -1):  # the trail only leads forward, to higher indices
        space = SPACES[i]
        if i == KC_SPACE or not space.next:
            dist[i] = 0.0
            continue
        dist[i] = min(dist[j] + (1.0 if SPACES[j].kind in ("neutral", "kc") else 0.0)
                      for j in space.next)
    return tuple(dist)


TRAIL_LEFT = _trail_distances()
TRAIL_FULL = max(TRAIL_LEFT) + 1.0  # a cattleman not yet on the trail


@lru_cache(maxsize=1 << 14)
def expected_hand_value(breed_counts: tuple[int, ...], cards: int, size: int) -> float:
    """Expected breeding value of a ``size``-card hand drawn from the deck (each breed once)."""
    if cards <= 0:
        return 0.0
    size = min(size, cards)
    total = 0.0
    for b, m in enumerate(breed_counts):
        if m:
            miss = 1.0
            for i in range(size):
                miss *= (cards - m - i) / (cards - i)
                if miss <= 0.0:
                    break
            total += BREED_VALUE[b] * (1.0 - max(0.0, miss))
    return total


@lru_cache(maxsize=1 << 14)
def _herd(cattle: tuple[int, ...]) -> tuple[int, int, int, int, int, int, tuple[int, ...]]:
    """(cattle VP, breeding value, cards, cards of value 3, 4 and 5, cards of each breed)."""
    v3, v4, v5 = (sum(cattle[k] for k in kinds) for kinds in VALUE_KINDS)
    return (
        sum(map(mul, CATTLE_VP, cattle)), sum(map(mul, CATTLE_VALUE, cattle)), sum(cattle),
        v3, v4, v5, tuple(sum(cattle[k] for k in kinds) for kinds in BREED_KINDS),
    )


@lru_cache(maxsize=1 << 14)
def _breeding_value(hand: tuple[int, ...]) -> int:
    """A hand's breeding value: each breed once (``kansas_city.breeding_value``)."""
    return sum(v for kinds, v in zip(BREED_KINDS, BREED_VALUE, strict=True)
               if any(hand[k] for k in kinds))


@lru_cache(maxsize=1 << 16)
def _objectives(
    committed: tuple[int, ...], loose: tuple[int, ...], have: tuple[int, ...], m5_vp: int
) -> tuple[int, int, float]:
    """(points if the game ended now, cards in the objective area, hope) for one seat.

    The points follow ``scoring.best_objectives``: each owned item serves one card only,
    committed cards that fail cost their penalty, loose ones count only when fulfilled.
    ``hope`` sums, over the cards not fulfilled, the share of their tasks met times what
    fulfilling them would add: vp + penalty for a committed card, vp for a loose one (which
    also has an action to play: ``LOOSE_OBJECTIVE`` points each).
    """
    cards = [(o, True) for o in committed] + [(o, False) for o in loose]
    needs = [tuple(OBJECTIVES[o].tasks.count(t) for t in TASKS) for o, _ in cards]
    vps = [m5_vp if OBJECTIVES[o].key == "m5" else OBJECTIVES[o].vp for o, _ in cards]
    pens = [OBJECTIVES[o].penalty if c else 0 for o, c in cards]
    memo: dict[tuple[int, tuple[int, ...]], tuple[int, int]] = {}

    def solve(i: int, left: tuple[int, ...]) -> tuple[int, int]:
        if i == len(cards):
            return 0, 0
        key = (i, left)
        found = memo.get(key)
        if found is not None:
            return found
        skip, mask = solve(i + 1, left)
        best = (skip - pens[i], mask)
        rest = tuple(h - n for h, n in zip(left, needs[i], strict=True))
        if min(rest) >= 0:
            take, mask2 = solve(i + 1, rest)
            if take + vps[i] > best[0]:
                best = (take + vps[i], mask2 | 1 << i)
        memo[key] = best
        return best

    points, mask = solve(0, have)
    area = len(committed) + sum(1 for i in range(len(committed), len(cards)) if mask >> i & 1)
    hope = LOOSE_OBJECTIVE * len(loose)
    for i in range(len(cards)):
        if not mask >> i & 1:
            need = needs[i]
            met = sum(min(h, n) for h, n in zip(have, need, strict=True))
            hope += (vps[i] + pens[i]) * met / max(1, sum(need))
    return points, area, hope


def game_left(st: St) -> float:
    """Share of the game still to play, read from the job market: the game ends when its
    token leaves the last row (it starts on the second), a row at a time as workers fill it.
    """
    n = st.num_players
    row = st.token
    if row >= A.JM_ROWS:
        return 0.0
    base = row * A.JM_COLS
    filled = 0
    for t in st.jm[base + A.JM_COLS - n : base + A.JM_COLS]:
        if t >= 0:
            filled += 1
    done = (row - FIRST_ROW + filled / n) / (A.JM_ROWS - FIRST_ROW)
    return min(1.0, max(0.0, 1.0 - done))


def seat_estimate(st: St, s: int, left: float) -> float:
    """Seat ``s``'s points if the game ended now, plus its position's expected worth."""
    hand, draw, discard = st.hand[s], st.draw[s], st.discard[s]
    cattle = tuple(map(add, map(add, hand[:NC], draw[:NC]), discard[:NC]))
    cattle_vp, value_sum, cards, v3, v4, v5, breed_counts = _herd(cattle)
    loose: tuple[int, ...] = ()
    objective_cards = sum(hand) + sum(draw) + sum(discard) - cards
    if objective_cards:
        cards += objective_cards
        counts = map(add, map(add, hand[OBJ0:], draw[OBJ0:]), discard[OBJ0:])
        loose = tuple([o for o, c in enumerate(counts) if c for _ in range(c)])
    # ----------------------------------------------------------- items for objectives
    own = s * 10
    buildings = 0
    building_vp = 0
    side = st.side
    one_craftsman_vp = int(st.options.building_vp_one_craftsman)
    for code in st.private_at:
        if code >= own and code < own + 10:
            n = code - own
            vp, craftsmen = PRIVATE_VP[n][side[n]]
            buildings += 1
            building_vp += vp if craftsmen != 1 else one_craftsman_vp
    stations = st.station_discs[s]
    city = st.city_discs[s]
    teepees = st.teepees[s]
    hazards = st.hazards[s]
    have = (buildings, sum(stations), teepees[0], teepees[1], len(hazards),
            v3, v4, v5, city[SF_INDEX])
    obj_points, area, hope = _objectives(
        tuple(st.committed[s]), loose, have, int(st.options.objective_m5_vp))
    # ----------------------------------------------------------- points if it ended now
    workers = st.workers[s]
    certs = TRACK[st.cert[s]] + st.cert_perm[s]
    masters = 0
    for m in st.masters[s]:
        kind = MASTER_SCORING[m]
        if kind == "workers":
            masters += sum(workers)
        elif kind == "objectives":
            masters += 3 * (area // 2)
        elif kind == "hazards":
            masters += 3 * (len(hazards) // 2)
        elif kind == "teepee_pairs":
            masters += 3 * min(teepees)
        elif kind == "certificates":
            masters += 3 * (certs // 2)
    city_vp = 0
    for c, each, once in CITY_TERMS:
        if city[c]:
            city_vp += each * city[c] + once
    for a, b, vp in ARROW_TERMS:
        if city[a] and city[b]:
            city_vp += vp
    discs = st.discs[s]
    points = (
        building_vp + city_vp + sum(map(mul, STATION_VP, stations))
        + sum([HAZARD_VP[t] for t in hazards]) + cattle_vp + obj_points + masters
        + 4 * sum([w - 4 for w in workers if w > 4])
        + (3 if discs[D_STEP_VP] == 0 else 0)
        + (TOKEN_VP if st.holder == s else 0)
    )
    money_w = MONEY_END + MONEY_EARLY * left
    value: float = points + st.money[s] * money_w
    if left <= 0.0:
        return float(value)
    # ----------------------------------------------------------- the position's promise
    pos = st.cattleman[s]
    trail_left = TRAIL_FULL if pos < 0 else TRAIL_LEFT[pos]
    near = 1.0 - trail_left / TRAIL_FULL
    hand_value = _breeding_value(tuple(hand[:NC]))
    limit = HAND_LIMIT + DISC_START[D_HAND] - discs[D_HAND]
    expected = expected_hand_value(breed_counts, cards, limit)
    capacity = near * hand_value + (1.0 - near) * expected + certs
    engine = st.engine[s]
    value += left * (
        DECK_QUALITY * value_sum / max(1, cards)
        + WORKER * (sum(workers) - 3)
        + BUILDING * buildings
        + ENGINE_SPACE * (engine // 2)
        + sum(map(mul, DISC_WORTH, map(sub, DISC_START, discs)))
        + OBJECTIVE_HOPE * hope
        + CERT * certs
    )
    value += min(1.0, 10.0 * left) * (capacity * money_w + REACH * min(capacity, MAX_REACH))
    value += TRAIL_STEP * (TRAIL_FULL - trail_left)
    return value


def estimated_scores(st: St) -> list[float]:
    """Every seat's estimate (points now plus expected worth of its position)."""
    left = game_left(st)
    return [seat_estimate(st, s, left) for s in range(st.num_players)]


def evaluate(state: State, seat: int) -> list[float]:
    """One value per seat in [0, 1]; the real returns once the game is over."""
    if state.is_terminal():
        return [float(r) for r in state.returns()]
    st: St = state  # type: ignore[assignment]
    left = game_left(st)
    estimates = [seat_estimate(st, s, left) for s in range(st.num_players)]
    return soft_win(estimates, 3.0 + 7.0 * left)
