"""Indian raids: the die, the camp, the attacked town, targets and defence.

The camp attacks at once when it receives its 3rd red or its 2nd orange Indian;
Indians still to be added and later rolls of the same turn are forgotten. The die is a
chance step (:class:`Die`), the raid automatic steps (:class:`RaidStart`, :class:`Raid`)
and the choices in it options of an :class:`effects.Ask` (:class:`Attack`,
:class:`Defend`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from boomtown.games.western_town import actions as A
from boomtown.games.western_town import effects
from boomtown.games.western_town.data import DATA, RES_INDEX
from boomtown.games.western_town.effects import Push
from boomtown.games.western_town.state import NR, WT, ZONE4, C, I, L, P, S, new_step
from boomtown.games.western_town.state import SEAT_NAMES as NAMES

if TYPE_CHECKING:
    from boomtown.games.western_town.state import WesternTownState as St

SETUP = DATA.setup
RED, ORANGE = 0, 1
_FACE_COUNT = [
    sum(1 for d in DATA.die if (d.face, d.adds, d.again) == face) for face in A.DIE_FACES
]
_DIST = [(A.DIE + j, n / len(DATA.die)) for j, n in enumerate(_FACE_COUNT)]
_ATTACKED_COWBOYS = {
    c.index: int(c.tile.constant["attacked_cowboys"])
    for c in DATA.cards
    if c.tile is not None and "attacked_cowboys" in c.tile.constant
}


_DIE_IDS = [aid for aid, _ in _DIST]


#: The log line of a roll, by seat and die face.
_ROLLS: list[list[str]] = [
    [f"{name} rolls the Indian die: {face}" for face, _, _ in A.DIE_FACES] for name in NAMES
]


#: Per die face: the Indians it adds to the camp, as RED or ORANGE.
_ADDS = [tuple(RED if colour == "red" else ORANGE for colour in adds) for _, adds, _ in A.DIE_FACES]


@WT.chance("chance: the Indian die is rolled")
class Die(NamedTuple):
    """The Indian die, rolled for ``for_seat``: its face adds Indians to the table's camp
    (the camp attacks at once at its 3rd red or 2nd orange Indian) or says roll again."""

    for_seat: int

    def legal(self, st: St) -> list[int]:
        return _DIE_IDS[:]

    def outcomes(self, st: St) -> list[tuple[int, float]]:
        return list(_DIST)

    def choose(self, st: St, aid: int) -> None:
        s = self.for_seat
        j = aid - A.DIE
        again = A.DIE_FACES[j][2]
        st.log(_ROLLS[s][j])
        g = st.seat_group[s]  # st.group_of(s)
        for c in _ADDS[j]:
            st.camp[g * 3 + c] += 1
            if st.camp[g * 3] >= SETUP.raid_red or st.camp[g * 3 + 1] >= SETUP.raid_orange:
                st.raided = 1
                _trigger(st, g, s, c)
                return
        if again:
            st.stack.append(self)


#: The die rolled for each seat (built once).
DIE = tuple(Die(s) for s in range(len(NAMES)))


#: The prompts of the grand manitou's choices in a raid (the public decision texts).
RAID_TOWN_PROMPT = "the grand manitou chooses the town attacked (fewest Peace pipes)"
RAID_TARGET_PROMPT = "the grand manitou chooses a target"


def _trigger(st: St, g: int, s: int, last: int) -> None:
    st.log(f"The camp attacks ({st.camp[g * 3]} red, {st.camp[g * 3 + 1]} orange)!")
    if last == ORANGE:
        st.stack.append(RaidStart(g, s))
        return
    seats = st.groups[g]
    fewest = min(st.pipes_for_raid(t) for t in seats)
    tied = [t for t in seats if st.pipes_for_raid(t) == fewest]
    effects.ask(
        st, st.gm[g],
        [(A.SEAT_RAID + t, Push(RaidStart(g, t))) for t in tied],
        RAID_TOWN_PROMPT,
    )


@WT.auto
class RaidStart(NamedTuple):
    """The Indians of table ``group``'s camp attack ``seat``'s town (the orange Indian's
    roller's, or the fewest Peace pipes': the grand manitou chooses among a tie); a
    building that gives Cowboys when attacked gives them first."""

    group: int
    seat: int

    def run(self, st: St) -> None:
        g, t = self.group, self.seat
        st.log(f"The Indians attack {NAMES[t]}'s town")
        for k, n in _ATTACKED_COWBOYS.items():
            if st.has_building(t, k):
                st.gain(t, C, n)
                st.log(f"{NAMES[t]}'s {DATA.cards[k].name} gives {n} Cowboys")
        red, orange = st.camp[g * 3], st.camp[g * 3 + 1]
        st.stack.append(Raid(g, t, red, orange, ()))


def _targets(st: St, t: int, done: tuple[int, ...]) -> list[int]:
    base = t * S
    site, destroyed = st.site, st.destroyed
    out = []
    for x in range(S):
        if site[base + x] >= 0 and not destroyed[base + x] and x not in done:
            out.append(x)
    if st.r(t, I) > 0 and A.INHABITANTS_TARGET not in done:
        out.append(A.INHABITANTS_TARGET)
    return out


@WT.auto
class Raid(NamedTuple):
    """The raid on ``seat``'s town: the grand manitou of table ``group`` sends the ``red``
    and the ``orange`` Indians still waiting (each colour together) at a target not
    attacked yet (``done``: the targets attacked); none left, the raid is over and the
    town receives a Peace pipe from the camp if it has one."""

    group: int
    seat: int
    red: int
    orange: int
    done: tuple[int, ...]

    def run(self, st: St) -> None:
        g, t, red, orange, done = self.group, self.seat, self.red, self.orange, self.done
        targets = _targets(st, t, done)
        options = []
        for c, n in ((RED, red), (ORANGE, orange)):
            if n:
                for x in targets:
                    options.append(
                        (A.ATTACK + c * A.ATTACK_TARGETS + x, new_step(Attack, (self, c, x)))
                    )
        if not options:
            _end_raid(st, g, t)
            return
        effects.ask(st, st.gm[g], options, RAID_TARGET_PROMPT, force_ask=True)


@WT.auto
class Attack(NamedTuple):
    """An option of the raid: the Indians of ``colour`` attack ``target`` (a site, or the
    Inhabitants); the town may defend with Cowboys (:class:`Defend`), then the ``raid``
    goes on."""

    raid: Raid
    colour: int
    target: int

    def run(self, st: St) -> None:
        _attack(st, self.raid, self.colour, self.target)


def _attack(st: St, raid: Raid, c: int, x: int) -> None:
    g, t, red, orange = raid.group, raid.seat, raid.red, raid.orange
    n = red if c == RED else orange
    if c == RED:
        red = 0
    else:
        orange = 0
    st.stack.append(new_step(Raid, (g, t, red, orange, (*raid.done, x))))
    zone4 = x < S and ZONE4[x]
    cost = -(-n // SETUP.zone4_cowboy_repels) if zone4 else n
    what = "the Inhabitants" if x == A.INHABITANTS_TARGET else (
        f"the {DATA.cards[st.site[t * S + x]].name} on site {x}")
    colour = A.COLOURS[c]
    st.log(f"{n} {colour} Indian(s) attack {what}; defending costs {cost} Cowboy(s)")
    if st.r(t, C) >= cost:
        effects.ask(
            st, t,
            [(A.DEFEND, new_step(Defend, (t, x, cost, True))),
             (A.NO_DEFEND, new_step(Defend, (t, x, cost, False)))],
            f"defend {what} with {cost} Cowboy(s)?",
            force_ask=True,
        )
    else:
        _defend(st, t, x, cost, False)


@WT.auto
class Defend(NamedTuple):
    """An option of the attacked town ``seat``: defend ``target`` with ``cost`` Cowboys
    (``defended``), or lose it: a building is destroyed, the Inhabitants lose some and Lure."""

    seat: int
    target: int
    cost: int
    defended: bool

    def run(self, st: St) -> None:
        _defend(st, self.seat, self.target, self.cost, self.defended)


def _defend(st: St, t: int, x: int, cost: int, yes: bool) -> None:
    if yes:
        st.lose(t, C, cost)
        st.log(f"{NAMES[t]} defends with {cost} Cowboy(s)")
        return
    if x == A.INHABITANTS_TARGET:
        lost = st.lose(t, I, SETUP.inhabitant_loss)
        lure = st.lose(t, L, SETUP.lure_loss)
        st.log(f"{NAMES[t]} loses {lost} Inhabitant(s) and {lure} Lure")
        return
    k = st.site[t * S + x]
    st.set_destroyed(t, x, 1)
    st.log(f"{NAMES[t]}'s {DATA.cards[k].name} is destroyed")


def _end_raid(st: St, g: int, t: int) -> None:
    st.camp[g * 3] = 0
    st.camp[g * 3 + 1] = 0
    if st.camp[g * 3 + 2] > 0:
        st.camp[g * 3 + 2] -= 1
        st.res[t * NR + P] += 1
        st.log(f"The raid is over; {NAMES[t]} receives a Peace pipe from the camp")
    else:
        st.log("The raid is over")


assert RES_INDEX["P"] == P
