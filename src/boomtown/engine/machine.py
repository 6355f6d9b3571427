"""The kernel's decision machine: a game's turn structure as a stack of steps.

A position keeps a stack of *steps*; the one on top is what happens next. A step has one of
three natures:

* a **decision**: seat ``seat`` chooses one of its legal actions;
* a **chance** step: an outcome is drawn from listed probabilities (by the game's seeded
  stream, a bot's own generator, or the people at a real table);
* an **automatic** step: the rules carry it out, nobody chooses.

Each step type is a ``NamedTuple`` declared once, in the module where its rule lives, and
registered with a decorator of the game's :class:`Machine`: its fields are the step's data
(named, immutable, so clones share them), its methods are the rule, and the decorator records
its prompt and the kinds of its actions. The machine pops the step on top before carrying it
out, and whatever the step pushes happens next, the last pushed first. So a decision that asks
for a further choice pushes that sub-decision (and, below it, a step to continue with); a
multi-part choice pushes itself again with its progress updated. :func:`settle` carries out
automatic steps until a decision or a chance step is on top, or the stack is empty (the end).

A turn in a few lines (any object with ``stack`` and ``current_player`` will do; a game uses
:class:`MachineState`):

>>> from types import SimpleNamespace
>>> from typing import NamedTuple
>>> demo = Machine("demo")
>>> @demo.decision("Pick a number", "A 3 lets you pick again", kinds=("pick",))
... class Pick(NamedTuple):
...     seat: int
...     def legal(self, st): return [1, 2, 3]
...     def choose(self, st, aid):
...         st.total += aid
...         if aid == 3:  # a nested sub-decision: pick once more, then go on
...             push(st, Pick(self.seat))
>>> @demo.auto
... class Announce(NamedTuple):
...     def run(self, st): st.said = f"total {st.total}"
>>> declared_prompt(Pick(0)).hint
'A 3 lets you pick again'
>>> st = SimpleNamespace(stack=[], current_player=None, total=0)
>>> push(st, Pick(0), Announce())
>>> settle(st); st.current_player
0
>>> advance(st, 3); st.current_player
0
>>> advance(st, 2); st.current_player == TERMINAL, st.said
(True, 'total 5')

A game's mutable fields are declared once, as :class:`Fields`; clones, snapshots, loading and
the default determinization come from that declaration (see :class:`MachineState`).

The shape follows OpenSpiel's state (current player, legal actions, apply, chance outcomes)
and boardgame.io's turn flow (phases, stages and moves); here all three of the latter are
steps on one stack, so a game's turn structure needs no other vocabulary.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from itertools import repeat
from typing import Any, ClassVar, NamedTuple, TypeVar

from boomtown.engine.actions import CHANCE, TERMINAL, Prompt
from boomtown.engine.state import State

#: The natures of step.
DECISION = "decision"
CHANCE_STEP = "chance"
AUTO = "auto"
#: What :func:`settle` reads as the ``NATURE`` of a decision step type registered with
#: ``skip_empty`` (its declared nature stays :data:`DECISION`).
SKIPPABLE = "decision, skipped when empty"

#: The kind of every chance outcome (a ruleset's chance family has it).
CHANCE_KIND = "chance"

#: What a step type of each nature must define.
REQUIRED_METHODS: dict[str, tuple[str, ...]] = {
    DECISION: ("legal", "choose"),
    CHANCE_STEP: ("outcomes", "choose"),
    AUTO: ("run",),
}

#: Automatic steps one :func:`settle` may carry out before it calls the rules stuck.
MAX_AUTO_STEPS = 100_000

#: The questions of the contract a game answers with a function of the module where the answer
#: lives (``views.view``, ``scoring.returns``...), registered by :meth:`Machine.answers`, so
#: that its state class holds no method that only passes the question on. Every game answers
#: the first three; the others have defaults: the prompt and targets of the step on top, the
#: fields' determinization (:meth:`Fields.redeal`) and the kernel's "not legal now" text.
REQUIRED_ANSWERS = ("view", "returns", "score_breakdown")
#: The state method a game may override instead of registering a required answer.
ANSWERING_METHODS = {"view": "_view", "returns": "returns", "score_breakdown": "score_breakdown"}
QUESTIONS = (*REQUIRED_ANSWERS, "prompt", "describe", "determinize", "explain_illegal")

T = TypeVar("T", bound=type)
F = TypeVar("F", bound=Callable[..., Any])


class MachineStuck(RuntimeError):
    """The automatic steps never reach a decision: a loop in the rules (a game's apply turns
    it into a ``RulesFault``, the position unchanged)."""


class StepType(NamedTuple):
    """What a game's machine knows of one step type (a registered class's ``STEP``)."""

    name: str
    nature: str
    fields: tuple[str, ...]
    #: The prompt's title and hint; ``{field}`` is replaced by the step's field.
    title: str
    hint: str
    #: The kinds of the actions the step offers (its ruleset's family kinds).
    kinds: tuple[str, ...]
    #: A chance step whose outcome only its ``for_seat`` may see (a draw into a hand).
    private: bool
    doc: str
    #: A decision that is skipped (popped, as if automatic) when it has no legal action.
    skip_empty: bool = False


class Machine:
    """The step vocabulary of one game: every step type, registered by its decorators.

    >>> machine = Machine("demo")
    >>> @machine.chance("Roll the die")
    ... class Roll(NamedTuple):
    ...     def outcomes(self, st): return [(face, 1 / 6) for face in range(6)]
    ...     def choose(self, st, aid): st.face = aid + 1
    >>> machine.vocabulary()
    [('Roll', 'chance', 'Roll the die')]
    >>> machine.load_frame(machine.frame_data(Roll())) == Roll()
    True
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self.steps: dict[str, StepType] = {}
        self._classes: dict[str, type] = {}
        #: The game's answers to the contract's :data:`QUESTIONS`, by question.
        self.answered: dict[str, Callable[..., Any]] = {}

    # ------------------------------------------------------- registration
    def decision(
        self, title: str, hint: str = "", kinds: Sequence[str] = (), skip_empty: bool = False
    ) -> Callable[[T], T]:
        """Register a decision step type: a ``NamedTuple`` with a ``seat`` field (who
        decides), ``legal(state) -> [ids]`` (sorted) and ``choose(state, id)``; optionally
        ``prompt(state, viewer) -> Prompt`` (the default reads ``title`` and ``hint``) and
        ``targets(state, id) -> (targets, cost)`` (the default: none).

        With ``skip_empty`` a step that has nothing to choose is no decision: :func:`settle`
        asks for its legal list once, pops the step when the list is empty (as if it were
        automatic) and otherwise keeps the list for the state's ``legal_action_ids``, so it
        is not computed twice.
        """
        return self._register(
            DECISION, title, hint, tuple(kinds), private=False, skip_empty=skip_empty
        )

    def chance(self, title: str, hint: str = "", private: bool = False) -> Callable[[T], T]:
        """Register a chance step type: ``outcomes(state) -> [(id, probability)]`` (sorted
        by id, summing to 1) and ``choose(state, id)``. A ``for_seat`` field says for whom
        it is drawn; ``private`` that only that seat may see the outcome. Its legal ids are
        the outcomes' ids; a step type that keeps them ready (a table built once) gives its
        own ``legal(state)``, which must list the same ids. A step type with ``legal`` and
        no ``outcomes`` draws one of its legal ids, each alike (a card from a shuffled
        pile)."""
        return self._register(CHANCE_STEP, title, hint, (CHANCE_KIND,), private)

    def auto(self, cls: T) -> T:
        """Register an automatic step type: ``run(state)``."""
        return self._register(AUTO, "", "", (), private=False)(cls)

    def _register(
        self,
        nature: str,
        title: str,
        hint: str,
        kinds: tuple[str, ...],
        private: bool,
        skip_empty: bool = False,
    ) -> Callable[[T], T]:
        def wrap(cls: T) -> T:
            name = cls.__name__
            fields: tuple[str, ...] | None = getattr(cls, "_fields", None)
            if fields is None or not issubclass(cls, tuple):
                raise TypeError(f"{self.game}: step {name} must be a NamedTuple")
            if nature == CHANCE_STEP and hasattr(cls, "legal") and not hasattr(cls, "outcomes"):
                setattr(cls, "outcomes", _uniform_outcomes)  # noqa: B010
            missing = [m for m in REQUIRED_METHODS[nature] if not callable(getattr(cls, m, None))]
            if missing:
                raise TypeError(f"{self.game}: {nature} step {name} needs {', '.join(missing)}")
            if nature == DECISION and "seat" not in fields:
                raise TypeError(f"{self.game}: decision step {name} needs a seat field")
            if name in self.steps:
                raise ValueError(f"{self.game}: step type {name} is registered twice")
            if nature != AUTO and not title.strip():
                raise ValueError(f"{self.game}: step {name} needs a prompt title")
            doc = (cls.__doc__ or "").strip()
            step = StepType(name, nature, fields, title, hint, kinds, private, doc, skip_empty)
            nature_read = SKIPPABLE if skip_empty else nature  # what settle reads
            setattr(cls, "NATURE", nature_read)  # noqa: B010 (set on a class built elsewhere)
            setattr(cls, "STEP", step)  # noqa: B010
            if nature == CHANCE_STEP and not hasattr(cls, "legal"):
                setattr(cls, "legal", _outcome_ids)  # noqa: B010
            if nature != AUTO and not hasattr(cls, "prompt"):
                setattr(cls, "prompt", _declared_prompt)  # noqa: B010
            if not hasattr(cls, "targets"):
                setattr(cls, "targets", _no_targets)  # noqa: B010
            self.steps[name] = step
            self._classes[name] = cls
            return cls

        return wrap

    def answers(self, question: str) -> Callable[[F], F]:
        """Register the function that answers one of the contract's :data:`QUESTIONS` for
        this game's states: ``fn(state, ...)`` takes the arguments of the state method of
        that name (``view(state, seat)``, ``describe(state, aid)``...). ``returns`` is
        asked only at the end (every seat has 0 before).

        >>> machine = Machine("demo")
        >>> @machine.answers("score_breakdown")
        ... def breakdown(st): return {"total": [st.total]}
        >>> from types import SimpleNamespace
        >>> machine.answer("score_breakdown")(SimpleNamespace(total=3))
        {'total': [3]}
        """
        if question not in QUESTIONS:
            raise ValueError(f"{self.game}: {question!r} is none of {', '.join(QUESTIONS)}")

        def wrap(fn: F) -> F:
            if question in self.answered:
                raise ValueError(f"{self.game}: {question} is answered twice")
            self.answered[question] = fn
            return fn

        return wrap

    def answer(self, question: str) -> Callable[..., Any]:
        """The function registered for ``question`` (``NotImplementedError`` if none is)."""
        fn = self.answered.get(question)
        if fn is None:
            raise NotImplementedError(
                f"{self.game} answers no {question}: register a function with "
                f"@MACHINE.answers({question!r}) where the answer lives"
            )
        return fn

    # ----------------------------------------------------------- as data
    def frame_data(self, frame: Any) -> list[Any]:
        """A step as JSON-ready data: its type's name, then its fields. A step held in a
        field (an option's step, a step to go on with) is written as ``{"step": data}``."""
        return [type(frame).__name__, *(self._plain(value) for value in frame)]

    def load_frame(self, data: Sequence[Any]) -> Any:
        """The step written by :meth:`frame_data` (``ValueError`` if it is not one)."""
        if not isinstance(data, list | tuple) or not data or data[0] not in self._classes:
            raise ValueError(f"{self.game}: not a step: {data!r}")
        cls = self._classes[data[0]]
        values = [self._frozen(value) for value in data[1:]]
        if len(values) != len(self.steps[data[0]].fields):
            raise ValueError(f"{self.game}: step {data[0]} has {len(values)} fields: {data!r}")
        return cls(*values)

    def _plain(self, value: Any) -> Any:
        """A step's field as JSON-ready data (tuples become lists, steps ``{"step": ...}``)."""
        if hasattr(value, "STEP"):
            return {"step": self.frame_data(value)}
        return [self._plain(v) for v in value] if isinstance(value, tuple) else value

    def _frozen(self, value: Any) -> Any:
        """A step's field from data (lists become tuples again, ``{"step": ...}`` steps)."""
        if isinstance(value, dict):
            if set(value) != {"step"}:
                raise ValueError(f"{self.game}: not a step: {value!r}")
            return self.load_frame(value["step"])
        return tuple(self._frozen(v) for v in value) if isinstance(value, list) else value

    def vocabulary(self) -> list[tuple[str, str, str]]:
        """(name, nature, title) of every step type, in registration order."""
        return [(s.name, s.nature, s.title) for s in self.steps.values()]


