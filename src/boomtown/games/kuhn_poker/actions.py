"""Kuhn poker's action space: pass, bet, and one chance outcome per card of the deck.

A seat passes or bets; facing a bet, passing is folding and betting is calling, so the same two
ids serve both rounds (their texts say which). The deck holds one card more than the players,
ranked 1 (lowest) up.

>>> SIZE, [f.name for f in FAMILIES]
(7, ['pass', 'bet', 'deal'])
>>> card_id(2), CARD_NAMES[2]
('card:3', 'card 3')
"""

from __future__ import annotations

from boomtown.engine.actions import families

MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: The deck of a game: one card more than the players.
MAX_CARDS = MAX_PLAYERS + 1
ANTE = 1  # chips every seat puts in the pot before the deal
BET_SIZE = 1  # chips of a bet, and of a call

PASS, BET = 0, 1
DEAL = 2  # DEAL + card: the card dealt (cards are 0-based: card 0 is rank 1)
SIZE = DEAL + MAX_CARDS

FAMILIES = families([("pass", "pass", PASS), ("bet", "bet", BET), ("deal", "chance", DEAL)],
                    SIZE)

CARD_NAMES = tuple(f"card {card + 1}" for card in range(MAX_CARDS))
POT = "pot:table"  # the pot's id in views and action targets


def card_id(card: int) -> str:
    """The catalogue id of a card."""
    return f"card:{card + 1}"


def seat_id(seat: int) -> str:
    """The id of a seat in views and targets."""
    return f"seat:{seat}"
