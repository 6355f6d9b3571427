"""The terminal's parts without a terminal: typed answers, pages and groups, the generic
layout, checked layout data and the fallback when a game's layout fails."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from click.testing import CliRunner

from boomtown.cli.choices import GROUP_OVER, Menu, ambiguity_lines
from boomtown.cli.main import cli
from boomtown.cli.play import HUMAN, Session
from boomtown.cli.screen import (
    CHOICES_LEAST,
    SCREEN_HEIGHT,
    Layout,
    Screen,
    generic_layout,
    measure,
    plain_console,
)
from boomtown.engine import CHANCE, Action, get_ruleset

DRAWS = [Action(10, "star card drawn: gallows", "chance"),
         Action(11, "star card drawn: church", "chance"),
         Action(12, "star card drawn: general store", "chance")]
HIRES = [Action(20 + i, f"hire a cowboy into {town}", "hire")
         for i, town in enumerate(("San Antonia", "Kansas City", "Abilene"))]
MOVES = [Action(30 + i, f"move 1 cowboy from Kansas City to {town}", "move", cost="$1")
         for i, town in enumerate(("San Antonia", "Abilene", "Dodge City", "Deadwood"))]


@pytest.mark.parametrize(
    ("answer", "wanted"),
    [
        ("2", 11),  # a number
        ("Star card drawn:   CHURCH", 11),  # the whole text, any case and spacing
        ("gallows", 10),  # the short name: a word of one choice
        ("general", 12),  # the start of a word
        ("store", 12),
    ],
)
def test_an_answer_names_one_choice(answer: str, wanted: int) -> None:
    found = Menu(DRAWS).resolve(answer)
    assert found.choice is not None and found.choice.id == wanted


def test_a_unique_prefix_and_words_in_order() -> None:
    menu = Menu(HIRES + MOVES)
    assert menu.resolve("hire a cowboy into k").choice == menu.resolve("2").choice
    chosen = menu.resolve("hire kansas").choice  # words at word starts, in order
    assert chosen is not None and chosen.text == "hire a cowboy into Kansas City"
    dodge = menu.resolve("dodge").choice
    assert dodge is not None and dodge.text.endswith("Dodge City")


def test_an_ambiguous_answer_names_its_candidates() -> None:
    found = Menu(DRAWS).resolve("star")
    assert found.choice is None and found.ambiguous and len(found.candidates) == 3
    lines = ambiguity_lines(found)
    assert lines[0] == "'star' fits 3 choices:" and "1. star card drawn: gallows" in lines[1]
    assert lines[-1].startswith("Type more")
    kansas = Menu(HIRES + MOVES).resolve("kansas")  # in every move and one hire
    assert kansas.ambiguous and len(kansas.candidates) == 1 + len(MOVES)


@pytest.mark.parametrize("answer", ["0", "9", "banana", "", "   "])
def test_no_choice_says_why(answer: str) -> None:
    found = Menu(DRAWS).resolve(answer)
    assert found.choice is None and not found.ambiguous and found.problem


def test_long_lists_are_grouped_by_kind_and_paged() -> None:
    actions = MOVES * 2 + HIRES * 2 + [Action(99, "pass", "pass")]
    actions = [Action(i, f"{a.text} #{i}", a.kind) for i, a in enumerate(actions)]
    assert len(actions) > GROUP_OVER
    menu = Menu(actions)
    assert menu.grouped
    kinds = [c.kind for c in menu.choices]
    assert kinds == sorted(kinds, key=["move", "hire", "pass"].index)  # by kind, stably
    assert [c.number for c in menu.choices] == list(range(1, len(actions) + 1))
    pages = menu.pages(6)
    assert all(len(page) <= 6 for page in pages)
    shown = [row.choice.id for page in pages for row in page if row.choice is not None]
    assert shown == [c.id for c in menu.choices]  # every choice once, in order
    headings = [row.heading for page in pages for row in page if row.choice is None]
    assert "move (8)" in headings and "move (8), continued" in headings
    assert all(page[-1].choice is not None for page in pages)  # never a heading at a foot
    assert not Menu(MOVES).grouped  # short lists stay as they are


def test_the_generic_layout_puts_private_parts_at_the_top() -> None:
    view = {"players": 2, "state": {"scores": [3, 5], "roll": 2, "phase": "keep"}}
    public = {"players": 2, "state": {"scores": [3, 5], "roll": None, "phase": "keep"}}
    layout = generic_layout("Toy", view, public, 0)
    assert layout["you"] == ["scores 3", "roll: 2"]
    assert layout["others"] == ["seat 1: scores 5"]
    assert layout["board"] == [["board", ""], ["phase", "keep"]]
    Layout.from_data(layout)  # well formed


@pytest.mark.parametrize(
    "data",
    [None, {"title": 3}, {"title": "t", "you": "hand"}, {"title": "t", "board": [["a", 1]]},
     {"title": "t", "others": [None]}],
)
def test_bad_layout_data_is_refused(data: Any) -> None:
    with pytest.raises(ValueError, match="layout"):
        Layout.from_data(data)


def _broken(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    raise KeyError("hand")


def test_a_failing_game_layout_falls_back_with_a_note() -> None:
    ruleset = dataclasses.replace(get_ruleset("western-town"), terminal_layout=_broken)
    state = ruleset.new_game(2, 1)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    session = Session(state, [HUMAN, HUMAN], console=plain_console())
    screen = session.decision_screen(state.current_player)
    assert "terminal layout failed (KeyError" in screen.layout.note
    assert screen.layout.title.startswith("Western Town")  # the generic one stands in
    lines, _ = measure(screen)
    assert lines <= SCREEN_HEIGHT


def test_a_huge_layout_still_leaves_room_for_choices() -> None:
    layout = Layout("t", you=tuple(f"you {i}" for i in range(50)),
                    others=tuple(f"other {i}" for i in range(50)),
                    board=tuple((f"row {i}", "x" * 300) for i in range(50)))
    screen = Screen(layout, "seat 0", moves=[("seat 1", "moved")] * 30, prompt=["Choose"],
                    menu=Menu(MOVES * 10), keys="q quit")
    lines, columns = measure(screen)
    assert screen.page_height >= CHOICES_LEAST and columns <= 100
    assert lines <= SCREEN_HEIGHT  # the long parts are cut


def test_no_spinner_without_a_terminal() -> None:
    result = CliRunner().invoke(cli, ["play", "western-town", "--seats", "human,heuristic",
                                      "--seed", "1"], input="1\n" * 6)
    assert result.exit_code == 0, result.output
    assert "thinking" not in result.output and "\x1b[" not in result.output