# --------------------------------------------------------------- the loop
def push(state: Any, *steps: Any) -> None:
    """Put ``steps`` on the stack so that they happen in the order given.

    On a hot path a game may extend ``state.stack`` itself: ``stack.append(step)`` for one
    step, ``stack += steps[::-1]`` (built once) for several; each saves a call.
    """
    state.stack.extend(reversed(steps))


def settle(state: Any) -> None:
    """Carry out automatic steps until a decision or chance step is on top (``current_player``
    becomes its seat or ``CHANCE``) or the stack is empty (``TERMINAL``).

    A ``skip_empty`` decision with no legal action is popped like an automatic step; one
    with legal actions stops the loop and leaves its list in ``state.settled_legal`` (the
    machine's state hands it to ``legal_action_ids``).
    """
    stack = state.stack
    autos = 0  # a plain count: a range() to loop over costs more than the loop's body
    while stack:
        frame = stack[-1]
        nature = frame.NATURE  # one of the constants, as the decorator set it
        if nature is DECISION:
            state.current_player = frame.seat
            return
        if nature is SKIPPABLE:
            ids = frame.legal(state)
            if ids:
                state.settled_legal = ids
                state.current_player = frame.seat
                return
            stack.pop()
        elif nature is CHANCE_STEP:
            state.current_player = CHANCE
            return
        else:
            stack.pop()
            frame.run(state)
        autos += 1
        if autos == MAX_AUTO_STEPS:
            raise MachineStuck(f"{MAX_AUTO_STEPS} automatic steps without a decision")
    state.current_player = TERMINAL


