"""Regenerate the figures of docs/balance.md: every balance study, with the bot as a parameter.

Each study is one ``boomtown simulate`` command (printed in the doc under its figures, so
any figure can be reproduced by hand); this script runs them one after the other, one
process at a time, niced, then rewrites the part of docs/balance.md between the markers
``<!-- figures:begin -->`` and ``<!-- figures:end -->``. The prose around them is kept.

    nice -n 19 .venv/bin/python scripts/balance.py                  # heuristic, ~35 CPU-min
    nice -n 19 .venv/bin/python scripts/balance.py --bot hard --scale 0.5
    .venv/bin/python scripts/balance.py --reuse                     # re-read saved games only

Options: ``--bot SPEC`` (every seat plays it), ``--scale X`` (multiplies every study's game
count), ``--data DIR`` (where the games are saved, one JSON-lines file per study; default
``balance-data``), ``--reuse`` (summarise the saved files, run nothing), ``--only NAME,...``
(run only these studies, reuse the others), ``--doc FILE``, ``--commit REV`` (the commit
the games were played on, when it is not this checkout's HEAD: an export without ``.git``,
or ``--reuse`` of games played earlier).

The commit recorded is the checkout's HEAD; the script refuses to publish figures from a
checkout whose ``src/`` has uncommitted changes (they would match no commit), unless
``--commit`` names the commit the tree is an export of.
"""

from __future__ import annotations

import argparse
import datetime
import math
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from boomtown.cli.tournament import load_results
from boomtown.sim.stats import (
    Sample,
    Study,
    build_study,
    num,
    num_range,
    pct,
    pct_range,
    points,
)

ROOT = Path(__file__).resolve().parent.parent
BEGIN, END = "<!-- figures:begin -->", "<!-- figures:end -->"
DEFAULT_BOT = "heuristic"
#: The win-rate difference the "games to see" column is for (a fraction).
DETECT = 0.05
#: The measures of the auction comparison shown besides the win rates.
AB_MEASURES = ("final total", "score: money", "decisions", "feature: paid")


@dataclass(frozen=True)
class StudySpec:
    """One ``boomtown simulate`` run."""

    name: str
    game: str
    players: tuple[int, ...]
    games: int
    seed: int
    extra: tuple[str, ...] = ()

    def command(self, bot: str, games: int, out: str) -> list[str]:
        return ["boomtown", "simulate", self.game, "--bots", bot,
                "--players", ",".join(str(p) for p in self.players),
                "--games", str(games), "--seed", str(self.seed),
                "--workers", "1", "-q", *self.extra, "--out", out]

    def count(self, scale: float) -> int:
        return max(1, round(self.games * scale))


#: Game counts chosen for about 35 CPU-minutes with ``heuristic`` (about a second a game).
STUDIES = (
    StudySpec("western-town", "western-town", (2, 3, 4), 200, 1000),
    StudySpec("great-western-trail", "great-western-trail", (2, 3, 4), 150, 1000),
    StudySpec("way-out-west", "way-out-west", (3, 4, 5), 150, 1000),
    StudySpec("way-out-west-winner-pays", "way-out-west", (4,), 100, 2000,
              ("--compare", "-o", "winner_pays=true", "-o", "winner_pays=false")),
)


def git(*args: str) -> str:
    done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True,
                          check=False)
    return done.stdout.strip() if done.returncode == 0 else ""


def commit_of_tree(given: str | None) -> str:
    if given:
        return given
    head = git("rev-parse", "--short=10", "HEAD")
    if not head:
        sys.exit("not a git checkout: name the commit this tree is with --commit REV")
    if git("status", "--porcelain", "--", "src"):
        sys.exit("src/ has uncommitted changes: the figures would match no commit "
                 "(run from a clean export of a commit, with --commit REV)")
    return head


def shown(command: Sequence[str]) -> str:
    return " ".join(command)


def run_study(spec: StudySpec, bot: str, scale: float, out: Path) -> None:
    command = spec.command(bot, spec.count(scale), str(out))
    executable = shutil.which("boomtown") or str(Path(sys.executable).with_name("boomtown"))
    print(f"$ {shown(command)}", flush=True)
    done = subprocess.run([executable, *command[1:]], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"{spec.name} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")


# ---------------------------------------------------------------------- figures
def md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return out


def first_player_rows(game: str, study: Study) -> list[list[str]]:
    rows = []
    for cell in study.cells:
        s = cell.summary
        first = s.by_position[0]
        last = [t for t in s.by_position if t.games][-1]
        adv, (lo, hi) = s.first_player()
        needed = s.games_for_first_player(DETECT)
        rows.append([game, str(cell.players), str(s.games), pct(s.fair), pct(first.rate),
                     pct_range(*first.interval()), f"{points(adv)} ({points(lo)} to "
                     f"{points(hi)})", pct(last.rate), pct_range(*last.interval()),
                     str(needed) if needed else "-"])
    return rows


