"""PresenterMode: one switch for a projector, and a "reveal all hands" flag to observe."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from .language import say
from .style import static_text, stylesheet

PRESENTER_CLASS = "wt-presenter"


class PresenterMode(anywidget.AnyWidget):
    """``on`` makes the page large and high-contrast (class ``wt-presenter`` on the body
    and on any container passed to ``apply_to``); ``reveal_all`` asks tables to show every
    hand face up."""

    _esm = static_text("presenter.js")
    _css = stylesheet()

    on = traitlets.Bool(False).tag(sync=True)
    reveal_all = traitlets.Bool(False).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    """The buttons' words in the page's language (the view shows English without them)."""

    def __init__(self, **kwargs: Any) -> None:
        self._targets: list[Any] = []
        kwargs.setdefault("_dom_classes", ("wt-presenter-mode",))  # in the opening message
        kwargs.setdefault("labels", {"group": say("Display for a projector"),
                                     "on": say("Presenter mode"),
                                     "reveal": say("Reveal all hands")})
        super().__init__(**kwargs)

    def apply_to(self, *containers: Any) -> None:
        """Also put the ``wt-presenter`` class on these widgets while presenter mode is on."""
        self._targets.extend(containers)
        self._restyle()

    def on_reveal(self, listener: Callable[[bool], None]) -> None:
        """Call ``listener(reveal_all)`` whenever "reveal all hands" changes."""
        self.observe(lambda change: listener(bool(change["new"])), names="reveal_all")

    @traitlets.observe("on")
    def _switched(self, _change: Any) -> None:
        self._restyle()

    def _restyle(self) -> None:
        for target in self._targets:
            if self.on:
                target.add_class(PRESENTER_CLASS)
            else:
                target.remove_class(PRESENTER_CLASS)
