"""What the simulation lab reads of a Way Out West game (``Ruleset.seat_setup`` and
``Ruleset.seat_features``).

The start player is a chance outcome (the dice roll of the set-up), and turn order runs on
from him; every round after that the turn order is auctioned. A seat's features include what
it paid in those auctions, read by replaying the game's actions: the final position does not
keep the bids.

>>> from boomtown.engine import get_ruleset
>>> from boomtown.engine.actions import CHANCE
>>> game = get_ruleset("way-out-west").new_game(3, seed=2)
>>> while game.current_player == CHANCE:
...     _ = game.apply(game.sample_chance())
>>> sorted(seat["turn_position"] for seat in seat_setup(game))
[0, 1, 2]
"""

from __future__ import annotations

from typing import Any

from boomtown.engine.state import State
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west.rules import Bid, StartPlayer

#: The action ids of the turn-order auction: drop out, or raise to $1..$MAX_BID.
BID_IDS = range(A.DROP, A.BID + A.MAX_BID)


def seat_setup(state: State) -> list[dict[str, Any]]:
    """Each seat's turn position in round 1 (0 for the winner of the start-player roll)."""
    st: Any = state
    if st.round == 0 and st.stack and type(st.stack[-1]) is StartPlayer:
        raise ValueError("Way Out West's set-up is not done: no start player yet")
    return [{"turn_position": st.order.index(s)} for s in range(st.num_players)]


def _auctions(state: State) -> tuple[list[int], list[int], list[int]]:
    """Replay the game: per seat, dollars paid as start player, dollars paid dropping out,
    rounds won."""
    st: Any = state
    n = st.num_players
    won_paid, dropped_paid, won = [0] * n, [0] * n, [0] * n
    game: Any = st.ruleset.new_game(n, st.seed, st.options)
    for aid in st.history:
        if aid not in BID_IDS:
            game.apply(aid)
            continue
        bidder = game.current_player
        before = list(game.money)
        game.apply(aid)
        over = not (game.stack and type(game.stack[-1]) is Bid)
        winner = game.order[0] if over else -1
        for s in range(n):
            paid = before[s] - game.money[s]
            if paid <= 0:
                continue
            if s == winner and s != bidder:
                won_paid[s] += paid
            else:
                dropped_paid[s] += paid
        if over:
            won[winner] += 1
    return won_paid, dropped_paid, won


def seat_features(state: State) -> list[dict[str, Any]]:
    """Per seat: the auctions (paid for first place, paid dropping out, rounds as start
    player) and the board at the end (counters, cattle and cowboys in towns, Wanted
    counters, Farmers taken, money left)."""
    st: Any = state
    won_paid, dropped_paid, won = _auctions(state)
    out: list[dict[str, Any]] = []
    for s in range(st.num_players):
        towns = slice(s * A.T, (s + 1) * A.T)
        out.append({
            "paid for first place": won_paid[s],
            "paid dropping out": dropped_paid[s],
            "rounds as start player": won[s],
            "counters": sum(1 for owner in st.owner if owner == s),
            "cattle": sum(st.cattle[towns]),
            "cowboys": sum(st.cowboys[towns]),
            "wanted": st.wanted[s],
            "farmers": st.farmers_taken[s],
            "money left": st.money[s],
        })
    return out
