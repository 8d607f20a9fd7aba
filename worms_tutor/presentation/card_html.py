"""HTML for cards, built on ``presentation.svg``: a card, a row of cards, labelled rows.

Plain strings that depend on the values alone, so a ``Card`` can draw itself in a notebook
(``Card._repr_html_``) without bringing the rest of the engine with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape

from ..values.cards import Card
from ..values.language import ENGLISH, Message
from .svg import DEFAULT_WIDTH, card_svg

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
    lang: str = ENGLISH,
) -> str:
    """One card as an inline HTML element with the ``wt-card`` class (named in ``lang``)."""
    svg = card_svg(
        card, width=width, highlight=highlight, face_down=face_down, four_colour=four_colour,
        lang=lang,
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
    lang: str = ENGLISH,
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
            lang=lang,
        )
        for card in cards
    )
    if not items:
        empty = Message("(no cards)").text(lang)
        items = f'<span class="wt-cards__empty" style="{FONT_STYLE}">{empty}</span>'
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
    lang: str = ENGLISH,
) -> str:
    """Rows of cards each led by a label, e.g. seats and their plays; ``hidden`` labels
    show their cards face down."""
    closed = set(hidden)
    lines = []
    for label, cards in rows:
        row = cards_html(cards, width=width, highlights=highlights, face_down=label in closed,
                         lang=lang)
        lines.append(
            f'<div class="wt-row" style="display:flex;gap:8px;align-items:center;margin:4px 0">'
            f'<span class="wt-row__label" style="{LABEL_STYLE}">{escape(label)}</span>{row}</div>'
        )
    return f'<div class="wt-rows">{"".join(lines)}</div>'
