"""Gunfights: targets, sides, volleys with explicit dice, retreats and spoils.

Sequence (rule text; open questions U8-U10 where it is silent, see docs/sources/way-out-west.md):

1. The attacker names a target in a town where he has a cowboy (an action of the action phase).
2. The owner of a Jail in that town decides about the sheriff: an attacking owner may add it
   to his own side; any other owner may add it to the defender.
3. Sides: all the attacker's cowboys in the town (+ sheriff); all the target owner's cowboys
   there (+ sheriff), + 1 built-in cowboy for a Bank or a Train; a Farmer defends as one
   cowboy. With the ``default_defender`` option a target without any defender gets one.
4. Exchanges: the side with fewer fighters fires first and its hits are removed at once;
   equal sides fire together. Each fighter rolls one die; every 5 or 6 is a hit. The dice are
   a chance point whose outcomes are the number of hits. Hits take cowboys first, then the
   sheriff, then the built-in / default / Farmer fighter; with the option
   ``casualties = "owner_chooses"`` the hit side's player picks the kind, one hit at a time
   (frame ``("casualty", side, hits)``), whenever the choice matters.
5. Before firing, a side whose player has cowboys in the fight may retreat instead: each of
   his cowboys goes to a different town (one per town), and he loses.
6. A winning attacker takes control of the target: he may replace a counter with his own
   (if he does not, or cannot, it goes back to its owner's supply; the log says why he
   cannot), up to 2 cattle change colour, a Jail or Farmer leaves play, a Bank is robbed for
   3d6. The winner takes a Wanted counter (from another player of his choice when none are
   left).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from math import comb
from typing import TYPE_CHECKING, Any

from boomtown.engine.actions import CHANCE
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west.data import DATA
from boomtown.games.way_out_west.options import OWNER_CHOOSES
from boomtown.games.way_out_west.state import (
    ATTACKER_WINS,
    DEFENDER_WINS,
    F_ACOW,
    F_ACTIVE,
    F_ASHER,
    F_ATT,
    F_DCOW,
    F_DEF,
    F_DEXTRA,
    F_DSHER,
    F_HITS_A,
    F_HITS_D,
    F_RESULT,
    F_SLOT,
    F_TOWN,
    JAIL,
    NF,
    NOBODY_WINS,
    ONGOING,
    SEAT_NAMES,
    C,
    T,
)

if TYPE_CHECKING:
    from boomtown.games.way_out_west.state import WayOutWestState as St

Frame = tuple[Any, ...]
GF = DATA.gunfight
P_HIT = len(GF.hit_faces) / GF.die_sides
DEFENCE = tuple(c.defence for c in DATA.counters)
WHEN_WON = tuple(c.when_won for c in DATA.counters)
PER_TOWN = DATA.limits.counters_per_player_per_town
#: Most cowboys a side can retreat: one per other town.
MOST_RETREATING = (T - 1) * GF.cowboys_per_retreat_town
SIDE_NAMES = ("attacker", "defender")


def _binomial(k: int) -> list[tuple[int, float]]:
    return [(A.HITS + h, comb(k, h) * P_HIT**h * (1 - P_HIT) ** (k - h)) for h in range(k + 1)]


VOLLEY = [_binomial(k) for k in range(A.MAX_FIGHTERS + 1)]
#: Legal lists that never change (shared: read-only, like every legal list).
#: VOLLEY_IDS[k]: the outcome ids of a volley of k shots (0..k hits).
VOLLEY_IDS = tuple([aid for aid, _ in VOLLEY[k]] for k in range(A.MAX_FIGHTERS + 1))
FIRE_OR_RETREAT = [A.FIRE, A.RETREAT]
#: RETREAT_IDS[used]: the towns a retreating cowboy may ride to (bit t of ``used``: taken).
RETREAT_IDS = tuple(
    [A.RETREAT_TO + t for t in range(T) if not used >> t & 1] for used in range(1 << T)
)


def _robbery_table() -> list[tuple[int, float]]:
    counts: dict[int, int] = {}
    for faces in product(range(1, GF.die_sides + 1), repeat=GF.robbery_dice):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    total = GF.die_sides**GF.robbery_dice
    return [(A.ROBBERY + x - A.ROBBERY_MIN, n / total) for x, n in sorted(counts.items())]


ROBBERY = _robbery_table()

PROMPTS: dict[str, str] = {
    "sheriff": "the Jail owner decides about the sheriff",
    "ask": "fire or retreat",
    "roll": "chance: a volley is fired (each 5 or 6 is a hit)",
    "retreat": "send a retreating cowboy to another town",
    "spoils_counter": "you take control of the counter: replace it with your own or not",
    "rustle": "rustle 1 or 2 cattle",
    "robbery": "chance: the robber rolls three dice",
    "wanted": "take a Wanted counter from another player",
    "casualty": "choose which of your fighters a hit removes",
}


def fighters(st: St, side: int) -> int:
    f = st.fight
    if side == 0:
        return f[F_ACOW] + f[F_ASHER]
    return f[F_DCOW] + f[F_DSHER] + f[F_DEXTRA]


def target_owner(st: St, t: int, slot: int) -> int:
    """The seat whose target it is (-1 for a Farmer)."""
    if slot < C:
        return st.owner[t * C + slot]
    if slot < A.SLOT_FARMER:
        return slot - A.SLOT_CATTLE
    return -1


def target_text(st: St) -> str:
    f = st.fight
    t, slot = f[F_TOWN], f[F_SLOT]
    town = A.TOWN_NAMES[t]
    if slot < C:
        return f"{SEAT_NAMES[f[F_DEF]]}'s {A.COUNTER_NAMES[slot]} in {town}"
    if slot < A.SLOT_FARMER:
        return f"{SEAT_NAMES[f[F_DEF]]}'s cattle in {town}"
    return f"the Farmer in {town}"


# ------------------------------------------------------------------ start
#: A fight's frames in stack order (the first to run on top): the sides, the exchanges of
#: fire, the outcome, then the fight record is cleared.
FIGHT_FRAMES = (("fight_clear",), ("fight_end",), ("exchange",), ("fight_begin",))


def start(st: St, a: int, t: int, slot: int) -> None:
    f = [0] * NF
    f[F_ACTIVE] = 1
    f[F_ATT] = a
    f[F_DEF] = target_owner(st, t, slot)
    f[F_TOWN] = t
    f[F_SLOT] = slot
    f[F_RESULT] = ONGOING
    st.fight = f
    st.log(f"{SEAT_NAMES[a]} starts a gunfight over {target_text(st)}")
    st.stack += FIGHT_FRAMES
    jail_owner = st.owner[t * C + JAIL]
    if jail_owner >= 0:
        st.stack.append(("sheriff", jail_owner))


def _seat(st: St, frame: Frame) -> int:
    seat: int = frame[1]
    return seat


def _legal_sheriff(st: St, frame: Frame) -> list[int]:
    if frame[1] == st.fight[F_ATT]:
        return [A.SHERIFF_ATT, A.SHERIFF_OUT]
    return [A.SHERIFF_DEF, A.SHERIFF_OUT]


def _choose_sheriff(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    j = frame[1]
    if aid == A.SHERIFF_ATT:
        st.fight[F_ASHER] = 1
        st.log(f"{SEAT_NAMES[j]} adds the sheriff to the attacker")
    elif aid == A.SHERIFF_DEF:
        st.fight[F_DSHER] = 1
        st.log(f"{SEAT_NAMES[j]} adds the sheriff to the defender")
    else:
        st.log(f"{SEAT_NAMES[j]} keeps the sheriff out of the gunfight")


def _fight_begin(st: St, frame: Frame) -> None:
    st.stack.pop()
    f = st.fight
    a, d, t, slot = f[F_ATT], f[F_DEF], f[F_TOWN], f[F_SLOT]
    f[F_ACOW] = st.cowboys[a * T + t]
    f[F_DCOW] = st.cowboys[d * T + t] if d >= 0 else 0
    if slot < C:
        f[F_DEXTRA] = DEFENCE[slot]
    elif slot == A.SLOT_FARMER:
        f[F_DEXTRA] = GF.farmer_defence
    if fighters(st, 1) == 0 and st.options.default_defender:
        f[F_DEXTRA] = GF.default_defence
        st.log("the unguarded target gets a default defender")
    a_sheriff = " and the sheriff" if f[F_ASHER] else ""
    d_sheriff = " and the sheriff" if f[F_DSHER] else ""
    more = f" and {f[F_DEXTRA]} more" if f[F_DEXTRA] else ""
    st.log(f"attacker: {f[F_ACOW]} cowboys{a_sheriff}; "
           f"defender: {f[F_DCOW]} cowboys{d_sheriff}{more}")
    if fighters(st, 1) == 0:
        f[F_RESULT] = ATTACKER_WINS
        st.log("nobody defends the target")


def _exchange(st: St, frame: Frame) -> None:
    """Frame ``("exchange",)``: while the fight goes on, one more exchange of fire runs on
    top of it; then it comes back here."""
    if st.fight[F_RESULT] != ONGOING:
        st.stack.pop()
        return
    fa, fd = fighters(st, 0), fighters(st, 1)
    st.stack += EXCHANGE_PLANS[0 if fa == fd else 1 if fa < fd else 2]


def _plan(frames: list[Frame]) -> tuple[Frame, ...]:
    """The frames of one exchange in stack order (the first to run on top)."""
    return tuple(reversed(frames))


#: One exchange, by who fires first: both at once, the attacker, the defender.
EXCHANGE_PLANS = (
    _plan([("ask", 0), ("ask", 1), ("roll", 0, 1), ("roll", 1, 1), ("both",)]),
    _plan([("ask", 0), ("roll", 0, 0), ("ask", 1), ("roll", 1, 0)]),
    _plan([("ask", 1), ("roll", 1, 0), ("ask", 0), ("roll", 0, 0)]),
)


def side_player(st: St, side: int) -> int:
    return st.fight[F_ATT] if side == 0 else st.fight[F_DEF]


def can_retreat(st: St, side: int) -> bool:
    """A side may retreat when its player has cowboys in the fight, each able to reach a
    different town (one per town). (The attacker is always a player; a Farmer is not.)"""
    f = st.fight
    if side == 0:
        return 0 < f[F_ACOW] <= MOST_RETREATING
    return f[F_DEF] >= 0 and 0 < f[F_DCOW] <= MOST_RETREATING


def _step_ask(st: St, frame: Frame) -> int | None:
    side = frame[1]
    if st.fight[F_RESULT] == ONGOING and can_retreat(st, side):
        return side_player(st, side)
    st.stack.pop()
    return None


def _legal_ask(st: St, frame: Frame) -> list[int]:
    return FIRE_OR_RETREAT


def _choose_ask(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    side = frame[1]
    if aid == A.FIRE:
        return
    f = st.fight
    s = side_player(st, side)
    f[F_RESULT] = DEFENDER_WINS if side == 0 else ATTACKER_WINS
    cowboys = f[F_ACOW] if side == 0 else f[F_DCOW]
    st.log(f"{SEAT_NAMES[s]} retreats and loses the gunfight")
    st.stack.append(("retreat", s, cowboys, 1 << f[F_TOWN]))
    if side == 0:
        f[F_ACOW] = 0
    else:
        f[F_DCOW] = 0


def _legal_retreat(st: St, frame: Frame) -> list[int]:
    return RETREAT_IDS[frame[3]]


def _choose_retreat(st: St, frame: Frame, aid: int) -> None:
    """Frame ``("retreat", seat, cowboys left to move, towns used as bits)``."""
    st.stack.pop()
    _, s, left, used = frame
    src, dst = st.fight[F_TOWN], aid - A.RETREAT_TO
    st.cowboys[s * T + src] -= 1
    st.cowboys[s * T + dst] += 1
    st.log(f"{SEAT_NAMES[s]}'s cowboy retreats to {A.TOWN_NAMES[dst]}")
    st.stagecoach_pays(src, 1, "a cowboy moved out")
    st.stagecoach_pays(dst, 1, "a cowboy moved in")
    if left > 1:
        st.stack.append(("retreat", s, left - 1, used | 1 << dst))


def _step_roll(st: St, frame: Frame) -> int | None:
    if st.fight[F_RESULT] != ONGOING or fighters(st, frame[1]) == 0:
        st.stack.pop()
        return None
    return CHANCE


def _legal_roll(st: St, frame: Frame) -> list[int]:
    return VOLLEY_IDS[fighters(st, frame[1])]


def _choose_roll(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    side, simultaneous = frame[1], frame[2]
    hits = aid - A.HITS
    st.log(f"the {SIDE_NAMES[side]} fires {fighters(st, side)} shots: "
           f"{hits} hit{'' if hits == 1 else 's'}")
    if simultaneous:
        st.fight[F_HITS_A if side == 0 else F_HITS_D] = hits
        return
    if hits:
        if st.options.casualties == OWNER_CHOOSES:
            st.stack.append(("settle", side))
            st.stack.append(("casualty", 1 - side, hits))
            return
        take_hits(st, 1 - side, hits)
    _result_after_volley(st, side)


def _result_after_volley(st: St, side: int) -> None:
    """``side`` fired alone and its hits are removed: it wins if nobody is left to reply."""
    if fighters(st, 1 - side) == 0:
        st.fight[F_RESULT] = ATTACKER_WINS if side == 0 else DEFENDER_WINS


def _step_settle(st: St, frame: Frame) -> None:
    """Frame ``("settle", side)``: the outcome of a lone volley, once its casualties are chosen."""
    st.stack.pop()
    _result_after_volley(st, frame[1])


def _both(st: St, frame: Frame) -> None:
    """Both volleys are rolled: remove both sides' casualties, then settle the outcome."""
    st.stack.pop()
    f = st.fight
    if f[F_RESULT] != ONGOING:
        return
    hits_a, hits_d = f[F_HITS_A], f[F_HITS_D]
    f[F_HITS_A] = f[F_HITS_D] = 0
    if st.options.casualties == OWNER_CHOOSES:
        push = st.stack.append
        push(("both_result",))
        if hits_d:
            push(("casualty", 0, hits_d))
        if hits_a:
            push(("casualty", 1, hits_a))  # the defender's losses first, as below
        return
    take_hits(st, 1, hits_a)
    take_hits(st, 0, hits_d)
    _result_after_both(st)


