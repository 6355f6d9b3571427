"""The ``boomtown`` command line, generic over every registered game.

Commands are thin: they read their input, call the job modules (rules, simulate,
replay, bench) and print. Bad input (an unknown game, a player count the game does not
allow, a missing or corrupt record, bad options) ends with a one-line error on stderr
and a non-zero exit. Only a bug shows a traceback (or any error, with ``--traceback``).
"""

from __future__ import annotations

import json
from contextlib import nullcontext
from typing import Any

import click
from click.exceptions import NoArgsIsHelpError

from boomtown.cli import bench as bench_mod
from boomtown.cli.play import play_command
from boomtown.cli.replay import load_record, log_lines, replay_loaded, result_lines
from boomtown.cli.rules import describe_ruleset
from boomtown.cli.simulate import Summary, header, simulate
from boomtown.cli.tournament import (
    parse_arms,
    parse_lineup,
    parse_player_counts,
    run_tournament_command,
    summarise_command,
)
from boomtown.engine import BoomtownError, RulesFault, get_ruleset, list_rulesets
from boomtown.sim.stats import DEFAULT_DETECT

#: Errors caused by what the user gave us; they end in a one-line message.
INPUT_ERRORS = (BoomtownError, OSError, ValueError)

#: What ``boomtown serve`` plays until the web table exists.
SERVE_GAME, SERVE_PLAYERS = "western-town", 3


def one_line(exc: BaseException) -> str:
    """An exception as a single line for the user."""
    if isinstance(exc, OSError) and exc.filename is not None and exc.strerror:
        text = f"{exc.filename}: {exc.strerror}"
    else:
        text = str(exc) or type(exc).__name__
    return " ".join(text.split())


def save_fault(fault: RulesFault, folder: str = ".") -> str | None:
    """Write a rules fault's reproduction (record, snapshot, cause) to a JSON file for a bug
    report; its path, or ``None`` when it cannot be written."""
    import os
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = os.path.join(folder, f"boomtown-fault-{fault.game}-{stamp}.json")
    try:
        with open(path, "w", encoding="utf-8") as out:
            json.dump(fault.to_dict(), out)
    except OSError:
        return None
    return path


class InputError(click.ClickException):
    """Bad input: click prints it as one line, ``Error: ...``, and exits with 1."""


class UsageInputError(InputError):
    """Bad command-line usage: one line too (no usage block), exit 2 like click's own."""

    exit_code = 2


def usage_error(exc: click.UsageError) -> click.ClickException:
    """Click's usage error as one line (click would print the usage block too)."""
    if isinstance(exc, NoArgsIsHelpError):
        return exc  # bare ``boomtown``: the help text is the answer
    where = exc.ctx.command_path if exc.ctx is not None else "boomtown"
    return UsageInputError(f"{one_line(exc)} (see `{where} --help`)")


class Boundary(click.Group):
    """A group that turns every input error raised under it into one line on stderr."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            raise usage_error(exc) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise  # click handles a closed pipe (``boomtown replay x | head``) quietly
        except click.UsageError as exc:
            raise usage_error(exc) from None
        except RulesFault as fault:  # a bug of the game: its reproduction, not a traceback
            path = save_fault(fault)
            where = f"; its reproduction is in {path}" if path else ""
            raise InputError(one_line(fault) + where) from None
        except INPUT_ERRORS as exc:
            if ctx.params.get("traceback"):
                raise
            raise InputError(one_line(exc)) from None


def parse_options(
    ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
) -> dict[str, Any]:
    """``-o NAME=VALUE`` pairs as a dict; VALUE is JSON when it parses, else a string."""
    options: dict[str, Any] = {}
    for item in values:
        name, sep, raw = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise click.BadParameter(f"expected NAME=VALUE, got {item!r}", ctx, param)
        try:
            options[name] = json.loads(raw)
        except ValueError:
            options[name] = raw
    return options


option_flag = click.option(
    "-o",
    "--option",
    "options",
    multiple=True,
    callback=parse_options,
    metavar="NAME=VALUE",
    help="Set a game option (repeatable); see `boomtown rules GAME`. VALUE is read as JSON.",
)


@click.group(cls=Boundary, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="boomtown")
@click.option("--traceback", is_flag=True, hidden=True, help="Show tracebacks for input errors.")
def cli(traceback: bool) -> None:
    """boomtown: play, simulate, replay and benchmark western-themed board games."""


@cli.command()
@click.argument("game", required=False)
def rules(game: str | None) -> None:
    """Show GAME's identity, options and reconstructed rules data (without GAME: list games)."""
    if game is None:
        click.echo("Games (show one with `boomtown rules GAME`):")
        for game_id in list_rulesets():
            click.echo(f"  {game_id}")
        return
    for line in describe_ruleset(get_ruleset(game)):
        click.echo(line)


