"""Chapter 8 settles what a careful reader of the scoring had to guess (issue 26, §3), and
the engine agrees with every worked example it gives."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from worms_tutor.formats.scenario import Scenario

CHAPTER = Path(__file__).resolve().parents[2] / "notebooks" / "08-scoring.ipynb"
LATE = ["NS", "EW", "NS", "EW", "NS", "NS", "EW"]  # N–S on four tricks, E–W on three


def _text(kind: str) -> str:
    cells = json.loads(CHAPTER.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == kind)


def _final(variant: str, plays: list[str], hands: dict[str, list[str]], **more: object) -> object:
    scenario = Scenario.from_json(
        {"variant": variant, "hands": hands, "leader": "N", "plays": plays, **more})
    replay = scenario.replay()
    assert replay.illegal is None
    return replay.final


@pytest.mark.parametrize("variant,points", [("english", 3), ("danish-club", 2)])
def test_a_double_trick_from_four_to_six_completes_the_first_five(variant: str,
                                                                    points: int) -> None:
    final = _final(variant, ["N: 9C 9S", "E: 5D 6D", "S: QD QH", "W: 8H 8D"],
                   {"N": ["9C", "9S"], "E": ["5D", "6D"], "S": ["QD", "QH"], "W": ["8H", "8D"]},
                   previous=["NS"] * 4)
    assert dict(final.score)["NS"] == points  # type: ignore[attr-defined]
    assert "N: 9C 9S E: 5D 6D S: QD QH W: 8H 8D" in _text("code")


def test_a_capture_and_the_hand_are_added_before_the_club_looks_at_nine() -> None:
    final = _final("danish-club", ["N: 5C", "E: KH", "S: JC", "W: 9C"],
                   {"N": ["5C", "6H"], "E": ["KH", "QD"], "S": ["JC", "8D"], "W": ["9C", "QS"]},
                   score={"NS": 7, "EW": 3}, previous=LATE)
    assert dict(final.score) == {"NS": 6, "EW": 3}  # type: ignore[attr-defined]
    assert "added up first" in _text("markdown")


def test_a_king_point_reaching_nine_wins_and_the_trick_is_played_out() -> None:
    final = _final("danish-club", ["N: 7H", "E: KC", "S: KS", "W: 3D"],
                   {"N": ["7H", "6H"], "E": ["KC", "QD"], "S": ["KS", "8D"], "W": ["3D", "QS"]},
                   score={"NS": 8, "EW": 3}, previous=LATE)
    record = final.records[-1]  # type: ignore[attr-defined]
    assert record.winner == "W" and record.match_winner == "NS"
    assert dict(record.score_after) == {"NS": 9, "EW": 3}
    assert "still lay their cards" in _text("markdown")


def test_the_rulebooks_part_in_the_learners_rulebook_and_no_ids_reach_the_prose() -> None:
    assert "lesson.rulebook_text(" in _text("code")
    assert not re.search(r"\b(R\d+\.\d+|P\d|S\d+|F\d)\b|switch", _text("markdown"))
