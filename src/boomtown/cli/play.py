"""``boomtown play``: people and bots at one terminal.

Each decision of a human seat is one screen (:mod:`boomtown.cli.screen`, 100x40): the seat's
own hand and resources at the top, a line per other seat, the board, what happened since the
seat's last decision, and the numbered choices with their costs (grouped by kind when many,
paged with ``n`` and ``p``). An answer is a choice's number, its text, a unique prefix of it
or a short name ("gallows"); ``?N`` tells what choice N concerns, ``v`` draws the screen
again, ``l`` prints the whole log as the seat reads it, ``u`` takes back the last decision
(when the undo policy allows), ``q`` stops (asking first when nothing is saved). With
``--hints`` (every seat, or the seats named), ``h`` asks the strong bot for a hint at the
seat's own decision (:func:`boomtown.bots.advice.hint`, from the seat's own information).
Bad input is explained and asked again.

Each human seat sees only its own view and log; with two or more people at the terminal a
hand-over screen comes between their turns. The bots get their
:class:`~boomtown.bots.Observation`; a spinner shows while one thinks (on a terminal).
With ``--save FILE`` the game is written after every move; ``--resume FILE`` continues it.
With ``--table`` the people at a real table type in each chance outcome (dice, draws)
instead of the program drawing it; ``u`` right after takes a mistyped outcome back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from boomtown.bots.base import Bot, Observation
from boomtown.bots.registry import check_spec, make_bot
from boomtown.cli.choices import Choice, Menu, ambiguity_lines
from boomtown.cli.scores import describe_seats, score_table, winners
from boomtown.cli.screen import (
    SCREEN_HEIGHT,
    SCREEN_WIDTH,
    Layout,
    Screen,
    compose,
    generic_layout,
)
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
from boomtown.engine.catalogue import Catalogue

HUMAN = "human"
SAVE_FORMAT = "boomtown-play/1"
#: With the reading seat, the log key of the screens that ask the table for an outcome.
TABLE = "table"
#: Typed keys (case-insensitive), each with its long form.
QUIT, NEXT, PREVIOUS, VIEW, LOG, UNDO = (
    ("q", "quit"), ("n", "next"), ("p", "previous"), ("v", "view"), ("l", "log"), ("u", "undo")
)
YES = ("y", "yes")
HINT = ("h", "hint")
#: ``--hints`` alone: hints for every seat.
ALL_SEATS = "all"
#: What a choice loop answers besides a choice.
STOP, TAKEN_BACK = "stop", "taken back"
#: The smallest terminal a screen is fitted to (a smaller one scrolls).
LEAST_HEIGHT = 20


def parse_seats(text: str) -> list[str]:
    """``human,ismcts,heuristic`` -> seat specs (``human`` or a bot spec)."""
    seats = [s.strip() for s in text.split(",") if s.strip()]
    if not seats:
        raise ValueError("--seats needs at least one seat")
    return [s if s == HUMAN else check_spec(s) for s in seats]


def _key(answer: str) -> str:
    return " ".join(answer.split()).casefold()


# ----------------------------------------------------------------------- game
@dataclass
class Session:
    """A game at the terminal: the state, who sits where, and what each seat has read."""

    state: State
    seats: list[str]
    table: bool = False
    save: str | None = None
    console: Console = field(default_factory=Console)
    bots: dict[int, Bot] = field(default_factory=dict)
    #: Per reader (a seat, None for the spectator, TABLE): log lines already shown.
    seen: dict[object, int] = field(default_factory=dict)
    #: History indices of outcomes typed at the table that ``u`` may still take back.
    corrections: list[int] = field(default_factory=list)
    #: The seat whose private screen the terminal shows (hand-over between people).
    at_terminal: int | None = None
    #: Lines the next screen shows under its choices (what was just taken back).
    notice: list[str] = field(default_factory=list)
    echo: Callable[[str], None] = click.echo
    #: Seats that may ask for a hint (``h``), and the CPU time of one.
    hints: frozenset[int] = frozenset()
    hint_seconds: float = 1.0

    def __post_init__(self) -> None:
        game = self.state.ruleset.id
        for seat, spec in enumerate(self.seats):
            if spec != HUMAN:
                self.bots[seat] = make_bot(spec, game, self.state.seed, seat)
        try:
            self.catalogue: Catalogue | None = self.state.ruleset.catalogue()
        except NotImplementedError:
            self.catalogue = None

    # ------------------------------------------------------------ who is who
    @property
    def humans(self) -> list[int]:
        return [s for s, spec in enumerate(self.seats) if spec == HUMAN]

    @property
    def watcher(self) -> int | None:
        """Whose log the table screens show: the only human, else the spectator."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "set-up"
        if seat == CHANCE:
            return "chance" if not self.table else "the table"
        if not 0 <= seat < len(self.seats):
            return f"seat {seat}"
        spec = self.seats[seat]
        return f"seat {seat} (you)" if spec == HUMAN and self.watcher == seat else (
            f"seat {seat} ({spec})"
        )

    # ---------------------------------------------------------------- output
    @property
    def tty(self) -> bool:
        return self.console.is_terminal

    def size(self) -> tuple[int, int]:
        """The screen's width and height: the terminal's (at most 100 columns), else 100x40."""
        if not self.tty:
            return SCREEN_WIDTH, SCREEN_HEIGHT
        width, height = self.console.size
        return min(width, SCREEN_WIDTH), max(height, LEAST_HEIGHT)

    def clear(self) -> None:
        if self.tty:
            self.console.clear()

    def draw(self, screen: Screen) -> None:
        width, height = self.size()
        if not self.tty:
            self.console.width = width  # else rich draws 80 columns into a pipe
        renderable = compose(screen, self.console, width, height)
        self.clear()
        self.console.print(renderable, width=width)

    def layout(self, seat: int | None) -> Layout:
        """The game's layout of ``seat``'s view, or the generic one (also when the game's
        fails: the note says why)."""
        state = self.state
        view = state.view(seat)
        ruleset = state.ruleset
        note = ""
        if ruleset.terminal_layout is not None:
            try:
                return Layout.from_data(ruleset.terminal_layout(view, seat))
            except Exception as exc:  # a layout bug must not stop the game
                note = (f"{ruleset.id}'s terminal layout failed ({type(exc).__name__}: "
                        f"{exc}); the generic layout stands in")
        data = generic_layout(ruleset.name, view, state.view(None), seat)
        layout = Layout.from_data(data)
        return Layout(layout.title, layout.you, layout.others, layout.board, note)

    def moves(self, reader: object, seat: int | None) -> list[tuple[str, str]]:
        """The log lines ``seat`` reads that ``reader`` has not been shown (``seen``, which
        the caller moves on), each with who made it."""
        lines = self.state.log_for(seat)
        actors = self.state.log_actors(seat)
        start = min(self.seen.get(reader, 0), len(lines))
        return [(self.name(actors[i]), lines[i]) for i in range(start, len(lines))]

    def print_log(self, seat: int | None) -> None:
        for text in self.state.log_for(seat):
            self.echo(f"  | {text}")

    def write(self) -> None:
        if self.save is None:
            return
        data = {
            "format": SAVE_FORMAT,
            "seats": self.seats,
            "table": self.table,
            "record": self.state.record.to_dict(),
        }
        if self.hints:
            data["hints"] = sorted(self.hints)
        Path(self.save).write_text(json.dumps(data) + "\n", encoding="utf-8")

    # ------------------------------------------------------------------ play
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
        while not self.state.is_terminal():
            state = self.state  # a table correction replaces it
            player = state.current_player
            if player == CHANCE:
                if not self.table:
                    state.apply(state.sample_chance())
                elif not self.table_outcome():
                    return
            elif player in self.bots:
                self.bot_move(player)
            elif not self.human_turn(player):
                return
            self.write()
        self.finish()

    def bot_move(self, seat: int) -> None:
        bot, observation = self.bots[seat], Observation(self.state, seat)
        if self.tty:
            with self.console.status(f"{self.name(seat)} is thinking...", spinner="dots"):
                action = bot.choose(observation)
        else:
            action = bot.choose(observation)
        self.state.apply(action)

    def finish(self) -> None:
        state = self.state
        reader = self.watcher
        moves = self.moves(reader, reader)
        if moves:
            self.echo("")
            for who, text in moves:
                self.echo(f"  | {text}  ({who})")
        returns = list(state.returns())
        self.echo("")
        self.echo("The game is over. Final scores:")
        for line in score_table(state.score_breakdown(), returns, state.num_players):
            self.echo(line)
        self.echo(f"Winner: {describe_seats(winners(returns))}")
        for seat in winners(returns):
            self.echo(f"  {self.name(seat)}")

    # --------------------------------------------------------------- prompts
    def ask(self, prompt: str) -> str:
        return str(click.prompt(prompt, prompt_suffix="> ", default="", show_default=False))

    def confirm_quit(self) -> bool:
        """``q``: stop now. Without ``--save`` the game would be lost, so ask first."""
        if self.save is not None:
            self.write()
            self.echo(f"Stopped. Resume with --resume {self.save}")
            return True
        answer = self.ask("Quit? The game is not saved (no --save FILE) and will be lost. y/N")
        if _key(answer) in YES:
            self.echo("Stopped. The game was not saved.")
            return True
        self.echo("  Going on.")
        return False

    def hand_over(self, seat: int, why: str = "") -> bool:
        """A blank screen between two people's private screens: ``False`` if they quit."""
        self.clear()
        self.echo("")
        self.echo(f"Pass the terminal to {self.name(seat)}{why}.")
        while True:
            answer = self.ask(f"Press Enter when only seat {seat} is looking (q quits)")
            if _key(answer) not in QUIT:
                break
            if self.confirm_quit():
                return False
        self.at_terminal = seat
        self.clear()
        return True

    def about(self, menu: Menu, answer: str) -> list[str]:
        """``?N``: the kind, cost and catalogued targets of choice N."""
        rest = answer.strip()[1:].strip()
        found = menu.resolve(rest) if rest else None
        if found is None or found.choice is None:
            why = f"{found.problem}. " if found is not None and found.problem else ""
            return [f"  {why}Type ? and a choice's number (1 to {len(menu)}), e.g. ?1."]
        choice = found.choice
        action = self.state.describe(choice.id)
        lines = [f"  {choice.number}. {choice.text}"]
        if action.kind:
            lines.append(f"     kind: {action.kind}" + (f"; cost: {action.cost}"
                                                         if action.cost else ""))
        for ref in action.targets:
            if self.catalogue is not None and ref in self.catalogue:
                entry = self.catalogue.entry(ref)
                mark = " (reconstructed)" if entry.reconstructed else ""
                lines.append(f"     {entry.name}{mark}: {entry.text}")
        if len(lines) == 1 or (len(lines) == 2 and action.kind):
            lines.append("     (the game says nothing more about it)")
        return lines

    def take_back(self, seat: int | None) -> str | None:
        """``u``: the seat's last decision (the engine's undo), else the outcome just typed at
        the table (the game is rebuilt from its record without it, and without the bots'
        moves after it). What was taken back, or ``None`` with the reason printed."""
        state = self.state
        if seat is not None and state.can_undo(seat):
            undone = state.undo(seat)
            self.write()
            return f"Took back: {undone.text}"
        if self.corrections:
            index = self.corrections.pop()
            actions = state.record.actions
            rebuilt = replay(state.record, steps=index)
            text = rebuilt.action_text(actions[index])
            after = len(actions) - index - 1
            self.state = rebuilt
            self.write()
            tail = f" (and the {after} move(s) after it)" if after else ""
            return f"Took back the outcome typed at the table: {text}{tail}"
        if seat is None:
            self.echo("  Nothing to take back: no outcome was typed since the last decision.")
            return None
        reason = UndoNotAllowed(f"seat {seat} has no decision it may take back now")
        self.echo(f"  Cannot undo: {reason}")
        return None

    def choose(
        self, menu: Menu, screen: Screen, seat: int | None, log_seat: int | None
    ) -> Choice | str:
        """Draw ``screen`` and read answers until one names a choice (or stops, or takes
        something back): the shared loop of decisions and table outcomes."""
        count = len(menu)
        redraw = True
        while True:
            if redraw:
                self.draw(screen)
                screen.notice = ()
            redraw = True
            answer = self.ask(f"choice (1-{count} or a name)")
            key = _key(answer)
            if key in QUIT:
                if self.confirm_quit():
                    return STOP
                continue
            if key in NEXT + PREVIOUS:
                step = 1 if key in NEXT else -1
                if 0 <= screen.page + step < screen.pages:
                    screen.page += step
                else:
                    which = "last" if step > 0 else "first"
                    screen.notice = (f"This is the {which} page of choices.",)
                continue
            if key in VIEW:
                continue
            if key in LOG:
                self.print_log(log_seat)
                redraw = False
                continue
            if key.startswith("?"):
                for line in self.about(menu, answer):
                    self.echo(line)
                redraw = False
                continue
            if key in HINT and seat is not None and seat in self.hints:
                for line in self.hint_lines(menu, seat):
                    self.echo(line)
                redraw = False
                continue
            if key in UNDO:
                done = self.take_back(seat)
                if done is not None:
                    self.echo(f"  {done}")
                    self.notice = [done]
                    return TAKEN_BACK
                redraw = False
                continue
            found = menu.resolve(answer)
            if found.choice is not None:
                return found.choice
            if found.ambiguous:
                for line in ambiguity_lines(found):
                    self.echo(f"  {line}")
            else:
                self.echo(f"  {found.problem}: type 1 to {count}, a choice's text or a word "
                          "of it, or a key shown below the choices.")
            redraw = False

    def hint_lines(self, menu: Menu, seat: int) -> list[str]:
        """``h``: the strong bot's hint for ``seat``'s decision, from its own information."""
        from boomtown.bots.advice import hint
        from boomtown.cli.review import hint_lines

        observation = Observation(self.state, seat)
        index = len(self.state.history)
        if self.tty:
            with self.console.status("the bot is thinking about a hint...", spinner="dots"):
                advice = hint(observation, seconds=self.hint_seconds, seed=index,
                              decision_index=index)
        else:
            advice = hint(observation, seconds=self.hint_seconds, seed=index,
                          decision_index=index)
        return hint_lines(advice, {c.id: c.number for c in menu.choices})

    def keys(self, undo: bool, hint: bool = False) -> str:
        keys = "?N what choice N is · v view · l log"
        if hint:
            keys += " · h hint"
        if undo:
            keys += " · u undo"
        return keys + " · q quit"

    def decision_screen(self, seat: int) -> Screen:
        """The screen of ``seat``'s current decision (its choices in ``screen.menu``)."""
        state = self.state
        menu = Menu([state.describe(aid) for aid in state.legal_action_ids()])
        prompt = state.prompt(seat)
        head = f"{self.name(seat)}, your decision: {prompt.title}"
        if prompt.progress:
            head += f" ({prompt.progress})"
        notice, self.notice = self.notice, []
        return Screen(
            self.layout(seat),
            you_title=self.name(seat),
            moves=self.moves(seat, seat),
            prompt=[head, *([prompt.hint] if prompt.hint else [])],
            menu=menu,
            keys=self.keys(state.can_undo(seat) or bool(self.corrections), seat in self.hints),
            notice=notice,
        )

    def human_turn(self, seat: int) -> bool:
        """Ask ``seat`` for a decision; ``False`` when the human stops the game."""
        if len(self.humans) > 1 and self.at_terminal != seat and not self.hand_over(seat):
            return False
        state = self.state
        screen = self.decision_screen(seat)
        assert screen.menu is not None
        chosen = self.choose(screen.menu, screen, seat, seat)
        if chosen == STOP:
            return False
        if isinstance(chosen, str):  # taken back: the loop asks again
            return True
        self.seen[seat] = len(state.log_for(seat))
        try:
            done = state.apply(chosen.id)
        except IllegalAction as exc:  # the list was legal: only a game bug gets here
            self.echo(f"  Not allowed: {exc.reason}")
            return True
        self.corrections.clear()
        self.echo(f"  You: {done.text}")
        return True

    def table_outcome(self) -> bool:
        """Table mode: the people type in what they rolled or drew; ``False`` if they quit.

        An outcome only one seat may see (a draw into its hand) is entered by that seat,
        after a hand-over, and the terminal is cleared after it.
        """
        state = self.state
        public = state.prompt(None)
        private = public.private and public.for_seat is not None
        reader = public.for_seat if private else self.watcher
        if private:
            assert public.for_seat is not None
            here = public.for_seat in (self.watcher, self.at_terminal)
            if not here and not self.hand_over(
                public.for_seat, " to enter what it drew (only that seat may see it)"
            ):
                return False
        elif len(self.humans) > 1:
            self.clear()  # nobody's hand stays on the screen while the table types
            self.at_terminal = None
        prompt = state.prompt(reader) if private else public
        outcomes = state.chance_outcomes()
        menu = Menu([Action(a.id, a.text, "chance", cost=f"p={p:.3g}") for a, p in outcomes])
        head = f"At the table: {prompt.title}"
        if prompt.progress:
            head += f" ({prompt.progress})"
        if prompt.for_seat is not None:
            head += f", for {self.name(prompt.for_seat)}"
        title = f"{state.ruleset.name} · chance: what happened at the table?"
        screen = Screen(
            Layout(title),
            you_title="",
            moves=self.moves((TABLE, reader), reader),
            moves_title="Since the last outcome typed at the table",
            prompt=[head, *([prompt.hint] if prompt.hint else [])],
            menu=menu,
            keys=("u take back the outcome typed before · " if self.corrections else "")
            + "v view · l log · q quit",
            notice=self.notice,
        )
        self.notice = []
        self.seen[TABLE, reader] = len(state.log_for(reader))
        chosen = self.choose(menu, screen, None, reader)
        if chosen == STOP:
            return False
        if isinstance(chosen, Choice):
            state.apply(chosen.id)
            self.corrections.append(len(state.history) - 1)
            self.echo(f"  Outcome: {chosen.text}")
        if private:
            self.clear()
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


