"""Show hand states and finished tricks as HTML in IPython (a notebook, Voilà).

The engine's types declare no ``_repr_html_``: a trick's HTML carries its reasons, which come
from a layer above the mechanics. Instead ``load_ipython_extension`` registers
``display.state_html`` and ``display.record_html`` with the shell's HTML formatter
(``%load_ext worms_tutor.presentation.formatters``; importing ``worms_tutor.widgets`` inside
IPython calls it too). The types are registered by name, so nothing of the engine is imported
until such a value is shown. The engine never imports IPython: the shell is an argument.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..mechanics.hand import HandState, TrickRecord

HAND_MODULE = "worms_tutor.mechanics.hand"
"""Where ``HandState`` and ``TrickRecord`` are defined (IPython matches a type by this name)."""


class HtmlFormatter(Protocol):
    """What is used of IPython's ``text/html`` formatter."""

    def for_type_by_name(
        self, type_module: str, type_name: str, func: Callable[[Any], str]
    ) -> object: ...


class DisplayFormatter(Protocol):
    """What is used of IPython's display formatter: its formatter for each MIME type."""

    @property
    def formatters(self) -> Mapping[str, HtmlFormatter]: ...


class Shell(Protocol):
    """What is used of an IPython shell."""

    @property
    def display_formatter(self) -> DisplayFormatter: ...


def load_ipython_extension(ipython: Shell) -> None:
    """Register the HTML of a hand state and of a finished trick with ``ipython``."""
    html = ipython.display_formatter.formatters["text/html"]
    html.for_type_by_name(HAND_MODULE, "HandState", state_html)
    html.for_type_by_name(HAND_MODULE, "TrickRecord", record_html)


def state_html(state: HandState) -> str:
    """A hand in progress, drawn by ``display.state_html``."""
    from .display import state_html as draw

    return draw(state)


def record_html(record: TrickRecord) -> str:
    """A finished trick with its reasons, drawn by ``display.record_html``."""
    from .display import record_html as draw

    return draw(record, record.trick.rules.players)
