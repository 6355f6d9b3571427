"""Advice at the terminal: ``boomtown review`` and the lines of a hint in ``boomtown play``.

``boomtown review RECORD --seat N`` replays a record (a JSON record, a ``play --save`` file or
a line of ``simulate --out``, read as ``boomtown replay`` reads them), reviews the seat's
decisions with :func:`boomtown.bots.advice.review` and prints, in at most 100 columns, the
decisions where the bot's estimate of the seat's final score dropped most (the move taken,
the bot's preferred move and why), then a text chart of every seat's estimated final score
over the game as the reviewed seat saw it. Without ``--seat`` it reviews the people's seats
of a ``play --save`` file, every seat of any other record. ``--json OUT`` also writes the
review as JSON (``Review.to_json()``), the form the server stores.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path

import click

from boomtown.bots.advice import CurvePoint, Hint, Review, SeatReview, review
from boomtown.cli.play import HUMAN, SAVE_FORMAT
from boomtown.cli.replay import load_record, replay_loaded
from boomtown.cli.scores import describe_seats
from boomtown.cli.screen import SCREEN_WIDTH

#: The chart's height in lines and the width of its value labels.
CHART_HEIGHT = 10
LABEL_WIDTH = 7
#: A move's text is cut to this many characters in a review line.
TEXT_WIDTH = 60
#: How often (in reviewed decisions) the progress line is redrawn on a terminal.
PROGRESS_EVERY = 5


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` columns, the later ones indented."""
    return textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False) or [""]


def _points(x: float | None) -> str:
    return "?" if x is None else f"{x:.1f}"


def _value(x: float | None) -> str:
    return "" if x is None else f", value {x:.2f}"


