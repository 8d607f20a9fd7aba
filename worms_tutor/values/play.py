"""A play: the card or cards one seat lays in one turn, with optional placement.

Notation (contract): ``"N: KH"``, a group ``"E: 9C 9H"``, or with placement
``"E: KH>9D 9C>9H"`` (K♥ laid on the 9♦ of the heading group).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .errors import NotationError
from .language import Message


@dataclass(frozen=True, slots=True)
class Play:
    """What one seat lays in one turn; ``placement`` pairs a card with the target it attacks."""

    seat: str
    cards: tuple[Card, ...]
    placement: tuple[tuple[Card, Card], ...] = ()

    @classmethod
    def parse(cls, text: str, seats: tuple[str, ...] | None = None) -> Play:
        """Read ``"SEAT: C1 C2"`` or ``"SEAT: C1>T1 C2>T2"``."""
        if not isinstance(text, str):
            raise NotationError(Message("a play must be text like 'N: KH', not {text}",
                                        text=repr(text)), token=repr(text))
        seat_text, colon, rest = text.partition(":")
        seat = seat_text.strip().upper()
        if not colon or not seat:
            raise NotationError(Message("play {text} is not of the form 'SEAT: CARD'",
                                        text=repr(text)), token=text)
        if seats is not None and seat not in seats:
            raise NotationError(
                Message("play {text} names seat {seat}; the seats are {seats}", text=repr(text),
                        seat=repr(seat_text.strip()), seats=" ".join(seats)),
                token=seat_text.strip(),
            )
        tokens = rest.replace(",", " ").split()
        if not tokens:
            raise NotationError(Message("play {text} names no card", text=repr(text)),
                                token=text)
        cards: list[Card] = []
        placement: list[tuple[Card, Card]] = []
        for token in tokens:
            card_text, arrow, target_text = token.partition(">")
            card = Card.parse(card_text)
            cards.append(card)
            if arrow:
                placement.append((card, Card.parse(target_text)))
        return cls(seat, tuple(cards), tuple(placement))

    def __str__(self) -> str:
        targets = dict(self.placement)
        parts = [f"{card}>{targets[card]}" if card in targets else str(card) for card in self.cards]
        return f"{self.seat}: {' '.join(parts)}"

    @property
    def size(self) -> int:
        return len(self.cards)
