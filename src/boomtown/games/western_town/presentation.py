"""Prompts and described actions of Western Town (the engine's presentation contract).

:func:`prompt` reads the step on top of the decision machine's stack and says what is being
decided, rolled or drawn, by whom and for whom, with progress where a choice has several parts
and the board things it concerns (ids of :mod:`ids`). Another seat's secret choice (the cards
kept, the card chosen face down) is named without its content. :func:`describe` gives the
board things a legal action concerns, the one a player clicks first, and its cost. Neither runs
on the bots' hot path (they use ``legal_actions()``), and neither changes the position.

>>> from boomtown.games.western_town import RULESET
>>> st = RULESET.new_game(2, 1)
>>> st.prompt().title
'Draw the first lead marshal'
>>> while st.current_player < 0:
...     _ = st.apply(st.sample_chance())
>>> p = st.prompt(st.current_player)
>>> p.title, p.progress
('Keep 4 cards: set the others aside', 'card 1 of 3')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from boomtown.engine.actions import CHANCE, Prompt
from boomtown.games.western_town import actions as A
from boomtown.games.western_town import effects as E
from boomtown.games.western_town import ids as I
from boomtown.games.western_town import raids as RD
from boomtown.games.western_town import rules as R
from boomtown.games.western_town.data import DATA
from boomtown.games.western_town.state import (
    HAND,
    HOMESTEAD,
    INACTIVE,
    NZ,
    SEAT_NAMES,
    UP,
    WT,
    K,
    S,
)
from boomtown.games.western_town.steps import (
    EXPLOIT_LIST,
    EXPLOITED,
    LAID,
    LAY_LIST,
    OWNER,
    PLAY_LIST,
    PLAYED,
    STEPLISTS,
)
from boomtown.games.western_town.texts import (
    amount,
    amounts,
    cost_text,
    listing,
    sentence,
    step_text,
    steps_text,
)

if TYPE_CHECKING:
    from boomtown.games.western_town.state import WesternTownState as St

Frame = Any  # a step of the machine (the one on top of the stack)
Described = tuple[tuple[str, ...], str]
NAMES = SEAT_NAMES
CARDS = DATA.cards
SETUP = DATA.setup
#: Cards a player plays in phase 2, and in all by the end of phase 3.
PHASE2_CARDS, ROUND_CARDS = 2, R.ROUND_CARDS
EFFECT_WORDS = {PLAYED: "played effect", EXPLOITED: "exploit effect", LAID: "tile effect"}
#: Per effect, the step list of each card kind.
EFFECT_LISTS = {PLAYED: PLAY_LIST, EXPLOITED: EXPLOIT_LIST, LAID: LAY_LIST}
#: The article before a star pool's colour.
ARTICLE = {colour: "an" if colour[0] in "aeiou" else "a" for colour in R.STAR_POOLS}
#: The prompt of an income choice -> the card kind whose income it is.
INCOME_KIND = {text: k for k, text in enumerate(R.INCOME_PROMPTS)}


def title_name(k: int) -> str:
    """A card's name at the start of a title ("Gold mine")."""
    name = CARDS[k].name
    return name[0].upper() + name[1:]


def effect_cost(steps: Sequence[dict[str, Any]]) -> str:
    """What an effect makes the player pay before it gives anything: the payment of a
    first step that is a conversion which cannot be declined, or a paid construction."""
    if not steps:
        return ""
    step = steps[0]
    if step["op"] == "convert" and not step.get("optional"):
        return amounts(step["pay"])
    if step["op"] == "build":
        one_of = listing([amount(r, 1) for r in step.get("pay_one_of", ())], "or")
        return listing([amounts(step.get("pay", {})), one_of])
    return ""


PLAY_COST = [effect_cost(c.play) for c in CARDS]
EXPLOIT_COST = [effect_cost(c.exploit) for c in CARDS]
BUILD_COST = [cost_text(c.tile.cost, c.tile.cost_one_of) if c.tile else "" for c in CARDS]


