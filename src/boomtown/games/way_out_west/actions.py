"""The fixed integer action space of Way Out West and the static text of each id.

Ranges (T = 5 towns, N = 5 seats, C = 6 counter types):

=========================  ==============================================================
``START + s``              chance: seat s wins the start-player roll
``PLACE + t``              set-up: place a cowboy in town t
``DROP``                   drop out of the turn-order bidding
``BID + x - 1``            raise the bid to $x (1 <= x <= MAX_BID)
``BUY_CATTLE + 2t + n-1``  buy n cattle in town t
``HIRE + t``               hire a cowboy into town t
``HIRE2 + t``, ``HIRE_STOP``  one more cowboy into town t (up to the hire box's
                           ``up_to``), or no more
``MOVE_COWBOYS + ...``     move n cowboys from one town to another (``move_cowboys_id``)
``MOVE_CATTLE + ...``      move n cattle to a neighbouring town (``move_cattle_id``)
``BUILD + C*t + k``        buy counter k in town t
``FARMER + t``             place a Farmer in town t
``ATTACK + 12t + slot``    start a gunfight in town t: slot k < 6 targets counter k, 6 + o
                           seat o's cattle, 11 the Farmer
``SHERIFF_*``              the Jail owner adds the sheriff to a side, or keeps it out
``FIRE``, ``RETREAT``      a side's choice at its firing step
``RETREAT_TO + t``         a retreating cowboy goes to town t
``HITS + h``               chance: the dice of a volley show h hits (5s and 6s)
``ROBBERY + x - 3``        chance: the robbery dice total x
``TAKE_OVER``, ``REMOVE``  a winning attacker takes control: he replaces the counter with his
                           own, or does not (it goes back to its owner's supply)
``RUSTLE + n - 1``         a winning rustler takes n cattle
``WANTED_FROM + s``        take a Wanted counter from seat s (none left in the supply)
``CASUALTY_*``             option ``casualties = "owner_chooses"``: the hit side's player
                           loses a cowboy, the sheriff or the built-in defender
=========================  ==============================================================
"""

from __future__ import annotations

from boomtown.engine.actions import Action, families
from boomtown.games.way_out_west.data import DATA

T = len(DATA.towns)
N = 5
C = len(DATA.counters)
TOWN_NAMES = tuple(t.name for t in DATA.towns)
COUNTER_NAMES = tuple(c.name for c in DATA.counters)
COUNTER = {c.key: c.index for c in DATA.counters}
MAX_BID = DATA.limits.max_bid
MAX_MOVE = DATA.box("move_cowboys").up_to
HIRE_UP_TO = DATA.box("hire").up_to
CATTLE_UP_TO = DATA.box("cattle").up_to
MOVE_CATTLE_UP_TO = DATA.box("move_cattle").up_to
RUSTLE_UP_TO = DATA.gunfight.rustle_up_to
#: Most fighters a side can have: all cowboys of a player, the sheriff and a built-in cowboy.
MAX_FIGHTERS = DATA.components.cowboys_per_player + 2
ROBBERY_MIN = DATA.gunfight.robbery_dice
ROBBERY_MAX = DATA.gunfight.robbery_dice * DATA.gunfight.die_sides

#: The boxes of the action chart: the non-building boxes of the data in order, then one
#: building box per counter type (``build_KEY``).
BOX_KEYS = tuple(b.key for b in DATA.boxes if b.key != "building") + tuple(
    f"build_{c.key}" for c in DATA.counters
)

#: Ordered town pairs (from, to) with from != to, for moving cowboys.
PAIRS = tuple((a, b) for a in range(T) for b in range(T) if a != b)
PAIR_INDEX = {p: i for i, p in enumerate(PAIRS)}
#: Neighbouring town pairs on the chain 1-2-3-4-5 (U5), for moving cattle.
ADJACENT = tuple((a, b) for a, b in PAIRS if abs(a - b) == 1)
ADJ_INDEX = {p: i for i, p in enumerate(ADJACENT)}
SLOTS = C + N + 1
SLOT_CATTLE = C
SLOT_FARMER = C + N

