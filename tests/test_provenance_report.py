"""One provenance report for every game: the same legend, record lines and count."""

from __future__ import annotations

import re

import pytest

from boomtown.engine import get_ruleset
from boomtown.games.great_western_trail import data as gwt
from boomtown.games.provenance import provenance_report, record_line
from boomtown.games.way_out_west import data as wow
from boomtown.games.western_town import data as wt

REPORTS = {"western-town": wt.provenance_report, "way-out-west": wow.provenance_report,
           "great-western-trail": gwt.provenance_report}
COUNT = re.compile(r"^(\d+) of (\d+) records are reconstructed in whole or in part\.$")


@pytest.mark.parametrize("game", sorted(REPORTS))
def test_every_game_prints_the_shared_report(game: str) -> None:
    report = REPORTS[game]()
    assert report.startswith("Data provenance (rulebook = ")
    assert report in (get_ruleset(game).rules_report or str)()
    lines = report.splitlines()
    (count,) = [m for line in lines if (m := COUNT.match(line))]
    records = [line for line in lines if re.match(r"^ {2,}\S.* (rulebook|published|reconstructed)"
                                                  r"( \(|$| \[)", line)]
    reconstructed = [line for line in records if "reconstructed" in line]
    assert int(count.group(1)) == len(reconstructed) > 0
    assert int(count.group(2)) >= len(records) > int(count.group(1))


def test_the_count_is_of_records_reconstructed_in_part() -> None:
    report = provenance_report("the rule text", [
        ("", [("set-up", {"record": "rulebook"})]),
        ("Cards", [("saloon", {"record": "published", "vp": "reconstructed", "source": "S2"})]),
    ], ["a note"])
    assert report.splitlines()[-3:] == [
        "1 of 2 records are reconstructed in whole or in part.", "", "a note"]
    assert record_line("saloon", {"record": "published", "vp": "reconstructed", "source": "S2"},
                       7) in report
    assert wow.reconstructed_records() == [
        label for label, prov in wow._records(wow.DATA) if "reconstructed" in prov.values()]
