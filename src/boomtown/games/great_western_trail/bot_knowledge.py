"""Great Western Trail: the ladder's knowledge, an expected final score for every seat.

The bots pass a determinization they drew themselves, so the state's fields may be read
directly (as :mod:`boomtown.games.great_western_trail.bot_evaluation` does). A seat's
expected final score is

- its points if the game ended now (the game's own scoring, money left out);
- plus its money, at a rate that falls from ``MONEY_EARLY`` to $5 a point at the end (money
  buys cattle, buildings, workers and stations while there is time);
- plus its **remaining deliveries**: the seat has about ``remaining_visits`` more visits to
  Kansas City (the job market's free cells, filled by about ``WORKERS_PER_VISIT`` workers a
  visit, shared among the seats, wherever its cattleman stands). Each visit pays its
  breeding value plus certificates as income and delivers to the best city that value
  reaches: the points of the crest and of the green arrows completed (the ones it sets up
  for a later visit too), objective cards, minus transport. The next visit uses the hand the
  seat holds (when near Kansas City), its certificates and those it still regains on the
  way; later ones a hand drawn from the herd, as good as the herd's breeds and the hand
  limit allow (players discard duplicates along the trail: a hand is drawn from
  ``EXTRA_DRAWS`` more cards than its limit), and from the second of them on a herd grown
  by the cattle bought meanwhile. The plan is averaged over hand values a little better and
  worse than expected (:func:`expected_plan`), so every unit of hand value has its worth,
  not only the one that reaches the next city. The next visit and the later ones are
  valued alike (the same herd, the certificates of a whole trip), so that a visit made
  loses little worth by itself (the search put its visits off when it lost more:
  docs/bots.md, "Issue 17, eighteenth pass");
- plus what its engine parts promise while there is time: workers of each kind, buildings
  (their actions and the fees others pay), the engine's position (stations ahead), discs
  cleared from the player board, and objective cards part-fulfilled;
- plus what the trips still to come bring beyond their deliveries (``TRIP_WORTH`` a visit:
  the actions on the way), so that a job-market cell filled, which shortens the game for
  every seat, has its price;
- plus the stops its cattleman has still ahead before Kansas City: each neutral building
  and each own building on the way is a turn with an action. It is a potential: what a
  step forward gives up, the delivery at Kansas City gets back, so it changes how far a
  turn moves, not what a whole trip is worth.

Strong players: a clear strategy, 4-5 breeds in hand at Kansas City, delivering far, buying
high-value cattle, hiring cowboys, objective cards. The terms above are what makes those
moves pay in the search.
"""

from __future__ import annotations

import random
from functools import lru_cache
from operator import mul, sub
from typing import TYPE_CHECKING

from boomtown.bots.knowledge import LinearKnowledge
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.bot_evaluation import (
    BREED_KINDS,
    BREED_VALUE,
    DISC_START,
    TRAIL_FULL,
    TRAIL_LEFT,
    _herd,
    _objective_hope,
    drawn_chance,
    game_left,
)
from boomtown.games.great_western_trail.buildings import CRAFTSMEN as CRAFTSMEN_OF
from boomtown.games.great_western_trail.data import (
    ARROWS,
    CITIES,
    DISC_KEY,
    DISC_ROWS,
    LAST_SPACE,
    PRIVATE_SPACES,
    RED_CROSSES,
    SETUP,
    STATIONS,
)
from boomtown.games.great_western_trail.scoring import (
    area_bonus,
    deck,
    objective_cards,
    seat_score,
)

if TYPE_CHECKING:
    from boomtown.engine import State
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

