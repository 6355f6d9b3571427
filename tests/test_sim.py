"""The simulation lab: scheduling, the process pool, crash isolation, statistics, reports."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from boomtown.bots import Observation, RandomBot, register_bot
from boomtown.bots.registry import unregister_bot
from boomtown.cli.main import cli
from boomtown.engine import Action, GameRecord, State, replay
from boomtown.sim.match import MatchResult, bot_seed
from boomtown.sim.report import error_bars, write_report
from boomtown.sim.stats import (
    Sample,
    build_study,
    games_to_detect,
    paired_difference,
    rate,
    summarise,
    wilson,
)
from boomtown.sim.tournament import CRASHED, Arm, plan, run_tournament, schedule, seating
from toy_games import HIGH_CARD, registered

CRASH_SEED = 11
RAISE_SEED = 12


class Doomed(RandomBot):
    """Kills its worker process (seed 11) or raises (seed 12) on its first decision."""

    def __init__(self, seed: int, rng: random.Random, name: str) -> None:
        super().__init__(rng, name)
        self.seed = seed

    def choose(self, obs: Observation) -> Action:
        if self.seed == CRASH_SEED:
            os._exit(3)
        if self.seed == RAISE_SEED:
            raise RuntimeError("doomed bot gives up")
        return super().choose(obs)


def _doomed(game: str, rng: Any, params: dict[str, Any], spec: str) -> Doomed:
    return Doomed(int(params.get("seed", -1)), rng, spec)


def _drawn_order(state: State) -> list[dict[str, Any]]:
    """A declared turn order that is not the seat order: seat ``seed % n`` plays first."""
    n = state.num_players
    return [{"turn_position": (s - state.seed) % n, "hat": "tall" if s == 0 else "small"}
            for s in range(n)]


def _hands(state: State) -> list[dict[str, Any]]:
    return [{"points": p, "colour": "red" if p % 2 else "black"}
            for p in state.score_breakdown()["points"]]


#: High Card that declares a drawn turn order, a starting asymmetry and end features.
DRAWN = dataclasses.replace(HIGH_CARD, id="toy-drawn-order", seat_setup=_drawn_order,
                            seat_features=_hands)


@pytest.fixture
def toy() -> Iterator[str]:
    register_bot("doomed", _doomed)
    with registered(HIGH_CARD, DRAWN):
        yield HIGH_CARD.id
    unregister_bot("doomed")


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


# ---------------------------------------------------------------- schedule
def test_schedule_rotates_every_bot_through_every_seat() -> None:
    jobs = schedule(["a", "b", "c"], 3, 9, seed=5)
    assert [j.seed for j in jobs] == [5, 5, 5, 6, 6, 6, 7, 7, 7]
    for block in range(3):
        seats = [jobs[3 * block + r].seats for r in range(3)]
        for seat in range(3):
            assert sorted(s[seat] for s in seats) == ["a", "b", "c"]
    assert seating(["a", "b"], 4, 1) == ("b", "a", "b", "a")
    with pytest.raises(ValueError):
        schedule([], 2, 1, 0)


def test_more_bots_than_seats_is_refused() -> None:
    with pytest.raises(ValueError, match="3 bots for 2 seats"):
        schedule(["a", "b", "c"], 2, 3, seed=0)


def test_plan_plays_every_cell_on_the_same_seeds() -> None:
    arms = [Arm("A", {"rounds": 1}), Arm("B", {"rounds": 2})]
    jobs = plan(["a", "b"], [2, 3], 4, 10, arms)
    assert [j.index for j in jobs] == list(range(16))
    cells: dict[tuple[int, str | None], list[int]] = {}
    for job in jobs:
        cells.setdefault((len(job.seats), job.arm), []).append(job.seed)
    assert set(cells) == {(2, "A"), (2, "B"), (3, "A"), (3, "B")}
    assert all(seeds == [10, 10, 11, 11] for seeds in cells.values())
    assert {tuple(sorted(j.options.items())) for j in jobs if j.arm == "B"  # type: ignore
            } == {(("rounds", 2),)}


# ------------------------------------------------------------------ running
def _stable(result: MatchResult) -> dict[str, Any]:
    """A result without its timings."""
    data = result.to_json()
    data.pop("thinking", None)
    return data


def test_pool_results_match_serial_play_and_replay(toy: str) -> None:
    jobs = schedule(["random", "heuristic:samples=1:lookahead=2"], 2, 6, seed=3)
    serial = run_tournament(toy, {}, jobs, workers=1)
    seen: list[int] = []
    pooled = run_tournament(toy, {}, jobs, workers=2, on_result=lambda r: seen.append(r.index))
    assert sorted(seen) == list(range(6))
    assert [_stable(r) for r in serial] == [_stable(r) for r in pooled]
    for result in pooled:
        assert result.ok and result.record is not None
        again = replay(GameRecord.from_dict(result.record))
        assert again.returns() == result.returns
        assert again.num_players == 2 and list(result.seats) == list(jobs[result.index].seats)


def test_mirror_match_rotations_are_different_games(toy: str) -> None:
    """The same bot at every seat: each rotation of a seed is its own game (the bots draw
    from streams of their own), not a copy of rotation 0."""
    jobs = schedule(["random", "random", "random"], 3, 6, seed=40)
    results = run_tournament(toy, {}, jobs)
    for block in range(2):
        records = [results[3 * block + r].record for r in range(3)]
        assert all(rec is not None for rec in records)
        actions = [tuple(rec["actions"]) for rec in records]  # type: ignore[index]
        assert len(set(actions)) == 3, "rotations of one seed replayed the same game"
        assert len({rec["seed"] for rec in records}) == 1  # type: ignore[index]
    assert bot_seed(40, 0) == 40 and len({bot_seed(40, r) for r in range(3)}) == 3


def test_a_crashed_worker_loses_only_its_own_game(toy: str) -> None:
    jobs = schedule(["random", f"doomed:seed={CRASH_SEED}"], 2, 2, seed=0)
    jobs += schedule(["random", "random"], 2, 4, seed=20)
    jobs = [dataclasses.replace(j, index=i) for i, j in enumerate(jobs)]
    results = run_tournament(toy, {}, jobs, workers=2)
    assert [r.index for r in results] == list(range(6))
    failed = [r for r in results if not r.ok]
    assert [r.index for r in failed] == [0, 1]
    assert all((r.error or "").startswith(CRASHED) for r in failed)
    assert all(r.ok for r in results[2:])
    summary = summarise(2, ["random", "doomed"], results[:2] + results[2:4])
    assert summary.unbalanced_blocks() == [0]
    assert any("NOT BALANCED" in line for line in summary.lines(None))


def test_a_raising_game_is_reported(toy: str) -> None:
    jobs = schedule(["random", f"doomed:seed={RAISE_SEED}"], 2, 2, seed=0)
    results = run_tournament(toy, {}, jobs, workers=1)
    assert all(not r.ok and "doomed bot gives up" in (r.error or "") for r in results)
    summary = summarise(2, ["random", "x"], results)
    assert summary.games == 0 and len(summary.failed) == 2
    assert any("FAILED games: 2" in line for line in summary.lines(None))


def test_the_game_declares_turn_positions_and_asymmetries(toy: str) -> None:
    """Seat ``seed % n`` plays first in the drawn-order toy: the lab tallies wins by that
    turn position, not by seat index, and by the declared asymmetry and end features."""
    jobs = schedule(["random"], 3, 6, seed=1)
    results = run_tournament(DRAWN.id, {}, jobs)
    for result in results:
        assert result.setup is not None and result.features is not None
        first = result.seed % 3
        assert result.positions()[first] == 0
        assert result.setup[0]["hat"] == "tall"
        assert result.features[0]["points"] == result.score["points"][0]  # type: ignore
    summary = summarise(3, ["random"], results)
    expected = [0.0, 0.0, 0.0]
    for result in results:
        share = 1 / len(result.winners or [])
        for seat in result.winners or []:
            expected[result.positions()[seat]] += share
    assert [t.wins for t in summary.by_position] == pytest.approx(expected)
    assert set(summary.by_setup["hat"]) == {"tall", "small"}
    assert summary.by_setup["hat"]["tall"].games == 6
    assert set(summary.feature_labels["colour"]) <= {"red", "black"}
    assert summary.features["points"].every.n == 18
    assert set(summary.categories) == {"points", "rounds_won"}
    text = "\n".join(summary.lines(None))
    assert "Win rate and final total by hat" in text and "Score by category" in text
    assert "Features at the end" in text and "Game length and ties" in text


# --------------------------------------------------------------- statistics
def test_wilson_interval() -> None:
    lo, hi = wilson(90, 100)
    assert 0.82 < lo < 0.84 and 0.94 < hi < 0.95
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_intervals_widen_when_a_seed_block_repeats_one_result() -> None:
    independent, repeated = Sample(), Sample()
    values = [1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0] * 3
    for i, value in enumerate(values):
        independent.add(value, cluster=i)
    for i, value in enumerate(values[:10]):
        for _copy in range(3):  # three games of one block, all alike
            repeated.add(value, cluster=i)
    assert independent.n == repeated.n == 30 and independent.mean == repeated.mean
    width = independent.rate_interval()[1] - independent.rate_interval()[0]
    wider = repeated.rate_interval()[1] - repeated.rate_interval()[0]
    assert wider > 1.5 * width
    assert repeated.effective_n() == pytest.approx(10, rel=0.15)
    # blocks that balance out never make an interval narrower than independent games'
    balanced = Sample()
    for i in range(30):
        balanced.add(i % 2, cluster=i // 2)
    assert balanced.effective_n() == 30


def test_games_to_detect_and_paired_difference() -> None:
    assert games_to_detect(0.5, 1, 0.05) == 785  # ((1.96 + 0.84) * 0.5 / 0.05) ** 2
    assert games_to_detect(0.5, 3, 0.05) == 3 * 785
    assert games_to_detect(0.0, 1, 0.05) is None
    a, b = Sample(), Sample()
    for seed in range(40):
        base = seed % 5
        a.add(base, cluster=seed)
        b.add(base + 2 + (seed % 2) * 0.5, cluster=seed)  # B is 2.25 higher, on the same seeds
    d = paired_difference("x", a, b, is_rate=False, detect=0.05)
    assert d is not None and d.pairs == 40
    assert d.diff == pytest.approx(2.25) and d.low < 2.25 < d.high and d.high - d.low < 0.4
    short_a, short_b = Sample(), Sample()
    for seed in range(3):  # too few seeds: no interval rather than a made-up one
        short_a.add(0.0, cluster=seed)
        short_b.add(1.0, cluster=seed)
    rough = paired_difference("x", short_a, short_b, is_rate=True, detect=0.05)
    assert rough is not None and rough.diff == 1.0 and math.isinf(rough.detectable)
    assert (rough.low, rough.high) == (-1.0, 1.0)


def _result(index: int, seats: list[str], totals: list[float], **extra: Any) -> MatchResult:
    best = max(totals)
    returns = [1.0 if t == best else 0.0 for t in totals]
    winners = [s for s, r in enumerate(returns) if r]
    return MatchResult(index, index, 0, seats, returns=returns, totals=totals, winners=winners,
                       setup=[{"turn_position": s, "card": f"c{(index + s) % 2}"}
                              for s in range(len(seats))], **extra)


def test_summary_shares_ties_and_ratings_order_the_bots() -> None:
    results = []
    for i in range(30):
        seats = ["strong", "weak"] if i % 2 == 0 else ["weak", "strong"]
        totals = [10.0, 5.0] if seats[0] == "strong" else [5.0, 10.0]
        if i % 10 == 9:
            totals = [7.0, 7.0]
        results.append(_result(i, seats, totals))
    summary = summarise(2, ["strong", "weak"], results)
    strong, weak = summary.by_bot["strong"], summary.by_bot["weak"]
    assert strong.games == weak.games == 30
    assert strong.wins == 27 + 1.5 and weak.wins == 1.5
    assert sum(t.wins for t in summary.by_position) == 30
    assert set(summary.by_setup["card"]) == {"c0", "c1"}
    assert summary.ties.total == 3 and summary.ties.n == 30
    ahead = summary.head_to_head[("strong", "weak")]
    assert ahead.games == 30 and ahead.wins == 27 + 1.5
    assert summary.head_to_head[("weak", "strong")].wins == 1.5
    ratings = rate(results)
    assert ratings is not None and ratings.ordinal("strong") > ratings.ordinal("weak")
    text = "\n".join(summary.lines(ratings))
    assert "Win rate and final total by card" in text and "OpenSkill" in text
    assert "Head to head" in text and "games with tied winners: 3 of 30, 10.0%" in text


def test_report_draws_bars_at_0_and_100_percent(tmp_path: Path) -> None:
    """A bot that always wins (and one that never does) used to crash matplotlib: the bar's
    error below came out negative by rounding."""
    results = [_result(i, ["always", "never"], [9.0, 1.0], decisions=5, actions=7)
               for i in range(12)]
    study = build_study(results, ["always", "never"])
    summary = study.cells[0].summary
    assert summary.by_bot["always"].rate == 1.0 and summary.by_bot["never"].rate == 0.0
    path = tmp_path / "r.html"
    write_report(str(path), "all or nothing", study, study.lines())
    assert path.read_text().count("<img") >= 4
    down, up = error_bars([1.0, 0.0], [(0.7, 1.0 - 1e-16), (1e-16, 0.3)])
    assert min(down + up) >= 0.0 and up[1] == pytest.approx(0.3)
    assert error_bars([0.5], [(-math.inf, math.inf)]) == [[0.0], [0.0]]


# ---------------------------------------------------------------------- CLI
def test_simulate_bots_command(toy: str, tmp_path: Path) -> None:
    out, report = tmp_path / "games.jsonl", tmp_path / "report.html"
    result = run("simulate", toy, "--bots", "random,heuristic:samples=1", "-n", "4", "-w", "2",
                 "--seed", "7", "--out", str(out), "--report", str(report))
    assert result.exit_code == 0, result.output
    assert "Win rate by bot (4 games" in result.output and "95% CI" in result.output
    assert "by turn position" in result.output and "OpenSkill" in result.output
    assert "first-player advantage" in result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(line["index"] for line in lines) == [0, 1, 2, 3]
    assert {line["seed"] for line in lines} == {7, 8}
    assert all(set(line) >= {"seed", "seats", "returns", "record", "setup", "decisions"}
               for line in lines)
    page = report.read_text()
    assert page.count("<img") >= 3 and "First-player advantage" in page
    replayed = run("replay", str(out), "--line", "2")
    assert replayed.exit_code == 0 and "Winner:" in replayed.output


def test_players_sweep_reports_every_count(toy: str, tmp_path: Path) -> None:
    out = tmp_path / "sweep.jsonl"
    result = run("simulate", toy, "--bots", "random", "--players", "2,3,4", "-n", "5", "-q",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    for players in (2, 3, 4):
        assert f"== {players} players: 5 games ==" in result.output
    assert "== First-player advantage" in result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(line["players"] for line in lines) == [2] * 5 + [3] * 5 + [4] * 5
    again = run("summarise", str(out))
    assert again.exit_code == 0, again.output
    assert "2,3,4 players" in again.output and "== 4 players: 5 games ==" in again.output


def test_compare_two_option_settings(toy: str, tmp_path: Path) -> None:
    out, report = tmp_path / "ab.jsonl", tmp_path / "ab.html"
    result = run("simulate", DRAWN.id, "--bots", "random", "-n", "12", "-q", "--compare",
                 "-o", "rounds=1", "-o", "rounds=3", "-o", "low_wins=true", "--out", str(out),
                 "--report", str(report), "--detect", "10")
    assert result.exit_code == 0, result.output
    assert "compare A: low_wins=true, rounds=1 against B: low_wins=true, rounds=3" in (
        result.output)
    assert "== A/B at 2 players: B (low_wins=true, rounds=3) minus A" in result.output
    assert "games needed" in result.output and "to see 10 points" in result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    arms = {line["arm"]: line["options"] for line in lines}
    assert arms == {"A": {"low_wins": True, "rounds": 1}, "B": {"low_wins": True, "rounds": 3}}
    seeds = {arm: sorted(line["seed"] for line in lines if line["arm"] == arm) for arm in arms}
    assert seeds["A"] == seeds["B"] == list(range(12))
    study = build_study([MatchResult.from_json(line) for line in lines])
    [(_a, _b, diffs)] = study.comparisons()
    length = next(d for d in diffs if d.measure == "actions per game")
    assert length.diff > 0 and length.low > 0  # three rounds take longer than one
    assert "feature: points" in {d.measure for d in diffs}  # the game's end features too
    assert "A/B comparison" in report.read_text()


def test_summarise_merges_saved_runs(toy: str, tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for out, seed in ((first, "7"), (second, "20")):
        made = run("simulate", toy, "--bots", "random,heuristic:samples=1", "-n", "4",
                   "--seed", seed, "--out", str(out), "-q")
        assert made.exit_code == 0, made.output
    one = run("summarise", str(first))
    assert one.exit_code == 0, one.output
    assert "Win rate by bot (4 games" in one.output
    both = run("summarise", str(first), str(second), "--report", str(tmp_path / "r.html"))
    assert both.exit_code == 0, both.output
    assert "8 saved games from 2 files" in both.output
    assert "Win rate by bot (8 games" in both.output and "Head to head" in both.output
    assert (tmp_path / "r.html").stat().st_size > 1000
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json\n")
    bad = run("summarise", str(first), str(junk))
    assert bad.exit_code == 1 and "junk.jsonl:1: not a game result line" in bad.output
    other = tmp_path / "other.jsonl"
    lines = first.read_text().splitlines()
    changed = json.loads(lines[0])
    changed["record"]["game"] = "another-game"
    other.write_text(json.dumps(changed) + "\n")
    mixed = run("summarise", str(first), str(other))
    assert mixed.exit_code == 1 and "another-game game among" in mixed.output


def test_summarise_reads_lines_saved_before_the_set_up_was_recorded(
    toy: str, tmp_path: Path
) -> None:
    """Older lines carry no set-up and features as {name: [labels]}: the set-up is read by
    replaying the record, with the game's own turn order."""
    out = tmp_path / "new.jsonl"
    made = run("simulate", DRAWN.id, "--bots", "random", "-n", "4", "-q", "--out", str(out))
    assert made.exit_code == 0, made.output
    old = tmp_path / "old.jsonl"
    rows = []
    for line in out.read_text().splitlines():
        data = json.loads(line)
        setup = data.pop("setup")
        data["features"] = {"colour": [f["colour"] for f in data["features"]]}
        data.pop("decisions")
        rows.append((data, setup))
    old.write_text("".join(json.dumps(d) + "\n" for d, _ in rows))
    summary = run("summarise", str(old))
    assert summary.exit_code == 0, summary.output
    assert "Win rate by colour" in summary.output and "by hat" in summary.output
    from boomtown.cli.tournament import load_results

    _, results, notes = load_results([str(old)])
    assert [r.setup for r in results] == [setup for _, setup in rows] and not notes