def _result_after_both(st: St) -> None:
    f = st.fight
    alive_a, alive_d = fighters(st, 0) > 0, fighters(st, 1) > 0
    if not alive_a and not alive_d:
        f[F_RESULT] = NOBODY_WINS
    elif not alive_d:
        f[F_RESULT] = ATTACKER_WINS
    elif not alive_a:
        f[F_RESULT] = DEFENDER_WINS


def _step_both_result(st: St, frame: Frame) -> None:
    """Frame ``("both_result",)``: the outcome of simultaneous fire, after both removals."""
    st.stack.pop()
    _result_after_both(st)


def take_hits(st: St, side: int, hits: int) -> None:
    """Remove casualties in the fixed order: cowboys first (back to their owner's supply),
    then the sheriff, then the built-in, default or Farmer fighter (those only for this
    fight). Hits beyond the side's fighters are lost."""
    f = st.fight
    cow, sher = (F_ACOW, F_ASHER) if side == 0 else (F_DCOW, F_DSHER)
    killed = min(hits, f[cow])
    if killed:
        _lose_cowboys(st, side, killed)
    hits -= killed
    if hits and f[sher]:
        _lose_sheriff(st, side)
        hits -= 1
    if side == 1 and hits and f[F_DEXTRA]:
        _lose_extra(st, min(hits, f[F_DEXTRA]))


