"""``boomtown play``: people and bots at one terminal.

Each human seat sees only its own view and its own log (``log_for(seat)``); the bots get
their :class:`~boomtown.bots.Observation`. A human answers with an action's number or
its text, ``u`` to take back the last decision (when the undo policy allows), ``v`` to
show the view again, ``l`` for the whole log as the seat reads it, ``q`` to stop. Bad
input is explained and asked again. With ``--save FILE`` the game is written after every
move; ``--resume FILE`` continues it. With ``--table`` the people at a real table type
in each chance outcome (dice, draws) instead of the program drawing it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from boomtown.bots.base import Bot, Observation
from boomtown.bots.registry import check_spec, make_bot
from boomtown.cli.scores import describe_seats, score_table, winners
from boomtown.engine import (
    CHANCE,
    Action,
    BadRecord,
    GameRecord,
    IllegalAction,
    Ruleset,
    State,
    UndoNotAllowed,
    get_ruleset,
    replay,
)
from boomtown.engine.catalogue import Catalogue, base_id

HUMAN = "human"
SAVE_FORMAT = "boomtown-play/1"
#: Nested view data deeper than this is summarised in one line.
MAX_DEPTH = 4


def parse_seats(text: str) -> list[str]:
    """``human,ismcts,heuristic`` -> seat specs (``human`` or a bot spec)."""
    seats = [s.strip() for s in text.split(",") if s.strip()]
    if not seats:
        raise ValueError("--seats needs at least one seat")
    return [s if s == HUMAN else check_spec(s) for s in seats]


# ------------------------------------------------------------------ rendering
def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _empty(value: Any) -> bool:
    return value is None or value is False or value == {} or value == [] or value == ""


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_inline(v)}" for k, v in value.items() if not _empty(v)) or "-"
    if isinstance(value, list):
        return ", ".join(_inline(v) for v in value) or "-"
    return _scalar(value)


def render_value(key: str, value: Any, indent: str = "", depth: int = 0) -> list[str]:
    """A view's JSON as indented text: empty and false entries left out, small parts inline.

    >>> render_value("hand", {"marshal": 1, "saloon": 2})
    ['hand: marshal 1, saloon 2']
    >>> render_value("seat", {"gold": 3, "buildings": [{"name": "bank", "destroyed": False}]})
    ['seat:', '  gold: 3', '  buildings:', '    - name bank']
    """
    if isinstance(value, dict):
        if depth >= MAX_DEPTH or all(not isinstance(v, dict | list) for v in value.values()):
            return [f"{indent}{key}: {_inline(value)}"]
        lines = [f"{indent}{key}:"]
        for k, v in value.items():
            if not _empty(v):
                lines += render_value(str(k), v, indent + "  ", depth + 1)
        return lines
    if isinstance(value, list):
        if all(not isinstance(v, dict | list) for v in value) or depth >= MAX_DEPTH:
            return [f"{indent}{key}: {_inline(value)}"]
        lines = [f"{indent}{key}:"]
        for number, item in enumerate(value):
            if _empty(item):
                continue
            if isinstance(item, dict) and any(isinstance(v, dict | list) for v in item.values()):
                lines += render_value(f"#{number}", item, indent + "  ", depth + 1)
            else:
                lines.append(f"{indent}  - {_inline(item)}")
        return lines
    return [f"{indent}{key}: {_scalar(value)}"]


def render_view(view: dict[str, Any]) -> list[str]:
    """The lines shown to a human: the game-specific part of its view."""
    lines = []
    for key, value in (view.get("state") or {}).items():
        if not _empty(value):
            lines += render_value(str(key), value, "  ")
    return lines


# ----------------------------------------------------------------------- game
@dataclass
class Session:
    """A game at the terminal: the state, who sits where, and what each human has read."""

    state: State
    seats: list[str]
    table: bool = False
    save: str | None = None
    bots: dict[int, Bot] = field(default_factory=dict)
    shown: dict[int | None, int] = field(default_factory=dict)
    echo: Callable[[str], None] = click.echo

    def __post_init__(self) -> None:
        game = self.state.ruleset.id
        for seat, spec in enumerate(self.seats):
            if spec != HUMAN:
                self.bots[seat] = make_bot(spec, game, self.state.seed, seat)
        try:
            self.catalogue: Catalogue | None = self.state.ruleset.catalogue()
        except NotImplementedError:
            self.catalogue = None

    def prompt_lines(self, seat: int | None) -> list[str]:
        """The current decision's prompt as ``seat`` reads it: title, progress, hint."""
        prompt = self.state.prompt(seat)
        title = prompt.title + (f" ({prompt.progress})" if prompt.progress else "")
        lines = [title]
        if prompt.hint:
            lines.append(f"  {prompt.hint}")
        return lines

    def about_lines(self, actions: Sequence[Action]) -> list[str]:
        """What the choices touch: the catalogue text of each catalogued main target."""
        if self.catalogue is None:
            return []
        lines, seen = [], set()
        for action in actions:
            for ref in action.targets[:1]:
                if ref in self.catalogue and base_id(ref) not in seen:
                    seen.add(base_id(ref))
                    entry = self.catalogue.entry(ref)
                    mark = " (reconstructed)" if entry.reconstructed else ""
                    lines.append(f"  {entry.name}{mark}: {entry.text}")
        return lines

    @property
    def humans(self) -> list[int]:
        return [s for s, spec in enumerate(self.seats) if spec == HUMAN]

    @property
    def watcher(self) -> int | None:
        """Whose log is printed as the game goes: the only human, else the spectator."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def name(self, seat: int) -> str:
        spec = self.seats[seat]
        return f"seat {seat} (you)" if spec == HUMAN and self.watcher == seat else (
            f"seat {seat} ({spec})"
        )

    def write(self) -> None:
        if self.save is None:
            return
        data = {
            "format": SAVE_FORMAT,
            "seats": self.seats,
            "table": self.table,
            "record": self.state.record.to_dict(),
        }
        Path(self.save).write_text(json.dumps(data) + "\n", encoding="utf-8")

    def flush_log(self, seat: int | None) -> None:
        """Print the log lines ``seat`` has not read yet."""
        lines = self.state.log_for(seat)
        start = min(self.shown.get(seat, 0), len(lines))
        for text in lines[start:]:
            self.echo(f"  | {text}")
        self.shown[seat] = len(lines)

    def run(self) -> None:
        """Play until the game ends (or a human stops it, or the input ends)."""
        try:
            self._loop()
        except click.Abort:  # end of input or Ctrl-C at a prompt: keep the game
            self.write()
            self.echo("")
            self.echo(
                "Stopped at the end of input."
                + (f" Resume with --resume {self.save}" if self.save else "")
            )

    def _loop(self) -> None:
        state = self.state
        previous: int | None = None
        while not state.is_terminal():
            player = state.current_player
            if player == CHANCE:
                outcome = self.ask_chance() if self.table else state.sample_chance()
                state.apply(outcome)
            elif player in self.bots:
                action = self.bots[player].choose(Observation(state, player))
                state.apply(action)
            else:
                if not self.human_turn(player, fresh=previous != player):
                    return
            previous = player
            self.write()
        self.flush_log(self.watcher)
        self.finish()

    def finish(self) -> None:
        state = self.state
        returns = list(state.returns())
        self.echo("")
        self.echo("The game is over. Final scores:")
        for line in score_table(state.score_breakdown(), returns, state.num_players):
            self.echo(line)
        self.echo(f"Winner: {describe_seats(winners(returns))}")
        for seat in winners(returns):
            self.echo(f"  {self.name(seat)}")

    # ------------------------------------------------------------- prompts
    def ask(self, prompt: str) -> str:
        return str(click.prompt(prompt, prompt_suffix="> ", default="", show_default=False))

    def ask_chance(self) -> int:
        """Table mode: the people type in what they rolled or drew."""
        outcomes = self.state.chance_outcomes()
        self.flush_log(self.watcher)
        self.echo("")
        self.echo("Chance: what happened at the table? " + " ".join(self.prompt_lines(None)))
        for i, (action, p) in enumerate(outcomes, start=1):
            self.echo(f"  {i:>3}. {action.text}  (p={p:.3g})")
        while True:
            answer = self.ask("outcome").strip()
            chosen = self.pick([a for a, _ in outcomes], answer)
            if chosen is not None:
                return chosen
            self.echo(f"  Type a number from 1 to {len(outcomes)} or an outcome's text.")

    def pick(self, actions: Sequence[Any], answer: str) -> int | None:
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(actions):
                return int(actions[number - 1].id)
            return None
        wanted = " ".join(answer.split()).casefold()
        for action in actions:
            if " ".join(action.text.split()).casefold() == wanted:
                return int(action.id)
        return None

    def show(self, seat: int) -> None:
        state = self.state
        view = state.view(seat)
        self.echo("")
        self.echo(f"=== {state.ruleset.name}: your view, {self.name(seat)} ===")
        for line in render_view(view):
            self.echo(line)

    def human_turn(self, seat: int, fresh: bool = True) -> bool:
        """Ask ``seat`` for a decision; ``False`` when the human stops the game.

        The whole view is shown when the seat's turn begins (``fresh``) and on request.
        """
        state = self.state
        self.flush_log(seat if self.watcher is None else self.watcher)
        if fresh:
            self.show(seat)
        while True:
            legal = [state.describe(aid) for aid in state.legal_action_ids()]
            self.echo("")
            head, *hint = self.prompt_lines(seat)
            self.echo(f"{self.name(seat)}, your decision: {head}")
            for line in hint:
                self.echo(line)
            for i, action in enumerate(legal, start=1):
                cost = f"  ({action.cost})" if action.cost else ""
                self.echo(f"  {i:>3}. {action.text}{cost}")
            about = self.about_lines(legal)
            if about:
                self.echo("  What these choices concern:")
                for line in about:
                    self.echo(f"  {line}")
            keys = "number or text; v view, l log"
            if state.can_undo(seat):
                keys += ", u undo"
            keys += ", q quit"
            answer = self.ask(f"[{keys}]").strip()
            low = answer.casefold()
            if low in ("q", "quit"):
                self.write()
                self.echo("Stopped." + (f" Resume with --resume {self.save}" if self.save else ""))
                return False
            if low in ("v", "view"):
                self.show(seat)
                continue
            if low in ("l", "log"):
                for text in state.log_for(seat):
                    self.echo(f"  | {text}")
                continue
            if low in ("u", "undo"):
                try:
                    undone = state.undo(seat)
                except UndoNotAllowed as exc:
                    self.echo(f"  Cannot undo: {exc}")
                    continue
                self.echo(f"  Took back: {undone.text}")
                self.write()
                self.show(seat)
                continue
            aid = self.pick(legal, answer)
            if aid is None:
                self.echo(
                    f"  {answer!r} is not one of the choices: type 1 to {len(legal)}, "
                    "an action's text, or a letter shown in brackets."
                )
                continue
            try:
                done = state.apply(aid)
            except IllegalAction as exc:  # the list was legal: only a game bug gets here
                self.echo(f"  Not allowed: {exc.reason}")
                continue
            self.echo(f"  You: {done.text}")
            return True


def load_saved(path: str) -> tuple[State, list[str], bool]:
    """A game written by ``--save``: the state, the seats and table mode."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise BadRecord(f"{path}: not valid JSON ({exc.msg})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise BadRecord(f"{path}: not a saved game ({SAVE_FORMAT})")
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise BadRecord(f"{path}: the seats are missing")
    state = replay(GameRecord.from_dict(data.get("record")))
    if len(seats) != state.num_players:
        raise BadRecord(f"{path}: {len(seats)} seats for a {state.num_players}-player game")
    return state, seats, bool(data.get("table", False))


