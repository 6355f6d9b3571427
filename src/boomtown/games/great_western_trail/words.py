"""Great Western Trail's amounts and local actions in words, from the data file's records.

Every text that names an amount is built here from the record that holds it, so correcting an
amount in ``data/great_western_trail.toml`` corrects the texts of actions, logs and the
catalogue with it.

>>> from boomtown.games.great_western_trail.data import OPS_BY_ID
>>> op_text(OPS_BY_ID["remove_hazard_7"])
'remove a hazard for $7'
>>> op_text(OPS_BY_ID["risk_jersey_cert_money"])
'risk action: discard a Jersey for 1 certificate and $2'
>>> plural(2, "disc"), money(-3)
('2 discs', '-$3')
"""

from __future__ import annotations

from collections.abc import Callable

from boomtown.games.great_western_trail.data import CATTLE, RISK_ACTIONS, Op

#: What a risk action's text starts with (a private building space's own action).
RISK_PREFIX = "risk action: "


def plural(n: int, one: str, many: str | None = None) -> str:
    """``n`` things in words: ``plural(2, "disc")`` -> "2 discs"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def money(n: int) -> str:
    """Dollars in words: ``money(3)`` -> "$3", ``money(-2)`` -> "-$2"."""
    return f"-${-n}" if n < 0 else f"${n}"


def gains_text(op: Op) -> str:
    """What an op gains in words: ``1 certificate and $2``."""
    gains = ([plural(op.certificates, "certificate")] if op.certificates else []) + (
        [money(op.money)] if op.money else [])
    return " and ".join(gains) or "nothing"


def cattle_card(breed: int) -> str:
    """One cattle card of a breed with its article: "a Jersey"."""
    name = CATTLE[breed].name
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def _hire(op: Op) -> str:
    if op.discount > 0:
        return f"hire a worker ({money(op.discount)} cheaper)"
    if op.discount < 0:  # the second hire of a building, dearer than the first
        return f"hire one more worker (+{money(-op.discount)})"
    return "hire a worker"


def _discard_any(op: Op) -> str:
    text = f"discard a cattle card for {gains_text(op)}"
    return text + " and an objective card to hand" if op.objective else text


def _move(op: Op) -> str:
    if op.steps == 1:
        return "move the cattleman 1 step"
    return f"move the cattleman up to {op.steps} steps"


#: Operation (``Op.op``) -> its text from the op's amounts.
_TEXTS: dict[str, Callable[[Op], str]] = {
    "discard": lambda op: f"discard {cattle_card(op.breed)} for {gains_text(op)}",
    "discard_pair": lambda op: f"discard a pair of one breed for {money(op.money)}",
    "discard_any": _discard_any,
    "discard_objective": lambda op: (
        f"discard an objective card for {plural(op.certificates, 'certificate')}"),
    "discard_engine": lambda op: (
        f"discard {cattle_card(op.breed)} to move the engine {op.spaces} forward"),
    "hire": _hire,
    "build": lambda op: f"place a building ({money(op.per_craftsman)} per craftsman)",
    "certificates": lambda op: f"take {plural(op.certificates, 'certificate')}",
    "certificates_to_limit": lambda op: "set your certificates to your limit",
    "money": lambda op: f"take {money(op.money)}",
    "money_per_woods": lambda op: f"take {money(op.money)} per own building in the woods",
    "money_per_engineer": lambda op: f"take {money(op.money)} per engineer",
    "teepee_pairs": lambda op: (
        f"take {plural(op.certificates, 'certificate')} and {money(op.money)} per teepee pair"),
    "engine": lambda op: f"move the engine up to {op.spaces}",
    "engine_per_engineer": lambda op: "move the engine (up to your engineers)",
    "engine_per_woods": lambda op: "move the engine up to your buildings in the woods",
    "engine_back": lambda op: f"move the engine {op.spaces} back for {money(op.money)}",
    "pay_engine": lambda op: f"pay {money(op.cost)} and move the engine up to {op.spaces}",
    "remove_hazard": lambda op: f"remove a hazard for {money(op.cost) if op.cost else 'free'}",
    "move": _move,
    "take_objective": lambda op: "take an objective card",
    "trade": lambda op: "trade with the Indians",
    "aux": lambda op: "take a single or double auxiliary action",
    "buy": lambda op: "buy cattle",
    "extraordinary_delivery": lambda op: "make an extraordinary delivery",
    "draw_cowboys": lambda op: "draw up to your cowboys, then discard as many",
    "use_adjacent": lambda op: "use an adjacent building",
    "upgrade_behind": lambda op: "upgrade a station behind your engine",
}
_RISK_IDS = frozenset(op.id for op in RISK_ACTIONS.values())


def op_text(op: Op) -> str:
    """A local action (or a space's risk action) in words, from its record's amounts."""
    text = _TEXTS[op.op](op)
    return RISK_PREFIX + text if op.id in _RISK_IDS else text