NC = A.NC
#: The breed index of every cattle kind.
BREED_OF = tuple(next(b for b, kinds in enumerate(BREED_KINDS) if k in kinds) for k in range(NC))
TRACK: tuple[int, ...] = tuple(SETUP["cert_track"])
HAND_LIMIT = int(SETUP["hand_limit"])
D_HAND = DISC_KEY["hand"]
D_CERT4, D_CERT6 = DISC_KEY["cert4"], DISC_KEY["cert6"]
D_STEP_MONEY, D_STEP_VP = DISC_KEY["step_money"], DISC_KEY["step_vp"]
STEP_LIMITS = {int(n): tuple(int(x) for x in row) for n, row in SETUP["step_limits"].items()}
NCITY = len(CITIES)
CITY_VALUE = tuple(c.value for c in CITIES)
CITY_REPEAT = tuple(c.repeat for c in CITIES)
CITY_MONEY = tuple(c.money for c in CITIES)
CITY_EACH = tuple(c.vp_each for c in CITIES)
CITY_ONCE = tuple(c.vp_once for c in CITIES)
#: For each city, the green arrows it takes part in: (other city, points, objective cards).
CITY_ARROWS = tuple(
    tuple((a.right if a.left == c else a.left, a.vp, a.objectives)
          for a in ARROWS if c in (a.left, a.right))
    for c in range(NCITY)
)

# ------------------------------------------------------------------ the clock
#: Workers a Kansas City visit puts on the job market, on average (foresight column 2 is
#: always a worker, column 3 usually).
WORKERS_PER_VISIT = 1.8

# ------------------------------------------------------------------ money
#: Points per $1: at the end $5 a point; earlier more, as money still buys things.
MONEY_END = 0.22
MONEY_EARLY = 0.55

# ------------------------------------------------------------------ deliveries
#: Cards more than the hand limit a hand is, in effect, chosen from (discarding duplicates
#: for money along the trail, drawing again). With 2, later hands were guessed a unit
#: better than the hands revealed in self-play (eighteenth pass).
EXTRA_DRAWS = 1
#: Temporary certificates a seat regains between two visits, on average.
CERT_REGAIN = 1.0
#: How much a seat's breeding value grows from one visit to the next (it buys cattle), and
#: the most a delivery is planned with (San Francisco needs 18). Cattle bought now join the
#: discard pile, so the growth shows from the second later hand on.
GROWTH = 0.5
#: ... and how much more per hired cowboy (up to three): cowboys buy the cattle.
GROWTH_PER_COWBOY = 0.4
MAX_VALUE = 18
#: Worth of an objective card gained from a green arrow (points, fulfilled or its action).
ARROW_OBJECTIVE = 2.0

# ------------------------------------------------------------------ engine parts
#: Per worker beyond the three printed ones, per remaining visit: cowboys buy cattle,
#: craftsmen build, engineers move the engine.
WORKER_WORTH = (0.9, 1.0, 0.5)
#: Hired workers of one kind counted in full; each one beyond counts half (the fifth and
#: sixth score 4 points each at the end, counted with the points).
WORKERS_FULL = 3
#: Per own building on the board, per remaining visit (its actions, others' fees).
BUILDING_WORTH = 0.4
#: Per engine space, per remaining visit (stations ahead, cheaper transport is counted in
#: the deliveries).
ENGINE_WORTH = 0.03
#: Per cleared disc of each row, per remaining visit (the hand limit and certificates are
#: counted in the deliveries; the step discs bring Kansas City closer).
DISC_WORTH = {
    "cert4": 0.1, "cert6": 0.1, "step_money": 0.8, "step_vp": 0.8, "hand": 0.2,
    "aux_money": 0.05, "aux_cycle": 0.1, "aux_cert": 0.15, "aux_engine": 0.15,
    "aux_trim": 0.15,
}
DISC_ROW_WORTH = tuple(DISC_WORTH.get(r.key, 0.1) for r in DISC_ROWS)
#: Share of an unmet objective's worth earned back per share of its tasks met, per
#: remaining visit (capped at one).
OBJECTIVE_HOPE = 0.25
#: Per neutral building the cattleman has still to pass before Kansas City (a stop with an
#: action on the way: a search that plans one turn otherwise spends the trail in long steps).
TRAIL_STOP_WORTH = 0.375
#: ... and per own building still to pass (a stop with the owner's full action, no fee).
OWN_STOP_WORTH = 0.5
#: A seat's typical number of visits in a whole game (scales the per-visit terms).
VISITS_PER_GAME = 6.0
#: Points a trip brings beyond its delivery, per visit still to come: the actions on the way
#: (cattle bought, buildings, hazards, stations). Without it the knowledge valued the time
#: left only through deliveries and the worth of what a seat owns, and took a job-market
#: cell as cheap (docs/bots.md, "Issue 17, seventeenth pass").
TRIP_WORTH = 8.0


