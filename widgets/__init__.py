"""worms_tutor.widgets: the notebook UI (cards, hands, ranking chart, progress, presenter).

The widgets hold no rule of their own; every verdict comes from the ``worms_tutor`` engine.

Every name below is imported on first use: a chapter page starts with
``from worms_tutor.widgets import lesson`` and should not wait for the puzzle widgets, the
trick table or the ranking chart (which needs matplotlib) before its first output.
"""

from __future__ import annotations

import sys
from importlib import import_module

from worms_tutor.presentation.formatters import load_ipython_extension

_HOMES: dict[str, str] = {
    "CardView": "card",
    "HandPicker": "hand",
    "PresenterMode": "presenter",
    "ProgressCodeError": "progress_code",
    "ProgressPanel": "progress_panel",
    "ProgressStore": "progress",
    "PuzzleWidget": "puzzle",
    "RankLadder": "ladder",
    "RankLadderView": "ladder",
    "Scoreboard": "scoreboard",
    "TrickTable": "table",
    "puzzle_list": "puzzle",
    "shipped_puzzles": "puzzle",
}
"""Each public name and the module (of this package) that defines it."""

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> object:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_HOMES[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


def _show_engine_values_as_html() -> None:
    """Inside IPython (a notebook, Voilà), hand states and finished tricks display as HTML:
    the presentation layer registers them with the running shell."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        load_ipython_extension(shell)


_show_engine_values_as_html()
