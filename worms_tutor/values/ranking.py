"""The normal-trick ranking of §B2, as data, and the strength of a card in it.

Higher strength beats lower. The two matadors share one strength (the later one wins, R6.1);
every other card has its own, rank band first and suit order (R1.3) inside a band.
Context powers (led 7, K♣ on a 7, 3♦ not led) are applied in ``trick``, not here.
"""

from __future__ import annotations

from .cards import PACK, TOQU, WORMS, Card, Rank, Suit

# Rank bands from high to low (§B2 rows 2–13); the special cards are placed by hand.
_BAND_BY_RANK: dict[Rank, int] = {
    Rank.NINE: 80,
    Rank.ACE: 70,
    Rank.JACK: 60,
    Rank.SIX: 50,
    Rank.FIVE: 40,
    Rank.EIGHT: 30,
    Rank.QUEEN: 20,
    Rank.SEVEN: 0,
}

MATADOR_STRENGTH = 100
EIGHT_OF_SPADES_STRENGTH = 90
KING_OF_CLUBS_STRENGTH = 12
KING_OF_SPADES_STRENGTH = 11
LED_THREE_STRENGTH = 0
"""A led 3♦ (R5.1), or a 3♦ where S2 gives it no power, is the lowest card of the trick."""


def normal_strength(card: Card) -> int:
    """The card's strength in a normal trick, counting a 3♦ as worthless (led)."""
    if card in (TOQU, WORMS):
        return MATADOR_STRENGTH
    if card.rank is Rank.EIGHT and card.suit is Suit.SPADES:
        return EIGHT_OF_SPADES_STRENGTH
    if card.rank is Rank.KING:
        return KING_OF_CLUBS_STRENGTH if card.suit is Suit.CLUBS else KING_OF_SPADES_STRENGTH
    if card.rank is Rank.THREE:
        return LED_THREE_STRENGTH
    return _BAND_BY_RANK[card.rank] + card.suit.order


STRENGTH: dict[Card, int] = {card: normal_strength(card) for card in PACK}
"""``normal_strength`` of every card, looked up rather than computed in the hot paths."""


def normal_order() -> tuple[Card, ...]:
    """All 36 cards from strongest to weakest in a normal trick, the 3♦ (not led) on top."""
    ranked = sorted(
        (card for card in PACK if card.rank is not Rank.THREE),
        key=lambda card: (normal_strength(card), card == WORMS),
        reverse=True,
    )
    three = next(card for card in PACK if card.rank is Rank.THREE)
    return (three, *ranked)


def seven_led_order() -> tuple[tuple[Card, str], ...]:
    """What can beat a led 7, strongest first, each with the rule that lets it (§B3, §B4)."""
    three = next(card for card in PACK if card.rank is Rank.THREE)
    sevens = sorted((c for c in PACK if c.is_seven), key=lambda c: c.suit.order, reverse=True)
    king_clubs = next(c for c in PACK if c.rank is Rank.KING and c.suit is Suit.CLUBS)
    king_spades = next(c for c in PACK if c.rank is Rank.KING and c.suit is Suit.SPADES)
    return (
        (three, "R5.2"),
        (king_spades, "R4.3"),
        (king_clubs, "R4.2"),
        *((seven, "R3.1") for seven in sevens),
    )
