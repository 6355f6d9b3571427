"""The simulation lab: scheduling, the process pool, crash isolation, statistics, reports."""

from __future__ import annotations

import json
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
from boomtown.engine import Action, GameRecord, replay
from boomtown.sim.match import MatchResult
from boomtown.sim.stats import rate, summarise, wilson
from boomtown.sim.tournament import run_tournament, schedule, seating
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


@pytest.fixture
def toy() -> Iterator[str]:
    register_bot("doomed", _doomed)
    with registered(HIGH_CARD):
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


def test_a_crashed_worker_loses_only_its_own_game(toy: str) -> None:
    jobs = schedule(["random", f"doomed:seed={CRASH_SEED}"], 2, 2, seed=0)
    jobs += schedule(["random", "random"], 2, 4, seed=20)
    jobs = [j.__class__(i, j.seed, j.rotation, j.seats) for i, j in enumerate(jobs)]
    results = run_tournament(toy, {}, jobs, workers=2)
    assert [r.index for r in results] == list(range(6))
    failed = [r for r in results if not r.ok]
    assert [r.index for r in failed] == [0, 1]
    assert all("worker process died" in (r.error or "") for r in failed)
    assert all(r.ok for r in results[2:])


def test_a_raising_game_is_reported(toy: str) -> None:
    jobs = schedule(["random", f"doomed:seed={RAISE_SEED}"], 2, 2, seed=0)
    results = run_tournament(toy, {}, jobs, workers=1)
    assert all(not r.ok and "doomed bot gives up" in (r.error or "") for r in results)
    summary = summarise(2, ["random", "x"], results)
    assert summary.games == 0 and len(summary.failed) == 2
    assert any("FAILED games: 2" in line for line in summary.lines(None))


# --------------------------------------------------------------- statistics
def test_wilson_interval() -> None:
    lo, hi = wilson(90, 100)
    assert 0.82 < lo < 0.84 and 0.94 < hi < 0.95
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def _result(index: int, seats: list[str], totals: list[float]) -> MatchResult:
    best = max(totals)
    returns = [1.0 if t == best else 0.0 for t in totals]
    winners = [s for s, r in enumerate(returns) if r]
    return MatchResult(index, index, 0, seats, returns=returns, totals=totals, winners=winners,
                       features={"card": [f"c{(index + s) % 2}" for s in range(len(seats))]})


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
    assert sum(t.wins for t in summary.by_seat) == 30
    assert set(summary.by_feature["card"]) == {"c0", "c1"}
    ahead = summary.head_to_head[("strong", "weak")]
    assert ahead.games == 30 and ahead.wins == 27 + 1.5
    assert summary.head_to_head[("weak", "strong")].wins == 1.5
    ratings = rate(results)
    assert ratings is not None and ratings.ordinal("strong") > ratings.ordinal("weak")
    text = "\n".join(summary.lines(ratings))
    assert "Win rate by card" in text and "OpenSkill" in text and "Head to head" in text


# ---------------------------------------------------------------------- CLI
def test_simulate_bots_command(toy: str, tmp_path: Path) -> None:
    out, report = tmp_path / "games.jsonl", tmp_path / "report.html"
    result = run("simulate", toy, "--bots", "random,heuristic:samples=1", "-n", "4", "-w", "2",
                 "--seed", "7", "--out", str(out), "--report", str(report))
    assert result.exit_code == 0, result.output
    assert "Win rate by bot (4 games" in result.output and "95% CI" in result.output
    assert "Win rate by seat" in result.output and "OpenSkill" in result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(line["index"] for line in lines) == [0, 1, 2, 3]
    assert {line["seed"] for line in lines} == {7, 8}
    assert all(set(line) >= {"seed", "seats", "returns", "record"} for line in lines)
    page = report.read_text()
    assert page.count("<img") >= 3 and "First-player advantage" in page
    replayed = run("replay", str(out), "--line", "2")
    assert replayed.exit_code == 0 and "Winner:" in replayed.output


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


def test_simulate_bots_reports_failures(toy: str) -> None:
    result = run("simulate", toy, "--bots", f"random,doomed:seed={RAISE_SEED}", "-n", "2",
                 "--seed", str(RAISE_SEED))
    assert result.exit_code == 1
    assert "FAILED games: 2" in result.output and "2 of 2 games failed" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ("--bots", "nobot"),
        ("--bots", "ismcts:iterations=x"),
        ("--bots", ","),
        ("--bots", "random,random", "--players", "9"),
        ("--workers", "2"),
        ("--report", "x.html"),
    ],
)
def test_simulate_bots_bad_input(toy: str, args: tuple[str, ...]) -> None:
    result = run("simulate", toy, "-n", "2", *args)
    assert result.exit_code in (1, 2)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Error" in result.output


def test_western_town_tournament_reports_start_cards(tmp_path: Path) -> None:
    result = run("simulate", "western-town", "--bots", "heuristic:samples=1:lookahead=2,random",
                 "-n", "2", "--report", str(tmp_path / "r.html"))
    assert result.exit_code == 0, result.output
    assert "Win rate by western town card" in result.output
    assert "western town card" in (tmp_path / "r.html").read_text()


def test_ray_backend_matches_local(toy: str) -> None:
    pytest.importorskip("ray")
    jobs = schedule(["random", "random"], 2, 2, seed=1)
    local = run_tournament("western-town", {}, jobs, workers=1)
    remote = run_tournament("western-town", {}, jobs, backend="ray")
    assert [_stable(r) for r in local] == [_stable(r) for r in remote]
