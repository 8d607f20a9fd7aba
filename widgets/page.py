"""The frame of a chapter page: what its cells show, and the boxes of text around the lessons.

``show(...)`` shows several lesson pieces from one cell, as far apart as separate cells would
show them. What a cell shows is plain HTML wherever it can be, joined into as few outputs as
the cell allows, with a widget only where the learner acts (the presenter switch, the progress
line, puzzles): the browser builds every widget of a page before it shows the first one, and
each output and widget costs the kernel and Voila's server messages before the page is sent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from worms_tutor.presentation.card_html import cards_html
from worms_tutor.values.cards import PACK, Card, Suit, parse_cards
from worms_tutor.values.errors import WormsError
from worms_tutor.values.language import in_context

from .fragment import CELL_GAP, FONT, WIDGET_TEXT, Fragment, display_outputs, offscreen
from .language import current, say
from .lazy_puzzles import LazyPuzzle, PuzzleGroup, run_outputs
from .page_widgets import is_shared, layout, layout_below, presenter, store

CARD_WIDTH = 84
"""The width of a card picture in a row of cards, in pixels."""


class Pieces:
    """Lesson pieces shown one right under the other, as one part of a cell: a box of text
    and the widget that belongs with it. The text stays plain HTML, so that only the widget
    costs the page a widget (the browser builds every widget of a page before it shows the
    first one)."""

    def __init__(self, *pieces: Any) -> None:
        self.pieces = list(pieces)

    def _ipython_display_(self) -> None:
        show(self)


def show(*parts: Any) -> None:
    """Show several lesson pieces from one cell, one under the other and as far apart as
    separate cells would show them: ``lesson.show(lesson.trick(...), lesson.puzzle(...))``."""
    display_outputs(outputs(parts))


def outputs(parts: Sequence[Any]) -> list[Any]:
    """What a cell shows for ``parts``, in order: every part after the first with the gap of
    a cell boundary above it, the puzzles of neighbouring parts in one slot under their
    previews, and neighbouring HTML pieces joined into one output (every output and every
    widget costs the page time before it appears)."""
    pieces: list[tuple[bool, Any]] = []  # (gap above it, piece)
    index = 0
    while index < len(parts):
        part = parts[index]
        if isinstance(part, Pieces):
            pieces += [(index > 0 and order == 0, piece) for order, piece in enumerate(part.pieces)]
            index += 1
        elif isinstance(part, (LazyPuzzle, PuzzleGroup)):
            run: list[LazyPuzzle] = []
            while index < len(parts) and isinstance(parts[index], (LazyPuzzle, PuzzleGroup)):
                part = parts[index]
                group = part.lazies if isinstance(part, PuzzleGroup) else [part]
                for order, lazy in enumerate(group):
                    lazy.gap = index > 0 and order == 0
                run += group
                index += 1
            pieces += [(False, piece) for piece in run_outputs(run)]
        else:
            pieces.append((index > 0, part))
            index += 1
    shown: list[Any] = []
    for gap, piece in pieces:
        if _is_widget(piece):
            shown.append(_below(piece) if gap else piece)
            continue
        html = piece.html if isinstance(piece, Fragment) else piece._repr_html_()
        if gap:
            html = f'<div class="wt-lesson-below" style="padding-top:{CELL_GAP}">{html}</div>'
        if shown and isinstance(shown[-1], Fragment):
            shown[-1] = Fragment(shown[-1].html + html)
        else:
            shown.append(Fragment(html))
    return shown


def _is_widget(part: object) -> bool:
    import ipywidgets  # type: ignore[import-untyped]

    return isinstance(part, ipywidgets.DOMWidget)


def _below(widget: Any) -> Any:
    """``widget`` with the gap of a cell boundary above it (top padding)."""
    if widget.layout is layout():
        widget.layout = layout_below()
    elif not is_shared(widget.layout):  # another shared one (hidden, below) stays as it is
        widget.layout.padding = f"{CELL_GAP} 0 0 0"
    return widget


def _box(kind: str, title: str, body: str, colour: str) -> Fragment:
    return Fragment(
        f'<div class="wt-lesson wt-lesson--{kind}" role="note" aria-label="{escape(title)}" '
        f'style="{FONT};border-left:6px solid {colour};background:#f7f7f7;color:#111;'
        f'padding:10px 16px;margin:10px 0;border-radius:4px;font-size:1.15em;line-height:1.45">'
        f'<div style="font-weight:bold;font-size:1.1em;margin-bottom:4px">{escape(title)}</div>'
        f"{body}</div>"
    )


def _items(items: tuple[str | Sequence[str], ...]) -> list[str]:
    """The texts of ``goals("a", "b")`` or of ``goals(["a", "b"])``."""
    if len(items) == 1 and not isinstance(items[0], str):
        return [str(item) for item in items[0]]
    return [str(item) for item in items]


def _inline(text: str) -> str:
    """Escape text, keeping **bold** and *italic* as a page author writes them."""
    html = escape(text)
    html = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html)
    return re.sub(r"\*(.+?)\*", r"<i>\1</i>", html)


def goals(*items: str | Sequence[str], chapter: str | None = None) -> Pieces:
    """The three goals a chapter opens with, the learner's progress in ``chapter`` (its
    puzzles solved, stars, a link to drill it), and the projector switch for a teacher."""
    from .progress_table import chapter_progress

    texts = _items(items)
    if len(texts) != 3:
        raise WormsError(f"a chapter opens with three goals, not {len(texts)}")
    body = "".join(f"<li>{_inline(text)}</li>" for text in texts)
    box = _box("goals", say("In this chapter you will learn to"),
               f"<ol style='margin:0'>{body}</ol>", "#0b3d91")
    line = None if chapter is None else chapter_progress(chapter)
    return Pieces(Fragment(f'<div class="wt-lesson-goals" style="{WIDGET_TEXT}">{box.html}</div>'),
                  *([] if line is None else [line]), presenter())


def recap(*items: str | Sequence[str], progress: bool = True) -> Pieces:
    """The short list a chapter ends with, and (unless ``progress=False``) the learner's
    progress line."""
    texts = _items(items)
    body = "".join(f"<li>{_inline(text)}</li>" for text in texts)
    box = _box("recap", say("Recap"), f"<ul style='margin:0'>{body}</ul>", "#2e7d32")
    text = Fragment(f'<div class="wt-lesson-recap" style="{WIDGET_TEXT}">{box.html}</div>')
    return Pieces(text, store()) if progress else Pieces(text)


def choice(text: str, question: str = "") -> Fragment:
    """Mark a rule that rests on our own choice, not on a source. ``question`` is where the
    rules notes treat it: an open question of rules.md §E ("Q3") or a rule id ("R13.1")."""
    if not question:
        where = ""
    elif question.startswith("Q"):
        where = say(" (open question {id} of the rules notes)", id=escape(question))
    else:
        where = say(" (rules notes, {id})", id=escape(question))
    return _box("choice", say("Our choice") + where, f"<div>{_inline(text)}</div>", "#7b1fa2")


def rulebooks(text: str) -> Fragment:
    """A box for where the two rulebooks part ways."""
    return _box("rulebooks", say("The two rulebooks"), f"<div>{_inline(text)}</div>", "#e6a100")


def cards(codes: str | Iterable[str | Card], caption: str | None = None,
          width: float = CARD_WIDTH) -> Fragment:
    """A row of card pictures, e.g. ``lesson.cards("JC KH 8S")``."""
    chosen = parse_cards(codes) if isinstance(codes, str) else tuple(
        card if isinstance(card, Card) else Card.parse(card) for card in codes)
    row = cards_html(chosen, width=width, lang=current())
    head = (f'<div style="{FONT};font-weight:bold;margin-bottom:4px">{escape(caption)}</div>'
            if caption else "")
    names = ", ".join(card.name_in(current()) for card in chosen)
    height = round(width * 1.4) + (30 if caption else 8)
    return Fragment(f'<div class="wt-lesson-cards" aria-label="{escape(names)}" '
                    f'style="margin:8px 0;{offscreen(height)}">{head}{row}</div>')


def pack(width: float = 58) -> Fragment:
    """The whole pack, one row per suit, from the engine's ``PACK``."""
    rows = []
    for suit in Suit:
        row = [card for card in PACK if card.suit is suit]
        noun = in_context("suit", suit.noun).text(current())
        caption = say("{suit} {symbol}: {count} cards", suit=noun.capitalize(),
                      symbol=suit.symbol, count=len(row))
        rows.append(cards(row, caption, width).html)
    return Fragment(f'<div class="wt-lesson-pack">{"".join(rows)}</div>')
