"""The state of one game: the short list of uniform methods every game implements.

A game subclasses :class:`State` and fills in the underscored hooks. The base
class turns them into the public contract: actions by object, id or text,
``IllegalAction`` without change, explicit chance, per-seat views and logs,
records, snapshots, clones and undo.

Play a seeded random game to the end:

>>> import random
>>> from boomtown import new_game, CHANCE
>>> state = new_game("western-town", players=2, seed=3)
>>> rng = random.Random(0)
>>> while not state.is_terminal():
...     if state.current_player == CHANCE:
...         _ = state.apply(state.sample_chance())
...     else:
...         _ = state.apply(rng.choice(state.legal_actions()))
>>> len(state.returns())
2
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from boomtown.engine.actions import CHANCE, TERMINAL, Action, Event, Prompt
from boomtown.engine.errors import BadRecord, IllegalAction, RulesFault, UndoNotAllowed

if TYPE_CHECKING:
    from boomtown.engine.record import GameRecord
    from boomtown.engine.ruleset import Ruleset

ActionLike = Action | int | str

SNAPSHOT_FORMAT = "boomtown-snapshot/1"

#: The titles of the default prompt, which says nothing about the decision (no game keeps it).
GENERIC_TITLE = "Choose an action"
GENERIC_CHANCE_TITLE = "Chance"


class State(ABC):
    """Base class of every game state. Mutable: :meth:`apply` changes it in place."""

    #: Optional table of prebuilt actions indexed by id (games with static texts).
    _action_table: tuple[Action, ...] | None = None

    def __init__(self, ruleset: Ruleset, players: int, seed: int, options: Any) -> None:
        self.ruleset = ruleset
        self.num_players = players
        self.seed = seed
        self.options = options
        self._history: list[int] = []
        self._actors: list[int] = []
        self._log: list[Event] = []
        self._marks: list[int] = []  # the log's length when each step began (see log_actors)
        self._owned = True  # copy-on-write flag for the four lists above
        self._shared = False  # copy-on-write flag for the game's own fields
        self._undo_floor = 0
        self._sealed = False
        self._legal_cache: list[int] | None = None
        # caches of derived, read-only data (see _log_texts and _options_data)
        self._log_cache: dict[object, tuple[list[Event], int, tuple[Any, ...]]] = {}
        self._options_cache: tuple[Any, dict[str, Any]] | None = None
        # What a rules fault restores the state from (see _restore): ``None`` means a replay
        # of the history from ``new_game``; else a pristine clone taken at step _base_steps.
        # A state whose fields were set directly (loaded, determinized, edited) takes that
        # clone at its next apply (_rebase).
        self._base: State | None = None
        self._base_steps = 0
        self._rebase = False

    # ----------------------------------------------------------------- hooks
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to decide, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def _compute_legal_ids(self) -> list[int]:
        """Legal action ids now (chance outcome ids at a chance point)."""

    @abstractmethod
    def _apply_id(self, aid: int) -> None:
        """Apply a legal action id. Only called after the legality check."""

    def action_text(self, aid: int) -> str:
        """Human text of action ``aid`` in this state (any id of the action space).

        The default reads ``_action_table``; games whose texts depend on the state override it.
        """
        table = self._action_table
        if table is None:
            raise NotImplementedError(f"{type(self).__name__} needs _action_table or action_text")
        return table[aid].text if 0 <= aid < len(table) else f"action {aid}"

    def _describe(self, aid: int) -> tuple[tuple[str, ...], str]:
        """The board things action ``aid`` concerns now (ids the view uses, the main one
        first) and its cost as a short text ("" for none). Only called for legal ids."""
        return (), ""

    def _prompt(self, seat: int | None) -> Prompt:
        """The current decision as ``seat`` (``None`` = spectator) may read it: never
        terminal (the base class answers that). Only what ``seat`` may see.

        Every game overrides this: the conformance suite rejects this generic default.
        """
        current = self.current_player
        if current == CHANCE:
            return Prompt(CHANCE, GENERIC_CHANCE_TITLE)
        return Prompt(current, GENERIC_TITLE)

    @abstractmethod
    def _chance_distribution(self) -> list[tuple[int, float]]:
        """(outcome id, probability) pairs at a chance point."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """Game-specific JSON-ready view: only what ``seat`` may see."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One value per seat; meaningful once the game is terminal (zeros before)."""

    @abstractmethod
    def score_breakdown(self) -> dict[str, Any]:
        """Per-seat score by category (public information)."""

    @abstractmethod
    def _copy_into(self, other: State) -> None:
        """Give ``other`` (self, or a shallow copy of it) private copies of the game's
        mutable fields."""

    @abstractmethod
    def _determinize(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with all ``seat`` has seen; hidden parts drawn by ``rng``.

        Games implement this; callers use :meth:`determinize`, which also strips the copy of
        the real game's past.
        """

    @abstractmethod
    def _to_dict(self) -> dict[str, Any]:
        """Game fields as JSON-ready data (the whole truth, hidden parts included)."""

    @abstractmethod
    def _from_dict(self, data: dict[str, Any]) -> None:
        """Load game fields written by :meth:`_to_dict`."""

    @abstractmethod
    def component_counts(self) -> dict[str, int]:
        """Totals that the rules conserve (cards, cubes, ...); constant over a game."""

    # ------------------------------------------------------------ actions
    def legal_action_ids(self) -> list[int]:
        """Legal action ids, sorted. Do not mutate the returned list."""
        cache = self._legal_cache
        if cache is None:
            if self.current_player == TERMINAL:
                cache = []
            else:
                try:
                    cache = self._compute_legal_ids()
                except BaseException as exc:
                    raise self._fault(exc, "legal", None) from exc
            self._legal_cache = cache
        return cache

    def legal_actions(self) -> list[Action]:
        """Legal actions with their ids and texts."""
        ids = self._legal_cache
        if ids is None:  # legal_action_ids(), inlined: a bot calls this at every step
            try:
                ids = [] if self.current_player == TERMINAL else self._compute_legal_ids()
            except BaseException as exc:
                raise self._fault(exc, "legal", None) from exc
            self._legal_cache = ids
        table = self._action_table
        if table is None:
            return [Action(i, self.action_text(i)) for i in ids]
        actions = []  # a plain loop: cheaper than a comprehension's own call (CPython 3.11)
        for i in ids:
            actions.append(table[i])
        return actions

    def describe(self, aid: int) -> Action:
        """Legal action ``aid`` with its kind (its family's), targets and cost: what a client
        draws and maps clicks with. Bots and learning code need only :meth:`legal_actions`.
        """
        try:
            targets, cost = self._describe(aid)
        except BaseException as exc:
            raise self._fault(exc, "view", None) from exc
        return Action(
            aid, self.action_text(aid), self.ruleset.family_of(aid).kind, tuple(targets), cost
        )

    def prompt(self, seat: int | None = None) -> Prompt:
        """The current decision: who decides, a specific title, a hint, progress, the board
        things it concerns; as ``seat`` (``None`` = spectator) may read it."""
        current = self.current_player
        if current == TERMINAL:
            return Prompt(TERMINAL, "The game is over", "Final scores are below", kind="over")
        try:
            return self._prompt(seat)
        except BaseException as exc:
            raise self._fault(exc, "view", None) from exc

    def legal_mask(self) -> list[bool]:
        """A boolean per id of the fixed action space: ``True`` where legal."""
        mask = [False] * self.ruleset.action_space_size
        for aid in self.legal_action_ids():
            mask[aid] = True
        return mask

    def resolve(self, action: ActionLike) -> int:
        """The legal action id meant by an action, an id or a text, else ``IllegalAction``."""
        legal = self.legal_action_ids()
        # fast path: an Action or a plain int that is legal now (the common case)
        if type(action) is Action:
            if action.id in legal:
                return action.id
        elif type(action) is int and action in legal:
            return action
        if self.current_player == TERMINAL:
            raise IllegalAction("the game is over")
        if isinstance(action, Action):
            aid = action.id
        elif isinstance(action, bool):
            raise IllegalAction(f"not an action: {action!r}")
        elif isinstance(action, int):
            aid = action
        elif isinstance(action, str):
            wanted = " ".join(action.split()).casefold()
            for candidate in legal:
                if " ".join(self.action_text(candidate).split()).casefold() == wanted:
                    return candidate
            raise IllegalAction(f"no legal action reads {action!r}")
        else:
            raise IllegalAction(f"not an action: {action!r}")
        if not 0 <= aid < self.ruleset.action_space_size:
            raise IllegalAction(
                f"action id {aid} is outside the action space "
                f"0..{self.ruleset.action_space_size - 1}"
            )
        if aid not in legal:
            raise IllegalAction(self.explain_illegal(aid))
        return aid

    def explain_illegal(self, aid: int) -> str:
        """Why ``aid`` is not legal now. Games may give a sharper reason.

        ``action_text`` must accept every id of the action space, legal or not.
        """
        who = self.current_player
        actor = "chance" if who == CHANCE else f"seat {who}"
        return f"action {aid} ({self.action_text(aid)}) is not legal now; {actor} is to decide"

    def apply(self, action: ActionLike) -> Action:
        """Apply an action given as an :class:`Action`, its id or its text.

        Returns the applied action. An illegal action raises :class:`IllegalAction`
        with the reason and leaves the state unchanged. Whatever the game's own code raises
        while it applies the action, the state is left exactly as it was: an error of the
        game's rules becomes :class:`RulesFault`, which carries the reproduction.
        """
        legal = self._legal_cache
        if legal is not None and type(action) is Action and action.id in legal:
            aid = action.id  # the common case, as in resolve()
        else:
            aid = self.resolve(action)
        table = self._action_table
        done = table[aid] if table is not None else Action(aid, self.action_text(aid))
        actor = self.current_player
        if self._rebase:
            self._take_base()
        if not self._owned:
            self._own_lists()
        if self._shared:
            self.unshare()
        self._sealed = False
        self._legal_cache = None
        mark = len(self._log)
        try:
            self._apply_id(aid)
        except BaseException as exc:
            raise self._fault(exc, "apply", aid) from exc
        self._legal_cache = None
        history = self._history
        step = len(history)
        history.append(aid)
        self._actors.append(actor)
        self._marks.append(mark)
        if actor == CHANCE or self._sealed:
            self._undo_floor = step + 1
        elif step > self._undo_floor and self._actors[step - 1] != actor:
            self._undo_floor = step
        return done

    def _own_lists(self) -> None:
        """Copy-on-write: private copies of the history, actors and log lists.

        The log conversions cached for the shared list hold for the copy too (same events):
        they move to a cache of this state's own, so a clone that goes on playing does not
        convert its whole log again (a server or a search clones before every move).
        """
        self._history = list(self._history)
        self._actors = list(self._actors)
        self._marks = list(self._marks)
        shared = self._log
        log = self._log = list(shared)
        self._log_cache = {
            key: (log, done, items)
            for key, (seen, done, items) in self._log_cache.items()
            if seen is shared
        }
        self._owned = True

    # ------------------------------------------------------------- faults
    def _take_base(self) -> None:
        """Keep a pristine copy of this position to restore from after a rules fault."""
        self._rebase = False
        self._base = None  # the copy need not carry an older base
        self._base = self.clone()
        self._base_steps = len(self._history)

    def _restore(self) -> None:
        """Rebuild this state as it was before the faulting call: from its base copy (or a
        new game) and its history, which a faulting call never changed."""
        base, base_steps = self._base, self._base_steps
        if base is None:
            replayed = self.ruleset.new_game(self.num_players, self.seed, self.options)
        else:
            replayed = base.clone()
        for aid in self._history[base_steps:]:
            replayed.apply(aid)
        self.__dict__.clear()
        self.__dict__.update(replayed.__dict__)
        self._base, self._base_steps, self._rebase = base, base_steps, False

    def _fault(self, exc: BaseException, during: str, aid: int | None) -> BaseException:
        """Restore the state after the game's code raised ``exc``; the exception to raise.

        :class:`IllegalAction` (a game may find an action illegal late) and exceptions that
        are not errors (``KeyboardInterrupt``) pass through unchanged; anything else becomes
        a :class:`RulesFault` with the record and snapshot that reproduce it.
        """
        history = list(self._history)
        restored = True
        if not self._rebase:  # else nothing was applied since the fields were last set
            try:
                self._restore()
            except Exception:  # the past does not replay: a deeper fault, reported as such
                restored = False
        if (isinstance(exc, IllegalAction) and restored) or not isinstance(exc, Exception):
            return exc
        if not restored:
            return RulesFault(
                self.ruleset.id, self.ruleset.version, during, aid,
                _call_text(during, aid) + " (and the state could not be restored)", exc,
                None, None,
            )
        record: dict[str, Any] | None = None
        if self._base is None:
            record = self.record.to_dict()
            record["actions"] = history
        try:
            snapshot: dict[str, Any] | None = self.snapshot()
        except Exception:
            snapshot = None
        return RulesFault(
            self.ruleset.id, self.ruleset.version, during, aid, _call_text(during, aid), exc,
            record, snapshot,
        )

    def seal(self) -> None:
        """Called by a game while applying an action that reveals hidden information:
        no undo may cross this step."""
        self._sealed = True

    # ------------------------------------------------------------- chance
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance point: every outcome with its probability (they sum to 1)."""
        if self.current_player != CHANCE:
            return []
        return [(Action(i, self.action_text(i)), p) for i, p in self._distribution()]

    def _distribution(self) -> list[tuple[int, float]]:
        """The game's chance distribution; an error in it is a :class:`RulesFault`."""
        try:
            return self._chance_distribution()
        except BaseException as exc:
            raise self._fault(exc, "chance", None) from exc

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """Draw a chance outcome.

        Without ``rng`` the game's own seeded stream is used: it depends only on the
        seed and the step number, so a replayed game continues identically.
        Bots pass their own ``rng`` and never touch the game's.
        """
        if self.current_player != CHANCE:
            raise IllegalAction("not a chance point")
        try:  # _distribution(), inlined: a random game samples at every chance point
            dist = self._chance_distribution()
        except BaseException as exc:
            raise self._fault(exc, "chance", None) from exc
        if not dist:
            raise RuntimeError(f"{self.ruleset.id}: a chance point with no outcomes")
        r = rng.random() if rng is not None else chance_uniform(self.seed, len(self._history))
        acc = 0.0
        for aid, p in dist:
            acc += p
            if r < acc:
                return self._action(aid)
        return self._action(dist[-1][0])

    def _action(self, aid: int) -> Action:
        table = self._action_table
        return table[aid] if table is not None else Action(aid, self.action_text(aid))

    # -------------------------------------------------------- information
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player == TERMINAL

    def log(
        self, text: str, seats: frozenset[int] | None = None, public: str | None = None
    ) -> None:
        """Append an event (games call this while applying actions)."""
        if not self._owned:
            self._own_lists()
        # Events are immutable and most lines recur (game after game), so equal ones share
        # one instance: cheaper than building a new Event every time. A public line is
        # known by its text, a private one by all three fields.
        key: str | tuple[str, frozenset[int] | None, str | None] = (
            text if seats is None and public is None else (text, seats, public)
        )
        event = _EVENTS.get(key)
        if event is None:
            if len(_EVENTS) >= _EVENTS_MAX:
                _EVENTS.clear()
            event = _EVENTS[key] = Event(text, seats, public)
        self._log.append(event)

    @property
    def events(self) -> list[Event]:
        """The whole log, hidden parts included (never send this to a seat)."""
        return list(self._log)

    def log_for(self, seat: int | None) -> list[str]:
        """The log as ``seat`` (``None`` = spectator) may read it."""
        return list(self._log_texts(seat))

    def log_actors(self, seat: int | None) -> list[int | None]:
        """For each line of :meth:`log_for`, who took the step that wrote it: a seat,
        :data:`CHANCE`, or ``None`` for the set-up (and for lines older than a loaded
        snapshot). Whose turn it was is public, so this reveals nothing a line does not.

        >>> from boomtown import new_game
        >>> state = new_game("way-out-west", players=3, seed=1)
        >>> _ = state.apply(state.sample_chance())
        >>> len(state.log_actors(None)) == len(state.log_for(None))
        True
        """
        marks, actors = self._marks, self._actors
        out: list[int | None] = []
        step = -1
        for index, event in enumerate(self._log):
            while step + 1 < len(marks) and marks[step + 1] <= index:
                step += 1
            if event.for_seat(seat) is not None:
                out.append(actors[step] if step >= 0 else None)
        return out

    def _log_texts(self, seat: int | None) -> tuple[str, ...]:
        return self._from_log(seat, lambda event: event.for_seat(seat))

    def _from_log(self, key: object, convert: Callable[[Event], Any]) -> tuple[Any, ...]:
        """``convert`` of every event in the log, ``None`` results left out; cached per ``key``.

        A log list is append-only while it is in use (a clone copies it before appending),
        so the result stays valid for the same list object and only new events are converted.
        """
        log = self._log
        cached = self._log_cache.get(key)
        if cached is not None and cached[0] is log:
            done, items = cached[1], cached[2]
            if done == len(log):
                return items
        else:
            done, items = 0, ()
        items += tuple(item for event in log[done:] if (item := convert(event)) is not None)
        self._log_cache[key] = (log, len(log), items)
        return items

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """JSON-ready view for ``seat`` (``None`` = spectator): only what it may see."""
        if seat is not None and not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat} in a {self.num_players}-player game")
        current = self.current_player
        view: dict[str, Any] = {
            "game": self.ruleset.id,
            "version": self.ruleset.version,
            "players": self.num_players,
            "seat": seat,
            "current_player": current,
            "terminal": current == TERMINAL,
            "state": self._game_view(seat),
            "prompt": self.prompt(seat).to_dict(),
            "log": self.log_for(seat),
        }
        if seat is not None and seat == current:
            view["legal_actions"] = [
                self.describe(aid).to_dict() for aid in self.legal_action_ids()
            ]
        if current == TERMINAL:
            view["returns"] = self.returns()
            view["score"] = self.score_breakdown()
        return view

    def _game_view(self, seat: int | None) -> dict[str, Any]:
        try:
            return self._view(seat)
        except BaseException as exc:
            raise self._fault(exc, "view", None) from exc

    # ------------------------------------------------------- copy, record
    def clone(self) -> State:
        """An independent copy: applying actions to one never changes the other.

        Copy-on-write: the two states share their containers until either one
        applies an action (or calls :meth:`unshare`), which then copies its own.
        Code that mutates a state's fields outside :meth:`apply` must call
        :meth:`unshare` first.
        """
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        self._owned = False
        other._owned = False
        self._shared = True
        other._shared = True
        return other

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with everything ``seat`` has seen, for search bots.

        What ``seat`` cannot see is drawn again with ``rng`` (the caller's generator, never
        the game's). The copy keeps no trace of the real game beyond what the seat knows: its
        log holds only the lines ``seat`` and spectators read, and its history, actors and
        seed are replaced, so it has no record and cannot be undone. ``view(seat)`` and
        ``view(None)`` are the same as on the real state.
        """
        world = self._determinize(seat, rng)
        if world is self:
            world = self.editable_copy()
        # converted once per log and seat, then only the new lines (a search determinizes
        # the same position many times)
        world._log = list(self._from_log((_DETERMINIZE_LOG, seat), partial(_seat_event, seat)))
        world._history = []
        world._actors = []
        world._marks = []
        world._owned = True
        world._undo_floor = 0
        world._log_cache = {}
        world._legal_cache = None
        world.seed = rng.randrange(1 << 62)
        world._base, world._base_steps, world._rebase = None, 0, True
        return world

    def editable_copy(self) -> State:
        """A clone that owns all its containers and has no cached legal actions: for code
        that edits fields directly (determinization, puzzles, table-mode corrections)."""
        other = self.clone()
        other.unshare()
        other._own_lists()
        other._legal_cache = None
        other._rebase = True  # its fields will change outside apply: no replay restores them
        return other

    def unshare(self) -> None:
        """Give this state private copies of every container it may share with a clone."""
        if self._shared:
            self._copy_into(self)
            self._shared = False

    @property
    def history(self) -> list[int]:
        """Every applied action id, chance outcomes included, in order."""
        return list(self._history)

    @property
    def record(self) -> GameRecord:
        """The game record: enough to replay this game exactly."""
        from boomtown.engine.record import GameRecord

        return GameRecord(
            game=self.ruleset.id,
            version=self.ruleset.version,
            options=self._options_data(),
            players=self.num_players,
            seed=self.seed,
            actions=list(self._history),
        )

    # --------------------------------------------------------------- undo
    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last decision now.

        Only one's own decisions, within one's own turn, never across a reveal,
        a chance outcome or another player's decision.
        """
        n = len(self._history)
        return (
            self.current_player == seat
            and n > self._undo_floor
            and self._actors[n - 1] == seat
        )

    def undo(self, seat: int) -> Action:
        """Take back ``seat``'s last decision (replay to the step before it)."""
        if not self.can_undo(seat):
            raise UndoNotAllowed(f"seat {seat} has no decision it may take back now")
        undone = self._history[-1]
        replayed = self.ruleset.new_game(self.num_players, self.seed, self.options)
        for aid in self._history[:-1]:
            replayed.apply(aid)
        text = replayed.action_text(undone)
        self.__dict__.clear()
        self.__dict__.update(replayed.__dict__)
        return Action(undone, text)

    # ----------------------------------------------------------- snapshot
    def snapshot(self) -> dict[str, Any]:
        """The whole position as JSON-ready data, loadable with :func:`load_snapshot`."""
        return self._snapshot(whole=True)

    def _snapshot(self, whole: bool) -> dict[str, Any]:
        """:meth:`snapshot`; with ``whole=False`` the append-only lists (actions, actors,
        log) are cut to their length and last item: a fingerprint of the position, cheap
        however long the game, for comparing states with a common past."""
        log = self._from_log(_SNAPSHOT_LOG, _snapshot_entry)
        return {
            "format": SNAPSHOT_FORMAT,
            "game": self.ruleset.id,
            "version": self.ruleset.version,
            "options": self._options_data(),
            "players": self.num_players,
            "seed": self.seed,
            "actions": list(self._history) if whole else _cut(self._history),
            "actors": list(self._actors) if whole else _cut(self._actors),
            "undo_floor": self._undo_floor,
            "log": [_log_entry(entry) for entry in log] if whole else _cut(log, _log_entry),
            "state": self._to_dict(),
        }

    def _options_data(self) -> dict[str, Any]:
        """``options`` as plain data (a fresh copy); options are frozen, so it is computed
        once per options object."""
        cached = self._options_cache
        if cached is None or cached[0] is not self.options:
            cached = self._options_cache = (
                self.options, self.ruleset.options_to_dict(self.options)
            )
        return _plain_copy(cached[1])


_EVENTS: dict[object, Event] = {}  # shared events (see State.log)
_EVENTS_MAX = 20_000

_SNAPSHOT_LOG = "snapshot"  # the _from_log cache key of the snapshot's log entries
_DETERMINIZE_LOG = "determinize"  # the _from_log cache key (with the seat) of a seat's log


def _seat_event(seat: int, event: Event) -> Event | None:
    """``event`` as a determinization for ``seat`` keeps it: only what the seat read."""
    mine, public = event.for_seat(seat), event.for_seat(None)
    if mine is None:
        return None
    return Event(mine) if mine == public else Event(mine, frozenset({seat}), public)


def _snapshot_entry(event: Event) -> tuple[str, tuple[int, ...] | None, str | None]:
    seats = None if event.seats is None else tuple(sorted(event.seats))
    return (event.text, seats, event.public)


def _log_entry(entry: tuple[str, tuple[int, ...] | None, str | None]) -> list[Any]:
    """A log entry as the snapshot writes it."""
    text, seats, public = entry
    return [text, None if seats is None else list(seats), public]


def _cut(items: Sequence[Any], convert: Callable[[Any], Any] | None = None) -> list[Any]:
    """``[length, last item]`` of an append-only list (the last item converted)."""
    if not items:
        return [0, None]
    return [len(items), items[-1] if convert is None else convert(items[-1])]


def _plain_copy(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of plain JSON-ready data, nested lists and dicts included."""
    return {key: _plain_value(value) for key, value in data.items()}


def _plain_value(value: Any) -> Any:
    if isinstance(value, dict):
        return _plain_copy(value)
    if isinstance(value, list):
        return [_plain_value(v) for v in value]
    return value


_MASK64 = (1 << 64) - 1


def _call_text(during: str, aid: int | None) -> str:
    """The faulting call in words, for :class:`RulesFault`."""
    return {
        "apply": f"apply(action {aid})",
        "legal": "legal_actions()",
        "chance": "the chance distribution",
        "view": "view()",
    }[during]


def chance_uniform(seed: int, step: int) -> float:
    """A uniform number in [0, 1) that depends only on ``seed`` and ``step`` (splitmix64).

    The same on every platform and Python version, and cheap: the game's own chance
    stream needs no generator state, so replaying a record continues identically.

    >>> chance_uniform(7, 3) == chance_uniform(7, 3)
    True
    >>> 0.0 <= chance_uniform(7, 3) < 1.0
    True
    """
    x = (seed * 0x9E3779B97F4A7C15 + step + 0x632BE59BD9B4E019) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    x ^= x >> 31
    return (x >> 11) / 9007199254740992.0


def load_snapshot(data: dict[str, Any]) -> State:
    """Rebuild a state from :meth:`State.snapshot` data (like loading a FEN)."""
    from boomtown.engine.registry import get_ruleset

    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        raise BadRecord(f"not a {SNAPSHOT_FORMAT} snapshot")
    try:
        ruleset = get_ruleset(data["game"])
        if data["version"] != ruleset.version:
            raise BadRecord(
                f"snapshot is for {ruleset.id} version {data['version']}, "
                f"this is version {ruleset.version}"
            )
        state = ruleset.new_game(data["players"], data["seed"], data["options"])
        state._history = [int(a) for a in data["actions"]]
        state._actors = [int(a) for a in data["actors"]]
        state._undo_floor = int(data["undo_floor"])
        state._log = [
            Event(t, None if s is None else frozenset(s), p) for t, s, p in data["log"]
        ]
        state._marks = [len(state._log)] * len(state._actors)  # older lines: step unknown
        state._from_dict(data["state"])
        state._legal_cache = None
        state._rebase = True
    except BadRecord:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise BadRecord(f"corrupt snapshot: {exc!r}") from exc
    return state
