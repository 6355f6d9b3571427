"""``boomtown simulate GAME --bots A,B,C``: a seat-rotated tournament between bots."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

import click

from boomtown.bots.registry import check_spec
from boomtown.engine import Ruleset
from boomtown.sim.match import MatchResult
from boomtown.sim.stats import TournamentSummary, rate, summarise
from boomtown.sim.tournament import run_tournament, schedule


def parse_lineup(text: str) -> list[str]:
    """``ismcts:iterations=100,heuristic,random`` -> the specs, each validated."""
    specs = [part.strip() for part in text.split(",") if part.strip()]
    if not specs:
        raise ValueError("--bots needs at least one bot")
    return [check_spec(spec) for spec in specs]


def tournament_header(
    ruleset: Ruleset, lineup: Sequence[str], players: int, games: int, seed: int,
    options: dict[str, Any], workers: int, backend: str,
) -> str:
    rotations = len(lineup)
    blocks = -(-games // rotations)
    text = (
        f"{ruleset.name} ({ruleset.id} v{ruleset.version}): {games} game"
        f"{'s' if games != 1 else ''}, {players} players, bots {', '.join(lineup)}; "
        f"{rotations} seat rotation{'s' if rotations != 1 else ''} per seed, "
        f"seeds {seed}..{seed + blocks - 1}; "
        + (f"{workers} worker{'s' if workers != 1 else ''}" if backend == "local" else backend)
    )
    if options:
        text += ", options " + ", ".join(f"{k}={json.dumps(v)}" for k, v in options.items())
    return text


def run_tournament_command(
    ruleset: Ruleset,
    lineup: list[str],
    players: int,
    games: int,
    seed: int,
    options: dict[str, Any],
    workers: int,
    backend: str,
    address: str | None,
    out: str | None,
    report: str | None,
    quiet: bool,
) -> None:
    """Run, stream the JSON lines, print the summary, write the report."""
    ruleset.check_players(players)
    ruleset.options_from_dict(options)  # bad options fail before any worker starts
    jobs = schedule(lineup, players, games, seed)
    title = tournament_header(ruleset, lineup, players, games, seed, options, workers, backend)
    click.echo(title)
    handle = open(out, "w", encoding="utf-8") if out else None  # noqa: SIM115
    try:
        with click.progressbar(
            length=len(jobs), label="games", file=sys.stderr, show_pos=True, show_eta=True,
            hidden=quiet,
        ) as bar:

            def on_result(result: MatchResult) -> None:
                if handle is not None:
                    handle.write(json.dumps(result.to_json(), separators=(",", ":")) + "\n")
                    handle.flush()
                bar.update(1)

            results = run_tournament(
                ruleset.id, options, jobs, workers, backend, address, on_result
            )
    finally:
        if handle is not None:
            handle.close()
    summary = summarise(players, lineup, results)
    lines = summary.lines(rate(results))
    echo_summary(lines)
    if out:
        click.echo(f"\nWrote {len(results)} game line{'s' if len(results) != 1 else ''} to {out}")
    if report:
        write_html(report, title, summary, lines)
    if summary.failed:
        raise click.ClickException(f"{len(summary.failed)} of {len(results)} games failed")


def load_results(paths: Sequence[str]) -> tuple[str, list[MatchResult]]:
    """The game id and the results in the JSON-line files written by ``--out``.

    Several files (runs on other seeds, other machines) are summarised as one tournament:
    their games are numbered on in file order. Raises ``ValueError`` for a line that is not a
    game result, or files that mix games or player counts.
    """
    results: list[MatchResult] = []
    game: str | None = None
    for path in paths:
        offset = len(results)
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    data = json.loads(line)
                    result = MatchResult.from_json(data)
                except (ValueError, KeyError, TypeError) as exc:
                    raise ValueError(f"{path}:{number}: not a game result line ({exc})") from exc
                this = (data.get("record") or {}).get("game")
                if this is not None:
                    if game is not None and this != game:
                        raise ValueError(f"{path}:{number}: a {this} game among {game} games")
                    game = this
                if results and len(result.seats) != len(results[0].seats):
                    raise ValueError(f"{path}:{number}: {len(result.seats)} players, "
                                     f"not {len(results[0].seats)} like the lines before")
                result.index += offset
                results.append(result)
    if not results:
        raise ValueError("no game lines in " + ", ".join(paths))
    if game is None:
        raise ValueError("the files hold only failed games: nothing to summarise")
    return game, results


def lineup_of(results: Sequence[MatchResult]) -> list[str]:
    """The line-up as scheduled: rotation 0's seats first, then any other bot seen."""
    first = [r.seats for r in results if r.rotation == 0][:1] or [results[0].seats]
    bots = dict.fromkeys(first[0])
    for result in results:
        bots.update(dict.fromkeys(result.seats))
    return list(bots)


def summarise_command(paths: Sequence[str], report: str | None) -> None:
    """Print (and optionally write as HTML) the summary of saved tournament games."""
    game, results = load_results(paths)
    players = len(results[0].seats)
    lineup = lineup_of(results)
    title = (f"{game}: {len(results)} saved games from {len(paths)} file"
             f"{'s' if len(paths) != 1 else ''}, {players} players, bots {', '.join(lineup)}")
    click.echo(title)
    summary = summarise(players, lineup, results)
    lines = summary.lines(rate(results))
    echo_summary(lines)
    if report:
        write_html(report, title, summary, lines)


def echo_summary(lines: Sequence[str]) -> None:
    click.echo("")
    for line in lines:
        click.echo(line)


def write_html(path: str, title: str, summary: TournamentSummary, lines: Sequence[str]) -> None:
    from boomtown.sim.report import write_report  # matplotlib: only when asked

    write_report(path, title, summary, list(lines))
    click.echo(f"Wrote the report to {path}")