# --------------------------------------------------------------------- chart
def chart_lines(curve: Sequence[CurvePoint], players: int, seat: int,
                width: int = SCREEN_WIDTH, height: int = CHART_HEIGHT) -> list[str]:
    """A text chart of every seat's estimate over the game: one digit per seat (the
    reviewed ``seat`` drawn over the others), plies along, points up. Fits ``width``.

    >>> curve = [CurvePoint(0, (10.0, 20.0)), CurvePoint(50, (30.0, 25.0))]
    >>> lines = chart_lines(curve, 2, 0, width=40, height=4)
    >>> len(lines), max(len(line) for line in lines) <= 40
    (6, True)
    >>> lines[0].strip().startswith("30")
    True
    """
    if not curve:
        return ["  (no estimates: the seat made no decision)"]
    columns = max(2, width - LABEL_WIDTH - 2)
    first, last = curve[0].ply, curve[-1].ply
    span = max(1, last - first)
    values = [e for p in curve for e in p.estimates]
    low, high = min(values), max(values)
    if high - low < 1e-9:
        high = low + 1.0
    grid = [[" "] * columns for _ in range(height)]
    order = [s for s in range(players) if s != seat] + [seat]

    def row_of(value: float) -> int:
        return height - 1 - round((value - low) / (high - low) * (height - 1))

    for point in curve:
        col = round((point.ply - first) / span * (columns - 1))
        for s in order:
            if s < len(point.estimates):
                grid[row_of(point.estimates[s])][col] = str(s % 10)
    lines = []
    for r, cells in enumerate(grid):
        value = high - (high - low) * r / (height - 1) if height > 1 else high
        label = f"{value:{LABEL_WIDTH - 1}.0f}" if r in (0, height // 2, height - 1) else ""
        lines.append(f"{label:>{LABEL_WIDTH - 1}} |" + "".join(cells).rstrip())
    lines.append(" " * (LABEL_WIDTH - 1) + " +" + "-" * columns)
    axis = f"ply {first}"
    end = f"ply {last}"
    lines.append(" " * (LABEL_WIDTH + 1) + axis + end.rjust(columns - len(axis)))
    return [line[:width] for line in lines]


# -------------------------------------------------------------------- review
def seat_lines(entry: SeatReview, players: int, width: int = SCREEN_WIDTH) -> list[str]:
    """One reviewed seat: its worst decisions, then its chart."""
    lines = [
        f"Seat {entry.seat}: {entry.decisions} decisions, {entry.searched} with a choice; "
        f"expected points given up in all: {entry.total_drop:.1f}",
    ]
    if entry.worst:
        lines.append("Where the bot's estimate of your final score dropped most:")
    else:
        lines.append("No decision dropped the estimate by a quarter of a point or more.")
    # the seat's own decision numbers: its curve has a point at each of its decisions
    numbers = {p.ply: i for i, p in enumerate(entry.curve, start=1)}
    for rank, d in enumerate(entry.worst, start=1):
        where = (f"decision {numbers[d.ply]} (ply {d.ply})" if d.ply in numbers
                 else f"ply {d.ply}")
        head = f"{rank:>3}. {where}" + (f", {d.prompt}" if d.prompt else "") + \
            f" ({d.choices} choices): -{d.drop:.1f} points"
        lines.append(_cut(head, width))
        lines.append(_cut(f"     you:       {_cut(d.taken.text, TEXT_WIDTH)} "
                          f"(est. {_points(d.taken.estimate)}{_value(d.taken.win_chance)})",
                          width))
        lines.append(_cut(f"     preferred: {_cut(d.preferred.text, TEXT_WIDTH)} "
                          f"(est. {_points(d.preferred.estimate)}"
                          f"{_value(d.preferred.win_chance)})", width))
        lines += _wrap(f"     why: {d.preferred.reason}", width, " " * 10)
    lines.append("")
    lines += _wrap(f"Estimated final score over the game, as seat {entry.seat} saw it (a digit "
                   f"per seat, {entry.seat} on top; the others as seat {entry.seat} estimated "
                   "them; the last point is the final score):", width)
    lines += chart_lines(entry.curve, players, entry.seat, width)
    return lines


def review_lines(result: Review, title: str, width: int = SCREEN_WIDTH) -> list[str]:
    """The whole review as printed by ``boomtown review``."""
    s = result.settings
    budget = " and ".join(part for part in (
        f"{s.iterations} iterations" if s.iterations is not None else "",
        f"{s.seconds:g} s" if s.seconds is not None else "") if part)
    lines = [
        *_wrap(title, width),
        *_wrap(f"Settings: the {s.level} bot's search, {budget} a decision, {s.samples} "
               f"samples a move, seed {s.seed}. Record: {result.record_length} actions, "
               f"sha256 {result.record_digest[:16]}.", width),
    ]
    if result.final_scores is None:
        lines.append("The game is not over: its decisions so far are reviewed.")
    else:
        scores = ", ".join(f"seat {i} {x:g}" for i, x in enumerate(result.final_scores))
        lines += _wrap(f"Final scores: {scores} (winner: {describe_seats(result.winners)})",
                       width)
    for entry in result.seats:
        lines.append("")
        lines += seat_lines(entry, result.players, width)
    lines.append("")
    lines.append(f"Reviewed in {result.seconds_used:.1f} s of CPU time.")
    return lines


def _progress(echo: Callable[..., None]) -> Callable[[int, int], None] | None:
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        if done % PROGRESS_EVERY == 0 or done == total:
            echo(f"\rreviewing: {done}/{total} decisions", nl=done == total, err=True)

    return show


def people_seats(path: str) -> list[int]:
    """The people's seats of a game saved by ``boomtown play --save`` (none for another
    file, or a game of bots only)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (ValueError, OSError):
        return []  # JSON lines, or not readable: load_record says what is wrong
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        return []
    seats = data.get("seats")
    return [i for i, spec in enumerate(seats) if spec == HUMAN] if isinstance(seats,
                                                                             list) else []


def review_command(
    path: str, line: int | None, seats: Sequence[int], iterations: int | None,
    seconds: float | None, samples: int, mistakes: int, seed: int, json_out: str | None,
    echo: Callable[..., None] = click.echo,
) -> Review:
    """``boomtown review``: load, review, print (and write the JSON)."""
    loaded = load_record(path, line)
    state = replay_loaded(loaded)  # a record that does not replay fails here, clearly
    rec = loaded.record
    if not seats and line is None and not path.endswith(".jsonl"):
        seats = people_seats(path)
    result = review(rec, seats=seats or None, iterations=iterations, seconds=seconds,
                    samples=samples, mistakes=mistakes, seed=seed,
                    progress=_progress(echo))
    title = (f"Review of {state.ruleset.name} ({rec.game} v{rec.version}), {rec.players} "
             f"players, seed {rec.seed}")
    for text in review_lines(result, title):
        echo(text)
    if json_out is not None:
        Path(json_out).write_text(json.dumps(result.to_json()) + "\n", encoding="utf-8")
        echo(f"Wrote the review to {json_out}")
    return result


# --------------------------------------------------------------------- hints
def hint_lines(advice: Hint, numbers: dict[int, int], width: int = SCREEN_WIDTH) -> list[str]:
    """A hint as ``boomtown play`` prints it under the choices; ``numbers`` maps action ids
    to the menu's choice numbers."""
    lines = [_cut(f"  Hint ({advice.iterations} search iterations, "
                  f"{advice.seconds_used:.1f} s): the bot would play choice "
                  f"{numbers.get(advice.suggestion.action_id, '?')}", width)]
    for alt in advice.alternatives:
        number = numbers.get(alt.action_id)
        lines.append(_cut(f"  {number if number is not None else '?':>3}. {alt.text} — "
                          f"est. {_points(alt.estimate)} points{_value(alt.win_chance)}, "
                          f"{alt.visits} visits", width))
        lines.append(_cut(f"       {alt.reason}", width))
    return lines
