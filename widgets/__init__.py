"""worms_tutor.widgets: the notebook UI (cards, hands, ranking chart, progress, presenter).

The widgets hold no rule of their own; every verdict comes from the ``worms_tutor`` engine.
"""

from __future__ import annotations

from .card import CardView
from .hand import HandPicker
from .ladder import RankLadder, RankLadderView
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