def setup_rows(study: Study, name: str, label_order: Sequence[str] | None = None) -> (
    list[list[str]]
):
    rows = []
    for cell in study.cells:
        labels = cell.summary.by_setup.get(name, {})
        for label in label_order or sorted(labels):
            t = labels.get(label)
            if t is None:
                continue
            rows.append([str(cell.players), label, str(t.games), pct(cell.summary.fair),
                         pct(t.rate), pct_range(*t.interval()), num(t.score.mean),
                         num_range(*t.score.interval())])
    return rows


def position_rows(study: Study, money: Sequence[str]) -> list[list[str]]:
    rows = []
    for cell in study.cells:
        for p, t in enumerate(cell.summary.by_position):
            if t.games:
                rows.append([str(cell.players), f"{p} ({money[p]})", str(t.games),
                             pct(cell.summary.fair), pct(t.rate), pct_range(*t.interval()),
                             num(t.score.mean), num_range(*t.score.interval())])
    return rows


def auction_rows(study: Study) -> list[list[str]]:
    """Per player count: the price of first place per round, what a seat pays dropping out
    per game, and the rounds as start player of the winners and of the others."""
    rows = []
    for cell in study.cells:
        price, dropped = Sample(), Sample()
        winners, others = Sample(), Sample()
        for result in cell.results:
            if not result.ok or not result.features:
                continue
            rounds = sum(f["rounds as start player"] for f in result.features)
            price.add(sum(f["paid for first place"] for f in result.features) / rounds,
                      result.seed)
            for seat, f in enumerate(result.features):
                dropped.add(f["paid dropping out"], result.seed)
                won = seat in (result.winners or [])
                (winners if won else others).add(f["rounds as start player"], result.seed)
        rows.append([str(cell.players), str(cell.summary.games), num(price.mean),
                     num_range(*price.interval()), num(dropped.mean),
                     num_range(*dropped.interval()), num(winners.mean),
                     num_range(*winners.interval()), num(others.mean),
                     num_range(*others.interval())])
    return rows


def comparison_rows(study: Study) -> list[list[str]]:
    rows = []
    for _a, _b, diffs in study.comparisons():
        for d in diffs:
            if not (d.is_rate or d.measure.startswith(AB_MEASURES)):
                continue
            known = math.isfinite(d.detectable)
            if d.is_rate:
                ci = f" ({points(d.low)} to {points(d.high)})" if known else ""
                rows.append([d.measure, pct(d.a), pct(d.b), points(d.diff) + ci,
                             str(d.needed) if d.needed else "-"])
            else:
                ci = f" ({d.low:+.2f} to {d.high:+.2f})" if known else ""
                rows.append([d.measure, num(d.a), num(d.b), f"{d.diff:+.2f}{ci}", "-"])
    return rows


def bots_of(study: Study) -> list[str]:
    return list(dict.fromkeys(b for cell in study.cells for r in cell.results for b in r.seats))


def games_of(study: Study) -> int:
    """Games per cell, as the run asked for them."""
    return max(len(cell.results) for cell in study.cells)


