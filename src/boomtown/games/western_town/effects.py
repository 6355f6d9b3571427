"""Card effects: the step interpreter and the choices it offers.

A card's played, exploit or tile effect is a list of steps in the data file. The
``steps`` frame runs them one by one; a step that needs a decision pushes an
``ask`` frame listing (action id, payload) pairs. Conditional parts may be
skipped; unconditional parts are applied as far as possible (facts sheet, FAQ 2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boomtown.games.western_town import actions as A
from boomtown.games.western_town.data import DATA, RES_INDEX, RES_NAMES
from boomtown.games.western_town.state import HAND, HOMESTEAD, INACTIVE, OFF, K, S
from boomtown.games.western_town.steps import EXPLOIT_LIST, LAY_LIST, PLAY_LIST, STEPLISTS, norm

if TYPE_CHECKING:
    from boomtown.games.western_town.state import WesternTownState as St

Pay = tuple[tuple[str, int], ...]

CONSTANT_INCOME: dict[int, dict[str, int]] = {
    c.index: dict(c.tile.constant["income"])
    for c in DATA.cards
    if c.tile is not None and "income" in c.tile.constant
}


def _plus(a: Pay, b: Pay) -> Pay:
    d: dict[str, int] = {}
    for r, n in a + b:
        d[r] = d.get(r, 0) + n
    return norm(d)


# ------------------------------------------------------------------ frames
def start(st: St, s: int, lid: int, ctx: int, chain: tuple[int, ...]) -> None:
    """Begin a card's effect now (a new 'turn' for the die: earlier raids don't cancel it)."""
    push_start(st, s, lid, ctx, chain)


def push_start(st: St, s: int, lid: int, ctx: int, chain: tuple[int, ...]) -> None:
    st.stack.append(("steps", s, lid, 0, ctx, chain))
    st.stack.append(("fresh",))


def _fresh(st: St, frame: tuple[Any, ...]) -> None:
    st.raided = 0


def _steps(st: St, frame: tuple[Any, ...]) -> None:
    _, s, lid, i, ctx, chain = frame
    steps = STEPLISTS[lid]
    if i >= len(steps):
        return
    if i + 1 < len(steps):
        st.stack.append(("steps", s, lid, i + 1, ctx, chain))
    _exec(st, s, lid, i, ctx, chain)


def _step(st: St, frame: tuple[Any, ...]) -> None:
    _, s, lid, i, ctx, chain = frame
    _exec(st, s, lid, i, ctx, chain)


def ask(
    st: St,
    s: int,
    options: list[tuple[int, tuple[Any, ...]]],
    prompt: str,
    optional: bool = False,
    force_ask: bool = False,
) -> None:
    """Offer ``options`` to seat ``s``; a single forced option is applied at once."""
    if not options:
        return
    if len(options) == 1 and not optional and not force_ask:
        do(st, options[0][1])
        return
    options.sort(key=lambda o: o[0])
    st.stack.append(("ask", s, tuple(options), prompt))


def legal_ask(st: St, frame: tuple[Any, ...]) -> list[int]:
    return [aid for aid, _ in frame[2]]


def choose_ask(st: St, frame: tuple[Any, ...], aid: int) -> None:
    st.stack.pop()
    for option, payload in frame[2]:
        if option == aid:
            do(st, payload)
            return
    raise AssertionError("legality was checked before")


# ------------------------------------------------------------------ steps
def _exec(st: St, s: int, lid: int, i: int, ctx: int, chain: tuple[int, ...]) -> None:
    step = STEPLISTS[lid][i]
    op = step["op"]
    if op == "gain":
        gained = [(r, st.gain(s, RES_INDEX[r], n)) for r, n in step["_gain"]]
        if any(n for _, n in gained):
            got = ", ".join(f"{n} {RES_NAMES[r]}" for r, n in gained if n)
            st.log(f"{st.name(s)} takes {got}")
        return
    if op == "gain_per":
        n = _amount_of(st, s, step["of"]) // step["per"]
        if n:
            st.gain(s, RES_INDEX[step["res"]], n)
            st.log(f"{st.name(s)} takes {n} {RES_NAMES[step['res']]}")
        return
    if op == "roll":
        if not st.raided:
            st.stack.append(("die", s))
        return
    options = step_options(st, s, lid, i, ctx, chain)
    optional = bool(step.get("optional")) or op in ("convert_repeat", "repair_repeat", "retrieve")
    prompt = _STEP_PROMPT.get(op, str(op))
    if optional:
        if not options:
            return
        options.append((A.STOP if op in _REPEATING else A.SKIP, ("skip",)))
    ask(st, s, options, prompt, optional=optional)


_REPEATING = ("convert_repeat", "repair_repeat", "retrieve")
_STEP_PROMPT = {
    "choose_gain": "choose what to take",
    "convert": "optional exchange",
    "convert_any": "optional exchange",
    "convert_repeat": "exchange again or stop",
    "repair_repeat": "pay to remove a destroyed marker, or stop",
    "either": "choose one effect",
    "build": "choose a building to construct",
    "replay": "choose a face-up card to replay",
    "repair": "choose a destroyed building to repair",
    "steal": "choose a player to take from",
    "peek": "choose an opponent whose hand to look at",
    "retrieve": "take a card back from the inactive pile, or stop",
}


def step_options(
    st: St, s: int, lid: int, i: int, ctx: int, chain: tuple[int, ...]
) -> list[tuple[int, tuple[Any, ...]]]:
    """The (action id, payload) pairs a decision step offers now (no skip/stop)."""
    step = STEPLISTS[lid][i]
    op = step["op"]
    again = ("step", s, lid, i, ctx, chain)
    if op == "gain":
        return [(step["_txn"], ("txn", s, (), step["_gain"], -1, None))]
    if op == "choose_gain":
        return [(txn, ("txn", s, (), gain, -1, None)) for gain, txn in step["_opts"]]
    if op == "convert":
        pay = step["_pay"]
        if not st.can_pay(s, pay):
            return []
        then = step.get("_then", -1)
        then_frame = ("steps", s, then, 0, ctx, chain) if then >= 0 else None
        return [(step["_txn"], ("txn", s, pay, step["_gain"], -1, then_frame))]
    if op == "convert_any":
        gain = step["_gain"]
        return [
            (txn, ("txn", s, pay, gain, -1, None))
            for pay, txn in step["_combos"]
            if st.can_pay(s, pay)
        ]
    if op == "convert_repeat":
        gain = step["_gain"]
        return [
            (txn, ("txn", s, pay, gain, -1, again))
            for r, pay, txn in step["_opts"]
            if st.r(s, RES_INDEX[r]) >= 1
        ]
    if op == "repair_repeat":
        pay = step["_pay"]
        if not st.can_pay(s, pay):
            return []
        return [(A.REPAIR + x, ("repair", s, x, pay, again)) for x in destroyed_sites(st, s)]
    if op == "repair":
        return [(A.REPAIR + x, ("repair", s, x, (), None)) for x in destroyed_sites(st, s)]
    if op == "either":
        out = []
        for blid in step["_branches"]:
            rest = ("steps", s, blid, 1, ctx, chain) if len(STEPLISTS[blid]) > 1 else None
            for aid, payload in step_options(st, s, blid, 0, ctx, chain):
                out.append((aid, ("then", payload, rest)))
        return out
    if op == "build":
        one_of = step["_one_of"]
        if not one_of:
            return [(A.BUILD + k, ("build", s, k)) for k in buildable(st, s, step["_extra"])]
        return [
            (txn, ("build_pay", s, pay))
            for pay, txn in one_of
            if st.can_pay(s, pay) and buildable(st, s, pay)
        ]
    if op == "replay":
        colours = step["colours"]
        return [
            (A.REPLAY + k, ("replay", s, k, (*chain, k)))
            for k in range(K)
            if st.z(s, 2, k) and DATA.cards[k].colour in colours and k not in chain
        ]
    if op == "steal":
        res = step["res"]
        ri = RES_INDEX[res]
        if step["from"] == "exploited":
            seats = [ctx] if ctx >= 0 else []
        elif step["from"] == "neighbour":
            seats = st.neighbours(s)
        else:
            seats = [t for t in st.groups[st.group_of(s)] if t != s]
        return [
            (A.SEAT_STEAL + t, ("steal", s, t, res)) for t in sorted(seats) if st.r(t, ri) > 0
        ]
    if op == "peek":
        return [
            (A.SEAT_PEEK + t, ("peek", s, t)) for t in st.groups[st.group_of(s)] if t != s
        ]
    if op == "retrieve":
        inactive = st.zone_list(s, INACTIVE)
        left = step["up_to"]
        return [(A.RETRIEVE + k, ("retrieve", s, k, left)) for k in range(K) if inactive[k]]
    raise ValueError(f"unknown effect op {op!r}")


def _amount_of(st: St, s: int, what: str) -> int:
    if what == "pink_homes":
        return st.pink_homes(s)
    return st.r(s, RES_INDEX[what])


def destroyed_sites(st: St, s: int) -> list[int]:
    base = s * S
    return [x for x in range(S) if st.destroyed[base + x]]


# ------------------------------------------------------------------ exploit legality
def _always_productive(k: int) -> bool:
    """The exploit effect contains a plain gain of something other than Lure."""
    return any(
        step["op"] == "gain" and any(r != "L" for r, _ in step["_gain"])
        for step in STEPLISTS[EXPLOIT_LIST[k]]
    )


#: Kinds that have an exploit effect (green cards have none), in id order.
EXPLOITABLE = [c.index for c in DATA.cards if not c.green and c.exploit]
_ALWAYS = [_always_productive(k) for k in range(K)]
_NEEDS_BUILDING = [c.building != "none" for c in DATA.cards]


def can_exploit(st: St, s: int, k: int, t: int) -> bool:
    """Seat ``s`` may exploit ``t``'s face-up card ``k`` (card presence checked by the caller)."""
    if _NEEDS_BUILDING[k] and not st.bcount[s * K + k]:
        return False
    card = DATA.cards[k]
    if card.green or not card.exploit:
        return False
    for what, n in card.exploit_requires.items():
        if _amount_of(st, s, what) < n:
            return False
    if _ALWAYS[k]:
        return True
    lid = EXPLOIT_LIST[k]
    return any(_productive(st, s, lid, i, t) for i in range(len(STEPLISTS[lid])))


