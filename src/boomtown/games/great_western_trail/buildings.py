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
from boomtown.games.great_western_trail.rules import Frame, chooser, decision

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

HIRE_COSTS: tuple[int, ...] = tuple(SETUP["hire_costs"])
#: A distance larger than any on the railroad: an extraordinary delivery's engine may go back
#: any number of spaces.
NO_LIMIT = 200
#: The frames of one phase B's chain of locations: the location itself (``phase_b``) and
#: the buildings whose local actions 8b borrows (``adjacent`` lists them, ``borrow`` uses one).
CHAIN_FRAMES = ("adjacent", "borrow")


#: Craftsmen of private building number n + 1, by side index (0 = a, 1 = b).
CRAFTSMEN: tuple[tuple[int, int], ...] = tuple(
    (PRIVATE[PRIVATE_BY[(n, "a")]].craftsmen, PRIVATE[PRIVATE_BY[(n, "b")]].craftsmen)
    for n in range(1, 11)
)
WORKERS_MAX = int(SETUP["workers_max"])


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
    and each building reached through 8b since (the frames from the top of the stack down to
    the seat's ``phase_b`` frame)."""
    out: set[int] = set()
    for frame in reversed(st.stack):
        if frame[0] in CHAIN_FRAMES and frame[1] == s:
            out.add(frame[2])
        elif frame[0] == "phase_b" and frame[1] == s:
            out.add(frame[2])
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
    at the new location): pop seat ``s``'s ``phase_b`` frame and the 8b frames above it."""
    while st.stack and st.stack[-1][0] in CHAIN_FRAMES and st.stack[-1][1] == s:
        st.stack.pop()
    frame = st.stack.pop() if st.stack else None
    if frame is None or frame[0] != "phase_b" or frame[1] != s:
        raise RuntimeError(f"great-western-trail: a cattleman move outside phase B ({frame})")


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
    st.stack.append(["pick_pair", s, op.money])


@operation("discard_any", lambda st, s, op, space: bool(cattle_in_hand(st, s)))
def _discard_any(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["pick_card", s, "cattle", op.id])


def _has_objective_card(st: St, s: int, op: Op, space: int) -> bool:
    return any(st.hand[s][k] for k in range(A.OBJ0, A.K))


@operation("discard_objective", _has_objective_card)
def _discard_objective(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["pick_card", s, "objective", op.id])


@operation("discard_engine", lambda st, s, op, space: in_hand(st, s, op.breed) and bool(
    R.engine_targets(st, s, True, op.spaces, exact=True)))
def _discard_engine(st: St, s: int, op: Op, space: int) -> None:
    R.discard_card(st, s, op.breed)
    st.stack.append(["engine_fwd", s, op.spaces, 1])


@operation("hire", lambda st, s, op, space: next(
    hireable_cells(st, s, -op.discount), None) is not None)
def _hire(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["hire", s, -op.discount, 0])


@operation("build", lambda st, s, op, space: can_build(st, s, op.per_craftsman))
def _build(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["build", s, op.per_craftsman, 0])


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
    st.stack.append(["engine_fwd", s, op.spaces])


def _can_engine_per_engineer(st: St, s: int, op: Op, space: int) -> bool:
    return _can_engine(st, s, st.workers[s][2])


@operation("engine_per_engineer", _can_engine_per_engineer)
def _engine_per_engineer(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["engine_fwd", s, st.workers[s][2]])


def _can_engine_per_woods(st: St, s: int, op: Op, space: int) -> bool:
    n = own_woods(st, s)
    return n > 0 and _can_engine(st, s, n)


@operation("engine_per_woods", _can_engine_per_woods)
def _engine_per_woods(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["engine_fwd", s, own_woods(st, s)])


@operation("engine_back", lambda st, s, op, space: bool(
    R.engine_targets(st, s, False, op.spaces, exact=True)))
def _engine_back(st: St, s: int, op: Op, space: int) -> None:
    R.gain_money(st, s, op.money)
    st.stack.append(["engine_back", s, op.spaces])


def _can_pay_engine(st: St, s: int, op: Op, space: int) -> bool:
    return st.money[s] >= op.cost and _can_engine(st, s, op.spaces)


@operation("pay_engine", _can_pay_engine)
def _pay_engine(st: St, s: int, op: Op, space: int) -> None:
    R.gain_money(st, s, -op.cost)
    st.stack.append(["engine_fwd", s, op.spaces])


@operation("remove_hazard", lambda st, s, op, space: bool(hazard_choices(st, s, op.cost)))
def _remove_hazard(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["remove_hazard", s, op.cost])


