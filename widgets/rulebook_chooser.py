"""RulebookChooser: page 00's two radio buttons that pick the rulebook the chapters teach in.

The choice is kept in the browser's localStorage under ``STORAGE_KEY`` (``english`` or
``danish-club``) and marks the page at once with ``<html data-rulebook="...">``, which
``rulebook_text`` follows. The series' page template sets the same mark from storage before a
page shows, so every chapter opens in the chosen rulebook.
"""

from __future__ import annotations

import anywidget
import traitlets

from .language import say
from .style import static_text, stylesheet

STORAGE_KEY = "worms-tutor/rulebook"


class RulebookChooser(anywidget.AnyWidget):
    """Two radio buttons, english and danish-club; the choice stays in this browser."""

    _esm = static_text("rulebook_chooser.js")
    _css = stylesheet()

    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    """The chooser's words in the page's language ("{name}": the rulebook chosen)."""

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("labels", {
            "legend": say("The rulebook the chapters teach in"),
            "english": say("David Parlett's book and pagat.com"),
            "danish-club": say("the house rules of one Danish–Greenlandic club"),
            "kept": say("Chosen: {name}. Kept in this browser.", name="{name}"),
            "lost": say("Chosen: {name} for this page (this browser keeps nothing).",
                        name="{name}"),
        })
        super().__init__(**kwargs)
