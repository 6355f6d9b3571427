"""Prompts and described actions of Way Out West (the engine's presentation contract).

:func:`prompt` reads the step on top of the decision machine's stack and says what is being
decided (or rolled), by whom, with progress where a choice has several parts, and which board
things it concerns. :func:`describe` gives the board things a legal action concerns, by the
ids of :mod:`ids` (the town first: the thing a player clicks), and what it costs. Neither runs
on the bots' hot path (they use ``legal_actions()``), and neither changes the position.

>>> from boomtown.games.way_out_west import RULESET
>>> from boomtown.games.way_out_west import actions as A
>>> st = RULESET.new_game(3, 0)
>>> st.prompt().title
'Roll for the start player'
>>> _ = st.apply(A.START + 0)
>>> p = st.prompt(0)
>>> p.title, p.progress
('Set-up: place a cowboy in a town', 'cowboy 1 of 3')
>>> st.describe(A.PLACE + 2).targets
('town:3', 'token:cowboy@supply.0')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from boomtown.engine.actions import CHANCE, Prompt
from boomtown.engine.machine import declared_prompt
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west import gunfights as G
from boomtown.games.way_out_west import ids as I
from boomtown.games.way_out_west import rules as R
from boomtown.games.way_out_west.data import DATA
from boomtown.games.way_out_west.state import (
    F_ATT,
    F_DEF,
    F_SLOT,
    F_TOWN,
    SEAT_NAMES,
    WOW,
    C,
)
from boomtown.games.way_out_west.views import target_id

if TYPE_CHECKING:
    from boomtown.games.way_out_west.state import WayOutWestState as St

GF = DATA.gunfight
TOKENS_PER_ROUND = DATA.setup.action_tokens
SETUP_COWBOYS = DATA.setup.cowboys_placed
COWBOYS_EACH = DATA.components.cowboys_per_player
CATTLE_PRICE = DATA.box("cattle").price
HIRE_PRICE = DATA.box("hire").price
PRICES = tuple(c.price for c in DATA.counters)
SIDE_NAMES = G.SIDE_NAMES


def faces_text(faces: tuple[int, ...]) -> str:
    """The hitting faces in words: (5, 6) -> "5 or 6"."""
    words = [str(f) for f in faces]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def dollars(n: int) -> str:
    """A cost in words ("" for nothing)."""
    return f"${n}" if n else ""


def plural(n: int, one: str, many: str | None = None) -> str:
    """``n`` things in words: ``plural(2, "hit")`` -> "2 hits"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


HIT_FACES = faces_text(GF.hit_faces)


# ------------------------------------------------------------------ prompts
def _fight_subjects(st: St) -> tuple[str, ...]:
    f = st.fight
    t = f[F_TOWN]
    return I.TOWN_IDS[t], target_id(t, f[F_SLOT])


def _name(seat: int) -> str:
    return SEAT_NAMES[seat] if seat >= 0 else "the Farmer"


def _p_start(st: St, step: R.StartPlayer) -> Prompt:
    return Prompt(CHANCE, "Roll for the start player",
                  "The dice pick the start player, who places the first cowboy and bids first",
                  kind="chance", subjects=(I.TURN_IDS[0],), for_seat=None)


def _p_place(st: St, step: R.Place) -> Prompt:
    s = step.seat
    placed = COWBOYS_EACH - st.cowboy_supply[s]
    return Prompt(s, "Set-up: place a cowboy in a town",
                  f"Any of the {A.T} towns; everyone places one at a time in turn order",
                  progress=f"cowboy {placed + 1} of {SETUP_COWBOYS}", kind="place",
                  subjects=(I.COWBOY_SUPPLY[s],))