def start(
    ruleset: Ruleset, seats: list[str], seed: int, options: dict[str, Any]
) -> State:
    ruleset.check_players(len(seats))
    return ruleset.new_game(len(seats), seed, ruleset.options_from_dict(options))


def play_command(
    game: str,
    seats_text: str | None,
    seed: int,
    save: str | None,
    resume: str | None,
    table: bool,
    options: dict[str, Any],
) -> None:
    if resume is not None:
        state, seats, saved_table = load_saved(resume)
        if state.ruleset.id != get_ruleset(game).id:
            raise BadRecord(f"{resume} is a game of {state.ruleset.id}, not {game}")
        if seats_text is not None:
            wanted = parse_seats(seats_text)
            if len(wanted) != len(seats):
                raise ValueError(
                    f"the saved game has {len(seats)} seats, --seats gives {len(wanted)}"
                )
            seats = wanted
        table = table or saved_table
        save = save or resume
        click.echo(f"Resuming {resume}: {len(state.history)} actions replayed.")
    else:
        ruleset = get_ruleset(game)
        seats = parse_seats(seats_text or ",".join([HUMAN] + ["heuristic"] * (
            min(ruleset.player_counts) - 1
        )))
        state = start(ruleset, seats, seed, options)
    ruleset = state.ruleset
    click.echo(
        f"{ruleset.name} ({ruleset.id} v{ruleset.version}), seed {state.seed}: "
        + ", ".join(f"seat {s} {spec}" for s, spec in enumerate(seats))
        + (" (table mode: you type in the chance outcomes)" if table else "")
    )
    session = Session(state, seats, table=table, save=save)
    session.run()
    session.write()
