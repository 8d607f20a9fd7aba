"""Card drawings shown once per page, then drawn again by reference.

A chapter shows a few dozen different cards a few hundred times, each as a 2 kB inline SVG:
most of what the kernel sends, Voila's server decodes and the browser parses before the
first widget appears. In a Voila page (one kernel, run once, top to bottom, its outputs
never replaced) a card drawn before is drawn again by reference: the first drawing gets an
id, later ones are an SVG <use> of it, with the same outer <svg> (size, role, label, title).
Not in JupyterLab, where running a cell again replaces the output that holds a drawing.
"""

from __future__ import annotations

import itertools
import os
import re

SHARING = bool(os.environ.get("VOILA_KERNEL_ID"))
"""Whether this kernel runs a Voila page, where drawings are shared."""

_CARD_SVG = re.compile(r'<svg\b[^>]*\bclass="wt-card-svg"[^>]*>')
_SMALLEST_SHARED = 200
"""Drawings shorter than this many characters are cheaper to repeat than to refer to."""

_DRAWN: dict[str, str] = {}
"""Each drawing already on the page and its element id."""
_DRAWINGS = itertools.count(1)


def share_drawings(html: str) -> str:
    """``html`` with every card drawing already on the page replaced by a reference to it."""
    parts: list[str] = []
    done = 0
    for match in _CARD_SVG.finditer(html):
        if match.start() < done:
            continue
        end = _closing_tag(html, match.end())
        if end < 0:
            continue
        body = html[match.end():end]
        title_end = body.find("</title>") + len("</title>") if body.startswith("<title>") else 0
        title, drawing = body[:title_end], body[title_end:]
        if len(drawing) < _SMALLEST_SHARED:
            continue
        known = _DRAWN.get(drawing)
        if known is None:
            known = _DRAWN[drawing] = f"wt-drawing-{next(_DRAWINGS)}"
            shown = f'<g id="{known}">{drawing}</g>'
        else:
            shown = f'<use href="#{known}"/>'
        parts += [html[done:match.end()], title, shown]
        done = end
    return "".join(parts) + html[done:] if parts else html


def _closing_tag(html: str, start: int) -> int:
    """Where the ``</svg>`` that closes an ``<svg>`` opened just before ``start`` begins
    (a card back, or a row of cards, holds ``<svg>`` elements of its own); -1 if none."""
    depth, position = 1, start
    while True:
        close = html.find("</svg>", position)
        if close < 0:
            return -1
        depth += html.count("<svg", position, close) - 1
        if depth == 0:
            return close
        position = close + len("</svg>")
