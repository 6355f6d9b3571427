"""What a game declares about itself, as data.

Every game module exposes one :class:`Ruleset`. It names the game, carries a
``version`` that is bumped whenever behaviour changes (so an old record is never
silently replayed under new rules), the allowed player counts, the options
dataclass, the size of the fixed integer action space, and the factory that
starts a game.

>>> from boomtown.engine.registry import get_ruleset
>>> rs = get_ruleset("western-town")
>>> rs.player_counts
(2, 3, 4)
>>> state = rs.new_game(players=2, seed=1)
>>> state.num_players
2
"""

from __future__ import annotations

import dataclasses
import importlib
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boomtown.engine.actions import ActionFamily, family_table
from boomtown.engine.errors import BadOptions, BadPlayerCount

if TYPE_CHECKING:
    from boomtown.engine.catalogue import Catalogue
    from boomtown.engine.state import State


def choice(default: Any, values: tuple[Any, ...]) -> Any:
    """An options-dataclass field whose value is one of ``values`` (``default`` first among
    them or not): clients offer the set, and building the options refuses anything else.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Demo:
    ...     sides: str = choice("random", ("random", "a", "b"))
    >>> dataclasses.fields(Demo)[0].metadata["choices"]
    ('random', 'a', 'b')
    """
    if default not in values:
        raise ValueError(f"the default {default!r} is not one of {values!r}")
    return dataclasses.field(default=default, metadata={"choices": tuple(values)})


def import_target(target: str) -> Any:
    """The object ``"module:attribute"`` names, its module imported on first use.

    >>> import_target("boomtown.engine.ruleset:Ruleset").__name__
    'Ruleset'
    """
    module_name, sep, attr = target.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f'{target!r} is not "module:attribute"')
    return getattr(importlib.import_module(module_name), attr)


@dataclass(frozen=True)
class WebBoard:
    """A game's board for the web table: the files in ``folder`` (the game's ``web/``), which
    the server serves under ``/static/games/GAME/``. ``module`` is an ES module exporting
    ``render(ctx)`` (docs/server.md, "The browser client"), ``css`` its stylesheet, loaded
    with it; ``colours`` the seats' colours by seat as the game's own texts name them (empty:
    the table's); ``narrow``: a click on the board narrows the actions by their targets.

    >>> from pathlib import Path
    >>> WebBoard(Path("web"), colours=("#2c6fbb",)).css
    'board.css'
    """

    folder: Path
    module: str = "board.js"
    css: str = "board.css"
    colours: tuple[str, ...] = ()
    narrow: bool = False