def parse_option_pairs(
    ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
) -> list[tuple[str, Any]]:
    """``-o NAME=VALUE`` pairs in order (``simulate --compare`` gives a name twice)."""
    pairs: list[tuple[str, Any]] = []
    for item in values:
        pairs += parse_options(ctx, param, (item,)).items()
    return pairs


@cli.command("simulate")
@click.argument("game")
@click.option(
    "-p",
    "--players",
    metavar="N[,N...]",
    help="Players per game [default: the number of bots, else the fewest allowed]. With "
    "--bots, several counts (2,3,4) run one tournament per count.",
)
@click.option(
    "-n",
    "--games",
    "count",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="How many games (with --bots: per player count and per arm).",
)
@click.option(
    "-s", "--seed", type=int, default=0, show_default=True, help="Game i uses seed SEED+i."
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    metavar="FILE.jsonl",
    help="Write one JSON line per game: seed, players, returns, score, record.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print only the summary, no line per game.")
@click.option(
    "--bots",
    metavar="BOT,BOT,...",
    help="A seat-rotated tournament between these bots (the ladder easy, medium, hard; "
    "random, heuristic, ismcts, search; parameters as NAME:KEY=VALUE, e.g. "
    "ismcts:iterations=300:depth=8 or hard:seconds=0.5). Players default "
    "to the number of bots; one bot plays every seat. Without --bots every seat plays "
    "uniformly at random.",
)
@click.option(
    "-w",
    "--workers",
    type=click.IntRange(min=1),
    help="Processes playing games in parallel (with --bots) [default: 1; with --backend ray: "
    "a local Ray's CPUs, or a cluster's games in flight, default all its CPUs].",
)
@click.option(
    "--backend",
    type=click.Choice(["local", "ray"]),
    default="local",
    show_default=True,
    help="Where --bots games run: a local process pool, or a Ray cluster.",
)
@click.option("--address", help="Ray cluster address HOST:PORT (with --backend ray) "
              "[default: a local Ray on 127.0.0.1].")
@click.option(
    "--report",
    type=click.Path(dir_okay=False),
    metavar="FILE.html",
    help="Write an HTML report with plots (with --bots; needs matplotlib).",
)
@click.option(
    "--compare",
    is_flag=True,
    help="A/B: play every game under two settings of the options given twice "
    "(-o x=1 -o x=2), on the same seeds, and report the differences (with --bots).",
)
@click.option(
    "--detect",
    type=click.FloatRange(min=0, min_open=True, max=100),
    default=100 * DEFAULT_DETECT,
    show_default=True,
    metavar="POINTS",
    help="The win-rate difference, in percentage points, the summary says how many games "
    "are needed to see.",
)
@click.option(
    "-o",
    "--option",
    "options",
    multiple=True,
    callback=parse_option_pairs,
    metavar="NAME=VALUE",
    help="Set a game option (repeatable); see `boomtown rules GAME`. VALUE is read as JSON. "
    "With --compare, an option given twice is compared.",
)
def simulate_cmd(
    game: str,
    players: str | None,
    count: int,
    seed: int,
    out: str | None,
    quiet: bool,
    bots: str | None,
    workers: int | None,
    backend: str,
    address: str | None,
    report: str | None,
    compare: bool,
    detect: float,
    options: list[tuple[str, Any]],
) -> None:
    """Play games of GAME between bots and summarise them.

    Without --bots: uniform random bots, one line per game. With --bots: a seat-rotated
    tournament with win rates and scores by bot, by turn position and by starting
    asymmetry, score categories, game length and ties (95% intervals), OpenSkill ratings,
    and with --compare the differences between two option settings.
    """
    ruleset = get_ruleset(game)
    counts = parse_player_counts(players) if players is not None else None
    if address is not None and backend != "ray":
        raise click.UsageError("--address goes with --backend ray")
    if bots is not None:
        lineup = parse_lineup(bots)
        arms = parse_arms(options, compare)
        if counts is None:
            counts = [len(lineup) if len(lineup) in ruleset.player_counts else min(
                ruleset.player_counts
            )]
        run_tournament_command(
            ruleset, lineup, counts, count, seed, arms, workers, backend, address, out,
            report, quiet, detect / 100,
        )
        return
    if report or backend != "local" or workers is not None or compare or address:
        raise click.UsageError(
            "--workers, --backend, --address, --report and --compare go with --bots")
    if counts is not None and len(counts) > 1:
        raise click.UsageError("several player counts go with --bots")
    players_n = counts[0] if counts else min(ruleset.player_counts)
    ruleset.check_players(players_n)
    given = parse_arms(options, compare=False)[0].options
    opts = ruleset.options_from_dict(dict(given))
    summary = Summary(players_n, by_position=ruleset.seat_setup is not None)
    with open(out, "w", encoding="utf-8") if out else nullcontext() as handle:
        click.echo(header(ruleset, players_n, count, seed, given))
        for result in simulate(ruleset, players_n, count, seed, opts, handle):
            summary.add(result)
            if not quiet:
                click.echo(result.line())
    click.echo("")
    for line in summary.lines():
        click.echo(line)
    if out:
        click.echo(f"\nWrote {count} record line{'s' if count != 1 else ''} to {out}")


