"""The ``allowed`` kind: which of the listed plays are allowed (choose all that apply)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from worms_tutor.analysis.puzzle import PuzzleError, load_puzzle

BASE = Path(__file__).resolve().parents[2] / "widgets" / "puzzles" / "00-as-many-cards.json"


def _data(**changes: Any) -> dict[str, Any]:
    """North led a pair of Nines; East holds 5♣ Q♥ 6♥ A♦."""
    data = json.loads(BASE.read_text(encoding="utf-8"))
    for key in ("play", "plays", "expected", "lesson"):
        data.pop(key, None)
    data.update(answer="allowed", plays=["E: 5C", "E: QH 6H", "E: AD 5C", "E: 6H"])
    data.update(changes)
    return data


def test_the_engine_decides_each_listed_play() -> None:
    puzzle = load_puzzle(_data())
    assert puzzle.correct_answers() == ("E: QH 6H | E: AD 5C",)
    assert puzzle.check(["E: AD 5C", "E: QH 6H"]).correct


def test_a_wrong_choice_is_named_with_the_engines_reason() -> None:
    verdict = load_puzzle(_data()).check(["E: 5C", "E: QH 6H", "E: AD 5C"])
    assert not verdict.correct
    assert "E: 5♣ is not allowed" in verdict.why
    assert "two cards" in verdict.why  # the refusal, in words
    assert "R10.1" not in verdict.why  # rule ids stay in the fold


def test_a_missed_allowed_play_is_named() -> None:
    verdict = load_puzzle(_data()).check(["E: QH 6H"])
    assert "E: A♦ 5♣ is allowed too" in verdict.why


def test_nothing_ticked_means_none_is_allowed() -> None:
    puzzle = load_puzzle(_data(plays=["E: 5C", "E: 6H", "E: QH"]))
    assert puzzle.correct_answers() == ("none",)
    assert puzzle.check("none").correct


def test_stored_expected_answers_are_checked() -> None:
    load_puzzle(_data(expected=["E: QH 6H | E: AD 5C"]))
    with pytest.raises(PuzzleError, match="expected"):
        load_puzzle(_data(expected=["E: QH 6H"]))


@pytest.mark.parametrize(("plays", "field"), [
    (["E: 5C", "E: 6H"], "plays"),  # too few
    (["E: 5C", "E: 6H", "E: QH", "E: AD", "E: 5C 6H", "E: QH AD", "E: 6H AD"], "plays"),
    (["E: 5C", "E: 6H", "E: XX"], "plays[2]"),
    (["E: 5C", "E: 6H", "E: 5C"], "plays[2]"),  # twice
])
def test_bad_plays_name_the_field(plays: list[str], field: str) -> None:
    with pytest.raises(PuzzleError) as error:
        load_puzzle(_data(plays=plays))
    assert error.value.field == field


def test_plays_belong_to_allowed_puzzles_only() -> None:
    data = _data(answer="winner")
    with pytest.raises(PuzzleError) as error:
        load_puzzle(data)
    assert error.value.field == "plays"


def test_choose_all_offers_every_legal_play_and_names_a_wrong_tick() -> None:
    """``choose_all``: which legal plays reach the goal; the Worms lead into Toqu does not."""
    from worms_tutor.widgets import series

    puzzle = series.load("06-dont-lead-worms")
    assert puzzle.kind == "choose_all" and len(puzzle.plays) == len(puzzle.state.legal_plays())
    verdict = puzzle.check(["N: KH", "N: 9C", "N: 5D", "N: QS"])
    assert not verdict.correct and "N: K♥ does not do it" in verdict.why
    assert puzzle.check(["N: 9C", "N: 5D", "N: QS"]).correct
