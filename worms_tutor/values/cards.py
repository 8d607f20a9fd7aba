"""The 36-card Worms pack: ranks, suits, cards, and their notation (R1.1–R1.3).

Notation (contract): rank then suit, ranks ``3 5 6 7 8 9 J Q K A``, suits ``C S H D``,
case-insensitive, suit symbols ``♣ ♠ ♥ ♦`` accepted. Only the 36 cards of the pack exist.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .errors import NotationError
from .language import ENGLISH, Message, in_context


class Suit(Enum):
    """A suit; ``order`` breaks ties between equal ranks (clubs > spades > hearts > diamonds)."""

    CLUBS = ("C", "♣", "clubs", 4)
    SPADES = ("S", "♠", "spades", 3)
    HEARTS = ("H", "♥", "hearts", 2)
    DIAMONDS = ("D", "♦", "diamonds", 1)

    def __init__(self, letter: str, symbol: str, noun: str, order: int) -> None:
        self.letter = letter
        self.symbol = symbol
        self.noun = noun
        self.order = order

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        for suit in cls:
            if text.upper() == suit.letter or text == suit.symbol:
                return suit
        raise NotationError(Message("unknown suit {text} (use C S H D or ♣ ♠ ♥ ♦)",
                                    text=repr(text)), token=text)


class Rank(Enum):
    """A rank of the pack; there are no 2s, 4s or 10s, and the only 3 is the 3♦."""

    THREE = ("3", "three")
    FIVE = ("5", "five")
    SIX = ("6", "six")
    SEVEN = ("7", "seven")
    EIGHT = ("8", "eight")
    NINE = ("9", "nine")
    JACK = ("J", "jack")
    QUEEN = ("Q", "queen")
    KING = ("K", "king")
    ACE = ("A", "ace")

    def __init__(self, letter: str, noun: str) -> None:
        self.letter = letter
        self.noun = noun

    @classmethod
    def parse(cls, text: str) -> Rank:
        for rank in cls:
            if text.upper() == rank.letter:
                return rank
        raise NotationError(
            Message("unknown rank {text} (ranks are 3 5 6 7 8 9 J Q K A)", text=repr(text)),
            token=text
        )


_NICKNAMES: dict[tuple[Rank, Suit], str] = {
    (Rank.JACK, Suit.CLUBS): "Toqu",
    (Rank.KING, Suit.HEARTS): "Worms",
}


_INTERNED: dict[tuple[Rank, Suit], Card] = {}

_NOUNS: dict[str, Message] = {word.template: word for word in (
    in_context("suit", "clubs"), in_context("suit", "spades"), in_context("suit", "hearts"),
    in_context("suit", "diamonds"), in_context("rank", "three"), in_context("rank", "five"),
    in_context("rank", "six"), in_context("rank", "seven"), in_context("rank", "eight"),
    in_context("rank", "nine"), in_context("rank", "jack"), in_context("rank", "queen"),
    in_context("rank", "king"), in_context("rank", "ace"),
)}
"""The words of a card's name, to be worded in a language (Danish: klør, …, konge, es)."""


_SEVEN_RANK = Rank.SEVEN  # read on hot paths: quicker than ``Rank.SEVEN`` on Python 3.11


