"""Spot the illegal play in a replay: the engine's referee finds the play that breaks a rule;
every play is offered, and a wrong pick is told in plain words why it breaks none."""

from __future__ import annotations

import pytest

from tests.text_checks import CARD_CODE, RULE_ID
from worms_tutor.analysis import spot_illegal
from worms_tutor.analysis.puzzle import Puzzle, PuzzleError, load_puzzle, load_puzzle_file
from worms_tutor.analysis.verdict import symbols
from worms_tutor.widgets.series import puzzle_files

KIND = [puzzle for puzzle in map(load_puzzle_file, puzzle_files())
        if puzzle.kind == "spot_illegal"]


def test_there_are_replays_to_check_in_the_chapters() -> None:
    assert len(KIND) >= 2


@pytest.mark.parametrize("puzzle", KIND, ids=lambda puzzle: puzzle.id)
def test_the_refused_play_is_the_answer_and_its_refusal_is_named(puzzle: Puzzle) -> None:
    refused = puzzle.replay.illegal
    assert refused is not None
    play = puzzle.scenario.plays[refused.index]
    assert puzzle.correct_answers() == (str(play),)
    for answer in (str(play), refused.index, play):
        verdict = puzzle.check(answer)
        assert verdict.correct
        assert verdict.summary.startswith(f"Correct: {symbols(play)} is not allowed: ")
        assert not RULE_ID.search(verdict.summary) and not CARD_CODE.search(verdict.summary)
    assert refused.refusal.rule in puzzle.check(play).rule_ids  # the rule id, in the fold


@pytest.mark.parametrize("puzzle", KIND, ids=lambda puzzle: puzzle.id)
def test_every_other_play_is_told_why_it_is_not_the_one(puzzle: Puzzle) -> None:
    refused = puzzle.replay.illegal
    assert refused is not None
    for index, play in enumerate(puzzle.scenario.plays):
        if index == refused.index:
            continue
        verdict = puzzle.check(play)
        assert not verdict.correct and verdict.why.startswith(symbols(play))
        assert "\n" not in verdict.why and not RULE_ID.search(verdict.why), verdict.why
        assert not CARD_CODE.search(verdict.why), verdict.why
        said = "breaks no rule" if index < refused.index else "comes after the play"
        assert said in verdict.why, verdict.why
        hidden = symbols(puzzle.scenario.plays[refused.index])
        assert hidden not in verdict.withheld and hidden not in verdict.why


@pytest.mark.parametrize("puzzle", KIND, ids=lambda puzzle: puzzle.id)
def test_the_options_are_every_play_and_the_table_shows_none_of_them(puzzle: Puzzle) -> None:
    labels = spot_illegal.option_labels(puzzle)
    assert len(labels) == len(puzzle.scenario.plays) >= spot_illegal.MIN_PLAYS
    assert all(label.startswith("Trick ") and " plays " in label for label in labels)
    assert len(puzzle.shown_replay.states) == 1  # the position before any play


@pytest.mark.parametrize("puzzle", KIND, ids=lambda puzzle: puzzle.id)
def test_the_hints_name_the_play_only_on_their_last_rung(puzzle: Puzzle) -> None:
    answer = puzzle.correct_answers()[0]
    ladder = puzzle.hints()
    assert all(answer not in hint.text for hint in ladder[:-1])
    assert answer in ladder[-1].text


def _replay(plays: list[str]) -> dict[str, object]:
    return {
        "id": "x", "title": "x", "chapter": 2, "question": "q", "answer": "spot_illegal",
        "scenario": {"hands": {"N": ["9C", "5H"], "E": ["6D", "5C"], "S": ["8C", "QS"],
                               "W": ["5D", "QH"]},
                     "leader": "N", "plays": plays},
    }


def test_a_replay_without_an_illegal_play_is_refused() -> None:
    with pytest.raises(PuzzleError, match="every play is legal"):
        load_puzzle(_replay(["N: 9C", "E: 6D", "S: 8C", "W: 5D"]))


def test_a_replay_too_short_to_choose_from_is_refused() -> None:
    with pytest.raises(PuzzleError, match="at least 4 plays"):
        load_puzzle(_replay(["N: 9C", "S: 8C"]))