START = 0
PLACE = START + N
DROP = PLACE + T
BID = DROP + 1
BUY_CATTLE = BID + MAX_BID
HIRE = BUY_CATTLE + T * CATTLE_UP_TO
HIRE2 = HIRE + T
HIRE_STOP = HIRE2 + T
MOVE_COWBOYS = HIRE_STOP + 1
MOVE_CATTLE = MOVE_COWBOYS + len(PAIRS) * MAX_MOVE
BUILD = MOVE_CATTLE + len(ADJACENT) * MOVE_CATTLE_UP_TO
FARMER = BUILD + T * C
ATTACK = FARMER + T
SHERIFF_ATT = ATTACK + T * SLOTS
SHERIFF_DEF = SHERIFF_ATT + 1
SHERIFF_OUT = SHERIFF_DEF + 1
FIRE = SHERIFF_OUT + 1
RETREAT = FIRE + 1
RETREAT_TO = RETREAT + 1
HITS = RETREAT_TO + T
ROBBERY = HITS + MAX_FIGHTERS + 1
TAKE_OVER = ROBBERY + ROBBERY_MAX - ROBBERY_MIN + 1
REMOVE = TAKE_OVER + 1
RUSTLE = REMOVE + 1
WANTED_FROM = RUSTLE + RUSTLE_UP_TO
CASUALTY_COWBOY = WANTED_FROM + N
CASUALTY_SHERIFF = CASUALTY_COWBOY + 1
CASUALTY_EXTRA = CASUALTY_SHERIFF + 1
SIZE = CASUALTY_EXTRA + 1


def bid_id(amount: int) -> int:
    return BID + amount - 1


def buy_cattle_id(town: int, n: int) -> int:
    return BUY_CATTLE + town * CATTLE_UP_TO + n - 1


def move_cowboys_id(src: int, dst: int, n: int) -> int:
    return MOVE_COWBOYS + PAIR_INDEX[(src, dst)] * MAX_MOVE + n - 1


def move_cattle_id(src: int, dst: int, n: int) -> int:
    return MOVE_CATTLE + ADJ_INDEX[(src, dst)] * MOVE_CATTLE_UP_TO + n - 1


def build_id(town: int, counter: int) -> int:
    return BUILD + town * C + counter


def attack_id(town: int, slot: int) -> int:
    return ATTACK + town * SLOTS + slot


def _attack_text(town: str, slot: int) -> str:
    if slot < C:
        key = DATA.counters[slot].key
        name = DATA.counters[slot].name
        if key == "bank":
            return f"gunfight to rob the Bank in {town}"
        if DATA.counters[slot].when_won == "remove":
            return f"gunfight to remove the {name} in {town}"
        return f"gunfight for the {name} in {town}"
    if slot < SLOT_FARMER:
        return f"gunfight to rustle seat {slot - SLOT_CATTLE}'s cattle in {town}"
    return f"gunfight to remove the Farmer in {town}"


