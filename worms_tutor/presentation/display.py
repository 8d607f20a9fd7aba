"""HTML for engine values shown in a notebook (``_repr_html_``), built on ``worms_tutor.svg``.

Plain strings, standard library only: a card, a row of cards, and labelled rows (a trick
with its seats, hands around a table) that other values use to display themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING

from ..values.cards import Card, Suit
from .svg import DEFAULT_WIDTH, card_svg

if TYPE_CHECKING:
    from ..formats.explain import Reason
    from ..mechanics.hand import HandState, TrickRecord

FONT_STYLE = "font-family:sans-serif"
ROW_STYLE = "display:inline-flex;flex-wrap:wrap;gap:6px;align-items:flex-end"
LABEL_STYLE = "display:inline-block;min-width:3em;font-weight:bold;font-family:sans-serif"


def card_html(
    card: Card,
    *,
    width: float = DEFAULT_WIDTH,
    highlight: str | None = None,
    face_down: bool = False,
    four_colour: bool = False,
) -> str:
    """One card as an inline HTML element with the ``wt-card`` class."""
    svg = card_svg(
        card, width=width, highlight=highlight, face_down=face_down, four_colour=four_colour
    )
    classes = "wt-card" + (f" wt-card--{highlight}" if highlight else "")
    code = "" if face_down else f' data-card="{card.code}"'
    return f'<span class="{classes}"{code} style="display:inline-block">{svg}</span>'


def cards_html(
    cards: Iterable[Card],
    *,
    width: float = DEFAULT_WIDTH,
    highlights: Mapping[Card, str] | None = None,
    face_down: bool = False,
    four_colour: bool = False,
    caption: str | None = None,
) -> str:
    """A row of cards (``wt-cards``), with an optional caption read before them."""
    marks = highlights or {}
    items = "".join(
        card_html(
            card,
            width=width,
            highlight=marks.get(card),
            face_down=face_down,
            four_colour=four_colour,
        )
        for card in cards
    )
    if not items:
        items = f'<span class="wt-cards__empty" style="{FONT_STYLE}">(no cards)</span>'
    head = ""
    if caption:
        head = f'<div class="wt-cards__caption" style="{FONT_STYLE}">{escape(caption)}</div>'
    return f'<div class="wt-cards">{head}<div style="{ROW_STYLE}">{items}</div></div>'


def labelled_rows_html(
    rows: Sequence[tuple[str, Sequence[Card]]],
    *,
    width: float = DEFAULT_WIDTH,
    highlights: Mapping[Card, str] | None = None,
    hidden: Iterable[str] = (),
) -> str:
    """Rows of cards each led by a label, e.g. seats and their plays; ``hidden`` labels
    show their cards face down."""
    closed = set(hidden)
    lines = []
    for label, cards in rows:
        row = cards_html(cards, width=width, highlights=highlights, face_down=label in closed)
        lines.append(
            f'<div class="wt-row" style="display:flex;gap:8px;align-items:center;margin:4px 0">'
            f'<span class="wt-row__label" style="{LABEL_STYLE}">{escape(label)}</span>{row}</div>'
        )
    return f'<div class="wt-rows">{"".join(lines)}</div>'


_CARD_CODE = re.compile(r"\b([35-9JQKA])([CSHD])\b")
_SUIT_SYMBOLS = {suit.letter: suit.symbol for suit in Suit}


def text_html(text: str) -> str:
    """The engine's words for a learner, escaped for HTML, with each card code (``9D``) written
    with its suit symbol (9♦), as the questions and the cards show them."""
    shown = _CARD_CODE.sub(lambda match: match.group(1) + _SUIT_SYMBOLS[match.group(2)], text)
    return escape(shown, quote=False)


def reasons_html(reasons: Iterable[Reason], *, illegal: str = "") -> str:
    """The engine's reasons as the list a learner reads (``wt-reasons``), an illegal play
    first (``wt-step-illegal``). Each reason reads as a sentence (table-procedure reasons
    begin in lower case), names its cards as ``text_html`` does, and carries its rule ids."""
    items = []
    if illegal:
        items.append(f'<li class="wt-step-illegal" style="color:#8a1c00;font-weight:bold">'
                     f"{text_html(illegal)}</li>")
    for reason in reasons:
        sentence = reason.text[:1].upper() + reason.text[1:]
        items.append(f'<li data-rules="{escape(" ".join(reason.rules))}">'
                     f"{text_html(sentence)}</li>")
    return f'<ul class="wt-reasons" style="margin:4px 0;padding-left:20px">{"".join(items)}</ul>'




def record_html(record: TrickRecord, players: int, *, width: float = 72) -> str:
    """A finished trick: each seat's group in play order, the winning group marked, and why."""
    from ..formats.explain import explain_record

    trick = record.trick
    winning = trick.steps[trick.head_step].play.cards if trick.steps else ()
    marks = {card: "heads" for card in winning}
    rows = [(step.seat, step.play.cards) for step in trick.steps]
    reasons = reasons_html(explain_record(record, players))
    return (
        f'<div class="wt-trick-record">{labelled_rows_html(rows, width=width, highlights=marks)}'
        f'<div style="{FONT_STYLE}">{reasons}</div></div>'
    )


def state_html(state: HandState, *, width: float = 72) -> str:
    """A hand in progress: every seat's cards, the trick on the table, whose turn it is."""
    rows = [(seat, cards) for seat, cards in state.hands]
    table = [(f"{step.seat} played", step.play.cards) for step in state.trick.steps]
    head = state.trick.head
    marks = {table_card.card: "heads" for table_card in head}
    turn = f"{state.to_move} to play" if state.to_move else "hand over"
    score = ", ".join(f"{side} {points}" for side, points in state.score)
    caption = f"{turn} · stock {len(state.stock)} · score {score} · rules {state.rules}"
    return (
        f'<div class="wt-state"><div style="{FONT_STYLE}">{escape(caption)}</div>'
        f"{labelled_rows_html(rows + table, width=width, highlights=marks)}</div>"
    )
