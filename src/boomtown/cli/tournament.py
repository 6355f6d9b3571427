"""``boomtown simulate GAME --bots A,B,C``: a seat-rotated tournament between bots, over one
or several player counts (``--players 2,3,4``) and, with ``--compare``, two option settings.

Everything that can be wrong with the request is found before the first game: player counts,
too many bots for the seats, options (each cell's game is set up once), the ``--out`` and
``--report`` paths, matplotlib for the report, and a Ray cluster that does not answer.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from typing import Any

import click

from boomtown.bots.registry import check_spec
from boomtown.engine import Ruleset
from boomtown.sim.features import setup_from_record
from boomtown.sim.match import MatchResult
from boomtown.sim.stats import DEFAULT_DETECT, Study, build_study, options_text
from boomtown.sim.tournament import Arm, Job, backend_session, cut_blocks, plan, run_tournament


def parse_lineup(text: str) -> list[str]:
    """``ismcts:iterations=100,heuristic,random`` -> the specs, each validated."""
    specs = [part.strip() for part in text.split(",") if part.strip()]
    if not specs:
        raise ValueError("--bots needs at least one bot")
    return [check_spec(spec) for spec in specs]


def parse_player_counts(text: str) -> list[int]:
    """``3`` or ``2,3,4`` -> the player counts, in order, without repeats.

    >>> parse_player_counts("2, 3,4,3")
    [2, 3, 4]
    """
    counts: list[int] = []
    for part in text.split(","):
        part = part.strip()
        try:
            value = int(part)
        except ValueError:
            raise ValueError(f"--players: {part!r} is not a number of players") from None
        if value not in counts:
            counts.append(value)
    if not counts:
        raise ValueError("--players needs a number of players")
    return counts


def parse_arms(pairs: Sequence[tuple[str, Any]], compare: bool) -> list[Arm]:
    """The run's option settings from the ``-o NAME=VALUE`` pairs in order.

    Without ``--compare``: one setting, and an option may be given once. With it: the options
    given twice are compared, the first value in arm A and the second in arm B; the options
    given once hold in both.

    >>> [a.options for a in parse_arms([("x", 1), ("y", 0), ("x", 2)], compare=True)]
    [{'y': 0, 'x': 1}, {'y': 0, 'x': 2}]
    """
    values: dict[str, list[Any]] = {}
    for name, value in pairs:
        values.setdefault(name, []).append(value)
    shared = {n: v[0] for n, v in values.items() if len(v) == 1}
    compared = {n: v for n, v in values.items() if len(v) > 1}
    if not compare:
        if compared:
            name = next(iter(compared))
            raise ValueError(f"option {name} given {len(compared[name])} times; to compare "
                             "two settings add --compare")
        return [Arm(None, shared)]
    if not compared:
        raise ValueError("--compare needs an option given twice, one value per arm: "
                         "-o NAME=A_VALUE -o NAME=B_VALUE")
    for name, given in compared.items():
        if len(given) != 2:
            raise ValueError(f"--compare: option {name} given {len(given)} times; give it "
                             "twice, once per arm")
        if given[0] == given[1]:
            raise ValueError(f"--compare: option {name} has the same value in both arms")
    return [
        Arm("A", {**shared, **{n: v[0] for n, v in compared.items()}}),
        Arm("B", {**shared, **{n: v[1] for n, v in compared.items()}}),
    ]


def check_writable(path: str, flag: str) -> None:
    """Fail now, not after every game, when ``path`` cannot be written (nothing is left
    behind: a file made for the check is removed)."""
    existed = os.path.exists(path)
    if os.path.isdir(path):
        raise ValueError(f"{flag} {path}: is a directory")
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise ValueError(f"{flag} {path}: cannot write there ({exc.strerror or exc})") from None
    if not existed:
        os.remove(path)


def check_report_tools() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ValueError("--report needs matplotlib: pip install matplotlib") from None


def check_request(
    ruleset: Ruleset, lineup: Sequence[str], player_counts: Sequence[int], seed: int,
    arms: Sequence[Arm],
) -> None:
    """Every cell can be played: allowed player counts, enough seats for the bots, options
    that the game accepts at each player count (its game is set up once)."""
    for players in player_counts:
        ruleset.check_players(players)
    fewest = min(player_counts)
    if len(lineup) > fewest:
        raise ValueError(f"{len(lineup)} bots ({', '.join(lineup)}) for {fewest} seats: every "
                         f"rotation would leave bots out; give at most {fewest} bots, or more "
                         "players")
    for arm in arms:
        options = ruleset.options_from_dict(dict(arm.options))
        for players in player_counts:
            ruleset.new_game(players, seed, options)


def tournament_header(
    ruleset: Ruleset, lineup: Sequence[str], player_counts: Sequence[int], games: int,
    seed: int, arms: Sequence[Arm], workers: int | None, backend: str,
) -> str:
    rotations = len(lineup)
    blocks = -(-games // rotations)
    counts = ",".join(str(p) for p in player_counts)
    cells = len(player_counts) * len(arms)
    per = " per cell" if cells > 1 else ""
    where = (f"{workers or 1} worker{'s' if (workers or 1) != 1 else ''}" if backend == "local"
             else f"ray ({workers} CPUs)" if workers else "ray")
    text = (
        f"{ruleset.name} ({ruleset.id} v{ruleset.version}): {games} game"
        f"{'s' if games != 1 else ''}{per}, {counts} players, bots {', '.join(lineup)}; "
        f"{rotations} seat rotation{'s' if rotations != 1 else ''} per seed, "
        f"seeds {seed}..{seed + blocks - 1}; {where}"
    )
    if len(arms) > 1:
        text += "; compare " + " against ".join(
            f"{a.label}: {options_text(a.options)}" for a in arms)
    elif arms and arms[0].options:
        text += ", options " + options_text(arms[0].options)
    return text


def run_tournament_command(
    ruleset: Ruleset,
    lineup: list[str],
    player_counts: Sequence[int],
    games: int,
    seed: int,
    arms: Sequence[Arm],
    workers: int | None,
    backend: str,
    address: str | None,
    out: str | None,
    report: str | None,
    quiet: bool,
    detect: float = DEFAULT_DETECT,
) -> None:
    """Check, run, stream the JSON lines, print the summary, write the report."""
    check_request(ruleset, lineup, player_counts, seed, arms)
    if out:
        check_writable(out, "--out")
    if report:
        check_writable(report, "--report")
        check_report_tools()
    jobs = plan(lineup, player_counts, games, seed, arms)
    with backend_session(backend, address, workers):
        results = _run_jobs(ruleset, lineup, player_counts, games, seed, arms, jobs, workers,
                            backend, address, out, quiet)
    study = build_study(results, lineup, detect)
    lines = study.lines()
    echo_summary(lines)
    if out:
        click.echo(f"\nWrote {len(results)} game line{'s' if len(results) != 1 else ''} to {out}")
    if report:
        title = tournament_header(ruleset, lineup, player_counts, games, seed, arms, workers,
                                  backend)
        write_html(report, title, study, lines)
    if study.failed:
        raise click.ClickException(f"{len(study.failed)} of {len(results)} games failed")


def _run_jobs(
    ruleset: Ruleset, lineup: list[str], player_counts: Sequence[int], games: int, seed: int,
    arms: Sequence[Arm], jobs: Sequence[Job], workers: int | None, backend: str,
    address: str | None, out: str | None, quiet: bool,
) -> list[MatchResult]:
    """Print the header, play the jobs with a progress bar, stream the JSON lines."""
    title = tournament_header(ruleset, lineup, player_counts, games, seed, arms, workers,
                              backend)
    click.echo(title)
    missing = cut_blocks(lineup, games)
    if missing:
        click.echo(f"Note: {games} games is not a whole number of seed blocks of "
                   f"{len(lineup)}: the last block lacks {missing} rotation"
                   f"{'s' if missing != 1 else ''}, so seats are not balanced there "
                   f"(use a multiple of {len(lineup)})")
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

            return run_tournament(
                ruleset.id, {}, jobs, workers, backend, address, on_result
            )
    finally:
        if handle is not None:
            handle.close()


def load_results(paths: Sequence[str]) -> tuple[str, list[MatchResult], list[str]]:
    """The game id, the results in the JSON-line files written by ``--out``, and notes.

    Several files (runs on other seeds, other machines) are summarised as one study: their
    games are numbered on in file order, and grouped by player count and arm. Raises
    ``ValueError`` for a line that is not a game result, or files that mix games. A line
    saved before the lab recorded each seat's set-up gets it by replaying its record.
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
                result.index += offset
                results.append(result)
    if not results:
        raise ValueError("no game lines in " + ", ".join(paths))
    if game is None:
        raise ValueError("the files hold only failed games: nothing to summarise")
    notes = []
    unreadable = 0
    for result in results:
        if result.ok and result.setup is None and result.record is not None:
            try:
                result.setup = setup_from_record(result.record)
            except Exception:  # an old version of the rules: seat order stands in
                unreadable += 1
    if unreadable:
        notes.append(f"Note: {unreadable} saved game(s) carry no set-up and do not replay on "
                     "these rules: their turn positions are taken to be their seats")
    return game, results, notes


def summarise_command(paths: Sequence[str], report: str | None,
                      detect: float = DEFAULT_DETECT) -> None:
    """Print (and optionally write as HTML) the summary of saved tournament games."""
    if report:
        check_writable(report, "--report")
        check_report_tools()
    game, results, notes = load_results(paths)
    study = build_study(results, None, detect)
    counts = ",".join(str(p) for p in sorted({c.players for c in study.cells}))
    bots = list(dict.fromkeys(b for c in study.cells for b in c.summary.by_bot))
    title = (f"{game}: {len(results)} saved games from {len(paths)} file"
             f"{'s' if len(paths) != 1 else ''}, {counts} players, bots {', '.join(bots)}")
    click.echo(title)
    for note in notes:
        click.echo(note)
    lines = study.lines()
    echo_summary(lines)
    if report:
        write_html(report, title, study, lines)


def echo_summary(lines: Sequence[str]) -> None:
    click.echo("")
    for line in lines:
        click.echo(line)


def write_html(path: str, title: str, study: Study, lines: Sequence[str]) -> None:
    from boomtown.sim.report import write_report  # matplotlib: only when asked

    write_report(path, title, study, list(lines))
    click.echo(f"Wrote the report to {path}")