def figures(studies: dict[str, Study], commit: str) -> list[str]:
    by = {s.name: s for s in STUDIES}
    bots = list(dict.fromkeys(b for study in studies.values() for b in bots_of(study)))
    bot = ",".join(bots)

    def command_line(name: str) -> str:
        study = studies[name]
        line = by[name].command(",".join(bots_of(study)), games_of(study), name + ".jsonl")
        return f"`{shown(line)}`"

    today = datetime.date.today().isoformat()
    played = {(r.record["game"], r.record["version"]) for study in studies.values()
              for cell in study.cells for r in cell.results if r.record}
    versions = ", ".join(f"{g} v{v}" for g, v in sorted(played))
    out = [BEGIN, "",
           f"Generated by `scripts/balance.py --bot {bot}` on {today}; games played on "
           f"commit `{commit}` ({versions}). Bot: `{bot}` at every seat. Intervals are 95%: "
           "Wilson for win rates, normal for means. *Games to see 5 points* is how many "
           "games (at that player count) would detect a first-player advantage of 5 "
           "percentage points (95% confidence, 80% power), from the spread seen here.", ""]

    out += ["### First-player advantage", "",
            "Win rate of the first player (turn position 0) against a fair share, and of the "
            "last; the advantage is in percentage points.", ""]
    rows = []
    for name in ("western-town", "great-western-trail", "way-out-west"):
        if name in studies:
            rows += first_player_rows(name, studies[name])
    out += md_table(["game", "players", "games", "fair share", "first", "95% CI",
                     "advantage (95% CI)", "last", "95% CI", "games to see 5 points"], rows)
    out.append("")
    for name in ("western-town", "great-western-trail", "way-out-west"):
        if name in studies:
            out.append(f"- {name}: {command_line(name)}")
    out.append("")

    if "western-town" in studies:
        out += ["### Western Town: starting cards", "",
                "Win rate and final total of the seats that started with each western town "
                "card (label: card key and its building).", ""]
        out += md_table(["players", "card", "seat-games", "fair share", "win rate", "95% CI",
                         "mean total", "95% CI"],
                        setup_rows(studies["western-town"], "western town card"))
        out += ["", f"Command: {command_line('western-town')}", ""]

    if "great-western-trail" in studies:
        money = [str(m) for m in ("$6", "$7", "$8", "$9")]
        out += ["### Great Western Trail: seat compensation", "",
                "Turn position and the starting money that comes with it ($6 for the first "
                "player, $1 more per later seat).", ""]
        out += md_table(["players", "position (money)", "games", "fair share", "win rate",
                         "95% CI", "mean total", "95% CI"],
                        position_rows(studies["great-western-trail"], money))
        out += ["", "Starting objective cards:", ""]
        out += md_table(["players", "objective", "seat-games", "fair share", "win rate",
                         "95% CI", "mean total", "95% CI"],
                        setup_rows(studies["great-western-trail"], "starting objective"))
        out += ["", f"Command: {command_line('great-western-trail')}", ""]

    if "way-out-west" in studies:
        out += ["### Way Out West: the auction", "",
                "Turn position 0 is the winner of the set-up's dice roll (round 1 only: every "
                "later round's order is auctioned, so the first-player row above measures the "
                "dice). What the auctions cost, per player count: the price of first place per "
                "round, what a seat pays dropping out over a game, and how many of the 12 "
                "rounds the winners and the others led.", ""]
        out += md_table(["players", "games", "first place, $ per round", "95% CI",
                         "paid dropping out, $ per seat-game", "95% CI",
                         "rounds led: winners", "95% CI", "rounds led: others", "95% CI"],
                        auction_rows(studies["way-out-west"]))
        out += ["", f"Command: {command_line('way-out-west')}", ""]
    if "way-out-west-winner-pays" in studies:
        study = studies["way-out-west-winner-pays"]
        games = ", ".join(str(c.summary.games) for c in study.cells)
        out += ["Does the winner of the auction pay his bid? Arm A: the winner pays "
                "(`winner_pays=true`, the default); arm B: only the drop-outs pay. Paired by "
                f"seed ({games} games per arm, 4 players); B - A:", ""]
        out += md_table(["measure", "A (winner pays)", "B (winner free)", "B - A (95% CI)",
                         "games per arm to see 5 points"], comparison_rows(study))
        out += ["", f"Command: {command_line('way-out-west-winner-pays')}",
                ""]
    out.append(END)
    return out


def write_doc(doc: Path, lines: Sequence[str]) -> None:
    text = doc.read_text(encoding="utf-8") if doc.exists() else f"{BEGIN}\n{END}\n"
    if BEGIN not in text or END not in text:
        sys.exit(f"{doc}: no {BEGIN} ... {END} markers to replace")
    head, rest = text.split(BEGIN, 1)
    _old, tail = rest.split(END, 1)
    doc.write_text(head + "\n".join(lines) + tail, encoding="utf-8")


def load(path: Path) -> Study:
    _game, results, notes = load_results([str(path)])
    for note in notes:
        print(note)
    return build_study(results, None, DETECT)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default=DEFAULT_BOT)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--data", default=str(ROOT / "balance-data"))
    parser.add_argument("--doc", default=str(ROOT / "docs" / "balance.md"))
    parser.add_argument("--reuse", action="store_true")
    parser.add_argument("--only", default="")
    parser.add_argument("--commit")
    args = parser.parse_args(argv)
    if not (args.scale > 0 and math.isfinite(args.scale)):
        parser.error("--scale must be a positive number")
    only = {n for n in args.only.split(",") if n}
    unknown = only - {s.name for s in STUDIES}
    if unknown:
        parser.error(f"unknown studies {sorted(unknown)}; known: "
                     + ", ".join(s.name for s in STUDIES))
    commit = commit_of_tree(args.commit)
    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    studies: dict[str, Study] = {}
    for spec in STUDIES:
        path = data / f"{spec.name}.jsonl"
        if not args.reuse and (not only or spec.name in only):
            run_study(spec, args.bot, args.scale, path)
        if path.exists():
            studies[spec.name] = load(path)
        else:
            print(f"(no {path}: {spec.name} left out)")
    if not studies:
        sys.exit("no studies to publish")
    write_doc(Path(args.doc), figures(studies, commit))
    print(f"wrote the figures of {args.doc}")


if __name__ == "__main__":
    main()
