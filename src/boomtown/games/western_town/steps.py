"""Every list of effect steps in the data, numbered, so frames can name them by an int.

>>> from boomtown.games.western_town.steps import PLAY_LIST, STEPLISTS
>>> from boomtown.games.western_town.actions import KIND
>>> STEPLISTS[PLAY_LIST[KIND["gold_mine"]]][0]["op"]
'gain'
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from boomtown.games.western_town.actions import txn_id
from boomtown.games.western_town.data import DATA, RES_INDEX, RESOURCES

Step = dict[str, Any]
Pay = tuple[tuple[str, int], ...]


def norm(d: dict[str, int]) -> Pay:
    """A resource dict as a canonical tuple of (resource, amount) pairs."""
    return tuple((r, int(d[r])) for r in RESOURCES if d.get(r))


def _annotate(step: Step) -> None:
    """Cache normalised amounts and transaction ids on a step (hot paths read them)."""
    op = step["op"]
    if op == "gain":
        step["_gain"] = norm({r: v for r, v in step.items() if r in RESOURCES})
        step["_gains"] = tuple((r, RES_INDEX[r], n) for r, n in step["_gain"])
        step["_txn"] = txn_id({}, dict(step["_gain"]))
    elif op == "convert":
        step["_pay"], step["_gain"] = norm(step["pay"]), norm(step["gain"])
        step["_txn"] = txn_id(step["pay"], step["gain"])
    elif op == "convert_any":
        combos = []
        for combo in combinations_with_replacement(step["from"], step["n"]):
            d: dict[str, int] = {}
            for r in combo:
                d[r] = d.get(r, 0) + 1
            combos.append((norm(d), txn_id(d, step["gain"])))
        step["_combos"] = tuple(combos)
        step["_gain"] = norm(step["gain"])
    elif op == "convert_repeat":
        step["_opts"] = tuple((r, ((r, 1),), txn_id({r: 1}, step["gain"])) for r in step["from"])
        step["_gain"] = norm(step["gain"])
    elif op == "repair_repeat":
        step["_pay"] = norm(step["pay"])
    elif op == "build":
        extra = dict(step.get("pay", {}))
        step["_extra"] = norm(extra)
        opts = []
        for r in step.get("pay_one_of", ()):
            d = dict(extra)
            d[r] = d.get(r, 0) + 1
            opts.append((norm(d), txn_id(d, {})))
        step["_one_of"] = tuple(opts)
    elif op == "choose_gain":
        step["_opts"] = tuple((((r, 1),), txn_id({}, {r: 1})) for r in step["options"])

STEPLISTS: list[tuple[Step, ...]] = []
#: The effects a step list belongs to: a card's played effect, its exploit effect, or the
#: effect of laying its tile.
PLAYED, EXPLOITED, LAID = "play", "exploit", "lay"
#: OWNER[lid]: (card kind, effect) of step list ``lid``; the lists of an "either" branch or
#: a "then" belong to the effect they are part of. Read by the prompts, never by the rules.
OWNER: list[tuple[int, str]] = []


def _register(steps: tuple[Step, ...] | list[Step], owner: tuple[int, str]) -> int:
    steps = tuple(steps)
    key = len(STEPLISTS)
    STEPLISTS.append(steps)
    OWNER.append(owner)
    for step in steps:
        _annotate(step)
        if step["op"] == "either":
            step["_branches"] = tuple(_register(b, owner) for b in step["options"])
        if step.get("then"):
            step["_then"] = _register(step["then"], owner)
    return key


PLAY_LIST = [_register(c.play, (c.index, PLAYED)) for c in DATA.cards]
EXPLOIT_LIST = [_register(c.exploit, (c.index, EXPLOITED)) for c in DATA.cards]
LAY_LIST = [_register(c.tile.on_lay if c.tile else (), (c.index, LAID)) for c in DATA.cards]
STEP_REF: dict[int, tuple[int, int]] = {}
for _lid, _steps in enumerate(STEPLISTS):
    for _i, _step in enumerate(_steps):
        STEP_REF[id(_step)] = (_lid, _i)
