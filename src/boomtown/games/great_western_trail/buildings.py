"""Local actions of the neutral and private buildings, hiring, building, buying cattle,
trading with the Indians and removing hazards (facts B6, B3.2, B6.4, B6.5)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail.data import (
    BUY_OPTIONS,
    CATTLE,
    CATTLE_KEY,
    CITIES,
    HAZARD_TYPES,
    NEUTRAL,
    OBJECTIVES,
    PRIVATE,
    PRIVATE_BY,
    PRIVATE_SPACES,
    SETUP,
    SPACES,
    TEEPEE_GREEN,
    TEEPEE_VALUES,
    WORKER_BONUSES,
    WORKERS,
    tile_name,
)
from boomtown.games.great_western_trail.rules import Frame, chooser, decision

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

JERSEY = CATTLE_KEY["jersey"]
HIRE_COSTS: tuple[int, ...] = tuple(SETUP["hire_costs"])
DISCARD_OPS: dict[str, tuple[int, int, int]] = {
    "discard_guernsey_2": (CATTLE_KEY["guernsey"], 2, 0),
    "discard_dutch_belt_2": (CATTLE_KEY["dutch_belt"], 2, 0),
    "discard_black_angus_2": (CATTLE_KEY["black_angus"], 2, 0),
    "discard_guernsey_4": (CATTLE_KEY["guernsey"], 4, 0),
    "discard_holstein_10": (CATTLE_KEY["holstein"], 10, 0),
    "discard_dutch_belt_3": (CATTLE_KEY["dutch_belt"], 3, 0),
    "discard_black_angus_certs": (CATTLE_KEY["black_angus"], 0, 2),
    "risk_jersey_cert_money": (JERSEY, 2, 1),
}
HIRE_OPS = {"hire": 0, "hire_extra": 2, "hire_cheap": -1}
ENGINE_OPS = {"engine_2": 2, "engine_3": 3, "engine_4": 4}
MOVE_OPS = {"move_1": 1, "move_2": 2, "move_3": 3, "move_4": 4, "move_5": 5}
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


def op_possible(st: St, s: int, op: str, space: int) -> bool:
    if op in DISCARD_OPS:
        return in_hand(st, s, DISCARD_OPS[op][0])
    if op in HIRE_OPS:
        return next(hireable_cells(st, s, HIRE_OPS[op]), None) is not None
    if op == "build_2":
        return can_build(st, s, 2)
    if op in ("certificate_1", "money_per_woods", "certs_to_limit", "money_per_engineer",
              "money_4", "teepee_pairs", "aux"):
        return op != "aux" or bool(R.aux_options(st, s, True))
    if op == "take_objective":
        return bool(st.obj_display or st.obj_deck)
    if op == "engine_engineers":
        return bool(R.engine_targets(st, s, True, st.workers[s][2]))
    if op in ENGINE_OPS:
        return bool(R.engine_targets(st, s, True, ENGINE_OPS[op]))
    if op == "engine_woods":
        n = own_woods(st, s)
        return n > 0 and bool(R.engine_targets(st, s, True, n))
    if op == "trade":
        return bool(teepee_choices(st, s))
    if op == "pay2_engine2":
        return st.money[s] >= 2 and bool(R.engine_targets(st, s, True, 2))
    if op == "buy":
        return bool(_buy_legal(st, ["buy", s, st.workers[s][0]])[:-1])
    if op in ("discard_pair_4", "discard_pair_3"):
        return bool(pairs_in_hand(st, s))
    if op == "remove_hazard_7":
        return bool(hazard_choices(st, s, 7))
    if op == "remove_hazard_5":
        return bool(hazard_choices(st, s, 5))
    if op in MOVE_OPS:
        return bool(R.next_locations(st, st.cattleman[s]))
    if op == "extra_delivery":
        return bool(R.engine_targets(st, s, False, 200))
    if op == "discard_objective_certs":
        return any(st.hand[s][k] for k in range(A.OBJ0, A.K))
    if op == "engine_back_money":
        return bool(R.engine_targets(st, s, False, 1, exact=True))
    if op == "discard_jersey_engine":
        return in_hand(st, s, JERSEY) and bool(R.engine_targets(st, s, True, 1, exact=True))
    if op == "draw_cowboys":
        return st.workers[s][0] > 0
    if op in ("discard_any_objective_hand", "risk_any_cert"):
        return bool(cattle_in_hand(st, s))
    if op == "use_adjacent":
        return bool(adjacent_buildings(st, s, space))
    if op == "upgrade_behind":
        return bool(stations_behind(st, s))
    raise ValueError(f"unknown local action {op}")


def apply_op(st: St, s: int, op: str, space: int) -> None:
    push = st.stack.append
    if op in DISCARD_OPS:
        k, money, certs = DISCARD_OPS[op]
        R.discard_card(st, s, k)
        R.gain_money(st, s, money)
        R.gain_certs(st, s, certs)
    elif op in HIRE_OPS:
        push(["hire", s, HIRE_OPS[op], 0])
    elif op == "build_2":
        push(["build", s, 2, 0])
    elif op == "certificate_1":
        R.gain_certs(st, s, 1)
    elif op == "money_per_woods":
        R.gain_money(st, s, 2 * own_woods(st, s))
    elif op == "certs_to_limit":
        st.cert[s] = max(st.cert[s], R.cert_limit_index(st, s))
    elif op == "money_per_engineer":
        R.gain_money(st, s, st.workers[s][2])
    elif op == "money_4":
        R.gain_money(st, s, 4)
    elif op == "teepee_pairs":
        pairs = min(st.teepees[s])
        R.gain_certs(st, s, 2 * pairs)
        R.gain_money(st, s, 2 * pairs)
    elif op == "aux":
        push(["aux_choice", s, 1])
    elif op == "take_objective":
        push(["take_obj", s, "discard"])
    elif op == "engine_engineers":
        push(["engine_fwd", s, st.workers[s][2]])
    elif op in ENGINE_OPS:
        push(["engine_fwd", s, ENGINE_OPS[op]])
    elif op == "engine_woods":
        push(["engine_fwd", s, own_woods(st, s)])
    elif op == "trade":
        push(["trade", s])
    elif op == "pay2_engine2":
        R.gain_money(st, s, -2)
        push(["engine_fwd", s, 2])
    elif op == "buy":
        push(["buy", s, st.workers[s][0]])
    elif op in ("discard_pair_4", "discard_pair_3"):
        push(["pick_pair", s, 4 if op.endswith("4") else 3])
    elif op == "remove_hazard_7":
        push(["remove_hazard", s, 7])
    elif op == "remove_hazard_5":
        push(["remove_hazard", s, 5])
    elif op in MOVE_OPS:
        end_local_actions(st, s)  # this location's phase B ends; phase B follows at the new one
        push(["move", s, MOVE_OPS[op], 0, "local"])
    elif op == "extra_delivery":
        push(["xd_engine", s])
    elif op == "discard_objective_certs":
        push(["pick_card", s, "objective", "certs2"])
    elif op == "engine_back_money":
        R.gain_money(st, s, 3)
        push(["engine_back", s, 1])
    elif op == "discard_jersey_engine":
        R.discard_card(st, s, JERSEY)
        push(["engine_fwd", s, 1, 1])
    elif op == "draw_cowboys":
        push(["draw_upto", s, st.workers[s][0]])
    elif op == "discard_any_objective_hand":
        push(["pick_card", s, "cattle", "money3_objective"])
    elif op == "risk_any_cert":
        push(["pick_card", s, "cattle", "cert1"])
    elif op == "use_adjacent":
        push(["adjacent", s, space])
    elif op == "upgrade_behind":
        push(["upgrade_behind", s])
    else:
        raise ValueError(f"unknown local action {op}")


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


#: Worker-row bonuses (B6.4, U4; from the data): (worker, slot) -> kind.
BONUSES = WORKER_BONUSES


@decision("bonus")
def _bonus_legal(st: St, frame: Frame) -> list[int]:
    s, kind = frame[1], BONUSES[(frame[2], frame[3])]
    if kind == "hazard":
        out = hazard_choices(st, s, 0)
    elif kind == "trade":
        out = teepee_choices(st, s)
    elif kind == "build":
        out = build_numbers(st, s, 1)
    elif kind == "hire":
        out = hire_choices(st, s, -st.options.engineer_hire_discount)
    else:
        out = [A.ACCEPT] if in_hand(st, s, JERSEY) else []
    return [*out, A.DECLINE] if out else []


@chooser("bonus")
def _bonus_choose(st: St, frame: Frame, aid: int) -> None:
    s, kind = frame[1], BONUSES[(frame[2], frame[3])]
    st.stack.pop()
    if aid == A.DECLINE:
        return
    if kind == "hazard":
        take_hazard(st, s, aid, 0)
    elif kind == "trade":
        take_teepee(st, s, aid)
    elif kind == "build":
        st.stack.append(["build_place", s, 1, aid - A.BUILD + 1])
    elif kind == "hire":
        frame2: Frame = ["hire", s, -st.options.engineer_hire_discount, 0]
        st.stack.append(frame2)
        _hire_choose(st, frame2, aid)
    else:
        R.discard_card(st, s, JERSEY)
        if kind == "jersey_cert1":
            R.gain_certs(st, s, 1)
        elif kind == "jersey_cert2":
            R.gain_certs(st, s, 2)
        else:
            R.gain_money(st, s, int(kind[-1]))


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
    s, reward = frame[1], frame[3]
    st.stack.pop()
    R.discard_card(st, s, aid - A.DISCARD)
    if reward == "certs2":
        R.gain_certs(st, s, 2)
    elif reward == "cert1":
        R.gain_certs(st, s, 1)
    elif reward == "money3_objective":
        R.gain_money(st, s, 3)
        if st.obj_display or st.obj_deck:
            st.stack.append(["take_obj", s, "hand"])


@decision("adjacent")
def _adj_legal(st: St, frame: Frame) -> list[int]:
    return adjacent_buildings(st, frame[1], frame[2])


@chooser("adjacent")
def _adj_choose(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    st.stack.append(["borrow", frame[1], aid - A.ADJ, 0])


def _borrow_slots(st: St, s: int, space: int) -> tuple[tuple[str, ...], ...]:
    """The local-action slots 8b lends seat ``s`` at ``space``: every local action of the
    building, moves and 8b included; the space's risk action only when the building is the
    seat's own (a risk action "can be performed by its owner", rulebook)."""
    b = R.building_at(st, space)
    if b is None:
        return ()
    if b[0] < 0:
        return NEUTRAL[b[1]].slots
    slots = PRIVATE[b[1]].slots
    return slots + R.RISK_SLOTS[space] if b[0] == s else slots