# ------------------------------------------------------------------ small helpers
def _card_here(st: St, s: int, k: int) -> str:
    """Seat ``s``'s card ``k`` where it lies face up (else the card's catalogue id)."""
    return I.TABLE_AT[s][k] if st.zones[(s * NZ + UP) * K + k] else I.CARD_IDS[k]


def _building_id(st: St, s: int, k: int) -> str:
    """The id of what seat ``s`` builds as kind ``k``: its constructible building, or for a
    homestead its homestead tiles."""
    return I.HOMESTEAD_TILES_AT[s] if k == HOMESTEAD else I.BUILD_AT[s][k]


def _payload(option: Any) -> Any:
    """An option's step without its :class:`effects.Then` wrappers (an "either" branch's
    first step)."""
    payload = option
    while type(payload) is E.Then:
        payload = payload.option
    return payload


def _main_payload(frame: E.Ask) -> Any:
    """The first option of an :class:`effects.Ask` that is not a skip or stop."""
    for _, payload in frame.options:
        if type(payload) is not E.Skip:
            return _payload(payload)
    return E.SKIP


def _attacked(t: int, x: int) -> str:
    """The id of the thing the Indians attack: a site of seat ``t``'s town, or its Inhabitants."""
    return I.RESOURCE_AT[t]["I"] if x == A.INHABITANTS_TARGET else I.SITE_AT[t][x]


def _attacked_words(st: St, t: int, x: int) -> str:
    if x == A.INHABITANTS_TARGET:
        return "the Inhabitants"
    return f"the {CARDS[st.site[t * S + x]].name} on site {x}"


def _played(st: St, s: int) -> int:
    return int(st.played[s])


# ------------------------------------------------------------------ chance points
def _p_first_lm(st: St, frame: R.FirstLeadMarshal, seat: int | None) -> Prompt:
    g = frame.group
    table = f" of table {g + 1}" if len(st.groups) > 1 else ""
    return Prompt(CHANCE, f"Draw the first lead marshal{table}",
                  "The player to the lead marshal's right is the grand manitou", kind="chance",
                  subjects=(I.LEAD_MARSHAL_AT[g], I.GRAND_MANITOU_AT[g]))


def _p_star(st: St, frame: R.Star, seat: int | None) -> Prompt:
    g, pool, add = frame.group, frame.pool, frame.add
    colour = R.STAR_POOLS[pool]
    total = R.STAR_ADD + (0 if st.options.short_game else R.STAR_REMOVE)
    left = sum(1 for f in st.stack if type(f) is R.Star and f.group == g and f.pool == pool)
    if add:
        title = f"Draw {ARTICLE[colour]} {colour}-star building for the constructible buildings"
        hint = "Every player of the table may build it from now on"
    else:
        title = f"Draw {ARTICLE[colour]} {colour}-star building out of the game"
        hint = "Its tile becomes a homestead tile for every player of the table"
    return Prompt(CHANCE, title, hint, progress=f"draw {total - left + 1} of {total}",
                  kind="chance", subjects=(I.GROUP_IDS[g],))


def _p_deal(st: St, frame: R.Deal, seat: int | None) -> Prompt:
    s = frame.for_seat
    dealt = sum(1 for c in st.start_card if c >= 0)
    return Prompt(CHANCE, f"Deal a western town card to {NAMES[s]}",
                  "It gives the start resources and the start building",
                  progress=f"card {dealt + 1} of {st.num_players}", kind="chance",
                  subjects=(I.SEAT_IDS[s],), for_seat=s)


def _p_lincoln(st: St, frame: R.LincolnCard, seat: int | None) -> Prompt:
    return Prompt(CHANCE, f"Reveal the Lincoln card of round {st.round}",
                  "In phase 5 Lincoln visits the player who best meets its expectations",
                  progress=f"round {st.round} of {st.rounds}", kind="chance")