@cli.command("summarise")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--report", type=click.Path(dir_okay=False), metavar="FILE.html",
              help="Also write an HTML report with plots (needs matplotlib).")
@click.option("--detect", type=click.FloatRange(min=0, min_open=True, max=100),
              default=100 * DEFAULT_DETECT, show_default=True, metavar="POINTS",
              help="The win-rate difference, in percentage points, the summary says how "
              "many games are needed to see.")
def summarise_cmd(files: tuple[str, ...], report: str | None, detect: float) -> None:
    """Summarise saved tournament games: the lines `simulate --bots ... --out` wrote.

    Several files (say, runs on further seeds) are summarised as one study, by player count
    and arm.
    """
    try:
        summarise_command(files, report, detect / 100)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from exc


@cli.command("play")
@click.argument("game")
@click.option(
    "--seats",
    "seats_text",
    metavar="SEAT,SEAT,...",
    help="Who sits where: human or a bot (easy, medium, hard; random, heuristic, "
    "ismcts[:KEY=VALUE...]); "
    "one entry per player [default: human and heuristic bots, the fewest players].",
)
@click.option("-s", "--seed", type=int, default=0, show_default=True, help="Game seed.")
@click.option(
    "--save", type=click.Path(dir_okay=False), help="Write the game here after every move."
)
@click.option(
    "--resume",
    type=click.Path(dir_okay=False, exists=True),
    help="Continue a game written by --save (saving to the same file unless --save).",
)
@click.option("--table", is_flag=True, help="Table mode: type in the dice and draws.")
@click.option(
    "--hints", "hints_text", is_flag=False, flag_value="all", metavar="[all|SEAT,SEAT...]",
    help="Let people ask the strong bot for a hint (key h): every seat, or the seats named "
    "[default: off].",
)
@click.option(
    "--hint-seconds", type=click.FloatRange(min=0, min_open=True), default=1.0,
    show_default=True, help="CPU time of one hint.",
)
@option_flag
def play_cmd(
    game: str,
    seats_text: str | None,
    seed: int,
    save: str | None,
    resume: str | None,
    table: bool,
    hints_text: str | None,
    hint_seconds: float,
    options: dict[str, Any],
) -> None:
    """Play GAME at the terminal against bots (or with other people)."""
    play_command(game, seats_text, seed, save, resume, table, options, hints_text,
                 hint_seconds)


