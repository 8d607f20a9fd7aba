"""The tutorial series holds together: contents and links, the lesson skeleton, the puzzles.

Every chapter ``notebooks/NN-title.ipynb`` opens with three goals (``lesson.goals``), ends with
the generated previous/next links, and shows all of its puzzles
(``widgets/puzzles/NN-<name>.json``): at least six, of at least three answer kinds, each one
loading and each stored answer confirmed by the engine.
"""

from __future__ import annotations

import ast
import importlib.util
import itertools
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from worms_tutor.analysis.puzzle import load_puzzle_file
from worms_tutor.widgets.series import puzzle_files

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
_spec = importlib.util.spec_from_file_location("worms_series_tool", REPO / "tools" / "series.py")
assert _spec and _spec.loader
series = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = series  # dataclasses look their module up there
_spec.loader.exec_module(series)

CHAPTERS = series.chapters(NOTEBOOKS)
MIN_PUZZLES = 6
MIN_KINDS = 3
PRACTICE_PAGES = ("11", "12")
"""Pages 11 and 12 are practice pages (play a match, explore positions): they keep the
skeleton (goals, recap, links) but pose no puzzles of their own. Every other chapter, the
appendix included, is a lesson."""
LESSONS = [chapter for chapter in CHAPTERS if chapter.number not in PRACTICE_PAGES]


def _params(chapters: list[Any] | None = None) -> list[Any]:
    chapters = CHAPTERS if chapters is None else chapters
    if not chapters:
        return [pytest.param(None, marks=pytest.mark.skip(reason="no chapters yet"))]
    return [pytest.param(chapter, id=chapter.file) for chapter in chapters]


def _cells(chapter: series.Chapter) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(
        (NOTEBOOKS / chapter.file).read_text(encoding="utf-8"))["cells"]
    return cells


def _calls(code: str, name: str) -> list[ast.Call]:
    """Calls of ``lesson.<name>(...)`` in a code cell."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute) and node.func.attr == name
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "lesson"]


def _literal_args(call: ast.Call) -> list[Any]:
    args: list[Any] = []
    for arg in call.args:
        value = ast.literal_eval(arg)
        args.extend(value if isinstance(value, (list, tuple)) else [value])
    return args


def test_contents_and_links_are_up_to_date() -> None:
    if not CHAPTERS:
        pytest.skip("no chapters yet")
    assert series.main(["--check"]) == 0, "run: python tools/series.py"


def test_start_page_lists_every_chapter() -> None:
    if not CHAPTERS:
        pytest.skip("no chapters yet")
    start = "".join("".join(c["source"]) for c in _cells(CHAPTERS[0]))
    assert CHAPTERS[0].file == series.START
    for chapter in CHAPTERS[1:]:
        assert f"]({chapter.file})" in start, f"{chapter.file} missing from the contents"


@pytest.mark.parametrize("chapter", _params())
def test_chapter_opens_with_three_goals(chapter: series.Chapter) -> None:
    cells = _cells(chapter)
    first_md = next(c for c in cells if c["cell_type"] == "markdown")
    assert "".join(first_md["source"]).startswith("# "), "the page starts with its title"
    first_code = next(c for c in cells if c["cell_type"] == "code")
    calls = _calls("".join(first_code["source"]), "goals")
    assert calls, f"{chapter.file}: the first code cell calls lesson.goals(...)"
    assert len(_literal_args(calls[0])) == 3, "three goals"
    assert cells.index(first_code) <= 2, "the goals come straight after the title"
    shown = {kw.arg: ast.literal_eval(kw.value) for kw in calls[0].keywords}
    if chapter.number != "00" and puzzle_files(chapter.number):  # page 00 has its table
        assert shown.get("chapter") == chapter.number, (
            f"{chapter.file}: the goals show the chapter's stars: "
            f'lesson.goals(..., chapter="{chapter.number}")')


@pytest.mark.parametrize("chapter", _params())
def test_chapter_ends_with_recap_and_links(chapter: series.Chapter) -> None:
    cells = _cells(chapter)
    last = cells[-1]
    assert last["cell_type"] == "markdown"
    assert "".join(last["source"]).startswith(series.NAV_MARK)
    code = [c for c in cells if c["cell_type"] == "code"]
    assert _calls("".join(code[-1]["source"]), "recap"), \
        f"{chapter.file}: the last code cell calls lesson.recap(...)"


_LOGIC = (ast.Call, ast.Name, ast.Attribute, ast.Lambda, ast.NamedExpr, ast.IfExp,
          ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Await)
"""What may not appear in a lesson call's arguments: those are literals (``["NS"] * 4`` is
fine), never code."""


def _plain_lesson_call(node: ast.expr) -> bool:
    """``lesson.<name>(...)`` whose arguments are literals, not code."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "lesson"
            and not any(isinstance(inner, _LOGIC)
                        for arg in [*node.args, *(keyword.value for keyword in node.keywords)]
                        for inner in ast.walk(arg)))


