"""Card effects: the effect interpreter and the choices it offers.

A card's played, exploit or tile effect is a list of effect steps in the data file. The
:class:`Steps` step of the machine runs them one by one; an effect step that needs a
decision pushes an :class:`Ask` listing (action id, option) pairs, each option an automatic
step of the machine that carries it out (:class:`Txn`, :class:`Build`, :class:`Lay`, ...).
Conditional parts may be skipped; unconditional parts are applied as far as possible
(community FAQ, source S2, ruling 2: see docs/sources/western-town.md).

>>> Ask.STEP.nature, Txn.STEP.nature, Txn.STEP.fields
('decision', 'auto', ('seat', 'pay', 'gain', 'follow'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from boomtown.games.western_town import actions as A
from boomtown.games.western_town.data import DATA, RES_INDEX, RES_NAMES
from boomtown.games.western_town.state import (
    DESTROYED_HOME_PENALTY,
    EMPTY,
    HAND,
    HOMESTEAD,
    INACTIVE,
    KINDS,
    NR,
    NZ,
    OFF,
    SEAT_NAMES,
    UP,
    WT,
    K,
    S,
    new_step,
)
from boomtown.games.western_town.steps import (
    EXPLOIT_LIST,
    EXPLOITED,
    LAID,
    LAY_LIST,
    OWNER,
    PLAY_LIST,
    PLAYED,
    STEPLISTS,
    Step,
    norm,
)

if TYPE_CHECKING:
    from boomtown.games.western_town.state import WesternTownState as St

Pay = tuple[tuple[str, int], ...]
Chain = tuple[int, ...]  # the kinds whose effects led here (a card is not replayed twice)
NAMES = SEAT_NAMES
CARD_NAMES = A.CARD_NAMES
_SITE_EFFECT = [site.effect for site in DATA.sites]
_COLOUR = [c.colour for c in DATA.cards]

CONSTANT_INCOME: dict[int, dict[str, int]] = {
    c.index: dict(c.tile.constant["income"])
    for c in DATA.cards
    if c.tile is not None and "income" in c.tile.constant
}


Amounts = tuple[tuple[int, int], ...]  # (resource index, amount) pairs


def _amounts(pay: Pay) -> Amounts:
    return tuple((RES_INDEX[r], n) for r, n in pay)


def _holds(st: St, s: int, amounts: Amounts) -> bool:
    """Seat ``s`` holds every (resource index, amount) of ``amounts``: ``st.can_pay`` for a
    payment whose resources are already indexed."""
    res, base = st.res, s * NR
    for ri, n in amounts:  # noqa: SIM110 (a hot path: faster than all() over a generator)
        if res[base + ri] < n:
            return False
    return True


def _plus(a: Pay, b: Pay) -> Pay:
    d: dict[str, int] = {}
    for r, n in a + b:
        d[r] = d.get(r, 0) + n
    return norm(d)


_new = new_step


# ------------------------------------------------------------------ effects
def start(st: St, s: int, lid: int, ctx: int, chain: Chain) -> None:
    """Begin a card's effect now (a new 'turn' for the die: earlier raids don't cancel it)."""
    st.raided = 0
    if _ONE_STEP[lid]:  # as _run_steps, which would run just this step
        _exec(st, s, STEPLISTS[lid][0], lid, 0, ctx, chain)
        return
    _run_steps(st, s, lid, 0, ctx, chain)


def push_start(st: St, s: int, lid: int, ctx: int, chain: Chain) -> None:
    """Begin a card's effect once the steps above are done (its own 'turn' for the die)."""
    st.stack.append(_new(Steps, (s, lid, 0, ctx, chain)))
    st.stack.append(FRESH)


_ONE_STEP = [len(steps) == 1 for steps in STEPLISTS]  # per step list: it has one step


@WT.auto
class Fresh(NamedTuple):
    """A card's effect begins: a new 'turn' for the Indian die (a raid earlier this turn no
    longer cancels its rolls)."""

    def run(self, st: St) -> None:
        st.raided = 0


FRESH = Fresh()


@WT.auto
class Steps(NamedTuple):
    """Seat ``seat`` carries out effect list ``lid`` from its step ``at`` on, one step at
    a time (a decision comes first, then the rest); ``ctx`` is the seat exploited (-1:
    none), ``chain`` the kinds whose effects led here (a card is not replayed twice)."""

    seat: int
    lid: int
    at: int
    ctx: int
    chain: Chain

    def run(self, st: St) -> None:
        _run_steps(st, self.seat, self.lid, self.at, self.ctx, self.chain)


def _run_steps(st: St, s: int, lid: int, i: int, ctx: int, chain: Chain) -> None:
    steps = STEPLISTS[lid]
    n = len(steps)
    stack = st.stack
    while i < n:
        if i + 1 == n:
            _exec(st, s, steps[i], lid, i, ctx, chain)
            return
        rest = _new(Steps, (s, lid, i + 1, ctx, chain))
        stack.append(rest)
        _exec(st, s, steps[i], lid, i, ctx, chain)
        if stack[-1] is not rest:
            return  # the step pushed a decision or more work: it comes first
        # nothing new: go on here rather than through the machine (which would pop ``rest``)
        stack.pop()
        i += 1


