"""Great Western Trail: an evaluation of every seat's position, read from the game itself.

The bots pass a determinization they drew themselves, so the state's fields may be read
directly (as :mod:`boomtown.games.western_town.bot_evaluation` does with a view). A seat's
estimate is its score if the game ended now (``scoring.seat_score``, but money counted whole
rather than in steps of $5) plus what its position is likely to add by the end, fading as the
job market fills (the game ends when its last row is full):

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
from operator import mul, sub
from typing import TYPE_CHECKING

from boomtown.bots.evaluation import soft_win
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.data import (
    CATTLE,
    CITIES,
    DISC_KEY,
    DISC_ROWS,
    KC_SPACE,
    OBJECTIVES,
    SETUP,
    SPACES,
)
from boomtown.games.great_western_trail.scoring import (
    TASKS,
    area_bonus,
    assign_objectives,
    deck,
    objective_cards,
    seat_score,
)

if TYPE_CHECKING:
    from boomtown.engine import State
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

NC = A.NC
TRACK: tuple[int, ...] = tuple(SETUP["cert_track"])
FIRST_ROW = 1  # the job market token's row at the start
D_HAND = DISC_KEY["hand"]
HAND_LIMIT = int(SETUP["hand_limit"])
CATTLE_VALUE = tuple(c.value for c in CATTLE)
BREEDS = tuple(dict.fromkeys(c.breed for c in CATTLE))
#: The card kinds of each breed, and its breeding value.
BREED_KINDS = tuple(tuple(c.index for c in CATTLE if c.breed == b) for b in BREEDS)
BREED_VALUE = tuple(CATTLE[kinds[0]].value for kinds in BREED_KINDS)
MAX_REACH = max(c.value for c in CITIES)

# ---------------------------------------------------------------- progress weights
#: Worth of $1 in points: $5 a point at the end, more while money can still buy things.
MONEY_END, MONEY_EARLY = 0.2, 0.2
#: Per breeding value of the average card, per full game left (deliveries still to come).
DECK_QUALITY = 5.0
#: Per breeding value (plus certificates) at the next delivery, besides the income: a
#: farther city, up to San Francisco's value.
REACH = 0.3
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
    return sum(BREED_VALUE[b] * drawn_chance(cards, m, size)
               for b, m in enumerate(breed_counts) if m)


def drawn_chance(cards: int, copies: int, size: int) -> float:
    """The chance that ``size`` cards drawn from ``cards`` hold at least one of ``copies``.

    >>> drawn_chance(10, 1, 5)
    0.5
    """
    miss = 1.0
    for i in range(size):
        miss *= (cards - copies - i) / (cards - i)
        if miss <= 0.0:
            break
    return 1.0 - max(0.0, miss)


@lru_cache(maxsize=1 << 14)
def _herd(cattle: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(breeding value of all the cattle cards, cards of each breed)."""
    return (sum(map(mul, CATTLE_VALUE, cattle)),
            tuple(sum(cattle[k] for k in kinds) for kinds in BREED_KINDS))


@lru_cache(maxsize=1 << 14)
def _breeding_value(hand: tuple[int, ...]) -> int:
    """A hand's breeding value: each breed once (``kansas_city.breeding_value``)."""
    return sum(v for kinds, v in zip(BREED_KINDS, BREED_VALUE, strict=True)
               if any(hand[k] for k in kinds))


@lru_cache(maxsize=1 << 16)
def _objective_hope(
    committed: tuple[int, ...], loose: tuple[int, ...], have: tuple[int, ...], m5_vp: int,
    bonus: int,
) -> float:
    """What a seat's objective cards may still add (the arguments of
    ``scoring.assign_objectives``, whose assignment gives the points if the game ended now).

    Sums, over the cards not fulfilled by that assignment, the share of their tasks met
    times what fulfilling them would add: vp + penalty for a committed card, vp for a loose
    one (which also has an action to play: ``LOOSE_OBJECTIVE`` points each).
    """
    _points, done, _area = assign_objectives(committed, loose, have, m5_vp, bonus)
    hope = LOOSE_OBJECTIVE * len(loose)
    for i, o in enumerate(committed + loose):
        if not done >> i & 1:
            card = OBJECTIVES[o]
            need = tuple(card.tasks.count(t) for t in TASKS)
            met = sum(min(h, n) for h, n in zip(have, need, strict=True))
            worth = (m5_vp if card.key == "m5" else card.vp) + (
                card.penalty if i < len(committed) else 0)
            hope += worth * met / max(1, sum(need))
    return hope


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
    cards = deck(st, s)
    objectives = objective_cards(st, s, cards)
    parts = seat_score(st, s, cards, objectives)  # money is weighed below instead
    points = sum(parts.values()) - parts["money"]
    money_w = MONEY_END + MONEY_EARLY * left
    value: float = points + st.money[s] * money_w
    if left <= 0.0:
        return float(value)
    # ----------------------------------------------------------- the position's promise
    value_sum, breed_counts = _herd(tuple(cards[:NC]))
    committed, loose, have = objectives
    hope = _objective_hope(committed, loose, have, int(st.options.objective_m5_vp),
                           area_bonus(st, s))
    buildings = have[0]
    hand, total_cards = st.hand[s], sum(cards)  # objective cards too
    workers = st.workers[s]
    certs = TRACK[st.cert[s]] + st.cert_perm[s]
    discs = st.discs[s]
    pos = st.cattleman[s]
    trail_left = TRAIL_FULL if pos < 0 else TRAIL_LEFT[pos]
    near = 1.0 - trail_left / TRAIL_FULL
    hand_value = _breeding_value(tuple(hand[:NC]))
    limit = HAND_LIMIT + DISC_START[D_HAND] - discs[D_HAND]
    expected = expected_hand_value(breed_counts, total_cards, limit)
    capacity = near * hand_value + (1.0 - near) * expected + certs
    engine = st.engine[s]
    value += left * (
        DECK_QUALITY * value_sum / max(1, total_cards)
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
