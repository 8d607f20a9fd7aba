"""The drill (one chapter's puzzles one at a time), the final challenge, and where a learner
sees the stars: page 00's table and the line at the top of each chapter."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from worms_tutor.analysis.difficulty import difficulty
from worms_tutor.widgets import drill as drill_module
from worms_tutor.widgets import lesson, page_widgets
from worms_tutor.widgets.progress_code import encode
from worms_tutor.widgets.progress_table import chapter_line_html, progress_html
from worms_tutor.widgets.series import Chapter, chapters, load, page_puzzle_ids, puzzle_files


@pytest.fixture(autouse=True)
def fresh_page() -> Any:
    """Each test is a page view of its own: a fresh progress store and presenter switch."""
    page_widgets._ONCE.clear()
    yield
    page_widgets._ONCE.clear()


def text(markup: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def load_browser(value: str | None) -> None:
    page_widgets.store()._handle_custom_msg({"type": "loaded", "value": value, "error": None}, [])


def ids_of(number: str) -> list[str]:
    """The chapter's puzzles as its page shows them, easy to hard."""
    chapter = next(chapter for chapter in chapters() if chapter.number == number)
    return list(page_puzzle_ids(chapter))


def solve(run: drill_module.PuzzleRun) -> None:
    """Answer the puzzle shown right at the first try, whatever its kind of question, by
    trying each answer the engine accepts in the widget's own control."""
    widget = run.current
    assert widget.puzzle is not None
    verdict_answers = [widget.puzzle.check(option) for option in _options(widget)]
    right = [o for o, v in zip(_options(widget), verdict_answers, strict=True) if v.correct]
    widget.answer_control.value = right[0]
    widget.check_button.click()


def _options(widget: Any) -> list[Any]:
    return [o[1] if isinstance(o, tuple) else o for o in widget.answer_control.options]


def test_a_drill_shows_one_puzzle_of_its_chapter_and_next_moves_on() -> None:
    run = lesson.drill("10")
    ids = ids_of("10")
    assert run.puzzle_ids == ids
    assert run.slot.children == (run.current,) and run.current.puzzle.id == ids[0]
    assert f"Puzzle 1 of {len(ids)}" in text(run.header.value)
    assert "Read the chapter" in text(run.header.value)
    run.next_button.click()
    assert run.current.puzzle.id == ids[1] and len(run.slot.children) == 1
    assert f"Puzzle 2 of {len(ids)}" in text(run.header.value)


def test_a_drill_starts_at_the_first_puzzle_short_of_three_stars_and_skips_full_ones() -> None:
    ids = ids_of("10")
    run = lesson.drill("10")
    load_browser(encode(ids[:2], {ids[0]: 3, ids[1]: 2}))
    assert run.current.puzzle.id == ids[1]
    assert "your best here ★★☆" in text(run.header.value)
    run.show(len(ids) - 1)
    run.next_button.click()  # round again: the first has three stars already
    assert run.current.puzzle.id == ids[1]


def test_the_drill_reads_its_chapter_from_the_link_and_refuses_junk(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "chapter=07")
    assert lesson.drill().puzzle_ids == ids_of("07")
    monkeypatch.setenv("QUERY_STRING", "chapter=7")
    assert lesson.drill().puzzle_ids == ids_of("07")
    monkeypatch.setenv("QUERY_STRING", "chapter=%3Cscript%3E")
    junk = lesson.drill()
    top = junk.box.children[0]
    assert "which has no puzzles: choose a chapter here" in text(top.children[0].value)
    assert "<script>" not in top.children[0].value
    top.children[1].value = "05"  # the learner chooses
    assert junk.puzzle_ids == ids_of("05") and "chapter 5" in text(junk.header.value)


