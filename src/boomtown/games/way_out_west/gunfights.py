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
   (:class:`Casualty`), whenever the choice matters.
5. Before firing, a side whose player has cowboys in the fight may retreat instead: each of
   his cowboys goes to a different town (one per town), and he loses.
6. A winning attacker takes control of the target: he may replace a counter with his own
   (if he does not, or cannot, it goes back to its owner's supply; the log says why he
   cannot), up to 2 cattle change colour, a Jail or Farmer leaves play, a Bank is robbed for
   3d6. The winner takes a Wanted counter (from another player of his choice when none are
   left).

Each part is a step of the kernel's decision machine (:mod:`boomtown.engine.machine`):
:func:`start` pushes the fight's steps; :class:`Exchange` pushes one exchange of fire at a
time (:data:`EXCHANGE_PLANS`) while the fight goes on. An automatic step decides whether a
choice is needed and pushes it: :class:`Ask` the fire-or-retreat choice (:class:`Stand`),
:class:`Volley` the dice (:class:`Roll`), :class:`Casualties` the owner's pick
(:class:`Casualty`), :class:`Wanted` the choice of whom to take a Wanted counter from
(:class:`WantedFrom`).

>>> [step.name for step in (Ask.STEP, Stand.STEP, Volley.STEP, Roll.STEP)]
['Ask', 'Stand', 'Volley', 'Roll']
>>> Roll.STEP.nature, Stand.STEP.kinds
('chance', ('gunfight',))
"""

from __future__ import annotations

from itertools import product
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from boomtown.engine.machine import push
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
    WOW,
    C,
    T,
)

if TYPE_CHECKING:
    from boomtown.games.way_out_west.state import WayOutWestState as St

GF = DATA.gunfight
P_HIT = len(GF.hit_faces) / GF.die_sides
DEFENCE = tuple(c.defence for c in DATA.counters)
WHEN_WON = tuple(c.when_won for c in DATA.counters)
PER_TOWN = DATA.limits.counters_per_player_per_town
#: Most cowboys a side can retreat: one per other town.
MOST_RETREATING = (T - 1) * GF.cowboys_per_retreat_town
SIDE_NAMES = ("attacker", "defender")
ATTACKER, DEFENDER = 0, 1


def _binomial(k: int) -> list[tuple[int, float]]:
    return [(A.HITS + h, comb(k, h) * P_HIT**h * (1 - P_HIT) ** (k - h)) for h in range(k + 1)]


VOLLEY = [_binomial(k) for k in range(A.MAX_FIGHTERS + 1)]
#: Legal lists that never change (shared: read-only, like every legal list).
#: VOLLEY_IDS[k]: the outcome ids of a volley of k shots (0..k hits).
VOLLEY_IDS = tuple([aid for aid, _ in VOLLEY[k]] for k in range(A.MAX_FIGHTERS + 1))
FIRE_OR_RETREAT = [A.FIRE, A.RETREAT]
SHERIFF_FOR_ATTACKER = [A.SHERIFF_ATT, A.SHERIFF_OUT]
SHERIFF_FOR_DEFENDER = [A.SHERIFF_DEF, A.SHERIFF_OUT]
SPOILS_IDS = [A.TAKE_OVER, A.REMOVE]
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
ROBBERY_IDS = [aid for aid, _ in ROBBERY]


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
def start(st: St, a: int, t: int, slot: int) -> None:
    """Rule 1: seat ``a`` attacks the target in ``slot`` of town ``t``; rule 2 first if the
    town has a Jail, then the sides, the exchanges of fire, the outcome."""
    f = [0] * NF
    f[F_ACTIVE] = 1
    f[F_ATT] = a
    f[F_DEF] = target_owner(st, t, slot)
    f[F_TOWN] = t
    f[F_SLOT] = slot
    f[F_RESULT] = ONGOING
    st.fight = f
    st.log(f"{SEAT_NAMES[a]} starts a gunfight over {target_text(st)}")
    st.stack += FIGHT_STACK
    jail_owner = st.owner[t * C + JAIL]
    if jail_owner >= 0:
        st.stack.append(SHERIFF[jail_owner])


@WOW.decision("the Jail owner decides about the sheriff", kinds=("sheriff",))
class Sheriff(NamedTuple):
    """Rule 2: ``seat``, the Jail's owner, adds the sheriff to his own side if he attacks,
    else to the defender, or keeps him out."""

    seat: int

    def legal(self, st: St) -> list[int]:
        if self.seat == st.fight[F_ATT]:
            return SHERIFF_FOR_ATTACKER
        return SHERIFF_FOR_DEFENDER

    def choose(self, st: St, aid: int) -> None:
        j = self.seat
        if aid == A.SHERIFF_ATT:
            st.fight[F_ASHER] = 1
            st.log(f"{SEAT_NAMES[j]} adds the sheriff to the attacker")
        elif aid == A.SHERIFF_DEF:
            st.fight[F_DSHER] = 1
            st.log(f"{SEAT_NAMES[j]} adds the sheriff to the defender")
        else:
            st.log(f"{SEAT_NAMES[j]} keeps the sheriff out of the gunfight")


@WOW.auto
class FightBegin(NamedTuple):
    """Rule 3: the sides. A target nobody defends falls at once."""

    def run(self, st: St) -> None:
        f = st.fight
        a, d, t, slot = f[F_ATT], f[F_DEF], f[F_TOWN], f[F_SLOT]
        f[F_ACOW] = st.cowboys[a * T + t]
        f[F_DCOW] = st.cowboys[d * T + t] if d >= 0 else 0
        if slot < C:
            f[F_DEXTRA] = DEFENCE[slot]
        elif slot == A.SLOT_FARMER:
            f[F_DEXTRA] = GF.farmer_defence
        if fighters(st, DEFENDER) == 0 and st.options.default_defender:
            f[F_DEXTRA] = GF.default_defence
            st.log("the unguarded target gets a default defender")
        a_sheriff = " and the sheriff" if f[F_ASHER] else ""
        d_sheriff = " and the sheriff" if f[F_DSHER] else ""
        more = f" and {f[F_DEXTRA]} more" if f[F_DEXTRA] else ""
        st.log(f"attacker: {f[F_ACOW]} cowboys{a_sheriff}; "
               f"defender: {f[F_DCOW]} cowboys{d_sheriff}{more}")
        if fighters(st, DEFENDER) == 0:
            f[F_RESULT] = ATTACKER_WINS
            st.log("nobody defends the target")


@WOW.auto
class Exchange(NamedTuple):
    """Rule 4: while the fight goes on, one more exchange of fire (the side with fewer
    fighters first, equal sides together), then this step again."""

    def run(self, st: St) -> None:
        if st.fight[F_RESULT] != ONGOING:
            return
        fa, fd = fighters(st, ATTACKER), fighters(st, DEFENDER)
        st.stack += EXCHANGE_STACKS[BOTH_FIRST if fa == fd else
                                    ATTACKER_FIRST if fa < fd else DEFENDER_FIRST]


def side_player(st: St, side: int) -> int:
    return st.fight[F_ATT] if side == ATTACKER else st.fight[F_DEF]


def can_retreat(st: St, side: int) -> bool:
    """A side may retreat when its player has cowboys in the fight, each able to reach a
    different town (one per town). (The attacker is always a player; a Farmer is not.)"""
    f = st.fight
    if side == ATTACKER:
        return 0 < f[F_ACOW] <= MOST_RETREATING
    return f[F_DEF] >= 0 and 0 < f[F_DCOW] <= MOST_RETREATING


@WOW.auto
class Ask(NamedTuple):
    """Rule 5: before ``side`` fires, its player chooses to fire or retreat if the fight
    goes on and he can retreat (:class:`Stand`)."""

    side: int

    def run(self, st: St) -> None:
        side = self.side
        if st.fight[F_RESULT] == ONGOING and can_retreat(st, side):
            st.stack.append(STAND[side][side_player(st, side)])


@WOW.decision("fire or retreat", kinds=("gunfight",))
class Stand(NamedTuple):
    """Rule 5: ``seat``, the player of ``side``, fires or retreats (and loses): his cowboys
    in the fight ride to different towns (:class:`Retreat`)."""

    seat: int
    side: int

    def legal(self, st: St) -> list[int]:
        return FIRE_OR_RETREAT

    def choose(self, st: St, aid: int) -> None:
        if aid == A.FIRE:
            return
        side, f, s = self.side, st.fight, self.seat
        f[F_RESULT] = DEFENDER_WINS if side == ATTACKER else ATTACKER_WINS
        cowboys = f[F_ACOW] if side == ATTACKER else f[F_DCOW]
        st.log(f"{SEAT_NAMES[s]} retreats and loses the gunfight")
        push(st, Retreat(s, cowboys, 1 << f[F_TOWN]))
        if side == ATTACKER:
            f[F_ACOW] = 0
        else:
            f[F_DCOW] = 0


@WOW.decision("send a retreating cowboy to another town", kinds=("move",))
class Retreat(NamedTuple):
    """Rule 5: ``seat`` sends one of his ``cowboys_left`` retreating cowboys to a town not
    yet used (bit t of ``towns_used``: town t is used; the fight's town is marked)."""

    seat: int
    cowboys_left: int
    towns_used: int

    def legal(self, st: St) -> list[int]:
        return RETREAT_IDS[self.towns_used]

    def choose(self, st: St, aid: int) -> None:
        s = self.seat
        src, dst = st.fight[F_TOWN], aid - A.RETREAT_TO
        st.cowboys[s * T + src] -= 1
        st.cowboys[s * T + dst] += 1
        st.log(f"{SEAT_NAMES[s]}'s cowboy retreats to {A.TOWN_NAMES[dst]}")
        st.stagecoach_pays(src, 1, "a cowboy moved out")
        st.stagecoach_pays(dst, 1, "a cowboy moved in")
        if self.cowboys_left > 1:
            push(st, Retreat(s, self.cowboys_left - 1, self.towns_used | 1 << dst))


@WOW.auto
class Volley(NamedTuple):
    """Rule 4: ``side`` fires (:class:`Roll`) if the fight goes on and it has fighters;
    ``together``: both sides fire at once, the hits removed after both volleys."""

    side: int
    together: bool

    def run(self, st: St) -> None:
        if st.fight[F_RESULT] == ONGOING and fighters(st, self.side):
            st.stack.append(ROLL[self.side][self.together])


@WOW.chance("chance: a volley is fired (each 5 or 6 is a hit)")
class Roll(NamedTuple):
    """Rule 4: each of ``side``'s fighters rolls a die; the outcome is the number of hits
    (binomial). A lone volley's hits are removed at once (the hit side's player picks with
    ``casualties = "owner_chooses"``); simultaneous hits wait for :class:`Both`."""

    side: int
    together: bool

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return VOLLEY[fighters(st, self.side)]

    def legal(self, st: St) -> list[int]:
        return VOLLEY_IDS[fighters(st, self.side)]

    def choose(self, st: St, aid: int) -> None:
        side = self.side
        hits = aid - A.HITS
        st.log(f"the {SIDE_NAMES[side]} fires {fighters(st, side)} shots: "
               f"{hits} hit{'' if hits == 1 else 's'}")
        if self.together:
            st.fight[F_HITS_A if side == ATTACKER else F_HITS_D] = hits
            return
        if hits:
            if st.options.casualties == OWNER_CHOOSES:
                push(st, Casualties(1 - side, hits), SETTLE_VOLLEY[side])
                return
            take_hits(st, 1 - side, hits)
        _result_after_volley(st, side)


def _result_after_volley(st: St, side: int) -> None:
    """``side`` fired alone and its hits are removed: it wins if nobody is left to reply."""
    if fighters(st, 1 - side) == 0:
        st.fight[F_RESULT] = ATTACKER_WINS if side == ATTACKER else DEFENDER_WINS


@WOW.auto
class SettleVolley(NamedTuple):
    """Rule 4: the outcome of ``side``'s lone volley, once its casualties are chosen."""

    side: int

    def run(self, st: St) -> None:
        _result_after_volley(st, self.side)


@WOW.auto
class Both(NamedTuple):
    """Rule 4: both volleys are rolled: remove both sides' casualties (the defender's first;
    each side's player picks them with ``casualties = "owner_chooses"``), then the outcome."""

    def run(self, st: St) -> None:
        f = st.fight
        if f[F_RESULT] != ONGOING:
            return
        hits_a, hits_d = f[F_HITS_A], f[F_HITS_D]
        f[F_HITS_A] = f[F_HITS_D] = 0
        if st.options.casualties == OWNER_CHOOSES:
            push(st, BOTH_RESULT)
            if hits_d:
                push(st, Casualties(ATTACKER, hits_d))
            if hits_a:
                push(st, Casualties(DEFENDER, hits_a))  # the defender's losses first, as below
            return
        take_hits(st, DEFENDER, hits_a)
        take_hits(st, ATTACKER, hits_d)
        _result_after_both(st)


def _result_after_both(st: St) -> None:
    f = st.fight
    alive_a, alive_d = fighters(st, ATTACKER) > 0, fighters(st, DEFENDER) > 0
    if not alive_a and not alive_d:
        f[F_RESULT] = NOBODY_WINS
    elif not alive_d:
        f[F_RESULT] = ATTACKER_WINS
    elif not alive_a:
        f[F_RESULT] = DEFENDER_WINS


@WOW.auto
class BothResult(NamedTuple):
    """Rule 4: the outcome of simultaneous fire, after both sides' chosen casualties."""

    def run(self, st: St) -> None:
        _result_after_both(st)


def take_hits(st: St, side: int, hits: int) -> None:
    """Remove casualties in the fixed order: cowboys first (back to their owner's supply),
    then the sheriff, then the built-in, default or Farmer fighter (those only for this
    fight). Hits beyond the side's fighters are lost."""
    f = st.fight
    cow, sher = (F_ACOW, F_ASHER) if side == ATTACKER else (F_DCOW, F_DSHER)
    killed = min(hits, f[cow])
    if killed:
        _lose_cowboys(st, side, killed)
    hits -= killed
    if hits and f[sher]:
        _lose_sheriff(st, side)
        hits -= 1
    if side == DEFENDER and hits and f[F_DEXTRA]:
        _lose_extra(st, min(hits, f[F_DEXTRA]))


def _lose_cowboys(st: St, side: int, n: int) -> None:
    """``n`` of the side's cowboys are killed and go back to their owner's supply."""
    f = st.fight
    s = side_player(st, side)
    f[F_ACOW if side == ATTACKER else F_DCOW] -= n
    st.cowboys[s * T + f[F_TOWN]] -= n
    st.cowboy_supply[s] += n
    st.log(f"{SEAT_NAMES[s]} loses {n} cowboy{'s' if n > 1 else ''}")


def _lose_sheriff(st: St, side: int) -> None:
    st.fight[F_ASHER if side == ATTACKER else F_DSHER] = 0
    st.log(f"the {SIDE_NAMES[side]}'s sheriff is shot")


def _lose_extra(st: St, n: int) -> None:
    """``n`` of the target's own defenders (built-in, default or Farmer) fall."""
    st.fight[F_DEXTRA] -= n
    st.log("the target's own defence falls")


def casualty_ids(st: St, side: int) -> list[int]:
    """The kinds of fighter the side has left, as ``CASUALTY_*`` ids (in that order)."""
    f = st.fight
    ids = []
    if f[F_ACOW if side == ATTACKER else F_DCOW]:
        ids.append(A.CASUALTY_COWBOY)
    if f[F_ASHER if side == ATTACKER else F_DSHER]:
        ids.append(A.CASUALTY_SHERIFF)
    if side == DEFENDER and f[F_DEXTRA]:
        ids.append(A.CASUALTY_EXTRA)
    return ids


@WOW.auto
class Casualties(NamedTuple):
    """Rule 4 with ``casualties = "owner_chooses"``: ``side`` takes ``hits``. Its player
    picks the next casualty (:class:`Casualty`) when it matters: he has more than one kind
    of fighter left and the hits do not kill them all. Otherwise (a Farmer side has no
    player) the fixed order removes every remaining hit."""

    side: int
    hits: int

    def run(self, st: St) -> None:
        side, hits = self.side, self.hits
        s = side_player(st, side)
        if s >= 0 and hits < fighters(st, side) and len(casualty_ids(st, side)) > 1:
            push(st, Casualty(s, side, hits))
        else:
            take_hits(st, side, hits)


@WOW.decision("choose which of your fighters a hit removes", kinds=("casualty",))
class Casualty(NamedTuple):
    """Rule 4: ``seat``, the player of ``side``, picks which kind of fighter the next of
    ``hits`` hits removes; the rest follow (:class:`Casualties`)."""

    seat: int
    side: int
    hits: int

    def legal(self, st: St) -> list[int]:
        return casualty_ids(st, self.side)

    def choose(self, st: St, aid: int) -> None:
        side = self.side
        if aid == A.CASUALTY_COWBOY:
            _lose_cowboys(st, side, 1)
        elif aid == A.CASUALTY_SHERIFF:
            _lose_sheriff(st, side)
        else:
            _lose_extra(st, 1)
        if self.hits > 1:
            push(st, Casualties(side, self.hits - 1))


# ------------------------------------------------------------------ outcome
@WOW.auto
class FightEnd(NamedTuple):
    """Rule 6: the outcome. A winning attacker takes control of the target (the spoils of
    its kind) and a Wanted counter; a defender who holds out takes one with
    ``defender_takes_wanted``."""

    def run(self, st: St) -> None:
        f = st.fight
        a, d, t, slot, result = f[F_ATT], f[F_DEF], f[F_TOWN], f[F_SLOT], f[F_RESULT]
        if result == NOBODY_WINS:
            st.log("both sides fall: nobody wins the gunfight")
            return
        if result == DEFENDER_WINS:
            if d >= 0:
                st.log(f"{SEAT_NAMES[d]} defends {target_text(st)}")
                if st.options.defender_takes_wanted:
                    st.stack.append(WANTED[d])
            else:
                st.log(f"the Farmer in {A.TOWN_NAMES[t]} holds out")
            return
        st.log(f"{SEAT_NAMES[a]} wins the gunfight over {target_text(st)}")
        st.stack.append(WANTED[a])  # after the spoils, which are pushed on top of it
        if slot < C:
            how = WHEN_WON[slot]
            if how == "rob":
                st.stack.append(ROBBERY_STEP)
            elif how == "remove":
                _remove_from_play(st, d, t, slot)
            else:
                blocked = take_over_blocked(st, a, t, slot)
                if blocked is None:
                    st.stack.append(SPOILS_COUNTER[a])
                else:
                    st.log(f"{SEAT_NAMES[a]} takes control of {target_text(st)} but cannot "
                           f"replace it with his own: {blocked}")
                    _return_counter(st, d, t, slot)
        elif slot < A.SLOT_FARMER:
            if min(st.cattle[d * T + t], A.RUSTLE_UP_TO) >= 2:
                st.stack.append(RUSTLE[a])
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


@WOW.decision("you take control of the counter: replace it with your own or not",
              kinds=("spoils",))
class SpoilsCounter(NamedTuple):
    """Rule 6: ``seat`` has won and taken control of the counter: he replaces it with his
    own (``TAKE_OVER``) or does not (``REMOVE``); either way the defender's counter goes
    back to the defender's supply."""

    seat: int

    def legal(self, st: St) -> list[int]:
        return SPOILS_IDS

    def choose(self, st: St, aid: int) -> None:
        f = st.fight
        a, d, t, k = self.seat, f[F_DEF], f[F_TOWN], f[F_SLOT]
        if aid == A.TAKE_OVER:
            st.log(f"{SEAT_NAMES[a]} takes control of {target_text(st)} and replaces it with "
                   "his own")
        else:
            st.log(f"{SEAT_NAMES[a]} takes control of {target_text(st)} and does not replace "
                   "it")
        _return_counter(st, d, t, k)
        if aid == A.TAKE_OVER:
            st.csupply[a * C + k] -= 1
            st.owner[t * C + k] = a
            st.log(f"{SEAT_NAMES[a]} puts his own {A.COUNTER_NAMES[k]} in {A.TOWN_NAMES[t]}")


@WOW.decision("rustle 1 or 2 cattle", kinds=("spoils",))
class Rustle(NamedTuple):
    """Rule 6: ``seat`` has won the defender's cattle: up to 2 of them change colour."""

    seat: int

    def legal(self, st: St) -> list[int]:
        f = st.fight
        most = min(st.cattle[f[F_DEF] * T + f[F_TOWN]], A.RUSTLE_UP_TO)
        return list(range(A.RUSTLE, A.RUSTLE + most))

    def choose(self, st: St, aid: int) -> None:
        f = st.fight
        rustle(st, self.seat, f[F_DEF], f[F_TOWN], aid - A.RUSTLE + 1)


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


@WOW.chance("chance: the robber rolls three dice")
class Robbery(NamedTuple):
    """Rule 6: a won Bank is robbed for the sum of the robbery dice, up to all its owner's
    money; a Bank that cannot pay it all leaves play."""

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return ROBBERY

    def legal(self, st: St) -> list[int]:
        return ROBBERY_IDS

    def choose(self, st: St, aid: int) -> None:
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


@WOW.auto
class Wanted(NamedTuple):
    """Rule 6: ``seat`` takes a Wanted counter from the supply; when none are left, from
    another player who holds one (his choice, :class:`WantedFrom`, if there are several)."""

    seat: int

    def run(self, st: St) -> None:
        s = self.seat
        if st.wanted_supply > 0:
            st.wanted_supply -= 1
            st.wanted[s] += 1
            st.log(f"{SEAT_NAMES[s]} takes a Wanted counter")
            return
        sources = wanted_sources(st, s)
        if len(sources) > 1:
            st.stack.append(WANTED_FROM[s])
        elif sources:
            _take_wanted(st, s, sources[0])
        else:
            st.log("no Wanted counter is left to take")


def _take_wanted(st: St, s: int, o: int) -> None:
    st.wanted[o] -= 1
    st.wanted[s] += 1
    st.log(f"{SEAT_NAMES[s]} takes a Wanted counter from {SEAT_NAMES[o]}")


@WOW.decision("take a Wanted counter from another player", kinds=("spoils",))
class WantedFrom(NamedTuple):
    """Rule 6: the supply is empty: ``seat`` takes a Wanted counter from another player who
    holds one."""

    seat: int

    def legal(self, st: St) -> list[int]:
        return [A.WANTED_FROM + o for o in wanted_sources(st, self.seat)]

    def choose(self, st: St, aid: int) -> None:
        _take_wanted(st, self.seat, aid - A.WANTED_FROM)


@WOW.auto
class FightClear(NamedTuple):
    """The gunfight is over: its record is cleared."""

    def run(self, st: St) -> None:
        st.fight = [0] * NF


# ------------------------------------------------------------------ shared steps
#: Steps are immutable: these are pushed as they are.
EXCHANGE = Exchange()
BOTH_RESULT = BothResult()
ROBBERY_STEP = Robbery()
#: A fight's steps in the order they happen: the sides, the exchanges of fire, the
#: outcome, then the fight record is cleared.
FIGHT_STEPS = (FightBegin(), EXCHANGE, FightEnd(), FightClear())
FIGHT_STACK = FIGHT_STEPS[::-1]  # in stack order: ``push(st, *FIGHT_STEPS)`` without a call
#: STAND[side][seat], ROLL[side][together], SETTLE_VOLLEY[side]: every step of its type.
STAND = tuple(tuple(Stand(seat, side) for seat in range(A.N)) for side in (ATTACKER, DEFENDER))
ROLL = tuple((Roll(side, False), Roll(side, True)) for side in (ATTACKER, DEFENDER))
SETTLE_VOLLEY = tuple(SettleVolley(side) for side in (ATTACKER, DEFENDER))
#: One exchange of fire, by who fires first (each then comes back to :class:`Exchange`).
BOTH_FIRST, ATTACKER_FIRST, DEFENDER_FIRST = range(3)
EXCHANGE_PLANS = (
    (Ask(ATTACKER), Ask(DEFENDER), Volley(ATTACKER, True), Volley(DEFENDER, True), Both(),
     EXCHANGE),
    (Ask(ATTACKER), Volley(ATTACKER, False), Ask(DEFENDER), Volley(DEFENDER, False), EXCHANGE),
    (Ask(DEFENDER), Volley(DEFENDER, False), Ask(ATTACKER), Volley(ATTACKER, False), EXCHANGE),
)
#: The same in stack order (the first to happen last), ready to extend the stack with: what
#: ``push(st, *plan)`` does, without its call (an exchange is on the hot path).
EXCHANGE_STACKS = tuple(plan[::-1] for plan in EXCHANGE_PLANS)
#: Per seat s: s takes a Wanted counter, s decides about the sheriff, s has won a counter,
#: cattle or (none left in the supply) the choice of a Wanted counter.
WANTED = tuple(Wanted(s) for s in range(A.N))
SHERIFF = tuple(Sheriff(s) for s in range(A.N))
SPOILS_COUNTER = tuple(SpoilsCounter(s) for s in range(A.N))
RUSTLE = tuple(Rustle(s) for s in range(A.N))
WANTED_FROM = tuple(WantedFrom(s) for s in range(A.N))
#: The short name of each step a seat or chance decides in (see ``rules.DECISION_NAMES``).
DECISION_NAMES: dict[type, str] = {
    Sheriff: "sheriff", Stand: "ask", Roll: "roll", Retreat: "retreat", Casualty: "casualty",
    SpoilsCounter: "spoils_counter", Rustle: "rustle", Robbery: "robbery",
    WantedFrom: "wanted",
}
