"""Placements with more cards than targets: the learner chooses which of the offered cards to
lay and where each goes; the engine judges every way, accepts every winning one and says why
a wrong one fails."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.text_checks import RULE_ID
from worms_tutor.analysis.difficulty import options_offered
from worms_tutor.analysis.puzzle import PuzzleError, load_puzzle, load_puzzle_file
from worms_tutor.values.errors import NotationError

PUZZLES = Path(__file__).resolve().parents[2] / "widgets" / "puzzles"


def _data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((PUZZLES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_every_choice_of_cards_and_targets_is_judged() -> None:
    puzzle = load_puzzle_file(PUZZLES / "03-two-of-four.json")
    assert len(puzzle._choices) == 12  # 6 pairs of the four cards, each laid two ways
    assert puzzle.correct_answers() == ("E: 9D>AC AH>AD",)
    assert puzzle.check("E: AH>AD 9D>AC").correct  # the order the cards are named in is free
    assert options_offered(puzzle) == 3 ** 4  # each card: on one of two targets, or kept


def test_every_winning_way_is_accepted() -> None:
    puzzle = load_puzzle_file(PUZZLES / "04-sevens-in-a-pair.json")
    assert set(puzzle.correct_answers()) == {"E: KC>7H 7C>7D", "E: KC>7D 7C>7H"}
    assert all(puzzle.check(answer).correct for answer in puzzle.correct_answers())


@pytest.mark.parametrize(("answer", "beaten"), [
    ("E: 9D>AD AH>AC", "AH on AC fails"),  # the right cards, the wrong way round
    ("E: 9D>AC 6C>AD", "6C on AD fails"),  # one right card, one that beats nothing
])
def test_a_wrong_choice_says_at_once_which_card_fails(answer: str, beaten: str) -> None:
    verdict = load_puzzle_file(PUZZLES / "03-two-of-four.json").check(answer)
    assert not verdict.correct
    assert beaten in verdict.why and "missed" in verdict.why
    assert not RULE_ID.search(verdict.why)


def test_a_capture_missed_names_the_card_that_took_worms() -> None:
    verdict = load_puzzle_file(PUZZLES / "07-toqu-and-one-more.json").check("S: JC>9D 3D>KH")
    assert not verdict.correct
    assert "S's 3D beats E's KH" in verdict.why and "capture" in verdict.why


@pytest.mark.parametrize("answer", ["E: 9D>AC", "E: 9D>AC AH>AD JS>AC", "E: 5D>AC 9D>AD"])
def test_too_few_too_many_or_cards_not_offered_are_refused_with_a_clear_error(
        answer: str) -> None:
    with pytest.raises(NotationError, match="choose 2 of the cards"):
        load_puzzle_file(PUZZLES / "03-two-of-four.json").check(answer)


def test_a_puzzle_that_offers_a_card_not_held_names_it() -> None:
    data = _data("03-two-of-four")
    data["play"] = "E: 9D AH JS 5D"
    with pytest.raises(PuzzleError, match="play: E does not hold 5D"):
        load_puzzle(data)


def test_a_puzzle_that_offers_a_card_twice_names_it() -> None:
    data = _data("03-two-of-four")
    data["play"] = "E: 9D 9D AH JS"
    with pytest.raises(PuzzleError, match="play: names 9D twice"):
        load_puzzle(data)


def test_a_puzzle_that_offers_fewer_cards_than_were_led_is_refused() -> None:
    data = _data("03-two-of-four")
    data["play"] = "E: 9D"
    with pytest.raises(PuzzleError, match="at least as many cards as were led"):
        load_puzzle(data)