def test_without_a_server_query_the_drill_follows_the_browsers_link(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The static edition and a preheated kernel have no QUERY_STRING: the browser tells."""
    monkeypatch.delenv("QUERY_STRING", raising=False)
    run = lesson.drill()
    message, chooser, query = run.box.children[0].children
    query.query = "chapter=07"  # what the browser reports of drill.ipynb?chapter=07
    assert chooser.value == "07" and run.puzzle_ids == ids_of("07")
    query.query = "chapter=99"
    assert "which has no puzzles" in text(message.value) and run.puzzle_ids == ids_of("07")


def test_a_drill_serves_its_chapter_in_page_order_every_puzzle_once() -> None:
    for number in ("03", "08"):
        run = lesson.drill(number)
        assert run.puzzle_ids == ids_of(number)
        assert sorted(run.puzzle_ids) == sorted(path.stem for path in puzzle_files(number))


def test_the_challenge_takes_one_puzzle_of_every_chapter_easy_to_hard_and_keeps_score() -> None:
    run = lesson.challenge()
    numbers = [chapter.number for chapter in chapters() if chapter.puzzle_ids]
    assert sorted(pid[:2] for pid in run.puzzle_ids) == numbers
    scores = [difficulty(load(pid)).score for pid in run.puzzle_ids]
    assert scores == sorted(scores), "the challenge ramps up"
    assert scores[0] < scores[-1]
    assert run.puzzle_ids == lesson.challenge().puzzle_ids, "the same for every learner"
    assert f"Puzzle 1 of {len(numbers)} · this run: ★ 0 of {3 * len(numbers)}" in text(
        run.header.value)
    radio = next(i for i, pid in enumerate(run.puzzle_ids) if _is_radio(pid))
    run.show(radio)
    solve(run)
    assert "this run: ★ 3 of" in text(run.header.value) and "1 solved" in text(run.header.value)
    assert page_widgets.store().stars_of(run.puzzle_ids[radio]) == 3


def _is_radio(puzzle_id: str) -> bool:
    from worms_tutor.widgets.series import load

    return load(puzzle_id).kind in ("winner", "table", "legal")


def test_page_00_counts_stars_per_chapter_and_old_solves_as_one() -> None:
    listed = [Chapter("01", "The pack", "01-the-pack.ipynb", ("01-a", "01-b")),
              Chapter("02", "Leads", "02-leads.ipynb", ("02-a",))]
    markup = progress_html(listed, {"01-a", "01-b", "02-a"}, loaded=True,
                           stars={"01-a": 3, "01-b": 2})
    assert "3 of 3 puzzles solved, ★ 6 of 9" in text(markup)
    assert "★ 5 / 6" in text(markup) and "★ 1 / 3" in text(markup)  # 02-a: solved before stars
    assert "solve it again for more" in text(markup)


def test_the_top_of_a_chapter_shows_its_stars_and_links_its_drill() -> None:
    line = text(chapter_line_html("05", ["05-a", "05-b"], {"05-a"}, {"05-a": 2}, True))
    assert "1 of 2 puzzles solved, ★ 2 of 6" in line and "Drill this chapter" in line
    assert 'href="drill.ipynb?chapter=05"' in chapter_line_html("05", [], set(), {}, False)
    done = text(chapter_line_html("05", ["05-a"], {"05-a"}, {}, True))
    assert "★ 1 of 3 ✓ chapter complete" in done
    pieces = lesson.goals("a", "b", "c", chapter="05").pieces
    shown = [piece for piece in pieces if "wt-chapter-progress" in getattr(
        piece, "_dom_classes", ())]
    assert len(shown) == 1 and "reading your saved progress" in text(shown[0].value)
    ids = ids_of("05")
    load_browser(encode(ids[:1], {ids[0]: 3}))
    assert f"1 of {len(ids)} puzzles solved, ★ 3 of {3 * len(ids)}" in text(shown[0].value)


def test_the_quiz_shows_a_chapter_in_its_page_order() -> None:
    board = lesson.quiz("08").children[-1]
    assert board.puzzle_ids == ids_of("08")
