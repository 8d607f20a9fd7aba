"""The widgets a chapter page holds once, shared by every lesson piece on it.

The browser builds every widget model of a page before it shows the first widget, so fewer
models make the page appear sooner: one Layout (and one with the gap a cell boundary leaves
above a piece, one as wide as its content, and one that hides), one HTMLStyle, one
ButtonStyle, one presenter switch and one progress store serve the whole page (ipywidgets
lets many widgets hold one layout or style). Voila runs each page view in a kernel of its own,
so "once" is once per page view. Each is made when first asked for, so a page loads ipywidgets
only once it shows a widget. The shared layouts and styles refuse any change: a change meant
for one widget would reach every widget that holds them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from worms_tutor.values.errors import WormsError

from .fragment import CELL_GAP

if TYPE_CHECKING:
    from .presenter import PresenterMode
    from .progress import ProgressStore

_ONCE: dict[str, Any] = {}


def _once(name: str, make: Callable[[], Any]) -> Any:
    """The page's one ``name``, made by ``make`` when first asked for."""
    if name not in _ONCE:
        _ONCE[name] = make()
    return _ONCE[name]


_SHARED: list[Any] = []
"""The page's shared layouts and styles, made so far."""


def is_shared(widget: Any) -> bool:
    """Whether ``widget`` is one of the page's shared layouts or styles (which refuse any
    change)."""
    return any(widget is shared for shared in _SHARED)


def _shared(widget: Any) -> Any:
    """``widget`` (a layout or a style), refusing any change from now on: the change is
    undone and named in the error."""
    _SHARED.append(widget)
    names = [name for name in widget.keys if not name.startswith("_")]

    def refuse(change: Any) -> None:
        widget.unobserve(refuse, names)
        try:
            setattr(widget, change["name"], change["old"])
        finally:
            widget.observe(refuse, names)
        raise WormsError(f"the page's shared {type(widget).__name__} cannot change "
                         f"({change['name']}): give the widget a layout or style of its own")

    widget.observe(refuse, names)
    return widget


def layout() -> Any:
    """The page's one plain ``Layout``."""
    import ipywidgets  # type: ignore[import-untyped]

    return _once("layout", lambda: _shared(ipywidgets.Layout()))


def layout_below() -> Any:
    """The page's one ``Layout`` with the gap of a cell boundary above it (top padding)."""
    import ipywidgets

    return _once("below", lambda: _shared(ipywidgets.Layout(padding=f"{CELL_GAP} 0 0 0")))


def layout_auto() -> Any:
    """The page's one ``Layout`` as wide as its content (a button sized to its label)."""
    import ipywidgets

    return _once("auto", lambda: _shared(ipywidgets.Layout(width="auto")))


def layout_hidden() -> Any:
    """The page's one ``Layout`` that shows nothing."""
    import ipywidgets

    return _once("hidden", lambda: _shared(ipywidgets.Layout(display="none")))


def html_style() -> Any:
    """The page's one ``HTMLStyle``."""
    from ipywidgets.widgets.widget_string import HTMLStyle  # type: ignore[import-untyped]

    return _once("style", lambda: _shared(HTMLStyle()))


def button_style() -> Any:
    """The page's one ``ButtonStyle``."""
    import ipywidgets

    return _once("button_style", lambda: _shared(ipywidgets.ButtonStyle()))


def presenter() -> PresenterMode:
    """The page's PresenterMode: large text for a projector; "Reveal all hands" opens the
    hands on every puzzle's table."""
    from .presenter import PresenterMode

    switch: PresenterMode = _once("presenter", lambda: PresenterMode(layout=layout()))
    return switch


def store() -> ProgressStore:
    """The page's one ProgressStore, shared by every puzzle and the progress table."""
    from .progress import ProgressStore

    kept: ProgressStore = _once("store", lambda: ProgressStore(layout=layout()))
    return kept
