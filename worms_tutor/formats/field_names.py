"""A scenario field as a player names it: ``hands.N[1]`` is "North's second card".

``ScenarioError.field`` names the bad part of a scenario in the file's own terms, which the
referee prints as they are; a page shows a learner these words instead, in its language.
"""

from __future__ import annotations

import re

from ..values.language import ENGLISH, N_, Message
from ..values.language import seat as seat_word
from ..values.language import side as side_word
from ..values.seating import SEAT_NAMES

ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"),
            N_("seventh"), N_("eighth"), N_("ninth"), N_("tenth"))
PLACES = {
    "hands": N_("the hands"),
    "stock": N_("the stock"),
    "played": N_("the cards played before"),
    "plays": N_("the plays"),
    "previous": N_("the earlier tricks"),
    "leader": N_("the leader"),
    "rules": N_("the rules"),
    "score": N_("the score"),
    "first_lead_of_match": N_("the first lead of the match"),
    "hand": N_("the hand"),
    "comment": N_("the comment"),
    "(file)": N_("the file"),
}
_FIELD = re.compile(r"(?P<place>[a-z_()]+)(?:\.(?P<key>[A-Za-z]+))?(?:\[(?P<index>\d+)\])?")


def field_in_words(field: str, lang: str = ENGLISH) -> str:
    """``field`` in plain words (in ``lang``); a field of an unknown shape is returned as it
    is."""
    match = _FIELD.fullmatch(field)
    if match is None or match["place"] not in PLACES:
        return field
    place, key, index = match["place"], match["key"], match["index"]
    if place == "score" and key:
        side = key if lang == ENGLISH else side_word(key.upper())
        return Message("the score of {side}", side=side).text(lang)
    seat: str | Message = ""
    if place == "hands" and key:
        seat = SEAT_NAMES.get(key.upper(), key) if lang == ENGLISH else seat_word(key.upper())
    whole = Message("{seat}'s hand", seat=seat) if seat else Message(PLACES[place])
    if index is None:
        return whole.text(lang)
    nth = _ordinal(int(index), lang)
    if seat:
        said = Message("{seat}'s {nth} card", seat=seat, nth=nth)
    elif place == "plays":
        said = Message("the {nth} play", nth=nth)
    elif place == "previous":
        said = Message("the {nth} earlier trick", nth=nth)
    else:
        said = Message("the {nth} card of {whole}", nth=nth, whole=whole)
    return said.text(lang)


def _ordinal(index: int, lang: str = ENGLISH) -> str:
    if index < len(ORDINALS):
        return Message(ORDINALS[index]).text(lang)
    number = index + 1
    if lang != ENGLISH:
        return f"{number}."
    last = number % 10 if number % 100 not in (11, 12, 13) else 0
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(last, 'th')}"
