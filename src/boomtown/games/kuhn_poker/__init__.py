"""Kuhn poker, the engine's example game: 2 to 4 players, one card each, one betting round.

It is built step by step in docs/engine.md ("Add a game") on the kernel's decision machine,
and passes the conformance suite at every player count. It is an example, not one of the
platform's games: :func:`boomtown.engine.registry.list_rulesets` leaves it out (see there).

>>> from boomtown.games.kuhn_poker import RULESET
>>> RULESET.id, RULESET.player_counts, RULESET.returns_range
('kuhn-poker', (2, 3, 4), (-2.0, 6.0))
"""

from __future__ import annotations

from dataclasses import dataclass

from boomtown.engine.catalogue import Catalogue, Entry
from boomtown.engine.ruleset import Ruleset
from boomtown.games.kuhn_poker import actions
from boomtown.games.kuhn_poker.state import KuhnPokerState

STAKE = actions.ANTE + actions.BET_SIZE  # the most one seat can put in the pot
SOURCE = "H. W. Kuhn, A simplified two-person poker (1950); N players as in OpenSpiel"


@dataclass(frozen=True)
class KuhnPokerOptions:
    """Kuhn poker has no options."""


def catalogue() -> Catalogue:
    """The cards and the rows of the score."""
    cards = [
        Entry(actions.card_id(c), "card", actions.CARD_NAMES[c],
              f"Rank {c + 1}: beats every lower card at the showdown.",
              provenance=f"published: {SOURCE}")
        for c in range(actions.MAX_CARDS)
    ]
    rows = {"contributed": "Chips put in the pot (ante, bet, call).",
            "won": "Chips taken from the pot.", "net": "Won minus contributed: the result."}
    scores = [Entry(f"score:{key}", "score", key, text) for key, text in rows.items()]
    return Catalogue("kuhn-poker", cards + scores)


RULESET = Ruleset(
    id="kuhn-poker",
    name="Kuhn poker",
    version=1,
    player_counts=tuple(range(actions.MIN_PLAYERS, actions.MAX_PLAYERS + 1)),
    options_type=KuhnPokerOptions,
    action_space_size=actions.SIZE,
    action_families=actions.FAMILIES,
    factory=KuhnPokerState,
    description="The engine's example game: ante, one card each, pass or bet, showdown.",
    # a seat loses at most its ante and a bet; the winner takes every other seat's
    returns_range=(-float(STAKE), float(STAKE * (actions.MAX_PLAYERS - 1))),
    # every seat is dealt, opens at most once and responds at most once
    max_game_length=3 * actions.MAX_PLAYERS - 1,
    catalogue_factory=catalogue,
)

__all__ = ["RULESET", "KuhnPokerOptions", "KuhnPokerState"]
