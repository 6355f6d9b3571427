"""Every train station upgraded to the end of its choices, by each way the rules reach one,
and the tables of different lengths that the rules index together (issue 11, item 1).

Upgrading station 6-10 used to raise ``IndexError`` while the station-master choice was
listed: the station masters sit only on stations 1-5, and the list of their tiles was indexed
by the station.
"""

from __future__ import annotations

import random

import pytest

from boomtown.engine import CHANCE, TERMINAL
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import buildings as B
from boomtown.games.great_western_trail import kansas_city as KC
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail.data import (
    CITIES,
    DISC_ROWS,
    LAST_SPACE,
    MASTER_SLOT,
    MASTER_STATIONS,
    MASTERS,
    OBJECTIVES,
    SETUP,
    STATIONS,
    TEEPEE_VALUES,
    WORKERS,
)
from gwt_scenario import (
    build,
    edit,
    game,
    hire_from_market,
    in_turn,
    phase,
    play_on,
    space,
)

#: Engine position of each station: its turnout, or for station 10 the last space.
STATION_AT = {k: pos for pos, k in R.STATION_POS.items()}
LAST = len(STATIONS) - 1  # station 10, on space 39
FOLLOW_UP = ("disc", "appoint", "hazard_or_teepee", "take_obj", "obj_fill", "obj_top")
ALL = list(range(len(STATIONS)))


def local(op: str) -> int:
    return A.LOCAL + A.OP_INDEX[op]


def ready(seed: int = 0, **options: str):
    """Seat 0 with money for any station and a hired worker it may appoint."""
    st = edit(game(2, seed, options))
    st.money[0] = 40
    hire_from_market(st, 0)
    return st


def upgrade_to_the_end(st, k: int) -> list[str]:
    """Upgrade station ``k`` from the decision that offers it and play every choice that
    follows: the disc (the first offered), appointing the hired worker where a station
    master waits, the master's own choice. Return the frames met."""
    masters_before = list(st.masters_at)
    assert A.UPGRADE + k in st.legal_action_ids()
    st.apply(A.UPGRADE + k)
    seen = []
    while st.current_player != TERMINAL and phase(st) in FOLLOW_UP:
        frame = phase(st)
        seen.append(frame)
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
            continue
        ids = st.legal_action_ids()
        appoint = [a for a in ids if A.APPOINT <= a < A.APPOINT + len(WORKERS)]
        st.apply(appoint[0] if appoint else ids[0])
    assert st.station_discs[0][k] == 1
    slot = MASTER_SLOT[k]
    if slot >= 0:
        assert "appoint" in seen and st.masters[0] == [masters_before[slot]]
        assert st.masters_at[slot] == -1
    else:
        assert "appoint" not in seen and st.masters_at == masters_before
    return seen


def goes_on(st, seed: int) -> None:
    """After the upgrade the game is whole: legal actions are listed, the components add up,
    and seeded random play reaches the end."""
    counts = st.component_counts()
    if st.current_player != CHANCE:
        assert st.legal_actions()
    assert play_on(st, seed) > 0
    assert st.current_player == TERMINAL
    assert st.component_counts() == counts
    assert len(st.returns()) == 2


@pytest.mark.parametrize("k", ALL)
def test_every_station_upgraded_by_a_normal_engine_move(k: int) -> None:
    """Facts B5.1: "Stopping on a turnout ends that movement; that station may then be
    upgraded" and "If a station master tile is there, the player may at once appoint one of
    his hired workers" (station masters only on stations 1-5)."""
    st = ready(k)
    st.engine[0] = STATION_AT[k] - 1 if k != LAST else STATION_AT[k] - 2  # one step before
    st.cattleman[0] = space("G")
    in_turn(st, R.PhaseB(0, space("G"), 0, False))
    st.apply(local("engine_engineers"))
    st.apply(A.ENGINE + STATION_AT[k])
    assert st.stack[-1] == R.StationOffer(0, k)
    upgrade_to_the_end(st, k)
    goes_on(st, k)


@pytest.mark.parametrize("k", ALL[:-1])
def test_every_station_behind_the_engine_upgraded_by_9b(k: int) -> None:
    """Facts B6.2, 9b: "upgrade any one station behind your engine (pay the cost, disc,
    station-master chance)"."""
    st = ready(k, building_sides="b")
    build(st, 0, 9, "A-1")
    st.engine[0] = STATION_AT[k] + 1  # the space just after the station
    st.cattleman[0] = space("A-1")
    in_turn(st, R.PhaseB(0, space("A-1"), 0, False))
    st.apply(local("upgrade_behind"))
    assert A.UPGRADE + k in st.legal_action_ids()
    upgrade_to_the_end(st, k)
    goes_on(st, 100 + k)