def free_cells(st: St) -> int:
    """Job-market cells still to fill before the token leaves the last row."""
    n = st.num_players
    row = st.token
    if row >= A.JM_ROWS:
        return 0
    base = row * A.JM_COLS
    filled = sum(1 for t in st.jm[base + A.JM_COLS - n: base + A.JM_COLS] if t >= 0)
    return (A.JM_ROWS - row) * n - filled


def remaining_visits(st: St, s: int) -> float:
    """Kansas City visits seat ``s`` may still make (fractional): its share of the visits
    the job market's free cells leave.

    Where its cattleman stands is left out on purpose. Counting a visit sooner for a
    cattleman near Kansas City made every step forward worth a share of a whole visit (its
    delivery and every per-visit term), so the search hurried along the trail past the
    actions that build a position; without it, self-play at a fixed budget scored far more
    (docs/bots.md, "Issue 17, eighth pass").
    """
    if st.end_trigger >= 0:
        return 0.0
    return free_cells(st) / WORKERS_PER_VISIT / st.num_players


def transport(engine: int, value: int) -> int:
    """$ of transport to a city of ``value`` from the engine at position ``engine``."""
    space, turnout = divmod(engine, 2)
    nose = space + turnout
    return sum(1 for x in RED_CROSSES if nose <= x < value)


@lru_cache(maxsize=1 << 15)
def city_gain(discs: tuple[int, ...], city: int, value: int, engine: int,
              later: int) -> tuple[float, float]:
    """(points, income) of a delivery of ``value`` to ``city``: the crest, the green arrows
    completed and their objective cards; the income net of transport. With ``later`` the
    best value still to come, an arrow whose other city it reaches is half counted (set up).
    """
    gain = float(CITY_EACH[city])
    if not discs[city]:
        gain += CITY_ONCE[city]
        for other, vp, objectives in CITY_ARROWS[city]:
            if discs[other]:
                gain += vp + ARROW_OBJECTIVE * objectives
            elif vp > 0 and CITY_VALUE[other] <= later:
                gain += 0.5 * vp
    return gain, float(value + CITY_MONEY[city] - transport(engine, CITY_VALUE[city]))


@lru_cache(maxsize=1 << 14)
def hand_value_from(breed_counts: tuple[int, ...], cards: int, size: int, keep: int) -> float:
    """Expected breeding value of ``keep`` cards kept from ``size`` drawn from the herd: each
    breed drawn counts once, at most ``keep`` breeds (the best ones)."""
    if cards <= 0:
        return 0.0
    size = min(size, cards)
    seen = [(BREED_VALUE[b], drawn_chance(cards, m, size))
            for b, m in enumerate(breed_counts) if m]
    seen.sort(reverse=True)
    # the expected count of breeds seen, filled with the best breeds first
    total, room = 0.0, float(keep)
    for value, p in seen:
        if room <= 0:
            break
        take = min(p, room)
        total += value * take
        room -= take
    return total


