"""``boomtown play``: a human at the terminal, driven through its input."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from boomtown.cli.main import cli
from boomtown.cli.play import HUMAN, Session
from boomtown.cli.screen import plain_console
from boomtown.engine import GameRecord, new_game, replay

#: Answers that finish a High Card game: "end turn" ends an exchange (elsewhere it is
#: re-asked), "1" commits a card or takes 2 points.
FINISH = "end turn\n1\n" * 40


def play(*args: str, text: str) -> Result:
    return CliRunner().invoke(cli, ["play", *args], input=text)


def test_a_whole_game_against_bots_with_bad_input_re_asked(toy: str) -> None:
    result = play(toy, "--seats", "human,random,heuristic", "--seed", "4",
                  text="banana\n0\n99\n\n" + FINISH)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'banana' is not one of the choices" in out
    assert "there is no choice 0" in out and "there is no choice 99" in out
    assert "nothing typed" in out
    assert out.count(": type 1 to ") >= 4  # every bad answer says what to type
    assert "your decision" in out and "The game is over. Final scores:" in out
    assert "Winner:" in out and "returns" in out


def test_the_human_sees_only_its_own_log_and_view(toy: str, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    result = play(toy, "--seats", "human,random", "--seed", "2", "--save", str(saved),
                  text=FINISH)
    assert result.exit_code == 0, result.output
    state = replay(GameRecord.from_dict(json.loads(saved.read_text())["record"]))
    secret = {1: [], 0: []}  # lines only that seat may read
    for event in state.events:
        if event.seats is not None and len(event.seats) == 1:
            secret[next(iter(event.seats))].append(event.text)
    assert secret[0] and secret[1]
    out = result.output
    assert all(text in out for text in secret[0])  # in "since your last decision"
    assert not any(text in out for text in secret[1])
    screens = [Session(state, [HUMAN, HUMAN], console=plain_console()).layout(seat)
               for seat in (0, 1)]
    assert screens[0].you != screens[1].you  # each seat's own part of its screen


def test_text_answers_undo_and_view(toy: str) -> None:
    state = new_game(toy, 2, seed=1)
    while state.current_player != 0:
        state.apply(state.sample_chance())
    first = state.legal_actions()[0].text
    result = play(toy, "--seats", "human,random", "--seed", "1",
                  text=f"u\n{first.upper()}\nu\nv\nl\nq\ny\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Cannot undo" in out  # nothing to take back yet
    assert f"You: {first}" in out and f"Took back: {first}" in out
    assert "the game is not saved" in out.casefold()  # q without --save asks first
    assert "Stopped. The game was not saved." in out


def test_save_and_resume(toy: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    first = play(toy, "--seats", "human,random", "--seed", "9", "--save", str(saved),
                 text="1\n1\nq\n")
    assert first.exit_code == 0, first.output
    data = json.loads(saved.read_text())
    assert data["seats"] == ["human", "random"] and data["record"]["seed"] == 9
    moves = len(data["record"]["actions"])
    assert moves > 0
    second = play(toy, "--resume", str(saved), text=FINISH)
    assert second.exit_code == 0, second.output
    assert f"{moves} actions replayed" in second.output and "Winner:" in second.output
    assert len(json.loads(saved.read_text())["record"]["actions"]) > moves


def test_end_of_input_stops_cleanly(toy: str, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    result = play(toy, "--seats", "human,random", "--save", str(saved), text="1\n")
    assert result.exit_code == 0 and "Stopped at the end of input" in result.output
    assert saved.exists()


def test_table_mode_asks_for_chance_outcomes(toy: str) -> None:
    result = play(toy, "--seats", "random,random", "--table", "--seed", "3",
                  text="nonsense\n" + "1\n" * 30 + FINISH)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "what happened at the table?" in out
    assert "At the table: Deal a card, for seat 0 (random)" in out  # the prompt's for_seat
    assert "'nonsense' is not one of the choices: type 1 to" in out
    assert "Outcome: deal 1" in out  # the first listed outcome, chosen by typing 1
    assert "Winner:" in out


@pytest.mark.parametrize(
    "args",
    [
        ("--seats", "human,nobot"),
        ("--seats", "human,human,human,human,human"),
        ("--resume", "/no/such/file.json"),
        ("--seats", "human", "-o", "rounds=9"),
    ],
)
def test_bad_input(toy: str, args: tuple[str, ...]) -> None:
    result = play(toy, *args, text="")
    assert result.exit_code in (1, 2)
    assert "Error" in result.output


def test_resume_rejects_other_files(toy: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    result = play(toy, "--resume", str(bad), text="")
    assert result.exit_code == 1 and "not a saved game" in result.output


def test_western_town_game_to_the_end() -> None:
    result = play("western-town", "--seats", "human,heuristic:samples=1:lookahead=2",
                  "--seed", "5", text="x\n" + "1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Western Town · round 1 of 5" in result.output
    assert "seat 0 (you), your decision" in result.output
    assert "The game is over" in result.output


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")
def test_in_a_real_terminal(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    exe = shutil.which("boomtown", path=os.path.dirname(sys.executable))
    if exe is None:
        pytest.skip("the boomtown command is not installed next to this Python")
    child = pexpect.spawn(exe, ["play", "western-town", "--seats", "human,random",
                                "--save", str(tmp_path / "t.json")],
                          encoding="utf-8", timeout=30, dimensions=(50, 120))
    child.expect("your decision")
    child.expect(r"or a name\)> ")
    child.sendline("nonsense")
    child.expect("is not one of the choices")
    child.expect(r"or a name\)> ")
    child.sendline("1")
    child.expect("You: ")
    child.expect(r"or a name\)> ")
    child.sendline("q")
    child.expect("Stopped")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert json.loads((tmp_path / "t.json").read_text())["record"]["actions"]
