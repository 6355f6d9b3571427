"""What one seat may see: built only from public facts and that seat's own secrets.

Beside each field that names a thing, an ``..._id`` / ``..._ids`` field names it by its board
id (:mod:`ids`), which a client looks up in the catalogue and finds as an action's target. The
id fields have a fixed shape, so that learning code sees the same keys in every view: a card
row lists every card kind (0 when absent), and a site always names its destroyed marker's
place (``marker_id``; the marker lies there while ``destroyed`` is true).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from boomtown.engine.actions import TERMINAL
from boomtown.games.western_town import actions as A
from boomtown.games.western_town import ids as I
from boomtown.games.western_town import raids, rules, scoring
from boomtown.games.western_town.data import DATA, RESOURCES
from boomtown.games.western_town.effects import Ask
from boomtown.games.western_town.state import (
    DOWN,
    HAND,
    HDOWN,
    INACTIVE,
    NR,
    SEAT_COLOURS,
    SEAT_NAMES,
    UP,
    WT,
    K,
    S,
)

if TYPE_CHECKING:
    from boomtown.games.western_town.state import WesternTownState as St

SETUP = DATA.setup


def _cards(counts: Sequence[int]) -> dict[str, int]:
    return {DATA.cards[k].name: n for k, n in enumerate(counts) if n}


def _card_ids(counts: Sequence[int], refs: Sequence[str]) -> dict[str, int]:
    """The cards of ``counts`` by their ids (``refs``: the ids of every kind in one place),
    every kind listed (0 when absent)."""
    return dict(zip(refs, counts, strict=True))


#: Per site: the facts of the data a view shows (the same for every seat and every view).
_SITE_FACTS = [
    {"site": x, "number": site.number, "zone4": site.zone4, "effect": site.effect,
     "extra_home": site.extra_home}
    for x, site in enumerate(DATA.sites)
]
#: Per seat and site: a site's entry of a view with every field in its place, the fixed ones
#: filled (copied and completed for each view: cheaper than building it anew).
_SITE_ENTRIES = [
    [
        {**_SITE_FACTS[x], "building": None, "destroyed": False, "id": I.SITE_AT[s][x],
         "building_id": None, "marker_id": I.DESTROYED_AT[s][x]}
        for x in range(len(DATA.sites))
    ]
    for s in range(len(I.SITE_AT))
]
#: Every card kind's name, by kind.
_CARD_NAMES = [card.name for card in DATA.cards]


def _bonus_homes(st: St, s: int) -> int:
    """Seat ``s``'s Homes that are no building's icon: Lincoln's visits and the +1-Home
    spaces built on."""
    base = s * S
    extra = sum(1 for x in EXTRA_HOME_SITES if st.site[base + x] >= 0)
    return st.lincoln_homes[s] + extra


EXTRA_HOME_SITES = tuple(x for x, site in enumerate(DATA.sites) if site.extra_home)


def _player(st: St, s: int, viewer: int | None) -> dict[str, Any]:
    own = viewer == s
    n = st.num_players
    sites = []
    building_ids = I.BUILDING_AT[s]
    base = s * S
    for x, entry in enumerate(_SITE_ENTRIES[s]):
        site = entry.copy()
        k = st.site[base + x]
        if k >= 0:
            site["building"] = _CARD_NAMES[k]
            site["building_id"] = building_ids[x][k]
        if st.destroyed[base + x]:
            site["destroyed"] = True
        sites.append(site)
    start = st.start_card[s]
    out: dict[str, Any] = {
        "id": I.SEAT_IDS[s],
        "seat": s,
        "colour": SEAT_COLOURS[s],
        "resources": {r: st.res[s * NR + i] for i, r in enumerate(RESOURCES)},
        "homes": st.construction_homes(s),  # as a construction's minimum counts them
        "homes_at_final_scoring": st.homes(s),  # minus one per destroyed marker
        "pink_homes": st.pink_homes(s),
        # the Home icons of the buildings that are not pink, and the bonus Homes (Lincoln's
        # visits, the +1-Home space): pink + black + bonus = homes
        "black_homes": st.n_homes[s] - st.pink_homes(s) - _bonus_homes(st, s),
        "bonus_homes": _bonus_homes(st, s),
        "hand_size_limit": rules.hand_size(st, s),
        "storage": {r: st.storage(s, i) for i, r in enumerate(RESOURCES) if r in "GWC"},
        "sites": sites,
        "homestead_tiles": st.hs_tiles[s],
        "homestead_card_by_board": bool(st.home_card[s]),
        "constructible": [DATA.cards[k].name for k in range(K) if st.avail[s * K + k]],
        "table_up": _cards(st.zone_list(s, UP)),
        "table_down": _cards(st.zone_list(s, DOWN)),
        "face_down_without_effect": sum(st.zone_list(s, HDOWN)),
        "hand_count": sum(st.zone_list(s, HAND)),
        "inactive_count": sum(st.zone_list(s, INACTIVE)),
        "has_committed_card": st.pending[s] >= 0,
        "cards_played": st.played[s],
        "passed": bool(st.passed[s]),
        "lincoln_homes": st.lincoln_homes[s],
        "lincoln_cards": [DATA.lincoln[c].key for t, c in st.lincoln_won if t == s],
        "western_town_card": DATA.start_cards[start].name if start >= 0 else None,
        # the same things by their board ids
        "resource_ids": dict(I.RESOURCE_AT[s]),
        "homestead_tiles_id": I.HOMESTEAD_TILES_AT[s] if st.hs_tiles[s] else None,
        "homestead_card_id": I.HOMESTEAD_CARD_AT[s] if st.home_card[s] else None,
        "constructible_ids": _card_ids(st.avail[s * K : (s + 1) * K], I.BUILD_AT[s]),
        "table_up_ids": _card_ids(st.zone_list(s, UP), I.TABLE_AT[s]),
        "table_down_ids": _card_ids(st.zone_list(s, DOWN), I.DOWN_AT[s]),
        "lincoln_marker_id": I.LINCOLN_MARKER_AT[s] if st.lincoln_homes[s] else None,
        "lincoln_card_ids": [I.LINCOLN_IDS[c] for t, c in st.lincoln_won if t == s],
        "western_town_card_id": I.START_IDS[start] if start >= 0 else None,
    }
    if own:
        pending = st.pending[s]
        hand, inactive, hdown = st.zone_list(s, HAND), st.zone_list(s, INACTIVE), st.zone_list(
            s, HDOWN)
        out["hand"] = _cards(hand)
        out["inactive"] = _cards(inactive)
        out["face_down_cards"] = _cards(hdown)
        out["committed_card"] = DATA.cards[pending].name if pending >= 0 else None
        out["hand_ids"] = _card_ids(hand, I.HAND_AT)
        out["inactive_ids"] = _card_ids(inactive, I.INACTIVE_AT)
        out["face_down_card_ids"] = _card_ids(hdown, I.FACEDOWN_AT)
        out["committed_card_id"] = I.COMMITTED_AT[pending] if pending >= 0 else None
    elif viewer is not None:
        base = (viewer * n + s) * K
        known = st.known[base : base + K]
        out["known_in_hand"] = _cards(known)
        out["known_in_hand_ids"] = _card_ids(known, I.HAND_OF[s])
    return out


@WT.answers("view")
def view(st: St, seat: int | None) -> dict[str, Any]:
    lines = round_lines(st)
    now = phase(st)
    dice, raided = _die(st, lines), _raids(st, lines)
    stocks = []
    for g, seats in enumerate(st.groups):
        stock = st.stock[g * 2] + st.stock[g * 2 + 1]
        red, orange = I.INDIAN_AT[g]
        stocks.append({
            "id": I.GROUP_IDS[g],
            "seats": list(seats),
            "lead_marshal": st.lm[g],
            "grand_manitou": st.gm[g],
            "camp": {"red": st.camp[g * 3], "orange": st.camp[g * 3 + 1],
                     "peace_pipes": st.camp[g * 3 + 2]},
            "star_stock": sorted(DATA.cards[k].name for k in stock),
            "lead_marshal_id": I.LEAD_MARSHAL_AT[g],
            "grand_manitou_id": I.GRAND_MANITOU_AT[g],
            "camp_ids": {"red": red, "orange": orange, "peace_pipes": I.CAMP_PIPES_AT[g]},
            "star_stock_ids": [I.STOCK_AT[g][k] for k in sorted(stock)],
            # this round so far: the die's latest rolls, the latest raid, phase 2's steps;
            # Lincoln's latest visit in the group and the tie the lead marshal breaks now
            "die": dice[g],
            "raid": raided[g],
            "phase2": _phase2(st, g, lines, now),
            "lincoln_visit": _lincoln_visit(st, g),
            "lincoln_tie": _lincoln_tie(st, g),
        })
    current = st.lincoln_current
    return {
        "round": st.round,
        "rounds": st.rounds,
        "decision": {"seat": st.current_player, "prompt": rules.describe(st)},
        "groups": stocks,
        "lincoln": {
            "current": DATA.lincoln[current].key if current >= 0 else None,
            "revealed": [DATA.lincoln[c].key for c in st.lincoln_revealed],
            "unseen": len(st.lincoln_left),
            "multipliers": scoring.multipliers(st),
            "current_id": I.LINCOLN_IDS[current] if current >= 0 else None,
            "revealed_ids": [I.LINCOLN_IDS[c] for c in st.lincoln_revealed],
            # each town's points for the current card's expectations, as the town stands
            # (in phase 5, the points of the visit)
            "points": _lincoln_points(st),
        },
        "phase": now,
        "indian_die_ids": list(I.DIE_IDS),
        "players": [_player(st, s, seat) for s in range(st.num_players)],
        "score": scoring.breakdown(st),
        "action_space": A.SIZE,
    }


# ------------------------------------------------------------------ what the round told
# The board shows a raid, the die and phase 2 as they happen and for the rest of the round.
# The position keeps none of their past (the camp is emptied after a raid, a revealed card is
# just a face-up card), so these parts read the round's *public* log lines: the lines every
# seat and spectators read, each matched whole against the texts rules.py and raids.py write
# (a line of another form is no part of the story). A determinized copy keeps exactly these
# lines, so the view stays the same on it. Everything else comes from the position.

ROUND_LINE = re.compile(r"Round (\d+)$")
_SEAT = "|".join(re.escape(name) for name in SEAT_NAMES)
_CARD = "|".join(re.escape(c.name) for c in DATA.cards)
SEAT_OF_NAME = {name: s for s, name in enumerate(SEAT_NAMES)}
#: Every die roll's line, by seat and face (raids._ROLLS): (seat, face index).
ROLL_LINES = {line: (s, j) for s, lines in enumerate(raids._ROLLS) for j, line in enumerate(lines)}
PLAY_LINES = {line: (s, k) for s, lines in enumerate(rules._PLAYS) for k, line in enumerate(lines)}
REVEAL_LINES = {line: (s, k) for s, lines in enumerate(rules._REVEALS)
                for k, line in enumerate(lines)}
FACE_DOWN_PLAY = {f"{name} plays a card face down without effect": s
                  for s, name in enumerate(SEAT_NAMES)}
FACE_DOWN_REVEAL = {f"{name} reveals a card played face down without effect": s
                    for s, name in enumerate(SEAT_NAMES)}
RAID_LINES = {
    "camp": re.compile(r"The camp attacks \((\d+) red, (\d+) orange\)!$"),
    "town": re.compile(rf"The Indians attack ({_SEAT})'s town$"),
    "cowboys": re.compile(rf"({_SEAT})'s ({_CARD}) gives (\d+) Cowboys$"),
    "attack": re.compile(r"(\d+) (red|orange) Indian\(s\) attack (the Inhabitants|the (.+) on "
                         r"site (\d+)); defending costs (\d+) Cowboy\(s\)$"),
    "defended": re.compile(rf"({_SEAT}) defends with (\d+) Cowboy\(s\)$"),
    "lost": re.compile(rf"({_SEAT}) loses (\d+) Inhabitant\(s\) and (\d+) Lure$"),
    "destroyed": re.compile(rf"({_SEAT})'s ({_CARD}) is destroyed$"),
    "over": re.compile(rf"The raid is over(?:; ({_SEAT}) receives a Peace pipe from the camp)?$"),
}
#: The first words of the raid lines (a cheap test before the patterns).
RAID_STARTS = ("The camp attacks", "The Indians attack", "The raid is over")


def _lincoln_points(st: St) -> list[int]:
    c = st.lincoln_current
    wishes = DATA.lincoln[c].wishes if c >= 0 else ()
    return [scoring.lincoln_points(st, s, wishes) for s in range(st.num_players)]


def _lincoln_visit(st: St, g: int) -> dict[str, Any]:
    """Group ``g``'s latest Lincoln visit: the town, the card, its round, and each town's
    points for the card then (the group's seats in order; the log's "Lincoln's
    expectations" line of that phase 5)."""
    seats = st.groups[g]
    for t, c in reversed(st.lincoln_won):
        if st.seat_group[t] == g:
            visited = st.lincoln_revealed.index(c) + 1
            told = _expectations(st, g, visited)
            return {"seat": t, "card_id": I.LINCOLN_IDS[c], "round": visited,
                    "points": [told.get(s, 0) for s in seats]}
    return {"seat": -1, "card_id": None, "round": 0, "points": [0] * len(seats)}


EXPECTATIONS = "Lincoln's expectations: "
EXPECTATION = re.compile(rf"({_SEAT}) (\d+)")


def _expectations(st: St, g: int, visited: int) -> dict[int, int]:
    """Each town's points in group ``g``'s "Lincoln's expectations" line of round ``visited``
    (this round or the one before)."""
    lines = st.log_for(None)
    now = st.round  # the round of the lines read, from the end backwards
    for i in range(len(lines) - 1, -1, -1):
        line = lines[i]
        if now == visited and line.startswith(EXPECTATIONS):
            told = {SEAT_OF_NAME[m[1]]: int(m[2])
                    for m in EXPECTATION.finditer(line[len(EXPECTATIONS):])}
            if told and st.seat_group[next(iter(told))] == g:
                return told
        elif ROUND_LINE.match(line):
            now -= 1
            if now < visited:
                break
    return {}


def _lincoln_tie(st: St, g: int) -> list[int]:
    """The towns of group ``g`` tied for Lincoln's visit while its lead marshal chooses."""
    frame = st.stack[-1] if st.stack else None
    if type(frame) is not Ask or frame.question != rules.LINCOLN_TIE_PROMPT:
        return []
    tied = [option.step.seat for _, option in frame.options]  # Push(Award(seat))
    return tied if st.seat_group[tied[0]] == g else []


def round_lines(st: St) -> tuple[str, ...]:
    """The public log lines of the current round (from its "Round N" line on)."""
    lines = st.log_for(None)
    if not st.round:
        return ()
    wanted = f"Round {st.round}"
    for i in range(len(lines) - 1, -1, -1):
        if lines[i] == wanted:
            return tuple(lines[i + 1 :])
    return ()


def phase(st: St) -> dict[str, int]:
    """The phase being played (1-5; 0 before the first round and once the game is over) and
    the group playing it (a double duel plays each phase group by group)."""
    if not st.round or st.current_player == TERMINAL:
        return {"number": 0, "group": 0}
    last = len(st.groups) - 1
    for frame in reversed(st.stack):
        kind = type(frame)
        if kind in PHASE_STEPS:
            number, g = PHASE_STEPS[kind], frame.group
            if g > 0:
                return {"number": number, "group": g - 1}
            return {"number": max(1, number - 1), "group": last if number > 1 else 0}
        if kind is rules.Visit:
            return {"number": 4, "group": last}
        if kind is rules.EndRound:
            seat = st.current_player
            return {"number": 5, "group": st.seat_group[seat] if seat >= 0 else 0}
    return {"number": 1, "group": 0}


#: The step that begins each of phases 1-4 of a group, and the phase's number.
PHASE_STEPS = {rules.HandSize: 1, rules.PlayPhase: 2, rules.ExploitPhase: 3,
               rules.IncomePhase: 4}


def _die(st: St, lines: Sequence[str]) -> list[dict[str, Any]]:
    """Per group: the seat that rolled last this round and the faces of that card's rolls
    (a face that says "roll again" is followed by the next roll)."""
    out: list[dict[str, Any]] = [{"seat": -1, "rolls": []} for _ in st.groups]
    previous_roll = False
    for line in lines:
        roll = ROLL_LINES.get(line)
        if roll is None:
            previous_roll = False
            continue
        s, j = roll
        g = st.seat_group[s]
        if not (previous_roll and out[g]["seat"] == s):
            out[g] = {"seat": s, "rolls": []}
        out[g]["rolls"].append(I.DIE_IDS[j])
        previous_roll = True
    return out


def _no_raid() -> dict[str, Any]:
    return {"active": False, "number": 0, "roller": -1, "cause": "", "red": 0, "orange": 0,
            "town": -1, "town_id": None, "tied": [], "cowboys_given": 0, "attacks": [],
            "pipe_to": -1}


def _raids(st: St, lines: Sequence[str]) -> list[dict[str, Any]]:
    """Per group: its latest raid of this round (or the one going on), as the log told it."""
    out = [_no_raid() for _ in st.groups]
    roller, raid = -1, None
    for line in lines:
        roll = ROLL_LINES.get(line)
        if roll is not None:
            roller = roll[0]
            continue
        if not line.startswith(RAID_STARTS) and raid is None:
            continue
        for key, pattern in RAID_LINES.items():
            m = pattern.match(line)
            if m:
                raid = _raid_line(st, out, raid, roller, key, m)
                break
    for g, tied in _raid_decisions(st):
        out[g]["tied"] = tied
    for raid in out:
        raid.pop("group", None)
    return out


def _raid_line(st: St, out: list[dict[str, Any]], raid: dict[str, Any] | None, roller: int,
               key: str, m: re.Match[str]) -> dict[str, Any] | None:
    """Read one raid line into the group's raid; the raid being told (None once over)."""
    if key == "camp":
        if roller < 0:
            return None
        g = st.seat_group[roller]
        red, orange = int(m[1]), int(m[2])
        raid = {**_no_raid(), "active": True, "number": out[g]["number"] + 1, "roller": roller,
                "cause": "red" if red >= SETUP.raid_red else "orange", "red": red,
                "orange": orange, "group": g}
        out[g] = raid
        return raid
    if raid is None:
        return None
    if key == "town":
        t = SEAT_OF_NAME[m[1]]
        raid["town"], raid["town_id"] = t, I.SEAT_IDS[t]
    elif key == "cowboys":
        raid["cowboys_given"] += int(m[3])
    elif key == "attack":
        # the target: a site of the town (its id site:X@T), or the Inhabitants (15: the id
        # resource:I@T); a number, not an id, so that learning code meets no new string here
        x = A.INHABITANTS_TARGET if m[3] == "the Inhabitants" else int(m[5])
        raid["attacks"].append({
            "colour": m[2], "indians": int(m[1]), "target": x,
            "zone4": x != A.INHABITANTS_TARGET and DATA.sites[x].zone4, "cost": int(m[6]),
            "outcome": "", "lost": {"I": 0, "L": 0}})
    elif key in ("defended", "lost", "destroyed") and raid["attacks"]:
        attack = raid["attacks"][-1]
        attack["outcome"] = key
        if key == "lost":
            attack["lost"] = {"I": int(m[2]), "L": int(m[3])}
    elif key == "over":
        raid["active"] = False
        raid["pipe_to"] = SEAT_OF_NAME[m[1]] if m[1] else -1
        return None
    return raid


def _raid_decisions(st: St) -> list[tuple[int, list[int]]]:
    """The towns tied for the fewest Peace pipes while the grand manitou chooses among them."""
    frame = st.stack[-1] if st.stack else None
    if type(frame) is not Ask or frame.question != raids.RAID_TOWN_PROMPT:
        return []
    tied = [option.step.seat for _, option in frame.options]  # Push(RaidStart(g, seat))
    return [(st.seat_group[tied[0]], tied)]


def _phase2(st: St, g: int, lines: Sequence[str], now: dict[str, int]) -> dict[str, Any]:
    """Group ``g``'s phase 2 this round: its steps in order (the lead marshal alone, each
    neighbouring pair choosing in secret, the last player alone), whether each seat of the
    step being played has chosen (never what), the cards each played or revealed, and the
    step being played (-1 before phase 2, the number of steps after it)."""
    seats = st.groups[g]
    mine = frozenset(seats)
    first = next((s for line in lines if (s := _played_by(line)) in mine), None)
    lead = first if first is not None else (st.lm[g] if st.lm[g] >= 0 else seats[0])
    order = st.order_from(g, lead)
    plan = [[order[0]], *([a, b] for a, b in pairwise(order)), [order[-1]]]
    cards: list[list[str | None]] = [[None] * len(step) for step in plan]
    i = 0
    for line in lines:
        if i >= len(plan):
            break
        step = plan[i]
        if len(step) == 1:
            played = PLAY_LINES.get(line)
            if played is not None and played[0] == step[0]:
                cards[i][0] = I.TABLE_AT[played[0]][played[1]]
                i += 1
            elif FACE_DOWN_PLAY.get(line) == step[0]:
                cards[i][0] = ""  # a card played face down without effect
                i += 1
            continue
        revealed = REVEAL_LINES.get(line)
        s = revealed[0] if revealed is not None else FACE_DOWN_REVEAL.get(line)
        if s in step:
            cards[i][step.index(s)] = I.TABLE_AT[s][revealed[1]] if revealed else ""
            if all(c is not None for c in cards[i]):
                i += 1
    if now["number"] < 2 or (now["number"] == 2 and now["group"] < g):
        step_now = -1
    elif now["number"] == 2 and now["group"] == g:
        step_now = i  # the first step the log has not told whole
    else:
        step_now = len(plan)
    return {
        "order": list(order),
        "step": step_now,
        "steps": [{"seats": list(step), "secret": len(step) > 1,
                   "chosen": [n < step_now or (n == step_now and st.pending[s] >= 0)
                              for s in step],
                   "cards": cards[n]}
                  for n, step in enumerate(plan)],
    }


def _played_by(line: str) -> int | None:
    """The seat whose card a phase-2 line plays or reveals (None: another line)."""
    for table in (PLAY_LINES, REVEAL_LINES):
        hit = table.get(line)
        if hit is not None:
            return hit[0]
    s = FACE_DOWN_PLAY.get(line)
    return s if s is not None else FACE_DOWN_REVEAL.get(line)
