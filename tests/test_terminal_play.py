"""``boomtown play`` in a real pseudo-terminal (pexpect): the compact screen of every game,
paging, typed answers, the bot's spinner, quitting, table mode and the hand-over screen.

The screens are drawn with rich (styles, a cleared screen); the tests wait on the plain
prompts and read the screens with their escape sequences removed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boomtown.bots.base import Observation
from boomtown.bots.registry import make_bot
from boomtown.cli.choices import Menu
from boomtown.cli.play import HUMAN, SAVE_FORMAT
from boomtown.engine import CHANCE, State, get_ruleset

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")

ROWS, COLUMNS = 40, 100
ANSWER = r"choice \(1-\d+ or a name\)> "
HAND_OVER = r"Press Enter when only seat \d is looking \(q quits\)> "
CLEAR = "\x1b[2J"
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\r")
#: Answers given while walking a game forward, at most.
STEPS = 400


def plain(text: str) -> str:
    """Terminal output without its escape sequences."""
    return ESCAPES.sub("", text)


def last_screen(raw: str) -> str:
    """The text drawn since the screen was last cleared."""
    return plain(raw.rsplit(CLEAR, 1)[-1])


def spawn(*args: str) -> Any:
    exe = shutil.which("boomtown", path=os.path.dirname(sys.executable))
    if exe is None:
        pytest.skip("the boomtown command is not installed next to this Python")
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(COLUMNS), "LINES": str(ROWS)}
    env.pop("NO_COLOR", None)
    return pexpect.spawn(exe, list(args), encoding="utf-8", timeout=60,
                         dimensions=(ROWS, COLUMNS), env=env)


def finish(child: Any) -> None:
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def quit_unsaved(child: Any) -> None:
    child.sendline("q")
    child.expect("will be lost")
    child.sendline("y")
    child.expect("The game was not saved")
    finish(child)


def save_file(path: Path, state: State, seats: list[str], table: bool = False) -> str:
    data = {"format": SAVE_FORMAT, "seats": seats, "table": table,
            "record": state.record.to_dict()}
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def heuristic_until(game: str, players: int, seed: int, wanted: int) -> State:
    """A heuristic game played until seat 0 has at least ``wanted`` choices."""
    state = get_ruleset(game).new_game(players, seed)
    bots = [make_bot("heuristic:samples=1:lookahead=2", game, seed, s) for s in range(players)]
    while not state.is_terminal():
        seat = state.current_player
        if seat == CHANCE:
            state.apply(state.sample_chance())
        elif seat == 0 and len(state.legal_action_ids()) >= wanted:
            return state
        else:
            state.apply(bots[seat].choose(Observation(state, seat)))
    raise AssertionError(f"{game}: seat 0 never had {wanted} choices")


# ------------------------------------------------------------------ the screen
SCREENS = {
    "western-town": (("human", "heuristic"), "Western Town · round 1 of 5", "hand ("),
    "way-out-west": (("human", "heuristic", "heuristic"), "Way Out West · set-up, then 12 rounds",
                     "supply: "),
    "great-western-trail": (("human", "heuristic"), "Great Western Trail", "hand: "),
}


@pytest.mark.parametrize("game", sorted(SCREENS))
def test_each_game_draws_its_compact_screen(game: str) -> None:
    seats, title, hand = SCREENS[game]
    child = spawn("play", game, "--seats", ",".join(seats), "--seed", "1")
    child.expect(ANSWER)
    raw = child.before
    assert CLEAR in raw  # each decision is a fresh screen
    screen = last_screen(raw)
    assert title in screen and "seat 0 (you)" in screen and "your decision" in screen
    lines = screen.splitlines()
    assert any(hand in line for line in lines[:8])  # the own hand and resources at the top
    assert len(lines) + 1 <= ROWS  # the answer's line included
    assert max(len(line.rstrip()) for line in lines) <= COLUMNS
    if game == "great-western-trail":  # only the kinds held, never the 41-kind table
        held = next(line for line in lines if "hand: " in line)
        assert "Texas Longhorn" not in held and ": 0" not in held
    quit_unsaved(child)


# ------------------------------------------------------------ choices, paging
def unique_word(menu: Menu) -> tuple[str, str]:
    """A word of exactly one choice's text that no other choice contains, with that text."""
    for choice in menu.choices:
        for word in re.findall(r"[A-Za-z]{4,}", choice.text):
            found = menu.resolve(word)
            if found.choice is not None and found.choice.id == choice.id and not \
                    choice.text.casefold().startswith(word.casefold()):
                return word, choice.text
    raise AssertionError("no choice has a word of its own")


