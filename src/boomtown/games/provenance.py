"""The provenance tags every rules-data record carries, and their check (shared by all games).

>>> check_provenance("cards[saloon]", {"record": "reconstructed", "vp": "rulebook"})
{'record': 'reconstructed', 'vp': 'rulebook'}
"""

from __future__ import annotations

from typing import Any

#: rulebook = the game's rule text in shared/rules (authoritative); published = another
#: published source (named in ``source``); reconstructed = our own default.
PROVENANCE_TAGS = ("rulebook", "published", "reconstructed")


def check_provenance(where: str, prov: Any) -> dict[str, str]:
    """Validate a ``provenance`` table: a record tag, known tags, a source for published."""
    if not isinstance(prov, dict) or "record" not in prov:
        raise ValueError(f"{where}: every record needs provenance = {{ record = ... }}")
    for key, tag in prov.items():
        if key != "source" and tag not in PROVENANCE_TAGS:
            raise ValueError(f"{where}: provenance {key} = {tag!r} is not one of {PROVENANCE_TAGS}")
    if "published" in prov.values() and "source" not in prov:
        raise ValueError(f"{where}: a published value needs its source")
    return dict(prov)
