"""Kansas City, exactly as the rule text says: the five subphases every time, in order
(foresight 1, 2, 3; income; delivery), the job market, the yellow and red arrows, city crests
and green arrows, transport costs and the way back to the start."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail.data import (
    ARROWS,
    CATTLE,
    CITIES,
    RED_CROSSES,
    SETUP,
    START_SPACE,
    WORKERS,
    tile_name,
)
from boomtown.games.great_western_trail.state import GWT

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

YELLOW: tuple[int, ...] = tuple(SETUP["yellow_arrows"])


def start_visit(st: St, s: int) -> None:
    """The five subphases of a visit, in order (rule text)."""
    st.log(f"{st.name(s)} reaches Kansas City")
    st.stack += VISIT[s]


def market_closed(st: St) -> bool:
    return st.token >= A.JM_ROWS


def foresight_options(st: St, col: int) -> list[int]:
    out = []
    for slot in range(2):
        tile = st.foresight[col][slot]
        if tile < 0 or (tile < len(WORKERS) and market_closed(st)):
            continue
        out.append(A.FORESIGHT + slot)
    return out


def breeding_value(hand: list[int]) -> int:
    """Each breed counts once, however many cards of it; objective cards count nothing."""
    breeds = {CATTLE[k].breed: CATTLE[k].value for k in range(A.NC) if hand[k] > 0}
    return sum(breeds.values())


def transport_cost(engine_pos: int, city: int) -> int:
    """$1 per red cross between the engine's nose and the city (0 at or beyond its crest)."""
    space, turnout = divmod(engine_pos, 2)
    nose = space + turnout
    value = CITIES[city].value
    return sum(1 for x in RED_CROSSES if nose <= x < value)


def city_options(st: St, s: int, total: int) -> list[int]:
    """The cities seat ``s`` may deliver to with breeding value plus certificates ``total``.

    Kansas City is always among them (rule text: "Kansas City is always possible"): its value
    is 0, it takes any number of discs, costs no transport, and ``rules.disc_sources`` always
    finds it a disc (or every disc is already on a city and the delivery counts without one).
    """
    out = []
    for c in CITIES:
        if c.value > total or (not c.repeat and st.city_discs[s][c.index]):
            continue
        cost = transport_cost(st.engine[s], c.index)
        if cost > st.money[s] or not R.city_disc_possible(st, s, c.index, cost):
            continue
        out.append(A.CITY + c.index)
    return out


#: The subphases of a visit (rule text): foresight 1-3, income, delivery; ``sub`` of
#: :class:`KcForesight` is its column, then these.
INCOME_SUB, DELIVERY_SUB = 3, 4


@GWT.decision("Kansas City: take a foresight tile", kinds=("take",), skip_empty=True)
class KcForesight(NamedTuple):
    """Kansas City, subphases 1-3: a tile of foresight column ``column`` (a worker to the job
    market, a hazard or teepee onto the trail); skipped when the column offers none."""

    seat: int
    column: int

    def legal(self, st: St) -> list[int]:
        return foresight_options(st, self.column)

    def choose(self, st: St, aid: int) -> None:
        s, col = self.seat, self.column
        slot = aid - A.FORESIGHT
        tile = st.foresight[col][slot]
        st.foresight[col][slot] = -1
        st.log(f"{st.name(s)} takes the {tile_name(tile)} tile from foresight {col + 1}")
        if tile < len(WORKERS):
            place_worker(st, s, tile)
        else:
            R.place_tile(st, tile)


@GWT.auto
class KcIncome(NamedTuple):
    """Kansas City, subphase 4: income; a seat with temporary certificates chooses how many
    to use (:class:`KcCertificates`)."""

    seat: int

    def run(self, st: St) -> None:
        s = self.seat
        if R.cert_value(st, s) > 0:
            st.stack.append(KcCertificates(s))
        else:
            income(st, s, 0)


@GWT.decision("Kansas City: how many temporary certificates to use", kinds=("certificates",))
class KcCertificates(NamedTuple):
    """Kansas City, subphase 4: how many temporary certificates add to the income."""

    seat: int

    def legal(self, st: St) -> list[int]:
        return [A.CERTS + k for k in range(R.cert_value(st, self.seat) + 1)]

    def choose(self, st: St, aid: int) -> None:
        income(st, self.seat, aid - A.CERTS)


