"""A page of prose that prints on one sheet of paper, as it reads on screen."""

from __future__ import annotations

from .fragment import Fragment
from .style import stylesheet


def printable() -> Fragment:
    """``lesson.printable()``: the shared stylesheet, whose print rules let Voila's page flow
    onto paper (on screen it is one window-high panel that scrolls, and a printout would stop
    at the window's edge), and the mark ``wt-print-sheet`` that sets the page close enough to
    fit one A4 sheet. A page with widgets has the stylesheet already; a page of prose only
    through this call."""
    return Fragment(f'<div class="wt-print-sheet" hidden></div><style>{stylesheet()}</style>')
