"""How the command reads a finished game: final totals, winners and a score table.

Convention for ``score_breakdown()``: when the dict has the key ``"totals"`` holding one
number per seat, those are the seats' final scores. Otherwise the final scores are
``returns()``. Winners are always read from ``returns()``: a seat wins when its return
is the maximum (every tied seat wins).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from boomtown.cli.table import format_number, render_table

TOTALS_KEY = "totals"


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def final_totals(
    breakdown: Mapping[str, Any], returns: Sequence[float], players: int
) -> tuple[list[float], str]:
    """The seats' final totals and where they were read from.

    >>> final_totals({"totals": [54, 40]}, [1.0, 0.0], 2)
    ([54, 40], "score_breakdown()['totals']")
    >>> final_totals({"homes": [3, 2]}, [1.0, 0.0], 2)
    ([1.0, 0.0], 'returns()')
    """
    totals = breakdown.get(TOTALS_KEY) if isinstance(breakdown, Mapping) else None
    if (
        isinstance(totals, list | tuple)
        and len(totals) == players
        and all(_is_number(t) for t in totals)
    ):
        return list(totals), f"score_breakdown()[{TOTALS_KEY!r}]"
    return list(returns), "returns()"


def winners(returns: Sequence[float]) -> list[int]:
    """Seats whose return is the maximum.

    >>> winners([1.0, 3.0, 3.0])
    [1, 2]
    """
    if not returns:
        return []
    best = max(returns)
    return [seat for seat, value in enumerate(returns) if value == best]


def describe_seats(seats: Sequence[int]) -> str:
    """``seat 1`` or ``seats 1, 2 (tie)``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats) + " (tie)"


def _is_scalar(value: object) -> bool:
    return value is None or isinstance(value, bool | int | float | str)


def _compact(value: object) -> str:
    """A value in one line: scalars as numbers, a dict as ``key value, ...``, else JSON."""
    if _is_scalar(value):
        return format_number(value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_compact(v)}" for k, v in value.items()) or "-"
    return json.dumps(value, separators=(",", ":"), default=str)


def score_table(
    breakdown: Mapping[str, Any], returns: Sequence[float], players: int, indent: str = "  "
) -> list[str]:
    """The breakdown as a table with one column per seat, then the rest as ``key: value``.

    A value that is a list with one entry per seat becomes a row; if its entries are
    dicts, each of their keys becomes a row ``key.subkey``. Per-seat values that are not
    plain numbers or strings are listed under the table, one line per seat.
    ``returns()`` is the table's last row.
    """
    rows: list[list[str]] = []
    nested: list[str] = []
    extra: list[str] = []

    def per_seat(label: str, values: Sequence[object]) -> None:
        if all(_is_scalar(v) for v in values):
            rows.append([label, *(format_number(v) for v in values)])
        else:
            nested.append(f"{indent}{label}:")
            nested.extend(f"{indent}  seat {s}: {_compact(v)}" for s, v in enumerate(values))

    for key, value in breakdown.items():
        if isinstance(value, list | tuple) and len(value) == players:
            if all(isinstance(v, Mapping) for v in value):
                subkeys: list[str] = []
                for v in value:
                    subkeys.extend(k for k in v if k not in subkeys)
                for sub in subkeys:
                    per_seat(f"{key}.{sub}", [v.get(sub, "") for v in value])
            else:
                per_seat(str(key), value)
        else:
            extra.append(f"{indent}{key}: {_compact(value)}")
    rows.append(["returns", *(format_number(r) for r in returns)])
    header = ["", *(f"seat {s}" for s in range(players))]
    return render_table(header, rows, indent=indent) + nested + extra