def _lose_cowboys(st: St, side: int, n: int) -> None:
    """``n`` of the side's cowboys are killed and go back to their owner's supply."""
    f = st.fight
    s = side_player(st, side)
    f[F_ACOW if side == 0 else F_DCOW] -= n
    st.cowboys[s * T + f[F_TOWN]] -= n
    st.cowboy_supply[s] += n
    st.log(f"{SEAT_NAMES[s]} loses {n} cowboy{'s' if n > 1 else ''}")


def _lose_sheriff(st: St, side: int) -> None:
    st.fight[F_ASHER if side == 0 else F_DSHER] = 0
    st.log(f"the {SIDE_NAMES[side]}'s sheriff is shot")


def _lose_extra(st: St, n: int) -> None:
    """``n`` of the target's own defenders (built-in, default or Farmer) fall."""
    st.fight[F_DEXTRA] -= n
    st.log("the target's own defence falls")


def casualty_ids(st: St, side: int) -> list[int]:
    """The kinds of fighter the side has left, as ``CASUALTY_*`` ids (in that order)."""
    f = st.fight
    ids = []
    if f[F_ACOW if side == 0 else F_DCOW]:
        ids.append(A.CASUALTY_COWBOY)
    if f[F_ASHER if side == 0 else F_DSHER]:
        ids.append(A.CASUALTY_SHERIFF)
    if side == 1 and f[F_DEXTRA]:
        ids.append(A.CASUALTY_EXTRA)
    return ids


