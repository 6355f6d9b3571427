"""``--report out.html``: one self-contained HTML page with a study's plots and its summary.

Plots (matplotlib, embedded as PNG), each with 95% intervals: the first-player advantage
(win rate by turn position for every player count), final total by turn position, win rate
and total by every starting asymmetry the game declares, score by category and turn
position, game length, win rate by bot, and for a comparison the differences B - A.
Error bars are asymmetric and lie inside the interval: a bar at 0% or 100% is drawn.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Sequence
from typing import Any

from boomtown.sim.stats import Cell, Difference, Sample, Study, Tally

FIGSIZE = (6.4, 3.4)
DPI = 90
BAR = "#b5651d"
FAIR = "grey"


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    return plt


def _png(fig: Any) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight")
    _pyplot().close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def error_bars(centres: Sequence[float], intervals: Sequence[tuple[float, float]]) -> (
    list[list[float]]
):
    """Matplotlib's ``yerr`` for bars at ``centres`` with these intervals: the distances down
    and up, never negative (a centre on the edge of its interval, like 0% or 100%, or a hair
    outside it by rounding, gets a zero-length side; so does an unknown one).

    >>> error_bars([1.0, 0.0, 0.5], [(0.8, 1.0), (0.0, 0.2), (0.4, 0.7)])
    [[0.19999999999999996, 0.0, 0.09999999999999998], [0.0, 0.2, 0.19999999999999996]]
    """
    down = [_side(c - lo) for c, (lo, _hi) in zip(centres, intervals, strict=True)]
    up = [_side(hi - c) for c, (_lo, hi) in zip(centres, intervals, strict=True)]
    return [down, up]


def _side(length: float) -> float:
    """One side of an error bar: none when negative or unknown (a single seed block)."""
    return length if math.isfinite(length) and length > 0 else 0.0


def rate_plot(title: str, labels: Sequence[str], tallies: Sequence[Tally], fair: float) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=FIGSIZE)
    rates = [t.rate for t in tallies]
    ax.bar(range(len(labels)), rates, color=BAR,
           yerr=error_bars(rates, [t.interval() for t in tallies]), capsize=4)
    ax.axhline(fair, linestyle="--", color=FAIR, label=f"fair share {fair:.0%}")
    ax.set_xticks(range(len(labels)), labels, rotation=15, ha="right")
    ax.set_ylabel("win rate (95% CI)")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend(loc="upper right")
    return _png(fig)


def mean_plot(title: str, labels: Sequence[str], samples: Sequence[Sample], ylabel: str) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=FIGSIZE)
    means = [s.mean for s in samples]
    intervals = [s.interval() if s.n > 1 else (s.mean, s.mean) for s in samples]
    ax.bar(range(len(labels)), means, color=BAR, yerr=error_bars(means, intervals), capsize=4)
    ax.set_xticks(range(len(labels)), labels, rotation=15, ha="right")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    return _png(fig)


def first_player_plot(cells: Sequence[Cell]) -> str:
    """Win rate by turn position, one group of bars per cell, each against its fair share."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(FIGSIZE[0], 1.6 * len(cells) + 2), FIGSIZE[1]))
    x = 0.0
    ticks, names = [], []
    for cell in cells:
        tallies = [t for t in cell.summary.by_position if t.games]
        xs = [x + i for i in range(len(tallies))]
        rates = [t.rate for t in tallies]
        ax.bar(xs, rates, color=BAR, yerr=error_bars(rates, [t.interval() for t in tallies]),
               capsize=3)
        ax.hlines(cell.summary.fair, xs[0] - 0.4, xs[-1] + 0.4, linestyles="--", colors=FAIR)
        ticks += xs
        names += [f"{p}" for p in range(len(tallies))]
        ax.text(_middle(xs), 0.97, cell.title, ha="center", va="top", fontsize=7)
        x = xs[-1] + 2
    ax.set_xticks(ticks, names)
    ax.set_xlabel("turn position (0 plays first); dashed: a fair share")
    ax.set_ylabel("win rate (95% CI)")
    ax.set_ylim(0, 1)
    ax.set_title("First-player advantage: win rate by turn position")
    return _png(fig)


def _middle(xs: Sequence[float]) -> float:
    return (xs[0] + xs[-1]) / 2