def test_simulate_bots_reports_failures(toy: str) -> None:
    result = run("simulate", toy, "--bots", f"random,doomed:seed={RAISE_SEED}", "-n", "2",
                 "--seed", str(RAISE_SEED))
    assert result.exit_code == 1
    assert "FAILED games: 2" in result.output and "2 of 2 games failed" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "nobot"), "unknown bot"),
        (("--bots", "ismcts:iterations=x"), "must be a number"),
        (("--bots", ","), "at least one bot"),
        (("--bots", "random,random", "--players", "9"), "9"),
        (("--bots", "random,random,random", "--players", "2"), "3 bots"),
        (("--bots", "random,random,random", "--players", "3,2"), "for 2 seats"),
        (("--bots", "random", "--players", "2,x"), "'x' is not a number"),
        (("--bots", "random", "-o", "rounds=1", "-o", "rounds=2"), "add --compare"),
        (("--bots", "random", "--compare"), "an option given twice"),
        (("--bots", "random", "--compare", "-o", "rounds=1", "-o", "rounds=1"), "same value"),
        (("--bots", "random", "--compare", "-o", "rounds=1", "-o", "rounds=9"), "rounds"),
        (("--bots", "random", "--detect", "0"), "0<x<=100"),
        (("--bots", "random", "--address", "127.0.0.1:6379"), "--backend ray"),
        (("--workers", "2"), "go with --bots"),
        (("--report", "x.html"), "go with --bots"),
        (("--players", "2,3"), "go with --bots"),
    ],
)
def test_simulate_bots_bad_input(toy: str, args: tuple[str, ...], message: str) -> None:
    result = run("simulate", toy, "-n", "2", *args)
    assert result.exit_code in (1, 2)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Error" in result.output and message in result.output


