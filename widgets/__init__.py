"""worms_tutor.widgets: the notebook UI (cards, hands, ranking chart, progress, presenter).

The widgets hold no rule of their own; every verdict comes from the ``worms_tutor`` engine.
"""

from __future__ import annotations

from .card import CardView
from .hand import HandPicker
from .presenter import PresenterMode
from .progress import ProgressStore
from .progress_code import ProgressCodeError
from .progress_panel import ProgressPanel

__all__ = [
    "CardView",
    "HandPicker",
    "PresenterMode",
    "ProgressCodeError",
    "ProgressPanel",
    "ProgressStore",
    "RankLadder",
    "RankLadderView",
]


def __getattr__(name: str) -> object:
    # The ladder needs matplotlib (seconds to import): load it only on a page that draws it.
    if name in ("RankLadder", "RankLadderView"):
        from . import ladder

        return getattr(ladder, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The trick table, the scoreboard and puzzles (engine-checked questions).
from .puzzle import PuzzleWidget, puzzle_list, shipped_puzzles  # noqa: E402
from .scoreboard import Scoreboard  # noqa: E402
from .table import TrickTable  # noqa: E402

__all__ += ["PuzzleWidget", "Scoreboard", "TrickTable", "puzzle_list", "shipped_puzzles"]