def _texts() -> list[str]:
    t = [""] * SIZE
    for s in range(N):
        t[START + s] = f"seat {s} wins the start-player roll"
        t[WANTED_FROM + s] = f"take a Wanted counter from seat {s}"
    another = "a second" if HIRE_UP_TO == 2 else "another"
    for i, town in enumerate(TOWN_NAMES):
        t[PLACE + i] = f"place a cowboy in {town}"
        for n in range(1, CATTLE_UP_TO + 1):
            t[buy_cattle_id(i, n)] = f"buy {n} cattle in {town}"
        t[HIRE + i] = f"hire a cowboy into {town}"
        t[HIRE2 + i] = f"hire {another} cowboy into {town}"
        for k, name in enumerate(COUNTER_NAMES):
            t[build_id(i, k)] = f"buy a {name} in {town}"
        t[FARMER + i] = f"place a Farmer in {town}"
        for slot in range(SLOTS):
            t[attack_id(i, slot)] = _attack_text(town, slot)
        t[RETREAT_TO + i] = f"a retreating cowboy rides to {town}"
    t[DROP] = "drop out of the bidding"
    for x in range(1, MAX_BID + 1):
        t[bid_id(x)] = f"raise the bid to ${x}"
    t[HIRE_STOP] = "hire no second cowboy" if HIRE_UP_TO == 2 else "hire no more cowboys"
    for a, b in PAIRS:
        for n in range(1, MAX_MOVE + 1):
            what = "1 cowboy" if n == 1 else f"{n} cowboys"
            t[move_cowboys_id(a, b, n)] = f"move {what} from {TOWN_NAMES[a]} to {TOWN_NAMES[b]}"
    for a, b in ADJACENT:
        for n in range(1, MOVE_CATTLE_UP_TO + 1):
            t[move_cattle_id(a, b, n)] = f"move {n} cattle from {TOWN_NAMES[a]} to {TOWN_NAMES[b]}"
    t[SHERIFF_ATT] = "add the sheriff to the attacker"
    t[SHERIFF_DEF] = "add the sheriff to the defender"
    t[SHERIFF_OUT] = "keep the sheriff out of the gunfight"
    t[FIRE] = "fire"
    t[RETREAT] = "retreat"
    for h in range(MAX_FIGHTERS + 1):
        t[HITS + h] = f"the volley scores {h} hit{'s' if h != 1 else ''}"
    for x in range(ROBBERY_MIN, ROBBERY_MAX + 1):
        t[ROBBERY + x - ROBBERY_MIN] = f"the robbery dice total {x}"
    t[TAKE_OVER] = "take control: replace the counter with one of your colour"
    t[REMOVE] = "take control without replacing: the counter goes back to its owner's supply"
    for n in range(1, RUSTLE_UP_TO + 1):
        t[RUSTLE + n - 1] = f"rustle {n} cattle"
    t[CASUALTY_COWBOY] = "lose a cowboy (back to your supply)"
    t[CASUALTY_SHERIFF] = "lose the sheriff (for this gunfight)"
    t[CASUALTY_EXTRA] = "lose the built-in defender (for this gunfight)"
    return t


TEXTS = _texts()
ACTIONS = tuple(Action(i, text) for i, text in enumerate(TEXTS))
assert all(TEXTS), "every id of the action space has a text"

#: The kinds of decision, in the order of the action space (coverage and each action's kind).
FAMILIES = families(
    [
        ("start-player", "chance", START), ("place", "place", PLACE), ("drop-out", "pass", DROP),
        ("bid", "bid", BID), ("buy-cattle", "buy", BUY_CATTLE), ("hire", "hire", HIRE),
        ("hire-second", "hire", HIRE2), ("hire-stop", "pass", HIRE_STOP),
        ("move-cowboys", "move", MOVE_COWBOYS), ("move-cattle", "move", MOVE_CATTLE),
        ("build", "build", BUILD), ("farmer", "place", FARMER), ("attack", "gunfight", ATTACK),
        ("sheriff-attacker", "sheriff", SHERIFF_ATT),
        ("sheriff-defender", "sheriff", SHERIFF_DEF), ("sheriff-out", "sheriff", SHERIFF_OUT),
        ("fire", "gunfight", FIRE), ("retreat", "gunfight", RETREAT),
        ("retreat-to", "move", RETREAT_TO), ("hits", "chance", HITS),
        ("robbery", "chance", ROBBERY), ("take-over", "spoils", TAKE_OVER),
        ("remove", "spoils", REMOVE), ("rustle", "spoils", RUSTLE),
        ("wanted-from", "spoils", WANTED_FROM), ("casualty-cowboy", "casualty", CASUALTY_COWBOY),
        ("casualty-sheriff", "casualty", CASUALTY_SHERIFF),
        ("casualty-extra", "casualty", CASUALTY_EXTRA),
    ],
    SIZE,
)
