"""The ``boomtown`` command, driven through click's CliRunner.

Most tests use a toy dice game defined here (registered for the test, removed after),
so the command is checked against the engine contract alone. One test per command
also runs it on ``western-town``.
"""

from __future__ import annotations

import json
import random
import runpy
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from boomtown.cli.main import cli, main
from boomtown.cli.rules import option_infos
from boomtown.cli.scores import final_totals, score_table, winners
from boomtown.engine import CHANCE, TERMINAL, GameRecord, Ruleset, State, replay
from boomtown.engine.registry import register, unregister

# --------------------------------------------------------------------------- toy game
ROLLS = ("die shows 1", "die shows 2", "die shows 3")
KEEP, PASS = 3, 4
TEXTS = (*ROLLS, "keep", "pass")


@dataclass(frozen=True)
class ToyOptions:
    """House rules of the toy dice game."""

    rounds: int = field(default=2, metadata={"help": "Turns each player takes."})
    #: A kept 3 scores double.
    lucky_three: bool = False
    label: str = "toy"
    """A name printed nowhere."""


class ToyState(State):
    """Each turn a die is rolled (only the player sees it); the player keeps it or passes."""

    def __init__(self, ruleset: Ruleset, players: int, seed: int, options: Any) -> None:
        super().__init__(ruleset, players, seed, options)
        self.turn = 0
        self.roll: int | None = None
        self.scores = [0] * players
        self.keeps = [0] * players

    @property
    def current_player(self) -> int:
        if self.turn >= self.options.rounds * self.num_players:
            return TERMINAL
        if self.roll is None:
            return CHANCE
        return self.turn % self.num_players

    def _compute_legal_ids(self) -> list[int]:
        return [0, 1, 2] if self.roll is None else [KEEP, PASS]

    def _apply_id(self, aid: int) -> None:
        seat = self.turn % self.num_players
        if aid < KEEP:
            self.roll = aid + 1
            self.log(
                f"seat {seat} secretly rolls {self.roll}",
                seats=frozenset({seat}),
                public=f"seat {seat} rolls",
            )
            return
        assert self.roll is not None
        if aid == KEEP:
            points = self.roll * (2 if self.options.lucky_three and self.roll == 3 else 1)
            self.scores[seat] += points
            self.keeps[seat] += 1
            self.log(f"seat {seat} keeps {points}")
        else:
            self.log(f"seat {seat} passes")
        self.roll = None
        self.turn += 1

    def action_text(self, aid: int) -> str:
        return TEXTS[aid]

    def _chance_distribution(self) -> list[tuple[int, float]]:
        return [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]

    def _view(self, seat: int | None) -> dict[str, Any]:
        mine = seat is not None and seat == self.turn % self.num_players
        return {"scores": list(self.scores), "roll": self.roll if mine else None}

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        return [float(s) for s in self.scores]

    def score_breakdown(self) -> dict[str, Any]:
        return {
            "keeps": list(self.keeps),
            "totals": list(self.scores),
            "rounds": self.options.rounds,
        }

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, ToyState)
        other.scores = list(self.scores)
        other.keeps = list(self.keeps)

    def _determinize(self, seat: int, rng: random.Random) -> State:
        return self.clone()

    def _to_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "roll": self.roll, "scores": self.scores, "keeps": self.keeps}

    def _from_dict(self, data: dict[str, Any]) -> None:
        self.turn, self.roll = data["turn"], data["roll"]
        self.scores, self.keeps = list(data["scores"]), list(data["keeps"])

    def component_counts(self) -> dict[str, int]:
        return {}


class NoTotalsState(ToyState):
    """Like the toy, but its breakdown has no "totals": the command falls back to returns()."""

    def score_breakdown(self) -> dict[str, Any]:
        return {"keeps": list(self.keeps)}

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        best = max(self.scores)
        return [1.0 if s == best else -1.0 for s in self.scores]


def _ruleset(game_id: str, state_type: type[ToyState]) -> Ruleset:
    return Ruleset(
        id=game_id,
        name="Toy Dice",
        version=3,
        player_counts=(2, 3),
        options_type=ToyOptions,
        action_space_size=len(TEXTS),
        factory=lambda rs, players, seed, options: state_type(rs, players, seed, options),
        description="A tiny dice game for testing the command line.",
        rules_report=lambda: "Reconstructed data:\n  die faces: 1-3 (reconstructed)",
    )


