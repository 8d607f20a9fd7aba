"""The puzzles' own texts in Danish: the catalog kept in step, and a Danish page showing them."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from worms_tutor.widgets.language import language
from worms_tutor.widgets.lazy_puzzles import LazyPuzzle, preview_html
from worms_tutor.widgets.puzzle import PuzzleWidget
from worms_tutor.widgets.quiz import Quiz
from worms_tutor.widgets.series import load

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
import puzzle_language  # noqa: E402  (tools/puzzle_language.py, the catalog keeper)
from msgfmt import read_po  # noqa: E402

CATALOG = REPO / "worms_tutor" / "locale" / "da" / "LC_MESSAGES" / "puzzles.po"
PUZZLE = "00-as-many-cards"


def visible(markup: str) -> str:
    """The text a learner reads: tags dropped, entities decoded, spaces collapsed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def answer_and_show(widget: PuzzleWidget) -> str:
    """Tick the first play, Check, and Show the answer if asked: the feedback's text."""
    widget.answer_control.children[1].value = True
    widget.check_button.click()
    if widget.reveal_button is not None:
        widget.reveal_button.click()
    return visible(widget.feedback.value)


def danish(context: str) -> str:
    """The catalog's translation under ``context``."""
    (entry,) = [e for e in read_po(CATALOG) if e.context == context]
    return entry.msgstr


@pytest.fixture
def danish_page() -> Iterator[None]:
    language("da")
    yield
    language("en")


def test_the_catalog_is_in_step_with_the_puzzle_files() -> None:
    problems = puzzle_language.check(CATALOG, puzzle_language.extract())
    assert [p for p in problems if not p.endswith("has no translation")] == []


def test_every_puzzle_text_has_a_danish_translation() -> None:
    check = subprocess.run([sys.executable, str(REPO / "tools" / "puzzle_language.py"),
                            "--check"], capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stderr


def test_a_changed_english_text_is_kept_as_fuzzy_and_the_check_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    source = json.loads((REPO / "widgets" / "puzzles" / f"{PUZZLE}.json").read_text("utf-8"))
    (folder / f"{PUZZLE}.json").write_text(json.dumps(source), encoding="utf-8")
    po = tmp_path / "puzzles.po"
    po.write_text(puzzle_language.updated(CATALOG, puzzle_language.extract(folder)),
                  encoding="utf-8")
    assert puzzle_language.check(po, puzzle_language.extract(folder)) == []

    source["question"] = "North led two Nines. Which answers may East give?"
    (folder / f"{PUZZLE}.json").write_text(json.dumps(source), encoding="utf-8")
    changed = puzzle_language.extract(folder)
    assert any("English has changed" in p for p in puzzle_language.check(po, changed))
    po.write_text(puzzle_language.updated(po, changed), encoding="utf-8")
    (entry,) = [e for e in read_po(po) if e.context == f"{PUZZLE}/question"]
    assert entry.fuzzy and entry.msgstr == danish(f"{PUZZLE}/question")
    assert [p for p in puzzle_language.check(po, changed) if "fuzzy" in p] != []


def test_a_puzzle_on_a_danish_page_shows_its_danish_title_question_and_lesson(
        danish_page: None) -> None:
    widget = PuzzleWidget(PUZZLE)
    header = visible(widget.children[0].value)
    assert danish(f"{PUZZLE}/title") in header
    assert danish(f"{PUZZLE}/question") in header
    assert danish(f"{PUZZLE}/lesson") in answer_and_show(widget)
    assert danish(f"{PUZZLE}/title") in visible(preview_html(load(PUZZLE)))


def test_a_puzzle_on_an_english_page_keeps_its_english_texts() -> None:
    widget = PuzzleWidget(PUZZLE)
    puzzle = widget.puzzle
    assert puzzle is not None
    header = visible(widget.children[0].value)
    assert puzzle.title in header and puzzle.question in header
    assert danish(f"{PUZZLE}/title") not in header
    assert puzzle.lesson in answer_and_show(widget)


def test_a_text_whose_english_changed_is_shown_in_english(danish_page: None) -> None:
    source = json.loads((REPO / "widgets" / "puzzles" / f"{PUZZLE}.json").read_text("utf-8"))
    source["title"] = "A title written after the translation"
    widget = PuzzleWidget(source)
    header = visible(widget.children[0].value)
    assert "A title written after the translation" in header
    assert danish(f"{PUZZLE}/question") in header


def test_the_quiz_on_a_danish_page_asks_the_danish_question(danish_page: None) -> None:
    board = Quiz([PUZZLE], title="Kapitel 0")
    assert danish(f"{PUZZLE}/question") in visible(board.head.value)


def test_a_cached_english_preview_is_not_shown_on_a_danish_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    english = LazyPuzzle(PUZZLE).preview().html
    language("da")
    try:
        danish_preview = LazyPuzzle(PUZZLE).preview().html
    finally:
        language("en")
    assert danish(f"{PUZZLE}/title") in visible(danish_preview)
    assert danish(f"{PUZZLE}/title") not in visible(english)
