"""The fixed integer action space of Western Town and the static text of each id.

Ranges (K = number of card kinds, S = number of board sites, N = 4 seats):

======================  ========================================================
``PLAY + k``            play card k (phase 2, or the third card in phase 3)
``FACEDOWN + k``        play card k face down without effect (no card playable)
``SET_ASIDE + k``       put card k among the inactive cards (phase 1.c)
``RETRIEVE + k``        take card k back from the inactive pile
``REPLAY + k``          replay the played effect of your face-up card k
``BUILD + k``           construct building k (the homestead kind = a homestead tile)
``EXPLOIT + t*K + k``   exploit seat t's face-up card k with your own card k (shown from
                        your table when one lies face up there, else from your hand)
``PASS``                pass for good (phase 3)
``SPACE + i``           lay the tile on empty board space i
``REPAIR + s``          remove the destroyed marker on site s
``SEAT_* + t``          a choice of seat t (Lincoln tie, raid town, peek, steal)
``ATTACK + c*(S+1)+x``  Indians of colour c attack site x (x = S: the Inhabitants)
``DEFEND``/``NO_DEFEND``, ``SKIP``, ``STOP``
``TXN + j``             a resource transaction (pay -> gain) listed in ``TXNS``
chance ids              first lead marshal, western town card, Lincoln card,
                        star card drawn, Indian die face
``EXPLOIT_HAND + t*K+k``  exploit seat t's face-up card k with your card k shown from
                        your hand while another k lies face up on your table
``EXPLOIT_NAMED + (t*NP+p)*2+z``  exploit seat t's face-up card ``NAMED_PAIRS[p][0]``
                        with your other card of the same name ``NAMED_PAIRS[p][1]``,
                        from your hand (z = 0) or your table (z = 1)
======================  ========================================================

The last two ranges came with ruleset version 2 and sit at the end, so that every older id
keeps its meaning.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from boomtown.engine.actions import Action, families
from boomtown.games.western_town.data import DATA, RES_NAMES, RESOURCES

K = len(DATA.cards)
S = len(DATA.sites)
N = 4
CARD_NAMES = [c.name for c in DATA.cards]
KIND = {c.key: c.index for c in DATA.cards}
FIRST_SPACE = next(i for i, s in enumerate(DATA.sites) if s.printed is None)
SPACES = list(range(FIRST_SPACE, S))
#: Per kind: the other kinds printed with the same name (the rulebook's exploit matches a
#: card "with the same name": the two civic pride cards).
SAME_TITLE = [
    tuple(j for j in range(K) if j != k and DATA.cards[j].title == DATA.cards[k].title)
    for k in range(K)
]
#: (face-up target kind, own kind) pairs of different kinds that share a name, in order.
NAMED_PAIRS = [(k, j) for k in range(K) for j in SAME_TITLE[k]]
NP = len(NAMED_PAIRS)

PLAY = 0
FACEDOWN = PLAY + K
SET_ASIDE = FACEDOWN + K
RETRIEVE = SET_ASIDE + K
REPLAY = RETRIEVE + K
BUILD = REPLAY + K
EXPLOIT = BUILD + K
PASS = EXPLOIT + N * K
SPACE = PASS + 1
REPAIR = SPACE + S
SEAT_LINCOLN = REPAIR + S
SEAT_RAID = SEAT_LINCOLN + N
SEAT_PEEK = SEAT_RAID + N
SEAT_STEAL = SEAT_PEEK + N
ATTACK = SEAT_STEAL + N
COLOURS = ("red", "orange")
ATTACK_TARGETS = S + 1
INHABITANTS_TARGET = S
DEFEND = ATTACK + len(COLOURS) * ATTACK_TARGETS
NO_DEFEND = DEFEND + 1
SKIP = NO_DEFEND + 1
STOP = SKIP + 1
TXN = STOP + 1


def _norm(d: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((r, d[r]) for r in RESOURCES if d.get(r))


#: The trade a "wood_for_inhabitants" board space offers when a tile is laid on it: pay, gain.
SPACE_TRADE: tuple[dict[str, int], dict[str, int]] = ({"I": 2}, {"W": 1})
#: What laying a tile on a space of the other gaining effects gives: (resource, amount).
SITE_GAINS: dict[str, tuple[str, int]] = {"gold": ("G", 1), "inhabitants": ("I", 2)}


def _collect_txns() -> list[tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]]:
    """Every resource transaction the rules can offer as a choice, in a fixed order."""
    found: list[tuple[Any, Any]] = []

    def add(pay: dict[str, int], gain: dict[str, int]) -> None:
        key = (_norm(pay), _norm(gain))
        if key not in found:
            found.append(key)

    def scan(steps: Any) -> None:
        for step in steps:
            op = step["op"]
            if op == "gain":
                add({}, {r: v for r, v in step.items() if r in RESOURCES})
            elif op == "choose_gain":
                for r in step["options"]:
                    add({}, {r: 1})
            elif op == "convert":
                add(step["pay"], step["gain"])
                scan(step.get("then", ()))
            elif op == "convert_any":
                for combo in combinations_with_replacement(step["from"], step["n"]):
                    pay: dict[str, int] = {}
                    for r in combo:
                        pay[r] = pay.get(r, 0) + 1
                    add(pay, step["gain"])
            elif op == "convert_repeat":
                for r in step["from"]:
                    add({r: 1}, step["gain"])
            elif op == "build" and step.get("pay_one_of"):
                for r in step["pay_one_of"]:
                    pay = dict(step.get("pay", {}))
                    pay[r] = pay.get(r, 0) + 1
                    add(pay, {})
            elif op == "either":
                for branch in step["options"]:
                    scan(branch)

    for card in DATA.cards:
        scan(card.play)
        scan(card.exploit)
        for r in card.income_choice:
            add({}, {r: 1})
        if card.tile is not None:
            scan(card.tile.on_lay)
            for r in card.tile.cost_one_of:
                pay = dict(card.tile.cost)
                pay[r] = pay.get(r, 0) + 1
                add(pay, {})
    add(*SPACE_TRADE)  # board space (c)
    return found


TXNS = _collect_txns()
TXN_INDEX = {t: i for i, t in enumerate(TXNS)}

FIRST_LM = TXN + len(TXNS)
START_CARD = FIRST_LM + N
LINCOLN = START_CARD + len(DATA.start_cards)
STAR = LINCOLN + len(DATA.lincoln)
DIE_FACES: list[tuple[str, tuple[str, ...], bool]] = []
#: DIE_KEYS[j]: the data's key of die face j (``DIE + j``), the key of its catalogue id.
DIE_KEYS: list[str] = []
for _face in DATA.die:
    _key = (_face.face, _face.adds, _face.again)
    if _key not in DIE_FACES:
        DIE_FACES.append(_key)
        DIE_KEYS.append(_face.key)
DIE = STAR + K
EXPLOIT_HAND = DIE + len(DIE_FACES)
EXPLOIT_NAMED = EXPLOIT_HAND + N * K
SIZE = EXPLOIT_NAMED + N * NP * 2
FROM_HAND, FROM_TABLE = 0, 1  # z in the EXPLOIT_NAMED range


def exploit_named_id(t: int, p: int, z: int) -> int:
    """The id that exploits seat ``t``'s card by pair ``p`` of ``NAMED_PAIRS``, showing the
    own card from the hand (``FROM_HAND``) or the table (``FROM_TABLE``)."""
    return EXPLOIT_NAMED + (t * NP + p) * 2 + z


def txn_id(pay: dict[str, int], gain: dict[str, int]) -> int:
    """The id of a transaction (it must be one the data can offer)."""
    return TXN + TXN_INDEX[(_norm(pay), _norm(gain))]


def _amounts(items: tuple[tuple[str, int], ...]) -> str:
    return " and ".join(
        f"{n} {RES_NAMES[r]}" + ("s" if n > 1 and r in "ICPL" else "")
        for r, n in items
    )


def txn_text(pay: tuple[tuple[str, int], ...], gain: tuple[tuple[str, int], ...]) -> str:
    if not pay:
        return f"take {_amounts(gain)}"
    if not gain:
        return f"pay {_amounts(pay)}"
    if gain == (("X", gain[0][1]),) and pay == (("G", pay[0][1]),):
        return f"discard {_amounts(pay)} to export {gain[0][1]}"
    return f"discard {_amounts(pay)} for {_amounts(gain)}"


def _site_label(i: int) -> str:
    site = DATA.sites[i]
    if site.printed is not None:
        return f"site {i} (printed {DATA.card(site.printed).name})"
    return f"site {i}"


def _space_label(i: int) -> str:
    site = DATA.sites[i]
    effect = site.effect or ""
    if effect in SITE_GAINS:
        extra = f", +{_amounts(_norm(dict([SITE_GAINS[effect]])))}"
    elif effect == "wood_for_inhabitants":
        pay, gain = SPACE_TRADE
        extra = f", may trade {_amounts(_norm(pay))} for {_amounts(_norm(gain))}"
    else:
        extra = ", roll the Indian die" if effect == "die" else ""
    if site.extra_home:
        extra += ", +1 Home"
    return f"space {i} (a {site.number}{extra})"


def _texts() -> list[str]:
    t = [""] * SIZE
    for k, name in enumerate(CARD_NAMES):
        t[PLAY + k] = f"play {name}"
        t[FACEDOWN + k] = f"play {name} face down without effect"
        t[SET_ASIDE + k] = f"set {name} aside"
        t[RETRIEVE + k] = f"take {name} back from the inactive pile"
        t[REPLAY + k] = f"replay face-up {name}"
        t[BUILD + k] = (
            "build a homestead tile" if DATA.cards[k].key == "homestead" else f"build {name}"
        )
        t[STAR + k] = f"star card drawn: {name}"
        for seat in range(N):
            t[EXPLOIT + seat * K + k] = f"exploit seat {seat}'s {name}"
    t[PASS] = "pass"
    for i in range(S):
        t[REPAIR + i] = f"repair {_site_label(i)}"
        t[SPACE + i] = f"lay the tile on {_space_label(i)}" if i >= FIRST_SPACE else f"({i})"
    for seat in range(N):
        t[SEAT_LINCOLN + seat] = f"Lincoln visits seat {seat}"
        t[SEAT_RAID + seat] = f"the Indians attack seat {seat}'s town"
        t[SEAT_PEEK + seat] = f"look at seat {seat}'s hand"
        t[SEAT_STEAL + seat] = f"take from seat {seat}"
        t[FIRST_LM + seat] = f"seat {seat} is the first lead marshal"
    for c, colour in enumerate(COLOURS):
        for x in range(ATTACK_TARGETS):
            target = "the Inhabitants" if x == INHABITANTS_TARGET else _site_label(x)
            t[ATTACK + c * ATTACK_TARGETS + x] = f"{colour} Indians attack {target}"
    t[DEFEND] = "defend with Cowboys"
    t[NO_DEFEND] = "do not defend"
    t[SKIP] = "skip"
    t[STOP] = "stop"
    for j, (pay, gain) in enumerate(TXNS):
        t[TXN + j] = txn_text(pay, gain)
    for j, sc in enumerate(DATA.start_cards):
        t[START_CARD + j] = f"western town card drawn: {sc.name}"
    for j, lc in enumerate(DATA.lincoln):
        t[LINCOLN + j] = f"Lincoln card revealed: {lc.key}"
    for j, (face, _, _) in enumerate(DIE_FACES):
        t[DIE + j] = f"Indian die: {face}"
    for seat in range(N):
        for k, name in enumerate(CARD_NAMES):
            t[EXPLOIT_HAND + seat * K + k] = (
                f"exploit seat {seat}'s {name} with the {name} from your hand"
            )
        for p, (k, j) in enumerate(NAMED_PAIRS):
            for z, where in ((FROM_HAND, "hand"), (FROM_TABLE, "table")):
                target, own = CARD_NAMES[k], CARD_NAMES[j]
                t[exploit_named_id(seat, p, z)] = (
                    f"exploit seat {seat}'s {target} with the {own} from your {where}"
                )
    return t


TEXTS = _texts()
ACTIONS = tuple(Action(i, text) for i, text in enumerate(TEXTS))

#: The kinds of decision, in the order of the action space (coverage and each action's kind).
FAMILIES = families(
    [
        ("play", "play", PLAY), ("play-face-down", "play", FACEDOWN),
        ("set-aside", "set-aside", SET_ASIDE), ("retrieve", "take", RETRIEVE),
        ("replay", "play", REPLAY), ("build", "build", BUILD), ("exploit", "exploit", EXPLOIT),
        ("pass", "pass", PASS), ("lay-tile", "build", SPACE), ("repair", "repair", REPAIR),
        ("lincoln-seat", "lincoln", SEAT_LINCOLN), ("raid-seat", "raid", SEAT_RAID),
        ("peek-seat", "peek", SEAT_PEEK), ("steal-seat", "steal", SEAT_STEAL),
        ("attack", "raid", ATTACK), ("defend", "defend", DEFEND),
        ("no-defence", "pass", NO_DEFEND), ("skip", "pass", SKIP), ("stop", "pass", STOP),
        ("transaction", "resources", TXN), ("first-lead-marshal", "chance", FIRST_LM),
        ("start-card", "chance", START_CARD), ("lincoln-card", "chance", LINCOLN),
        ("star-card", "chance", STAR), ("die", "chance", DIE),
        ("exploit-from-hand", "exploit", EXPLOIT_HAND),
        *([("exploit-by-name", "exploit", EXPLOIT_NAMED)] if NP else []),
    ],
    SIZE,
)
