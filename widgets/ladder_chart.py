"""The ranking chart as a chapter shows it: the rungs of ``ladder_rows`` drawn with the cards
of every page, in HTML. No matplotlib, so it is quick in Voila and works in the browser-only
edition; the printed chart is ``ladder.RankLadder``."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from worms_tutor.presentation.svg import suit_colour
from worms_tutor.values.cards import Card, parse_cards

from .fragment import FONT, Fragment
from .ladder_rows import LadderRow, normal_rows, ranking_text, seven_rows
from .language import N_, current, say

_SEVEN_FOOTER = N_("Every other card, Toqu, Worms and the 8♠ included, loses to a led 7.")


def ladder(highlight: str = "") -> Fragment:
    """The two columns of the ranking, ``highlight``'s cards (codes) framed, and the ranking
    as text in a fold for screen readers."""
    lit = frozenset(parse_cards(highlight))
    columns = (_column(say("A normal trick (not led by a 7)"), normal_rows(), lit)
               + _column(say("A trick led by a 7"), seven_rows(), lit, say(_SEVEN_FOOTER)))
    names = ", ".join(sorted(card.name_in(current()) for card in lit))
    items = "".join(f"<li>{escape(line)}</li>" for line in ranking_text().splitlines())
    extra = f"<p>{say('Highlighted: {cards}', cards=escape(names))}</p>" if names else ""
    suits = escape(say("Inside a row the suit decides: ♣ > ♠ > ♥ > ♦. Framed cards are the "
                       "ones the text speaks of."), quote=False)
    return Fragment(
        f'<div class="wt-ladder" style="{FONT};color:#111">'
        f'<div class="wt-ladder__columns" style="display:flex;flex-wrap:wrap;gap:8px 28px">'
        f"{columns}</div>"
        f'<p class="wt-ladder__suits" style="margin:6px 0;color:#444">{suits}</p>'
        f'<details class="wt-ladder__text"><summary>{say("The ranking as text")}</summary>'
        f"{extra}"
        f"<ul>{items}</ul></details></div>")


def _column(heading: str, rows: Iterable[LadderRow], lit: frozenset[Card],
            footer: str = "") -> str:
    rungs = "".join(_rung(number, row, lit) for number, row in enumerate(rows, 1))
    foot = f'<p style="margin:6px 0 0;max-width:26em">{escape(footer)}</p>' if footer else ""
    return (f'<div class="wt-ladder__column" style="flex:0 1 auto;min-width:0">'
            f'<h4 style="margin:4px 0">{escape(heading)}</h4>'
            f'<ol style="list-style:none;margin:0;padding:0">{rungs}</ol>{foot}</div>')


def _rung(number: int, row: LadderRow, lit: frozenset[Card]) -> str:
    joiner = (f'<span aria-hidden="true" style="font-weight:bold;padding:0 2px">'
              f'{"=" if row.tied else "&gt;"}</span>')
    cards = joiner.join(_chip(card, card in lit) for card in row.cards)
    tip = f' title="{say("Rule {id}", id=escape(row.rule))}"' if row.rule else ""
    shade = "background:#f1f1f1;" if number % 2 else ""
    return (f'<li class="wt-ladder__rung" style="{shade}display:flex;align-items:center;'
            f'flex-wrap:wrap;gap:2px 8px;padding:2px 6px"{tip}>'
            f'<span style="color:#555;min-width:1.4em;text-align:right">{number}</span>'
            f'<span style="display:flex;align-items:center;gap:2px">{cards}</span>'
            f'<span class="wt-ladder__note">{escape(row.note)}</span></li>')


def _chip(card: Card, lit: bool) -> str:
    """A card as the printed chart draws it: rank and suit in the suit's ink, the suit letter
    for colour-blind readers, a thick blue frame on a yellow face when highlighted."""
    frame = ("border:3px solid #1565c0;background:#fff3b0" if lit
             else "border:1px solid #777;background:#fff")
    nickname = f" {card.nickname}" if card.nickname else ""
    return (f'<span class="wt-chip{" wt-chip--lit" if lit else ""}" data-card="{card.code}" '
            f'title="{escape(card.name_in(current()))}" '
            f'style="{frame};border-radius:5px;padding:1px 5px;'
            f'min-width:2.6em;display:inline-block;white-space:nowrap;font-weight:bold;'
            f'color:{suit_colour(card.suit)}">{card.rank.letter}{card.suit.symbol}'
            f'<sub style="font-size:60%;font-weight:normal">{card.suit.letter}</sub>'
            f'<span style="font-size:75%">{escape(nickname)}</span></span>')
