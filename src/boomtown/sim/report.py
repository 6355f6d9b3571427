"""``--report out.html``: one self-contained HTML page with the tournament's plots.

Plots (matplotlib, embedded as PNG): win rate by bot and by seat (first-player
advantage) with 95% intervals, final-score distributions by bot, and the win rate by
every seat feature the game reports (for Western Town: the starting western town card).
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from typing import Any

from boomtown.sim.stats import Tally, TournamentSummary


def _png(fig: Any) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _rate_plot(title: str, labels: Sequence[str], tallies: Sequence[Tally], fair: float) -> str:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    rates = [t.rate for t in tallies]
    lows = [t.rate - t.interval()[0] for t in tallies]
    highs = [t.interval()[1] - t.rate for t in tallies]
    ax.bar(range(len(labels)), rates, yerr=[lows, highs], capsize=4, color="#b5651d")
    ax.axhline(fair, linestyle="--", color="grey", label=f"fair share {fair:.0%}")
    ax.set_xticks(range(len(labels)), labels, rotation=15, ha="right")
    ax.set_ylabel("win rate (95% CI)")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend(loc="upper right")
    data = _png(fig)
    plt.close(fig)
    return data


def _score_plot(summary: TournamentSummary) -> str:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    bots = [b for b, t in summary.by_bot.items() if t.scores]
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    ax.boxplot([summary.by_bot[b].scores for b in bots])
    ax.set_xticks(range(1, len(bots) + 1), bots, rotation=15, ha="right")
    ax.set_ylabel("final total")
    ax.set_title("Final score distribution by bot")
    data = _png(fig)
    plt.close(fig)
    return data


def write_report(
    path: str,
    title: str,
    summary: TournamentSummary,
    text_lines: Sequence[str],
) -> None:
    """Write the HTML page to ``path``."""
    fair = 1 / summary.players
    images = [
        ("Win rate by bot", _rate_plot(
            "Win rate by bot", list(summary.by_bot), list(summary.by_bot.values()), fair
        )),
        ("First-player advantage: win rate by seat", _rate_plot(
            "Win rate by seat (seat 0 plays first)",
            [f"seat {s}" for s in range(summary.players)], summary.by_seat, fair,
        )),
    ]
    if any(t.scores for t in summary.by_bot.values()):
        images.append(("Score distributions", _score_plot(summary)))
    for name, labels in sorted(summary.by_feature.items()):
        keys = sorted(labels)
        images.append((f"Win rate by {name}", _rate_plot(
            f"Win rate by {name}", keys, [labels[k] for k in keys], fair
        )))
    parts = [
        "<!doctype html>",
        "<html><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}"
        "pre{background:#f6f3ee;padding:1em}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    for heading, data in images:
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        parts.append(f"<img alt='{html.escape(heading)}' src='data:image/png;base64,{data}'>")
    parts.append("<h2>Summary</h2><pre>")
    parts.append(html.escape("\n".join(text_lines)))
    parts.append("</pre></body></html>")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(parts) + "\n")
