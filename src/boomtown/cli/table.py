"""Plain-text tables: the first column left-aligned, the others right-aligned."""

from __future__ import annotations

from collections.abc import Sequence


def format_number(value: object) -> str:
    """A score as a person writes it: ``54`` rather than ``54.0``, at most two decimals.

    >>> format_number(54.0), format_number(2.5), format_number(1 / 3), format_number(True)
    ('54', '2.5', '0.33', 'True')
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def render_table(
    header: Sequence[str], rows: Sequence[Sequence[str]], indent: str = ""
) -> list[str]:
    """Lines of an aligned table.

    >>> for line in render_table(["seat", "wins"], [["0", "3"], ["1", "12"]]):
    ...     print(line)
    seat  wins
    0        3
    1       12
    """
    widths = [len(h) for h in header]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return (indent + "  ".join(parts)).rstrip()

    return [line(header), *(line(row) for row in rows)]