def _can_move(st: St, s: int, op: Op, space: int) -> bool:
    return bool(R.next_locations(st, st.cattleman[s]))


@operation("move", _can_move)
def _move(st: St, s: int, op: Op, space: int) -> None:
    end_local_actions(st, s)  # this location's phase B ends; phase B follows at the new one
    st.stack.append(["move", s, op.steps, 0, "local"])


@operation("take_objective", lambda st, s, op, space: bool(st.obj_display or st.obj_deck))
def _take_objective(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["take_obj", s, "discard"])


@operation("trade", lambda st, s, op, space: bool(teepee_choices(st, s)))
def _trade(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["trade", s])


@operation("aux", lambda st, s, op, space: bool(R.aux_options(st, s, True)))
def _aux(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["aux_choice", s, 1])


def _can_buy(st: St, s: int, op: Op, space: int) -> bool:
    return bool(_buy_legal(st, ["buy", s, st.workers[s][0]])[:-1])


@operation("buy", _can_buy)
def _buy(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["buy", s, st.workers[s][0]])


@operation("extraordinary_delivery",
           lambda st, s, op, space: bool(R.engine_targets(st, s, False, NO_LIMIT)))
def _extraordinary_delivery(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["xd_engine", s])


def _has_cowboys(st: St, s: int, op: Op, space: int) -> bool:
    return st.workers[s][0] > 0


@operation("draw_cowboys", _has_cowboys)
def _draw_cowboys(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["draw_upto", s, st.workers[s][0]])


@operation("use_adjacent", lambda st, s, op, space: bool(adjacent_buildings(st, s, space)))
def _use_adjacent(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["adjacent", s, space])


@operation("upgrade_behind", lambda st, s, op, space: bool(stations_behind(st, s)))
def _upgrade_behind(st: St, s: int, op: Op, space: int) -> None:
    st.stack.append(["upgrade_behind", s])


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


# ------------------------------------------------------------------ frames
@decision("hire")
def _hire_legal(st: St, frame: Frame) -> list[int]:
    out = hire_choices(st, frame[1], frame[2])
    return [*out, A.DECLINE] if out and frame[3] else out


