"""Procedure at a real table in the Danish club rules: drawing partners, who cuts, knocking,
misdeals, and the penalties of a refereed table (R7.2, R8.1, R8.2, R8.5, B16, S13).

The engine rejects illegal plays; these functions answer what a club table would do instead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..values.cards import THREE_OF_DIAMONDS, Card, shuffled_pack
from ..values.language import ENGLISH, N_, Message
from ..values.language import seat as seat_word
from ..values.play import Play
from ..values.ranking import STRENGTH
from ..values.rules import Rules
from ..values.seating import next_seat, order_from, previous_seat


@dataclass(frozen=True)
class PartnerDraw:
    """The cards each player drew to find partners, and the pairs they make (R7.2)."""

    draws: tuple[tuple[str, Card], ...]
    redrawn: tuple[tuple[str, Card], ...]
    partners: tuple[tuple[str, str], tuple[str, str]]


def draw_strength(card: Card) -> int:
    """The order that ranks drawn cards: the normal ranking, the 3♦ highest (our choice, §E Q16)."""
    return 1000 if card is THREE_OF_DIAMONDS else STRENGTH[card]


def draw_partners(players: Sequence[str], rng: random.Random) -> PartnerDraw:
    """Each of four players draws a card; 7s are drawn again; lowest and highest play together."""
    if len(players) != 4:
        raise ValueError("partners are drawn by four players")
    pack = shuffled_pack(rng)
    draws: list[tuple[str, Card]] = []
    redrawn: list[tuple[str, Card]] = []
    for player in players:
        card = pack.pop()
        while card.is_seven:
            redrawn.append((player, card))
            card = pack.pop()
        draws.append((player, card))
    ranked = sorted(draws, key=lambda pair: draw_strength(pair[1]))
    low_high = (ranked[0][0], ranked[3][0])
    middle = (ranked[1][0], ranked[2][0])
    return PartnerDraw(tuple(draws), tuple(redrawn), (low_high, middle))


def cutter(dealer: str, players: int = 4) -> str:
    """The player just before the dealer in playing order cuts (R8.1)."""
    return previous_seat(dealer, players)


def cut_needs_reshuffle(cards_lifted: int) -> bool:
    """A cut that leaves one of the three former top cards at the bottom is reshuffled (R8.1,
    our reading: fewer than four cards lifted)."""
    return cards_lifted < 4


@dataclass(frozen=True)
class KnockedDeal:
    """A deal after the cutter knocked (R8.2, §E Q17): one face-up card each, which is that
    player's card to the first trick, led by the dealer's left, plus two hidden cards."""

    dealer: str
    first_trick: tuple[Play, ...]
    hands: tuple[tuple[str, tuple[Card, ...]], ...]
    stock: tuple[Card, ...]


def knock_deal(rules: Rules, dealer: str, rng: random.Random) -> KnockedDeal:
    """Deal as after a knock: face-up first-trick cards from the dealer's left, two hidden each."""
    pack = shuffled_pack(rng)
    order = order_from(next_seat(dealer, rules.players), rules.players)
    face_up: dict[str, Card] = {}
    hidden: dict[str, list[Card]] = {seat: [] for seat in order}
    for seat in order:
        face_up[seat] = pack.pop(0)
        hidden[seat].extend((pack.pop(0), pack.pop(0)))
    first_trick = tuple(Play(seat, (face_up[seat],)) for seat in order)
    hands = tuple((seat, (face_up[seat], *hidden[seat])) for seat in rules.seats)
    return KnockedDeal(dealer, first_trick, hands, tuple(pack))


def misdeal_problems(hands: Mapping[str, Sequence[Card]], exposed: bool = False) -> list[str]:
    """Why a deal must be redone (R8.5): an exposed card, or a player without four cards."""
    return [str(problem) for problem in misdeal_messages(hands, exposed)]


def misdeal_messages(hands: Mapping[str, Sequence[Card]], exposed: bool = False
                     ) -> list[Message]:
    """The same reasons as messages, to be worded in a language."""
    problems = [Message("the dealer exposed a card")] if exposed else []
    problems += [Message("{seat} holds {count} cards, not four", seat=seat_word(owner),
                         count=len(cards))
                 for owner, cards in hands.items() if len(cards) != 4]
    return problems


_PENALTIES: dict[str, dict[str, str]] = {
    "dk": {
        "F1": N_("the side loses all its lus and the deal is started again"),
        "F2": N_("the Worms is taken back and another card played"),
        "F4": N_("the Toqu is taken back and another card played"),
        "wrong_cutter": N_("the side of the player who cut or knocked out of turn loses all its "
                           "lus"),
    },
    "ru": {
        "F1": N_("the side loses every point it has earned in the match"),
    },
}


def table_penalty(rules: Rules, rule: str, lang: str = ENGLISH) -> str | None:
    """What a refereed table does after an illegal play under S13 (B16, P6); ``None`` when the
    penalty mode only rejects the play (the engine's way) or the rule carries no penalty."""
    penalty = _PENALTIES.get(rules.penalty_mode, {}).get(rule)
    return None if penalty is None else Message(penalty).text(lang)