def test_9b_never_offers_station_10() -> None:
    """Facts B5.1: "Reaching space 39: may upgrade station 10, then must move back": no
    engine ever stays beyond station 10, so 9b's "behind your engine" never includes it."""
    st = ready(building_sides="b")
    build(st, 0, 9, "A-1")
    st.engine[0] = 2 * (LAST_SPACE - 1)  # the furthest an engine can stop
    st.cattleman[0] = space("A-1")
    in_turn(st, R.PhaseB(0, space("A-1"), 0, False))
    st.apply(local("upgrade_behind"))
    assert set(st.legal_action_ids()) == {A.UPGRADE + k for k in ALL[:-1]}


@pytest.mark.parametrize("k", ALL)
def test_every_station_upgraded_at_the_end_of_the_track(k: int) -> None:
    """Facts B5.1: "Reaching space 39: may upgrade station 10, then must move back >= 1
    space to a free space and gain $3 (may use it to upgrade a station landed on)"."""
    st = ready(k)
    st.money[0] = 30
    st.engine[0] = 2 * (LAST_SPACE - 1)
    st.cattleman[0] = space("G")
    in_turn(st, R.PhaseB(0, space("G"), 0, False))
    st.apply(local("engine_engineers"))
    st.apply(A.ENGINE + 2 * LAST_SPACE)
    assert st.stack[-1] == R.StationOffer(0, LAST)
    if k == LAST:
        upgrade_to_the_end(st, k)
        assert phase(st) == "end_back"
        goes_on(st, 200 + k)
        return
    st.apply(A.DECLINE)
    assert phase(st) == "end_back"
    money = st.money[0]
    st.apply(A.ENGINE + STATION_AT[k])
    assert st.money[0] == money + R.RAILROAD["end_bonus_money"]
    assert st.stack[-1] == R.StationOffer(0, k)
    upgrade_to_the_end(st, k)
    goes_on(st, 200 + k)


ENGINE_LOCALS = {local(op) for op in ("engine_engineers", "engine_2", "engine_3", "engine_4",
                                       "engine_woods", "pay2_engine2", "discard_jersey_engine",
                                       "upgrade_behind")}
ENGINE_AUX = {A.AUX + 2 * R.AUX_ENGINE, A.AUX + 2 * R.AUX_ENGINE + 1}


def test_upgrade_minded_play_reaches_the_end() -> None:
    """Seeded games from engines spread along the track, whose seats always upgrade, push
    the engine as far as it goes and otherwise play at random: every station gets upgraded
    and every game ends (the fault appeared in about one game in 300 of play heading for the
    end of the track). 9b, seldom built in such play, has its own scenarios above."""
    upgraded = {(k, how): 0 for k in ALL for how in ("station_offer", "upgrade_behind")}
    for seed in range(40):
        n = 2 + seed % 3
        st = edit(game(n, seed, {"building_sides": "b" if seed % 2 else "random"}))
        rng = random.Random(seed)
        for s in range(n):  # distinct spaces, so that every stretch of track is played
            st.engine[s] = 2 * rng.randrange(9 * s + 1, 9 * s + 10)
            st.money[s] = 25
        R.run(st)
        for _ in range(40_000):
            if st.current_player == TERMINAL:
                break
            if st.current_player == CHANCE:
                st.apply(st.sample_chance())
                continue
            ids = st.legal_action_ids()
            ups = [a for a in ids if A.UPGRADE <= a < A.UPGRADE + len(STATIONS)]
            engine = [a for a in ids if A.ENGINE <= a < A.ENGINE + A.NPOS]
            goal = [a for a in ids if a in ENGINE_LOCALS or a in ENGINE_AUX]
            if ups:
                upgraded[ups[-1] - A.UPGRADE, phase(st)] += 1
                st.apply(ups[-1])
            elif engine and phase(st) != "end_back":
                st.apply(max(engine))
            elif goal:
                st.apply(rng.choice(goal))
            else:
                st.apply(rng.choice(ids))
        assert st.current_player == TERMINAL
    assert all(upgraded[k, "station_offer"] for k in ALL), upgraded