def test_an_unwritable_report_fails_before_any_game(toy: str, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    for report in (tmp_path / "no" / "such" / "r.html", tmp_path):
        result = run("simulate", toy, "--bots", "random", "-n", "2", "--out", str(out),
                     "--report", str(report))
        assert result.exit_code in (1, 2) and str(report) in result.output, result.output
        assert result.output.startswith("Error")  # nothing ran: not even the header
        assert not out.exists()
    bad_out = run("simulate", toy, "--bots", "random", "-n", "2", "--out",
                  str(tmp_path / "no" / "x.jsonl"))
    assert bad_out.exit_code == 1 and "--out" in bad_out.output


def test_western_town_tournament_reports_start_cards_and_turn_order(tmp_path: Path) -> None:
    result = run("simulate", "western-town", "--bots", "heuristic:samples=1:lookahead=2,random",
                 "-n", "2", "--report", str(tmp_path / "r.html"), "--out",
                 str(tmp_path / "g.jsonl"))
    assert result.exit_code == 0, result.output
    assert "Win rate and final total by western town card" in result.output
    assert "Lincoln cards won" in result.output
    assert "western town card" in (tmp_path / "r.html").read_text()
    for line in (tmp_path / "g.jsonl").read_text().splitlines():
        data = json.loads(line)
        positions = sorted(seat["turn_position"] for seat in data["setup"])
        assert positions == [0, 1]
