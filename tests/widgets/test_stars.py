"""Stars: how a right answer is rewarded, kept with the progress, and read from old progress."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from worms_tutor.widgets.progress import ProgressStore
from worms_tutor.widgets.progress_code import Progress, decode, decode_progress, encode
from worms_tutor.widgets.puzzle import PuzzleWidget
from worms_tutor.widgets.puzzle_renames import RENAMED
from worms_tutor.widgets.reward import NextPuzzleButton
from worms_tutor.widgets.series import puzzle_files
from worms_tutor.widgets.stars import stars_earned, tally

RADIO_PUZZLE = "10-drawing-partners"
"""A series puzzle answered by choosing one of a few options."""


class Browser:
    """Stands in for progress.js: records what Python asks it to save."""

    def __init__(self, store: ProgressStore) -> None:
        self.saved: list[Any] = []
        store.send = lambda content, buffers=None: self.saved.append(content)
        self.store = store

    def load(self, value: str | None) -> None:
        self.store._handle_custom_msg({"type": "loaded", "value": value, "error": None}, [])


def visible(widget: Any) -> str:
    """Every text a learner reads in a widget tree, tags dropped."""
    texts = []
    stack = [widget]
    while stack:
        item = stack.pop(0)
        value = getattr(item, "value", None)
        if isinstance(value, str):
            texts.append(value)
        stack.extend(getattr(item, "children", ()))
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", " ".join(texts))))


def answers(widget: PuzzleWidget) -> tuple[str, str]:
    """A right and a wrong option of a puzzle answered by a radio choice, as the engine
    judges them."""
    assert widget.puzzle is not None
    options = [o[1] if isinstance(o, tuple) else o for o in widget.answer_control.options]
    right = [o for o in options if widget.puzzle.check(o).correct]
    wrong = [o for o in options if not widget.puzzle.check(o).correct]
    return right[0], wrong[0]


def answer(widget: PuzzleWidget, value: str) -> None:
    widget.answer_control.value = value
    widget.check_button.click()


@pytest.mark.parametrize(("tries", "hints", "shown", "stars"), [
    (1, 0, False, 3), (2, 0, False, 2), (1, 1, False, 2), (3, 0, False, 1),
    (2, 1, False, 1), (1, 3, False, 1), (9, 0, False, 1), (2, 0, True, 1),
])
def test_the_star_rules(tries: int, hints: int, shown: bool, stars: int) -> None:
    assert stars_earned(tries, hints, shown) == stars


def loaded_store() -> tuple[ProgressStore, Browser]:
    store = ProgressStore()
    browser = Browser(store)
    browser.load(None)
    return store, browser


def test_a_first_try_earns_three_stars_saved_in_the_browser_and_a_next_button() -> None:
    store, browser = loaded_store()
    widget = PuzzleWidget.from_id(RADIO_PUZZLE, progress=store)
    right, _ = answers(widget)
    answer(widget, right)
    assert widget.stars == 3 and store.is_solved(RADIO_PUZZLE)
    assert "★★★ First try, no hints: 3 stars." in visible(widget)
    assert any(isinstance(child, NextPuzzleButton) for child in _tree(widget))
    again = ProgressStore()
    Browser(again).load(browser.saved[-1]["value"])  # a reload
    assert again.is_solved(RADIO_PUZZLE) and again.stars_of(RADIO_PUZZLE) == 3


def test_a_second_try_earns_two_and_the_best_is_kept() -> None:
    store, _ = loaded_store()
    first = PuzzleWidget.from_id(RADIO_PUZZLE, progress=store)
    right, wrong = answers(first)
    answer(first, right)
    later = PuzzleWidget.from_id(RADIO_PUZZLE, progress=store)  # another visit
    answer(later, wrong)
    answer(later, right)
    assert later.stars == 2 and store.stars_of(RADIO_PUZZLE) == 3
    assert "Solved at try 2: 2 stars. Your best here stays ★★★." in visible(later)


def test_a_hint_costs_one_star() -> None:
    store, _ = loaded_store()
    widget = PuzzleWidget.from_id(RADIO_PUZZLE, progress=store)
    widget.hint_button.click()
    answer(widget, answers(widget)[0])
    assert store.stars_of(RADIO_PUZZLE) == 2
    assert "with 1 hint: 2 stars" in visible(widget)


def test_a_right_answer_after_the_answer_was_shown_is_one_star_and_not_solved() -> None:
    store, _ = loaded_store()
    widget = PuzzleWidget.from_id(RADIO_PUZZLE, progress=store)
    right, wrong = answers(widget)
    answer(widget, wrong)
    assert widget.reveal_button is not None
    widget.reveal_button.click()
    answer(widget, right)
    assert widget.stars == 1 and store.stars_of(RADIO_PUZZLE) == 1
    assert not store.is_solved(RADIO_PUZZLE)
    assert "after the answer was shown: 1 star, and the puzzle stays unsolved" in visible(widget)


def test_the_last_puzzle_of_a_chapter_shows_the_banner() -> None:
    store, _ = loaded_store()
    ids = [path.stem for path in puzzle_files("10")]
    for pid in ids:
        if pid != RADIO_PUZZLE:
            store.mark_solved(pid, 3)
    widget = PuzzleWidget.from_id(RADIO_PUZZLE, progress=store)
    answer(widget, answers(widget)[0])
    text = visible(widget)
    assert f"Chapter 10 complete! All {len(ids)} puzzles solved, {3 * len(ids)} of " \
           f"{3 * len(ids)} ★." in text


def test_no_banner_while_a_puzzle_of_the_chapter_is_unsolved() -> None:
    store, _ = loaded_store()
    widget = PuzzleWidget.from_id(RADIO_PUZZLE, progress=store)
    answer(widget, answers(widget)[0])
    assert "complete" not in visible(widget)


def test_progress_stored_as_a_plain_list_of_ids_loads_as_solved_with_one_star() -> None:
    """Our choice: a puzzle solved before stars were kept shows as solved, worth one star."""
    store = ProgressStore()
    Browser(store).load('["10-who-cuts", "05-aavunga"]')
    assert store.notice == ""
    assert store.solved == {"10-who-cuts", RENAMED["05-aavunga"]}
    assert store.stars_of("10-who-cuts") is None
    counted = tally(["10-who-cuts", "10-dealt-both"], store.solved, store.best_stars)
    assert (counted.solved, counted.stars, counted.possible) == (1, 1, 6)


def test_old_codes_without_stars_and_new_codes_with_them_both_import() -> None:
    old = encode({"10-who-cuts", "06-aavunga"})
    assert decode(old) == {"10-who-cuts", RENAMED["06-aavunga"]}
    store, _ = loaded_store()
    store.mark_solved("10-dealt-both", 2)
    new = store.export_code()
    assert decode_progress(new) == Progress(frozenset({"10-dealt-both"}), {"10-dealt-both": 2})
    other, _ = loaded_store()
    assert other.import_code(old) and other.import_code(new)
    assert other.solved == {"10-who-cuts", RENAMED["06-aavunga"], "10-dealt-both"}
    assert other.stars_of("10-dealt-both") == 2
    renamed = decode_progress(encode({"06-aavunga"}, {"06-aavunga": 3}))
    assert renamed.stars == {RENAMED["06-aavunga"]: 3}


def test_stars_merge_with_progress_saved_in_another_tab() -> None:
    store, browser = loaded_store()
    store.mark_solved("10-who-cuts", 3)
    store.mark_solved("10-dealt-both", 2)
    elsewhere = encode({"10-who-cuts", "10-lus"}, {"10-who-cuts": 1, "10-lus": 2})
    store._handle_custom_msg({"type": "changed", "value": elsewhere}, [])
    assert store.stars_of("10-who-cuts") == 3 and store.stars_of("10-lus") == 2
    assert store.solved == {"10-who-cuts", "10-lus", "10-dealt-both"}
    assert decode_progress(browser.saved[-1]["value"]) == store.progress


@pytest.mark.parametrize("stars", [0, 4, "3", True])
def test_impossible_stars_are_refused(stars: Any) -> None:
    from worms_tutor import WormsError

    with pytest.raises(WormsError):
        ProgressStore().mark_solved("10-who-cuts", stars)


def _tree(widget: Any) -> list[Any]:
    found, stack = [], [widget]
    while stack:
        item = stack.pop()
        found.append(item)
        stack.extend(getattr(item, "children", ()))
    return found