def _productive(st: St, s: int, lid: int, i: int, ctx: int) -> bool:
    """Whether step ``i`` would change anything now (an exploit must produce an effect)."""
    step = STEPLISTS[lid][i]
    op = step["op"]
    if op == "gain":
        return any(r != "L" or st.r(s, RES_INDEX["P"]) > 0 for r, _ in step["_gain"])
    if op == "gain_per":
        return bool(_amount_of(st, s, step["of"]) // step["per"] > 0)
    if op == "roll":
        return True
    return bool(step_options(st, s, lid, i, ctx, ()))


# ------------------------------------------------------------------ construction
def empty_spaces(st: St, s: int) -> list[int]:
    base = s * S
    return [i for i in A.SPACES if st.site[base + i] < 0]


def _cost_options(k: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every way to pay building ``k``, as (resource index, amount) tuples."""
    tile = DATA.cards[k].tile
    if tile is None:
        return ()
    base = norm(tile.cost)
    ways = [_plus(base, ((r, 1),)) for r in tile.cost_one_of] or [base]
    return tuple(tuple((RES_INDEX[r], n) for r, n in way) for way in ways)


COSTS = [_cost_options(k) for k in range(K)]
MIN_HOMES = [c.tile.min_homes if c.tile else 0 for c in DATA.cards]


def buildable(st: St, s: int, extra: Pay = ()) -> list[int]:
    """Buildings seat ``s`` can construct now, after paying ``extra`` first."""
    base = s * S
    site = st.site
    if all(site[base + i] >= 0 for i in A.SPACES):
        return []
    res = st.res[s * 7 : s * 7 + 7]
    for r, n in extra:
        res[RES_INDEX[r]] -= n
    homes = -1
    out = []
    avail = st.avail
    kb = s * K
    for k in range(K):
        if avail[kb + k] or (k == HOMESTEAD and st.hs_tiles[s] > 0):
            if homes < 0:
                homes = st.homes(s)
            if homes < MIN_HOMES[k]:
                continue
            for way in COSTS[k]:
                if all(res[ri] >= n for ri, n in way):
                    out.append(k)
                    break
    return out


def place_building(st: St, s: int, k: int, space: int) -> None:
    """Lay a tile on an empty space and take its card (only the first homestead gives one)."""
    st.site[s * S + space] = k
    st.bcount[s * K + k] += 1
    if k == HOMESTEAD:
        st.hs_tiles[s] -= 1
        if not st.home_card[s]:
            return
        st.home_card[s] = 0
    else:
        st.avail[s * K + k] = 0
    st.move(s, OFF, HAND, k)
    n = st.num_players
    for v in range(n):
        if v != s:
            st.known[(v * n + s) * K + k] += 1


# ------------------------------------------------------------------ payloads
def do(st: St, payload: tuple[Any, ...]) -> None:
    """Carry out a chosen option."""
    PAYLOADS[payload[0]](st, payload)


def _do_txn(st: St, p: tuple[Any, ...]) -> None:
    _, s, pay, gain, _unused, follow = p
    st.pay(s, pay)
    st.gain_all(s, gain)
    parts = []
    if pay:
        parts.append("discards " + ", ".join(f"{n} {RES_NAMES[r]}" for r, n in pay))
    if gain:
        parts.append("takes " + ", ".join(f"{n} {RES_NAMES[r]}" for r, n in gain))
    if parts:
        st.log(f"{st.name(s)} " + " and ".join(parts))
    if follow is not None:
        st.stack.append(follow)


def _do_skip(st: St, p: tuple[Any, ...]) -> None:
    return


def _do_push(st: St, p: tuple[Any, ...]) -> None:
    st.stack.append(p[1])


def _do_then(st: St, p: tuple[Any, ...]) -> None:
    if p[2] is not None:
        st.stack.append(p[2])
    do(st, p[1])


def _do_build(st: St, p: tuple[Any, ...]) -> None:
    _, s, k = p
    tile = DATA.cards[k].tile
    assert tile is not None
    cost = norm(tile.cost)
    if tile.cost_one_of:
        options = []
        for r in tile.cost_one_of:
            pay = _plus(cost, ((r, 1),))
            if st.can_pay(s, pay):
                options.append((A.txn_id(dict(pay), {}), ("pay_build", s, k, pay)))
        ask(st, s, options, f"pay for the {DATA.cards[k].name}")
        return
    _do_pay_build(st, ("pay_build", s, k, cost))


def _do_build_pay(st: St, p: tuple[Any, ...]) -> None:
    _, s, pay = p
    st.pay(s, pay)
    st.log(f"{st.name(s)} discards " + ", ".join(f"{n} {RES_NAMES[r]}" for r, n in pay)
           + " to build")
    ask(st, s, [(A.BUILD + k, ("build", s, k)) for k in buildable(st, s)],
        "choose a building to construct")


def _do_pay_build(st: St, p: tuple[Any, ...]) -> None:
    _, s, k, pay = p
    st.pay(s, pay)
    ask(st, s, [(A.SPACE + i, ("lay", s, k, i)) for i in empty_spaces(st, s)],
        f"choose a space for the {DATA.cards[k].name}", force_ask=True)


def _do_lay(st: St, p: tuple[Any, ...]) -> None:
    _, s, k, i = p
    place_building(st, s, k, i)
    name = "a homestead" if k == HOMESTEAD else f"the {DATA.cards[k].name}"
    st.log(f"{st.name(s)} builds {name} on space {i}")
    if LAY_LIST[k] >= 0 and STEPLISTS[LAY_LIST[k]]:
        st.stack.append(("steps", s, LAY_LIST[k], 0, -1, (k,)))
    effect = DATA.sites[i].effect
    if effect == "gold":
        st.gain(s, RES_INDEX["G"], 1)
    elif effect == "inhabitants":
        st.gain(s, RES_INDEX["I"], 2)
    elif effect == "wood_for_inhabitants":
        pay, gain = (("I", 2),), (("W", 1),)
        if st.can_pay(s, pay):
            ask(st, s, [(A.txn_id({"I": 2}, {"W": 1}), ("txn", s, pay, gain, -1, None)),
                        (A.SKIP, ("skip",))], "the space lets you trade", optional=True)
    elif effect == "die" and not st.raided:
        st.stack.append(("die", s))


def _do_replay(st: St, p: tuple[Any, ...]) -> None:
    _, s, k, chain = p
    st.log(f"{st.name(s)} replays {DATA.cards[k].name}")
    st.stack.append(("steps", s, PLAY_LIST[k], 0, -1, chain))


def _do_repair(st: St, p: tuple[Any, ...]) -> None:
    _, s, x, pay, again = p
    st.pay(s, pay)
    st.destroyed[s * S + x] = 0
    st.bcount[s * K + st.site[s * S + x]] += 1
    st.log(f"{st.name(s)} repairs the {DATA.cards[st.site[s * S + x]].name} on site {x}")
    if again is not None:
        st.stack.append(again)


def _do_steal(st: St, p: tuple[Any, ...]) -> None:
    _, s, t, res = p
    ri = RES_INDEX[res]
    if st.r(t, ri) > 0:
        st.res[t * 7 + ri] -= 1
        st.res[s * 7 + ri] += 1
        st.log(f"{st.name(s)} takes 1 {RES_NAMES[res]} from {st.name(t)}")


def _do_peek(st: St, p: tuple[Any, ...]) -> None:
    _, s, t = p
    hand = st.zone_list(t, HAND)
    n = st.num_players
    base = (s * n + t) * K
    for k in range(K):
        if hand[k] > st.known[base + k]:
            st.known[base + k] = hand[k]
    cards = ", ".join(DATA.cards[k].name + (f" x{c}" if c > 1 else "")
                      for k, c in enumerate(hand) if c) or "nothing"
    st.log(f"{st.name(s)} looks at {st.name(t)}'s hand: {cards}", frozenset({s}),
           f"{st.name(s)} looks at {st.name(t)}'s hand")
    st.seal()


def _do_retrieve(st: St, p: tuple[Any, ...]) -> None:
    _, s, k, left = p
    st.move(s, INACTIVE, HAND, k)
    st.log(f"{st.name(s)} takes {DATA.cards[k].name} back from the inactive pile",
           frozenset({s}), f"{st.name(s)} takes a card back from the inactive pile")
    left -= 1
    if left > 0:
        options: list[tuple[int, tuple[Any, ...]]] = [
            (A.RETRIEVE + j, ("retrieve", s, j, left))
            for j, c in enumerate(st.zone_list(s, INACTIVE))
            if c
        ]
        if options:
            options.append((A.STOP, ("skip",)))
            ask(st, s, options, _STEP_PROMPT["retrieve"], optional=True)


PAYLOADS: dict[str, Any] = {
    "txn": _do_txn,
    "skip": _do_skip,
    "push": _do_push,
    "then": _do_then,
    "build": _do_build,
    "build_pay": _do_build_pay,
    "pay_build": _do_pay_build,
    "lay": _do_lay,
    "replay": _do_replay,
    "repair": _do_repair,
    "steal": _do_steal,
    "peek": _do_peek,
    "retrieve": _do_retrieve,
}

AUTO: dict[str, Any] = {
    "fresh": _fresh,
    "steps": _steps,
    "step": _step,
}