def _p_die(st: St, frame: RD.Die, seat: int | None) -> Prompt:
    s = frame.for_seat
    g = st.seat_group[s]
    red, orange = st.camp[g * 3], st.camp[g * 3 + 1]
    return Prompt(CHANCE, "Roll the Indian die",
                  f"For {NAMES[s]}: the camp holds {red} of {SETUP.raid_red} red and {orange} "
                  f"of {SETUP.raid_orange} orange Indians it attacks with",
                  kind="chance", subjects=I.INDIAN_AT[g], for_seat=s)


# ------------------------------------------------------------------ card decisions
def _p_aside(st: St, frame: R.Aside, seat: int | None) -> Prompt:
    s, left = frame.seat, frame.left
    done = sum(st.zone_list(s, INACTIVE))
    keep = st.hand_limit[s]
    progress = f"card {done + 1} of {done + left}"
    if seat == s:
        return Prompt(s, f"Keep {keep} cards: set the others aside",
                      "Set-aside cards wait in your inactive pile until the end of the round",
                      progress=progress, kind="set-aside", subjects=(I.SEAT_IDS[s],))
    return Prompt(s, f"{NAMES[s]} keeps {keep} cards and sets the others aside in secret",
                  "The cards set aside wait in the inactive pile until the end of the round",
                  progress=progress, kind="set-aside", subjects=(I.SEAT_IDS[s],))


def _cannot_play(st: St) -> bool:
    """The seat to decide holds no playable card (its legal ids play face down)."""
    legal = st.legal_action_ids()
    return bool(legal) and all(A.FACEDOWN <= aid < A.SET_ASIDE for aid in legal)


def _p_solo(st: St, frame: R.Solo, seat: int | None) -> Prompt:
    s = frame.seat
    played = _played(st, s)
    progress = f"card {played + 1} of {PHASE2_CARDS}"
    alone = ("You play first, alone, as lead marshal" if played == 0
             else "You play your second card alone, last of phase 2")
    if seat != s:
        return Prompt(s, f"{NAMES[s]} plays a card", "Phase 2: one player plays alone",
                      progress=progress, kind="play", subjects=(I.SEAT_IDS[s],))
    if _cannot_play(st):
        return Prompt(s, "No card can be played: play one face down without effect",
                      "Your hand is shown to everybody", progress=progress, kind="play",
                      subjects=(I.SEAT_IDS[s],))
    return Prompt(s, "Play a card face up", f"{alone}; its played effect applies at once",
                  progress=progress, kind="play", subjects=(I.SEAT_IDS[s],))


def _partner(st: St, s: int) -> int:
    """The seat whose secret card is revealed together with seat ``s``'s."""
    below = st.stack[-2]
    if type(below) is R.Commit:
        return int(below.seat)
    return int(below.first if below.second == s else below.second)  # the pair's Reveal


def _p_commit(st: St, frame: R.Commit, seat: int | None) -> Prompt:
    s = frame.seat
    partner = NAMES[_partner(st, s)]
    progress = f"card {_played(st, s) + 1} of {PHASE2_CARDS}"
    hint = "Both cards are turned over together; their effects resolve in turn order"
    if seat != s:
        return Prompt(s, f"{NAMES[s]} chooses a card in secret (revealed with {partner}'s)",
                      hint, progress=progress, kind="play", subjects=(I.SEAT_IDS[s],))
    if _cannot_play(st):
        return Prompt(s, "No card can be played: choose one in secret to play face down "
                         "without effect", "Your hand is shown to everybody",
                      progress=progress, kind="play", subjects=(I.SEAT_IDS[s],))
    return Prompt(s, f"Choose your card in secret: revealed with {partner}'s", hint,
                  progress=progress, kind="play", subjects=(I.SEAT_IDS[s],))


