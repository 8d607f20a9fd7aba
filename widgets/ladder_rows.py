"""The rungs of the ranking chart, from ``worms_tutor.values.ranking``: a normal trick
(``normal_order``) and a trick led by a 7 (``seven_led_order``). Nothing here restates the
ranking; the chart on a page (``ladder_chart``) and the printed one (``ladder``) draw these.
"""

from __future__ import annotations

from dataclasses import dataclass

from worms_tutor.presentation.svg import card_role
from worms_tutor.values.cards import Card
from worms_tutor.values.ranking import (
    EIGHT_OF_SPADES_STRENGTH,
    KING_OF_CLUBS_STRENGTH,
    KING_OF_SPADES_STRENGTH,
    MATADOR_STRENGTH,
    normal_order,
    normal_strength,
    seven_led_order,
)

from .language import N_, current, say

_OWN_ROW = (
    MATADOR_STRENGTH,
    EIGHT_OF_SPADES_STRENGTH,
    KING_OF_CLUBS_STRENGTH,
    KING_OF_SPADES_STRENGTH,
)
_SEVEN_NOTES = {
    "R5.2": N_("when not led"),
    "R4.3": N_("only on a K♣ that beat the 7"),
    "R4.2": N_("beats the led 7"),
    "R3.1": N_("higher 7 wins"),
}


@dataclass(frozen=True)
class LadderRow:
    """One rung: cards of one band, strongest first, whether they tie, and a note."""

    cards: tuple[Card, ...]
    tied: bool
    note: str
    rule: str = ""
    """The rule id behind the rung, where one rule makes it (a trick led by a 7)."""


def normal_rows() -> tuple[LadderRow, ...]:
    """The rungs of a normal trick, grouping cards of one rank band, with a led 3♦ last."""
    rows: list[list[Card]] = []
    last_key: object = None
    for card in normal_order():
        strength = normal_strength(card)
        key = ("own", strength) if strength in _OWN_ROW else ("rank", card.rank)
        if rows and key == last_key:
            rows[-1].append(card)
        else:
            rows.append([card])
        last_key = key
    ladder = [_normal_row(cards, first=index == 0) for index, cards in enumerate(rows)]
    three = rows[0][0]
    ladder.append(LadderRow((three,), False, say("led: worthless")))
    return tuple(ladder)


def seven_rows() -> tuple[LadderRow, ...]:
    """What beats a led 7, strongest first, each with the rule that lets it."""
    rows: list[LadderRow] = []
    for card, rule in seven_led_order():
        if card.is_seven and rows and rows[-1].cards[0].is_seven:
            previous = rows[-1]
            rows[-1] = LadderRow((*previous.cards, card), False, previous.note)
        else:
            rows.append(LadderRow((card,), False, say(_SEVEN_NOTES.get(rule, "")), rule))
    return tuple(rows)


def _normal_row(cards: list[Card], first: bool) -> LadderRow:
    tied = len(cards) > 1 and len({normal_strength(card) for card in cards}) == 1
    if first:
        note = say("not led: beats everything")
    elif tied:
        names = " = ".join(card.nickname or card.code for card in cards)
        note = say("{names}: the later one played wins", names=names)
    else:
        roles = [role for role in (card_role(card, current()) for card in cards) if role]
        note = roles[0] if roles else ""
        if cards[0].is_seven:
            note = say("not led: powerless")
    return LadderRow(tuple(cards), tied, note)


def row_text(number: int, row: LadderRow) -> str:
    joiner = " = " if row.tied else " > "
    cards = joiner.join(card.name_in(current()) for card in row.cards)
    note = ", ".join(part for part in (row.note, row.rule) if part)
    return f"{number}. {cards}" + (f" ({note})" if note else "")


def ranking_text() -> str:
    """The chart as plain lines, for screen readers and the command line."""
    lines = [say("A normal trick, strongest first:")]
    lines += [row_text(number, row) for number, row in enumerate(normal_rows(), 1)]
    lines.append(say("A trick led by a 7, what beats it, strongest first:"))
    lines += [row_text(number, row) for number, row in enumerate(seven_rows(), 1)]
    return "\n".join(lines)