@WT.auto
class Again(NamedTuple):
    """Seat ``seat`` carries out step ``at`` of effect list ``lid`` once more (a repeating
    exchange or repair offered again after each use)."""

    seat: int
    lid: int
    at: int
    ctx: int
    chain: Chain

    def run(self, st: St) -> None:
        _exec(st, self.seat, STEPLISTS[self.lid][self.at], self.lid, self.at, self.ctx,
              self.chain)


def ask(
    st: St,
    s: int,
    options: list[tuple[int, Any]],
    prompt: str,
    optional: bool = False,
    force_ask: bool = False,
) -> None:
    """Offer ``options`` (action id, step carrying it out) to seat ``s``; a single forced
    option is carried out at once."""
    if not options:
        return
    if len(options) == 1 and not optional and not force_ask:
        options[0][1].run(st)  # carry out the option
        return
    options.sort(key=_option_id)
    st.stack.append(_new(Ask, (s, tuple(options), prompt)))


_option_id = itemgetter(0)


@WT.decision("choose", kinds=("resources", "build", "play", "take", "repair", "lincoln",
                              "raid", "peek", "steal", "defend", "pass"))
class Ask(NamedTuple):
    """A listed choice of a card's effect, a laid tile's space, an income, Lincoln's tie or
    a raid: ``seat`` chooses one of ``options`` (action id, the automatic step carrying it
    out, sorted by id); ``question`` says what is asked (and names the effect's card)."""

    seat: int
    options: tuple[tuple[int, Any], ...]
    question: str

    def legal(self, st: St) -> list[int]:
        return list(map(_option_id, self.options))

    def choose(self, st: St, aid: int) -> None:
        for option, then in self.options:
            if option == aid:
                then.run(st)  # carry out the option
                return
        raise AssertionError("legality was checked before")


# ------------------------------------------------------------------ options
# An option of an Ask is an automatic step: choosing it carries it out at once (``run``).
@WT.auto
class Txn(NamedTuple):
    """An exchange: ``seat`` pays ``pay`` and takes ``gain`` ((resource, amount) pairs),
    then ``follow`` (a step, or None) comes next."""

    seat: int
    pay: Pay
    gain: Pay
    follow: Any

    def run(self, st: St) -> None:
        s, pay, gain = self.seat, self.pay, self.gain
        st.pay(s, pay)
        st.gain_all(s, gain)
        key = (pay, gain)
        lines = _TXN_LINES[key] if key in _TXN_LINES else _txn_lines(pay, gain)
        if lines is not None:
            st.log(lines[s])
        if self.follow is not None:
            st.stack.append(self.follow)


@WT.auto
class Skip(NamedTuple):
    """An optional choice declined (skip, or stop repeating): nothing happens."""

    def run(self, st: St) -> None:
        return


SKIP = Skip()


@WT.auto
class Push(NamedTuple):
    """An option whose effect is a step to carry out next (Lincoln's visit, the town the
    Indians attack)."""

    step: Any

    def run(self, st: St) -> None:
        st.stack.append(self.step)


@WT.auto
class Then(NamedTuple):
    """A branch of an "either" effect: its first step's ``option``, then the branch's
    ``rest`` (a :class:`Steps`, or None)."""

    option: Any
    rest: Any

    def run(self, st: St) -> None:
        if self.rest is not None:
            st.stack.append(self.rest)
        self.option.run(st)  # carry out the option


def txn_option(s: int, txn: int, pay: Pay, gain: Pay) -> tuple[int, Txn]:
    """The option ``txn`` by which seat ``s`` pays ``pay`` for ``gain``, nothing after."""
    return txn, Txn(s, pay, gain, None)


# ------------------------------------------------------------------ steps
def _exec(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: tuple[int, ...]
) -> None:
    """Carry out ``step``, step ``i`` of list ``lid``, or offer its options."""
    options_of = step["_options"]  # _OPTIONS[op]: a decision step (most are)
    if options_of is not None:
        options = options_of(st, s, step, lid, i, ctx, chain)
        optional = step["_optional"]
        if optional and options:
            options.append((step["_skip_id"], SKIP))
        ask(st, s, options, step["_prompt"], optional=optional)
        return
    op = step["op"]
    if op == "gain":
        gains = step["_gains"]
        if not step["_lure"]:  # nothing capped: taken in full
            res, base = st.res, s * NR
            for _, ri, n in gains:
                res[base + ri] += n
            st.log(step["_took"][s])
            return
        gain = st.gain
        got = [gain(s, ri, n) for _, ri, n in gains]
        if got == step["_full"]:
            st.log(step["_took"][s])
        elif any(got):  # Lure beyond the Peace pipes is not taken
            took = [f"{m} {RES_NAMES[r]}" for (r, _, _), m in zip(gains, got, strict=True) if m]
            st.log(f"{NAMES[s]} takes {', '.join(took)}")
        return
    if op == "gain_per":
        of = step["_of"]  # as _amount_of(st, s, step["of"])
        n = (st.n_pink[s] if of < 0 else st.res[s * NR + of]) // step["per"]
        if n:
            st.gain(s, step["_ri"], n)
            texts = step["_took_n"][s]  # the log line for a small n, precomputed
            st.log(texts[n] if n < _TOOK_MAX else f"{NAMES[s]} takes {n} {RES_NAMES[step['res']]}")
        return
    if op == "roll":
        if not st.raided:
            st.stack.append(raids.DIE[s])
        return
    raise AssertionError(f"unknown step op {op!r}")