@cli.command("replay")
@click.argument("record", type=click.Path(dir_okay=False))
@click.option(
    "--line", type=click.IntRange(min=1), help="Which line of a JSON-lines file [default: 1]."
)
@click.option("--seat", type=int, help="Print the log as this seat sees it.")
@click.option(
    "--all", "everything", is_flag=True, help="Print the whole log, hidden parts included."
)
@click.option("--steps", type=click.IntRange(min=0), help="Replay only the first STEPS actions.")
def replay_cmd(
    record: str, line: int | None, seat: int | None, everything: bool, steps: int | None
) -> None:
    """Replay a game RECORD (a JSON record, or a line of `simulate --out`) and print its log."""
    if everything and seat is not None:
        raise click.UsageError("--seat and --all are exclusive")
    loaded = load_record(record, line)
    state = replay_loaded(loaded, steps)
    title, lines = log_lines(state, seat, everything)
    rec = loaded.record
    ruleset = state.ruleset
    click.echo(
        f"{ruleset.name} ({rec.game} v{rec.version}), {rec.players} players, seed {rec.seed}, "
        f"{len(state.history)} of {len(rec.actions)} actions replayed"
    )
    if rec.options:
        click.echo("options: " + ", ".join(f"{k}={json.dumps(v)}" for k, v in rec.options.items()))
    click.echo(f"\nLog ({title}):")
    for text in lines:
        click.echo(f"  {text}")
    click.echo("")
    for text in result_lines(state):
        click.echo(text)
    if (
        state.is_terminal()
        and loaded.stored_returns is not None
        and list(state.returns()) != loaded.stored_returns
    ):
        click.echo(
            f"warning: the file stored returns {loaded.stored_returns}, "
            f"the replay gives {list(state.returns())}",
            err=True,
        )


@cli.command("review")
@click.argument("record", type=click.Path(dir_okay=False))
@click.option(
    "--line", type=click.IntRange(min=1), help="Which line of a JSON-lines file [default: 1]."
)
@click.option(
    "--seat", "seats", type=int, multiple=True,
    help="A seat to review (repeatable) [default: the people's seats of a play --save file, "
    "else every seat].",
)
@click.option(
    "--iterations", type=click.IntRange(min=1),
    help="Search iterations a decision [default: 200, when --seconds is not given].",
)
@click.option(
    "--seconds", type=click.FloatRange(min=0, min_open=True),
    help="CPU seconds a decision (the review then depends on the machine's speed).",
)
@click.option("--samples", type=click.IntRange(min=1), default=6, show_default=True,
              help="Determinizations each compared move is measured on.")
@click.option("--top", "mistakes", type=click.IntRange(min=0), default=5, show_default=True,
              help="Decisions shown per seat (those whose estimate dropped most).")
@click.option("-s", "--seed", type=int, default=0, show_default=True,
              help="Seed of the review's own generator.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False),
              help="Also write the review here as JSON.")
def review_cmd(
    record: str, line: int | None, seats: tuple[int, ...], iterations: int | None,
    seconds: float | None, samples: int, mistakes: int, seed: int, json_out: str | None,
) -> None:
    """Review the decisions of a game RECORD: where the strong bot's estimate dropped most
    against its preferred move, and why, with a chart of the estimated final scores."""
    from boomtown.cli.review import review_command

    review_command(record, line, list(seats), iterations, seconds, samples, mistakes, seed,
                   json_out)


@cli.command("bench")
@click.argument("game")
@click.option(
    "-p",
    "--players",
    "player_counts",
    type=int,
    multiple=True,
    help="Player count to measure (repeatable) [default: every allowed count].",
)
@click.option(
    "-r",
    "--runs",
    type=click.IntRange(min=1),
    default=5,
    show_default=True,
    help="Timed runs per figure; the median is reported.",
)
@click.option(
    "-t",
    "--seconds",
    type=click.FloatRange(min=0, min_open=True),
    default=0.5,
    show_default=True,
    help="Length of one timed run.",
)
@click.option("-s", "--seed", type=int, default=0, show_default=True, help="First game seed.")
@option_flag
def bench_cmd(
    game: str,
    player_counts: tuple[int, ...],
    runs: int,
    seconds: float,
    seed: int,
    options: dict[str, Any],
) -> None:
    """Measure random-play actions/s, games/s and clones/s of GAME per player count."""
    ruleset = get_ruleset(game)
    counts = player_counts or ruleset.player_counts
    for players in counts:
        ruleset.check_players(players)
    opts = ruleset.options_from_dict(options)
    click.echo(
        f"{ruleset.name} ({ruleset.id} v{ruleset.version}): {bench_mod.runs_note(runs, seconds)}"
    )
    click.echo(bench_mod.machine_line())
    click.echo("")
    click.echo(bench_mod.table_header())
    rows = []
    for players in counts:
        row = bench_mod.bench_players(ruleset, players, opts, runs, seconds, seed)
        rows.append(row)
        click.echo(bench_mod.table_row(row))
    click.echo(
        f"\nGoals on one core: {bench_mod.ACTIONS_GOAL:,} actions/s, "
        f"{bench_mod.CLONES_GOAL:,} clones/s"
    )
    for text in bench_mod.goal_lines(rows):
        click.echo(text)