def _p_bid(st: St, step: R.Bid) -> Prompt:
    s = step.seat
    bidding = st.in_auction.count(1)
    space = st.drop_pos + 1
    subjects = [I.TURN_IDS[space - 1]]
    if st.high:
        leader = st.bids.index(st.high)
        title = f"Raise the bid or drop out — high bid ${st.high} by {SEAT_NAMES[leader]}"
        subjects.append(I.SEAT_IDS[leader])
    else:
        title = "Open the bidding or drop out — no bid yet"
    last = "pays his bid" if st.options.winner_pays else "pays nothing"
    pays = "pays your bid" if st.bids[s] else "costs nothing"
    hint = (f"Dropping out {pays} and takes turn-order space {space}; "
            f"the last bidder left is start player and {last}")
    return Prompt(s, title, hint, progress=f"{bidding} of {st.num_players} still bidding",
                  kind="bid", subjects=tuple(subjects))


def _p_act(st: St, step: R.Act) -> Prompt:
    s = step.seat
    left = R.actions_left(st, s)
    free = [I.BOX_IDS[b] for b, n in enumerate(st.boxes_left) if n]
    return Prompt(s, "Choose an action box",
                  f"Put your action token on a free box ({len(free)} free) and carry out its "
                  "action; a used box closes for the round",
                  progress=f"action {TOKENS_PER_ROUND - left + 1} of {TOKENS_PER_ROUND}, "
                           f"round {st.round} of {st.rounds}",
                  kind="action", subjects=tuple(free))


def _p_hire2(st: St, step: R.Hire2) -> Prompt:
    s, more = step.seat, step.more
    which = "a second" if A.HIRE_UP_TO == 2 else "another"
    return Prompt(s, f"Hire {which} cowboy: into which town?",
                  f"${HIRE_PRICE} more, into any town; or hire no more",
                  progress=f"cowboy {A.HIRE_UP_TO - more + 1} of {A.HIRE_UP_TO}", kind="hire",
                  subjects=(I.BOX_ID["hire"], I.COWBOY_SUPPLY[s]))


def _p_sheriff(st: St, step: G.Sheriff) -> Prompt:
    j = step.seat
    f = st.fight
    t = f[F_TOWN]
    target = G.target_text(st)
    if j == f[F_ATT]:
        title = f"Your sheriff in {A.TOWN_NAMES[t]}: join your attack on {target}, or stay out?"
    else:
        title = (f"Your sheriff in {A.TOWN_NAMES[t]}: defend {target} against "
                 f"{SEAT_NAMES[f[F_ATT]]}, or stay out?")
    return Prompt(j, title, "The sheriff fights as one more cowboy on the side he joins",
                  kind="sheriff", subjects=(*_fight_subjects(st), I.SHERIFF_AT[t]))


def _p_ask(st: St, step: G.Stand) -> Prompt:
    side, s = step.side, step.seat
    mine, theirs = G.fighters(st, side), G.fighters(st, 1 - side)
    when = "both sides fire together" if mine == theirs else "you fire first"
    return Prompt(s, f"Fire or retreat: the gunfight over {G.target_text(st)}",
                  f"You are the {SIDE_NAMES[side]}, {plural(mine, 'fighter')} against {theirs}, "
                  f"and {when}: each fighter rolls a die, a {HIT_FACES} hits. Retreating loses "
                  "the fight; your cowboys ride to different towns",
                  kind="gunfight", subjects=_fight_subjects(st))


def _p_roll(st: St, step: G.Roll) -> Prompt:
    side = step.side
    shots = G.fighters(st, side)
    owner = G.side_player(st, side)
    return Prompt(CHANCE, f"Roll the {SIDE_NAMES[side]}'s volley: {plural(shots, 'die', 'dice')}",
                  f"Each {HIT_FACES} is a hit; the {SIDE_NAMES[side]} is {_name(owner)}",
                  kind="chance", subjects=_fight_subjects(st),
                  for_seat=owner if owner >= 0 else None)


def _p_retreat(st: St, step: G.Retreat) -> Prompt:
    s, left, used = step.seat, step.cowboys_left, step.towns_used
    moved = used.bit_count() - 1  # the fight's town is marked too
    t = st.fight[F_TOWN]
    return Prompt(s, "Retreat: which town does a cowboy ride to?",
                  f"Each retreating cowboy leaves {A.TOWN_NAMES[t]} for a different town",
                  progress=f"cowboy {moved + 1} of {moved + left}", kind="retreat",
                  subjects=(I.TOWN_IDS[t], I.COWBOY_AT[t][s]))