@lru_cache(maxsize=1 << 15)
def hand_at_kansas_city(hand: tuple[int, ...], pile: tuple[int, ...], pile_total: int,
                        limit: int, chances: int) -> float:
    """Expected breeding value of the hand when the cattleman reaches Kansas City.

    The hand's breeds count now; its free places are filled at the end of the turn, and on
    the way (``chances`` turns) a duplicate or an objective card can be discarded and
    replaced, one a turn. Each card drawn is of a breed ``b`` with the probability of its
    share of the draw pile ``pile`` (cattle counts; ``pile_total`` counts objective cards
    too); a breed not yet in the hand adds its value once.
    """
    present = {BREED_OF[k] for k in range(NC) if hand[k]}
    value = float(sum(BREED_VALUE[b] for b in present))
    held = sum(hand)
    swaps = max(0, limit - held) + min(held - len(present), chances)
    if swaps <= 0 or pile_total <= 0:
        return value
    counts = [0] * len(BREED_VALUE)
    for k in range(NC):
        counts[BREED_OF[k]] += pile[k]
    for b, m in enumerate(counts):
        if m and b not in present:
            p = m / pile_total
            value += BREED_VALUE[b] * (1.0 - (1.0 - p) ** swaps)
    return value


def regained_on_the_way(temp: int, cap: int, trail_left: float) -> float:
    """Temporary certificates a seat holding ``temp`` (of at most ``cap``) still gains before
    its next visit: its share of :data:`CERT_REGAIN` for the trail ahead.

    >>> regained_on_the_way(0, 4, TRAIL_FULL), regained_on_the_way(0, 4, 0.0)
    (1.0, 0.0)
    >>> regained_on_the_way(4, 4, TRAIL_FULL)
    0.0
    """
    return float(min(max(0, cap - temp), CERT_REGAIN * trail_left / TRAIL_FULL))


def hired(workers: int) -> float:
    """Hired workers of one kind (the printed one not counted), the later ones half."""
    extra = workers - 1
    return min(extra, WORKERS_FULL) + 0.5 * max(0, extra - WORKERS_FULL)


#: Engine positions of the stations' turnouts (space 39's station sits on the space).
STATION_AT = tuple(2 * st.after + 1 if st.after < LAST_SPACE else 2 * st.after
                   for st in STATIONS)
STATION_VP = tuple(st.vp for st in STATIONS)
STATION_COST = tuple(st.cost for st in STATIONS)
#: Engine positions (two per track space) a seat moves its engine on one trip: a base
#: (auxiliary actions) plus so many per engineer (neutral buildings with "move the engine up
#: to your engineers").
ENGINE_TRIP_BASE = 2.0
ENGINE_TRIP_PER_ENGINEER = 3.0


def station_potential(engine: int, upgraded: tuple[int, ...], engineers: int, visits: float,
                      money_w: float) -> float:
    """Points the stations ahead of the engine may still bring (their points less their
    price), each as likely as the engine is to get there in the visits left."""
    travel = visits * (ENGINE_TRIP_BASE + ENGINE_TRIP_PER_ENGINEER * engineers)
    if travel <= 0:
        return 0.0
    total = 0.0
    for i, at in enumerate(STATION_AT):
        if upgraded[i] or at < engine:
            continue
        gain = STATION_VP[i] - money_w * STATION_COST[i]
        if gain <= 0:
            continue
        reach = travel / max(1.0, at - engine)
        total += gain * min(1.0, reach * reach)
    return total


def money_weight(left: float) -> float:
    return MONEY_END + (MONEY_EARLY - MONEY_END) * left


#: The features of a seat (see :func:`seat_features`), with the hand-made weights.
FEATURES: tuple[tuple[str, float], ...] = (
    ("money", MONEY_END),
    ("money x left", MONEY_EARLY - MONEY_END),
    ("deliveries: points", 1.0),
    ("deliveries: income", MONEY_END),
    ("deliveries: income x left", MONEY_EARLY - MONEY_END),
    ("visits left", TRIP_WORTH),
    ("neutral buildings ahead", TRAIL_STOP_WORTH),
    ("own buildings ahead", OWN_STOP_WORTH),
    ("herd: hand value drawn x visits", 0.0),
    ("hand value expected at Kansas City", 0.0),
    ("cowboys x game", WORKER_WORTH[0]),
    ("craftsmen x game", WORKER_WORTH[1]),
    ("engineers x game", WORKER_WORTH[2]),
    ("buildings x game", BUILDING_WORTH),
    ("building craftsmen x game", 0.0),
    ("engine x game", ENGINE_WORTH),
    ("stations x game", 0.0),
    ("stations ahead: points", 0.6),
    ("step discs x game", DISC_WORTH["step_money"]),
    ("hand discs x game", DISC_WORTH["hand"]),
    ("certificate discs x game", DISC_WORTH["cert4"]),
    ("auxiliary discs x game", 0.12),
    ("objective hope", 1.0),
    ("cards of value 3-5 x game", 0.0),
    ("herd size x game", 0.0),
    ("certificates", 0.0),
    ("teepees and hazards x game", 0.0),
    ("game left", 0.0),
)
AUX_DISC_ROWS = tuple(i for i, r in enumerate(DISC_ROWS) if r.key.startswith("aux_"))
CERT_DISC_ROWS = (D_CERT4, D_CERT6)