@pytest.fixture
def toy() -> Iterator[str]:
    register(_ruleset("toy-dice", ToyState))
    register(_ruleset("toy-nototals", NoTotalsState))
    yield "toy-dice"
    unregister("toy-dice")
    unregister("toy-nototals")


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result


def fails(*args: str) -> Result:
    """Bad input: a one-line error on stderr, a non-zero exit, no traceback."""
    result = run(*args)
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith("Error"), result.stderr
    return result


def write_records(tmp_path: Path, game: str, players: int, games: int, seed: int = 0) -> Path:
    out = tmp_path / "games.jsonl"
    ok(
        "simulate",
        game,
        "--players",
        str(players),
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--out",
        str(out),
        "--quiet",
    )
    return out


# ------------------------------------------------------------------------------ rules
def test_rules_shows_identity_options_and_report(toy: str) -> None:
    out = ok("rules", toy).output
    assert "Toy Dice (toy-dice)" in out
    assert "version:      3" in out
    assert "players:      2, 3" in out
    assert "action space: 5 ids" in out
    assert "House rules of the toy dice game." in out
    assert "rounds: int = 2" in out and "Turns each player takes." in out
    assert "lucky_three: bool = false" in out and "A kept 3 scores double." in out
    assert "label: str = 'toy'" in out and "A name printed nowhere." in out
    assert "die faces: 1-3 (reconstructed)" in out


def test_option_help_sources() -> None:
    infos = {i.name: i for i in option_infos(ToyOptions)}
    assert infos["rounds"].help == "Turns each player takes."
    assert infos["lucky_three"].help == "A kept 3 scores double."
    assert infos["label"].help == "A name printed nowhere."
    assert infos["rounds"].default == 2


def test_rules_without_game_lists_games(toy: str) -> None:
    out = ok("rules").output
    assert "toy-dice" in out and "western-town" in out


def test_rules_unknown_game() -> None:
    result = fails("rules", "no-such-game")
    assert "unknown game 'no-such-game'" in result.stderr


# --------------------------------------------------------------------------- simulate
def test_simulate_prints_winners_and_summary(toy: str) -> None:
    out = ok("simulate", toy, "--players", "3", "--games", "6", "--seed", "10").output
    assert "6 random games, 3 players, seeds 10..15" in out
    assert out.count("game ") >= 6
    assert "Wins by seat" in out and "Final totals by seat" in out
    assert "score_breakdown()['totals']" in out
    for seat in range(3):
        assert f"\n  {seat}" in out


def test_simulate_is_deterministic(toy: str) -> None:
    args = ("simulate", toy, "--players", "2", "--games", "5", "--seed", "4")
    assert ok(*args).output == ok(*args).output


def test_simulate_defaults_to_fewest_players(toy: str) -> None:
    assert "2 players" in ok("simulate", toy, "-n", "2").output


def test_simulate_out_writes_replayable_lines(toy: str, tmp_path: Path) -> None:
    out = write_records(tmp_path, toy, players=3, games=4, seed=7)
    lines = [json.loads(row) for row in out.read_text().splitlines()]
    assert [line["seed"] for line in lines] == [7, 8, 9, 10]
    for line in lines:
        assert set(line) == {"seed", "players", "returns", "score", "record"}
        assert line["players"] == 3
        state = replay(GameRecord.from_dict(line["record"]))
        assert state.is_terminal()
        assert state.returns() == line["returns"]
        assert state.score_breakdown() == line["score"]


def test_simulate_options_change_the_game(toy: str, tmp_path: Path) -> None:
    out = tmp_path / "long.jsonl"
    ok("simulate", toy, "-n", "2", "-o", "rounds=5", "-o", "lucky-three=true", "--out", str(out))
    record = json.loads(out.read_text().splitlines()[0])["record"]
    assert record["options"] == {"rounds": 5, "lucky_three": True, "label": "toy"}
    assert len(record["actions"]) == 2 * 2 * 5


def test_simulate_totals_fall_back_to_returns(toy: str) -> None:
    out = ok("simulate", "toy-nototals", "-n", "3").output
    assert "from returns()" in out


def test_totals_and_winners_convention() -> None:
    assert final_totals({"totals": [3, 5]}, [0.0, 1.0], 2) == (
        [3, 5],
        "score_breakdown()['totals']",
    )
    assert final_totals({"totals": [3]}, [0.0, 1.0], 2)[1] == "returns()"
    assert winners([2.0, 5.0, 5.0]) == [1, 2]


