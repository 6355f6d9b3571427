"""The building effects as data: every local action, risk action and worker-row bonus is an
op table in the data file (``{ id = ..., op = ..., amounts }``), parsed strictly into ``Op``
records and played by one table of operations, so that correcting an amount in the file
corrects play."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from boomtown.games.great_western_trail import buildings as B
from boomtown.games.great_western_trail import data as D
from boomtown.games.great_western_trail.data import CATTLE_KEY, NEUTRAL, DataError, Op

TESTS = Path(__file__).parent
DATA_FILE = Path(D.__file__).parent / "data" / "great_western_trail.toml"


def test_ops_are_records_with_named_amounts() -> None:
    a_discard = NEUTRAL[0].ops[0][0]
    assert a_discard == Op("discard_guernsey_2", "discard", breed=CATTLE_KEY["guernsey"], money=2)
    assert NEUTRAL[0].slots == (("discard_guernsey_2",), ("hire",), ("hire_extra",))
    assert D.OPS_BY_ID["remove_hazard_7"].cost == 7
    assert D.OPS_BY_ID["hire_extra"].discount == -2
    assert D.RISK_ACTIONS["jersey_cert_money"] == Op(
        "risk_jersey_cert_money", "discard", breed=CATTLE_KEY["jersey"], money=2, certificates=1)
    assert D.WORKER_BONUS_OPS[(2, 6)].money == 4 and D.WORKER_BONUSES[(2, 6)] == "jersey_money4"


def test_one_rule_per_operation() -> None:
    assert set(B.OPERATIONS) == set(D.OP_FIELDS)
    used = {op.op for op in D.OPS_BY_ID.values()}
    assert used == set(D.OP_FIELDS)  # no operation declared that no building uses


@pytest.mark.parametrize(("table", "message"), [
    ({"id": "x", "op": "teleport"}, "neutral building A, slot 2: 'x' has the unknown operation"),
    ({"id": "x", "op": "move", "steps": 2, "cost": 1}, "slot 2: 'x' (move) has unknown field(s) "
                                                       "cost"),
    ({"id": "x", "op": "move"}, "slot 2: 'x' (move) lacks steps"),
    ({"id": "x", "op": "move", "steps": "2"}, "field steps must be a int"),
    ({"id": "x", "op": "discard", "breed": "zebu"}, "discards the unknown cattle 'zebu'"),
    ({"op": "move", "steps": 2}, "slot 2: an op needs a string id and op"),
    ("move_2", "slot 2: an op is a table"),
])
def test_a_bad_op_names_its_building_and_slot(table: object, message: str) -> None:
    raw_slots = [[{"id": "hire", "op": "hire"}], [table]]
    with pytest.raises(DataError, match=re.escape(message)):
        D.building(0, "A", 0, "", 0, 0, (), raw_slots)


def test_an_id_means_one_action() -> None:
    with pytest.raises(DataError, match="'move_2' is declared twice differently"):
        D.ops_by_id([Op("move_2", "move", steps=2), Op("move_2", "move", steps=3)])


def _run_with_data(tmp_path: Path, replace: list[tuple[str, str]], script: str
                   ) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a fresh interpreter that loads a copy of the data file edited by
    ``replace`` (old, new pairs, each old text found once)."""
    text = DATA_FILE.read_text()
    for old, new in replace:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "great_western_trail.toml"
    path.write_text(text)
    env = {**os.environ, D.DATA_ENV: str(path),
           "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-c", textwrap.dedent(script)], env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def test_an_amount_corrected_in_the_data_file_changes_play(tmp_path: Path) -> None:
    done = _run_with_data(tmp_path, [
        ('{ id = "discard_guernsey_2", op = "discard", breed = "guernsey", money = 2 }',
         '{ id = "discard_guernsey_2", op = "discard", breed = "guernsey", money = 3 }'),
        ('{ id = "build_2", op = "build", per_craftsman = 2 }',
         '{ id = "build_2", op = "build", per_craftsman = 3 }'),
        ('engineer.3 = { id = "jersey_money2", op = "discard", breed = "jersey", money = 2 }',
         'engineer.3 = { id = "jersey_money2", op = "discard", breed = "jersey", money = 5 }'),
        ('[{ id = "remove_hazard_7", op = "remove_hazard", cost = 7 }]',
         '[{ id = "remove_hazard_7", op = "remove_hazard", cost = 8 }]'),
    ], """
        from gwt_scenario import edit, game, run_frames, set_hand, space
        from boomtown.games.great_western_trail import actions as A
        from boomtown.games.great_western_trail import catalogue as C
        from boomtown.games.great_western_trail import rules as R
        from boomtown.games.great_western_trail.data import PRIVATE

        st = edit(game(2))
        set_hand(st, 0, guernsey=1, jersey=3)
        st.money[0] = 20
        st.cattleman[0] = space("A")
        run_frames(st, R.PhaseB(0, space("A"), 0, False))
        st.apply(A.LOCAL + A.OP_INDEX["discard_guernsey_2"])
        print("money", st.money[0])
        print("cost", C.private_entry(PRIVATE[0], {"record": "rulebook"}).cost)
        print("bonus", C.bonus_text(C.WORKER_BONUS_OPS[(2, 3)]))
        print("text", A.OP_TEXT["discard_guernsey_2"], "/", A.OP_TEXT["remove_hazard_7"])
        print("action", st.describe(A.LOCAL + A.OP_INDEX["remove_hazard_7"]).text)
    """)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "money 23" in lines  # A's discard pays $3 now, not $2
    assert "cost $3 (1 craftsman at $3 each with neutral building B)" in lines
    assert "bonus discard a Jersey for $5" in lines
    # the texts of actions and logs say the data file's amounts too
    assert "text discard a Guernsey for $3 / remove a hazard for $8" in lines
    assert "action remove a hazard for $8" in lines


def test_a_data_file_with_a_bad_op_does_not_load(tmp_path: Path) -> None:
    done = _run_with_data(tmp_path, [
        ('{ id = "remove_hazard_5", op = "remove_hazard", cost = 5 }',
         '{ id = "remove_hazard_5", op = "remove_hazard", price = 5 }'),
    ], "import boomtown.games.great_western_trail.rules")
    assert done.returncode != 0
    assert ("private building 4a, slot 1: 'remove_hazard_5' (remove_hazard) has unknown "
            "field(s) price") in done.stderr