@chooser("hire")
def _hire_choose(st: St, frame: Frame, aid: int) -> None:
    s, modifier = frame[1], frame[2]
    st.stack.pop()
    if aid == A.DECLINE:
        return
    cell = aid - A.HIRE
    tile = st.jm[cell]
    cost = max(0, HIRE_COSTS[cell // A.JM_COLS] + modifier)
    st.jm[cell] = -1
    st.workers[s][tile] += 1
    st.log(f"{st.name(s)} hires a {WORKERS[tile]} from row {cell // A.JM_COLS + 1}")
    R.gain_money(st, s, -cost)
    slot = st.workers[s][tile]
    if (tile, slot) in BONUSES:
        st.stack.append(["bonus", s, tile, slot])


#: Worker-row bonuses (B6.4, U4; from the data): (worker, slot) -> its id (the bonus kind).
BONUSES = WORKER_BONUSES
#: Worker-row bonuses as ops: (worker, slot) -> Op.
BONUS_OPS = WORKER_BONUS_OPS


def bonus_op(frame: Frame) -> Op:
    """The worker-row bonus a ``bonus`` frame offers."""
    return BONUS_OPS[(frame[2], frame[3])]


def _bonus_hire_modifier(st: St) -> int:
    """The engineer row's hire bonus: cheaper by the option's discount (U3)."""
    return -int(st.options.engineer_hire_discount)


def _bonus_hire(st: St, s: int, op: Op, aid: int) -> None:
    frame: Frame = ["hire", s, _bonus_hire_modifier(st), 0]
    st.stack.append(frame)
    _hire_choose(st, frame, aid)


class Bonus(NamedTuple):
    """What a worker-row bonus offers (``choices(st, s, op)``: action ids, empty when it
    cannot be taken) and does with the one chosen (``take(st, s, op, aid)``)."""

    choices: Callable[[St, int, Op], list[int]]
    take: Callable[[St, int, Op, int], None]


#: The operations a worker-row bonus may be (``Op.op``) -> its rule.
BONUS_OPERATIONS: dict[str, Bonus] = {
    "remove_hazard": Bonus(lambda st, s, op: hazard_choices(st, s, op.cost),
                           lambda st, s, op, aid: take_hazard(st, s, aid, op.cost)),
    "trade": Bonus(lambda st, s, op: teepee_choices(st, s),
                   lambda st, s, op, aid: take_teepee(st, s, aid)),
    "build": Bonus(lambda st, s, op: build_numbers(st, s, op.per_craftsman),
                   lambda st, s, op, aid: st.stack.append(
                       ["build_place", s, op.per_craftsman, aid - A.BUILD + 1])),
    "hire": Bonus(lambda st, s, op: hire_choices(st, s, _bonus_hire_modifier(st)), _bonus_hire),
    "discard": Bonus(lambda st, s, op: [A.ACCEPT] if in_hand(st, s, op.breed) else [],
                     lambda st, s, op, aid: _discard(st, s, op, -1)),
}
for (_w, _slot), _bonus in BONUS_OPS.items():
    if _bonus.op not in BONUS_OPERATIONS:
        raise DataError(f"worker-row bonus {WORKERS[_w]} {_slot}: {_bonus.id!r} is a "
                        f"{_bonus.op!r}, not a bonus operation ({', '.join(BONUS_OPERATIONS)})")


@decision("bonus")
def _bonus_legal(st: St, frame: Frame) -> list[int]:
    op = bonus_op(frame)
    out = BONUS_OPERATIONS[op.op].choices(st, frame[1], op)
    return [*out, A.DECLINE] if out else []


@chooser("bonus")
def _bonus_choose(st: St, frame: Frame, aid: int) -> None:
    op = bonus_op(frame)
    st.stack.pop()
    if aid != A.DECLINE:
        BONUS_OPERATIONS[op.op].take(st, frame[1], op, aid)


@decision("build")
def _build_legal(st: St, frame: Frame) -> list[int]:
    out = build_numbers(st, frame[1], frame[2])
    return [*out, A.DECLINE] if out and frame[3] else out


@chooser("build")
def _build_choose(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    if aid != A.DECLINE:
        st.stack.append(["build_place", frame[1], frame[2], aid - A.BUILD + 1])


@decision("build_place")
def _build_place_legal(st: St, frame: Frame) -> list[int]:
    return build_targets(st, frame[1], frame[3], frame[2])


@chooser("build_place")
def _build_place_choose(st: St, frame: Frame, aid: int) -> None:
    s, per, number = frame[1], frame[2], frame[3]
    st.stack.pop()
    space = aid - A.PLACE
    slot = R.PRIVATE_SLOT[space]
    old = st.private_at[slot]
    need = craftsmen_needed(st, number)
    if old >= 0:
        need -= craftsmen_needed(st, old % 10 + 1)
        st.bld_removed[s] += 1
        st.log(f"{st.name(s)} replaces building {old % 10 + 1} (it leaves the game)")
        # the new building cannot be used this turn, nor can the old one (facts B6.3)
        for under in st.stack:
            if under[0] == "phase_b" and under[1] == s and under[2] == space:
                under[3] = (1 << 8) - 1
    st.private_at[slot] = s * 10 + number - 1
    st.avail[s][number - 1] = 0
    R.gain_money(st, s, -need * per)
    st.log(f"{st.name(s)} places building {number}{'ab'[st.side[number - 1]]} on "
           f"{SPACES[space].key}")


def _buy_legal(st: St, frame: Frame) -> list[int]:
    s, cowboys = frame[1], frame[2]
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


R.LEGAL["buy"] = _buy_legal
R.DECIDE["buy"] = lambda st, frame: int(frame[1])


@chooser("buy")
def _buy_choose(st: St, frame: Frame, aid: int) -> None:
    s = frame[1]
    if aid == A.DONE:
        st.stack.pop()
        return
    if aid == A.ADD_MARKET:
        frame[2] -= 1
        st.log(f"{st.name(s)} uses a cowboy to add 2 cards to the cattle market")
        st.stack.append(["mdraw", -1, 2])
        return
    if aid < A.BUY2:
        k, opt = A.BUY_ONE[aid - A.BUY1]
        kinds = [k]
    else:
        a, b, opt = A.BUY_PAIRS[aid - A.BUY2]
        kinds = [a, b]
    _v, need, _c, cost = BUY_OPTIONS[opt]
    frame[2] -= need
    for k in kinds:
        st.market[k] -= 1
        st.discard[s][k] += 1
        st.log(f"{st.name(s)} buys {CATTLE[k].name}")
    R.gain_money(st, s, -cost)


@decision("trade")
def _trade_legal(st: St, frame: Frame) -> list[int]:
    return teepee_choices(st, frame[1])


@chooser("trade")
def _trade_choose(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    take_teepee(st, frame[1], aid)


@decision("remove_hazard")
def _rh_legal(st: St, frame: Frame) -> list[int]:
    return hazard_choices(st, frame[1], frame[2])


@chooser("remove_hazard")
def _rh_choose(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    take_hazard(st, frame[1], aid, frame[2])


@decision("pick_pair")
def _pair_legal(st: St, frame: Frame) -> list[int]:
    return pairs_in_hand(st, frame[1])


@chooser("pick_pair")
def _pair_choose(st: St, frame: Frame, aid: int) -> None:
    s = frame[1]
    st.stack.pop()
    a, b = A.PAIRS[aid - A.PAIR]
    R.discard_card(st, s, a)
    R.discard_card(st, s, b)
    R.gain_money(st, s, frame[2])


@decision("pick_card")
def _pick_legal(st: St, frame: Frame) -> list[int]:
    s = frame[1]
    kinds = range(A.NC) if frame[2] == "cattle" else range(A.OBJ0, A.K)
    return [A.DISCARD + k for k in kinds if st.hand[s][k] > 0]


@chooser("pick_card")
def _pick_choose(st: St, frame: Frame, aid: int) -> None:
    s, op = frame[1], OPS_BY_ID[frame[3]]
    st.stack.pop()
    R.discard_card(st, s, aid - A.DISCARD)
    R.gain_money(st, s, op.money)
    R.gain_certs(st, s, op.certificates)
    if op.objective and (st.obj_display or st.obj_deck):
        st.stack.append(["take_obj", s, "hand"])


@decision("adjacent")
def _adj_legal(st: St, frame: Frame) -> list[int]:
    return adjacent_buildings(st, frame[1], frame[2])


@chooser("adjacent")
def _adj_choose(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    st.stack.append(["borrow", frame[1], aid - A.ADJ, 0])


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


@decision("borrow")
def _borrow_legal(st: St, frame: Frame) -> list[int]:
    s, space, used = frame[1], frame[2], frame[3]
    out = []
    for i, slot in enumerate(_borrow_slots(st, s, space)):
        if not used >> i & 1:
            out += [A.LOCAL + A.OP_INDEX[op.id] for op in slot if op_possible(st, s, op, space)]
    return [*out, A.DONE]


@chooser("borrow")
def _borrow_choose(st: St, frame: Frame, aid: int) -> None:
    s, space = frame[1], frame[2]
    if aid == A.DONE:
        st.stack.pop()
        return
    name = A.OPS[aid - A.LOCAL]
    for i, slot in enumerate(_borrow_slots(st, s, space)):
        if any(op.id == name for op in slot):
            frame[3] |= 1 << i
    st.log(f"{st.name(s)} (on {SPACES[space].key}): {A.OP_TEXT[name]}")
    apply_op(st, s, OPS_BY_ID[name], space)


@decision("upgrade_behind")
def _ub_legal(st: St, frame: Frame) -> list[int]:
    return stations_behind(st, frame[1])


@chooser("upgrade_behind")
def _ub_choose(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    R.upgrade_station(st, frame[1], aid - A.UPGRADE)


@decision("xd_engine")
def _xd_engine_legal(st: St, frame: Frame) -> list[int]:
    return [A.ENGINE + p for p in R.engine_targets(st, frame[1], False, NO_LIMIT)]


@chooser("xd_engine")
def _xd_engine_choose(st: St, frame: Frame, aid: int) -> None:
    s = frame[1]
    st.stack.pop()
    pos = aid - A.ENGINE
    dist = R.engine_distances(st, s, False)[pos]
    moved = dist - (1 if pos % 2 else 0)
    st.engine[s] = pos
    st.log(f"{st.name(s)} moves the engine back to {A.pos_name(pos)} ({moved} space(s))")
    st.stack.append(["xd_city", s, moved])


@decision("xd_city")
def _xd_city_legal(st: St, frame: Frame) -> list[int]:
    s, limit = frame[1], frame[2]
    return [A.CITY + c.index for c in CITIES if c.value <= limit
            and (c.repeat or not st.city_discs[s][c.index])
            and R.city_disc_possible(st, s, c.index, 0)]


@chooser("xd_city")
def _xd_city_choose(st: St, frame: Frame, aid: int) -> None:
    s = frame[1]
    st.stack.pop()
    st.log(f"{st.name(s)} makes an extraordinary delivery to {CITIES[aid - A.CITY].name}")
    st.stack.append(["disc", s, "city", aid - A.CITY])


__all__ = ["OBJECTIVES", "OPERATIONS", "apply_op", "op_possible"]
