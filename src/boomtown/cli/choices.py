"""The numbered choices of ``boomtown play``: grouped by kind, paged, and matched to typed answers.

A typed answer may be a choice's number, its whole text, a unique prefix of it, or a short
name: words that start at word boundaries of exactly one choice's text ("gallows" for
"star card drawn: gallows", "hire kansas" for "hire a cowboy into Kansas City"). An answer
that fits several choices is ambiguous, and the candidates are named.

>>> from boomtown.engine import Action
>>> menu = Menu([Action(7, "star card drawn: gallows", "chance"),
...              Action(8, "star card drawn: church", "chance")])
>>> menu.resolve("gallows").choice.id, menu.resolve("2").choice.id
(7, 8)
>>> menu.resolve("star").candidates[1].text
'star card drawn: church'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from boomtown.engine import Action

#: A list longer than this, with more than one kind of choice, is shown grouped by kind.
GROUP_OVER = 10
#: How many candidates an ambiguity message names.
AMBIGUOUS_SHOWN = 6


@dataclass(frozen=True)
class Choice:
    """One numbered line of the menu."""

    number: int
    id: int
    text: str
    kind: str = ""
    cost: str = ""


@dataclass(frozen=True)
class Row:
    """A line of the menu as shown: a choice, or the heading of a group (``choice`` None)."""

    heading: str = ""
    choice: Choice | None = None


@dataclass(frozen=True)
class Resolution:
    """What a typed answer means: one choice, several (ambiguous), or none (with why)."""

    choice: Choice | None = None
    candidates: tuple[Choice, ...] = ()
    problem: str = ""

    @property
    def ambiguous(self) -> bool:
        return self.choice is None and len(self.candidates) > 1


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


@dataclass
class Menu:
    """The current decision's choices, numbered in the order they are shown."""

    actions: Sequence[Action]
    group_over: int = GROUP_OVER
    choices: list[Choice] = field(init=False)
    grouped: bool = field(init=False)

    def __post_init__(self) -> None:
        kinds = list(dict.fromkeys(a.kind for a in self.actions))
        self.grouped = len(self.actions) > self.group_over and len(kinds) > 1
        ordered = list(self.actions)
        if self.grouped:
            rank = {k: i for i, k in enumerate(kinds)}
            ordered.sort(key=lambda a: rank[a.kind])  # stable: the game's order within a kind
        self.choices = [
            Choice(n, int(a.id), a.text, a.kind or "", a.cost or "")
            for n, a in enumerate(ordered, start=1)
        ]

    def __len__(self) -> int:
        return len(self.choices)

    # ---------------------------------------------------------------- pages
    def rows(self) -> list[Row]:
        """Every line of the menu: choices, and a heading before each kind when grouped."""
        rows: list[Row] = []
        kind = None
        for choice in self.choices:
            if self.grouped and choice.kind != kind:
                kind = choice.kind
                count = sum(1 for c in self.choices if c.kind == kind)
                rows.append(Row(heading=f"{kind or 'other'} ({count})"))
            rows.append(Row(choice=choice))
        return rows

    def pages(self, height: int) -> list[list[Row]]:
        """The rows cut into pages of at most ``height`` lines (at least one choice a page).

        A page that starts inside a group repeats its heading, marked as continued.
        """
        height = max(height, 2 if self.grouped else 1)
        pages: list[list[Row]] = []
        page: list[Row] = []
        heading = ""
        for row in self.rows():
            if row.choice is None:
                heading = row.heading
                if len(page) + 2 > height and page:  # never a heading alone at a page's foot
                    pages.append(page)
                    page = []
                page.append(row)
                continue
            if len(page) >= height:
                pages.append(page)
                page = [Row(heading=f"{heading}, continued")] if heading else []
            page.append(row)
        if page or not pages:
            pages.append(page)
        return pages

    # ------------------------------------------------------------- answers
    def resolve(self, answer: str) -> Resolution:
        """The choice a typed answer names; see the module's description for the forms."""
        wanted = _norm(answer)
        if not wanted:
            return Resolution(problem="nothing typed")
        count = len(self.choices)
        if wanted.isdigit():
            number = int(wanted)
            if 1 <= number <= count:
                return Resolution(self.choices[number - 1])
            return Resolution(problem=f"there is no choice {number}: the choices are 1 to {count}")
        texts = [(c, _norm(c.text)) for c in self.choices]
        for test in _tiers(wanted):
            found = tuple(c for c, text in texts if test(text))
            if len(found) == 1:
                return Resolution(found[0])
            if found:
                return Resolution(candidates=found, problem=f"{answer.strip()!r} fits "
                                  f"{len(found)} choices")
        return Resolution(problem=f"{answer.strip()!r} is not one of the choices")


def _tiers(wanted: str) -> list[Callable[[str], bool]]:
    """The tests of a typed answer against a choice's text, strictest first: the first that
    some choice passes decides (one passing choice is the answer; several are ambiguous)."""
    words = [re.escape(w) for w in wanted.split()]
    phrase = r"\s+".join(words)
    start = r"(?<!\w)" if wanted[0].isalnum() or wanted[0] == "_" else ""
    whole = re.compile(start + phrase + r"(?!\w)")
    begins = re.compile(start + phrase)
    in_order = re.compile(r".*?".join(start + w for w in words))
    return [
        lambda text: text == wanted,
        lambda text: text.startswith(wanted),
        lambda text: whole.search(text) is not None,
        lambda text: begins.search(text) is not None,
        lambda text: in_order.search(text) is not None,
    ]


def ambiguity_lines(resolution: Resolution) -> list[str]:
    """The message for an ambiguous answer: the candidates (a few), and what to type."""
    shown = resolution.candidates[:AMBIGUOUS_SHOWN]
    lines = [f"{resolution.problem}:"]
    lines += [f"  {c.number:>3}. {c.text}" for c in shown]
    more = len(resolution.candidates) - len(shown)
    if more:
        lines.append(f"  ... and {more} more")
    lines.append("Type more of the text, or the number.")
    return lines
