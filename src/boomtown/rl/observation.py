"""The observation vector every adapter gives: the game's own layout, then the decision.

A game that declares ``Ruleset.observation`` (all three built-in games do, in their
``observation.py``) has a fixed, documented, versioned layout built straight from the state's
public parts and the observing seat's own: values in [0, 1], one name per slot. After it
:class:`Observer` appends a block of its own, the same for every game:

``decision[acting]``
    1 when the observing seat is the one to decide;
``decision[legal:FAMILY]``
    1 for each action family (``Ruleset.action_families``) with a legal action, only for the
    seat to decide (what the ``legal_actions`` of its view list; 0 for everyone else).

A game without a layout of its own is encoded from ``view(seat)`` by the generic encoding
discovered from random play (:mod:`boomtown.rl.encoding`); its values are not bounded.

>>> from boomtown import new_game
>>> from boomtown.rl.common import GameSpec
>>> observer = Observer(GameSpec.make("way-out-west", 3))
>>> observer.kind, observer.bounded
('game', True)
>>> vec = observer.encode(new_game("way-out-west", 3, seed=2), 1)
>>> vec.shape == (observer.size,) and len(observer.names) == observer.size
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from boomtown.engine import State

if TYPE_CHECKING:
    from boomtown.rl.common import GameSpec
    from boomtown.rl.encoding import Layout

#: Version of the block this module appends (bumped whenever it changes meaning).
DECISION_VERSION = 1
#: ``kind`` values: the game's own layout, or the generic encoding of the view.
KINDS = ("auto", "game", "view")


class GameObservation(Protocol):
    """What ``Ruleset.observation(players, options)`` builds (see the field's docstring)."""

    version: int
    size: int
    names: tuple[str, ...]
    blocks: tuple[tuple[str, int, int, str], ...]
    perfect_information: bool
    points_range: tuple[float, float]

    def encode(self, state: Any, seat: int | None, out: Any) -> None: ...

    def points(self, state: Any) -> list[float]: ...


def game_observation(spec: GameSpec) -> GameObservation | None:
    """The game's own observation for this player count and options, if it declares one."""
    factory = spec.ruleset.observation
    if factory is None:
        return None
    built: GameObservation = factory(spec.players, spec.options)
    return built


class Observer:
    """Encodes ``state`` for ``seat`` as one ``float32`` vector of fixed length.

    ``kind``: ``"game"`` (the game's layout; an error if it has none), ``"view"`` (the generic
    encoding of the view) or ``"auto"`` (the game's layout when it has one). ``layout`` pins a
    generic encoding (``Layout.from_dict``) instead of discovering it.
    """

    def __init__(self, spec: GameSpec, kind: str = "auto", layout: Layout | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
        self.spec = spec
        game = game_observation(spec) if kind != "view" and layout is None else None
        if kind == "game" and game is None:
            raise ValueError(f"{spec.ruleset.id} declares no observation of its own")
        self.game = game
        self.kind = "game" if game is not None else "view"
        self.layout: Layout | None = None
        if game is None:
            self.layout = layout if layout is not None else spec.layout()
            base, base_names = self.layout.size, self.layout.feature_names()
        else:
            base, base_names = game.size, list(game.names)
        families = spec.ruleset.action_families
        table = np.zeros(spec.ruleset.action_space_size, dtype=np.intp)
        for i, family in enumerate(families):
            table[family.start : family.stop] = i
        self._family = table + base + 1  # the slot of each action id's family
        self._acting = base
        self.size = base + 1 + len(families)
        self.names: tuple[str, ...] = (
            *base_names, "decision[acting]", *(f"decision[legal:{f.name}]" for f in families))
        self.bounded = game is not None
        self.low, self.high = (0.0, 1.0) if self.bounded else (-np.inf, np.inf)

    @property
    def perfect_information(self) -> bool:
        """Whether the game declares that every seat sees the whole position."""
        return bool(self.game is not None and self.game.perfect_information)

    @property
    def version(self) -> str:
        """``game/layout-version+decision-version``: changes whenever a slot's meaning does."""
        spec = self.spec
        if self.game is not None:
            return f"{spec.ruleset.id}/{self.game.version}+{DECISION_VERSION}"
        return f"{spec.ruleset.id}/view-{self.layout_version}+{DECISION_VERSION}"

    @property
    def layout_version(self) -> int:
        from boomtown.rl.encoding import ENCODING_VERSION

        return ENCODING_VERSION

    def encode(self, state: State, seat: int | None, out: np.ndarray | None = None
               ) -> np.ndarray:
        """The observation of ``seat`` (``None``: the spectator's), into ``out`` if given."""
        if out is None:
            out = np.empty(self.size, dtype=np.float32)
        acting = self._acting
        if self.game is not None:
            self.game.encode(state, seat, out[:acting])
        else:
            assert self.layout is not None
            self.layout.encode(state.view(seat), out=out[:acting])
        out[acting:] = 0.0
        if seat is not None and state.current_player == seat:
            out[acting] = 1.0
            out[self._family[state.legal_action_ids()]] = 1.0
        return out

    def blocks(self) -> list[tuple[str, int, int, str]]:
        """(name, first slot, end, meaning) of every block, for documentation."""
        if self.game is not None:
            rows = list(self.game.blocks)
        else:
            rows = [("view", 0, self._acting, "the generic encoding of view(seat)")]
        families = len(self.spec.ruleset.action_families)
        rows.append(("decision[acting]", self._acting, self._acting + 1,
                     "the observing seat is the one to decide"))
        rows.append(("decision[legal]", self._acting + 1, self._acting + 1 + families,
                     "the action families with a legal action (the deciding seat only)"))
        return rows

    def describe(self) -> dict[str, Any]:
        """The layout as plain data (to keep beside a trained model)."""
        return {
            "game": self.spec.ruleset.id,
            "rules_version": self.spec.ruleset.version,
            "players": self.spec.players,
            "options": self.spec.options_dict,
            "version": self.version,
            "size": self.size,
            "names": list(self.names),
        }