def _p_casualty(st: St, step: G.Casualty) -> Prompt:
    s, hits = step.seat, step.hits
    return Prompt(s, "A hit: which of your fighters falls?",
                  "A cowboy goes back to your supply; the sheriff or a built-in defender only "
                  "leaves this gunfight",
                  progress=f"{plural(hits, 'hit')} to take", kind="casualty",
                  subjects=_fight_subjects(st))


def _p_spoils(st: St, step: G.SpoilsCounter) -> Prompt:
    a = step.seat
    f = st.fight
    name = A.COUNTER_NAMES[f[F_SLOT]]
    return Prompt(a, f"You won {G.target_text(st)}: replace it with your own {name}?",
                  "Either way the loser's counter goes back to the loser's supply; yours comes "
                  "from your supply", kind="spoils", subjects=_fight_subjects(st))


def _p_rustle(st: St, step: G.Rustle) -> Prompt:
    a = step.seat
    f = st.fight
    t, d = f[F_TOWN], f[F_DEF]
    most = min(st.cattle_in(d, t), A.RUSTLE_UP_TO)
    return Prompt(a, f"Rustle {SEAT_NAMES[d]}'s cattle in {A.TOWN_NAMES[t]}: how many "
                     f"(1 to {most})?",
                  "They turn your colour as far as your supply of cattle lasts",
                  kind="spoils", subjects=_fight_subjects(st))


def _p_robbery(st: St, step: G.Robbery) -> Prompt:
    f = st.fight
    d = f[F_DEF]
    return Prompt(CHANCE, f"Roll {GF.robbery_dice} dice for the robbery of "
                          f"{G.target_text(st)}",
                  f"{SEAT_NAMES[d]} pays {SEAT_NAMES[f[F_ATT]]} the total, up to all "
                  f"{SEAT_NAMES[d]}'s money; a Bank that cannot pay it all leaves play",
                  kind="chance", subjects=_fight_subjects(st), for_seat=f[F_ATT])


def _p_wanted(st: St, step: G.WantedFrom) -> Prompt:
    s = step.seat
    sources = G.wanted_sources(st, s)
    return Prompt(s, "Take a Wanted counter: from whom?",
                  "None are left in the supply: take one from another player who holds one",
                  kind="spoils", subjects=tuple(I.WANTED_HELD[o] for o in sources))


#: The prompt of each step type a seat or chance decides in.
PROMPTS: dict[type, Callable[[Any, Any], Prompt]] = {
    R.StartPlayer: _p_start, R.Place: _p_place, R.Bid: _p_bid, R.Act: _p_act,
    R.Hire2: _p_hire2, G.Sheriff: _p_sheriff, G.Stand: _p_ask, G.Roll: _p_roll,
    G.Retreat: _p_retreat, G.Casualty: _p_casualty, G.SpoilsCounter: _p_spoils,
    G.Rustle: _p_rustle, G.Robbery: _p_robbery, G.WantedFrom: _p_wanted,
}


@WOW.answers("prompt")
def prompt(st: St, seat: int | None) -> Prompt:
    """The current decision (or chance point), the same for every viewer: nothing is hidden."""
    step = st.stack[-1]
    make = PROMPTS.get(type(step))
    if make is None:  # a step without a prompt of its own here: its declared one
        return declared_prompt(step)
    return make(st, step)


# ------------------------------------------------------------------ described actions
Described = tuple[tuple[str, ...], str]


def _fight_target(st: St) -> str:
    f = st.fight
    return target_id(f[F_TOWN], f[F_SLOT])