def _p_xturn(st: St, frame: R.XTurn, seat: int | None) -> Prompt:
    s = frame.seat
    played = _played(st, s)
    progress = f"{played} of {ROUND_CARDS} cards played"
    hint = ("Phase 3: play your third card or exploit a neighbour's face-up card of the same "
            "name; the first to pass leads the next round")
    if seat != s:
        if played < ROUND_CARDS and any(st.zone_list(s, HAND)):
            title = f"{NAMES[s]} plays a third card or exploits a neighbour's card"
        else:
            title = f"{NAMES[s]} exploits a neighbour's card or passes"
        return Prompt(s, title, hint, progress=progress, kind="turn", subjects=(I.SEAT_IDS[s],))
    legal = st.legal_action_ids()
    parts = []
    if any(aid < A.FACEDOWN for aid in legal):
        parts.append("play your third card")
    elif any(A.FACEDOWN <= aid < A.SET_ASIDE for aid in legal):
        parts.append("play your third card face down without effect")
    if any(A.EXPLOIT <= aid < A.PASS or aid >= A.EXPLOIT_HAND for aid in legal):
        parts.append("exploit a neighbour's card")
    if A.PASS in legal:
        parts.append("pass")
    return Prompt(s, sentence(listing(parts, "or")).rstrip("."), hint, progress=progress,
                  kind="turn", subjects=(I.SEAT_IDS[s],))