_TOOK_MAX = 16  # gain_per log lines are precomputed for amounts below this
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


def _annotate_decision(step: Step) -> None:
    """Cache how a decision step is offered: its prompt, and for an optional one the id
    of the option that declines it; for a gain, also whether it has Lure (capped), its
    amounts and per-seat log line when taken in full."""
    op = step["op"]
    if op == "gain":
        step["_lure"] = any(r == "L" for r, _ in step["_gain"])  # the only capped gain
        step["_full"] = [n for _, _, n in step["_gains"]]
        took = ", ".join(f"{n} {RES_NAMES[r]}" for r, n in step["_gain"])
        step["_took"] = tuple(f"{name} takes {took}" for name in NAMES)
    if op == "gain_per":
        what, res = step["of"], step["res"]
        step["_of"] = -1 if what == "pink_homes" else RES_INDEX[what]  # -1: pink Homes
        step["_ri"] = RES_INDEX[res]
        step["_took_n"] = tuple(
            tuple(f"{name} takes {n} {RES_NAMES[res]}" for n in range(_TOOK_MAX)) for name in NAMES
        )
    if op == "build":
        step["_pays"] = tuple(_amounts(pay) for pay, _ in step["_one_of"])
        step["_pay_ways"] = tuple((pay, txn, _amounts(pay)) for pay, txn in step["_one_of"])
        step["_extra_pays"] = [_amounts(step["_extra"])]  # the pays _constructible takes
    if op == "convert":
        step["_pay_amounts"] = _amounts(step["_pay"])
    if op == "convert_any":
        step["_combo_amounts"] = tuple(
            (pay, txn, _amounts(pay)) for pay, txn in step["_combos"]
        )
    if op == "replay":
        step["_colour_ok"] = tuple(colour in step["colours"] for colour in _COLOUR)
    if op == "either":
        step["_firsts"] = tuple(  # per branch: its list, first step, options and more steps
            (blid, STEPLISTS[blid][0], _OPTIONS[STEPLISTS[blid][0]["op"]], len(STEPLISTS[blid]) > 1)
            for blid in step["_branches"]
        )
    # the options of a decision step; None for the steps _exec carries out itself
    step["_options"] = None if op in ("gain", "gain_per", "roll") else _OPTIONS[op]
    step["_prompt"] = _STEP_PROMPT.get(op, str(op))
    step["_optional"] = bool(step.get("optional")) or op in _REPEATING
    step["_skip_id"] = A.STOP if op in _REPEATING else A.SKIP


def step_options(
    st: St, s: int, lid: int, i: int, ctx: int, chain: tuple[int, ...]
) -> list[tuple[int, Any]]:
    """The (action id, option step) pairs a decision step offers now (no skip/stop)."""
    step = STEPLISTS[lid][i]
    return _OPTIONS[step["op"]](st, s, step, lid, i, ctx, chain)


# One function per decision op, called as (st, s, step, lid, i, ctx, chain); see _OPTIONS.
Options = list[tuple[int, Any]]


def _gain_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    return [step["_gain_option"][s]]


def _choose_gain_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    return list(step["_gain_options"][s])


def _convert_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    if not _holds(st, s, step["_pay_amounts"]):  # st.can_pay(s, step["_pay"])
        return []
    pay = step["_pay"]
    then = step.get("_then", -1)
    follow = _new(Steps, (s, then, 0, ctx, chain)) if then >= 0 else None
    return [(step["_txn"], _new(Txn, (s, pay, step["_gain"], follow)))]


def _convert_any_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    return [option for option, amounts in step["_combo_options"][s] if _holds(st, s, amounts)]


def _convert_repeat_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    gain = step["_gain"]
    again = _new(Again, (s, lid, i, ctx, chain))
    res, base = st.res, s * NR
    return [
        (txn, _new(Txn, (s, pay, gain, again)))
        for r, pay, txn in step["_opts"]
        if res[base + RES_INDEX[r]] >= 1
    ]


def _repair_repeat_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    if not st.n_destroyed[s]:  # no destroyed site (the common case)
        return []
    sites = destroyed_sites(st, s)
    pay = step["_pay"]
    if not st.can_pay(s, pay):
        return []
    again = Again(s, lid, i, ctx, chain)
    return [(A.REPAIR + x, Repair(s, x, pay, again)) for x in sites]


def _repair_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    if not st.n_destroyed[s]:  # no destroyed site (the common case)
        return []
    return [(A.REPAIR + x, Repair(s, x, (), None)) for x in destroyed_sites(st, s)]


def _either_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    out = []
    for blid, first, first_options, more in step["_firsts"]:
        rest = _new(Steps, (s, blid, 1, ctx, chain)) if more else None
        # the first step's options, as step_options(st, s, blid, 0, ctx, chain)
        for aid, option in first_options(st, s, first, blid, 0, ctx, chain):
            out.append((aid, _new(Then, (option, rest))))
    return out


