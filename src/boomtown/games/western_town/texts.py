"""Western Town's rules in words: resource amounts and the data's effect steps, for the
catalogue's texts and the prompts' titles (generated from the data, never written by hand).

>>> step_text({"op": "convert", "pay": {"G": 2}, "gain": {"X": 1}, "optional": True})
'you may discard 2 Gold for 1 exported Gold'
>>> amounts({"W": 1, "I": 2})
'1 Wood and 2 Inhabitants'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boomtown.games.western_town.data import RES_NAMES, RESOURCES

#: Resources whose name takes an "s" in the plural ("2 Cowboys"; Gold and Wood do not).
COUNTABLE = frozenset("ICPL")
#: Whom a "steal" step takes from, by its ``from``.
STEAL_FROM = {
    "other": "another player",
    "neighbour": "a neighbour",
    "exploited": "the player whose card you exploit",
}


# ------------------------------------------------------------------ words
def name_of(r: str, n: int = 1) -> str:
    """A resource's name for ``n`` of it: ``name_of("I", 2)`` -> "Inhabitants"."""
    return RES_NAMES[r] + ("s" if n != 1 and r in COUNTABLE else "")


def amount(r: str, n: int) -> str:
    """``amount("C", 2)`` -> "2 Cowboys"."""
    return f"{n} {name_of(r, n)}"


def listing(words: Sequence[str], last: str = "and") -> str:
    """Words as a list: "a, b and c"."""
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def amounts(d: Mapping[str, int], last: str = "and") -> str:
    """Resource amounts in the data's order: ``{"W": 1, "G": 1}`` -> "1 Gold and 1 Wood"."""
    return listing([amount(r, int(d[r])) for r in RESOURCES if d.get(r)], last)


def ordinal(n: int) -> str:
    """``ordinal(3)`` -> "3rd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop."""
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


# ------------------------------------------------------------------ effect steps
def _gained(step: Mapping[str, Any]) -> dict[str, int]:
    return {r: int(step[r]) for r in RESOURCES if step.get(r)}


def step_text(step: Mapping[str, Any]) -> str:
    """One effect step of the data in words (lower case, no full stop)."""
    op = step["op"]
    may = "you may " if step.get("optional") else ""
    if op == "gain":
        return f"take {amounts(_gained(step))}"
    if op == "gain_per":
        what = "pink Home" if step["of"] == "pink_homes" else name_of(step["of"])
        per = int(step["per"])
        res = amount(step["res"], 1)
        if per == 1:
            return f"take {res} per {what} in your town"
        plural_what = "pink Homes" if step["of"] == "pink_homes" else name_of(step["of"], per)
        return f"take {res} per full {per} {plural_what}"
    if op == "choose_gain":
        return "take " + listing([amount(r, 1) for r in step["options"]], "or")
    if op == "convert":
        text = f"{may}discard {amounts(step['pay'])} for {amounts(step['gain'])}"
        if step.get("then"):
            text += f"; if you do, {steps_text(step['then'])}"
        return text
    if op == "convert_any":
        n = int(step["n"])
        kinds = listing([name_of(r, n) for r in step["from"]], "or")
        return f"{may}discard {n} {kinds} (in any mix) for {amounts(step['gain'])}"
    if op == "convert_repeat":
        pays = listing([amount(r, 1) for r in step["from"]], "or")
        return f"any number of times, discard {pays} for {amounts(step['gain'])}"
    if op == "repair_repeat":
        return (f"any number of times, pay {amounts(step['pay'])} to remove a destroyed marker "
                "from your town")
    if op == "either":
        return "either " + listing([steps_text(b) for b in step["options"]], "or")
    if op == "build":
        extra = amounts(step.get("pay", {}))
        one_of = listing([amount(r, 1) for r in step.get("pay_one_of", ())], "or")
        paid = listing([extra, one_of])
        if paid:
            return f"pay {paid}, then construct a building (paying its own cost too)"
        return "construct a building (paying its cost)"
    if op == "replay":
        colours = listing(list(step["colours"]), "or")
        return f"replay the played effect of another of your face-up {colours} cards"
    if op == "repair":
        return "remove a destroyed marker from your town"
    if op == "roll":
        return "roll the Indian die"
    if op == "steal":
        return f"take {amount(step['res'], 1)} from {STEAL_FROM[step['from']]}"
    if op == "peek":
        return "look at another player's hand"
    if op == "retrieve":
        n = int(step["up_to"])
        what = "a card" if n == 1 else f"up to {n} cards"
        return f"take {what} of your choice back from your inactive pile"
    raise ValueError(f"no words for the effect step {op!r}")


def steps_text(steps: Sequence[Mapping[str, Any]]) -> str:
    """A list of effect steps in words, in order ("" for none)."""
    return ", then ".join(step_text(step) for step in steps)


def cost_text(cost: Mapping[str, int], one_of: Sequence[str] = ()) -> str:
    """A building's cost: "1 Wood and 1 Gold"; with a choice, "1 Wood and 1 Wood or Gold"."""
    choice = listing([RES_NAMES[r] for r in one_of], "or")
    if choice:
        return listing([amounts(cost), f"1 {choice}"]) if cost else f"1 {choice}"
    return amounts(cost)


def requires_text(requires: Mapping[str, int]) -> str:
    """A condition on the player's town: "at least 6 Inhabitants"."""
    parts = []
    for what, n in requires.items():
        name = "pink Homes" if what == "pink_homes" else name_of(what, int(n))
        parts.append(f"at least {n} {name}")
    return listing(parts)
