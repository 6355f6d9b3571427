"""One screen of ``boomtown play``, drawn with rich from plain data.

From the top: the title, the deciding seat's own hand and resources (a panel), a line per
other seat, the board as a small table, the last moves (the log lines since the seat's last
decision, each with who made it), the decision's prompt, a page of numbered choices with
their costs, and the keys. A game gives the first four as plain data
(:attr:`boomtown.engine.Ruleset.terminal_layout`); :func:`generic_layout` builds them from
any view. :func:`compose` fits everything into a screen of ``height`` lines (40 by default,
100 columns): the last moves shrink first, then the choices are paged.

In a layout's board the first row is the table's header; a row of one cell is a line under
the table (a note that would not fit the columns).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from io import StringIO
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from boomtown.cli.choices import Menu, Row

SCREEN_WIDTH = 100
SCREEN_HEIGHT = 40
#: The most lines (and the board's rows) each part of a layout may take: longer parts are
#: cut, with a mark.
YOU_LINES = 9
OTHER_LINES = 5
BOARD_ROWS = 16
BOARD_LINES = 18
#: The last moves: at most this many lines, and at least this many when the choices are long.
MOVES_MOST = 8
MOVES_LEAST = 3
#: A page of choices has at least this many lines, whatever the layout above it takes.
CHOICES_LEAST = 5
#: Columns between the two columns of a long list of short choices.
COLUMN_GAP = 2
#: Lines below the choices: the keys, and the line the answer is typed on.
FOOT_LINES = 2
#: The board's first column (its rows' names) keeps up to this many columns.
FIRST_COLUMN = 24
#: Generic layout: a value's text is cut at this many characters.
GENERIC_VALUE = 90
CUT = "…"


@dataclass(frozen=True)
class Layout:
    """A game's layout of a view, checked: title, own lines, others' lines, board rows."""

    title: str
    you: tuple[str, ...] = ()
    others: tuple[str, ...] = ()
    board: tuple[tuple[str, ...], ...] = ()
    note: str = ""  # why the generic layout stands in for the game's own

    @classmethod
    def from_data(cls, data: Any) -> Layout:
        """Check plain layout data; :class:`ValueError` says what is wrong with it."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a layout is a mapping, not {type(data).__name__}")
        title = data.get("title", "")
        if not isinstance(title, str):
            raise ValueError("the layout's title is not a string")
        lines = {}
        for key in ("you", "others"):
            value = data.get(key, [])
            if not isinstance(value, list | tuple) or not all(isinstance(x, str) for x in value):
                raise ValueError(f"the layout's {key!r} is not a list of strings")
            lines[key] = tuple(value)
        board = data.get("board", [])
        if not isinstance(board, list | tuple) or not all(
            isinstance(row, list | tuple) and all(isinstance(c, str) for c in row) for row in board
        ):
            raise ValueError("the layout's 'board' is not a list of rows of strings")
        return cls(title, lines["you"], lines["others"], tuple(tuple(r) for r in board))


# ------------------------------------------------------------------ generic layout
def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def empty(value: Any) -> bool:
    """Nothing worth a line: None, False, zero, empty."""
    return value is None or value is False or value == 0 or value in ({}, [], "")


def inline(value: Any) -> str:
    """Nested data in one line, empty entries left out.

    >>> inline({"gold": 3, "wood": 0, "hand": {"saloon": 2}})
    'gold 3, hand saloon 2'
    >>> inline([1, [2, 3]])
    '1, 2 3'
    """
    if isinstance(value, dict):
        return ", ".join(f"{k} {_nested(v)}" for k, v in value.items() if not empty(v)) or "-"
    if isinstance(value, list | tuple):
        return ", ".join(_nested(v) for v in value) or "-"
    return _scalar(value)