def seat_features(st: St, s: int, left: float) -> tuple[float, list[float]]:
    """Seat ``s``'s points if the game ended now (money left out) and its features."""
    cards = deck(st, s)
    objectives = objective_cards(st, s, cards)
    parts = seat_score(st, s, cards, objectives)
    points = float(sum(parts.values()) - parts["money"])
    money = float(st.money[s])
    visits = remaining_visits(st, s)
    _value_sum, breed_counts = _herd(tuple(cards[:NC]))
    total_cards = sum(cards)
    discs = st.discs[s]
    limit = HAND_LIMIT + DISC_START[D_HAND] - discs[D_HAND]
    drawn = hand_value_from(breed_counts, total_cards, limit + EXTRA_DRAWS, limit)
    pos = st.cattleman[s]
    trail_left = TRAIL_FULL if pos < 0 else TRAIL_LEFT[pos]
    plan_vp = plan_income = 0.0
    hand_kc = 0.0
    if visits > 0.0:
        pile = st.draw[s] if sum(st.draw[s]) > limit else cards
        steps = STEP_LIMITS[st.num_players][
            (1 if discs[D_STEP_MONEY] == 0 else 0) + (2 if discs[D_STEP_VP] == 0 else 0)]
        chances = int(trail_left / steps + 0.5)
        hand_kc = hand_at_kansas_city(tuple(st.hand[s]), tuple(pile[:NC]), sum(pile), limit,
                                      chances)
        temp = TRACK[st.cert[s]]
        perm = st.cert_perm[s]
        cert_cap = TRACK[3 if discs[D_CERT4] > 0 else 5 if discs[D_CERT6] == 0 else 4]
        first = hand_kc + temp + perm + regained_on_the_way(temp, cert_cap, trail_left)
        later = drawn + perm + regained_on_the_way(0, cert_cap, TRAIL_FULL)
        growth = GROWTH + GROWTH_PER_COWBOY * min(st.workers[s][0] - 1, WORKERS_FULL)
        plan_vp, plan_income = blended_plan(
            tuple(st.city_discs[s]), first, later, round(visits, 1), st.engine[s], growth)
    share = min(1.0, visits / VISITS_PER_GAME) * VISITS_PER_GAME
    workers = st.workers[s]
    committed, loose, have = objectives
    hope = _objective_hope(committed, loose, have, int(st.options.objective_m5_vp),
                           area_bonus(st, s))
    own = s * 10
    crafts = own_ahead = 0  # own buildings: their craftsmen, and how many are still ahead
    for slot, c in enumerate(st.private_at):
        if own <= c < own + 10:
            crafts += CRAFTSMEN_OF[c - own][st.side[c - own]]
            if PRIVATE_SPACES[slot] > pos:
                own_ahead += 1
    high = have[5] + have[6] + have[7]
    cleared = list(map(sub, DISC_START, discs))
    features = [
        money,
        money * left,
        plan_vp,
        plan_income,
        plan_income * left,
        visits,
        trail_left,
        own_ahead,
        drawn * visits,
        hand_kc,
        share * hired(workers[0]),
        share * hired(workers[1]),
        share * hired(workers[2]),
        share * have[0],
        share * crafts,
        share * st.engine[s],
        share * have[1],
        station_potential(st.engine[s], tuple(st.station_discs[s]), workers[2], visits,
                          money_weight(left)),
        share * (cleared[D_STEP_MONEY] + cleared[D_STEP_VP]),
        share * cleared[D_HAND],
        share * (cleared[D_CERT4] + cleared[D_CERT6]),
        share * sum(cleared[i] for i in AUX_DISC_ROWS),
        min(1.0, OBJECTIVE_HOPE * visits) * hope,
        share * high,
        share * total_cards,
        float(TRACK[st.cert[s]] + st.cert_perm[s]),
        share * (have[2] + have[3] + have[4]),
        left,
    ]
    return points, features


