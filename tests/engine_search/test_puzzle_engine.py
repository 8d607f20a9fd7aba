"""Puzzles: every shipped file validates and its answers are the engine's; bad data is named."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from worms_tutor.analysis.puzzle import (
    ANSWER_KINDS,
    PuzzleError,
    load_puzzle,
    load_puzzle_file,
    load_puzzles,
)
from worms_tutor.values.rulebook import RULE_TITLES

PUZZLES = Path(__file__).resolve().parents[2] / "widgets" / "puzzles"
FILES = sorted(PUZZLES.glob("*.json"))


def test_there_are_puzzles_of_every_kind_and_several_presets() -> None:
    puzzles = load_puzzles(PUZZLES)
    assert len(puzzles) >= 6
    assert {p.kind for p in puzzles} == set(ANSWER_KINDS)
    assert len({p.rules.variant for p in puzzles}) >= 2
    assert len({p.id for p in puzzles}) == len(puzzles)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_puzzle_file_agrees_with_the_engine(path: Path) -> None:
    puzzle = load_puzzle_file(path)
    assert puzzle.id == path.stem
    solution = puzzle.correct_answers()
    assert solution
    if puzzle.expected:
        assert {puzzle.canonical(a) for a in puzzle.expected} == set(solution)
    for answer in solution:
        verdict = puzzle.check(answer)
        assert verdict.correct, verdict.summary
        assert verdict.reasons and verdict.summary.startswith("Correct")
        assert set(verdict.others) == set(solution) - {answer}
    ladder = puzzle.hints()
    assert len(ladder) == 4
    assert ladder[0].rule_ids and all(rule in RULE_TITLES for rule in ladder[0].rule_ids)
    assert all(answer in ladder[-1].text for answer in solution)


@pytest.mark.parametrize("path", [p for p in FILES if load_puzzle_file(p).kind == "play"],
                         ids=lambda p: p.stem)
def test_a_wrong_play_shows_what_happens_next(path: Path) -> None:
    puzzle = load_puzzle_file(path)
    wrong = [lp.play for lp in puzzle.state.legal_plays()
             if str(lp.play) not in puzzle.correct_answers()]
    for play in wrong:
        verdict = puzzle.check(str(play))
        assert not verdict.correct
        assert verdict.next_line is not None and verdict.next_line.plays[0] == play
        assert verdict.next_reasons
        assert "Not quite" in verdict.summary


def _puzzle(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((PUZZLES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_an_answer_in_cards_or_play_text_is_the_same_answer() -> None:
    puzzle = load_puzzle(_puzzle("leave-partners-seven"))
    assert puzzle.check(["9C"]).correct
    assert puzzle.check("9c").correct
    assert not puzzle.check("S: KC").correct


def test_an_illegal_answer_says_which_rule_it_breaks() -> None:
    puzzle = load_puzzle(_puzzle("leave-partners-seven"))
    verdict = puzzle.check("S: 5C")
    assert not verdict.correct and verdict.rule_ids == ("R8.3",)
    assert "does not hold 5C" in verdict.reasons[0].text


def test_a_legal_question_and_its_reason() -> None:
    puzzle = load_puzzle(_puzzle("worms-on-a-led-seven"))
    assert puzzle.correct_answers() == ("no",)
    wrong = puzzle.check("yes")
    assert not wrong.correct and "F2" in wrong.rule_ids
    assert "led 7" in wrong.reasons[0].text
    assert puzzle.check(False).correct


def test_a_first_miss_can_be_told_without_the_answer() -> None:
    points = load_puzzle(_puzzle("ataata"))
    miss = points.check(3)
    assert miss.withheld == "Not quite: North–South do not score 3." and "1" not in miss.withheld
    assert miss.summary == "Not quite: North–South score 1, not 3."
    winner = load_puzzle(_puzzle("seven-after-led-three")).check("W")
    assert winner.withheld == "Not quite: W does not win the trick."
    assert "E" not in winner.withheld and winner.rule_ids
    # where any reply gives the answer away, or one was right, there is nothing to hold back
    assert load_puzzle(_puzzle("worms-on-a-led-seven")).check("yes").withheld == ""
    assert points.check(1).withheld == ""
    assert load_puzzle(_puzzle("leave-partners-seven")).check("S: KC").withheld == ""


def test_the_same_position_under_the_english_rules_is_legal() -> None:
    data = _puzzle("worms-on-a-led-seven")
    data["variant"] = "english"
    data["expected"] = ["yes"]
    assert load_puzzle(data).correct_answers() == ("yes",)


def test_a_placement_puzzle_takes_one_assignment_only() -> None:
    puzzle = load_puzzle(_puzzle("place-your-nines"))
    assert puzzle.check("E: 9H>9D 9C>9S").correct  # order of writing does not matter
    wrong = puzzle.check("E: 9C>9D 9H>9S")
    assert not wrong.correct
    assert any("9H" in r.text and "9S" in r.text for r in wrong.next_reasons)


def test_placement_that_cannot_matter_is_refused() -> None:
    data = _puzzle("place-your-nines")
    data["rules"] = {"S9": "any_matching"}
    data.pop("expected")
    with pytest.raises(PuzzleError, match="every placement"):
        load_puzzle(data)


def test_variant_notes_name_our_choices() -> None:
    puzzle = load_puzzle(_puzzle("13-three-players-no-partner"))
    assert any("§E Q9" in note for note in puzzle.variant_notes())
    danish = load_puzzle(_puzzle("place-your-nines"))
    assert danish.variant_label() == "Danish club rules"


BAD: list[tuple[str, Any, str]] = [
    ("colour", "red", "colour"),
    ("answer", "guess", "answer"),
    ("goal", "win", "goal"),
    ("chapter", "two", "chapter"),
    ("hint_rules", ["R99"], "hint_rules[0]"),
    ("horizon", "hand", "horizon"),
    ("expected", ["S: KC"], "expected"),
    ("seat", "N", "seat"),
]


@pytest.mark.parametrize(("key", "value", "field"), BAD, ids=[b[0] for b in BAD])
def test_bad_puzzle_data_names_the_field(key: str, value: Any, field: str) -> None:
    data = _puzzle("leave-partners-seven")
    data[key] = value
    with pytest.raises(PuzzleError) as caught:
        load_puzzle(data, source="bad.json")
    assert caught.value.field == field
    assert str(caught.value).startswith(f"bad.json: {field}:")


def test_bad_scenarios_name_the_field_inside_the_scenario() -> None:
    data = _puzzle("leave-partners-seven")
    broken = copy.deepcopy(data)
    broken["scenario"]["hands"]["S"][0] = "KD"
    with pytest.raises(PuzzleError) as caught:
        load_puzzle(broken)
    assert caught.value.field == "scenario.hands.S[0]"
    illegal = copy.deepcopy(data)
    illegal["scenario"]["plays"] = ["N: 7H", "E: 9S"]
    with pytest.raises(PuzzleError, match="does not hold 9S") as caught:
        load_puzzle(illegal)
    assert caught.value.field == "scenario.plays[1]"
    doubled = copy.deepcopy(data)
    doubled["scenario"]["variant"] = "english"
    with pytest.raises(PuzzleError) as caught:
        load_puzzle(doubled)
    assert caught.value.field == "scenario.variant"


def test_a_goal_nobody_can_reach_is_refused() -> None:
    data = _puzzle("leave-partners-seven")
    data["goal"] = "score_capture"
    data.pop("expected")
    with pytest.raises(PuzzleError, match="no legal answer reaches the goal"):
        load_puzzle(data)


def test_load_puzzles_refuses_duplicate_ids(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / f"{name}.json").write_text(json.dumps(_puzzle("ataata")), encoding="utf-8")
    with pytest.raises(PuzzleError, match="used twice"):
        load_puzzles(tmp_path)


def test_a_file_that_is_not_json_is_named(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(PuzzleError, match=r"broken\.json: not valid JSON"):
        load_puzzle_file(path)