def _build_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    if not step["_one_of"]:
        return _build_choices(st, s, step["_extra_pays"])  # after paying step["_extra"]
    return [
        option
        for option, amounts in step["_pay_options"][s]
        if _holds(st, s, amounts) and _can_build_after(st, s, [amounts])
    ]


def _replay_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    colour_ok = step["_colour_ok"]  # per kind: its colour may be replayed
    ub = (s * NZ + UP) * K
    out = []
    for k in compress(KINDS, st.zones[ub : ub + K]):
        if colour_ok[k] and k not in chain:
            out.append((A.REPLAY + k, Replay(s, k, (*chain, k))))
    return out


def _steal_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    res = step["res"]
    ri = RES_INDEX[res]
    return [
        (A.SEAT_STEAL + t, Steal(s, t, res))
        for t in _steal_seats(st, s, step, ctx)
        if st.r(t, ri) > 0
    ]


def _peek_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    return [(A.SEAT_PEEK + t, Peek(s, t)) for t in st.groups[st.group_of(s)] if t != s]


def _retrieve_options(
    st: St, s: int, step: Step, lid: int, i: int, ctx: int, chain: Chain
) -> Options:
    inactive = st.zone_list(s, INACTIVE)
    left = step["up_to"]
    return [(A.RETRIEVE + k, Retrieve(s, k, left)) for k in range(K) if inactive[k]]


_OPTIONS: dict[str, Callable[[St, int, Step, int, int, int, Chain], Options]] = {
    "gain": _gain_options,
    "choose_gain": _choose_gain_options,
    "convert": _convert_options,
    "convert_any": _convert_any_options,
    "convert_repeat": _convert_repeat_options,
    "repair_repeat": _repair_repeat_options,
    "repair": _repair_options,
    "either": _either_options,
    "build": _build_options,
    "replay": _replay_options,
    "steal": _steal_options,
    "peek": _peek_options,
    "retrieve": _retrieve_options,
}

#: How a decision step's prompt names the effect it is part of.
EFFECT_WORDS = {PLAYED: "played effect", EXPLOITED: "exploit effect", LAID: "tile effect"}
#: STEP_AT_PROMPT[prompt]: (step list, index) of the decision step whose Ask steps carry
#: that prompt: each names its card and effect ("marshal's played effect: optional exchange"),
#: so the prompts (presentation.py) know what is being decided. The rules never read it.
STEP_AT_PROMPT: dict[str, tuple[int, int]] = {}
for _lid, _listed in enumerate(STEPLISTS):
    _owner, _effect = OWNER[_lid]
    for _i, _listed_step in enumerate(_listed):
        _annotate_decision(_listed_step)
        _listed_step["_prompt"] = (
            f"{CARD_NAMES[_owner]}'s {EFFECT_WORDS[_effect]}: {_listed_step['_prompt']}"
        )
        STEP_AT_PROMPT.setdefault(_listed_step["_prompt"], (_lid, _i))


def _steal_seats(st: St, s: int, step: Step, ctx: int) -> list[int]:
    """The seats a steal step may take from, in seat order."""
    if step["from"] == "exploited":
        return [ctx] if ctx >= 0 else []
    if step["from"] == "neighbour":
        return list(st.sorted_neighbours[s])
    return [t for t in st.groups[st.seat_group[s]] if t != s]


def _amount_of(st: St, s: int, what: str) -> int:
    if what == "pink_homes":
        return st.n_pink[s]
    return st.res[s * NR + RES_INDEX[what]]


SITES = tuple(range(S))


def destroyed_sites(st: St, s: int) -> list[int]:
    if not st.n_destroyed[s]:
        return []
    base = s * S
    return list(compress(SITES, st.destroyed[base : base + S]))


# ------------------------------------------------------------------ exploit legality
def _step_needs(step: Step, first_of_branch: bool = False) -> tuple[Amounts, ...] | None:
    """The sets of resource amounts, one of which the seat must hold for the step to
    produce something (``((),)``: it always does), when that is all it takes; else None.

    It is the test of ``_productive`` (of ``has_options`` for ``first_of_branch``, the
    first step of a branch of an "either"), read from the data once.
    """
    op = step["op"]
    if op == "gain":
        if first_of_branch or any(r != "L" for r, _ in step["_gain"]):
            return ((),)
        return (((RES_INDEX["P"], 1),),)  # Lure only while Peace pipes remain
    if op == "convert":
        return (_amounts(step["_pay"]),)
    if first_of_branch:
        return None
    if op == "roll":
        return ((),)
    if op == "gain_per" and step["of"] in RES_INDEX:
        return (((RES_INDEX[step["of"]], step["per"]),),)
    if op == "either":
        return _any_needs([STEPLISTS[blid][0] for blid in step["_branches"]], True)
    return None


def _any_needs(steps: Sequence[Step], first_of_branch: bool = False) -> tuple[Amounts, ...] | None:
    """``_step_needs`` of a choice of steps: one of them is enough."""
    out: list[Amounts] = []
    for step in steps:
        needs = _step_needs(step, first_of_branch)
        if needs is None:
            return None
        out += needs
    return ((),) if () in out else tuple(out)


