"""Each chapter shows its puzzles easy to hard (issue 27 §1), by the engine's measure
(``worms_tutor/analysis/difficulty.py``): along the page the level never goes down; puzzles of
one level keep the order of the prose. The order is read from the notebooks as they stand, so
a chapter given new puzzles or reordered is checked again by the same test."""

from __future__ import annotations

from itertools import pairwise

import pytest

from worms_tutor.analysis.difficulty import MAX_CHOICE_STEPS, Difficulty, difficulty
from worms_tutor.widgets import series

EXCEPTIONS: dict[str, str] = {}
"""Puzzle id → why its page shows it before an easier puzzle. None today: where a section's
puzzle was harder than a later section's, it moved to the chapter's closing 'Putting it
together' section (or a later section that also teaches it)."""

CHAPTERS = [chapter for chapter in series.chapters() if series.page_puzzle_ids(chapter)]


def _level(puzzle_id: str) -> int:
    return difficulty(series.load(puzzle_id)).level


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[chapter.file for chapter in CHAPTERS])
def test_a_chapter_shows_its_puzzles_easy_to_hard(chapter: series.Chapter) -> None:
    shown = [(pid, _level(pid)) for pid in series.page_puzzle_ids(chapter)
             if pid not in EXCEPTIONS]
    drops = [f"{before} (level {high}) before {after} (level {low})"
             for (before, high), (after, low) in pairwise(shown) if high > low]
    assert not drops, f"{chapter.file} is not easy to hard: {drops}"


def test_each_exception_is_shown_and_still_needed() -> None:
    for puzzle_id, why in EXCEPTIONS.items():
        assert why, f"{puzzle_id}: say why it stays where it is"
        chapter = next(c for c in CHAPTERS if puzzle_id in series.page_puzzle_ids(c))
        ids = series.page_puzzle_ids(chapter)
        later = ids[ids.index(puzzle_id) + 1:]
        assert any(_level(other) < _level(puzzle_id) for other in later), (
            f"{puzzle_id} is in order now: take it off the list")


def test_the_page_order_holds_every_puzzle_of_the_chapter_once() -> None:
    for chapter in CHAPTERS:
        shown = series.page_puzzle_ids(chapter)
        assert sorted(shown) == sorted(chapter.puzzle_ids), chapter.file


def _first(kind: str) -> Difficulty:
    puzzle = next(series.load(pid) for chapter in CHAPTERS for pid in chapter.puzzle_ids
                  if series.load(pid).kind == kind)
    return difficulty(puzzle)


def test_the_measure_counts_choices_as_yes_no_questions() -> None:
    """A seat of four is two yes/no questions; ticking among four or more plays, or typing a
    number, is capped at four: a long list is hard to guess, not to think about."""
    assert _first("winner").choices == 2
    assert _first("allowed").choices == MAX_CHOICE_STEPS
    assert _first("points").choices == MAX_CHOICE_STEPS


def test_the_measure_adds_its_steps_and_groups_them_in_three_levels() -> None:
    scores: dict[int, list[int]] = {1: [], 2: [], 3: []}
    for chapter in CHAPTERS:
        for pid in chapter.puzzle_ids:
            found = difficulty(series.load(pid))
            assert found.score == found.choices + found.rules + found.cards + found.tricks
            assert found.mark.count("●") == found.level and len(found.mark) == 3
            scores[found.level].append(found.score)
    assert all(scores.values()), "every level has puzzles"
    assert max(scores[1]) < min(scores[2]) and max(scores[2]) < min(scores[3])


def test_a_trick_of_several_cards_costs_more_than_a_single_card() -> None:
    single = difficulty(series.load("01-nine-beats-ace"))
    triple = difficulty(series.load("03-triple-trick"))
    assert (single.cards, triple.cards) == (0, 2)
    assert triple.score > single.score