# ------------------------------------------------------------------ listed choices
def _p_step(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    """A decision of a card's effect: the step that asks, named by its card and effect."""
    s = frame.seat
    lid, i = E.STEP_AT_PROMPT[frame.question]
    k, effect = OWNER[lid]
    step = STEPLISTS[lid][i]
    name = title_name(k)
    op = step["op"]
    questions: dict[str, Callable[[], str]] = {
        "choose_gain": lambda: step_text(step),
        "convert": lambda: f"{step_text({**step, 'optional': False, 'then': ()})}, or skip",
        "convert_any": lambda: f"{step_text({**step, 'optional': False})}, or skip",
        "convert_repeat": lambda: step_text(step).replace("any number of times, ", "") +
        ", or stop",
        "repair_repeat": lambda: f"pay {amounts(step['pay'])} to repair a destroyed building, "
                                 "or stop",
        "repair": lambda: "choose a destroyed building to repair",
        "either": lambda: listing([steps_text(branch) for branch in step["options"]], "or"),
        "build": lambda: ("choose a building to construct" if not step.get("pay_one_of")
                          else step_text(step)),
        "replay": lambda: f"choose a face-up {listing(list(step['colours']), 'or')} card to "
                          "replay",
        "steal": lambda: f"take {amount(step['res'], 1)} from whom?",
        "peek": lambda: "whose hand to look at?",
        "retrieve": lambda: "take a card back from the inactive pile",
    }
    question = questions.get(op, lambda: step_text(step))()
    top_lid = EFFECT_LISTS[effect][k]
    top = STEPLISTS[top_lid]
    progress = ""
    if op == "retrieve":
        left = _main_payload(frame).left
        progress = f"card {int(step['up_to']) - left + 1} of up to {step['up_to']}"
    elif lid == top_lid and len(top) > 1:  # a step of the effect itself, not of a branch
        progress = f"part {i + 1} of {len(top)}"
    subject = (I.BUILDING_AT[s][_site_of(st, s, k)][k] if effect == LAID
               else _card_here(st, s, k))
    return Prompt(s, f"{name}: {question}",
                  sentence(f"{EFFECT_WORDS[effect].capitalize()}: {steps_text(top)}"),
                  progress=progress, kind="effect", subjects=(subject,))


def _site_of(st: St, s: int, k: int) -> int:
    """A site of seat ``s``'s town with a building of kind ``k`` (the last one)."""
    base = s * S
    return max(x for x in range(S) if st.site[base + x] == k)


def _p_retrieve_more(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    s = frame.seat
    left = _main_payload(frame).left
    return Prompt(s, "Take another card back from the inactive pile, or stop",
                  "The cards taken back go to the hand", progress=f"up to {left} more",
                  kind="effect", subjects=(I.SEAT_IDS[s],))


def _p_build_after_pay(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    s = frame.seat
    return Prompt(s, "Choose the building to construct",
                  "The exploit's extra is paid; the building's own cost comes next",
                  kind="build", subjects=(I.SEAT_IDS[s],))


def _p_space_trade(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    s = frame.seat
    pay, gain = A.SPACE_TRADE
    spaces = tuple(I.SITE_AT[s][x] for x in A.SPACES
                   if DATA.sites[x].effect == "wood_for_inhabitants" and st.site[s * S + x] >= 0)
    return Prompt(s, f"The space's trade: {amounts(pay)} for {amounts(gain)}, or skip",
                  "The tile was laid on a space that offers a trade", kind="resources",
                  subjects=spaces)


def _p_start_space(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    lay = _main_payload(frame)
    s, k = lay.seat, lay.kind
    return Prompt(s, f"Choose a space marked 4 for your start building, the {CARDS[k].name}",
                  "Your western town card gives it", kind="build", subjects=(I.SEAT_IDS[s],))


def _p_income(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    s = frame.seat
    k = INCOME_KIND[frame.question]
    choice = listing([amount(r, 1) for r in CARDS[k].income_choice], "or")
    return Prompt(s, f"{title_name(k)}'s income: take {choice}",
                  "Phase 4: your face-up cards earn their income", kind="resources",
                  subjects=(_card_here(st, s, k),))


def _p_lincoln_tie(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    s = frame.seat
    tied = [option.step.seat for _, option in frame.options]  # Push(Award(seat))
    return Prompt(s, "Lead marshal: choose whom Lincoln visits",
                  f"{listing([NAMES[t] for t in tied])} tie for Lincoln's expectations",
                  kind="lincoln", subjects=tuple(I.SEAT_IDS[t] for t in tied))


def _p_raid_town(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    s = frame.seat
    tied = [option.step.seat for _, option in frame.options]  # Push(RaidStart(g, seat))
    return Prompt(s, "Grand manitou: choose the town the Indians attack",
                  f"{listing([NAMES[t] for t in tied])} tie for the fewest Peace pipes",
                  kind="raid", subjects=tuple(I.SEAT_IDS[t] for t in tied))


def _p_raid_target(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    s = frame.seat
    raid = _main_payload(frame).raid
    g, t, red, orange, done = raid.group, raid.seat, raid.red, raid.orange, raid.done
    waiting = [(c, n) for c, n in enumerate((red, orange)) if n]
    colours = listing([f"the {n} {A.COLOURS[c]}" for c, n in waiting], "or")
    indians = "Indian" if len(waiting) == 1 and waiting[0][1] == 1 else "Indians"
    return Prompt(s, f"Grand manitou: choose the target of {colours} {indians} in "
                     f"{NAMES[t]}'s town",
                  "A building or the Inhabitants; each Indian takes a Cowboy to repel "
                  f"({SETUP.zone4_cowboy_repels} in zone 4)",
                  progress=f"target {len(done) + 1} of {len(done) + len(waiting)}", kind="raid",
                  subjects=(I.SEAT_IDS[t], *(I.INDIAN_AT[g][c] for c, _ in waiting)))


def _p_defend(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    defend = _main_payload(frame)
    t, x, cost = defend.seat, defend.target, defend.cost
    if x == A.INHABITANTS_TARGET:
        lost = (f"{amount('I', SETUP.inhabitant_loss)} and {amount('L', SETUP.lure_loss)} "
                "are lost")
    else:
        lost = "the building is destroyed"
    return Prompt(t, f"Defend {_attacked_words(st, t, x)} with {amount('C', cost)}?",
                  f"Undefended, {lost}", kind="defend", subjects=(_attacked(t, x),))


def _p_pay_build(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    pay_build = _main_payload(frame)
    s, k = pay_build.seat, pay_build.kind
    return Prompt(s, f"Pay for the {CARDS[k].name}: choose how",
                  f"It costs {BUILD_COST[k]}", kind="build", subjects=(_building_id(st, s, k),))


def _p_lay(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    lay = _main_payload(frame)
    s, k = lay.seat, lay.kind
    what = "a homestead" if k == HOMESTEAD else f"the {CARDS[k].name}"
    return Prompt(s, f"Choose a space for {what}",
                  "The lowest empty number sets your hand size; some spaces give a bonus",
                  kind="build", subjects=(_building_id(st, s, k),))


#: Listed choices (:class:`effects.Ask`) by their question, then by their options' step.
_ASK_BY_TEXT: dict[str, Callable[[St, Frame, int | None], Prompt]] = {
    E.RETRIEVE_MORE_PROMPT: _p_retrieve_more,
    E.BUILD_AFTER_PAY_PROMPT: _p_build_after_pay,
    E.SPACE_TRADE_PROMPT: _p_space_trade,
    R.START_SPACE_PROMPT: _p_start_space,
    R.LINCOLN_TIE_PROMPT: _p_lincoln_tie,
    RD.RAID_TOWN_PROMPT: _p_raid_town,
    RD.RAID_TARGET_PROMPT: _p_raid_target,
    **{text: _p_income for text in INCOME_KIND},
    **{text: _p_step for text in E.STEP_AT_PROMPT},
}
_ASK_BY_PAYLOAD: dict[type, Callable[[St, Frame, int | None], Prompt]] = {
    RD.Defend: _p_defend,
    E.PayBuild: _p_pay_build,
    E.Lay: _p_lay,
}


def _p_ask(st: St, frame: E.Ask, seat: int | None) -> Prompt:
    make = _ASK_BY_TEXT.get(frame.question) or _ASK_BY_PAYLOAD.get(type(_main_payload(frame)))
    if make is None:  # a choice no prompt above knows: its own text, still specific
        return Prompt(frame.seat, sentence(str(frame.question)).rstrip("."), kind="choice")
    return make(st, frame, seat)


#: The prompt of each step type a seat or chance decides in.
PROMPTS: dict[type, Callable[[St, Any, int | None], Prompt]] = {
    R.FirstLeadMarshal: _p_first_lm, R.Star: _p_star, R.Deal: _p_deal,
    R.LincolnCard: _p_lincoln, RD.Die: _p_die, R.Aside: _p_aside, R.Solo: _p_solo,
    R.Commit: _p_commit, R.XTurn: _p_xturn, E.Ask: _p_ask,
}


@WT.answers("prompt")
def prompt(st: St, seat: int | None) -> Prompt:
    """The current decision (or chance point) as ``seat`` (``None``: a spectator) may read it."""
    frame = st.stack[-1]
    make = PROMPTS.get(type(frame))
    if make is None:  # a frame the machine stops at that names no decision of its own
        return Prompt(st.current_player, sentence(R.describe(st)).rstrip("."))
    return make(st, frame, seat)


# ------------------------------------------------------------------ described actions
@WT.answers("describe")
def describe(st: St, aid: int) -> Described:
    """The board things legal action ``aid`` concerns (the main one first) and its cost."""
    s = st.current_player
    if s == CHANCE:
        return _describe_chance(st, aid)
    frame = st.stack[-1]
    if type(frame) is E.Ask:
        for option, payload in frame.options:
            if option == aid:
                return _describe_payload(st, _payload(payload))
        return (), ""
    if aid < A.SET_ASIDE:  # play, or play face down without effect
        k = (aid - A.PLAY) % K
        return (I.HAND_AT[k],), PLAY_COST[k] if aid < A.FACEDOWN else ""
    if aid < A.RETRIEVE:
        return (I.HAND_AT[aid - A.SET_ASIDE],), ""
    if A.EXPLOIT <= aid < A.PASS:
        t, k = divmod(aid - A.EXPLOIT, K)
        own = I.TABLE_AT[s][k] if st.zones[(s * NZ + UP) * K + k] else I.HAND_AT[k]
        return (I.TABLE_AT[t][k], own), EXPLOIT_COST[k]
    if A.EXPLOIT_HAND <= aid < A.EXPLOIT_NAMED:
        t, k = divmod(aid - A.EXPLOIT_HAND, K)
        return (I.TABLE_AT[t][k], I.HAND_AT[k]), EXPLOIT_COST[k]
    if aid >= A.EXPLOIT_NAMED:
        q, z = divmod(aid - A.EXPLOIT_NAMED, 2)
        t, p = divmod(q, A.NP)
        k, j = A.NAMED_PAIRS[p]
        own = I.HAND_AT[j] if z == A.FROM_HAND else I.TABLE_AT[s][j]
        return (I.TABLE_AT[t][k], own), EXPLOIT_COST[j]
    return (), ""  # pass: nothing on the board


def _describe_payload(st: St, p: Any) -> Described:
    """A listed option, by its step (what carrying it out does)."""
    kind = type(p)
    if kind is E.Txn:
        main = p.gain[0][0] if p.gain else p.pay[0][0]
        return (I.RESOURCE_AT[p.seat][main],), amounts(dict(p.pay))
    if kind is E.Repair:
        s, x = p.seat, p.site
        k = st.site[s * S + x]
        return (I.SITE_AT[s][x], I.BUILDING_AT[s][x][k], I.DESTROYED_AT[s][x]), amounts(
            dict(p.pay))
    if kind is E.Build:
        return (_building_id(st, p.seat, p.kind),), BUILD_COST[p.kind]
    if kind is E.BuildPay:
        return (I.RESOURCE_AT[p.seat][p.pay[0][0]],), amounts(dict(p.pay))
    if kind is E.PayBuild:
        return (_building_id(st, p.seat, p.kind),), amounts(dict(p.pay))
    if kind in (E.Lay, R.StartLay):
        return (I.SITE_AT[p.seat][p.space],), ""
    if kind is E.Replay:
        return (I.TABLE_AT[p.seat][p.kind],), ""
    if kind is E.Steal:
        return (I.SEAT_IDS[p.target], I.RESOURCE_AT[p.target][p.res]), ""
    if kind is E.Peek:
        return (I.SEAT_IDS[p.target],), ""
    if kind is E.Retrieve:
        return (I.INACTIVE_AT[p.kind],), ""
    if kind is E.Push:  # Lincoln's tie (Award) or the town attacked (RaidStart)
        return (I.SEAT_IDS[p.step.seat],), ""
    if kind is RD.Attack:
        return (_attacked(p.raid.seat, p.target), I.INDIAN_AT[p.raid.group][p.colour]), ""
    if kind is RD.Defend:
        return (_attacked(p.seat, p.target),), amount("C", p.cost) if p.defended else ""
    return (), ""  # skip, stop


def _describe_chance(st: St, aid: int) -> Described:
    frame = st.stack[-1]
    if A.FIRST_LM <= aid < A.START_CARD:
        return (I.SEAT_IDS[aid - A.FIRST_LM], I.LEAD_MARSHAL_AT[frame.group]), ""
    if aid < A.LINCOLN:
        return (I.START_IDS[aid - A.START_CARD], I.SEAT_IDS[frame.for_seat]), ""
    if aid < A.STAR:
        return (I.LINCOLN_IDS[aid - A.LINCOLN],), ""
    if aid < A.DIE:
        return (I.STOCK_AT[frame.group][aid - A.STAR],), ""
    return (I.DIE_IDS[aid - A.DIE],), ""

