"""HTML of what the engine decides, as a notebook shows it: a finished trick with its reasons
and a hand in progress, built on ``presentation.card_html``.

The engine's types declare no ``_repr_html_`` for these (the reasons come from a layer above
theirs): ``presentation.formatters`` registers them with IPython's display formatter. Cards
draw themselves through ``card_html``, re-exported here with the other card rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from ..formats.explain import explain_record
from ..mechanics.hand import HandState, TrickRecord
from .card_html import FONT_STYLE, card_html, cards_html, labelled_rows_html

__all__ = [
    "card_html",
    "cards_html",
    "labelled_rows_html",
    "reasons_html",
    "record_html",
    "state_html",
]


def reasons_html(lines: Iterable[str]) -> str:
    """The engine's reasons as a list a learner reads."""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<ul class="wt-reasons" style="{FONT_STYLE}">{items}</ul>'


def record_html(record: TrickRecord, players: int, *, width: float = 72) -> str:
    """A finished trick: each seat's group in play order, the winning group marked, and why."""
    trick = record.trick
    winning = trick.steps[trick.head_step].play.cards if trick.steps else ()
    marks = {card: "heads" for card in winning}
    rows = [(step.seat, step.play.cards) for step in trick.steps]
    reasons = [reason.text for reason in explain_record(record, players)]
    return (
        f'<div class="wt-trick-record">{labelled_rows_html(rows, width=width, highlights=marks)}'
        f"{reasons_html(reasons)}</div>"
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