def _nested(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(f"{k} {_nested(v)}" for k, v in value.items() if not empty(v)) or "-"
    if isinstance(value, list | tuple):
        return " ".join(_nested(v) for v in value) or "-"
    return _scalar(value)


def _cut(text: str, size: int = GENERIC_VALUE) -> str:
    return text if len(text) <= size else text[: size - 1] + CUT


def generic_layout(
    name: str, view: Mapping[str, Any], public: Mapping[str, Any] | None, seat: int | None
) -> dict[str, Any]:
    """A layout of any view: what differs from the spectator's view (``public``) is the
    seat's own; a list with one entry per seat, or a ``players`` list, gives each seat's
    part; everything else is the board."""
    state = view.get("state") or {}
    shown = (public or {}).get("state") or {}
    players = int(view.get("players") or 0)
    you: list[str] = []
    seats: dict[int, list[str]] = {s: [] for s in range(players)}
    board: list[list[str]] = [["board", ""]]
    for key, value in state.items():
        if key == "players" and isinstance(value, list) and len(value) == players:
            for s, part in enumerate(value):
                text = inline(part) if isinstance(part, dict) else _scalar(part)
                seats[s].append(text)
        elif seat is not None and key in shown and shown[key] != value:
            if not empty(value):
                you.append(f"{key}: {inline(value)}")
        elif isinstance(value, list) and len(value) == players and players > 1:
            for s, part in enumerate(value):
                if not empty(part):
                    seats[s].append(f"{key} {_nested(part)}")
        elif not empty(value):
            board.append([str(key), _cut(inline(value))])
    if seat is not None and seats.get(seat):
        you = [*seats[seat], *you]
    wrapped = [piece for line in you for piece in textwrap.wrap(line, SCREEN_WIDTH - 6)]
    others = [
        f"seat {s}: " + "; ".join(parts) for s, parts in seats.items() if s != seat and parts
    ]
    title = name + (f" · seat {seat}" if seat is not None else " · the table")
    return {"title": title, "you": wrapped, "others": others,
            "board": board if len(board) > 1 else []}


# ----------------------------------------------------------------------- drawing
@dataclass
class Screen:
    """Everything one screen shows, as plain data."""

    layout: Layout
    you_title: str
    moves: Sequence[tuple[str, str]] = ()  # (who, line), oldest first
    prompt: Sequence[str] = ()
    menu: Menu | None = None
    page: int = 0
    keys: str = ""
    notice: Sequence[str] = ()
    moves_title: str = "Since your last decision"
    #: Filled by :func:`compose`: how many pages the choices take, and their height.
    pages: int = field(default=1, init=False)
    page_height: int = field(default=0, init=False)


def _text(line: str, style: str = "") -> Text:
    return Text(line, style=style, no_wrap=True, overflow="ellipsis")


def _you_panel(screen: Screen, keep: int) -> RenderableType | None:
    lines = list(screen.layout.you)
    if not lines:
        return None
    if len(lines) > keep:
        lines = [*lines[: keep - 1], f"{CUT} and {len(lines) - keep + 1} more lines"]
    body = Group(*(Text(line, overflow="fold") for line in lines))
    return Panel(body, title=screen.you_title, title_align="left", box=box.ROUNDED,
                 padding=(0, 1), border_style="cyan")


def _others(screen: Screen) -> RenderableType | None:
    lines = list(screen.layout.others)[:OTHER_LINES]
    if not lines:
        return None
    return Group(*(_text(line) for line in lines))


def _board(screen: Screen, keep: int) -> RenderableType | None:
    rows = [row for row in screen.layout.board if row]
    if not rows:
        return None
    header, *body = rows
    if len(body) > keep:
        body = [*body[: keep - 1], (f"{CUT} and {len(body) - keep + 1} more rows",)]
    table_rows = [row for row in body if len(row) > 1]
    notes = [row[0] for row in body if len(row) == 1]
    parts: list[RenderableType] = []
    if len(header) > 1 or table_rows:
        width = max(len(header), *(len(r) for r in table_rows)) if table_rows else len(header)
        table = Table(box=None, pad_edge=False, expand=False, header_style="bold underline",
                      padding=(0, 1, 0, 0))
        first = max((len(r[0]) for r in [header, *table_rows]), default=0)
        for i in range(width):  # the last column wraps, the others keep their width
            last = i == width - 1
            table.add_column(header[i] if i < len(header) else "", no_wrap=not last,
                             overflow="fold" if last else "ellipsis",
                             style="bold" if i == 0 else "",
                             min_width=min(first, FIRST_COLUMN) if i == 0 else None)
        for row in table_rows:
            table.add_row(*row, *([""] * (width - len(row))))
        parts.append(table)
    elif header:
        notes.insert(0, header[0])
    parts += [_text(note) for note in notes]
    return Group(*parts)


def _moves(screen: Screen, budget: int) -> RenderableType | None:
    moves = list(screen.moves)
    if not moves or budget < 2:
        return None
    shown = moves[-(budget - 1):]
    title = screen.moves_title
    if len(shown) < len(moves):
        title += f" (the last {len(shown)} of {len(moves)} lines; l shows the whole log)"
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim", no_wrap=True, overflow="ellipsis", max_width=26)
    grid.add_column(no_wrap=True, overflow="ellipsis")
    previous = None
    for who, line in shown:
        grid.add_row(who if who != previous else "", line)
        previous = who
    return Group(Rule(title, align="left", style="dim"), grid)


def _choice_rows(rows: Sequence[Row]) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True, style="bold cyan")
    grid.add_column(no_wrap=True, overflow="ellipsis")
    grid.add_column(no_wrap=True, overflow="ellipsis", style="yellow", max_width=34)
    for row in rows:
        if row.choice is None:
            grid.add_row("", Text(row.heading, style="bold underline"), "")
        else:
            c = row.choice
            grid.add_row(f"{c.number}.", c.text, c.cost)
    return grid