def _targeted(steps: Any) -> bool:
    """Some step depends on the exploited seat (and not only on the exploiting one)."""
    return any(
        step.get("from") == "exploited" or any(_targeted(b) for b in step.get("options", ()))
        for step in steps
        if isinstance(step, dict)
    )


#: Kinds that have an exploit effect (green cards have none), in id order.
EXPLOITABLE: list[int] = [c.index for c in DATA.cards if not c.green and c.exploit]
#: Per kind: whether the exploit effect depends on the seat exploited.
EXPLOIT_TARGETED: list[bool] = [_targeted(c.exploit) for c in DATA.cards]
#: Per kind: the resource amounts one of which makes the exploit effect produce something
#: (its requirements aside), or None when that depends on more (the steps are then tried).
EXPLOIT_NEEDS = [_any_needs(STEPLISTS[EXPLOIT_LIST[k]]) for k in range(K)]


def _build_pays(steps: tuple[Step, ...]) -> tuple[Amounts, ...] | None:
    """For an effect that is one build step paid with a choice of resources: the payments
    (as ``has_options`` tests it: some payment affordable, then something to build)."""
    if len(steps) == 1 and steps[0]["op"] == "build" and steps[0]["_one_of"]:
        pays: tuple[Amounts, ...] = steps[0]["_pays"]
        return pays
    return None


#: Per kind: the payments of an exploit effect that is a paid construction, else None.
_EXPLOIT_BUILD = [_build_pays(STEPLISTS[EXPLOIT_LIST[k]]) for k in range(K)]
_EXPLOIT_REQUIRES = [tuple(c.exploit_requires.items()) for c in DATA.cards]
#: The same, as (resource index, amount) pairs, where index -1 stands for pink Homes.
_EXPLOIT_REQUIRES_AT = [
    tuple((-1 if what == "pink_homes" else RES_INDEX[what], n) for what, n in requires)
    for requires in _EXPLOIT_REQUIRES
]
#: Per kind: the exploit effect needs nothing and always produces something.
EXPLOIT_ALWAYS = [EXPLOIT_NEEDS[k] == ((),) and not _EXPLOIT_REQUIRES[k] for k in range(K)]


def exploit_productive(st: St, s: int, k: int, t: int) -> bool:
    """The exploit effect of ``k`` (a kind in ``EXPLOITABLE``) meets its condition and
    would produce something now."""
    for of, n in _EXPLOIT_REQUIRES_AT[k]:
        if (st.n_pink[s] if of < 0 else st.res[s * NR + of]) < n:  # _amount_of, inlined
            return False
    needs = EXPLOIT_NEEDS[k]
    if needs is not None:
        for amounts in needs:  # noqa: SIM110 (a hot path: no generator)
            if _holds(st, s, amounts):
                return True
        return False
    pays = _EXPLOIT_BUILD[k]
    if pays is not None:
        return can_pay_and_build(st, s, pays)
    lid = EXPLOIT_LIST[k]
    for i in range(len(STEPLISTS[lid])):  # noqa: SIM110 (a hot path: no generator)
        if _productive(st, s, lid, i, t):
            return True
    return False


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
    if op == "convert":
        return st.can_pay(s, step["_pay"])
    return has_options(st, s, lid, i, ctx)


def has_options(st: St, s: int, lid: int, i: int, ctx: int) -> bool:
    """``bool(step_options(st, s, lid, i, ctx, ()))``, without building the options."""
    step = STEPLISTS[lid][i]
    op = step["op"]
    if op == "convert":
        return st.can_pay(s, step["_pay"])
    if op == "either":
        return any(has_options(st, s, blid, 0, ctx) for blid in step["_branches"])
    if op == "build":
        one_of = step["_one_of"]
        if not one_of:
            return can_build(st, s, step["_extra"])
        return can_pay_and_build(st, s, step["_pays"])
    if op == "steal":
        ri = RES_INDEX[step["res"]]
        res = st.res
        return any(res[t * NR + ri] > 0 for t in _steal_seats(st, s, step, ctx))
    if op == "retrieve":
        hb = (s * NZ + INACTIVE) * K
        return any(st.zones[hb : hb + K])
    return bool(step_options(st, s, lid, i, ctx, ()))


# ------------------------------------------------------------------ construction
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
#: Every distinct way to pay for some building; per kind its ways as a bit set (bit w for
#: WAYS[w]); and each way with its bit.
WAYS: tuple[Amounts, ...] = tuple(sorted({way for ways in COSTS for way in ways}))
_KIND_WAY_BITS = [sum(1 << WAYS.index(way) for way in set(COSTS[k])) for k in range(K)]
_WAY_BITS = tuple((1 << w, way) for w, way in enumerate(WAYS))
#: A homestead tile costs nothing and needs no Homes: with one, any empty space will do.
_FREE_HOMESTEAD = COSTS[HOMESTEAD] == ((),) and MIN_HOMES[HOMESTEAD] == 0
_NO_PAY: list[Amounts] = [()]  # the pays of _constructible for nothing paid first


def buildable(st: St, s: int, extra: Pay = ()) -> list[int]:
    """Buildings seat ``s`` can construct now, after paying ``extra`` first."""
    return _constructible(st, s, [_amounts(extra)] if extra else _NO_PAY, every=True)