def _step_casualty(st: St, frame: Frame) -> int | None:
    """Frame ``("casualty", side, hits)``: the side's player picks the next casualty when it
    matters: he has more than one kind of fighter left and the hits do not kill them all.
    Otherwise (a Farmer side has no player) the fixed order removes every remaining hit."""
    _, side, hits = frame
    s = side_player(st, side)
    if s >= 0 and hits < fighters(st, side) and len(casualty_ids(st, side)) > 1:
        return s
    st.stack.pop()
    take_hits(st, side, hits)
    return None


def _legal_casualty(st: St, frame: Frame) -> list[int]:
    return casualty_ids(st, frame[1])


def _choose_casualty(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    _, side, hits = frame
    if aid == A.CASUALTY_COWBOY:
        _lose_cowboys(st, side, 1)
    elif aid == A.CASUALTY_SHERIFF:
        _lose_sheriff(st, side)
    else:
        _lose_extra(st, 1)
    if hits > 1:
        st.stack.append(("casualty", side, hits - 1))


# ------------------------------------------------------------------ outcome
def _fight_end(st: St, frame: Frame) -> None:
    st.stack.pop()
    f = st.fight
    a, d, t, slot, result = f[F_ATT], f[F_DEF], f[F_TOWN], f[F_SLOT], f[F_RESULT]
    push = st.stack.append
    if result == NOBODY_WINS:
        st.log("both sides fall: nobody wins the gunfight")
        return
    if result == DEFENDER_WINS:
        if d >= 0:
            st.log(f"{SEAT_NAMES[d]} defends {target_text(st)}")
            if st.options.defender_takes_wanted:
                push(("wanted", d))
        else:
            st.log(f"the Farmer in {A.TOWN_NAMES[t]} holds out")
        return
    st.log(f"{SEAT_NAMES[a]} wins the gunfight over {target_text(st)}")
    push(("wanted", a))
    if slot < C:
        how = WHEN_WON[slot]
        if how == "rob":
            push(("robbery",))
        elif how == "remove":
            _remove_from_play(st, d, t, slot)
        else:
            blocked = take_over_blocked(st, a, t, slot)
            if blocked is None:
                push(("spoils_counter", a))
            else:
                st.log(f"{SEAT_NAMES[a]} takes control of {target_text(st)} but cannot "
                       f"replace it with his own: {blocked}")
                _return_counter(st, d, t, slot)
    elif slot < A.SLOT_FARMER:
        if min(st.cattle[d * T + t], A.RUSTLE_UP_TO) >= 2:
            push(("rustle", a))
        else:
            rustle(st, a, d, t, 1)
    else:
        st.farmer[t] -= 1
        st.farmer_out += 1
        st.log(f"the Farmer in {A.TOWN_NAMES[t]} is removed from play")


def take_over_blocked(st: St, a: int, t: int, k: int) -> str | None:
    """Why the winner ``a`` cannot put his own counter of type ``k`` in town ``t``, or None
    when he can: he needs one in his supply and may own at most 2 counters in a town (S2)."""
    if st.csupply[a * C + k] <= 0:
        return f"he has no {A.COUNTER_NAMES[k]} left in his supply"
    if st.counters_of(a, t) >= PER_TOWN:
        return f"he already owns {PER_TOWN} counters in {A.TOWN_NAMES[t]}"
    return None


def _remove_from_play(st: St, d: int, t: int, k: int) -> None:
    st.owner[t * C + k] = -1
    st.cout[d * C + k] += 1
    st.log(f"{SEAT_NAMES[d]}'s {A.COUNTER_NAMES[k]} in {A.TOWN_NAMES[t]} is removed from play")


def _return_counter(st: St, d: int, t: int, k: int) -> None:
    """The won counter leaves the town and goes back to its owner's supply (not out of
    play: only a Jail, a Farmer and a Bank that cannot pay leave play)."""
    st.owner[t * C + k] = -1
    st.csupply[d * C + k] += 1
    st.log(f"{SEAT_NAMES[d]}'s {A.COUNTER_NAMES[k]} in {A.TOWN_NAMES[t]} goes back to "
           f"{SEAT_NAMES[d]}'s supply")


def _legal_spoils(st: St, frame: Frame) -> list[int]:
    return [A.TAKE_OVER, A.REMOVE]


def _choose_spoils(st: St, frame: Frame, aid: int) -> None:
    """The winner has taken control of the counter: he replaces it with his own
    (``TAKE_OVER``) or does not (``REMOVE``); either way the defender's counter goes back
    to the defender's supply."""
    st.stack.pop()
    f = st.fight
    a, d, t, k = f[F_ATT], f[F_DEF], f[F_TOWN], f[F_SLOT]
    if aid == A.TAKE_OVER:
        st.log(f"{SEAT_NAMES[a]} takes control of {target_text(st)} and replaces it with "
               "his own")
    else:
        st.log(f"{SEAT_NAMES[a]} takes control of {target_text(st)} and does not replace it")
    _return_counter(st, d, t, k)
    if aid == A.TAKE_OVER:
        st.csupply[a * C + k] -= 1
        st.owner[t * C + k] = a
        st.log(f"{SEAT_NAMES[a]} puts his own {A.COUNTER_NAMES[k]} in {A.TOWN_NAMES[t]}")


def _legal_rustle(st: St, frame: Frame) -> list[int]:
    f = st.fight
    most = min(st.cattle[f[F_DEF] * T + f[F_TOWN]], A.RUSTLE_UP_TO)
    return list(range(A.RUSTLE, A.RUSTLE + most))


def _choose_rustle(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    f = st.fight
    rustle(st, f[F_ATT], f[F_DEF], f[F_TOWN], aid - A.RUSTLE + 1)


def rustle(st: St, a: int, d: int, t: int, n: int) -> None:
    """``n`` of d's cattle in town t become a's (as far as a's supply lasts; the rest go
    back to d's supply, and the log says so)."""
    st.cattle[d * T + t] -= n
    st.cattle_supply[d] += n
    got = min(n, st.cattle_supply[a])
    st.cattle_supply[a] -= got
    st.cattle[a * T + t] += got
    st.log(f"{SEAT_NAMES[a]} rustles {n} of {SEAT_NAMES[d]}'s cattle in {A.TOWN_NAMES[t]}")
    if got != n:
        st.log(f"{SEAT_NAMES[a]} has only {got} cattle left in his supply: {n - got} of them "
               f"cannot be replaced and go back to {SEAT_NAMES[d]}'s supply")


def _legal_robbery(st: St, frame: Frame) -> list[int]:
    return [aid for aid, _ in ROBBERY]


def _choose_robbery(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    f = st.fight
    a, d, t = f[F_ATT], f[F_DEF], f[F_TOWN]
    roll = aid - A.ROBBERY + A.ROBBERY_MIN
    paid = min(roll, st.money[d])
    st.money[d] -= paid
    st.money[a] += paid
    st.log(f"{SEAT_NAMES[a]} robs {SEAT_NAMES[d]}'s Bank in {A.TOWN_NAMES[t]}: "
           f"the dice show {roll}, {SEAT_NAMES[d]} pays ${paid}")
    if paid < roll:
        k = A.COUNTER["bank"]
        st.log(f"{SEAT_NAMES[d]} cannot pay the full amount")
        _remove_from_play(st, d, t, k)


def wanted_sources(st: St, s: int) -> list[int]:
    return [o for o in range(st.num_players) if o != s and st.wanted[o] > 0]


def _step_wanted(st: St, frame: Frame) -> int | None:
    s: int = frame[1]
    if st.wanted_supply > 0:
        st.stack.pop()
        st.wanted_supply -= 1
        st.wanted[s] += 1
        st.log(f"{SEAT_NAMES[s]} takes a Wanted counter")
        return None
    sources = wanted_sources(st, s)
    if len(sources) > 1:
        return s
    st.stack.pop()
    if sources:
        _take_wanted(st, s, sources[0])
    else:
        st.log("no Wanted counter is left to take")
    return None


def _take_wanted(st: St, s: int, o: int) -> None:
    st.wanted[o] -= 1
    st.wanted[s] += 1
    st.log(f"{SEAT_NAMES[s]} takes a Wanted counter from {SEAT_NAMES[o]}")


def _legal_wanted(st: St, frame: Frame) -> list[int]:
    return [A.WANTED_FROM + o for o in wanted_sources(st, frame[1])]


def _choose_wanted(st: St, frame: Frame, aid: int) -> None:
    st.stack.pop()
    _take_wanted(st, frame[1], aid - A.WANTED_FROM)


def _fight_clear(st: St, frame: Frame) -> None:
    st.stack.pop()
    st.fight = [0] * NF


def _chance(st: St, frame: Frame) -> int:
    return CHANCE


def chance_distribution(st: St, frame: Frame) -> list[tuple[int, float]]:
    if frame[0] == "roll":
        return VOLLEY[fighters(st, frame[1])]
    if frame[0] == "robbery":
        return ROBBERY
    raise AssertionError(f"no chance point at frame {frame[0]}")


STEP: dict[str, Callable[[Any, Frame], int | None]] = {
    "sheriff": _seat,
    "fight_begin": _fight_begin,
    "exchange": _exchange,
    "ask": _step_ask,
    "roll": _step_roll,
    "both": _both,
    "casualty": _step_casualty,
    "settle": _step_settle,
    "both_result": _step_both_result,
    "retreat": _seat,
    "fight_end": _fight_end,
    "spoils_counter": _seat,
    "rustle": _seat,
    "robbery": _chance,
    "wanted": _step_wanted,
    "fight_clear": _fight_clear,
}
LEGAL: dict[str, Callable[[Any, Frame], list[int]]] = {
    "sheriff": _legal_sheriff,
    "ask": _legal_ask,
    "roll": _legal_roll,
    "casualty": _legal_casualty,
    "retreat": _legal_retreat,
    "spoils_counter": _legal_spoils,
    "rustle": _legal_rustle,
    "robbery": _legal_robbery,
    "wanted": _legal_wanted,
}
CHOOSE: dict[str, Callable[[Any, Frame, int], None]] = {
    "sheriff": _choose_sheriff,
    "ask": _choose_ask,
    "roll": _choose_roll,
    "casualty": _choose_casualty,
    "retreat": _choose_retreat,
    "spoils_counter": _choose_spoils,
    "rustle": _choose_rustle,
    "robbery": _choose_robbery,
    "wanted": _choose_wanted,
}