def blended_plan(discs: tuple[int, ...], first: float, later: float, visits: float,
                 engine: int, growth: float) -> tuple[float, float]:
    """:func:`expected_plan` at fractional hand values: blended between the whole values
    around them, so that a tenth of a unit (a card more likely drawn) has its worth too."""
    f0, l0 = int(first), int(later)
    f, g = first - f0, later - l0
    vp = income = 0.0
    for a, wa in ((f0, 1.0 - f), (f0 + 1, f)):
        if wa <= 0.0:
            continue
        for b, wb in ((l0, 1.0 - g), (l0 + 1, g)):
            if wb <= 0.0:
                continue
            points, money = expected_plan(discs, a, b, visits, engine, growth)
            vp += wa * wb * points
            income += wa * wb * money
    return vp, income


@lru_cache(maxsize=1 << 15)
def expected_plan(discs: tuple[int, ...], first: int, later: int, visits: float,
                  engine: int, growth: float) -> tuple[float, float]:
    """:func:`delivery_plan` averaged over :data:`PLAN_SHIFTS` of every hand value it meets.

    A plan with certain hand values is a staircase: a unit of hand value is worth nothing
    until it reaches the next city's value, then a whole step. The hands a seat will bring
    are uncertain, so each unit has an expected worth, and the search sees it.

    >>> flat = tuple([0] * NCITY)
    >>> [round(delivery_plan(flat, 5, later, 6.0, 0, 0.9)[0]) for later in (6, 7)]
    [-4, -4]
    >>> [round(expected_plan(flat, 5, later, 6.0, 0, 0.9)[0]) for later in (6, 7)]
    [-5, 0]
    """
    total = vp = income = 0.0
    for shift, weight in PLAN_SHIFTS:
        points, money = delivery_plan(discs, max(0, first + shift), max(0, later + shift),
                                      visits, engine, growth)
        vp += weight * points
        income += weight * money
        total += weight
    return vp / total, income / total


@lru_cache(maxsize=1 << 15)
def delivery_plan(discs: tuple[int, ...], first: int, later: int, visits: float,
                  engine: int, growth: float) -> tuple[float, float]:
    """(points, income) of the coming deliveries: the first of value ``first``, the others
    of value ``later`` plus ``growth`` a visit after the second (the herd improves as a
    player buys cattle; what it buys before the next visit shows in the one after),
    ``visits`` of them (the last one in part), each to its best city chosen greedily,
    cities without a repeat taken once, the farthest of those first
    (:data:`PLAN_CONSERVE`)."""
    whole = int(visits)
    count = whole + (1 if visits > whole else 0)
    values = [first] + [min(MAX_VALUE, later + round(growth * (k - 1))) for k in range(1, count)]
    held = list(discs)
    vp_total = income_total = 0.0
    weight = 1.0
    for i, value in enumerate(values):
        if i == count - 1 and visits < count:
            weight = visits - whole
        rest = values[i + 1:]
        top = max(rest, default=-1)
        best, best_city, best_vp, best_income = -1e9, 0, 0.0, 0.0
        for c in range(NCITY):
            if CITY_VALUE[c] > value or (held[c] and not CITY_REPEAT[c]):
                continue
            vp, income = city_gain(tuple(held), c, value, engine, top)
            g = vp + PLAN_MONEY * income
            if not CITY_REPEAT[c]:
                g += PLAN_CONSERVE * CITY_VALUE[c]
            if g > best:
                best, best_city, best_vp, best_income = g, c, vp, income
        held[best_city] += 1
        vp_total += weight * best_vp
        income_total += weight * best_income
    return vp_total, income_total


