"""Text that differs between the two rulebooks, shown in the one the learner chose.

``rulebook_text(english=..., club=...)`` writes both texts into the page as plain HTML: the
chosen rulebook's text as the main text, the other one folded under "In the other rulebook".
The choice lives in the browser (page 00's chooser, ``rulebook_choice()``), which marks the
page with ``<html data-rulebook="danish-club">``; the stylesheet then swaps the two. Without
the mark (JupyterLab, a page saved as HTML) the english text is the main one.
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING

from worms_tutor.values.errors import WormsError

from .fragment import Fragment
from .language import say

if TYPE_CHECKING:
    from .rulebook_chooser import RulebookChooser

CLUB = "danish-club"
ENGLISH = "english"


def _inline(text: str) -> str:
    """Escape text, keeping **bold** and *italic* as a page author writes them."""
    html = escape(text)
    html = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html)
    return re.sub(r"\*(.+?)\*", r"<i>\1</i>", html)


def markdown_html(text: str) -> str:
    """A small markdown: paragraphs split by blank lines, ``- `` list items, bold, italic."""
    blocks = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if lines and all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{_inline(line[2:])}</li>" for line in lines)
            blocks.append(f"<ul>{items}</ul>")
        elif lines:
            blocks.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(blocks)


def _part(rulebook: str, role: str, body: str, hidden: bool) -> str:
    style = ' style="display:none"' if hidden else ""
    classes = f"wt-rulebook-text__{role} wt-rulebook-text--{rulebook}"
    if role == "main":
        return f'<div class="{classes}" data-rulebook="{rulebook}"{style}>{body}</div>'
    return (f'<details class="{classes}" data-rulebook="{rulebook}"{style}>'
            f"<summary>{say('In the other rulebook ({name})', name=rulebook)}</summary>"
            f'<div class="wt-rulebook-text__body">{body}</div></details>')


def rulebook_text(english: str, club: str) -> Fragment:
    """The text of the rulebook the learner chose, the other one folded under it."""
    for name, text in (("english", english), ("club", club)):
        if not isinstance(text, str) or not text.strip():
            raise WormsError(f"rulebook_text needs the {name} text, got {text!r}")
    english_html, club_html = markdown_html(english), markdown_html(club)
    return Fragment(
        '<div class="wt-rulebook-text">'
        + _part(ENGLISH, "main", english_html, hidden=False)
        + _part(CLUB, "main", club_html, hidden=True)
        + _part(CLUB, "other", club_html, hidden=False)
        + _part(ENGLISH, "other", english_html, hidden=True)
        + "</div>"
    )


def rulebook_choice() -> RulebookChooser:
    """Page 00's chooser: two radio buttons, english and danish-club, kept in this browser."""
    from .page_widgets import layout
    from .rulebook_chooser import RulebookChooser

    return RulebookChooser(layout=layout())