def test_score_table_layout() -> None:
    breakdown = {
        "seats": [{"homes": 3, "buildings": {"saloon": 4}}, {"homes": 5, "buildings": {}}],
        "totals": [10, 12.5],
        "multipliers": {"G": 2},
    }
    lines = score_table(breakdown, [0.0, 1.0], 2)
    assert lines[0].split() == ["seat", "0", "seat", "1"]
    assert lines[1].split() == ["seats.homes", "3", "5"]
    assert lines[2].split() == ["totals", "10", "12.5"]
    assert lines[3].split() == ["returns", "0", "1"]
    assert lines[4:] == [
        "  seats.buildings:",
        "    seat 0: saloon 4",
        "    seat 1: -",
        "  multipliers: G 2",
    ]


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "no-such-game"),
        ("simulate", "toy-dice", "--players", "5"),
        ("simulate", "toy-dice", "--players", "0"),
        ("simulate", "toy-dice", "-o", "rounds=many"),
        ("simulate", "toy-dice", "-o", "speed=3"),
        ("simulate", "toy-dice", "-o", "novalue"),
        ("simulate", "toy-dice", "--games", "0"),
        ("simulate", "toy-dice", "--out", "/no/such/dir/x.jsonl"),
    ],
)
def test_simulate_bad_input(toy: str, args: tuple[str, ...]) -> None:
    fails(*args)


# ----------------------------------------------------------------------------- replay
def test_replay_spectator_seat_and_omniscient_logs(toy: str, tmp_path: Path) -> None:
    out = write_records(tmp_path, toy, players=2, games=3)
    spectator = ok("replay", str(out), "--line", "2").output
    assert "seed 1" in spectator
    assert "as a spectator sees it" in spectator
    assert "seat 0 rolls" in spectator and "secretly" not in spectator
    assert "Final scores:" in spectator and "totals" in spectator and "Winner:" in spectator

    seat0 = ok("replay", str(out), "--line", "2", "--seat", "0").output
    assert "seat 0 secretly rolls" in seat0 and "seat 1 secretly rolls" not in seat0
    assert "seat 1 rolls" in seat0

    everything = ok("replay", str(out), "--line", "2", "--all").output
    assert "seat 0 secretly rolls" in everything and "seat 1 secretly rolls" in everything


def test_replay_defaults_to_first_line(toy: str, tmp_path: Path) -> None:
    out = write_records(tmp_path, toy, players=2, games=2, seed=5)
    assert "seed 5," in ok("replay", str(out)).output


def test_replay_plain_record_and_partial_steps(toy: str, tmp_path: Path) -> None:
    out = write_records(tmp_path, toy, players=2, games=1)
    record = json.loads(out.read_text())["record"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record, indent=2))
    full = ok("replay", str(path)).output
    assert "Final scores:" in full
    partial = ok("replay", str(path), "--steps", "3").output
    assert "3 of 8 actions replayed" in partial
    assert "The game is not over" in partial and "seat 1 is to decide" in partial


def test_replay_warns_when_stored_returns_differ(toy: str, tmp_path: Path) -> None:
    out = write_records(tmp_path, toy, players=2, games=1)
    line = json.loads(out.read_text())
    line["returns"] = [99.0, 99.0]
    out.write_text(json.dumps(line) + "\n")
    assert "warning" in ok("replay", str(out)).stderr


def _bad_files(tmp_path: Path) -> dict[str, Path]:
    good = json.loads(write_records(tmp_path, "toy-dice", 2, 1).read_text())["record"]
    files = {
        "not json": "{oops",
        "empty": "",
        "not an object": "[1, 2, 3]",
        "missing field": json.dumps({k: v for k, v in good.items() if k != "seed"}),
        "illegal action": json.dumps({**good, "actions": [3, *good["actions"]]}),
        "action after end": json.dumps({**good, "actions": [*good["actions"], 3]}),
        "wrong version": json.dumps({**good, "version": 99}),
        "unknown game": json.dumps({**good, "game": "no-such-game"}),
        "bad players": json.dumps({**good, "players": 9}),
        "bad options": json.dumps({**good, "options": {"rounds": "x"}}),
        "binary": "",
    }
    paths = {}
    for name, text in files.items():
        path = tmp_path / (name.replace(" ", "_") + ".json")
        path.write_text(text)
        paths[name] = path
    paths["binary"].write_bytes(b"\xff\xfe\x00garbage")
    return paths