@decision("borrow")
def _borrow_legal(st: St, frame: Frame) -> list[int]:
    s, space, used = frame[1], frame[2], frame[3]
    out = []
    for i, slot in enumerate(_borrow_slots(st, s, space)):
        if not used >> i & 1:
            out += [A.LOCAL + A.OP_INDEX[op] for op in slot if op_possible(st, s, op, space)]
    return [*out, A.DONE]


@chooser("borrow")
def _borrow_choose(st: St, frame: Frame, aid: int) -> None:
    s, space = frame[1], frame[2]
    if aid == A.DONE:
        st.stack.pop()
        return
    op = A.OPS[aid - A.LOCAL]
    for i, slot in enumerate(_borrow_slots(st, s, space)):
        if op in slot:
            frame[3] |= 1 << i
    st.log(f"{st.name(s)} (on {SPACES[space].key}): {A.OP_TEXT[op]}")
    apply_op(st, s, op, space)


@decision("upgrade_behind")
def _ub_legal(st: St, frame: Frame) -> list[int]:
    return stations_behind(st, frame[1])


@chooser("upgrade_behind")
def _ub_choose(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    R.upgrade_station(st, frame[1], aid - A.UPGRADE)


@decision("xd_engine")
def _xd_engine_legal(st: St, frame: Frame) -> list[int]:
    return [A.ENGINE + p for p in R.engine_targets(st, frame[1], False, 200)]


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


__all__ = ["OBJECTIVES", "apply_op", "op_possible"]
