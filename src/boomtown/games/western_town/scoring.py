"""Lincoln's expectations and the final score.

Final score = Homes ranking + building points (halved when destroyed, -2 per
destroyed marker) + exported Gold, Lure and sets of 4 Inhabitants times the number
of times each wish appears on the game's Lincoln cards (the "5" card excluded).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boomtown.engine.actions import TERMINAL
from boomtown.games.western_town import actions as A
from boomtown.games.western_town.data import DATA, RES_INDEX
from boomtown.games.western_town.state import NR, WT, I, L, S, X

if TYPE_CHECKING:
    from boomtown.games.western_town.state import WesternTownState as St

SETUP = DATA.setup
#: Lincoln counts Inhabitants in sets: one point per full set, for each "I" wish.
INHABITANTS_PER_POINT = 4


def lincoln_points(st: St, s: int, wishes: tuple[str, ...]) -> int:
    """Points for a Lincoln card: 1 per exported Gold, 1 per Lure, 1 per full 4 Inhabitants."""
    res, base = st.res, s * NR
    return (
        wishes.count("G") * res[base + X]
        + wishes.count("L") * res[base + L]
        + wishes.count("I") * (res[base + I] // INHABITANTS_PER_POINT)
    )


def multipliers(st: St) -> dict[str, int]:
    """How often each wish appears on the revealed Lincoln cards (the 5 card has none)."""
    out = {"G": 0, "L": 0, "I": 0}
    for c in st.lincoln_revealed:
        for wish in DATA.lincoln[c].wishes:
            out[wish] += 1
    return out


def _vp_per(k: int) -> tuple[int, int, int] | None:
    """Building ``k``'s points per resource, as (resource index, per, points)."""
    tile = DATA.cards[k].tile
    per = tile.vp_per if tile is not None else None
    return (RES_INDEX[per["of"]], per["per"], per["points"]) if per else None


_VP = [c.tile.vp if c.tile is not None else 0 for c in DATA.cards]
_VP_PER = [_vp_per(k) for k in range(len(DATA.cards))]
_WAREHOUSE = DATA.card("warehouse").index
#: The warehouse's points with the option ``warehouse_points = "flat"`` (U13).
FLAT_WAREHOUSE_POINTS = 6


def building_points(st: St, s: int, k: int) -> int:
    if k == _WAREHOUSE and st.options.warehouse_points == "flat":
        return FLAT_WAREHOUSE_POINTS
    per = _VP_PER[k]
    if per is None:
        return _VP[k]
    ri, n, points = per
    return _VP[k] + (st.res[s * NR + ri] // n) * points


def homes_points(st: St, seats: tuple[int, ...]) -> dict[int, int]:
    """1 point per player with fewer Homes; +3 for every player with the most (U17)."""
    homes = {s: st.homes(s) for s in seats}
    top = max(homes.values())
    return {
        s: sum(1 for t in seats if homes[t] < homes[s])
        + (SETUP.homes_first_bonus if homes[s] == top else 0)
        for s in seats
    }


@WT.answers("score_breakdown")
def breakdown(st: St) -> dict[str, Any]:
    """Every seat's score by category, as it stands now (final once the game is over)."""
    mult = multipliers(st)
    seats_out: list[dict[str, Any]] = [{} for _ in range(st.num_players)]
    totals = [0] * st.num_players
    for g, seats in enumerate(st.groups):
        hp = homes_points(st, seats)
        for s in seats:
            buildings: dict[str, int] = {}
            points = 0
            destroyed = 0
            site, marked, base = st.site, st.destroyed, s * S
            for x in A.SPACES:
                k = site[base + x]
                if k < 0:
                    continue
                value = building_points(st, s, k)
                if marked[base + x]:
                    value //= 2
                if value:
                    name = A.CARD_NAMES[k]
                    buildings[name] = buildings.get(name, 0) + value
                points += value
            destroyed = sum(st.destroyed[s * S : (s + 1) * S])
            penalty = destroyed * SETUP.destroyed_point_penalty
            gold = st.r(s, X) * mult["G"]
            lure = st.r(s, L) * mult["L"]
            inhabitants = (st.r(s, I) // INHABITANTS_PER_POINT) * mult["I"]
            total = hp[s] + points - penalty + gold + lure + inhabitants
            totals[s] = total
            seats_out[s] = {
                "seat": s,
                "group": g,
                "homes": st.homes(s),
                "homes_points": hp[s],
                "buildings": buildings,
                "building_points": points,
                "destroyed_markers": destroyed,
                "destroyed_penalty": -penalty,
                "exported_gold_points": gold,
                "lure_points": lure,
                "inhabitant_points": inhabitants,
                "total": total,
            }
    winners = []
    for seats in st.groups:
        best = max(totals[s] for s in seats)
        winners += [s for s in seats if totals[s] == best]
    return {
        "final": st.current_player == TERMINAL,
        "multipliers": mult,
        "seats": seats_out,
        "totals": totals,
        "winners": sorted(winners),
    }


def totals(st: St, mult: dict[str, int] | None = None) -> list[int]:
    """Every seat's points as they stand: :func:`breakdown`'s ``totals`` without the rest
    (what the observation reads at every decision; a test holds the two equal over many
    games). ``mult``: the :func:`multipliers`, when the caller has them already. It reads
    only the sites, destroyed markers, resources, Homes (``n_homes``, ``n_destroyed``), the
    Lincoln cards revealed and the options: the observation remembers it by these."""
    if mult is None:
        mult = multipliers(st)
    gold, lure, inhabitants = mult["G"], mult["L"], mult["I"]
    site, marked, res = st.site, st.destroyed, st.res
    penalty, first_bonus = SETUP.destroyed_point_penalty, SETUP.homes_first_bonus
    out = [0] * st.num_players
    for seats in st.groups:
        homes = [st.homes(s) for s in seats]
        top = max(homes)
        for s, mine in zip(seats, homes, strict=True):
            # Homes ranking (as homes_points): 1 per seat with fewer Homes, the bonus for the most
            points = sum(1 for h in homes if h < mine) + (first_bonus if mine == top else 0)
            base = s * S
            built = base + A.FIRST_SPACE  # the sites of A.SPACES
            for k, destroyed in zip(site[built : base + S], marked[built : base + S],
                                    strict=True):
                if k >= 0:
                    value = building_points(st, s, k)
                    points += value // 2 if destroyed else value
            r = s * NR
            out[s] = (points - sum(marked[base : base + S]) * penalty
                      + res[r + X] * gold + res[r + L] * lure
                      + (res[r + I] // INHABITANTS_PER_POINT) * inhabitants)
    return out


@WT.answers("returns")
def returns(st: St) -> list[float]:
    """1 for every winner (a shared win counts for each, U18), 0 otherwise."""
    winners = set(breakdown(st)["winners"])
    return [1.0 if s in winners else 0.0 for s in range(st.num_players)]