def advance(state: Any, aid: int) -> None:
    """Apply legal action ``aid`` to the step on top (popped first), then :func:`settle`."""
    state.stack.pop().choose(state, aid)
    settle(state)


def kinds_problem(state: MachineState, aids: Iterable[int]) -> str | None:
    """Why legal actions ``aids`` do not have the kinds their step declares, or ``None``.

    A test of a game calls it at every position (the example game's tests do).
    """
    step = state.stack[-1].STEP
    for aid in aids:
        kind = state.ruleset.family_of(aid).kind
        if kind not in step.kinds:
            return f"{step.name} offers action {aid} of kind {kind!r}, not one of {step.kinds}"
    return None


# --------------------------------------------------- defaults of step types
def _outcome_ids(frame: Any, state: Any) -> list[int]:
    return [aid for aid, _ in frame.outcomes(state)]


def _uniform_outcomes(_frame: Any, state: Any) -> list[tuple[int, float]]:
    """Every legal id alike (the list the state keeps, sorted)."""
    ids = state.legal_action_ids()
    return list(zip(ids, repeat(1.0 / len(ids))))


def step_of(frame: Any) -> StepType:
    """The declaration of a step's type."""
    step: StepType = frame.STEP
    return step


def declared_prompt(frame: Any) -> Prompt:
    """The prompt a step's declaration gives (a step's own ``prompt`` may start from it):
    its title and hint with the step's fields filled in, its first kind, for a chance step
    its ``for_seat`` and whether the outcome is private.
    """
    step = step_of(frame)
    fields = frame._asdict()
    title, hint = step.title.format_map(fields), step.hint.format_map(fields)
    if step.nature == CHANCE_STEP:
        return Prompt(CHANCE, title, hint, kind=CHANCE_KIND, for_seat=fields.get("for_seat"),
                      private=step.private)
    return Prompt(frame.seat, title, hint, kind=step.kinds[0] if step.kinds else DECISION)