class GreatWesternTrailKnowledge(LinearKnowledge):
    """Expected final scores of Great Western Trail (see the module's text).

    A seat's value is its own expected points (``points_weight = 1``), not its chance of
    finishing ahead: the seats race side by side and rarely touch, and a chance of finishing
    ahead is flat once a seat is clearly ahead or behind, so a search judged by it chose
    nearly at random there (docs/bots.md, "Issue 17, fourteenth pass").
    """

    #: Points a seat may reach, about: a value is the expected points over ``scale``
    #: (capped at 1).
    scale = 150.0
    points_weight = 1.0
    doubt_start = 12.0
    doubt_end = 1.0
    features = FEATURES
    points_in_features = ("money",)  # money is a feature until the end (its points left out)

    def progress(self, state: State) -> float:
        return 1.0 - game_left(state)  # type: ignore[arg-type]

    def seat_features(self, state: State, seat: int, s: int) -> tuple[float, list[float]]:
        st: St = state  # type: ignore[assignment]
        return seat_features(st, s, game_left(st))

    def estimates(self, state: State, seat: int) -> list[float]:
        if state.is_terminal():
            return self.final_totals(state)
        st: St = state  # type: ignore[assignment]
        left = game_left(st)
        weights = self.weights
        out = []
        for s in range(st.num_players):
            points, features = seat_features(st, s, left)
            out.append(points + sum(map(mul, weights, features)))
        return out

    def prior(self, state: State, player: int, ids: list[int], seat: int,
              rng: random.Random) -> list[float]:
        """The playout's preferences, ties broken at random."""
        return [ROLLOUT_WEIGHTS[a] + 0.1 * rng.random() for a in ids]

    def rollout_action(self, state: State, player: int, ids: list[int],
                       rng: random.Random) -> int:
        weights = ROLLOUT_WEIGHTS
        total = 0.0
        for a in ids:
            total += weights[a]
        r = rng.random() * total
        for a in ids:
            r -= weights[a]
            if r <= 0:
                return a
        return ids[-1]


def _rollout_weights() -> tuple[float, ...]:
    """A playout's preference for every action id: local actions before finishing, far
    cities before near ones, certificates used, few auxiliary actions."""
    out = [1.0] * A.SIZE
    for a in range(A.LOCAL, A.AUX):
        out[a] = 4.0
    for a in range(A.AUX, A.DONE):
        out[a] = 0.5
    out[A.DONE] = 1.0
    for c in range(NCITY):
        out[A.CITY + c] = 1.0 + 3.0 * c
    for k in range(7):
        out[A.CERTS + k] = 1.0 + 2.0 * k
    for a in range(A.BUY1, A.ADD_MARKET):
        out[a] = 3.0
    return tuple(out)


ROLLOUT_WEIGHTS = _rollout_weights()
#: Points per $ used to choose the cities of the delivery plan (the income is then weighed
#: by the model's own money weights).
PLAN_MONEY = 0.3
#: Points a plan gives a delivery per unit of value of a city taken once: it aims each
#: delivery at the farthest such city the hand reaches and keeps the near ones for a weaker
#: hand later (with income alone it took the nearest, cheapest one first, and a later weak
#: hand had only Kansas City left).
PLAN_CONSERVE = 0.2
#: The common shifts of every hand value a plan meets, with their weights, over which
#: :func:`expected_plan` averages (a hand is about two units better or worse than planned).
PLAN_SHIFTS: tuple[tuple[int, float], ...] = ((-2, 1.0), (-1, 2.0), (0, 3.0), (1, 2.0),
                                              (2, 1.0))


