"""The rounds and phases of Way Out West as steps of the kernel's decision machine
(:mod:`boomtown.engine.machine`; the gunfight's steps are in :mod:`gunfights`).

The rule book's sequence (docs/way-out-west.md; the step that carries each part out):

1. Set-up: the dice pick the start player; in turn order each player places his set-up
   cowboys, one at a time, in any town (:class:`Setup`, :class:`StartPlayer`, :class:`Place`).
2. Each round (:class:`NewRound`) the action boxes open again, then
   a. the players bid for turn order (:class:`Auction`, :class:`Bid`): a player who drops
      out pays his bid and takes the last free turn-order space; the last bidder left is
      start player (and pays his bid with ``winner_pays``);
   b. in turn order each player takes one action, then everybody a second one
      (:class:`Actions`; :class:`Turn` offers the actions of the free boxes, :class:`Act`
      is the choice; :class:`Hire2` the optional further hires of the hire box);
   c. after the rounds of the income track, income; after the last round, the end
      (:class:`EndRound`).

>>> Act.STEP.nature, Act.STEP.kinds
('decision', ('buy', 'hire', 'move', 'build', 'place', 'gunfight'))
>>> step_of(Turn(0)).nature
'auto'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from boomtown.engine.actions import CHANCE, TERMINAL
from boomtown.engine.machine import push, step_of
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west import gunfights, scoring
from boomtown.games.way_out_west.data import DATA
from boomtown.games.way_out_west.state import (
    BOX,
    BOX_BUILD,
    BOX_KEYS,
    NB,
    SEAT_NAMES,
    WOW,
    C,
    T,
)

if TYPE_CHECKING:
    from boomtown.games.way_out_west.state import WayOutWestState as St

CATTLE_PRICE = DATA.box("cattle").price
HIRE_PRICE = DATA.box("hire").price
PRICES = tuple(c.price for c in DATA.counters)
CHEAPEST = min(PRICES)  # less money buys no counter
SPACES = tuple(t.building_spaces for t in DATA.towns)
CORRALS = tuple(t.corrals for t in DATA.towns)
PER_TOWN = DATA.limits.counters_per_player_per_town
FARMERS_PER_TOWN = DATA.limits.farmers_per_town
B_CATTLE, B_HIRE, B_MOVE_COWBOYS, B_MOVE_CATTLE, B_FARMER, B_GUNFIGHT = (
    BOX[k] for k in ("cattle", "hire", "move_cowboys", "move_cattle", "farmer", "gunfight")
)
#: First id of "move n cowboys from src to dst" for each src, over the other towns in order.
MOVE_FIRST = tuple(
    tuple(A.MOVE_COWBOYS + A.PAIR_INDEX[(src, dst)] * A.MAX_MOVE for dst in range(T) if dst != src)
    for src in range(T)
)
#: BUY_CATTLE_IDS[t][m]: the ids "buy 1..m cattle in town t".
BUY_CATTLE_IDS = tuple(
    tuple(tuple(A.buy_cattle_id(t, k) for k in range(1, m + 1)) for m in range(A.CATTLE_UP_TO + 1))
    for t in range(T)
)
HIRE_IDS = tuple(range(A.HIRE, A.HIRE + T))
#: MOVE_COWBOYS_IDS[src][c]: with c cowboys in src, the ids "move 1..min(c, up_to) cowboys
#: from src" to each other town in order (up_to: the move box's limit in the data).
MOVE_COWBOYS_IDS = tuple(
    tuple(
        tuple(aid for first in MOVE_FIRST[src] for aid in range(first, first + min(c, A.MAX_MOVE)))
        for c in range(DATA.components.cowboys_per_player + 1)
    )
    for src in range(T)
)
#: MOVE_CATTLE_IDS[j][m]: the ids "move 1..m cattle" over the j-th neighbouring pair.
MOVE_CATTLE_IDS = tuple(
    tuple(tuple(A.move_cattle_id(src, dst, k) for k in range(1, m + 1))
          for m in range(A.MOVE_CATTLE_UP_TO + 1))
    for src, dst in A.ADJACENT
)
#: NEIGHBOURS[src]: (index j in ``A.ADJACENT``, dst) for each town next to src, in order.
NEIGHBOURS = tuple(
    tuple((j, dst) for j, (a, dst) in enumerate(A.ADJACENT) if a == src) for src in range(T)
)
TOWNS = tuple(range(T))
#: Legal lists that never change (shared: read-only, like every legal list).
START_IDS = {n: [A.START + s for s in range(n)] for n in range(1, A.N + 1)}
#: START_ODDS[n]: the start-player roll among n players, every seat alike.
START_ODDS = {n: [(aid, 1.0 / n) for aid in ids] for n, ids in START_IDS.items()}
PLACE_IDS = [A.PLACE + t for t in range(T)]
HIRE2_IDS = [*range(A.HIRE2, A.HIRE2 + T), A.HIRE_STOP]
#: TOWN_COUNTERS[t]: town t's part of ``owner``; SEAT_TOWNS[s]: seat s's part of ``cowboys``
#: and ``cattle``. NO_COUNTERS: a town's part without counters (compared, never changed).
TOWN_COUNTERS = tuple(slice(t * C, (t + 1) * C) for t in range(T))
SEAT_TOWNS = tuple(slice(s * T, (s + 1) * T) for s in range(A.N))
NO_COUNTERS = [-1] * C
COUNTERS = tuple(range(C))
BUILD_FIRST = tuple(A.BUILD + t * C for t in range(T))
ATTACK_FIRST = tuple(A.ATTACK + t * A.SLOTS for t in range(T))
SLOT_CATTLE = A.SLOT_CATTLE
SLOT_FARMER = A.SLOT_FARMER
BOXES_FULL = tuple(
    DATA.box(k).boxes if k in {b.key for b in DATA.boxes} else DATA.box("building").boxes
    for k in BOX_KEYS
)
BOXES_3P = tuple(
    DATA.box(k).boxes_3p if k in {b.key for b in DATA.boxes} else DATA.box("building").boxes_3p
    for k in BOX_KEYS
)


def describe(st: St) -> str:
    """A description of the pending decision (its step's declared title)."""
    if st.current_player == TERMINAL:
        return "the game is over"
    return step_of(st.stack[-1]).title


@WOW.answers("explain_illegal")
def explain_illegal(st: St, aid: int) -> str:
    text = A.TEXTS[aid] if 0 <= aid < A.SIZE else str(aid)
    if st.current_player == CHANCE:
        return f"{text!r} is not a possible chance outcome now"
    who = SEAT_NAMES[st.current_player]
    step = type(st.stack[-1])
    if step is Bid and A.BID <= aid < A.BID + A.MAX_BID:
        amount = aid - A.BID + 1
        if amount <= st.high:
            return f"a raise must beat the high bid of ${st.high}"
        return f"{who} has only ${st.money[st.current_player]}"
    if step is Act:
        box = box_of(aid)
        if box is not None and st.boxes_left[box] == 0:
            return f"no {BOX_KEYS[box].replace('_', ' ')} box is free this round"
    return f"{text!r} is not legal now: {who} is to {describe(st)}"


def box_of(aid: int) -> int | None:
    """The action box an action of the action phase uses (None for other ids)."""
    if A.BUY_CATTLE <= aid < A.HIRE:
        return BOX["cattle"]
    if A.HIRE <= aid < A.HIRE2:
        return BOX["hire"]
    if A.MOVE_COWBOYS <= aid < A.MOVE_CATTLE:
        return BOX["move_cowboys"]
    if A.MOVE_CATTLE <= aid < A.BUILD:
        return BOX["move_cattle"]
    if A.BUILD <= aid < A.FARMER:
        return BOX_BUILD + (aid - A.BUILD) % C
    if A.FARMER <= aid < A.ATTACK:
        return BOX["farmer"]
    if A.ATTACK <= aid < A.SHERIFF_ATT:
        return BOX["gunfight"]
    return None


#: ``box_of(aid)`` of each id from A.BUY_CATTLE to the last gunfight target (-1: no box).
ACT_BOX = tuple(
    -1 if (box := box_of(aid)) is None else box for aid in range(A.BUY_CATTLE, A.SHERIFF_ATT)
)


# ------------------------------------------------------------------ set-up
@WOW.auto
class Setup(NamedTuple):
    """Set-up: each player's money and pieces are dealt (the state's starting fields); the
    start player is rolled, then the rounds begin."""

    def run(self, st: St) -> None:
        n = st.num_players
        st.log(f"Way Out West for {n} players: ${DATA.setup.start_money[n]} each, "
               f"{st.rounds} rounds, income after rounds "
               + ", ".join(str(r) for r in st.income_after))
        push(st, StartPlayer(), NewRound())


@WOW.chance("chance: the dice decide the start player")
class StartPlayer(NamedTuple):
    """Set-up: the dice pick the start player, each seat alike; turn order runs on from him
    and each player places his set-up cowboys, one at a time, in turn order."""

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return START_ODDS[st.num_players]

    def legal(self, st: St) -> list[int]:
        return START_IDS[st.num_players]

    def choose(self, st: St, aid: int) -> None:
        first = aid - A.START
        n = st.num_players
        st.order = [(first + i) % n for i in range(n)]
        st.log(f"{SEAT_NAMES[first]} wins the dice roll and is the start player")
        push(st, *[PLACE[s] for s in st.order] * DATA.setup.cowboys_placed)


@WOW.decision("place a cowboy in a town (set-up)", kinds=("place",))
class Place(NamedTuple):
    """Set-up: ``seat`` places one cowboy from his supply in any town."""

    seat: int

    def legal(self, st: St) -> list[int]:
        return PLACE_IDS

    def choose(self, st: St, aid: int) -> None:
        s, t = self.seat, aid - A.PLACE
        st.cowboys[s * T + t] += 1
        st.cowboy_supply[s] -= 1
        st.log(f"{SEAT_NAMES[s]} places a cowboy in {A.TOWN_NAMES[t]}")


# ------------------------------------------------------------------ rounds
@WOW.auto
class NewRound(NamedTuple):
    """A round: every action box opens again (fewer with 3 players), then the auction for
    turn order, the two actions each and the end of the round."""

    def run(self, st: St) -> None:
        st.round += 1
        st.log(f"Round {st.round}")
        st.boxes_left = list(BOXES_3P if st.num_players == 3 else BOXES_FULL)
        push(st, *ROUND_STEPS)


@WOW.auto
class Auction(NamedTuple):
    """The turn-order auction opens: no bids yet; the start player bids first."""

    def run(self, st: St) -> None:
        n = st.num_players
        st.bids = [0] * n
        st.in_auction = [1] * n
        st.high = 0
        st.drop_pos = n - 1
        st.new_order = [-1] * n
        st.stack.append(BID[st.order[0]])


@WOW.decision("raise the bid for turn order or drop out", kinds=("pass", "bid"))
class Bid(NamedTuple):
    """The auction: ``seat`` raises the high bid (up to his money) or drops out, paying his
    bid and taking the last free turn-order space; the bid passes on in turn order to the
    next player still bidding, until one is left."""

    seat: int

    def legal(self, st: St) -> list[int]:
        money = st.money[self.seat]
        top = money if money < A.MAX_BID else A.MAX_BID
        return [A.DROP, *range(A.BID + st.high, A.BID + top)]

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        in_auction = st.in_auction
        if aid == A.DROP:
            paid = st.bids[s]
            st.money[s] -= paid
            in_auction[s] = 0
            st.new_order[st.drop_pos] = s
            st.drop_pos -= 1
            st.log(f"{SEAT_NAMES[s]} drops out, pays ${paid} and takes turn-order space "
                   f"{st.drop_pos + 2}")
        else:
            amount = aid - A.BID + 1
            st.bids[s] = amount
            st.high = amount
            st.log(f"{SEAT_NAMES[s]} raises the bid to ${amount}")
        if in_auction.count(1) == 1:
            _end_auction(st)
            return
        order = st.order
        i = order.index(s)
        n = len(order)
        for later in range(1, n + 1):
            t = order[(i + later) % n]
            if in_auction[t]:
                st.stack.append(BID[t])
                return


def _end_auction(st: St) -> None:
    winner = st.in_auction.index(1)
    st.in_auction[winner] = 0
    paid = st.bids[winner] if st.options.winner_pays else 0
    st.money[winner] -= paid
    st.new_order[0] = winner
    st.order = st.new_order[:]
    st.log(f"{SEAT_NAMES[winner]} is the last bidder, pays ${paid} and is start player; "
           "turn order: " + ", ".join([SEAT_NAMES[s] for s in st.order]))
    st.bids = [0] * st.num_players
    st.high = 0


# ------------------------------------------------------------------ actions
@WOW.auto
class Actions(NamedTuple):
    """Each player takes one action in turn order; then the same again (one per token)."""

    def run(self, st: St) -> None:
        push(st, *[TURN[s] for s in st.order] * DATA.setup.action_tokens)


@WOW.auto
class Turn(NamedTuple):
    """``seat``'s action: he puts his token on a free box and carries out its action. A
    player whom no free box offers an action he can carry out passes."""

    seat: int

    def run(self, st: St) -> None:
        s = self.seat
        ids = action_ids(st, s)
        if ids:
            st.stack.append(Act(s, tuple(ids)))
        else:
            st.log(f"{SEAT_NAMES[s]} passes: no free box offers an action he can carry out")


@WOW.decision("choose an action box and carry out the action",
              kinds=("buy", "hire", "move", "build", "place", "gunfight"))
class Act(NamedTuple):
    """``seat`` chooses one of ``ids``, every complete action a free box offers him (listed
    by :class:`Turn`: nothing changes before he chooses). The box closes for the round."""

    seat: int
    ids: tuple[int, ...]

    def legal(self, st: St) -> list[int]:
        return list(self.ids)

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        st.boxes_left[ACT_BOX[aid - A.BUY_CATTLE]] -= 1
        if aid < A.HIRE:
            t, k = divmod(aid - A.BUY_CATTLE, A.CATTLE_UP_TO)
            buy_cattle(st, s, t, k + 1)
        elif aid < A.HIRE2:
            hire(st, s, aid - A.HIRE)
            _offer_more_hires(st, s, A.HIRE_UP_TO - 1)
        elif aid < A.MOVE_CATTLE:
            pair, k = divmod(aid - A.MOVE_COWBOYS, A.MAX_MOVE)
            src, dst = A.PAIRS[pair]
            move_cowboys(st, s, src, dst, k + 1)
        elif aid < A.BUILD:
            pair, k = divmod(aid - A.MOVE_CATTLE, A.MOVE_CATTLE_UP_TO)
            src, dst = A.ADJACENT[pair]
            move_cattle(st, s, src, dst, k + 1)
        elif aid < A.FARMER:
            t, k = divmod(aid - A.BUILD, C)
            build(st, s, t, k)
        elif aid < A.ATTACK:
            place_farmer(st, s, aid - A.FARMER)
        else:
            t, slot = divmod(aid - A.ATTACK, A.SLOTS)
            gunfights.start(st, s, t, slot)


def _spread_open(st: St, s: int, t: int) -> bool:
    """Cattle may be bought into town ``t`` under the cattle_spread option (U4)."""
    if t == 0:
        return True
    mode = st.options.cattle_spread
    if mode == "chain":
        return st.cattle[s * T + t - 1] > 0
    if mode == "fill":
        return st.town_cattle(t - 1) >= CORRALS[t - 1]
    return True


def action_ids(st: St, s: int) -> list[int]:
    """Every complete action seat ``s`` can carry out on a free box now, sorted by id.

    The id lists of each kind of action come ready-made from the tables above; the loops
    only test what the position allows. (Plain loops and cheap tests first: this runs at
    every turn of the action phase.)
    """
    ids: list[int] = []
    left = st.boxes_left
    money = st.money[s]
    cattle = st.cattle
    my_cowboys = st.cowboys[SEAT_TOWNS[s]]
    if left[B_CATTLE] and money >= CATTLE_PRICE and st.cattle_supply[s]:
        most = min(A.CATTLE_UP_TO, st.cattle_supply[s],
                   money // CATTLE_PRICE if CATTLE_PRICE else A.CATTLE_UP_TO)
        for t in TOWNS:
            if my_cowboys[t] and _spread_open(st, s, t):
                free = CORRALS[t] - sum(cattle[t::T])
                if free > 0:
                    ids += BUY_CATTLE_IDS[t][most if most < free else free]
    if left[B_HIRE] and money >= HIRE_PRICE and st.cowboy_supply[s]:
        ids += HIRE_IDS
    if left[B_MOVE_COWBOYS]:
        for t in TOWNS:
            if my_cowboys[t]:
                ids += MOVE_COWBOYS_IDS[t][my_cowboys[t]]
    my_cattle = cattle[SEAT_TOWNS[s]]
    if left[B_MOVE_CATTLE] and any(my_cattle):
        for src in TOWNS:
            if my_cattle[src]:
                for j, dst in NEIGHBOURS[src]:
                    if my_cowboys[dst]:
                        most = min(my_cattle[src], A.MOVE_CATTLE_UP_TO,
                                   CORRALS[dst] - sum(cattle[dst::T]))
                        if most > 0:
                            ids += MOVE_CATTLE_IDS[j][most]
    owner = st.owner
    if money >= CHEAPEST:
        supply = st.csupply
        mine = s * C
        buildable = []
        for k in COUNTERS:
            if left[BOX_BUILD + k] and money >= PRICES[k] and supply[mine + k]:
                buildable.append(k)
        if buildable:
            for t in TOWNS:
                row = owner[TOWN_COUNTERS[t]]
                if C - row.count(-1) >= SPACES[t] or row.count(s) >= PER_TOWN:
                    continue
                first = BUILD_FIRST[t]
                for k in buildable:
                    if row[k] < 0:
                        ids.append(first + k)
    farmer = st.farmer
    if (left[B_FARMER] and st.farmer_supply
            and not (st.options.one_farmer_each and st.farmers_taken[s])):
        for t in TOWNS:
            if farmer[t] < FARMERS_PER_TOWN:
                ids.append(A.FARMER + t)
    if left[B_GUNFIGHT]:
        # another seat has cattle somewhere: more non-zero entries in ``cattle`` than his own
        rival_cattle = cattle.count(0) - my_cattle.count(0) < len(cattle) - T
        for t in TOWNS:
            if not my_cowboys[t]:
                continue
            first = ATTACK_FIRST[t]
            row = owner[TOWN_COUNTERS[t]]
            if row != NO_COUNTERS and row.count(-1) + row.count(s) < C:  # a rival's counter
                for k, o in enumerate(row):
                    if o != s and o >= 0:
                        ids.append(first + k)
            if rival_cattle:
                herds = cattle[t::T]  # every seat's cattle in town t
                if sum(herds) > herds[s]:  # another seat has cattle here
                    for o, c in enumerate(herds):
                        if c and o != s:
                            ids.append(first + SLOT_CATTLE + o)
            if farmer[t]:
                ids.append(first + SLOT_FARMER)
    return ids


def buy_cattle(st: St, s: int, t: int, n: int) -> None:
    st.money[s] -= n * CATTLE_PRICE
    st.cattle_supply[s] -= n
    st.cattle[s * T + t] += n
    st.log(f"{SEAT_NAMES[s]} buys {n} cattle in {A.TOWN_NAMES[t]} for ${n * CATTLE_PRICE}")


def hire(st: St, s: int, t: int) -> None:
    st.money[s] -= HIRE_PRICE
    st.cowboy_supply[s] -= 1
    st.cowboys[s * T + t] += 1
    st.log(f"{SEAT_NAMES[s]} hires a cowboy into {A.TOWN_NAMES[t]} for ${HIRE_PRICE}")
    st.stagecoach_pays(t, 1, "a cowboy placed there")


def actions_left(st: St, seat: int) -> int:
    """``seat``'s actions still to come this round, the one he is choosing included."""
    return sum(1 for step in st.stack if type(step) in ACTION_STEPS and step.seat == seat)


def _offer_more_hires(st: St, s: int, more: int) -> None:
    """Offer seat ``s`` one more optional hire while the box allows ``more`` and he can pay."""
    if more > 0 and st.cowboy_supply[s] and st.money[s] >= HIRE_PRICE:
        push(st, Hire2(s, more))


@WOW.decision("hire another cowboy, or not", kinds=("hire", "pass"))
class Hire2(NamedTuple):
    """The hire box: ``seat`` may hire one more cowboy into any town (``more`` hires left
    on the box), or stop."""

    seat: int
    more: int

    def legal(self, st: St) -> list[int]:
        return HIRE2_IDS

    def choose(self, st: St, aid: int) -> None:
        if aid != A.HIRE_STOP:
            hire(st, self.seat, aid - A.HIRE2)
            _offer_more_hires(st, self.seat, self.more - 1)


def move_cowboys(st: St, s: int, src: int, dst: int, n: int) -> None:
    st.cowboys[s * T + src] -= n
    st.cowboys[s * T + dst] += n
    what = "1 cowboy" if n == 1 else f"{n} cowboys"
    st.log(f"{SEAT_NAMES[s]} moves {what} from {A.TOWN_NAMES[src]} to {A.TOWN_NAMES[dst]}")
    st.stagecoach_pays(src, n, "cowboys moved out")
    st.stagecoach_pays(dst, n, "cowboys moved in")


def move_cattle(st: St, s: int, src: int, dst: int, n: int) -> None:
    st.cattle[s * T + src] -= n
    st.cattle[s * T + dst] += n
    st.log(f"{SEAT_NAMES[s]} moves {n} cattle from {A.TOWN_NAMES[src]} to {A.TOWN_NAMES[dst]}")


def build(st: St, s: int, t: int, k: int) -> None:
    st.money[s] -= PRICES[k]
    st.csupply[s * C + k] -= 1
    st.owner[t * C + k] = s
    st.log(f"{SEAT_NAMES[s]} buys a {A.COUNTER_NAMES[k]} in {A.TOWN_NAMES[t]} for ${PRICES[k]}")


def place_farmer(st: St, s: int, t: int) -> None:
    st.farmer_supply -= 1
    st.farmer[t] += 1
    st.farmers_taken[s] += 1
    st.log(f"{SEAT_NAMES[s]} places a Farmer in {A.TOWN_NAMES[t]}")


# ------------------------------------------------------------------ income, end
@WOW.auto
class EndRound(NamedTuple):
    """The end of a round: income after the rounds of the income track; after the last
    round the game ends (final scoring), else the next round."""

    def run(self, st: St) -> None:
        if st.round in st.income_after:
            paid = scoring.income(st)
            for s, amount in enumerate(paid):
                st.money[s] += amount
            st.log(f"Income after round {st.round}: "
                   + ", ".join(f"{SEAT_NAMES[s]} ${v}" for s, v in enumerate(paid)))
        if st.round >= st.rounds:
            totals = scoring.breakdown(st)["totals"]
            st.log("The game ends. Final scores: "
                   + ", ".join(f"{SEAT_NAMES[s]} {v}" for s, v in enumerate(totals)))
            st.stack.clear()
            return
        st.stack.append(NEW_ROUND)


# ------------------------------------------------------------------ shared steps
#: Steps are immutable: these are pushed as they are.
#: A round's steps in the order they happen.
ROUND_STEPS = (Auction(), Actions(), EndRound())
#: TURN[s], BID[s], PLACE[s]: seat s's turn of the action phase, to bid, to place a set-up
#: cowboy (building a step costs several times a plain tuple: these are built once).
TURN = tuple(Turn(s) for s in range(A.N))
BID = tuple(Bid(s) for s in range(A.N))
PLACE = tuple(Place(s) for s in range(A.N))
NEW_ROUND = NewRound()
#: A seat's action of the action phase, before and while he chooses it.
ACTION_STEPS = (Turn, Act)
#: The short name of each step a seat or chance decides in (the observation's one-hot of
#: the decision now, :mod:`observation`).
DECISION_NAMES: dict[type, str] = {
    StartPlayer: "start", Place: "place", Bid: "bid", Act: "act", Hire2: "hire2",
    **gunfights.DECISION_NAMES,
}
assert len(BOX_KEYS) == NB
