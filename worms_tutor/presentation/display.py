"""HTML of what the engine decides, as a notebook shows it: a finished trick with its reasons
and a hand in progress, built on ``presentation.card_html``.

The engine's types declare no ``_repr_html_`` for these (the reasons come from a layer above
theirs): ``presentation.formatters`` registers them with IPython's display formatter. Cards
draw themselves through ``card_html``, re-exported here with the other card rows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

from ..formats.explain import Reason, cited_ids, explain_record, plain
from ..mechanics.hand import HandState, TrickRecord
from ..values.cards import in_symbols
from ..values.language import ENGLISH, Message, seat, side
from .card_html import FONT_STYLE, card_html, cards_html, labelled_rows_html
from .glossary import abbr

__all__ = [
    "card_html",
    "card_text",
    "cards_html",
    "labelled_rows_html",
    "reasons_html",
    "record_html",
    "state_html",
    "text_html",
]


_PLACED = re.compile(r"\b([35-9JQKA][CSHD])>([35-9JQKA][CSHD])\b")
"""A card laid on a target in a group's notation (``AH>AS``): read as "A♥ on A♠"."""


def card_text(text: str, lang: str = ENGLISH) -> str:
    """The engine's words for a reader, each card code (``9D``) written with its suit symbol
    (9♦), as the questions and the cards show them, and a card laid on another (``AH>AS``) as
    "A♥ on A♠" (in ``lang``: "A♥ på A♠")."""
    on = Message("{card} on {target}", card=r"\1", target=r"\2").text(lang)
    return in_symbols(_PLACED.sub(on, text))


def text_html(text: str, lang: str = ENGLISH) -> str:
    """``card_text``, escaped for HTML."""
    return escape(card_text(text, lang), quote=False)


def reasons_html(reasons: Iterable[Reason], *, illegal: str = "", with_ids: bool = True,
                 lang: str = ENGLISH) -> str:
    """The engine's reasons as the list a learner reads (``wt-reasons``), an illegal play
    first (``wt-step-illegal``). Each reason reads as a sentence (table-procedure reasons
    begin in lower case) and names its cards as ``text_html`` does. Its rule ids stay in the
    text for the fold of a puzzle's answer; ``with_ids=False`` shows the plain sentence and
    leaves the ids to a tooltip, for the tables and hands a learner reads first. The reasons
    are worded in ``lang``; ``illegal`` comes worded."""
    def sentence(text: str) -> str:
        text = text if with_ids else plain(text)
        return text[:1].upper() + text[1:]

    def item(text: str, rules: tuple[str, ...], style: str = "") -> str:
        said = Message("Rules: {ids}", ids=", ".join(rules)).text(lang)
        tip = "" if with_ids or not rules else f' title="{escape(said)}"'
        return (f'<li data-rules="{escape(" ".join(rules))}"{tip}{style}>'
                f"{text_html(sentence(text), lang)}</li>")

    items = []
    if illegal:
        items.append(item(illegal, cited_ids(illegal),
                          ' class="wt-step-illegal" style="color:#8a1c00;font-weight:bold"'))
    items += [item(reason.in_language(lang), reason.rules) for reason in reasons]
    return f'<ul class="wt-reasons" style="margin:4px 0;padding-left:20px">{"".join(items)}</ul>'


def record_html(record: TrickRecord, players: int, *, width: float = 72,
                lang: str = ENGLISH) -> str:
    """A finished trick: each seat's group in play order, the winning group marked, and why."""
    trick = record.trick
    winning = trick.steps[trick.head_step].play.cards if trick.steps else ()
    marks = {card: "heads" for card in winning}
    rows = [(step.seat, step.play.cards) for step in trick.steps]
    reasons = reasons_html(explain_record(record, players), with_ids=False, lang=lang)
    return (
        f'<div class="wt-trick-record">'
        f"{labelled_rows_html(rows, width=width, highlights=marks, lang=lang)}"
        f'<div style="{FONT_STYLE}">{reasons}</div></div>'
    )


def state_html(state: HandState, *, width: float = 72, lang: str = ENGLISH) -> str:
    """A hand in progress: every seat's cards, the trick on the table, whose turn it is
    (worded in ``lang``)."""
    rows = [(held, cards) for held, cards in state.hands]
    table = [(Message("{seat} played", seat=step.seat).text(lang), step.play.cards)
             for step in state.trick.steps]
    head = state.trick.head
    marks = {table_card.card: "heads" for table_card in head}
    turn = (Message("{seat} to play", seat=seat(state.to_move)) if state.to_move
            else Message("hand over")).text(lang)
    score = ", ".join(f"{side(name).text(lang)} {points}" for name, points in state.score)
    words = Message("score {score} · rules {rules}", score=score, rules=str(state.rules))
    caption = (f"{escape(turn)} · {abbr('stock', focusable=True, lang=lang)} "
               f"{len(state.stock)} · {escape(words.text(lang))}")
    return (
        f'<div class="wt-state"><div style="{FONT_STYLE}">{caption}</div>'
        f"{labelled_rows_html(rows + table, width=width, highlights=marks, lang=lang)}</div>"
    )
