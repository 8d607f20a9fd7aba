"""A scenario field as a player names it: ``hands.N[1]`` is "North's second card".

``ScenarioError.field`` names the bad part of a scenario in the file's own terms, which the
referee prints as they are; a page shows a learner these words instead.
"""

from __future__ import annotations

import re

from ..values.seating import SEAT_NAMES

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth")
PLACES = {
    "hands": "the hands",
    "stock": "the stock",
    "played": "the cards played before",
    "plays": "the plays",
    "previous": "the earlier tricks",
    "leader": "the leader",
    "rules": "the rules",
    "score": "the score",
    "first_lead_of_match": "the first lead of the match",
    "hand": "the hand",
    "comment": "the comment",
    "(file)": "the file",
}
_FIELD = re.compile(r"(?P<place>[a-z_()]+)(?:\.(?P<key>[A-Za-z]+))?(?:\[(?P<index>\d+)\])?")


def field_in_words(field: str) -> str:
    """``field`` in plain words; a field of an unknown shape is returned as it is."""
    match = _FIELD.fullmatch(field)
    if match is None or match["place"] not in PLACES:
        return field
    place, key, index = match["place"], match["key"], match["index"]
    if place == "score" and key:
        return f"the score of {key}"
    seat = SEAT_NAMES.get(key.upper(), key) if place == "hands" and key else ""
    whole = f"{seat}'s hand" if seat else PLACES[place]
    if index is None:
        return whole
    nth = _ordinal(int(index))
    if seat:
        return f"{seat}'s {nth} card"
    if place == "plays":
        return f"the {nth} play"
    if place == "previous":
        return f"the {nth} earlier trick"
    return f"the {nth} card of {whole}"


def _ordinal(index: int) -> str:
    if index < len(ORDINALS):
        return ORDINALS[index]
    number = index + 1
    last = number % 10 if number % 100 not in (11, 12, 13) else 0
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(last, 'th')}"