def _declared_prompt(frame: Any, state: Any, viewer: int | None) -> Prompt:
    return declared_prompt(frame)


def _no_targets(frame: Any, state: Any, aid: int) -> tuple[tuple[str, ...], str]:
    return (), ""


# ------------------------------------------------------------------ fields
#: The shapes of a field: a value (immutable: int, str, bool, None), a list of values, or a
#: table (a list of lists of values; one row per seat for a per-seat field).
VALUE = "value"
LIST = "list"
TABLE = "table"

#: Who cannot see a field: nobody (public), every seat but the row's own (a table of hands),
#: or every seat (a deck).
PUBLIC = ""
OTHERS = "others"
EVERYONE = "everyone"

#: Names the machine's state keeps in a snapshot beside the fields.
RESERVED = frozenset({"stack", "current_player", "settled_legal"})

_SCALARS = (int, str, float, bool, type(None))


class Field(NamedTuple):
    """One mutable field of a game's position.

    A hidden field holds things (cards, tiles) drawn from one pool whose contents the seat
    can work out (everything minus what it sees): the default determinization shuffles them
    between the places hidden from the seat, each place keeping its size. An ``ordered``
    place keeps the drawn order (a shuffled deck drawn from the top); any other is sorted.
    A field that is not ``saved`` (values derived from other fields, kept for speed) is
    copied with the position but left out of its snapshot: the game sets it when loading.
    A list or table of a known length says so, and loading checks it: ``per_seat`` values
    (a table: rows) for each seat, ``per_pair`` for each ordered pair of seats (what one
    seat knows of another, itself included), or a fixed ``size`` (0: any length).
    """

    name: str
    shape: str = VALUE
    hidden: str = PUBLIC
    ordered: bool = False
    saved: bool = True
    per_seat: int = 0
    size: int = 0
    per_pair: int = 0

    def length(self, players: int) -> int:
        """The number of values (a table: rows) the field holds with ``players`` seats, 0 if
        any number will do.

        >>> array("seen", per_pair=4).length(3)
        36
        """
        return self.per_seat * players or self.per_pair * players * players or self.size