def _thin_statement(statement: ast.stmt) -> bool:
    """An import, a plain lesson call, or ``lesson.show(...)`` of plain lesson calls."""
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return True
    if not isinstance(statement, ast.Expr):
        return False
    call = statement.value
    if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and call.func.attr == "show" and isinstance(call.func.value, ast.Name)
            and call.func.value.id == "lesson"):
        return not call.keywords and len(call.args) >= 2 and all(
            _plain_lesson_call(arg) for arg in call.args)
    return _plain_lesson_call(call)


@pytest.mark.parametrize("chapter", _params())
def test_cells_stay_thin(chapter: series.Chapter) -> None:
    """A code cell of a chapter is a few lesson calls: every statement an import, a lesson
    call with literal arguments, or ``lesson.show(...)`` of such calls (code cells with no
    markdown between them are one cell). Only a practice page (11, 12) may build a
    widget of its own, in a cell of at most two statements."""
    practice = chapter.number in PRACTICE_PAGES
    for index, cell in enumerate(_cells(chapter)):
        if cell["cell_type"] != "code":
            continue
        statements = ast.parse("".join(cell["source"])).body
        where = f"{chapter.file} cell {index}"
        if practice and len(statements) <= 2 and not all(map(_thin_statement, statements)):
            continue
        for statement in statements:
            assert _thin_statement(statement), f"{where}: {ast.unparse(statement)[:60]!r}"
        shown = sum(isinstance(s, ast.Expr) for s in statements)
        assert shown <= 1, f"{where}: {shown} calls shown; put them in one lesson.show(...)"


def _lesson_cell(cell: dict[str, Any]) -> bool:
    """A code cell made of lesson calls only (not a practice page's own widget)."""
    return cell["cell_type"] == "code" and all(
        map(_thin_statement, ast.parse("".join(cell["source"])).body))


def test_lesson_cells_with_nothing_between_them_are_one_cell() -> None:
    """Voila spends time on every code cell, so consecutive lesson cells are merged."""
    for chapter in CHAPTERS:
        cells = _cells(chapter)
        for index, (cell, after) in enumerate(itertools.pairwise(cells)):
            assert not (_lesson_cell(cell) and _lesson_cell(after)), \
                f"{chapter.file} cells {index} and {index + 1}: merge them with lesson.show(...)"


@pytest.mark.parametrize("chapter", _params(LESSONS))
def test_chapter_puzzles_load_and_the_engine_confirms_them(chapter: series.Chapter) -> None:
    files = puzzle_files(chapter.number)
    assert len(files) >= MIN_PUZZLES, f"{chapter.file}: {len(files)} puzzles, need {MIN_PUZZLES}"
    kinds = set()
    for path in files:
        puzzle = load_puzzle_file(path)  # validates; checks `expected` against the engine
        assert puzzle.id == path.stem, f"{path.name}: id must be the file name"
        assert puzzle.chapter == int(chapter.number), f"{path.name}: chapter field"
        assert puzzle.expected, f"{path.name}: store the answer in `expected`"
        for answer in puzzle.expected:
            assert puzzle.check(answer).correct, f"{path.name}: {answer} is not correct"
        kinds.add(puzzle.kind)
    assert len(kinds) >= MIN_KINDS, f"{chapter.file}: answer kinds {sorted(kinds)}"


@pytest.mark.parametrize("chapter", _params())
def test_chapter_shows_all_its_puzzles(chapter: series.Chapter) -> None:
    ids = {path.stem for path in puzzle_files(chapter.number)}
    shown: set[str] = set()
    for cell in _cells(chapter):
        if cell["cell_type"] != "code":
            continue
        code = "".join(cell["source"])
        for call in _calls(code, "puzzle"):
            shown.update(_literal_args(call))
        for call in _calls(code, "puzzles"):
            for item in _literal_args(call):
                if str(item).isdigit():
                    shown.update(p.stem for p in puzzle_files(item))
                else:
                    shown.add(item)
    assert ids <= shown, f"{chapter.file}: puzzles not shown: {sorted(ids - shown)}"
    assert shown <= ids | {p.stem for p in puzzle_files()}, "unknown puzzle shown"


def test_puzzle_files_belong_to_a_chapter() -> None:
    numbers = {chapter.number for chapter in CHAPTERS}
    for path in puzzle_files():
        number = re.match(r"\d\d", path.name)
        assert number and number[0] in numbers, f"{path.name}: no chapter {path.name[:2]}"


def test_an_installed_package_finds_the_chapters_in_its_copy_of_the_course(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The static edition's Python (in the browser) has the package, not the repository, and
    its current folder holds no notebooks: the drill, the quiz and the progress table list
    the chapters from the package's copy of the course (worms_tutor/course)."""
    from worms_tutor.widgets import series as installed

    package = tmp_path / "worms_tutor"
    shutil.copytree(NOTEBOOKS, package / "course", ignore=shutil.ignore_patterns("da"))
    monkeypatch.chdir(tmp_path)
    listed = installed.chapters(installed.notebooks_folder(package))
    assert [chapter.title for chapter in listed] == [c.title for c in CHAPTERS]
    assert installed.notebooks_folder() == NOTEBOOKS  # in the repository, its notebooks/
