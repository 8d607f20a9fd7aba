"""Seats, sides and playing order for four, three and two players (R7.1, R17, R18)."""

from __future__ import annotations

from .errors import ScenarioError
from .language import Message, in_context
from .rules import SEATS_BY_PLAYERS

SIDE_OF_SEAT: dict[str, str] = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
SEAT_NAMES: dict[str, str] = {"N": "North", "E": "East", "S": "South", "W": "West"}


SIDE_NAMES: dict[str, str] = {"NS": "North–South", "EW": "East–West"}


def seat_name(seat: str) -> str:
    """A seat as a reader names it: ``North``; three or two players' seats keep their letter."""
    return SEAT_NAMES.get(seat, seat)


def side_name(side: str) -> str:
    """A side as a reader names it: ``East–West``; a lone player keeps the seat's name."""
    return SIDE_NAMES.get(side, seat_name(side))


def side_called(side: str) -> Message:
    """A side as a sentence names it in full: ``North–South`` (Danish ``Nord-Syd``); a lone
    player keeps the seat's name."""
    return _SIDE_WORDS.get(side) or in_context("seat", side)


_SIDE_WORDS: dict[str, Message] = {"NS": in_context("side name", "North–South"),
                                   "EW": in_context("side name", "East–West")}


def side_of(seat: str) -> str:
    """The side a seat plays for: ``NS``/``EW`` with four players, the seat itself otherwise."""
    return SIDE_OF_SEAT.get(seat, seat)


def sides(players: int) -> tuple[str, ...]:
    """The sides that score, in a fixed order."""
    return ("NS", "EW") if players == 4 else SEATS_BY_PLAYERS[players]


def partner_of(seat: str) -> str | None:
    """The partner sitting opposite, or ``None`` when each plays for himself."""
    return {"N": "S", "S": "N", "E": "W", "W": "E"}.get(seat)


def are_partners(one: str, other: str) -> bool:
    return one != other and side_of(one) == side_of(other)


def next_seat(seat: str, players: int) -> str:
    """The seat to the left, who plays next (clockwise)."""
    seats = SEATS_BY_PLAYERS[players]
    return seats[(seats.index(seat) + 1) % len(seats)]


def previous_seat(seat: str, players: int) -> str:
    """The seat to the right, who played just before ``seat``."""
    return PLAYING_ORDERS[players][seat][-1]


def order_from(seat: str, players: int) -> tuple[str, ...]:
    """All seats in playing order starting with ``seat``."""
    return PLAYING_ORDERS[players][seat]


PLAYING_ORDERS: dict[int, dict[str, tuple[str, ...]]] = {
    players: {seat: seats[start:] + seats[:start] for start, seat in enumerate(seats)}
    for players, seats in SEATS_BY_PLAYERS.items()
}
"""Every playing order, looked up rather than rebuilt (the engine asks for it on every play)."""


SEAT_INDEX: dict[str, int] = {seat: index for seats in SEATS_BY_PLAYERS.values()
                              for index, seat in enumerate(seats)}
"""Where each seat's hand sits in ``HandState.hands`` (the seats' playing order)."""


def players_for_seats(seats: set[str]) -> int:
    """The player count a set of seats belongs to, or a ``ScenarioError``."""
    for players, expected in SEATS_BY_PLAYERS.items():
        if seats == set(expected):
            return players
    raise ScenarioError(
        Message("seats must be N E S W (four players), A B C (three) or A B (two), not {seats}",
                seats=" ".join(sorted(seats))),
        field="hands",
    )