def value(name: str) -> Field:
    """A field that holds one immutable value (replaced, never changed in place)."""
    return Field(name, VALUE)


def array(name: str, hidden: str = PUBLIC, ordered: bool = False, saved: bool = True,
          per_seat: int = 0, size: int = 0, per_pair: int = 0) -> Field:
    """A field that holds a list of values (``saved=False``: derived, not in snapshots;
    ``per_seat`` values for each seat, ``per_pair`` for each ordered pair of seats, or
    ``size`` in all)."""
    return Field(name, LIST, hidden, ordered, saved, per_seat, size, per_pair)


def table(name: str, hidden: str = PUBLIC, ordered: bool = False, per_seat: int = 0) -> Field:
    """A field that holds a list of lists of values (``hidden=OTHERS``: a row per seat,
    seen only by its seat; ``per_seat=1``: as many rows as seats)."""
    return Field(name, TABLE, hidden, ordered, per_seat=per_seat)


class Fields:
    """The mutable fields of a game's position, declared once.

    >>> fields = Fields(value("round"), array("deck", hidden=EVERYONE),
    ...                 table("hands", hidden=OTHERS))
    >>> from types import SimpleNamespace
    >>> st = SimpleNamespace(round=1, deck=[4, 5], hands=[[1], [2, 3]])
    >>> copy = SimpleNamespace(**vars(st)); fields.copy_into(copy)
    >>> copy.hands[1].append(9); st.hands
    [[1], [2, 3]]
    >>> fields.to_dict(st)
    {'round': 1, 'deck': [4, 5], 'hands': [[1], [2, 3]]}
    >>> world = SimpleNamespace(round=1, deck=[4, 5], hands=[[1], [2, 3]])
    >>> fields.redeal(world, 0, random.Random(1))
    >>> world.hands[0], sorted(world.deck + world.hands[1])  # seat 0's own hand stays
    ([1], [2, 3, 4, 5])
    """

    def __init__(self, *fields: Field) -> None:
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise ValueError(f"a field is declared twice: {names}")
        for f in fields:
            if f.name in RESERVED or f.name.startswith("_"):
                raise ValueError(f"field name {f.name!r} is the machine's")
            if f.shape not in (VALUE, LIST, TABLE):
                raise ValueError(f"field {f.name} has no shape {f.shape!r}")
            if f.hidden not in (PUBLIC, OTHERS, EVERYONE):
                raise ValueError(f"field {f.name}: hidden must be PUBLIC, OTHERS or EVERYONE")
            if (f.hidden and f.shape == VALUE) or (f.hidden == OTHERS and f.shape != TABLE):
                raise ValueError(f"field {f.name}: a {f.shape} cannot be hidden {f.hidden!r}")
            declared = sum(1 for n in (f.per_seat, f.size, f.per_pair) if n)
            if (declared and f.shape == VALUE) or declared > 1:
                raise ValueError(
                    f"field {f.name}: give a list or table one of per_seat, per_pair or size"
                )
        self.fields = fields
        self.names = tuple(names)
        self._lists = tuple(f.name for f in fields if f.shape == LIST)
        self._tables = tuple(f.name for f in fields if f.shape == TABLE)
        self._hidden = tuple(f for f in fields if f.hidden)
        self._saved = tuple(f for f in fields if f.saved)

    def copy_into(self, state: Any) -> None:
        """Give ``state`` private copies of every list and table."""
        d = state.__dict__
        for name in self._lists:
            d[name] = d[name][:]
        for name in self._tables:
            d[name] = [row[:] for row in d[name]]

    def to_dict(self, state: Any) -> dict[str, Any]:
        """Every saved field as JSON-ready data (fresh lists)."""
        d = state.__dict__
        out: dict[str, Any] = {}
        for f in self._saved:
            v = d[f.name]
            out[f.name] = v if f.shape == VALUE else (
                list(v) if f.shape == LIST else [list(row) for row in v]
            )
        return out

    def from_dict(self, state: Any, data: dict[str, Any]) -> None:
        """Load the fields written by :meth:`to_dict` (``ValueError`` on a wrong shape or a
        declared length that does not fit ``state.num_players``); the fields that are not
        saved are left as they are.

        >>> fields = Fields(array("money", per_seat=1))
        >>> from types import SimpleNamespace
        >>> fields.from_dict(SimpleNamespace(num_players=3), {"money": [5, 5]})
        Traceback (most recent call last):
        ...
        ValueError: field money holds 2 values, not 3
        """
        for f in self._saved:
            if f.name not in data:
                raise ValueError(f"field {f.name} is missing")
            v = data[f.name]
            if f.shape == VALUE:
                _check_scalar(f.name, v)
            elif f.shape == LIST:
                v = _scalar_list(f.name, v)
            else:
                if not isinstance(v, list):
                    raise ValueError(f"field {f.name} must be a list of lists")
                v = [_scalar_list(f.name, row) for row in v]
            length = f.length(state.num_players) if f.per_seat or f.per_pair else f.size
            if length and len(v) != length:
                raise ValueError(f"field {f.name} holds {len(v)} values, not {length}")
            setattr(state, f.name, v)

    def redeal(self, state: Any, seat: int, rng: random.Random) -> None:
        """Shuffle the things hidden from ``seat`` between the places that hide them, each
        keeping its size; ``state`` must own its containers (an ``editable_copy``). With
        nothing hidden it does nothing (and draws nothing from ``rng``)."""
        if not self._hidden:
            return
        d = state.__dict__
        pool: list[Any] = []
        places: list[tuple[list[Any], bool]] = []
        for f in self._hidden:
            v = d[f.name]
            rows = [v] if f.shape == LIST else [
                row for owner, row in enumerate(v) if f.hidden == EVERYONE or owner != seat
            ]
            for row in rows:
                pool += row
                places.append((row, f.ordered))
        rng.shuffle(pool)
        start = 0
        for row, ordered in places:
            stop = start + len(row)
            row[:] = pool[start:stop] if ordered else sorted(pool[start:stop])
            start = stop