def category_plot(cell: Cell) -> str:
    """Mean score of each category, one bar per turn position."""
    plt = _pyplot()
    summary = cell.summary
    names = list(summary.categories)
    present = [p for p, t in enumerate(summary.by_position) if t.games]
    width = 0.8 / max(1, len(present))
    fig, ax = plt.subplots(figsize=(max(FIGSIZE[0], 0.9 * len(names) + 2), FIGSIZE[1]))
    for i, p in enumerate(present):
        samples = [summary.categories_by_position[n][p] for n in names]
        means = [s.mean for s in samples]
        intervals = [s.interval() if s.n > 1 else (s.mean, s.mean) for s in samples]
        ax.bar([j + i * width for j in range(len(names))], means, width,
               yerr=error_bars(means, intervals), capsize=2, label=f"position {p}")
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(names))], names, rotation=30,
                  ha="right")
    ax.set_ylabel("mean per seat (95% CI)")
    ax.set_title(f"Score by category and turn position, {cell.title}")
    ax.legend(fontsize=7)
    return _png(fig)


def length_plot(cell: Cell) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=FIGSIZE)
    sample = cell.summary.decisions if cell.summary.decisions.n else cell.summary.actions
    what = "decisions" if cell.summary.decisions.n else "actions"
    ax.hist(sample.values, bins=20, color=BAR)
    ax.set_xlabel(f"{what} per game")
    ax.set_ylabel("games")
    ax.set_title(f"Game length, {cell.title}")
    return _png(fig)


def difference_plot(title: str, diffs: Sequence[Difference]) -> str:
    """Each measure's B - A with its interval (rates in points), around zero."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(FIGSIZE[0], 0.35 * len(diffs) + 1.2))
    scale = [100.0 if d.is_rate else 1.0 for d in diffs]
    centres = [d.diff * k for d, k in zip(diffs, scale, strict=True)]
    intervals = [(d.low * k, d.high * k) for d, k in zip(diffs, scale, strict=True)]
    ys = list(range(len(diffs)))[::-1]
    ax.errorbar(centres, ys, xerr=error_bars(centres, intervals), fmt="o", color=BAR,
                capsize=3)
    ax.axvline(0, color=FAIR, linestyle="--")
    ax.set_yticks(ys, [d.measure + (" (points)" if d.is_rate else "") for d in diffs],
                  fontsize=7)
    ax.set_xlabel("B - A (95% CI)")
    ax.set_title(title)
    return _png(fig)


def study_images(study: Study) -> list[tuple[str, str]]:
    """(heading, PNG as base64) of every plot of the study."""
    images: list[tuple[str, str]] = []
    cells = [c for c in study.cells if c.summary.games]
    if not cells:
        return images
    images.append(("First-player advantage: win rate by turn position", first_player_plot(cells)))
    for cell in cells:
        s = cell.summary
        positions = [(p, t) for p, t in enumerate(s.by_position) if t.games]
        images.append((f"Final total by turn position, {cell.title}", mean_plot(
            f"Final total by turn position, {cell.title}", [str(p) for p, _ in positions],
            [t.score for _, t in positions], "mean final total (95% CI)")))
        for name, labels in sorted(s.by_setup.items()):
            keys = sorted(labels)
            images.append((f"Win rate by {name}, {cell.title}", rate_plot(
                f"Win rate by {name}, {cell.title}", keys, [labels[k] for k in keys], s.fair)))
        if len(s.by_bot) > 1:
            images.append((f"Win rate by bot, {cell.title}", rate_plot(
                f"Win rate by bot, {cell.title}", list(s.by_bot), list(s.by_bot.values()),
                s.fair)))
        if s.categories:
            images.append((f"Score by category, {cell.title}", category_plot(cell)))
        if s.actions.n:
            images.append((f"Game length, {cell.title}", length_plot(cell)))
        for name, labels in sorted(s.feature_labels.items()):
            keys = sorted(labels)
            images.append((f"Win rate by {name}, {cell.title}", rate_plot(
                f"Win rate by {name}, {cell.title}", keys, [labels[k] for k in keys], s.fair)))
    for a, _b, diffs in study.comparisons():
        if diffs:
            title = f"B - A at {a.players} players"
            images.append((f"A/B comparison at {a.players} players", difference_plot(title,
                                                                                    diffs)))
    return images


def write_report(path: str, title: str, study: Study, text_lines: Sequence[str]) -> None:
    """Write the HTML page to ``path``."""
    parts = [
        "<!doctype html>",
        "<html><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}"
        "pre{background:#f6f3ee;padding:1em;overflow-x:auto}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    for heading, data in study_images(study):
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        parts.append(f"<img alt='{html.escape(heading)}' src='data:image/png;base64,{data}'>")
    parts.append("<h2>Summary</h2><pre>")
    parts.append(html.escape("\n".join(text_lines)))
    parts.append("</pre></body></html>")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(parts) + "\n")
