"""Every list of effect steps in the data, numbered, so frames can name them by an int.

>>> from boomtown.games.western_town.steps import PLAY_LIST, STEPLISTS
>>> from boomtown.games.western_town.actions import KIND
>>> STEPLISTS[PLAY_LIST[KIND["gold_mine"]]][0]["op"]
'gain'
"""

from __future__ import annotations

from typing import Any

from boomtown.games.western_town.data import DATA

Step = dict[str, Any]

STEPLISTS: list[tuple[Step, ...]] = []


def _register(steps: tuple[Step, ...] | list[Step]) -> int:
    steps = tuple(steps)
    key = len(STEPLISTS)
    STEPLISTS.append(steps)
    for step in steps:
        if step["op"] == "either":
            step["_branches"] = tuple(_register(b) for b in step["options"])
        if step.get("then"):
            step["_then"] = _register(step["then"])
    return key


PLAY_LIST = [_register(c.play) for c in DATA.cards]
EXPLOIT_LIST = [_register(c.exploit) for c in DATA.cards]
LAY_LIST = [_register(c.tile.on_lay if c.tile else ()) for c in DATA.cards]
STEP_REF: dict[int, tuple[int, int]] = {}
for _lid, _steps in enumerate(STEPLISTS):
    for _i, _step in enumerate(_steps):
        STEP_REF[id(_step)] = (_lid, _i)