def parse_hints(text: str, players: int) -> frozenset[int]:
    """``--hints``: ``all`` (every seat) or seat numbers ``0,2``."""
    if text.strip().casefold() == ALL_SEATS:
        return frozenset(range(players))
    try:
        seats = frozenset(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise ValueError(f"--hints takes 'all' or seat numbers like 0,2, not {text!r}") from None
    bad = sorted(s for s in seats if not 0 <= s < players)
    if bad or not seats:
        raise ValueError(f"--hints: no seat {bad[0] if bad else text!r} in a {players}-player "
                         "game")
    return seats


def load_saved_hints(path: str) -> list[int]:
    """The seats that had hints in a game written by ``--save`` (none when it says none)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError:
        return []  # load_saved says what is wrong with the file
    hints = data.get("hints") if isinstance(data, dict) else None
    if not isinstance(hints, list):
        return []
    return [s for s in hints if isinstance(s, int) and not isinstance(s, bool)]


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
    hints_text: str | None = None,
    hint_seconds: float = 1.0,
) -> None:
    saved_hints: list[int] = []
    if resume is not None:
        saved_hints = load_saved_hints(resume)
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
    hints = parse_hints(hints_text, len(seats)) if hints_text is not None else frozenset(
        saved_hints)
    if hints:
        click.echo("Hints on for " + ", ".join(f"seat {s}" for s in sorted(hints))
                   + ": type h at your decision.")
    session = Session(state, seats, table=table, save=save, hints=hints,
                      hint_seconds=hint_seconds)
    session.run()
    session.write()