# ------------------------------------------------------------------ tables of other lengths
def test_station_masters_are_indexed_by_their_spaces_not_by_stations() -> None:
    """Facts B5.1 (the "station master?" column: yes for stations 1-5 only) and B1.5 ("one
    at random on each of stations 1-5 (all 5 tiles used)")."""
    assert MASTER_STATIONS == (0, 1, 2, 3, 4) and len(MASTERS) == len(MASTER_STATIONS)
    assert [MASTER_SLOT[k] >= 0 for k in ALL] == [s.master for s in STATIONS]
    st = ready()
    assert len(st.masters_at) == len(MASTER_STATIONS)
    for k in ALL:  # the appoint choice can be asked about every station
        ids = R.Appoint(0, k).legal(st)
        assert bool(ids) == STATIONS[k].master
    view = st.view(0)["state"]["board"]
    assert view["station_master_stations"] == list(MASTER_STATIONS)


def test_turnouts_and_station_positions() -> None:
    """Facts B5.1: "Turnout (station) spaces after spaces 4, 7, 10, 13, 16, 21, 25, 29, 33
    ..., plus the station at space 39 (end)"."""
    afters = [s.after for s in STATIONS]
    assert afters == [4, 7, 10, 13, 16, 21, 25, 29, 33, 39]
    assert STATION_AT[LAST] == 2 * LAST_SPACE == R.END_POS
    assert sorted(A.TURNOUT_STATION) == afters[:-1]
    for p in range(A.NPOS):
        space_, turnout = divmod(p, 2)
        text = A.TEXTS[A.ENGINE + p]
        if turnout and space_ not in A.TURNOUT_STATION:
            assert text.startswith("(no turnout")  # space 39 has none either
            with pytest.raises(ValueError, match="no turnout"):
                A.pos_name(p)
            assert p not in {q for r in R._NEXT for q in r}  # and no move reaches it
        else:
            assert text == f"engine to {A.pos_name(p)}"
    for k in ALL[:-1]:
        assert A.pos_name(STATION_AT[k]) == f"the turnout of station {k + 1}"


def test_action_ranges_cover_the_data() -> None:
    """Every table the rules index by an action id has the length of its data: stations,
    cities, disc rows, teepee spaces, hazard spaces, objective display, certificate track,
    draw counts, job market rows."""
    st = game(4)
    assert len(st.station_discs[0]) == len(STATIONS) == A.CITY - A.UNSTATION
    assert len(STATIONS) == A.ADJ - A.UPGRADE and len(WORKERS) == A.UPGRADE - A.APPOINT
    assert len(st.city_discs[0]) == len(CITIES) == A.CERTS - A.CITY
    assert len(st.discs[0]) == len(DISC_ROWS) == A.UNSTATION - A.DISC
    assert len(st.teepee_slots) == len(TEEPEE_VALUES) == A.HAZARD - A.TEEPEE
    assert sum(len(r) for r in st.hazard_rows) == A.ENGINE - A.HAZARD
    assert A.PLAY_OBJ - A.FORESIGHT == 2 and len(OBJECTIVES) == A.TAKE_OBJ - A.PLAY_OBJ
    assert SETUP["objective_display"] + 1 == A.APPOINT - A.TAKE_OBJ  # + the deck's top
    assert max(R.TRACK) + 1 == A.FORESIGHT - A.CERTS
    assert SETUP["workers_max"] + 1 <= A.CH_CARD - A.DRAWN  # 4b draws up to the cowboys
    assert len(SETUP["hire_costs"]) == A.JM_ROWS and len(st.jm) == A.JM_ROWS * A.JM_COLS
    assert all(0 < row < A.JM_ROWS for row in KC.YELLOW)


def test_a_closed_job_market_takes_no_worker() -> None:
    """Rule text: "When it leaves the bottom row along the red arrow, the game end is
    triggered"; facts B4.5: workers "can no longer be taken from foresight". The token's row
    past the last one is never indexed."""
    st = edit(game(2))
    st.token = A.JM_ROWS
    st.foresight[1] = [0, 1]  # only workers in foresight 2
    assert KC.foresight_options(st, 1) == []
    assert all(c < A.JM_ROWS * A.JM_COLS for c in B.hireable_cells(st, 0, 0))
    with pytest.raises(RuntimeError, match="closed"):
        KC.place_worker(st, 0, 0)

