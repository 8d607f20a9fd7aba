"""Positions from a line of plays: the scenario behind a worked trick.

A worked trick is written as its plays alone (``"N: 7H E: 7C S: 8S W: 5D"``); the position
they are played from is built here: each hand holds the cards it plays, plus plain cards so
that the trick is not the last of a hand and nobody plays a last card (rules.md §D default
context), and a stock is left to draw from.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..values.cards import Card, parse_cards
from ..values.errors import WormsError
from ..values.language import Message
from ..values.rules import SEATS_BY_PLAYERS
from .scenario import Scenario

PLAIN_CARDS = parse_cards(
    "5D 6D QD 5H 6H QH 8D 8H QS 5S 6S QC 8C 5C 6C JD JH JS AD AH AS AC 9D 9H 9S 9C"
)
"""Cards nobody needs to think about, in the order they fill the hands of a worked trick."""

FULL_HAND = 4
"""How many cards a hand not given is filled up to (unless the trick is a hand's last)."""

_SEAT_PREFIX = re.compile(r"\s*(?=\b[NESWABC]\s*:)")


def split_plays(plays: str | Sequence[str]) -> list[str]:
    """``"N: 9D 9H E: KH>9D 9C>9H"`` or a list of ``"SEAT: CARDS"`` → one string per play."""
    if isinstance(plays, str):
        parts = [part.strip() for part in _SEAT_PREFIX.split(plays) if part.strip()]
    else:
        parts = [str(part).strip() for part in plays]
    if not parts or any(":" not in part for part in parts):
        raise WormsError(Message("plays look like 'N: 7H E: 7C', not {plays}",
                                 plays=repr(plays)))
    return parts


def _seats_for(seats_seen: Sequence[str]) -> tuple[str, ...]:
    """The seats of the table the plays are made at: four players for N, E, S, W; else the
    fewest players whose seats hold every seat named (two players have no C)."""
    if set(seats_seen) <= set(SEATS_BY_PLAYERS[4]):
        return SEATS_BY_PLAYERS[4]
    for players, seats in sorted(SEATS_BY_PLAYERS.items()):
        if set(seats_seen) <= set(seats) and (players != 2 or "C" not in seats_seen):
            return seats
    raise WormsError(Message("plays name seats of no one table: {seats}",
                             seats=" ".join(seats_seen)))


def scenario_for(
    plays: str | Sequence[str],
    variant: str = "english",
    *,
    rules: Mapping[str, Any] | None = None,
    hands: Mapping[str, str | Sequence[str]] | None = None,
    last: bool = False,
    **context: Any,
) -> Scenario:
    """The scenario behind a worked trick: ``plays`` from the first seat named, under the
    ``variant`` preset with ``rules`` overrides. Hands not given hold the cards they play,
    filled up with plain cards so that nobody plays a last card (unless ``last``); ``context``
    takes the other scenario keys (``played``, ``score``, ``previous``, ...)."""
    texts = split_plays(plays)
    seats_seen = [text.partition(":")[0].strip().upper() for text in texts]
    seats = _seats_for(seats_seen)
    played_cards: dict[str, list[str]] = {seat: [] for seat in seats}
    for text in texts:
        seat, _, rest = text.partition(":")
        for token in rest.replace(",", " ").split():
            played_cards[seat.strip().upper()].append(token.partition(">")[0])
    given = {seat.upper(): (value.split() if isinstance(value, str) else list(value))
             for seat, value in (hands or {}).items()}
    full = {seat: given.get(seat, played_cards[seat]) for seat in seats}
    used = {Card.parse(code) for codes in full.values() for code in codes}
    used |= {Card.parse(code) for code in context.get("played", [])}
    spare = [card for card in PLAIN_CARDS if card not in used]
    if not last:
        for seat in seats:
            while seat not in given and len(full[seat]) < FULL_HAND and spare:
                full[seat].append(str(spare.pop(0)))
        context.setdefault("stock", [str(card) for card in spare[: 2 * len(seats)]])
    data: dict[str, Any] = {"variant": variant, "hands": full, "leader": seats_seen[0],
                            "plays": texts, **context}
    if rules:
        data["rules"] = dict(rules)
    return Scenario.from_json(data)
