"""Prompts and described actions of Great Western Trail (the engine's presentation contract).

``prompt(st, seat)`` reads the step on top of the decision machine's stack and says what is
being decided (or drawn), by whom, with progress where the decision has several parts.
``describe(st, aid)`` gives the board things a legal action concerns, by the ids of
``ids.py``, the main one first, and what it costs. Neither is on the bots' hot path (they use
``legal_actions()`` only), and neither changes the position.

>>> from boomtown.games.great_western_trail import RULESET
>>> from boomtown import CHANCE
>>> st = RULESET.new_game(2, 0, {"building_sides": "a", "neutral_order": "letters"})
>>> st.prompt().title
'Set-up: draw the station master tile of station 1'
>>> while st.current_player == CHANCE:
...     _ = st.apply(st.sample_chance())
>>> st.prompt(0).title
'Place your cattleman on a neutral building'
>>> from boomtown.games.great_western_trail.data import SPACE_KEY
>>> st.describe(A.MOVE + SPACE_KEY["A"]).targets
('space:A', 'building:A')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from boomtown.engine.actions import CHANCE, Prompt
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import buildings as B
from boomtown.games.great_western_trail import ids as I
from boomtown.games.great_western_trail import kansas_city as KC
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail.catalogue import bonus_text
from boomtown.games.great_western_trail.data import (
    BUY_OPTIONS,
    CATTLE,
    CITIES,
    DISC_ROWS,
    HAZARD_SPACE,
    MASTER_SLOT,
    MASTER_STATIONS,
    NEUTRAL,
    NEUTRAL_SPACES,
    OBJECTIVES,
    OPS_BY_ID,
    PRIVATE,
    RAILROAD,
    RISK_ACTIONS,
    SETUP,
    SPACES,
    STATIONS,
    TEEPEE_SPACE,
    TEEPEE_VALUES,
    WORKERS,
    Op,
)
from boomtown.games.great_western_trail.state import GWT
from boomtown.games.great_western_trail.words import gains_text, plural

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

#: The subphases of a Kansas City visit (rule text): foresight 1-3, income, delivery.
KC_STEPS = 5
#: The ids of the spaces' risk actions (their targets put the space first).
RISK_IDS = frozenset(op.id for op in RISK_ACTIONS.values())


# ------------------------------------------------------------------ ids of the position
def building_ref(st: St, space: int) -> str | None:
    """The id of the building at ``space`` (neutral or private), as the view names it."""
    found = R.building_at(st, space)
    if found is None:
        return None
    owner, index = found
    if owner < 0:
        return I.NEUTRAL_IDS[index]
    b = PRIVATE[index]
    return I.private_id(owner, b.number, I.SIDES.index(b.side))


def building_name(st: St, space: int, s: int) -> str:
    """The building at ``space`` as seat ``s`` uses it ("neutral building A", "building 4a"
    when it is the seat's own, "seat 1 (red)'s building 4a")."""
    found = R.building_at(st, space)
    if found is None:
        return f"location {SPACES[space].key}"
    owner, index = found
    if owner < 0:
        return f"neutral building {NEUTRAL[index].name}"
    if owner == s:
        return f"building {PRIVATE[index].name}"
    return f"{st.name(owner)}'s building {PRIVATE[index].name}"


def own_building(st: St, s: int, number: int) -> str:
    return I.private_id(s, number, st.side[number - 1])


def _location(st: St, space: int) -> tuple[str, ...]:
    """The ids of a location: its building (if any), then its space."""
    ref = building_ref(st, space)
    return (I.SPACE_IDS[space],) if ref is None else (ref, I.SPACE_IDS[space])


# ------------------------------------------------------------------ prompts
PromptFn = Callable[["St", Any, "int | None"], Prompt]
#: The prompt of each step type a seat or chance decides in.
PROMPTS: dict[type, PromptFn] = {}


def _prompt_for(*steps: type) -> Callable[[PromptFn], PromptFn]:
    def wrap(fn: PromptFn) -> PromptFn:
        for step in steps:
            PROMPTS[step] = fn
        return fn

    return wrap


@GWT.answers("prompt")
def prompt(st: St, seat: int | None) -> Prompt:
    """The prompt of the step on top of the stack, as ``seat`` may read it."""
    frame = st.stack[-1]
    fn = PROMPTS.get(type(frame))
    if fn is None:
        raise KeyError(f"great-western-trail: no prompt for the step {type(frame).__name__}")
    return fn(st, frame, seat)


def _seat(st: St, frame: Any, title: str, hint: str = "", progress: str = "",
          kind: str = "", subjects: tuple[str, ...] = ()) -> Prompt:
    return Prompt(int(frame.seat), title, hint, progress, kind, subjects)


def _more(n: int, what: str) -> str:
    return f"{plural(n, what)} to go"


@_prompt_for(R.HandLimit)
def _p_hand_limit(st: St, frame: R.HandLimit, seat: int | None) -> Prompt:
    s = frame.seat
    total, limit = R.hand_total(st, s), R.hand_limit(st, s)
    return _seat(st, frame, "Discard down to your hand limit",
                 f"{plural(total, 'card')} in hand, limit {limit}: discard the rest before "
                 "moving", _more(total - limit, "card"), "discard", (I.SEAT_IDS[s],))


@_prompt_for(R.PhaseA)
def _p_phase_a(st: St, frame: R.PhaseA, seat: int | None) -> Prompt:
    s = frame.seat
    # (whether the hand holds an objective card is the seat's own secret)
    objective = (" (or first play an objective card)"
                 if seat == s and R.objective_plays(st, s) else "")
    if st.cattleman[s] < 0:
        return _seat(st, frame, "Place your cattleman on a neutral building",
                     f"Your first turn: the cattleman enters the trail on any neutral "
                     f"building, whose actions you then use{objective}", kind="move")
    limit = R.step_limit(st, s)
    here = I.SPACE_IDS[st.cattleman[s]]
    return _seat(st, frame, f"Move your cattleman: up to {plural(limit, 'step')}",
                 f"Each step goes to the next location; you pay the fees of the hands there"
                 f"{objective}", f"step 1 of up to {limit}", "move", (here,))


@_prompt_for(R.Move)
def _p_move(st: St, frame: R.Move, seat: int | None) -> Prompt:
    s, limit, taken, mode = frame.seat, frame.limit, frame.taken, frame.mode
    here = (I.SPACE_IDS[st.cattleman[s]],)
    stop = "; or stop here" if taken else ""
    if mode == R.MODE_OBJ:
        return _seat(st, frame, f"Objective card: move your cattleman up to "
                     f"{plural(limit, 'step')}",
                     f"No fees, not into Kansas City; the location is not used{stop}",
                     f"step {taken + 1} of up to {limit}", "move", here)
    return _seat(st, frame, f"Move your cattleman: up to {plural(limit, 'step')}",
                 f"Each step goes to the next location; you pay the fees of the hands there"
                 f"{stop}", f"step {taken + 1} of up to {limit}", "move", here)


@_prompt_for(R.PhaseB)
def _p_phase_b(st: St, frame: R.PhaseB, seat: int | None) -> Prompt:
    s, space, used, did = frame.seat, frame.space, frame.used, frame.did
    slots = R.slots_of(st, s, space)
    where = SPACES[space].key
    if not slots:
        title = f"At {where}: take a single auxiliary action"
        hint = "No local actions here for you: take one auxiliary action of your board"
        return _seat(st, frame, title, hint, kind="local-action",
                     subjects=_location(st, space))
    name = building_name(st, space, s)
    done = sum(1 for i in range(len(slots)) if used >> i & 1)
    if did:
        hint = "Take another of its local actions, play an objective card or finish"
    else:
        hint = "Use its local actions, each once, or take one single auxiliary action instead"
    return _seat(st, frame, f"At {where}: use {name}", hint,
                 f"{done} of {plural(len(slots), 'local action')} used", "local-action",
                 _location(st, space))


@_prompt_for(R.AuxChoice)
def _p_aux(st: St, frame: R.AuxChoice, seat: int | None) -> Prompt:
    double = frame.double
    hint = ("Single or double: a double needs its row's discs cleared" if double
            else "A single auxiliary action from your player board")
    return _seat(st, frame, "Choose an auxiliary action", hint, kind="auxiliary-action",
                 subjects=(I.SEAT_IDS[frame.seat],))


@_prompt_for(R.EngineForward)
def _p_engine_fwd(st: St, frame: R.EngineForward, seat: int | None) -> Prompt:
    s, n = frame.seat, frame.spaces
    exact = frame.exact
    how = f"exactly {plural(n, 'space')}" if exact else f"up to {plural(n, 'space')}"
    return _seat(st, frame, f"Move your engine forward {how}",
                 "Spaces held by other engines are skipped; a station reached may be upgraded",
                 kind="move-engine", subjects=(I.engine_at(st.engine[s]),))


@_prompt_for(R.EngineBack)
def _p_engine_back(st: St, frame: R.EngineBack, seat: int | None) -> Prompt:
    s, n = frame.seat, frame.spaces
    return _seat(st, frame, f"Move your engine back {plural(n, 'space')}",
                 "Spaces held by other engines are skipped", kind="move-engine",
                 subjects=(I.engine_at(st.engine[s]),))


@_prompt_for(R.EndBack)
def _p_end_back(st: St, frame: R.EndBack, seat: int | None) -> Prompt:
    bonus = int(RAILROAD["end_bonus_money"])
    return _seat(st, frame, "End of the track: move your engine back",
                 f"You get ${bonus}; choose any free space behind", kind="move-engine",
                 subjects=(I.engine_at(st.engine[frame.seat]),))


@_prompt_for(R.StationOffer)
def _p_station_offer(st: St, frame: R.StationOffer, seat: int | None) -> Prompt:
    k = frame.station
    station = STATIONS[k]
    return _seat(st, frame, f"Upgrade station {k + 1}?",
                 f"Pay ${station.cost} and put a disc on it for {station.vp} VP at the end",
                 kind="station", subjects=(I.STATION_IDS[k],))


@_prompt_for(B.UpgradeBehind)
def _p_upgrade_behind(st: St, frame: B.UpgradeBehind, seat: int | None) -> Prompt:
    s = frame.seat
    return _seat(st, frame, "Building 9b: upgrade a station behind your engine",
                 "Pay its cost and put a disc on it", kind="station",
                 subjects=(own_building(st, s, 9), I.engine_at(st.engine[s])))


@_prompt_for(R.Appoint)
def _p_appoint(st: St, frame: R.Appoint, seat: int | None) -> Prompt:
    k = frame.station
    m = st.masters_at[MASTER_SLOT[k]]
    return _seat(st, frame, f"Appoint a station master at station {k + 1}?",
                 "Move a worker of a kind you have at least two of onto the tile and take it",
                 kind="station", subjects=(I.STATION_IDS[k], I.MASTER_IDS[m]))


@_prompt_for(R.HazardOrTeepee)
def _p_hazard_or_teepee(st: St, frame: R.HazardOrTeepee, seat: int | None) -> Prompt:
    return _seat(st, frame, "Station master: remove a hazard for free or trade for a teepee",
                 "A teepee gains or costs the value of its space; or decline",
                 kind="take", subjects=(I.SEAT_IDS[frame.seat],))


def _dest_id(dest: str, idx: int) -> str:
    return I.CITY_IDS[idx] if dest == R.CITY else I.STATION_IDS[idx]


def _dest_name(dest: str, idx: int) -> str:
    return CITIES[idx].name if dest == R.CITY else f"station {idx + 1}"


@_prompt_for(R.DiscFrom)
def _p_disc(st: St, frame: R.DiscFrom, seat: int | None) -> Prompt:
    dest, idx = frame.dest, frame.target
    dark = R.dest_is_dark(dest, idx)
    rule = ("dark corners: a disc from any space fits" if dark
            else "white corners: a disc from a white space, if you have one")
    return _seat(st, frame, f"Choose a disc for {_dest_name(dest, idx)}",
                 f"Clearing a space of your board unlocks it; {rule}", kind="disc",
                 subjects=(_dest_id(dest, idx),))


@_prompt_for(R.TakeObjective)
def _p_take_obj(st: St, frame: R.TakeObjective, seat: int | None) -> Prompt:
    dest = frame.dest
    return _seat(st, frame, "Take an objective card",
                 f"From the display or the top of the deck, into your {dest}"
                 + (" pile" if dest == R.DISCARD_PILE else ""), kind="objective",
                 subjects=(I.OBJECTIVE_DECK,))


OBJECTIVE_ACTION_TITLE = {
    "money2": "take $2", "aux": "take an auxiliary action", "draw3": "draw up to 3 cards",
    "engine2": "move the engine up to 2", "engine3": "move the engine up to 3",
    "cattleman3": "move the cattleman up to 3",
}


@_prompt_for(R.ObjectiveAction)
def _p_obj_action(st: St, frame: R.ObjectiveAction, seat: int | None) -> Prompt:
    s, o = frame.seat, frame.objective
    card = OBJECTIVES[o]
    what = OBJECTIVE_ACTION_TITLE.get(card.action, card.action)
    return _seat(st, frame, f"Objective card {card.key}: {what}?",
                 "The card's immediate action, if you wish; the card stays in your objective "
                 "area", kind="objective", subjects=(I.card_id(A.OBJ0 + o, f"played.{s}"),))


@_prompt_for(R.DiscardN)
def _p_discard_n(st: St, frame: R.DiscardN, seat: int | None) -> Prompt:
    n = frame.left
    return _seat(st, frame, "Discard a card from your hand",
                 "Draw and discard: as many as were drawn", _more(n, "card"), "discard",
                 (I.SEAT_IDS[frame.seat],))


@_prompt_for(R.RemoveN)
def _p_remove_n(st: St, frame: R.RemoveN, seat: int | None) -> Prompt:
    n = frame.left
    return _seat(st, frame, "Remove a card of your hand from the game",
                 "It leaves your deck for good", _more(n, "card"), "remove",
                 (I.SEAT_IDS[frame.seat],))


@_prompt_for(R.DrawUpTo)
def _p_draw_upto(st: St, frame: R.DrawUpTo, seat: int | None) -> Prompt:
    n = frame.most
    return _seat(st, frame, f"Draw up to {plural(n, 'card')}",
                 "Then discard as many cards as you drew", kind="draw",
                 subjects=(I.SEAT_IDS[frame.seat],))


def _hire_hint(modifier: int) -> str:
    if modifier > 0:
        return f"A worker at its row's cost plus ${modifier}"
    if modifier < 0:
        return f"A worker at its row's cost less ${-modifier}"
    return "A worker at its row's cost"


@_prompt_for(B.Hire)
def _p_hire(st: St, frame: B.Hire, seat: int | None) -> Prompt:
    modifier, optional = frame.modifier, frame.optional
    return _seat(st, frame, "Hire from the job market",
                 _hire_hint(modifier) + ("; or decline" if optional else ""), kind="hire",
                 subjects=(I.SEAT_IDS[frame.seat],))


@_prompt_for(B.Bonus)
def _p_bonus(st: St, frame: B.Bonus, seat: int | None) -> Prompt:
    s, worker, slot = frame.seat, frame.worker, frame.slot
    text = bonus_text(B.bonus_op(frame))
    return _seat(st, frame, f"{WORKERS[worker].capitalize()} row bonus: {text}?",
                 f"Your {WORKERS[worker]} reached space {slot} of its row; take the bonus or "
                 "decline", kind="hire", subjects=(I.worker_id(s, worker),))


@_prompt_for(B.Build)
def _p_build(st: St, frame: B.Build, seat: int | None) -> Prompt:
    s, per, optional = frame.seat, frame.per, frame.optional
    crafts = st.workers[s][1]
    return _seat(st, frame, "Choose a building to place",
                 f"${per} per craftsman needed; you have {plural(crafts, 'craftsman', 'craftsmen')}"
                 + ("; or decline" if optional else ""), "step 1 of 2", "build",
                 (I.worker_id(s, 1),))


@_prompt_for(B.BuildPlace)
def _p_build_place(st: St, frame: B.BuildPlace, seat: int | None) -> Prompt:
    s, per, number = frame.seat, frame.per, frame.number
    name = f"{number}{I.SIDES[st.side[number - 1]]}"
    return _seat(st, frame, f"Choose a space for building {name}",
                 f"An empty building space, or replace one of your buildings that needs fewer "
                 f"craftsmen (${per} per craftsman)", "step 2 of 2", "build",
                 (own_building(st, s, number),))


@_prompt_for(B.Buy)
def _p_buy(st: St, frame: B.Buy, seat: int | None) -> Prompt:
    cowboys = frame.cowboys
    return _seat(st, frame, "Buy cattle",
                 "Each purchase uses cowboys; a spare cowboy adds 2 cards to the market; "
                 "finish when done", f"{plural(cowboys, 'cowboy')} left", "buy",
                 (I.worker_id(frame.seat, B.COWBOY),))


@_prompt_for(B.Trade)
def _p_trade(st: St, frame: B.Trade, seat: int | None) -> Prompt:
    return _seat(st, frame, "Trade with the Indians: take a teepee",
                 "You gain (or pay) the value of its space", kind="trade",
                 subjects=(I.SEAT_IDS[frame.seat],))


@_prompt_for(B.RemoveHazard)
def _p_remove_hazard(st: St, frame: B.RemoveHazard, seat: int | None) -> Prompt:
    cost = frame.cost
    return _seat(st, frame, f"Remove a hazard for ${cost}",
                 "Any hazard of any row; it scores its VP at the end", kind="take",
                 subjects=(I.SEAT_IDS[frame.seat],))


@_prompt_for(B.PickPair)
def _p_pick_pair(st: St, frame: B.PickPair, seat: int | None) -> Prompt:
    return _seat(st, frame, f"Discard a pair of one breed for ${frame.money}",
                 "Two cattle cards of the same breed from your hand", kind="discard",
                 subjects=(I.SEAT_IDS[frame.seat],))


#: The hint of the card to discard, by the op (its id) that asks for it.
PICK_HINT = {
    "discard_objective_certs": "Building 1b's local action",
    "risk_any_cert": "The space's risk action",
    "discard_any_objective_hand": "Building 6b: then take an objective card into your hand",
}


def pick_title(op: Op) -> str:
    """The title of the card to discard for ``op`` (its gain from the data)."""
    card = "an objective card" if op.op == "discard_objective" else "a cattle card"
    title = f"Discard {card} for {gains_text(op)}"
    return f"Risk action: d{title[1:]}" if op.id in RISK_IDS else title


@_prompt_for(B.PickCard)
def _p_pick_card(st: St, frame: B.PickCard, seat: int | None) -> Prompt:
    op = OPS_BY_ID[frame.op]
    return _seat(st, frame, pick_title(op), PICK_HINT.get(op.id, ""), kind="discard",
                 subjects=(I.SEAT_IDS[frame.seat],))


@_prompt_for(B.Adjacent)
def _p_adjacent(st: St, frame: B.Adjacent, seat: int | None) -> Prompt:
    space = frame.space
    return _seat(st, frame, "Building 8b: choose an adjacent building to use",
                 "A building on the nearest location before or after, of any owner",
                 kind="local-action", subjects=_location(st, space))


@_prompt_for(B.Borrow)
def _p_borrow(st: St, frame: B.Borrow, seat: int | None) -> Prompt:
    s, space, used = frame.seat, frame.space, frame.used
    slots = B._borrow_slots(st, s, space)
    done = sum(1 for i in range(len(slots)) if used >> i & 1)
    return _seat(st, frame, f"Building 8b: use {building_name(st, space, s)}",
                 "Its local actions, each once, then finish",
                 f"{done} of {plural(len(slots), 'local action')} used", "local-action",
                 _location(st, space))


@_prompt_for(B.XdEngine)
def _p_xd_engine(st: St, frame: B.XdEngine, seat: int | None) -> Prompt:
    s = frame.seat
    return _seat(st, frame, "Extraordinary delivery: move your engine back",
                 "Then deliver to a city of value up to the spaces moved back", "step 1 of 2",
                 "move-engine", (own_building(st, s, 9), I.engine_at(st.engine[s])))


@_prompt_for(B.XdCity)
def _p_xd_city(st: St, frame: B.XdCity, seat: int | None) -> Prompt:
    limit = frame.limit
    return _seat(st, frame, f"Extraordinary delivery: choose a city (value up to {limit})",
                 "No income and no transport cost; the city's crest and arrows count",
                 "step 2 of 2", "deliver", (I.engine_at(st.engine[frame.seat]),))


@_prompt_for(KC.KcForesight)
def _p_kc_foresight(st: St, frame: KC.KcForesight, seat: int | None) -> Prompt:
    col = frame.column
    tiles = tuple(I.tile_id(t, I.foresight_place(col, r))
                  for r, t in enumerate(st.foresight[col]) if t >= 0)
    return _seat(st, frame, f"Kansas City: take a foresight tile of column {col + 1}",
                 "A worker goes to the job market, a hazard or teepee onto the trail",
                 _kc_progress(col), "take", tiles)


def _kc_progress(sub: int) -> str:
    return f"step {sub + 1} of {KC_STEPS}"


@_prompt_for(KC.KcCertificates)
def _p_kc_certificates(st: St, frame: KC.KcCertificates, seat: int | None) -> Prompt:
    s = frame.seat
    have = R.cert_value(st, s)
    hint = f"You hold {plural(have, 'temporary certificate')}; each adds 1 to your income"
    if seat == s:
        hint += f" (breeding value {KC.breeding_value(st.hand[s])})"
    return _seat(st, frame, "Kansas City: how many temporary certificates to use",
                 hint, _kc_progress(KC.INCOME_SUB), "certificates", (I.SEAT_IDS[s],))


@_prompt_for(KC.KcDeliver)
def _p_kc_deliver(st: St, frame: KC.KcDeliver, seat: int | None) -> Prompt:
    return _seat(st, frame, "Kansas City: choose a city to deliver to",
                 f"Delivery value {frame.total}; transport costs $1 per red cross between your "
                 "engine and the city", _kc_progress(KC.DELIVERY_SUB), "deliver",
                 (I.engine_at(st.engine[frame.seat]),))


# ------------------------------------------------------------------ chance prompts
def _chance(title: str, hint: str = "", progress: str = "", subjects: tuple[str, ...] = (),
            for_seat: int | None = None, private: bool = False) -> Prompt:
    return Prompt(CHANCE, title, hint, progress, "chance", subjects, for_seat, private)


@_prompt_for(R.Master)
def _c_master(st: St, frame: R.Master, seat: int | None) -> Prompt:
    k = MASTER_STATIONS[frame.slot]
    return _chance(f"Set-up: draw the station master tile of station {k + 1}",
                   "A random tile of those left", subjects=(I.STATION_IDS[k],))


@_prompt_for(R.NeutralDraw)
def _c_neutral(st: St, frame: R.NeutralDraw, seat: int | None) -> Prompt:
    space = NEUTRAL_SPACES[frame.place]
    return _chance(f"Set-up: draw the neutral building of location {SPACES[space].key}",
                   "A random building of those left", subjects=(I.SPACE_IDS[space],))


@_prompt_for(R.SideDraw)
def _c_side(st: St, frame: R.SideDraw, seat: int | None) -> Prompt:
    number = frame.building + 1
    return _chance(f"Set-up: draw the side of building {number}",
                   "Side a or b, the same for every player",
                   f"building {number} of {len(st.side)}")


@_prompt_for(R.SetupTile)
def _c_setup_tile(st: St, frame: R.SetupTile, seat: int | None) -> Prompt:
    return _chance("Set-up: draw a tile of stack 1 for the trail",
                   "A teepee or hazard goes onto its lowest free space; one with no space goes "
                   "back", _more(frame.left, "tile"))


@_prompt_for(R.SetupWorker)
def _c_setup_jm(st: St, frame: R.SetupWorker, seat: int | None) -> Prompt:
    return _chance("Set-up: draw a worker of stack 2 for the job market", "",
                   _more(frame.left, "worker"))


@_prompt_for(R.ForesightDraw)
def _c_fs_fill(st: St, frame: R.ForesightDraw, seat: int | None) -> Prompt:
    col, slot = frame.column, frame.row
    return _chance(f"Draw a tile of stack {col + 1} for foresight column {col + 1}",
                   "It fills an empty foresight space", f"row {slot + 1} of 2",
                   (f"foresight:{col + 1}.{slot + 1}",))


@_prompt_for(R.MarketDraw)
def _c_mdraw(st: St, frame: R.MarketDraw, seat: int | None) -> Prompt:
    if frame.target >= 0:
        progress = f"{sum(st.market)} of {frame.target} cards"
        hint = "Refill the cattle market from its deck"
    else:
        progress = _more(frame.left, "card")
        hint = "A cowboy adds 2 cards to the cattle market"
    return _chance("Reveal a cattle card for the market", hint, progress, (I.CATTLE_DECK,))


@_prompt_for(R.ObjectiveDraw)
def _c_obj_fill(st: St, frame: R.ObjectiveDraw, seat: int | None) -> Prompt:
    return _chance("Reveal an objective card for the display", "The top card of the deck",
                   f"{len(st.obj_display)} of {SETUP['objective_display']} shown",
                   (I.OBJECTIVE_DECK,))


@_prompt_for(R.StartObjective)
def _c_start_obj(st: St, frame: R.StartObjective, seat: int | None) -> Prompt:
    s = frame.for_seat
    return _chance(f"Set-up: deal {st.name(s)} a starting objective card",
                   "Face up into the objective area", subjects=(I.SEAT_IDS[s],), for_seat=s)


@_prompt_for(R.DrawCard)
def _c_draw(st: St, frame: R.DrawCard, seat: int | None) -> Prompt:
    s = frame.for_seat
    return _chance(f"Draw a card for {st.name(s)}",
                   "From the draw pile (the discard pile is shuffled in when it is empty)",
                   _more(frame.want, "card"), (I.SEAT_IDS[s],), s, True)


@_prompt_for(R.FillCard)
def _c_fill(st: St, frame: R.FillCard, seat: int | None) -> Prompt:
    s = frame.for_seat
    return _chance(f"Draw a card for {st.name(s)}", "Up to the hand limit, from the draw pile",
                   f"{R.hand_total(st, s)} of {R.hand_limit(st, s)} in hand", (I.SEAT_IDS[s],),
                   s, True)


@_prompt_for(R.ObjectiveTop)
def _c_obj_top(st: St, frame: R.ObjectiveTop, seat: int | None) -> Prompt:
    s, dest = frame.for_seat, frame.dest
    hidden = dest == R.HAND
    return _chance(f"Draw the top objective card for {st.name(s)}",
                   "Face down into the hand" if hidden else f"Into the {dest} pile",
                   subjects=(I.OBJECTIVE_DECK,), for_seat=s, private=hidden)


# ------------------------------------------------------------------ described actions
@GWT.answers("describe")
def describe(st: St, aid: int) -> tuple[tuple[str, ...], str]:
    """The targets (ids of the deciding seat's view, the main one first) and cost of
    legal action ``aid``."""
    frame = st.stack[-1]
    s = st.current_player
    for start, fn in DESCRIBERS:
        if aid >= start:
            return fn(st, frame, s, aid - start)
    return (), ""


Describer = Callable[["St", Any, int, int], tuple[tuple[str, ...], str]]


def _d_move(st: St, frame: Any, s: int, x: int) -> tuple[tuple[str, ...], str]:
    ref = building_ref(st, x)
    targets = (I.SPACE_IDS[x],) if ref is None else (I.SPACE_IDS[x], ref)
    if (type(frame) is R.Move and frame.mode == R.MODE_OBJ) or st.cattleman[s] < 0:
        return targets, ""  # an objective card's move and the first placement pay no fees
    hands, payee = R.hands_at(st, s, x)
    green, black = R.FEES[st.num_players]
    fee = sum(green if h == "green" else black for h in hands)
    cost = ""
    if fee:
        to = "the bank" if payee < 0 else st.name(payee)
        cost = f"${min(fee, st.money[s])} fee to {to}"
    return targets, cost


def _d_stop(st: St, frame: Any, s: int, _: int) -> tuple[tuple[str, ...], str]:
    return (I.SPACE_IDS[st.cattleman[s]],), ""


def op_cost(op: Op) -> str:
    """What a local action costs, where it costs something (its amounts from the data)."""
    kind = op.op
    if kind == "discard":
        return f"1 {CATTLE[op.breed].name}"
    if kind == "discard_pair":
        return "a pair of one breed"
    if kind == "discard_objective":
        return "1 objective card"
    if kind == "discard_any":
        return "1 cattle card"
    if kind in ("pay_engine", "remove_hazard"):
        return f"${op.cost}"
    return ""


def _d_local(st: St, frame: Any, s: int, i: int) -> tuple[tuple[str, ...], str]:
    op = OPS_BY_ID[A.OPS[i]]
    space = frame.space
    where = _location(st, space)
    if op.id in RISK_IDS:
        where = (where[-1], *where[:-1])
    return where, op_cost(op)


def _d_aux(st: St, frame: Any, s: int, i: int) -> tuple[tuple[str, ...], str]:
    a, d = divmod(i, 2)
    name = A.AUX_NAMES[a]
    cost = f"${d + 1}" if name in ("cert", "engine") else ""
    return (I.disc_row_id(s, R.AUX_ROWS[a]),), cost


def _d_none(st: St, frame: Any, s: int, i: int) -> tuple[tuple[str, ...], str]:
    return (), ""


def _d_accept(st: St, frame: Any, s: int, i: int) -> tuple[tuple[str, ...], str]:
    if type(frame) is R.ObjectiveAction:
        return (I.card_id(A.OBJ0 + frame.objective, f"played.{s}"),), ""
    if type(frame) is B.Bonus:  # the engineer row's Jersey bonuses
        breed = B.bonus_op(frame).breed
        return (I.card_id(breed, I.HAND), I.worker_id(s, frame.worker)), f"1 {CATTLE[breed].name}"
    return (), ""


def _hire_modifier(st: St, frame: Any) -> int:
    if type(frame) is B.Bonus:
        return -int(st.options.engineer_hire_discount)
    return int(frame.modifier)


def _d_hire(st: St, frame: Any, s: int, cell: int) -> tuple[tuple[str, ...], str]:
    cost = max(0, B.HIRE_COSTS[cell // A.JM_COLS] + _hire_modifier(st, frame))
    tile = st.jm[cell]
    return (I.tile_id(tile, I.job_market_place(cell)), I.job_market_id(cell)), f"${cost}"


def _build_rate(frame: Any) -> int:
    """$ per craftsman of the building decision on top (the craftsman-row bonus: its op's)."""
    return B.bonus_op(frame).per_craftsman if type(frame) is B.Bonus else int(frame.per)


def _d_build(st: St, frame: Any, s: int, i: int) -> tuple[tuple[str, ...], str]:
    number = i + 1
    need = B.craftsmen_needed(st, number)
    per = _build_rate(frame)
    return ((own_building(st, s, number),),
            f"{plural(need, 'craftsman', 'craftsmen')} and ${need * per} on an empty space")


def _d_place(st: St, frame: Any, s: int, space: int) -> tuple[tuple[str, ...], str]:
    per, number = frame.per, frame.number
    need = B.craftsmen_needed(st, number)
    old = st.private_at[R.PRIVATE_SLOT[space]]
    targets = [I.SPACE_IDS[space], own_building(st, s, number)]
    if old >= 0:
        need -= B.craftsmen_needed(st, old % 10 + 1)
        targets.append(own_building(st, s, old % 10 + 1))
    return tuple(targets), f"{plural(need, 'craftsman', 'craftsmen')} and ${need * per}"


def _buy_cost(opt: int) -> str:
    _value, cowboys, _cards, cost = BUY_OPTIONS[opt]
    return f"${cost} and {plural(cowboys, 'cowboy')}"


def _d_buy1(st: St, frame: Any, s: int, i: int) -> tuple[tuple[str, ...], str]:
    k, opt = A.BUY_ONE[i]
    return (I.card_id(k, I.MARKET),), _buy_cost(opt)


def _d_buy2(st: St, frame: Any, s: int, i: int) -> tuple[tuple[str, ...], str]:
    a, b, opt = A.BUY_PAIRS[i]
    cards = (I.card_id(a, I.MARKET),) if a == b else (I.card_id(a, I.MARKET),
                                                      I.card_id(b, I.MARKET))
    return cards, _buy_cost(opt)


def _d_add_market(st: St, frame: Any, s: int, i: int) -> tuple[tuple[str, ...], str]:
    return (I.CATTLE_DECK,), "1 cowboy"


def _d_card(st: St, frame: Any, s: int, k: int) -> tuple[tuple[str, ...], str]:
    return (I.card_id(k, I.HAND),), ""


def _d_pair(st: St, frame: Any, s: int, i: int) -> tuple[tuple[str, ...], str]:
    a, b = A.PAIRS[i]
    ids = (I.card_id(a, I.HAND),) if a == b else (I.card_id(a, I.HAND), I.card_id(b, I.HAND))
    return ids, ""


def _d_teepee(st: St, frame: Any, s: int, i: int) -> tuple[tuple[str, ...], str]:
    targets: tuple[str, ...] = (I.tile_id(st.teepee_slots[i], I.teepee_place(i)),)
    if i in TEEPEE_SPACE:
        targets += (I.SPACE_IDS[TEEPEE_SPACE[i]],)
    value = TEEPEE_VALUES[i]
    return targets, f"${-value}" if value < 0 else ""


def _d_hazard(st: St, frame: Any, s: int, i: int) -> tuple[tuple[str, ...], str]:
    row, slot = divmod(i, 4)
    tile = I.tile_id(st.hazard_rows[row][slot], I.hazard_place(row, slot))
    cost = int(frame.cost) if type(frame) is B.RemoveHazard else 0
    return (tile, I.SPACE_IDS[HAZARD_SPACE[(row, slot)]]), f"${cost}" if cost else ""


def _d_engine(st: St, frame: Any, s: int, pos: int) -> tuple[tuple[str, ...], str]:
    return (I.engine_at(pos),), ""


def _d_disc(st: St, frame: Any, s: int, row: int) -> tuple[tuple[str, ...], str]:
    cost = DISC_ROWS[row].cost
    return ((I.disc_row_id(s, row), _dest_id(frame.dest, frame.target)),
            f"${cost}" if cost else "")


def _d_unstation(st: St, frame: Any, s: int, k: int) -> tuple[tuple[str, ...], str]:
    return (I.STATION_IDS[k], _dest_id(frame.dest, frame.target)), ""


def _d_city(st: St, frame: Any, s: int, c: int) -> tuple[tuple[str, ...], str]:
    if type(frame) is not KC.KcDeliver:
        return (I.CITY_IDS[c],), ""
    cost = KC.transport_cost(st.engine[s], c)
    return (I.CITY_IDS[c],), f"${cost} transport" if cost else ""


def _d_certs(st: St, frame: Any, s: int, k: int) -> tuple[tuple[str, ...], str]:
    return (), plural(k, "temporary certificate") if k else ""


def _d_foresight(st: St, frame: Any, s: int, slot: int) -> tuple[tuple[str, ...], str]:
    col = frame.column
    return (I.tile_id(st.foresight[col][slot], I.foresight_place(col, slot)),), ""


def _d_play_objective(st: St, frame: Any, s: int, o: int) -> tuple[tuple[str, ...], str]:
    return (I.card_id(A.OBJ0 + o, I.HAND),), ""


def _d_take_objective(st: St, frame: Any, s: int, i: int) -> tuple[tuple[str, ...], str]:
    if i < len(st.obj_display):
        return (I.card_id(A.OBJ0 + st.obj_display[i], I.DISPLAY),), ""
    return (I.OBJECTIVE_DECK,), ""


def _d_appoint(st: St, frame: Any, s: int, w: int) -> tuple[tuple[str, ...], str]:
    k = frame.station
    m = st.masters_at[MASTER_SLOT[k]]
    return (I.worker_id(s, w), I.MASTER_IDS[m], I.STATION_IDS[k]), f"1 {WORKERS[w]}"


def _d_upgrade(st: St, frame: Any, s: int, k: int) -> tuple[tuple[str, ...], str]:
    return (I.STATION_IDS[k],), f"${STATIONS[k].cost}"


def _d_adjacent(st: St, frame: Any, s: int, space: int) -> tuple[tuple[str, ...], str]:
    return _location(st, space), ""


#: (first id of a family, describer), from the last family to the first.
DESCRIBERS: tuple[tuple[int, Describer], ...] = tuple(sorted(
    [
        (A.MOVE, _d_move), (A.STOP, _d_stop), (A.LOCAL, _d_local), (A.AUX, _d_aux),
        (A.DONE, _d_none), (A.ACCEPT, _d_accept), (A.DECLINE, _d_none), (A.HIRE, _d_hire),
        (A.BUILD, _d_build), (A.PLACE, _d_place), (A.BUY1, _d_buy1), (A.BUY2, _d_buy2),
        (A.ADD_MARKET, _d_add_market), (A.DISCARD, _d_card), (A.PAIR, _d_pair),
        (A.REMOVE, _d_card), (A.TEEPEE, _d_teepee), (A.HAZARD, _d_hazard),
        (A.ENGINE, _d_engine), (A.DISC, _d_disc), (A.UNSTATION, _d_unstation),
        (A.CITY, _d_city), (A.CERTS, _d_certs), (A.FORESIGHT, _d_foresight),
        (A.PLAY_OBJ, _d_play_objective), (A.TAKE_OBJ, _d_take_objective),
        (A.APPOINT, _d_appoint), (A.UPGRADE, _d_upgrade), (A.ADJ, _d_adjacent),
        (A.DRAWN, _d_none), (A.CH_CARD, _d_none),
    ],
    key=lambda pair: -pair[0],
))