def can_build(st: St, s: int, extra: Pay = ()) -> bool:
    """``bool(buildable(st, s, extra))``."""
    return _can_build_after(st, s, [_amounts(extra)] if extra else _NO_PAY)


def can_pay_and_build(st: St, s: int, pays: Sequence[Amounts]) -> bool:
    """``any(st.can_pay(s, pay) and can_build(st, s, pay) for pay in pays)``, with the
    payments given as (resource index, amount) pairs."""
    payable = [pay for pay in pays if _holds(st, s, pay)]
    return bool(payable) and _can_build_after(st, s, payable)


def _can_build_after(st: St, s: int, pays: list[Amounts]) -> bool:
    """Seat ``s`` could construct a building after paying one of ``pays``."""
    if st.hs_tiles[s] > 0 and _FREE_HOMESTEAD:
        base = s * S
        return EMPTY in st.site[base + A.FIRST_SPACE : base + S]
    return bool(_constructible(st, s, pays, every=False))


def _constructible(st: St, s: int, pays: list[Amounts], every: bool) -> list[int]:
    """Buildings offered to seat ``s`` that it can construct after paying one of ``pays``:
    an empty space, the Homes they need, and one way to pay them; all of them, or (without
    ``every``) the first one found."""
    base = s * S
    if EMPTY not in st.site[base + A.FIRST_SPACE : base + S]:
        return []
    kb = s * K
    offered = st.avail[kb : kb + K]
    if st.hs_tiles[s] > 0:
        offered[HOMESTEAD] = 1
    # Which of the few distinct ways to pay (WAYS) what one of the payments leaves covers:
    # each way is tested once, not once per building.
    held = st.res[s * NR : (s + 1) * NR]
    covered = 0  # bit w set: WAYS[w] is covered
    for pay in pays:
        left = held
        if pay:  # what is left after paying it
            left = held[:]
            for ri, n in pay:
                left[ri] -= n
        for bit, way in _WAY_BITS:
            if not covered & bit:
                for ri, n in way:
                    if left[ri] < n:
                        break
                else:  # every amount of this way is there
                    covered |= bit
    homes = st.n_homes[s]  # st.construction_homes(s), inlined
    if st.marker_homes_in_play:
        homes -= st.n_destroyed[s] * DESTROYED_HOME_PENALTY
    out = []
    for k in compress(KINDS, offered):
        if homes >= MIN_HOMES[k] and covered & _KIND_WAY_BITS[k]:  # one of its ways is covered
            out.append(k)
            if not every:
                return out
    return out


def place_building(st: St, s: int, k: int, space: int) -> None:
    """Lay a tile on an empty space and take its card (only the first homestead gives one)."""
    st.build_on(s, space, k)
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
def _txn_text(pay: Pay, gain: Pay) -> str:
    """How a transaction reads in the log, after the seat's name ("" for nothing)."""
    parts = []
    if pay:
        parts.append("discards " + ", ".join(f"{n} {RES_NAMES[r]}" for r, n in pay))
    if gain:
        parts.append("takes " + ", ".join(f"{n} {RES_NAMES[r]}" for r, n in gain))
    return " and ".join(parts)


def _txn_lines(pay: Pay, gain: Pay) -> tuple[str, ...] | None:
    """A transaction's log line per seat (None when there is nothing to say)."""
    text = _txn_text(pay, gain)
    return tuple(f"{name} {text}" for name in NAMES) if text else None


#: The log lines of every transaction the data offers, by (pay, gain).
_TXN_LINES = {(pay, gain): _txn_lines(pay, gain) for pay, gain in A.TXNS}


def _payments(k: int) -> tuple[Pay, tuple[tuple[int, Pay], ...]]:
    """Building ``k``'s cost, and with a choice of one more resource: (txn id, payment)s."""
    tile = DATA.cards[k].tile
    if tile is None:
        return (), ()
    cost = norm(tile.cost)
    ways = []
    for r in tile.cost_one_of:
        pay = _plus(cost, ((r, 1),))
        ways.append((A.txn_id(dict(pay), {}), pay))
    return cost, tuple(ways)


_BUILD_COST, _BUILD_WAYS = zip(*(_payments(k) for k in range(K)), strict=True)
#: Per kind: its ways to pay with a choice, as (txn id, payment, its amounts).
_BUILD_WAY_AMOUNTS = [tuple((txn, pay, _amounts(pay)) for txn, pay in ways) for ways in _BUILD_WAYS]
#: The options to build (by seat and kind) and to lay a tile (by seat, kind and site).
_SEATS = range(len(NAMES))
_BUILD_OPTIONS: list[tuple[tuple[int, Any], ...]] = []  # filled once Build is declared
_LAY_OPTIONS: list[list[tuple[tuple[int, Any], ...]]] = []  # once Lay is
_PAY_PROMPT = [f"pay for the {name}" for name in CARD_NAMES]
_SPACE_PROMPT = [f"choose a space for the {name}" for name in CARD_NAMES]
#: The prompt of the choice of building after a construction's extra payment (the exploit
#: of a carpenter), and of the trade a "wood_for_inhabitants" space offers.
BUILD_AFTER_PAY_PROMPT = "choose a building to construct"
SPACE_TRADE_PROMPT = "the space lets you trade"
#: The prompt of a second (or later) card taken back from the inactive pile.
RETRIEVE_MORE_PROMPT = "take another card back from the inactive pile, or stop"