def _check_scalar(name: str, v: Any) -> None:
    if not isinstance(v, _SCALARS):
        raise ValueError(f"field {name} holds {v!r}, not a plain value")


def _scalar_list(name: str, v: Any) -> list[Any]:
    if not isinstance(v, list):
        raise ValueError(f"field {name} must be a list, not {v!r}")
    for item in v:
        _check_scalar(name, item)
    return list(v)


# ------------------------------------------------------------- the state
class MachineState(State):
    """A :class:`~boomtown.engine.state.State` whose turn is a :class:`Machine`'s stack of
    steps and whose mutable fields are its :class:`Fields`.

    A game sets ``MACHINE`` and ``FIELDS``, gives every field its starting value in
    ``__init__`` and ends it with :meth:`start`; it writes ``component_counts`` and
    ``action_text`` (or ``_action_table``), and answers the view, the final returns and the
    score breakdown with functions registered by :meth:`Machine.answers` (or overrides the
    methods). Legal actions, applying, chance, prompts and targets come from the step on top
    (unless the game answers ``prompt`` and ``describe`` itself); clones, snapshots, loading
    and the default determinization (:meth:`Fields.redeal`) from the fields. A step holds no
    secret: what a seat may not see lives in a hidden field.
    """

    MACHINE: ClassVar[Machine]
    FIELDS: ClassVar[Fields]

    #: The seat to decide, CHANCE or TERMINAL (set by :func:`settle`): a plain attribute.
    current_player: int = CHANCE

    def __init__(self, ruleset: Any, players: int, seed: int, options: Any) -> None:
        super().__init__(ruleset, players, seed, options)
        self.stack: list[Any] = []
        self.current_player = CHANCE
        # The legal list a ``skip_empty`` step on top computed when :func:`settle` stopped
        # at it, until it is read or the position changes (apply, unshare, loading).
        self.settled_legal: list[int] | None = None

    def start(self, *steps: Any) -> None:
        """Push the first steps and carry the game to its first decision (the end of a
        game's ``__init__``). A game that leaves one of the :data:`REQUIRED_ANSWERS`
        unanswered (no registered function, no method of its own) is told so here, at its
        first game, not when a view is first asked for."""
        missing = [q for q in REQUIRED_ANSWERS if not _answers(type(self), q)]
        if missing:
            raise NotImplementedError(
                f"{self.MACHINE.game} answers no {', '.join(missing)}: register a function "
                f"for each with @MACHINE.answers(question) where the answer lives"
            )
        push(self, *steps)
        settle(self)

    # ------------------------------------------------------- the contract
    def _compute_legal_ids(self) -> list[int]:
        ids = self.settled_legal
        if ids is not None:
            self.settled_legal = None  # the kernel caches the answer from here on
            return ids
        computed: list[int] = self.stack[-1].legal(self)
        return computed

    def _apply_id(self, aid: int) -> None:
        self.settled_legal = None
        self.stack.pop().choose(self, aid)
        settle(self)

    def unshare(self) -> None:
        # Code that edits fields calls this first (as ``editable_copy`` does): the legal
        # list ``settle`` kept would not see the edits.
        self.settled_legal = None
        super().unshare()

    def _chance_distribution(self) -> list[tuple[int, float]]:
        dist: list[tuple[int, float]] = self.stack[-1].outcomes(self)
        return dist

    def _view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = self.MACHINE.answer("view")(self, seat)
        return view

    def returns(self) -> list[float]:
        if self.current_player != TERMINAL:
            return [0.0] * self.num_players
        final: list[float] = self.MACHINE.answer("returns")(self)
        return final

    def score_breakdown(self) -> dict[str, Any]:
        breakdown: dict[str, Any] = self.MACHINE.answer("score_breakdown")(self)
        return breakdown

    def _prompt(self, seat: int | None) -> Prompt:
        answer = self.MACHINE.answered.get("prompt")
        prompt: Prompt = (
            answer(self, seat) if answer is not None else self.stack[-1].prompt(self, seat)
        )
        return prompt

    def _describe(self, aid: int) -> tuple[tuple[str, ...], str]:
        answer = self.MACHINE.answered.get("describe")
        described: tuple[tuple[str, ...], str] = (
            answer(self, aid) if answer is not None else self.stack[-1].targets(self, aid)
        )
        return described

    def explain_illegal(self, aid: int) -> str:
        answer = self.MACHINE.answered.get("explain_illegal")
        return answer(self, aid) if answer is not None else super().explain_illegal(aid)

    def _copy_into(self, other: State) -> None:
        other.__dict__["stack"] = other.__dict__["stack"][:]  # steps are immutable
        self.FIELDS.copy_into(other)

    def _determinize(self, seat: int, rng: random.Random) -> State:
        answer = self.MACHINE.answered.get("determinize")
        if answer is not None:
            world: State = answer(self, seat, rng)
            return world
        world = self.editable_copy()
        self.FIELDS.redeal(world, seat, rng)
        return world

    def _to_dict(self) -> dict[str, Any]:
        data = self.FIELDS.to_dict(self)
        data["stack"] = [self.MACHINE.frame_data(frame) for frame in self.stack]
        data["current_player"] = self.current_player
        return data

    def _from_dict(self, data: dict[str, Any]) -> None:
        self.settled_legal = None
        self.FIELDS.from_dict(self, data)
        stack = data["stack"]
        if not isinstance(stack, list):
            raise ValueError("the stack must be a list of steps")
        self.stack = [self.MACHINE.load_frame(frame) for frame in stack]
        current = data["current_player"]
        if type(current) is not int or not (0 <= current < self.num_players
                                             or current in (CHANCE, TERMINAL)):
            raise ValueError(f"current_player {current!r} is not a seat, CHANCE or TERMINAL")
        self.current_player = current


def _answers(cls: type[MachineState], question: str) -> bool:
    """Whether a game's state class answers a required question: a function registered
    for it, or its own method in place of the kernel's."""
    method = ANSWERING_METHODS[question]
    own = getattr(cls, method) is not getattr(MachineState, method)
    return own or question in cls.MACHINE.answered
