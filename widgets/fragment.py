"""What a chapter cell shows: pieces of plain HTML (no widget, so they cost the page nothing
to load), the few styles they share, and the call that shows outputs under the cell."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from . import shared_drawings

FONT = "font-family:Helvetica,Arial,'Liberation Sans','DejaVu Sans',sans-serif"
WIDGET_TEXT = f"font-size:{13 / 14:.4f}em"
"""The size of text in an ipywidgets HTML widget (13px), for plain HTML shown where a widget
was, relative to the page's 14px so that presenter mode enlarges it alike."""

CELL_GAP = "15px"
"""The space Voila leaves between the outputs of two code cells (the cells' padding and the
output's margin), which a cell keeps between the pieces it shows."""


def offscreen(height: int) -> str:
    """CSS that lets the browser skip the layout and painting of a block of card pictures
    while it is off screen (``height`` pixels held for it until it is first drawn): a chapter
    holds hundreds of cards, and laying them all out delays the first screen by a second."""
    return f"content-visibility:auto;contain-intrinsic-size:auto 760px auto {height}px"


class Fragment:
    """A piece of HTML a cell shows as its output; in a Voila page, card drawings shown
    before are drawn by reference."""

    def __init__(self, html: str) -> None:
        self.html = html

    def _repr_html_(self) -> str:
        if shared_drawings.SHARING:
            return shared_drawings.share_drawings(self.html)
        return self.html

    def __str__(self) -> str:
        return re.sub(r"<[^>]+>", " ", self.html)


def display_outputs(outputs: Sequence[object]) -> None:
    """Show ``outputs`` under the running cell, one output each."""
    from IPython.display import display

    show: Callable[..., object] = display  # IPython declares no types for it
    show(*outputs)