@WOW.answers("describe")
def describe(st: St, aid: int) -> Described:
    """The board things action ``aid`` concerns (the town first) and its cost."""
    s = st.current_player
    if aid < A.PLACE:
        return (I.SEAT_IDS[aid - A.START],), ""
    if aid < A.DROP:
        return (I.TOWN_IDS[aid - A.PLACE], I.COWBOY_SUPPLY[s]), ""
    if aid == A.DROP:
        return (I.TURN_IDS[st.drop_pos],), dollars(st.bids[s])
    if aid < A.BUY_CATTLE:
        return (I.TURN_IDS[0],), dollars(aid - A.BID + 1)
    if aid < A.SHERIFF_ATT:
        return _describe_act(st, s, aid)
    return _describe_gunfight(st, aid)


def _describe_act(st: St, s: int, aid: int) -> Described:
    """An action of the action phase (and the optional second hire)."""
    if aid < A.HIRE:
        t, k = divmod(aid - A.BUY_CATTLE, A.CATTLE_UP_TO)
        return ((I.TOWN_IDS[t], I.BOX_ID["cattle"], I.CATTLE_SUPPLY[s]),
                dollars((k + 1) * CATTLE_PRICE))
    if aid < A.HIRE2:
        t = aid - A.HIRE
        return (I.TOWN_IDS[t], I.BOX_ID["hire"], I.COWBOY_SUPPLY[s]), dollars(HIRE_PRICE)
    if aid < A.HIRE_STOP:
        return (I.TOWN_IDS[aid - A.HIRE2], I.COWBOY_SUPPLY[s]), dollars(HIRE_PRICE)
    if aid == A.HIRE_STOP:
        return (), ""
    if aid < A.MOVE_CATTLE:
        src, dst = A.PAIRS[(aid - A.MOVE_COWBOYS) // A.MAX_MOVE]
        return (I.TOWN_IDS[src], I.TOWN_IDS[dst], I.BOX_ID["move_cowboys"],
                I.COWBOY_AT[src][s]), ""
    if aid < A.BUILD:
        src, dst = A.ADJACENT[(aid - A.MOVE_CATTLE) // A.MOVE_CATTLE_UP_TO]
        return (I.TOWN_IDS[src], I.TOWN_IDS[dst], I.BOX_ID["move_cattle"],
                I.CATTLE_AT[src][s]), ""
    if aid < A.FARMER:
        t, k = divmod(aid - A.BUILD, C)
        return (I.TOWN_IDS[t], I.COUNTER_SUPPLY[s][k], I.BUILD_BOX_IDS[k]), dollars(PRICES[k])
    if aid < A.ATTACK:
        return (I.TOWN_IDS[aid - A.FARMER], I.FARMER_SUPPLY, I.BOX_ID["farmer"]), ""
    t, slot = divmod(aid - A.ATTACK, A.SLOTS)
    return (I.TOWN_IDS[t], target_id(t, slot), I.BOX_ID["gunfight"]), ""


def _describe_gunfight(st: St, aid: int) -> Described:
    """A decision (or an outcome) inside a gunfight."""
    f = st.fight
    t = f[F_TOWN]
    if aid <= A.SHERIFF_OUT:
        return (I.SHERIFF_AT[t], I.TOWN_IDS[t]), ""
    if aid in (A.FIRE, A.RETREAT):
        return (), ""
    if aid < A.HITS:
        s = st.current_player
        return (I.TOWN_IDS[aid - A.RETREAT_TO], I.COWBOY_AT[t][s]), ""
    if aid < A.TAKE_OVER:  # volley and robbery outcomes
        return (I.TOWN_IDS[t], _fight_target(st)), ""
    if aid < A.WANTED_FROM:  # spoils: the won counter or the rustled cattle
        return (_fight_target(st), I.TOWN_IDS[t]), ""
    if aid < A.CASUALTY_COWBOY:
        o = aid - A.WANTED_FROM
        return (I.WANTED_HELD[o], I.SEAT_IDS[o]), ""
    if aid == A.CASUALTY_COWBOY:
        return (I.COWBOY_AT[t][st.stack[-1].seat],), ""
    if aid == A.CASUALTY_SHERIFF:
        return (I.SHERIFF_AT[t],), ""
    return (_fight_target(st),), ""