@dataclass(frozen=True, eq=False, slots=True)
class Card:
    """One card of the pack, e.g. ``Card.parse("KH")``; ``str(card)`` gives ``"KH"`` back.

    There is exactly one ``Card`` object per card of the pack, so comparing and hashing cards
    is as cheap as comparing identities (the engine does it millions of times in a search).
    """

    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        existing = _INTERNED.get((rank, suit))
        if existing is not None:
            return existing
        if (rank, suit) not in _PACK_KEYS:
            raise NotationError(
                Message("{card} is not in the Worms pack", card=f"{rank.letter}{suit.letter}"),
                token=f"{rank.letter}{suit.letter}",
            )
        card = object.__new__(cls)
        _INTERNED[(rank, suit)] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card code such as ``KH``, ``kh`` or ``K♥``."""
        if not isinstance(text, str):
            raise NotationError(Message("a card code must be text, not {text}", text=repr(text)),
                                token=repr(text))
        token = text.strip()
        known = _BY_CODE.get(token)
        if known is not None:
            return known
        if len(token) < 2:
            raise NotationError(
                Message("{text} is not a card code (rank then suit, e.g. KH)", text=repr(text)),
                token=text
            )
        rank_text, suit_text = token[:-1], token[-1]
        try:
            rank = Rank.parse(rank_text)
            suit = Suit.parse(suit_text)
        except NotationError:
            raise NotationError(
                Message("{text} is not a card of the Worms pack (rank then suit, e.g. KH or "
                        "7♥)", text=repr(text)),
                token=text,
            ) from None
        if (rank, suit) not in _PACK_KEYS:
            raise NotationError(
                Message("{text} is not in the Worms pack (no K♦: the 3♦ replaces it; the only 3 "
                        "is 3♦)", text=repr(text)),
                token=text,
            )
        return cls(rank, suit)

    def __str__(self) -> str:
        return f"{self.rank.letter}{self.suit.letter}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def code(self) -> str:
        """The letter form, e.g. ``"KH"``."""
        return str(self)

    @property
    def symbol_code(self) -> str:
        """The symbol form, e.g. ``"K♥"``."""
        return f"{self.rank.letter}{self.suit.symbol}"

    @property
    def nickname(self) -> str | None:
        """The Greenlandic name of Toqu (J♣) and Worms (K♥), else ``None``."""
        return _NICKNAMES.get((self.rank, self.suit))

    @property
    def name(self) -> str:
        """A name a person reads aloud: ``"King of hearts, Worms"``."""
        plain = f"{self.rank.noun.capitalize()} of {self.suit.noun}"
        return f"{plain}, {self.nickname}" if self.nickname else plain

    def name_in(self, lang: str = ENGLISH) -> str:
        """The name in ``lang``: ``"King of hearts, Worms"``, in Danish ``"Hjerter konge,
        Worms"`` (the Greenlandic names stay)."""
        plain = Message("{rank} of {suit}", rank=_NOUNS[self.rank.noun],
                        suit=_NOUNS[self.suit.noun]).text(lang)
        plain = plain[0].upper() + plain[1:]
        return f"{plain}, {self.nickname}" if self.nickname else plain

    @property
    def is_seven(self) -> bool:
        return self.rank is _SEVEN_RANK

    def _repr_html_(self) -> str:
        """The card drawn in a notebook (a renderer that needs nothing but values)."""
        from ..presentation.card_html import card_html

        return card_html(self)


_PACK_KEYS: frozenset[tuple[Rank, Suit]] = frozenset(
    (rank, suit)
    for suit in Suit
    for rank in Rank
    if not (rank is Rank.THREE and suit is not Suit.DIAMONDS)
    and not (rank is Rank.KING and suit is Suit.DIAMONDS)
)


def _make_pack() -> tuple[Card, ...]:
    order = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
             Rank.SIX, Rank.FIVE, Rank.THREE]
    return tuple(
        Card(rank, suit) for suit in Suit for rank in order if (rank, suit) in _PACK_KEYS
    )


PACK: tuple[Card, ...] = _make_pack()
"""The 36 cards, suit by suit."""

_BY_CODE: dict[str, Card] = {
    rank + suit: card
    for card in PACK
    for rank in {card.rank.letter, card.rank.letter.lower()}
    for suit in {card.suit.letter, card.suit.letter.lower(), card.suit.symbol}
}
"""Every way of writing each card that ``Card.parse`` reads (rank then suit, either case,
the suit as a letter or a symbol): a page reads thousands of codes."""

_SWAPS = tuple((place, place + 1, (place + 1).bit_length())
               for place in reversed(range(1, len(PACK))))
"""Each swap of the shuffle: the place filled, how many places it draws from, and the bits."""


def shuffled_pack(rng: random.Random) -> list[Card]:
    """The pack in a random order drawn from ``rng``.

    The Fisher–Yates shuffle that ``random.shuffle`` does (the same order for the same ``rng``
    state), written out here so that a seed keeps its deals whatever a later Python does
    inside ``shuffle``, and quicker: each swap draws its random bits directly.
    """
    pack = list(PACK)
    getrandbits = rng.getrandbits
    for place, bound, bits in _SWAPS:
        other = getrandbits(bits)
        while other >= bound:  # uniform below ``bound``: draw again when over it
            other = getrandbits(bits)
        pack[place], pack[other] = pack[other], pack[place]
    return pack


TOQU = Card(Rank.JACK, Suit.CLUBS)
WORMS = Card(Rank.KING, Suit.HEARTS)
EIGHT_OF_SPADES = Card(Rank.EIGHT, Suit.SPADES)
THREE_OF_DIAMONDS = Card(Rank.THREE, Suit.DIAMONDS)
KING_OF_CLUBS = Card(Rank.KING, Suit.CLUBS)
KING_OF_SPADES = Card(Rank.KING, Suit.SPADES)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards from ``"KH 9D"`` (space or comma separated) or a list of codes."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(token) for token in tokens)


def format_cards(cards: Iterable[Card]) -> str:
    """Print cards in the letter form, separated by spaces."""
    return " ".join(str(card) for card in cards)


_CARD_CODE = re.compile(r"\b([3-9JQKA][CSHD])\b")


def in_symbols(text: str) -> str:
    """Card codes in a text written as a reader sees cards: ``9C`` → ``9♣`` (a code of no
    card of the pack, such as ``4C``, is left as it is)."""
    def symbol(match: re.Match[str]) -> str:
        try:
            return Card.parse(match[1]).symbol_code
        except NotationError:
            return match[1]

    return _CARD_CODE.sub(symbol, text)
