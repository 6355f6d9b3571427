"""A game of Kuhn poker: its fields, declared once, and what each seat may see of them.

>>> from boomtown import new_game
>>> state = new_game("kuhn-poker", players=2, seed=7)
>>> state.prompt().title, state.prompt().for_seat
('Deal a card to seat 0', 0)
>>> for _ in range(2):
...     _ = state.apply(state.sample_chance())
>>> [a.text for a in state.legal_actions()]
['pass', 'bet']
>>> _ = state.apply("bet"); [a.text for a in state.legal_actions()]
['fold', 'call']
>>> _ = state.apply("call"); state.is_terminal(), sorted(state.returns())
(True, [-2.0, 2.0])
"""

from __future__ import annotations

from typing import Any

from boomtown.engine.machine import EVERYONE, OTHERS, Fields, MachineState, array, table, value
from boomtown.games.kuhn_poker.actions import (
    BET,
    CARD_NAMES,
    DEAL,
    PASS,
    POT,
    SIZE,
    card_id,
    seat_id,
)
from boomtown.games.kuhn_poker.rules import KUHN, Ante, Respond


class KuhnPokerState(MachineState):
    """Kuhn poker for 2 to 4 players (see :mod:`boomtown.games.kuhn_poker.rules`)."""

    MACHINE = KUHN
    FIELDS = Fields(
        array("deck", hidden=EVERYONE),  # the cards not dealt, sorted
        table("hands", hidden=OTHERS),  # each seat's card, seen by that seat alone
        table("shown"),  # the cards shown at the showdown
        array("contributed"),  # chips each seat put in the pot
        array("folded"),
        array("won"),  # chips each seat took from the pot
        value("bettor"),  # the seat that bet, -1 before a bet
    )

    def __init__(self, ruleset: Any, players: int, seed: int, options: Any) -> None:
        super().__init__(ruleset, players, seed, options)
        self.deck = list(range(players + 1))
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.shown: list[list[int]] = [[] for _ in range(players)]
        self.contributed = [0] * players
        self.folded = [False] * players
        self.won = [0] * players
        self.bettor = -1
        self.start(Ante())

    def after(self, seat: int) -> list[int]:
        """The other seats in turn order after ``seat``."""
        n = self.num_players
        return [(seat + k) % n for k in range(1, n)]

    # ------------------------------------------------------------ contract
    def action_text(self, aid: int) -> str:
        facing = bool(self.stack) and type(self.stack[-1]) is Respond
        if aid == PASS:
            return "fold" if facing else "pass"
        if aid == BET:
            return "call" if facing else "bet"
        if DEAL <= aid < SIZE:
            return f"deal {CARD_NAMES[aid - DEAL]}"
        return f"action {aid}"

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "seats": [seat_id(s) for s in range(self.num_players)],
            "pot": {"id": POT, "chips": sum(self.contributed)},
            "hand": [] if seat is None else [f"{card_id(c)}@hand" for c in self.hands[seat]],
            "hand_sizes": [len(hand) for hand in self.hands],
            "deck": len(self.deck),
            "shown": [[card_id(c) for c in cards] for cards in self.shown],
            "contributed": list(self.contributed),
            "folded": list(self.folded),
            "bettor": self.bettor,
            "won": list(self.won),
        }

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        return [float(w - c) for w, c in zip(self.won, self.contributed, strict=True)]

    def score_breakdown(self) -> dict[str, Any]:
        return {"contributed": list(self.contributed), "won": list(self.won),
                "net": [w - c for w, c in zip(self.won, self.contributed, strict=True)]}

    def component_counts(self) -> dict[str, int]:
        held = sum(map(len, self.hands)) + sum(map(len, self.shown))
        return {"cards": len(self.deck) + held}