def test_long_lists_are_grouped_paged_and_answered_by_a_word(tmp_path: Path) -> None:
    state = heuristic_until("way-out-west", 3, 4, wanted=30)
    menu = Menu([state.describe(aid) for aid in state.legal_action_ids()])
    assert menu.grouped
    word, text = unique_word(menu)
    kind = menu.choices[0].kind
    saved = save_file(tmp_path / "g.json", state, [HUMAN, "heuristic", "heuristic"])
    child = spawn("play", "way-out-west", "--resume", saved)
    child.expect(ANSWER)
    first = last_screen(child.before)
    pages = re.search(r"page 1 of (\d+): n next, p previous", first)
    assert pages is not None and int(pages.group(1)) >= 2
    assert re.search(rf"\b{re.escape(kind)} \(\d+\)", first)  # a group's heading, counted
    child.sendline("n")
    child.expect(ANSWER)
    assert "page 2 of" in last_screen(child.before)
    child.sendline("p")
    child.expect(ANSWER)
    child.sendline("p")
    child.expect("This is the first page of choices")
    child.expect(ANSWER)
    prefix = menu.choices[0].text.split()[0]  # shared by several choices: ambiguous
    child.sendline(prefix)
    child.expect(rf"'{re.escape(prefix)}' fits \d+ choices")
    child.expect("Type more of the text, or the number")
    child.expect(ANSWER)
    child.sendline(word)  # a short name: one choice's own word
    child.expect_exact(f"You: {text}")
    child.expect([ANSWER, HAND_OVER])
    child.sendline("q")  # saved after every move: no question
    child.expect("Stopped. Resume with --resume")
    finish(child)
    assert len(json.loads(Path(saved).read_text())["record"]["actions"]) > len(state.history)


# --------------------------------------------------------------- bots, quitting
def test_a_spinner_shows_while_a_bot_thinks() -> None:
    child = spawn("play", "western-town", "--seats", "human,ismcts:seconds=1.5", "--seed", "2")
    for _ in range(STEPS):
        found = child.expect([r"seat 1 \(ismcts:seconds=1\.5\) is thinking", ANSWER])
        if found == 0:
            break
        child.sendline("1")
    else:
        raise AssertionError("the bot never thought")
    child.expect(ANSWER)
    quit_unsaved(child)


def test_quit_without_save_asks_first() -> None:
    child = spawn("play", "western-town", "--seats", "human,heuristic", "--seed", "3")
    child.expect(ANSWER)
    child.sendline("q")
    child.expect("The game is not saved")
    child.sendline("n")
    child.expect("Going on")
    child.expect(ANSWER)
    assert "your decision" in last_screen(child.before)  # the screen again, nothing lost
    quit_unsaved(child)


# ------------------------------------------------------------------ table mode
def outcome_screens(child: Any) -> Iterator[str]:
    """Each outcome screen's text, until a decision screen; hand-overs get their Enter."""
    for _ in range(STEPS):
        found = child.expect([ANSWER, HAND_OVER])
        if found == 1:
            yield plain(child.before)
            child.sendline("")
            continue
        screen = last_screen(child.before)
        if "At the table:" not in screen:
            return
        yield screen


def test_table_mode_takes_back_a_mistyped_outcome_and_quits_at_an_outcome(
    tmp_path: Path,
) -> None:
    saved = tmp_path / "t.json"
    child = spawn("play", "great-western-trail", "--seats", "human,heuristic", "--table",
                  "--save", str(saved))
    child.expect(ANSWER)
    first = last_screen(child.before)
    assert "what happened at the table?" in first
    title = re.search(r"At the table: (.+)", first)
    assert title is not None
    child.sendline("2")
    # one line: pexpect's patterns match across lines (re.DOTALL), and on a busy machine the
    # next screen may already be read, which ``(.+)`` would swallow up to its prompt
    child.expect(r"Outcome: ([^\r\n]+)\r\n")
    typed = child.match.group(1).strip()
    child.expect(ANSWER)
    assert "u take back the outcome typed before" in last_screen(child.before)
    child.sendline("u")
    child.expect_exact(f"Took back the outcome typed at the table: {typed}")
    child.expect(ANSWER)
    again = last_screen(child.before)
    assert title.group(1).strip() in again  # the same outcome is asked again
    assert json.loads(saved.read_text())["record"]["actions"] == []
    child.sendline("q")  # at an outcome prompt
    child.expect("Stopped. Resume with --resume")
    finish(child)


def test_table_mode_names_the_seat_a_draw_is_for() -> None:
    child = spawn("play", "great-western-trail", "--seats", "human,heuristic", "--table",
                  "--seed", "1")
    for screen in outcome_screens(child):
        if "Draw a card for" in screen:
            assert "for seat 0 (you)" in screen or "for seat 1 (heuristic)" in screen
            break
        child.sendline("1")
    else:
        raise AssertionError("no card was drawn at the table")
    quit_unsaved(child)


def test_two_people_get_a_hand_over_screen() -> None:
    child = spawn("play", "western-town", "--seats", "human,human", "--seed", "1")
    child.expect(HAND_OVER)
    assert "Pass the terminal to seat 0 (human)" in plain(child.before)
    child.sendline("")
    child.expect(ANSWER)
    mine = [line for line in last_screen(child.before).splitlines() if "hand (" in line]
    assert mine
    for _ in range(STEPS):
        child.sendline("1")
        found = child.expect([ANSWER, HAND_OVER])
        if found == 1:
            break
    else:
        raise AssertionError("seat 1 never got the terminal")
    before = child.before
    assert "Pass the terminal to seat 1 (human)" in plain(before)
    assert CLEAR in before.rsplit("You: ", 1)[-1]  # seat 0's screen is wiped first
    child.sendline("")
    child.expect(ANSWER)
    theirs = last_screen(child.before)
    assert "seat 1 (human), your decision" in theirs
    assert not any(line in theirs for line in mine)  # seat 0's hand is nowhere on it
    quit_unsaved(child)
