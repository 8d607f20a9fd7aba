"""The ``allowed`` puzzle's control: one checkbox per listed play."""

from __future__ import annotations

import json
from pathlib import Path

import ipywidgets

from worms_tutor.analysis.puzzle import load_puzzle
from worms_tutor.widgets.puzzle import PuzzleWidget

SOURCE = Path(__file__).resolve().parents[2] / "widgets/puzzles/00-as-many-cards.json"


def test_allowed_puzzle_offers_one_checkbox_per_play() -> None:
    """Ticking boxes answers the puzzle; a wrong tick is named at once, with its reason."""
    data = json.loads(SOURCE.read_text(encoding="utf-8"))
    for key in ("play", "plays", "expected", "lesson"):
        data.pop(key, None)
    data.update(answer="allowed", plays=["E: 5C", "E: QH 6H", "E: AD 5C"])
    widget = PuzzleWidget(load_puzzle(data))
    boxes = [child for child in widget.answer_control.children
             if isinstance(child, ipywidgets.Checkbox)]
    assert [box.description for box in boxes] == ["E plays 5♣", "E plays Q♥ 6♥",
                                                  "E plays A♦ 5♣"]
    boxes[0].value = True
    verdict = widget.check()
    assert verdict is not None and not verdict.correct
    assert "5♣ is not allowed" in widget.feedback.value
    boxes[0].value, boxes[1].value, boxes[2].value = False, True, True
    verdict = widget.check()
    assert verdict is not None and verdict.correct
