"""The terminal's compact layouts: every game's screen fits 100 columns and 40 lines.

Screens are drawn for many positions of heuristic games (every game and player count, two
seeds, early, middle and late, and the decisions with the longest lists of choices), each
as the deciding seat sees it, with the log lines since that seat's last decision.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boomtown.bots.base import Observation
from boomtown.bots.registry import make_bot
from boomtown.cli.play import HUMAN, Session
from boomtown.cli.screen import (
    CHOICES_LEAST,
    SCREEN_HEIGHT,
    SCREEN_WIDTH,
    Screen,
    measure,
    plain_console,
)
from boomtown.engine import CHANCE, State, get_ruleset

GAMES = ("western-town", "way-out-west", "great-western-trail")
SEEDS = (1, 2)
#: Screens drawn per game: evenly spread over the game, plus the longest choice lists.
SPREAD = 12
LONGEST = 3


def positions(game: str, players: int, seed: int) -> Iterator[tuple[State, int, int]]:
    """(position, deciding seat, log lines that seat had read at its last decision) of a
    heuristic game: spread over the whole game, and the longest lists of choices."""
    state = get_ruleset(game).new_game(players, seed)
    bots = [make_bot("heuristic:samples=1:lookahead=2", game, seed, s) for s in range(players)]
    read = [0] * players
    decisions: list[tuple[State, int, int]] = []
    while not state.is_terminal():
        seat = state.current_player
        if seat == CHANCE:
            state.apply(state.sample_chance())
            continue
        decisions.append((state.clone(), seat, read[seat]))
        read[seat] = len(state.log_for(seat))
        state.apply(bots[seat].choose(Observation(state, seat)))
    step = max(1, len(decisions) // SPREAD)
    chosen = decisions[::step]
    chosen += sorted(decisions, key=lambda d: -len(d[0].legal_action_ids()))[:LONGEST]
    yield from chosen


def screen_of(state: State, seat: int, read: int) -> Screen:
    session = Session(state, [HUMAN] * state.num_players, console=plain_console())
    session.seen[seat] = read
    return session.decision_screen(seat)


@pytest.mark.parametrize("game", GAMES)
def test_every_screen_fits_100_by_40(game: str) -> None:
    ruleset = get_ruleset(game)
    assert ruleset.terminal_layout is not None, f"{game} has no terminal layout"
    largest, fewest, top = (0, 0), SCREEN_HEIGHT, (0, 0)
    for players in ruleset.player_counts:
        for seed in SEEDS:
            for state, seat, read in positions(game, players, seed):
                screen = screen_of(state, seat, read)
                assert screen.layout.note == "", screen.layout.note  # the game's own layout
                lines, columns = measure(screen)
                where = f"{game}, {players} players, seed {seed}, step {len(state.history)}"
                assert lines <= SCREEN_HEIGHT, f"{where}: {lines} lines"
                assert columns <= SCREEN_WIDTH, f"{where}: {columns} columns"
                assert screen.page_height >= CHOICES_LEAST, f"{where}: {screen.page_height}"
                largest = max(largest, (lines, columns))
                alone = measure(Screen(screen.layout, screen.you_title))  # keys and answer too
                top = max(top, (alone[0] - 2, alone[1]))
                if screen.pages > 1:
                    fewest = min(fewest, screen.page_height)
    print(f"{game}: largest screen {largest[0]} lines x {largest[1]} columns, its layout "
          f"(title, own panel, others, board) at most {top[0]} x {top[1]}; a page of choices "
          f"has at least {fewest} lines")


def test_great_western_trail_shows_only_the_cards_held() -> None:
    for state, seat, _ in positions("great-western-trail", 2, 3):
        hand = state.view(seat)["state"]["players"][seat]["hand"]
        assert len(hand) > 20  # the view lists every card kind, mostly zeros
        layout = get_ruleset("great-western-trail").terminal_layout
        assert layout is not None
        line = next(x for x in layout(state.view(seat), seat)["you"] if x.startswith("hand: "))
        held = {name for name, n in hand.items() if n}
        listed = {part.rsplit(" x", 1)[0] for part in line[len("hand: "):].split(", ")}
        assert listed == (held or {"none"}), (line, held)