@GWT.decision("Kansas City: choose a city to deliver to", kinds=("deliver",))
class KcDeliver(NamedTuple):
    """Kansas City, subphase 5: the delivery to a city of value up to ``total`` (the
    breeding value and certificates), its transport paid; Kansas City is always possible."""

    seat: int
    total: int

    def legal(self, st: St) -> list[int]:
        ids = city_options(st, self.seat, self.total)
        if not ids:
            raise RuntimeError(
                f"great-western-trail: {st.name(self.seat)} cannot deliver, not even to "
                "Kansas City")
        return ids

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        c = aid - A.CITY
        cost = transport_cost(st.engine[s], c)
        st.log(f"{st.name(s)} delivers to {CITIES[c].name}")
        if cost:
            R.gain_money(st, s, -cost, " for transport")
        st.stack += (KC_RETURN[s], R.Disc(s, R.CITY, c))


@GWT.auto
class KcReturn(NamedTuple):
    """After the delivery the cattleman goes back to the start, and the foresight is
    refilled."""

    seat: int

    def run(self, st: St) -> None:
        s = self.seat
        st.cattleman[s] = START_SPACE
        st.log(f"{st.name(s)}'s cattleman goes back to the start")
        st.stack.append(R.FORESIGHT_FILL)


def income(st: St, s: int, used: int) -> None:
    """The income with ``used`` temporary certificates: the hand revealed and discarded;
    the delivery follows."""
    value = breeding_value(st.hand[s])
    before = R.cert_value(st, s)
    st.cert[s] = R.certs_after_use(before, used)
    total = value + used + st.cert_perm[s]
    cards = [A.CARD_NAMES[k] for k in range(A.K) for _ in range(st.hand[s][k])]
    st.log(f"{st.name(s)} reveals {', '.join(cards) or 'an empty hand'}: breeding value "
           f"{value}, {used} temporary and {st.cert_perm[s]} permanent certificate(s)")
    R.gain_money(st, s, total, " income")
    hand, discard = st.hand[s], st.discard[s]
    discard[:] = [d + h for d, h in zip(discard, hand, strict=True)]
    hand[:] = st.known[s][:] = [0] * A.K
    st.hidden_obj[s].clear()
    st.stack.append(KcDeliver(s, total))


def place_worker(st: St, s: int, tile: int) -> None:
    """A worker to the next free space of the token's row, left to right (rule text)."""
    n = st.num_players
    row = st.token
    if row >= A.JM_ROWS:  # the foresight never offers a worker then (market_closed)
        raise RuntimeError("great-western-trail: a worker for a job market that is closed")
    for col in range(A.JM_COLS - n, A.JM_COLS):
        cell = row * A.JM_COLS + col
        if st.jm[cell] < 0:
            st.jm[cell] = tile
            st.log(f"the {WORKERS[tile]} goes on job-market row {row + 1}, column {col + 1}")
            if col == A.JM_COLS - 1:
                advance_token(st, s)
            return
    raise RuntimeError("job market row has no free space")


def advance_token(st: St, s: int) -> None:
    row = st.token
    st.token = row + 1
    if row + 1 >= A.JM_ROWS:
        st.end_trigger = s
        st.holder = s
        st.log(f"the job market token leaves the last row along the red arrow: "
               f"{st.name(s)} takes it and the game end is triggered")
        return
    st.log(f"the job market token moves to row {row + 2}")
    if row + 1 in YELLOW:
        st.log("yellow arrow: the cattle market is refilled")
        st.stack.append(R.MarketRefill(R.market_size(st)))


def city_reward(st: St, s: int, c: int) -> None:
    city = CITIES[c]
    if city.money:
        R.gain_money(st, s, city.money, f" for the disc on {city.name}")
    takes = 0
    if st.city_discs[s][c] == 1:
        for arrow in ARROWS:
            if c in (arrow.left, arrow.right):
                other = arrow.right if c == arrow.left else arrow.left
                if st.city_discs[s][other]:
                    st.log(f"{st.name(s)} completes the arrow {CITIES[arrow.left].name} - "
                           f"{CITIES[arrow.right].name}")
                    takes += arrow.objectives
    for _ in range(takes):
        if st.obj_display or st.obj_deck:
            st.stack.append(R.TakeObjective(s, R.DISCARD_PILE))


#: A visit's steps for each seat, in stack order (foresight 1 first), and its way back.
VISIT = tuple((KcIncome(s), *(KcForesight(s, col) for col in range(2, -1, -1)))
              for s in range(R.MAX_SEATS))
KC_RETURN = tuple(KcReturn(s) for s in range(R.MAX_SEATS))

#: The short names of the steps above, as the frames were named (see rules.DECISION_NAMES).
R.DECISION_NAMES.update({KcForesight: "kc", KcCertificates: "kc", KcDeliver: "kc"})