@dataclass(frozen=True)
class Ruleset:
    """A game's declaration: identity, nature and factory."""

    id: str
    name: str
    version: int
    player_counts: tuple[int, ...]
    options_type: type[Any]
    action_space_size: int
    factory: Callable[[Ruleset, int, int, Any], State]
    description: str = ""
    #: Printable report for ``boomtown rules``: options, and which data is reconstructed.
    rules_report: Callable[[], str] | None = None
    #: Option sets worth testing besides the defaults (variants); the conformance tests run
    #: each of them at every player count it allows.
    variants: tuple[Mapping[str, Any], ...] = ()
    #: Bounds of every value ``returns()`` gives at the end (the conformance suite checks it).
    returns_range: tuple[float, float] = (0.0, 1.0)
    #: A bound on the number of actions in a game, chance included, when the rules give one.
    max_game_length: int | None = None
    #: The kinds of decision of the action space, in order, covering it exactly (coverage and
    #: every action's ``kind`` come from them).
    action_families: tuple[ActionFamily, ...] = ()
    #: Positions that whole games almost never reach (edited from real games, as puzzles are),
    #: by name: coverage also plays from them, so every kind of decision is taken somewhere.
    coverage_starts: Callable[[], Sequence[tuple[str, State]]] | None = None
    #: Each seat's starting position for the simulation lab, from a game whose set-up is done:
    #: ``seat_setup(state) -> [{"turn_position": 0, ...named starting asymmetries}, ...]``, one
    #: dict per seat, ``turn_position`` 0 for the first to act (Western Town's first lead
    #: marshal and Way Out West's start player are drawn, not seat 0), plus the game's other
    #: asymmetries (a starting card, seat money). ``None``: seat order is turn order.
    seat_setup: Callable[[State], list[dict[str, Any]]] | None = None
    #: A finished game's per-seat features for reports (what each seat built, delivered...):
    #: ``seat_features(state) -> [{name: value}, ...]``. ``None``: none.
    seat_features: Callable[[State], list[dict[str, Any]]] | None = None
    #: The terminal's compact layout of a view (``boomtown play``): ``layout(view, seat)`` gives
    #: plain data, ``{"title": str, "you": [str], "others": [str], "board": [[str]]}`` (the
    #: seat's own hand and resources, a line per other seat, the board as rows of cells);
    #: the terminal draws it. ``None``: a generic layout of the view.
    terminal_layout: Callable[[dict[str, Any], int | None], dict[str, Any]] | None = None
    #: Builds the game's catalogue (every card, building, tile, counter and space with its
    #: effect text generated from the data file); see :mod:`boomtown.engine.catalogue`.
    catalogue_factory: Callable[[], Catalogue] | None = None
    #: The game's fixed numeric observation for learning code (``boomtown.rl``; the game's
    #: ``observation.py``): ``observation(players, options)`` builds an encoder with
    #: ``version`` (bumped whenever a slot changes meaning), ``size``, ``names`` (one per
    #: slot), ``blocks`` (``(name, start, stop, meaning)``, documenting the layout),
    #: ``perfect_information`` (every seat's view is the spectator's), ``points(state)`` and
    #: ``points_range`` (each seat's final points and their bounds, for score-based rewards)
    #: and ``encode(state, seat, out)``, which writes every slot of the ``float32`` array
    #: ``out`` with a value in [0, 1], read only from what ``view(seat)`` shows (``seat``
    #: ``None``: the spectator's). ``None``: ``boomtown.rl`` encodes ``view(seat)`` itself.
    observation: Callable[[int, Any], Any] | None = None
    #: The search bots' knowledge of the game (``boomtown.bots.knowledge``), as
    #: ``"module:attribute"`` of a factory ``factory(game_id) -> Knowledge`` (the game's
    #: ``bot_knowledge.py``), imported only when a bot asks for it (:func:`import_target`), so
    #: that starting a game never imports the bots. ``None``: the generic knowledge.
    bot_knowledge: str | None = None
    #: The bots' position evaluation of the game (``boomtown.bots.evaluation``), as
    #: ``"module:attribute"`` of ``evaluate(state, seat) -> [value per seat]`` (the game's
    #: ``bot_evaluation.py``), imported lazily too. ``None``: the generic evaluation.
    bot_evaluation: str | None = None
    #: The game's board in the web table (its folder's ``web/``). ``None``: the table shows
    #: the view as a readable tree.
    web_board: WebBoard | None = None

    def catalogue(self) -> Catalogue:
        """The game's catalogue (built once)."""
        cached = self.__dict__.get("_catalogue")
        if cached is None:
            if self.catalogue_factory is None:
                raise NotImplementedError(f"{self.id} declares no catalogue")
            cached = self.catalogue_factory()
            object.__setattr__(self, "_catalogue", cached)
        return cached

    def family_of(self, aid: int) -> ActionFamily:
        """The family of action ``aid``.

        >>> from boomtown.engine.registry import get_ruleset
        >>> get_ruleset("great-western-trail").family_of(0).kind
        'move'
        """
        table = self.__dict__.get("_family_table")
        if table is None:
            table = family_table(self.action_families, self.action_space_size)
            object.__setattr__(self, "_family_table", table)
        return self.action_families[table[aid]]

    def option_choices(self) -> dict[str, tuple[Any, ...]]:
        """The options whose values come from a fixed set, with that set (declared with
        :func:`choice` in the options dataclass), by name.

        >>> from boomtown.engine.registry import get_ruleset
        >>> sorted(get_ruleset("great-western-trail").option_choices())[:1]
        ['building_sides']
        """
        return {
            f.name: tuple(f.metadata["choices"])
            for f in dataclasses.fields(self.options_type)
            if "choices" in f.metadata
        }

    def default_options(self) -> Any:
        """A fresh options object with every default."""
        return self.options_type()

    def options_from_dict(self, data: Mapping[str, Any] | None) -> Any:
        """Build and validate options from plain data (as stored in a record).

        Unknown names and values of the wrong type raise :class:`BadOptions`.
        """
        if data is None:
            return self.options_type()
        if not isinstance(data, Mapping):
            raise BadOptions(f"options must be a mapping, not {type(data).__name__}")
        fields = {f.name: f for f in dataclasses.fields(self.options_type)}
        unknown = sorted(set(data) - set(fields))
        if unknown:
            raise BadOptions(
                f"unknown option(s) for {self.id}: {', '.join(unknown)}; "
                f"known: {', '.join(sorted(fields))}"
            )
        hints = typing.get_type_hints(self.options_type)
        for key, value in data.items():
            expected = hints.get(key)
            widened = expected is float and type(value) is int
            if expected in (bool, int, str, float) and type(value) is not expected and not widened:
                raise BadOptions(f"option {key} must be {expected.__name__}, got {value!r}")
        for name, values in self.option_choices().items():
            if name in data and data[name] not in values:
                known = ", ".join(repr(v) for v in values)
                raise BadOptions(f"option {name} must be one of {known}, got {data[name]!r}")
        try:
            options = self.options_type(**dict(data))
        except (TypeError, ValueError) as exc:
            raise BadOptions(f"bad options for {self.id}: {exc}") from exc
        return options

    def options_to_dict(self, options: Any) -> dict[str, Any]:
        """Plain data for a record: every option, defaults included."""
        return dataclasses.asdict(options)

    def check_players(self, players: int) -> None:
        """Raise :class:`BadPlayerCount` unless ``players`` is allowed."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadPlayerCount(f"player count must be an integer, got {players!r}")
        if players not in self.player_counts:
            counts = ", ".join(str(n) for n in self.player_counts)
            raise BadPlayerCount(f"{self.id} is for {counts} players, not {players}")

    def new_game(self, players: int, seed: int = 0, options: Any = None) -> State:
        """Start a game. ``options`` may be the dataclass, a dict or ``None``."""
        self.check_players(players)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        if options is None or isinstance(options, Mapping):
            options = self.options_from_dict(options)
        elif not isinstance(options, self.options_type):
            raise BadOptions(
                f"options must be {self.options_type.__name__} or a dict, "
                f"got {type(options).__name__}"
            )
        return self.factory(self, players, seed, options)