def _build_choices(st: St, s: int, pays: list[Amounts]) -> Options:
    """The options to build each building seat ``s`` can construct after one of ``pays``."""
    builds = _BUILD_OPTIONS[s]
    return [builds[k] for k in _constructible(st, s, pays, every=True)]


@WT.auto
class Build(NamedTuple):
    """A construction: ``seat`` builds ``kind``, paying its cost (asked first when the cost
    has a choice of resource, :class:`PayBuild`), then chooses the space."""

    seat: int
    kind: int

    def run(self, st: St) -> None:
        s, k = self.seat, self.kind
        ways = _PAY_BUILD_OPTIONS[s][k]
        if ways:
            ask(st, s, [option for option, amounts in ways if _holds(st, s, amounts)],
                _PAY_PROMPT[k])
            return
        _pay_and_lay(st, s, k, _BUILD_COST[k])


_BUILD_PAY_TEXT: dict[Pay, tuple[str, ...]] = {}  # per payment, its log line per seat


@WT.auto
class BuildPay(NamedTuple):
    """A construction's extra payment (the carpenter's exploit): ``seat`` pays ``pay``,
    then chooses the building it constructs."""

    seat: int
    pay: Pay

    def run(self, st: St) -> None:
        s, pay = self.seat, self.pay
        st.pay(s, pay)
        texts = _BUILD_PAY_TEXT.get(pay)
        if texts is None:
            paid = ", ".join(f"{n} {RES_NAMES[r]}" for r, n in pay)
            texts = _BUILD_PAY_TEXT[pay] = tuple(
                f"{name} discards {paid} to build" for name in NAMES)
        st.log(texts[s])
        ask(st, s, _build_choices(st, s, _NO_PAY), BUILD_AFTER_PAY_PROMPT)


@WT.auto
class PayBuild(NamedTuple):
    """A construction paid one way of its cost: ``seat`` pays ``pay`` for ``kind`` and
    chooses an empty space for it."""

    seat: int
    kind: int
    pay: Pay

    def run(self, st: St) -> None:
        _pay_and_lay(st, self.seat, self.kind, self.pay)


def _pay_and_lay(st: St, s: int, k: int, pay: Pay) -> None:
    st.pay(s, pay)
    site, base, lays = st.site, s * S, _LAY_OPTIONS[s][k]
    options = [lays[i] for i in A.SPACES if site[base + i] < 0]  # on the empty spaces
    ask(st, s, options, _SPACE_PROMPT[k], force_ask=True)


#: The log line of a lay, by seat, kind and space.
_LAY_TEXT = [
    [
        [
            f"{name} builds {'a homestead' if k == HOMESTEAD else f'the {CARD_NAMES[k]}'}"
            f" on space {i}"
            for i in range(S)
        ]
        for k in range(K)
    ]
    for name in NAMES
]
#: Per kind: the step list run when its tile is laid, or -1 for none.
_ON_LAY = [lid if lid >= 0 and STEPLISTS[lid] else -1 for lid in LAY_LIST]


# What laying a tile on a space gives, by the space's ``effect`` in the data: a gain
# (A.SITE_GAINS), the trade of A.SPACE_TRADE (optional), or a roll of the die ("die").
_SPACE_TRADE = (norm(A.SPACE_TRADE[0]), norm(A.SPACE_TRADE[1]))
_SPACE_TRADE_ID = A.txn_id(*A.SPACE_TRADE)
_SITE_GAIN_AT = {effect: (RES_INDEX[r], n) for effect, (r, n) in A.SITE_GAINS.items()}


@WT.auto
class Lay(NamedTuple):
    """``seat`` lays the tile of ``kind`` on empty ``space``: its card comes to the hand,
    its tile effect and the space's bonus apply (a gain, a trade, or a roll of the die)."""

    seat: int
    kind: int
    space: int

    def run(self, st: St) -> None:
        s, k, i = self.seat, self.kind, self.space
        place_building(st, s, k, i)
        st.log(_LAY_TEXT[s][k][i])
        if _ON_LAY[k] >= 0:
            st.stack.append(_new(Steps, (s, _ON_LAY[k], 0, -1, (k,))))
        effect = _SITE_EFFECT[i]
        gained = _SITE_GAIN_AT.get(effect or "")
        if gained is not None:
            st.gain(s, gained[0], gained[1])
        elif effect == "wood_for_inhabitants":
            pay, gain = _SPACE_TRADE
            if st.can_pay(s, pay):
                ask(st, s, [txn_option(s, _SPACE_TRADE_ID, pay, gain), (A.SKIP, SKIP)],
                    SPACE_TRADE_PROMPT, optional=True)
        elif effect == "die" and not st.raided:
            st.stack.append(raids.DIE[s])


_REPLAY_TEXT = [[f"{name} replays {c.name}" for c in DATA.cards] for name in NAMES]