def test_replay_bad_files(toy: str, tmp_path: Path) -> None:
    for name, path in _bad_files(tmp_path).items():
        result = fails("replay", str(path))
        assert str(path) in result.stderr, (name, result.stderr)


@pytest.mark.parametrize(
    "extra",
    [("--line", "5"), ("--seat", "2"), ("--seat", "-1"), ("--seat", "0", "--all")],
)
def test_replay_bad_flags(toy: str, tmp_path: Path, extra: tuple[str, ...]) -> None:
    out = write_records(tmp_path, toy, players=2, games=2)
    fails("replay", str(out), *extra)


def test_replay_missing_file(tmp_path: Path) -> None:
    result = fails("replay", str(tmp_path / "nowhere.json"))
    assert "No such file" in result.stderr


# ------------------------------------------------------------------------------ bench
def test_bench_prints_table_and_goals(toy: str) -> None:
    out = ok("bench", toy, "--runs", "2", "--seconds", "0.02").output
    assert "players" in out and "actions/s" in out and "clones/s" in out and "games/s" in out
    rows = [line for line in out.splitlines() if line[:1] in {"2", "3"}]
    assert len(rows) == 2
    assert "50,000 actions/s" in out and "100,000 clones/s" in out
    assert out.count("pass") + out.count("FAIL") >= 6


def test_bench_script_calls_the_same_code(toy: str, capsys: pytest.CaptureFixture[str]) -> None:
    script = Path(__file__).parent.parent / "benchmarks" / "run_bench.py"
    namespace = runpy.run_path(str(script), run_name="run_bench")
    with pytest.raises(SystemExit) as exc:
        namespace["run"]([toy, "--players", "3", "--runs", "1", "--seconds", "0.01"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "Toy Dice" in out and "clones/s" in out


@pytest.mark.parametrize(
    "args",
    [
        ("bench", "no-such-game"),
        ("bench", "toy-dice", "--players", "7"),
        ("bench", "toy-dice", "--runs", "0"),
        ("bench", "toy-dice", "--seconds", "0"),
        ("bench", "toy-dice", "-o", "colour=1"),
    ],
)
def test_bench_bad_input(toy: str, args: tuple[str, ...]) -> None:
    fails(*args)


# ---------------------------------------------------------------------- entry point
def test_main_exits_non_zero_on_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["rules", "no-such-game"])
    assert exc.value.code != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown game" in err


@pytest.mark.parametrize(
    "args", [("--bogus",), ("nosuchcommand",), ("simulate",), ("replay", "x", "--line", "0")]
)
def test_usage_errors_are_one_line(args: tuple[str, ...]) -> None:
    assert fails(*args).exit_code == 2


def test_help() -> None:
    out = ok("--help").output
    for command in ("rules", "simulate", "replay", "bench", "serve"):
        assert command in out


def test_traceback_flag_reraises(toy: str) -> None:
    result = run("--traceback", "simulate", toy, "--players", "9")
    assert result.exit_code != 0
    assert result.exception is not None and not isinstance(result.exception, SystemExit)


# ---------------------------------------------------------------------- western-town
def test_rules_western_town() -> None:
    out = ok("rules", "western-town").output
    assert "(western-town)" in out
    assert "players:      2, 3, 4" in out
    assert "reconstructed" in out.lower()


def test_simulate_western_town(tmp_path: Path) -> None:
    out = tmp_path / "wt.jsonl"
    text = ok(
        "simulate",
        "western-town",
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "1",
        "--out",
        str(out),
    ).output
    assert "Wins by seat" in text
    assert len(out.read_text().splitlines()) == 3


def test_replay_western_town(tmp_path: Path) -> None:
    out = write_records(tmp_path, "western-town", players=2, games=1, seed=3)
    text = ok("replay", str(out)).output
    assert "Final scores:" in text and "Winner:" in text
    assert ok("replay", str(out), "--seat", "1").output
    assert ok("replay", str(out), "--all").output


def test_bench_western_town() -> None:
    out = ok("bench", "western-town", "--players", "2", "--runs", "1", "--seconds", "0.05").output
    assert "actions/s" in out and "clones/s" in out


def test_serve_help_describes_the_web_table() -> None:
    # starting the server itself is tested in tests/test_server_persistence.py
    out = ok("serve", "--help").output
    assert "--port" in out and "--database-url" in out
