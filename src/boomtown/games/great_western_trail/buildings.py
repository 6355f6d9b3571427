"""Local actions of the neutral and private buildings, hiring, building, buying cattle,
trading with the Indians and removing hazards (facts B6, B3.2, B6.4, B6.5)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail.data import (
    BUY_OPTIONS,
    CATTLE,
    CITIES,
    HAZARD_TYPES,
    NEUTRAL,
    OBJECTIVES,
    OP_FIELDS,
    OPS_BY_ID,
    PRIVATE,
    PRIVATE_BY,
    PRIVATE_SPACES,
    SETUP,
    SPACES,
    TEEPEE_GREEN,
    TEEPEE_VALUES,
    WORKER_BONUS_OPS,
    WORKER_BONUSES,
    WORKERS,
    DataError,
    Op,
    tile_name,
)
from boomtown.games.great_western_trail.rules import CITY, DISCARD_PILE, HAND, MODE_LOCAL
from boomtown.games.great_western_trail.state import GWT

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

HIRE_COSTS: tuple[int, ...] = tuple(SETUP["hire_costs"])
#: A distance larger than any on the railroad: an extraordinary delivery's engine may go back
#: any number of spaces.
NO_LIMIT = 200


#: Craftsmen of private building number n + 1, by side index (0 = a, 1 = b).
CRAFTSMEN: tuple[tuple[int, int], ...] = tuple(
    (PRIVATE[PRIVATE_BY[(n, "a")]].craftsmen, PRIVATE[PRIVATE_BY[(n, "b")]].craftsmen)
    for n in range(1, 11)
)
WORKERS_MAX = int(SETUP["workers_max"])
#: The worker kinds (indices of ``WORKERS``, a seat's ``workers``).
COWBOY, CRAFTSMAN, ENGINEER = range(3)
#: What a card to discard for a local action may be (``PickCard.what``).
CATTLE_CARD, OBJECTIVE_CARD = "cattle", "objective"


def craftsmen_needed(st: St, number: int) -> int:
    return CRAFTSMEN[number - 1][st.side[number - 1]]


def own_woods(st: St, s: int) -> int:
    return sum(1 for i, c in enumerate(st.private_at)
               if c >= 0 and c // 10 == s and SPACES[PRIVATE_SPACES[i]].woods)


def in_hand(st: St, s: int, k: int) -> bool:
    return st.hand[s][k] > 0


def cattle_in_hand(st: St, s: int) -> list[int]:
    return [k for k in range(A.NC) if st.hand[s][k] > 0]


def pairs_in_hand(st: St, s: int) -> list[int]:
    h = st.hand[s]
    return [A.PAIR + i for i, (a, b) in enumerate(A.PAIRS)
            if (h[a] >= 2 if a == b else h[a] >= 1 and h[b] >= 1)]


def hazard_choices(st: St, s: int, cost: int) -> list[int]:
    if st.money[s] < cost:
        return []
    return [A.HAZARD + r * 4 + i for r in range(3) for i in range(4) if st.hazard_rows[r][i] >= 0]


def teepee_choices(st: St, s: int) -> list[int]:
    return [A.TEEPEE + i for i in range(9)
            if st.teepee_slots[i] >= 0 and st.money[s] >= -TEEPEE_VALUES[i]]


def take_hazard(st: St, s: int, aid: int, cost: int) -> None:
    r, i = divmod(aid - A.HAZARD, 4)
    tile = st.hazard_rows[r][i]
    st.hazard_rows[r][i] = -1
    st.hazards[s].append(tile)
    R.gain_money(st, s, -cost)
    st.log(f"{st.name(s)} removes the {tile_name(tile)} from {HAZARD_TYPES[r]} space {i + 1}")


def take_teepee(st: St, s: int, aid: int) -> None:
    i = aid - A.TEEPEE
    tile = st.teepee_slots[i]
    st.teepee_slots[i] = -1
    st.teepees[s][0 if tile == TEEPEE_GREEN else 1] += 1
    st.log(f"{st.name(s)} trades for the {tile_name(tile)} on the ${TEEPEE_VALUES[i]} space")
    R.gain_money(st, s, TEEPEE_VALUES[i])


def hireable_cells(st: St, s: int, modifier: int) -> Iterator[int]:
    """Job-market cells seat s may hire from now (cost ``modifier`` off the row's cost)."""
    jm, workers, money = st.jm, st.workers[s], st.money[s]
    top = min(st.token, A.JM_ROWS)
    for cell in range(top * A.JM_COLS):
        tile = jm[cell]
        if tile < 0 or workers[tile] >= WORKERS_MAX:
            continue
        if money >= max(0, HIRE_COSTS[cell // A.JM_COLS] + modifier):
            yield cell


def hire_choices(st: St, s: int, modifier: int) -> list[int]:
    return [A.HIRE + cell for cell in hireable_cells(st, s, modifier)]


def build_targets(st: St, s: int, number: int, per: int) -> list[int]:
    """Spaces where seat s may put private building ``number`` at ``per`` $ per craftsman."""
    if not st.avail[s][number - 1]:
        return []
    side = st.side
    need = CRAFTSMEN[number - 1][side[number - 1]]
    have = st.workers[s][1]
    money = st.money[s]
    out = []
    for i, code in enumerate(st.private_at):
        if code < 0:
            cost_n = need
        elif code // 10 == s and CRAFTSMEN[code % 10][side[code % 10]] < need:
            cost_n = need - CRAFTSMEN[code % 10][side[code % 10]]
        else:
            continue
        if cost_n <= have and money >= cost_n * per:
            out.append(A.PLACE + PRIVATE_SPACES[i])
    return out


def build_numbers(st: St, s: int, per: int) -> list[int]:
    return [A.BUILD + n - 1 for n in range(1, 11) if build_targets(st, s, n, per)]


def can_build(st: St, s: int, per: int) -> bool:
    """Whether ``build_numbers`` is not empty (stops at the first building found)."""
    return any(build_targets(st, s, n, per) for n in range(1, 11))


def chain_spaces(st: St, s: int) -> set[int]:
    """The locations whose local actions seat ``s`` is using in this phase B: its location
    and each building reached through 8b since (the steps from the top of the stack down to
    the seat's :class:`~rules.PhaseB`)."""
    out: set[int] = set()
    for step in reversed(st.stack):
        kind = type(step)
        if kind in CHAIN_STEPS and step.seat == s:
            out.add(step.space)
        elif kind is R.PhaseB and step.seat == s:
            out.add(step.space)
            break
    return out


def adjacent_buildings(st: St, s: int, space: int) -> list[int]:
    """The buildings 8b at ``space`` may borrow the local actions of: a building of any owner
    (or a neutral one) on the nearest location before or after ``space`` (a hazard or teepee
    there has no local actions), another 8b included, but never a location already used in
    this phase B (no looping back: B6.2's row, as BGF plays it; ruling BT4)."""
    used = chain_spaces(st, s)
    out = []
    for x in R.next_locations(st, space) + R.prev_locations(st, space):
        if x not in used and R.building_at(st, x) is not None:
            out.append(A.ADJ + x)
    return out


def end_local_actions(st: St, s: int) -> None:
    """A move-the-cattleman local action ends the current location's phase B (phase B follows
    at the new location): pop seat ``s``'s phase B and the 8b steps above it."""
    stack = st.stack
    while stack and type(stack[-1]) in CHAIN_STEPS and stack[-1].seat == s:
        stack.pop()
    step = stack.pop() if stack else None
    if type(step) is not R.PhaseB or step.seat != s:
        raise RuntimeError(f"great-western-trail: a cattleman move outside phase B ({step})")


def stations_behind(st: St, s: int) -> list[int]:
    """The stations 9b may upgrade: behind the engine (their turnout, or for station 10 the
    last space, before the engine's position) and upgradable now."""
    pos = st.engine[s]
    return [A.UPGRADE + k for spos, k in sorted(R.STATION_POS.items())
            if spos < pos and R.station_can_upgrade(st, s, k)]


# ------------------------------------------------------------------ the operations
#: What an operation checks and does: ``possible(st, s, op, space)`` says whether seat ``s``
#: may take ``op`` at ``space`` now, ``apply(st, s, op, space)`` takes it (pushing the
#: decision frame that follows, if any). The amounts are the ``Op``'s fields (from the data).
OpCheck = Callable[["St", int, Op, int], bool]
OpApply = Callable[["St", int, Op, int], None]


class Operation(NamedTuple):
    possible: OpCheck
    apply: OpApply


#: Operation name (``Op.op``, the data's ``op``) -> its rule: one entry per key of
#: ``data.OP_FIELDS``.
OPERATIONS: dict[str, Operation] = {}


def operation(name: str, possible: OpCheck) -> Callable[[OpApply], OpApply]:
    """Register the function below as operation ``name``'s effect, with its check."""
    if name not in OP_FIELDS:
        raise ValueError(f"operation {name!r} is not declared in data.OP_FIELDS")

    def register(apply: OpApply) -> OpApply:
        OPERATIONS[name] = Operation(possible, apply)
        return apply
    return register


def _always(st: St, s: int, op: Op, space: int) -> bool:
    return True


def _can_engine(st: St, s: int, spaces: int) -> bool:
    return bool(R.engine_targets(st, s, True, spaces))


@operation("discard", lambda st, s, op, space: in_hand(st, s, op.breed))
def _discard(st: St, s: int, op: Op, space: int) -> None:
    R.discard_card(st, s, op.breed)
    R.gain_money(st, s, op.money)
    R.gain_certs(st, s, op.certificates)


@operation("discard_pair", lambda st, s, op, space: bool(pairs_in_hand(st, s)))
def _discard_pair(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(PickPair(s, op.money))


@operation("discard_any", lambda st, s, op, space: bool(cattle_in_hand(st, s)))
def _discard_any(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(PickCard(s, CATTLE_CARD, op.id))


def _has_objective_card(st: St, s: int, op: Op, space: int) -> bool:
    return any(st.hand[s][k] for k in range(A.OBJ0, A.K))


@operation("discard_objective", _has_objective_card)
def _discard_objective(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(PickCard(s, OBJECTIVE_CARD, op.id))


@operation("discard_engine", lambda st, s, op, space: in_hand(st, s, op.breed) and bool(
    R.engine_targets(st, s, True, op.spaces, exact=True)))
def _discard_engine(st: St, s: int, op: Op, space: int) -> None:
    R.discard_card(st, s, op.breed)
    st.stack.append(R.EngineForward(s, op.spaces, True))


@operation("hire", lambda st, s, op, space: next(
    hireable_cells(st, s, -op.discount), None) is not None)
def _hire(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(Hire(s, -op.discount, False))


@operation("build", lambda st, s, op, space: can_build(st, s, op.per_craftsman))
def _build(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(Build(s, op.per_craftsman, False))


@operation("certificates", _always)
def _certificates(st: St, s: int, op: Op, space: int) -> None:
    R.gain_certs(st, s, op.certificates)


@operation("certificates_to_limit", _always)
def _certificates_to_limit(st: St, s: int, op: Op, space: int) -> None:
    st.cert[s] = max(st.cert[s], R.cert_limit_index(st, s))


@operation("money", _always)
def _money(st: St, s: int, op: Op, space: int) -> None:
    R.gain_money(st, s, op.money)


@operation("money_per_woods", _always)
def _money_per_woods(st: St, s: int, op: Op, space: int) -> None:
    R.gain_money(st, s, op.money * own_woods(st, s))


@operation("money_per_engineer", _always)
def _money_per_engineer(st: St, s: int, op: Op, space: int) -> None:
    R.gain_money(st, s, op.money * st.workers[s][2])


@operation("teepee_pairs", _always)
def _teepee_pairs(st: St, s: int, op: Op, space: int) -> None:
    pairs = min(st.teepees[s])
    R.gain_certs(st, s, op.certificates * pairs)
    R.gain_money(st, s, op.money * pairs)


@operation("engine", lambda st, s, op, space: _can_engine(st, s, op.spaces))
def _engine(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(R.EngineForward(s, op.spaces, False))


def _can_engine_per_engineer(st: St, s: int, op: Op, space: int) -> bool:
    return _can_engine(st, s, st.workers[s][2])


@operation("engine_per_engineer", _can_engine_per_engineer)
def _engine_per_engineer(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(R.EngineForward(s, st.workers[s][ENGINEER], False))


def _can_engine_per_woods(st: St, s: int, op: Op, space: int) -> bool:
    n = own_woods(st, s)
    return n > 0 and _can_engine(st, s, n)


@operation("engine_per_woods", _can_engine_per_woods)
def _engine_per_woods(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(R.EngineForward(s, own_woods(st, s), False))


@operation("engine_back", lambda st, s, op, space: bool(
    R.engine_targets(st, s, False, op.spaces, exact=True)))
def _engine_back(st: St, s: int, op: Op, space: int) -> None:
    R.gain_money(st, s, op.money)
    st.stack.append(R.EngineBack(s, op.spaces))


def _can_pay_engine(st: St, s: int, op: Op, space: int) -> bool:
    return st.money[s] >= op.cost and _can_engine(st, s, op.spaces)


@operation("pay_engine", _can_pay_engine)
def _pay_engine(st: St, s: int, op: Op, space: int) -> None:
    R.gain_money(st, s, -op.cost)
    st.stack.append(R.EngineForward(s, op.spaces, False))


@operation("remove_hazard", lambda st, s, op, space: bool(hazard_choices(st, s, op.cost)))
def _remove_hazard(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(RemoveHazard(s, op.cost))


def _can_move(st: St, s: int, op: Op, space: int) -> bool:
    return bool(R.next_locations(st, st.cattleman[s]))


@operation("move", _can_move)
def _move(st: St, s: int, op: Op, space: int) -> None:
    end_local_actions(st, s)  # this location's phase B ends; phase B follows at the new one
    st.stack.append(R.steps_of(s, op.steps, 0, MODE_LOCAL))


@operation("take_objective", lambda st, s, op, space: bool(st.obj_display or st.obj_deck))
def _take_objective(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(R.TakeObjective(s, DISCARD_PILE))


@operation("trade", lambda st, s, op, space: bool(teepee_choices(st, s)))
def _trade(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(Trade(s))


@operation("aux", lambda st, s, op, space: bool(R.aux_options(st, s, True)))
def _aux(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(R.AuxChoice(s, True))


def _can_buy(st: St, s: int, op: Op, space: int) -> bool:
    return bool(Buy(s, st.workers[s][COWBOY]).legal(st)[:-1])


@operation("buy", _can_buy)
def _buy(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(Buy(s, st.workers[s][COWBOY]))


@operation("extraordinary_delivery",
           lambda st, s, op, space: bool(R.engine_targets(st, s, False, NO_LIMIT)))
def _extraordinary_delivery(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(XdEngine(s))


def _has_cowboys(st: St, s: int, op: Op, space: int) -> bool:
    return st.workers[s][0] > 0


@operation("draw_cowboys", _has_cowboys)
def _draw_cowboys(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(R.DrawUpTo(s, st.workers[s][COWBOY]))


@operation("use_adjacent", lambda st, s, op, space: bool(adjacent_buildings(st, s, space)))
def _use_adjacent(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(Adjacent(s, space))


@operation("upgrade_behind", lambda st, s, op, space: bool(stations_behind(st, s)))
def _upgrade_behind(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(UpgradeBehind(s))


if set(OPERATIONS) != set(OP_FIELDS):
    raise RuntimeError(f"operations without a rule: {sorted(set(OP_FIELDS) - set(OPERATIONS))}")
for _op in OPS_BY_ID.values():  # every id is an action of actions.OPS (its text, its action id)
    if _op.id not in A.OP_INDEX:
        raise DataError(f"local action {_op.id!r} ({_op.op}) has no action id in actions.OPS")


def op_possible(st: St, s: int, op: Op, space: int) -> bool:
    """Whether seat ``s`` may take local action ``op`` at ``space`` now."""
    return OPERATIONS[op.op].possible(st, s, op, space)


def apply_op(st: St, s: int, op: Op, space: int) -> None:
    """Seat ``s`` takes local action ``op`` at ``space``."""
    OPERATIONS[op.op].apply(st, s, op, space)


# ------------------------------------------------------------------ steps
def hire_worker(st: St, s: int, modifier: int, aid: int) -> None:
    """Seat ``s`` hires the worker of job-market cell ``aid - HIRE`` at its row's cost plus
    ``modifier``; a worker that reaches a bonus space of its row offers the bonus (B6.4)."""
    cell = aid - A.HIRE
    tile = st.jm[cell]
    cost = max(0, HIRE_COSTS[cell // A.JM_COLS] + modifier)
    st.jm[cell] = -1
    st.workers[s][tile] += 1
    st.log(f"{st.name(s)} hires a {WORKERS[tile]} from row {cell // A.JM_COLS + 1}")
    R.gain_money(st, s, -cost)
    slot = st.workers[s][tile]
    if (tile, slot) in BONUSES:
        st.stack.append(Bonus(s, tile, slot))


@GWT.decision("Hire from the job market", kinds=("hire", "decline"), skip_empty=True)
class Hire(NamedTuple):
    """Hire a worker from the job market at its row's cost plus ``modifier`` (``optional``:
    it may be declined); the rows up to the token's are open (rule text, "hire")."""

    seat: int
    modifier: int
    optional: bool

    def legal(self, st: St) -> list[int]:
        out = hire_choices(st, self.seat, self.modifier)
        return [*out, A.DECLINE] if out and self.optional else out

    def choose(self, st: St, aid: int) -> None:
        if aid != A.DECLINE:
            hire_worker(st, self.seat, self.modifier, aid)


#: Worker-row bonuses (B6.4, U4; from the data): (worker, slot) -> its id (the bonus kind).
BONUSES = WORKER_BONUSES
#: Worker-row bonuses as ops: (worker, slot) -> Op.
BONUS_OPS = WORKER_BONUS_OPS


def bonus_op(step: Bonus) -> Op:
    """The worker-row bonus a :class:`Bonus` step offers."""
    return BONUS_OPS[(step.worker, step.slot)]


def _bonus_hire_modifier(st: St) -> int:
    """The engineer row's hire bonus: cheaper by the option's discount (U3)."""
    return -int(st.options.engineer_hire_discount)


def _bonus_hire(st: St, s: int, op: Op, aid: int) -> None:
    hire_worker(st, s, _bonus_hire_modifier(st), aid)


class BonusRule(NamedTuple):
    """What a worker-row bonus offers (``choices(st, s, op)``: action ids, empty when it
    cannot be taken) and does with the one chosen (``take(st, s, op, aid)``)."""

    choices: Callable[[St, int, Op], list[int]]
    take: Callable[[St, int, Op, int], None]


#: The operations a worker-row bonus may be (``Op.op``) -> its rule.
BONUS_OPERATIONS: dict[str, BonusRule] = {
    "remove_hazard": BonusRule(lambda st, s, op: hazard_choices(st, s, op.cost),
                               lambda st, s, op, aid: take_hazard(st, s, aid, op.cost)),
    "trade": BonusRule(lambda st, s, op: teepee_choices(st, s),
                       lambda st, s, op, aid: take_teepee(st, s, aid)),
    "build": BonusRule(lambda st, s, op: build_numbers(st, s, op.per_craftsman),
                       lambda st, s, op, aid: st.stack.append(
                           BuildPlace(s, op.per_craftsman, aid - A.BUILD + 1))),
    "hire": BonusRule(lambda st, s, op: hire_choices(st, s, _bonus_hire_modifier(st)),
                      _bonus_hire),
    "discard": BonusRule(lambda st, s, op: [A.ACCEPT] if in_hand(st, s, op.breed) else [],
                         lambda st, s, op, aid: _discard(st, s, op, -1)),
}
for (_w, _slot), _bonus in BONUS_OPS.items():
    if _bonus.op not in BONUS_OPERATIONS:
        raise DataError(f"worker-row bonus {WORKERS[_w]} {_slot}: {_bonus.id!r} is a "
                        f"{_bonus.op!r}, not a bonus operation ({', '.join(BONUS_OPERATIONS)})")


@GWT.decision("Take the worker row's bonus?",
              kinds=("take", "trade", "build", "hire", "accept", "decline"), skip_empty=True)
class Bonus(NamedTuple):
    """A worker that reaches a bonus space of its row (``worker``, ``slot``) offers the
    space's bonus, which may be declined (B6.4, U4)."""

    seat: int
    worker: int
    slot: int

    def legal(self, st: St) -> list[int]:
        op = bonus_op(self)
        out = BONUS_OPERATIONS[op.op].choices(st, self.seat, op)
        return [*out, A.DECLINE] if out else []

    def choose(self, st: St, aid: int) -> None:
        if aid != A.DECLINE:
            op = bonus_op(self)
            BONUS_OPERATIONS[op.op].take(st, self.seat, op, aid)


@GWT.decision("Choose a building to place", kinds=("build", "decline"), skip_empty=True)
class Build(NamedTuple):
    """Build, step 1: which private building, at ``per`` dollars per craftsman needed
    (``optional``: it may be declined; B6.3)."""

    seat: int
    per: int
    optional: bool

    def legal(self, st: St) -> list[int]:
        out = build_numbers(st, self.seat, self.per)
        return [*out, A.DECLINE] if out and self.optional else out

    def choose(self, st: St, aid: int) -> None:
        if aid != A.DECLINE:
            st.stack.append(BuildPlace(self.seat, self.per, aid - A.BUILD + 1))


@GWT.decision("Choose a space for the building", kinds=("build",), skip_empty=True)
class BuildPlace(NamedTuple):
    """Build, step 2: where building ``number`` goes, an empty space or over an own building
    that needs fewer craftsmen (B6.3)."""

    seat: int
    per: int
    number: int

    def legal(self, st: St) -> list[int]:
        return build_targets(st, self.seat, self.number, self.per)

    def choose(self, st: St, aid: int) -> None:
        s, per, number = self.seat, self.per, self.number
        space = aid - A.PLACE
        slot = R.PRIVATE_SLOT[space]
        old = st.private_at[slot]
        need = craftsmen_needed(st, number)
        if old >= 0:
            need -= craftsmen_needed(st, old % 10 + 1)
            st.bld_removed[s] += 1
            st.log(f"{st.name(s)} replaces building {old % 10 + 1} (it leaves the game)")
            # the new building cannot be used this turn, nor can the old one (facts B6.3)
            stack = st.stack
            for i, under in enumerate(stack):
                if type(under) is R.PhaseB and under.seat == s and under.space == space:
                    stack[i] = under._replace(used=R.ALL_USED)
        st.private_at[slot] = s * 10 + number - 1
        st.avail[s][number - 1] = 0
        R.gain_money(st, s, -need * per)
        st.log(f"{st.name(s)} places building {number}{'ab'[st.side[number - 1]]} on "
               f"{SPACES[space].key}")


@GWT.decision("Buy cattle", kinds=("buy", "finish"))
class Buy(NamedTuple):
    """Buy cattle from the market with ``cowboys`` cowboys left, or add 2 cards to it with
    one, until the player finishes (B6.5)."""

    seat: int
    cowboys: int

    def legal(self, st: St) -> list[int]:
        s, cowboys = self.seat, self.cowboys
        money, market = st.money[s], st.market
        out = []
        for i, (k, opt) in enumerate(A.BUY_ONE):
            _v, need, _c, cost = BUY_OPTIONS[opt]
            if market[k] and cowboys >= need and money >= cost:
                out.append(A.BUY1 + i)
        for i, (a, b, opt) in enumerate(A.BUY_PAIRS):
            _v, need, _c, cost = BUY_OPTIONS[opt]
            ok = market[a] >= 2 if a == b else market[a] and market[b]
            if ok and cowboys >= need and money >= cost:
                out.append(A.BUY2 + i)
        if cowboys and sum(st.market_deck):
            out.append(A.ADD_MARKET)
        out.append(A.DONE)
        return out

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        if aid == A.DONE:
            return
        if aid == A.ADD_MARKET:
            st.stack.append(Buy(s, self.cowboys - 1))
            st.log(f"{st.name(s)} uses a cowboy to add 2 cards to the cattle market")
            st.stack.append(R.MarketAdd(MARKET_ADDED))
            return
        if aid < A.BUY2:
            k, opt = A.BUY_ONE[aid - A.BUY1]
            kinds = [k]
        else:
            a, b, opt = A.BUY_PAIRS[aid - A.BUY2]
            kinds = [a, b]
        _v, need, _c, cost = BUY_OPTIONS[opt]
        st.stack.append(Buy(s, self.cowboys - need))
        for k in kinds:
            st.market[k] -= 1
            st.discard[s][k] += 1
            st.log(f"{st.name(s)} buys {CATTLE[k].name}")
        R.gain_money(st, s, -cost)


#: The cards a cowboy adds to the cattle market (B6.5).
MARKET_ADDED = 2


@GWT.decision("Trade with the Indians: take a teepee", kinds=("trade",), skip_empty=True)
class Trade(NamedTuple):
    """Trade with the Indians: a teepee, gaining or paying its space's value."""

    seat: int

    def legal(self, st: St) -> list[int]:
        return teepee_choices(st, self.seat)

    def choose(self, st: St, aid: int) -> None:
        take_teepee(st, self.seat, aid)


@GWT.decision("Remove a hazard", kinds=("take",), skip_empty=True)
class RemoveHazard(NamedTuple):
    """Remove any hazard of any row for ``cost`` dollars (it scores at the end)."""

    seat: int
    cost: int

    def legal(self, st: St) -> list[int]:
        return hazard_choices(st, self.seat, self.cost)

    def choose(self, st: St, aid: int) -> None:
        take_hazard(st, self.seat, aid, self.cost)


@GWT.decision("Discard a pair of one breed", kinds=("discard",), skip_empty=True)
class PickPair(NamedTuple):
    """Discard two cattle cards of one breed for ``money`` dollars (a local action)."""

    seat: int
    money: int

    def legal(self, st: St) -> list[int]:
        return pairs_in_hand(st, self.seat)

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        a, b = A.PAIRS[aid - A.PAIR]
        R.discard_card(st, s, a)
        R.discard_card(st, s, b)
        R.gain_money(st, s, self.money)


@GWT.decision("Discard a card", kinds=("discard",), skip_empty=True)
class PickCard(NamedTuple):
    """Discard a card of kind ``what`` (cattle or objective) for local action ``op``'s gains
    (its id; building 6b then takes an objective card into the hand)."""

    seat: int
    what: str
    op: str

    def legal(self, st: St) -> list[int]:
        hand = st.hand[self.seat]
        kinds = range(A.NC) if self.what == CATTLE_CARD else range(A.OBJ0, A.K)
        return [A.DISCARD + k for k in kinds if hand[k] > 0]

    def choose(self, st: St, aid: int) -> None:
        s, op = self.seat, OPS_BY_ID[self.op]
        R.discard_card(st, s, aid - A.DISCARD)
        R.gain_money(st, s, op.money)
        R.gain_certs(st, s, op.certificates)
        if op.objective and (st.obj_display or st.obj_deck):
            st.stack.append(R.TakeObjective(s, HAND))


@GWT.decision("Building 8b: choose an adjacent building to use", kinds=("local-action",),
              skip_empty=True)
class Adjacent(NamedTuple):
    """Building 8b at ``space``: which adjacent building's local actions to use."""

    seat: int
    space: int

    def legal(self, st: St) -> list[int]:
        return adjacent_buildings(st, self.seat, self.space)

    def choose(self, st: St, aid: int) -> None:
        st.stack.append(Borrow(self.seat, aid - A.ADJ, 0))


def _borrow_slots(st: St, s: int, space: int) -> tuple[tuple[Op, ...], ...]:
    """The local-action slots 8b lends seat ``s`` at ``space``: every local action of the
    building, moves and 8b included; the space's risk action only when the building is the
    seat's own (a risk action "can be performed by its owner", rulebook)."""
    b = R.building_at(st, space)
    if b is None:
        return ()
    if b[0] < 0:
        return NEUTRAL[b[1]].ops
    slots = PRIVATE[b[1]].ops
    return slots + R.RISK_SLOTS[space] if b[0] == s else slots


@GWT.decision("Building 8b: use the adjacent building", kinds=("local-action", "finish"),
              skip_empty=True)
class Borrow(NamedTuple):
    """Building 8b: the local actions of the building at ``space``, each once (``used``: a
    bit per slot), then finish."""

    seat: int
    space: int
    used: int

    def legal(self, st: St) -> list[int]:
        s, space, used = self.seat, self.space, self.used
        out = []
        for i, slot in enumerate(_borrow_slots(st, s, space)):
            if not used >> i & 1:
                out += [A.LOCAL + A.OP_INDEX[op.id] for op in slot if op_possible(st, s, op, space)]
        return [*out, A.DONE]

    def choose(self, st: St, aid: int) -> None:
        s, space = self.seat, self.space
        if aid == A.DONE:
            return
        name = A.OPS[aid - A.LOCAL]
        st.stack.append(Borrow(s, space, R.used_slots(_borrow_slots(st, s, space), self.used,
                                                      name)))
        st.log(f"{st.name(s)} (on {SPACES[space].key}): {A.OP_TEXT[name]}")
        apply_op(st, s, OPS_BY_ID[name], space)


#: The steps of one phase B's chain of locations above its :class:`~rules.PhaseB`: the
#: buildings whose local actions 8b borrows (:class:`Adjacent` lists them, :class:`Borrow`
#: uses one).
CHAIN_STEPS = (Adjacent, Borrow)


@GWT.decision("Building 9b: upgrade a station behind your engine", kinds=("station",),
              skip_empty=True)
class UpgradeBehind(NamedTuple):
    """Building 9b: upgrade a station behind the engine."""

    seat: int

    def legal(self, st: St) -> list[int]:
        return stations_behind(st, self.seat)

    def choose(self, st: St, aid: int) -> None:
        R.upgrade_station(st, self.seat, aid - A.UPGRADE)


@GWT.decision("Extraordinary delivery: move your engine back", kinds=("move-engine",),
              skip_empty=True)
class XdEngine(NamedTuple):
    """Extraordinary delivery, step 1: the engine back any number of spaces."""

    seat: int

    def legal(self, st: St) -> list[int]:
        return [A.ENGINE + p for p in R.engine_targets(st, self.seat, False, NO_LIMIT)]

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        pos = aid - A.ENGINE
        dist = R.engine_distances(st, s, False)[pos]
        moved = dist - (1 if pos % 2 else 0)
        st.engine[s] = pos
        st.log(f"{st.name(s)} moves the engine back to {A.pos_name(pos)} ({moved} space(s))")
        st.stack.append(XdCity(s, moved))


@GWT.decision("Extraordinary delivery: choose a city", kinds=("deliver",), skip_empty=True)
class XdCity(NamedTuple):
    """Extraordinary delivery, step 2: a city of value up to the ``limit`` spaces moved back
    (no income, no transport cost)."""

    seat: int
    limit: int

    def legal(self, st: St) -> list[int]:
        s, limit = self.seat, self.limit
        return [A.CITY + c.index for c in CITIES if c.value <= limit
                and (c.repeat or not st.city_discs[s][c.index])
                and R.city_disc_possible(st, s, c.index, 0)]

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        st.log(f"{st.name(s)} makes an extraordinary delivery to {CITIES[aid - A.CITY].name}")
        st.stack.append(R.Disc(s, CITY, aid - A.CITY))


#: The short names of the steps above, as the frames were named (see rules.DECISION_NAMES).
R.DECISION_NAMES.update({
    Hire: "hire", Bonus: "bonus", Build: "build", BuildPlace: "build_place", Buy: "buy",
    Trade: "trade", RemoveHazard: "remove_hazard", PickPair: "pick_pair", PickCard: "pick_card",
    Adjacent: "adjacent", Borrow: "borrow", UpgradeBehind: "upgrade_behind",
    XdEngine: "xd_engine", XdCity: "xd_city",
})

__all__ = ["OBJECTIVES", "OPERATIONS", "apply_op", "op_possible"]