@cli.command("coverage")
@click.argument("game")
@click.option(
    "-p",
    "--players",
    "player_counts",
    type=int,
    multiple=True,
    help="Player count (repeatable) [default: every allowed count].",
)
@click.option(
    "-n",
    "--games",
    type=click.IntRange(min=1),
    default=10,
    show_default=True,
    help="Games per player count, policy and option set.",
)
@click.option(
    "--bot",
    "bot_specs",
    multiple=True,
    default=("heuristic:samples=1",),
    show_default=True,
    help="A bot that also plays every seat, as one more policy (repeatable).",
)
@click.option("--bot-games", type=click.IntRange(min=0), default=2, show_default=True,
              help="Games per player count for each --bot (bots are slower).")
@click.option("-s", "--seed", type=int, default=0, show_default=True, help="First game seed.")
def coverage_cmd(
    game: str,
    player_counts: tuple[int, ...],
    games: int,
    bot_specs: tuple[str, ...],
    bot_games: int,
    seed: int,
) -> None:
    """Which kinds of decision of GAME were ever legal and ever taken, over games played by
    uniform, rare-kinds-first and progress policies and by bots."""
    from boomtown.bots.policy import BotPolicy
    from boomtown.engine import coverage

    ruleset = get_ruleset(game)
    for players in player_counts:
        ruleset.check_players(players)
    counts = list(player_counts) or None
    bots = [BotPolicy(spec) for spec in bot_specs]
    found = coverage.measure(ruleset, counts, games, first_seed=seed)
    if bots and bot_games:
        found.merge(coverage.measure(ruleset, counts, bot_games, bots, seed, variants=False))
    click.echo(f"{ruleset.name} ({ruleset.id} v{ruleset.version}): coverage of the action families")
    click.echo(found.table())
    missing = found.missing()
    if missing:
        names = ", ".join(f.name for f in missing)
        raise click.ClickException(f"never taken (and not declared unreachable): {names}")


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on.",
)
@click.option(
    "--data",
    "data_dir",
    type=click.Path(file_okay=False),
    help="Folder of the embedded SQLite database [default: $BOOMTOWN_DATA, else "
    "~/.local/share/boomtown].",
)
@click.option(
    "--database-url",
    metavar="URL",
    envvar="BOOMTOWN_DATABASE_URL",
    help="Store games in this database instead (e.g. postgresql://user@host/db) "
    "[env: BOOMTOWN_DATABASE_URL].",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Server processes on the port (more than 1 needs PostgreSQL).",
)
@click.option(
    "--create-rate",
    type=click.IntRange(0),
    envvar="BOOMTOWN_CREATE_RATE",
    help="Games one client (IP address) may create a minute; 0: no limit "
    "[env: BOOMTOWN_CREATE_RATE; default: 0].",
)
@click.option(
    "--max-active-games",
    type=click.IntRange(0),
    envvar="BOOMTOWN_MAX_ACTIVE_GAMES",
    help="Refuse new games while this many are active; 0: no cap "
    "[env: BOOMTOWN_MAX_ACTIVE_GAMES; default: 0].",
)
@click.option(
    "--allowed-origins",
    metavar="ORIGINS",
    envvar="BOOMTOWN_ALLOWED_ORIGINS",
    help="Comma-separated Origins (https://host) whose pages may open websockets; "
    "default: any [env: BOOMTOWN_ALLOWED_ORIGINS].",
)
@click.option(
    "--forwarded-allow-ips",
    metavar="IPS",
    help="Reverse proxies trusted for X-Forwarded-For (default: 127.0.0.1; "
    "env: FORWARDED_ALLOW_IPS).",
)
def serve(host: str, port: int, data_dir: str | None, database_url: str | None,
          workers: int, create_rate: int | None, max_active_games: int | None,
          allowed_origins: str | None, forwarded_allow_ips: str | None) -> None:
    """Serve the web table: play any game in the browser with friends and bots."""
    from boomtown.server import run
    from boomtown.server.__main__ import configure
    from boomtown.server.config import ConfigError

    try:
        config = configure(create_rate, max_active_games, allowed_origins)
        run(host=host, port=port, data_dir=data_dir, database_url=database_url,
            workers=workers, config=config, forwarded_allow_ips=forwarded_allow_ips)
    except ConfigError as exc:
        raise InputError(str(exc)) from exc


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``boomtown`` command."""
    cli.main(args=argv, prog_name="boomtown")


if __name__ == "__main__":
    main()