@WT.auto
class Replay(NamedTuple):
    """``seat`` replays the played effect of its face-up ``kind``; ``chain`` the kinds
    whose effects led here, this one included (none is replayed twice)."""

    seat: int
    kind: int
    chain: Chain

    def run(self, st: St) -> None:
        st.log(_REPLAY_TEXT[self.seat][self.kind])
        st.stack.append(Steps(self.seat, PLAY_LIST[self.kind], 0, -1, self.chain))


@WT.auto
class Repair(NamedTuple):
    """``seat`` pays ``pay`` and removes the destroyed marker from ``site``; ``again``: the
    repair offered once more (a step, or None)."""

    seat: int
    site: int
    pay: Pay
    again: Any

    def run(self, st: St) -> None:
        s, x = self.seat, self.site
        st.pay(s, self.pay)
        st.set_destroyed(s, x, 0)
        st.log(f"{NAMES[s]} repairs the {DATA.cards[st.site[s * S + x]].name} on site {x}")
        if self.again is not None:
            st.stack.append(self.again)


@WT.auto
class Steal(NamedTuple):
    """``seat`` takes one ``res`` from ``target`` (if any is left)."""

    seat: int
    target: int
    res: str

    def run(self, st: St) -> None:
        s, t, res = self.seat, self.target, self.res
        ri = RES_INDEX[res]
        if st.r(t, ri) > 0:
            st.res[t * NR + ri] -= 1
            st.res[s * NR + ri] += 1
            st.log(f"{NAMES[s]} takes 1 {RES_NAMES[res]} from {NAMES[t]}")


@WT.auto
class Peek(NamedTuple):
    """``seat`` looks at ``target``'s hand (it knows those cards from now on)."""

    seat: int
    target: int

    def run(self, st: St) -> None:
        s, t = self.seat, self.target
        hand = st.zone_list(t, HAND)
        n = st.num_players
        base = (s * n + t) * K
        for k in range(K):
            if hand[k] > st.known[base + k]:
                st.known[base + k] = hand[k]
        cards = ", ".join(DATA.cards[k].name + (f" x{c}" if c > 1 else "")
                          for k, c in enumerate(hand) if c) or "nothing"
        st.log(f"{NAMES[s]} looks at {NAMES[t]}'s hand: {cards}", frozenset({s}),
               f"{NAMES[s]} looks at {NAMES[t]}'s hand")
        st.seal()


@WT.auto
class Retrieve(NamedTuple):
    """``seat`` takes ``kind`` back from its inactive pile into the hand; ``left`` cards it
    may take in all, this one included (it is then offered another, or to stop)."""

    seat: int
    kind: int
    left: int

    def run(self, st: St) -> None:
        s, k = self.seat, self.kind
        st.move(s, INACTIVE, HAND, k)
        st.log(f"{NAMES[s]} takes {DATA.cards[k].name} back from the inactive pile",
               frozenset({s}), f"{NAMES[s]} takes a card back from the inactive pile")
        left = self.left - 1
        if left > 0:
            options: list[tuple[int, Any]] = [
                (A.RETRIEVE + j, Retrieve(s, j, left))
                for j, c in enumerate(st.zone_list(s, INACTIVE))
                if c
            ]
            if options:
                options.append((A.STOP, SKIP))
                ask(st, s, options, RETRIEVE_MORE_PROMPT, optional=True)


_BUILD_OPTIONS += [tuple((A.BUILD + k, Build(s, k)) for k in range(K)) for s in _SEATS]
_LAY_OPTIONS += [
    [tuple((A.SPACE + i, Lay(s, k, i)) for i in range(S)) for k in range(K)] for s in _SEATS
]
#: _PAY_BUILD_OPTIONS[s][k]: seat s's ways to pay building k when its cost has a choice,
#: as (option, what it pays as amounts).
_PAY_BUILD_OPTIONS = [
    [tuple(((txn, PayBuild(s, k, pay)), amounts) for txn, pay, amounts in ways)
     for k, ways in enumerate(_BUILD_WAY_AMOUNTS)]
    for s in _SEATS
]


def _option_tables(step: Step) -> None:
    """Cache the options a decision step offers each seat whatever the position (built
    once: a step costs more to build than a table to read)."""
    op = step["op"]
    seats = range(len(NAMES))
    if op == "gain":
        step["_gain_option"] = tuple(txn_option(s, step["_txn"], (), step["_gain"]) for s in seats)
    if op == "choose_gain":
        step["_gain_options"] = tuple(
            tuple(txn_option(s, txn, (), gain) for gain, txn in step["_opts"]) for s in seats
        )
    if op == "convert_any":  # per seat: (option, what it pays, as amounts)
        step["_combo_options"] = tuple(
            tuple((txn_option(s, txn, pay, step["_gain"]), amounts)
                  for pay, txn, amounts in step["_combo_amounts"])
            for s in seats
        )
    if op == "build":  # per seat: (option, what it pays, as amounts)
        step["_pay_options"] = tuple(
            tuple(((txn, BuildPay(s, pay)), amounts) for pay, txn, amounts in step["_pay_ways"])
            for s in seats
        )


for _listed in STEPLISTS:
    for _listed_step in _listed:
        _option_tables(_listed_step)

from boomtown.games.western_town import raids  # noqa: E402 (raids asks through this module)
