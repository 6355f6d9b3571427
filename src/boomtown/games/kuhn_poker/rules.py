"""Kuhn poker's turn as steps of the kernel's decision machine (:mod:`boomtown.engine.machine`).

H. W. Kuhn, "A simplified two-person poker" (Contributions to the Theory of Games I, 1950),
for 2 to 4 players as OpenSpiel plays it:

1. every player antes one chip and is dealt one card of a deck of players + 1 cards, which
   only he sees (:class:`Ante`, :class:`Deal`);
2. in seat order each player passes or bets one chip (:class:`Open`); once one bets, every
   other player in turn after him calls one chip or folds (:class:`Respond`);
3. the players still in show their cards; the highest takes the pot (:class:`Showdown`).

>>> Open.STEP.nature, Open.STEP.kinds
('decision', ('pass', 'bet'))
>>> [name for name, _, _ in KUHN.vocabulary()]
['Ante', 'Deal', 'Open', 'Respond', 'Showdown']
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from boomtown.engine.actions import Prompt
from boomtown.engine.machine import Machine, declared_prompt, push
from boomtown.games.kuhn_poker.actions import (
    ANTE,
    BET,
    BET_SIZE,
    CARD_NAMES,
    DEAL,
    PASS,
    POT,
    seat_id,
)

if TYPE_CHECKING:
    from boomtown.games.kuhn_poker.state import KuhnPokerState as St

KUHN = Machine("kuhn-poker")
Targets = tuple[tuple[str, ...], str]


@KUHN.auto
class Ante(NamedTuple):
    """Rule 1: every player antes; a card is dealt to each; the first seat opens."""

    def run(self, st: St) -> None:
        st.contributed = [ANTE] * st.num_players
        st.log(f"Every player antes {ANTE} chip")
        push(st, *(Deal(seat) for seat in range(st.num_players)), Open(0))


@KUHN.chance("Deal a card to seat {for_seat}", "Only that player sees it", private=True)
class Deal(NamedTuple):
    """Rule 1: one card of the deck, uniformly, to ``for_seat``'s hand."""

    for_seat: int

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        p = 1 / len(st.deck)
        return [(DEAL + card, p) for card in st.deck]

    def choose(self, st: St, aid: int) -> None:
        card, seat = aid - DEAL, self.for_seat
        st.deck.remove(card)
        st.hands[seat].append(card)
        st.log(f"seat {seat} is dealt {CARD_NAMES[card]}", frozenset({seat}),
               f"seat {seat} is dealt a card")


@KUHN.decision("Pass or bet", f"A bet is {BET_SIZE} chip", kinds=("pass", "bet"))
class Open(NamedTuple):
    """Rule 2: ``seat`` passes or bets; after the last pass, the showdown."""

    seat: int

    def legal(self, st: St) -> list[int]:
        return OPTIONS

    def choose(self, st: St, aid: int) -> None:
        if aid == BET:
            st.contributed[self.seat] += BET_SIZE
            st.bettor = self.seat
            st.log(f"seat {self.seat} bets")
            push(st, *(Respond(seat, self.seat) for seat in st.after(self.seat)), Showdown())
        else:
            st.log(f"seat {self.seat} passes")
            last = self.seat == st.num_players - 1
            push(st, Showdown() if last else Open(self.seat + 1))

    def prompt(self, st: St, viewer: int | None) -> Prompt:
        return seat_prompt(st, self, viewer)

    def targets(self, st: St, aid: int) -> Targets:
        return chip_targets(self.seat, aid)


@KUHN.decision("Call the bet of seat {bettor} or fold", f"A call is {BET_SIZE} chip",
               kinds=("pass", "bet"))
class Respond(NamedTuple):
    """Rule 2: facing ``bettor``'s bet, ``seat`` calls (bet) or folds (pass)."""

    seat: int
    bettor: int

    def legal(self, st: St) -> list[int]:
        return OPTIONS

    def choose(self, st: St, aid: int) -> None:
        if aid == BET:
            st.contributed[self.seat] += BET_SIZE
            st.log(f"seat {self.seat} calls")
        else:
            st.folded[self.seat] = True
            st.log(f"seat {self.seat} folds")

    def prompt(self, st: St, viewer: int | None) -> Prompt:
        return seat_prompt(st, self, viewer)

    def targets(self, st: St, aid: int) -> Targets:
        return chip_targets(self.seat, aid)


@KUHN.auto
class Showdown(NamedTuple):
    """Rule 3: the players still in show their cards; the highest card takes the pot."""

    def run(self, st: St) -> None:
        st.seal()  # cards are revealed: no undo reaches back across this
        live = [seat for seat in range(st.num_players) if not st.folded[seat]]
        for seat in live:
            st.shown[seat], st.hands[seat] = st.hands[seat], []
        winner = max(live, key=lambda seat: st.shown[seat][0])
        st.won[winner] = sum(st.contributed)
        shown = ", ".join(f"seat {s} {CARD_NAMES[st.shown[s][0]]}" for s in live)
        st.log(f"Showdown: {shown}; seat {winner} takes {st.won[winner]} chips")


#: The legal ids of either betting decision (shared and read-only, like every legal list).
OPTIONS = [PASS, BET]


def seat_prompt(st: St, step: Open | Respond, viewer: int | None) -> Prompt:
    """A betting step's declared prompt; for the deciding seat alone, the hint also names
    its card."""
    prompt = declared_prompt(step)
    hint = prompt.hint
    if viewer == step.seat:
        hint = f"You hold {CARD_NAMES[st.hands[step.seat][0]]}. {hint}"
    return replace(prompt, hint=hint, subjects=(seat_id(step.seat),))


def chip_targets(seat: int, aid: int) -> Targets:
    """A bet or call puts a chip in the pot; a pass or fold concerns the seat itself."""
    if aid == BET:
        return (POT,), f"{BET_SIZE} chip"
    return (seat_id(seat),), ""


__all__ = ["KUHN", "Ante", "Deal", "Open", "Respond", "Showdown"]