def _choice_width(menu: Menu) -> int:
    """The columns the widest choice takes: its number, text and cost."""
    return max((len(f"{c.number}. ") + len(c.text) + (len(c.cost) + 1 if c.cost else 0)
                for c in menu.choices), default=0)


def _columns(rows: Sequence[Row], height: int) -> RenderableType:
    """A page of choices in two columns, the first filled first (never ending in a heading)."""
    split = min(height, len(rows))
    if split < len(rows) and rows[split - 1].choice is None:
        split -= 1
    grid = Table.grid(padding=(0, 2), expand=True)
    grid.add_column(ratio=1)
    grid.add_column(ratio=1)
    grid.add_row(_choice_rows(rows[:split]), _choice_rows(rows[split:]))
    return grid


def _fitted(
    console: Console, width: int, build: Callable[[int], RenderableType | None], keep: int,
    most: int,
) -> RenderableType | None:
    """``build(keep)``, keeping fewer of its lines or rows until it takes at most ``most``
    lines (a line that wraps takes several)."""
    part = build(keep)
    while part is not None and lines_of(console, part, width) > most:
        keep -= 1
        part = build(keep) if keep > 0 else None
    return part


def lines_of(console: Console, renderable: RenderableType | None, width: int) -> int:
    """How many lines ``renderable`` takes at ``width`` columns."""
    if renderable is None:
        return 0
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))


def compose(
    screen: Screen, console: Console, width: int = SCREEN_WIDTH, height: int = SCREEN_HEIGHT
) -> RenderableType:
    """The screen as one renderable of at most ``height`` lines (the answer's line included)
    and ``width`` columns; sets ``screen.pages`` and ``screen.page_height``."""
    note = screen.layout.note
    head: list[RenderableType | None] = [
        Rule(Text(screen.layout.title, style="bold"), align="left"),
        _text(note, "red") if note else None,
        _fitted(console, width, lambda keep: _you_panel(screen, keep), YOU_LINES,
                YOU_LINES + 2),
        _others(screen),
    ]
    prompt = [Text(line, style="bold" if i == 0 else "italic") for i, line in
              enumerate(screen.prompt)]
    notice = [_text(line, "red") for line in screen.notice]
    used = sum(lines_of(console, part, width) for part in [*head, *prompt])
    used += len(notice) + FOOT_LINES
    spare = height - used - CHOICES_LEAST - 1  # the board gives way to the choices
    board = _fitted(console, width, lambda keep: _board(screen, keep), BOARD_ROWS,
                    min(BOARD_LINES, spare))
    top = [*head, board]
    used += lines_of(console, board, width)
    room = max(height - used, CHOICES_LEAST + 1)
    rows = screen.menu.rows() if screen.menu is not None else []
    moves_wanted = min(len(screen.moves) + 1, MOVES_MOST) if screen.moves else 0
    moves_budget = min(moves_wanted, max(MOVES_LEAST, room - len(rows)))
    if room - moves_budget < CHOICES_LEAST:
        moves_budget = max(0, room - CHOICES_LEAST)
    moves = _moves(screen, moves_budget)
    choice_room = room - lines_of(console, moves, width)
    parts: list[RenderableType] = [p for p in top if p is not None]
    if moves is not None:
        parts.append(moves)
    parts += prompt
    if screen.menu is not None:
        menu = screen.menu
        two = len(rows) > choice_room and _choice_width(menu) <= (width - COLUMN_GAP) // 2
        # two columns hold one line less than twice the height: a heading never ends one
        pages = menu.pages(2 * choice_room - 1 if two else choice_room)
        screen.pages, screen.page_height = len(pages), choice_room
        screen.page = min(max(screen.page, 0), len(pages) - 1)
        page = pages[screen.page]
        parts.append(_columns(page, choice_room) if two else _choice_rows(page))
    parts += notice
    keys = screen.keys
    if screen.pages > 1:
        keys = f"page {screen.page + 1} of {screen.pages}: n next, p previous · " + keys
    parts.append(_text(keys, "dim"))
    return Group(*parts)


def measure(screen: Screen, width: int = SCREEN_WIDTH, height: int = SCREEN_HEIGHT) -> tuple[
    int, int
]:
    """The lines (the answer's line included) and columns the screen takes when drawn."""
    console = plain_console(width)
    console.print(compose(screen, console, width, height))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    lines = text.splitlines()
    return len(lines) + 1, max((len(line.rstrip()) for line in lines), default=0)


def plain_console(width: int = SCREEN_WIDTH) -> Console:
    """A console that writes plain text to memory (for measuring and tests)."""
    return Console(file=StringIO(), width=width, height=SCREEN_HEIGHT, color_system=None,
                   force_terminal=False, legacy_windows=False, soft_wrap=False)
