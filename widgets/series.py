"""The series: its chapters (``notebooks/NN-title.ipynb``) and their puzzle files.

Puzzles of chapter NN live in ``widgets/puzzles/NN-<name>.json``, one puzzle per file, the
puzzle's ``id`` equal to the file name without ``.json``.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from worms_tutor.values.errors import WormsError

from .language import current

if TYPE_CHECKING:
    from worms_tutor.analysis.puzzle import Puzzle

PUZZLES = Path(__file__).with_name("puzzles")
"""The puzzle folder; the series' files are ``NN-<name>.json``."""

PUZZLE_FILE = re.compile(r"^(\d\d)-[a-z0-9]+(?:-[a-z0-9]+)*\.json$")
CHAPTER_FILE = re.compile(r"^(\d\d)-[a-z0-9]+(?:-[a-z0-9]+)*\.ipynb$")


@dataclass(frozen=True)
class Chapter:
    """One notebook of the series and the ids of its puzzles."""

    number: str
    title: str
    file: str
    puzzle_ids: tuple[str, ...]


HOME = Path(__file__).resolve().parents[1]
"""The repository, or in an installed package the ``worms_tutor`` folder."""


def notebooks_folder(home: Path = HOME) -> Path:
    """The series folder: the repository's ``notebooks/``; in an installed package (the
    static edition's browser among them), its copy ``worms_tutor/course/``; else the
    current folder."""
    for folder in (home / "notebooks", home / "course"):
        if folder.is_dir():
            return folder
    return Path.cwd()


def notebook_title(path: Path) -> str:
    """The text of the first ``# `` heading of a notebook."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for cell in data.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        source = "".join(cell.get("source", []))
        for line in source.splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return path.stem


def puzzle_files(chapter: str | int | None = None) -> list[Path]:
    """The series' puzzle files, of one chapter (``"03"``) or of all, in name order."""
    number = None if chapter is None else f"{int(chapter):02d}"
    found = []
    for path in sorted(PUZZLES.glob("*.json")):
        match = PUZZLE_FILE.match(path.name)
        if match and (number is None or match[1] == number):
            found.append(path)
    return found


def chapters(folder: Path | None = None) -> list[Chapter]:
    """Every ``NN-title.ipynb`` of the series with its title and puzzle ids; on a translated
    page the title of the translated chapter (``notebooks/da/``) where there is one."""
    folder = folder or notebooks_folder()
    translated = folder / current()
    result = []
    for path in sorted(folder.glob("*.ipynb")):
        match = CHAPTER_FILE.match(path.name)
        if match:
            ids = tuple(p.stem for p in puzzle_files(match[1]))
            titled = translated / path.name
            title = notebook_title(titled if current() != "en" and titled.is_file() else path)
            result.append(Chapter(match[1], title, path.name, ids))
    return result


def page_puzzle_ids(chapter: Chapter, folder: Path | None = None) -> tuple[str, ...]:
    """The puzzles a chapter's page shows, in page order: the ids of its ``lesson.puzzle(...)``
    and ``lesson.puzzles(...)`` calls (``lesson.puzzles("03")``: the chapter's files)."""
    path = (folder or notebooks_folder()) / chapter.file
    shown: list[str] = []
    for cell in json.loads(path.read_text(encoding="utf-8")).get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        try:
            tree = ast.parse("".join(cell.get("source", [])))
        except SyntaxError:
            continue
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Attribute)
                 and node.func.attr in ("puzzle", "puzzles")
                 and isinstance(node.func.value, ast.Name) and node.func.value.id == "lesson"]
        for call in sorted(calls, key=lambda node: (node.lineno, node.col_offset)):
            for arg in call.args:
                if not isinstance(arg, ast.Constant) or not isinstance(arg.value, str):
                    continue
                if arg.value.isdigit():
                    shown += [found.stem for found in puzzle_files(arg.value)]
                else:
                    shown.append(arg.value)
    return tuple(dict.fromkeys(shown))


def chapter_puzzle_ids(number: str) -> list[str]:
    """A chapter's puzzles in the order of its page (easy to hard), for the drill and the
    quiz; a puzzle file the page does not show comes last."""
    found = [chapter for chapter in chapters() if chapter.number == number]
    shown = list(page_puzzle_ids(found[0])) if found else []
    return shown + [path.stem for path in puzzle_files(number) if path.stem not in shown]


def puzzle_path(puzzle_id: str) -> Path:
    """The file of the series' puzzle ``puzzle_id``; an error if there is none."""
    path = PUZZLES / f"{puzzle_id}.json"
    if not PUZZLE_FILE.match(path.name) or not path.is_file():
        raise WormsError(f"no puzzle {puzzle_id!r} in the series (files NN-name.json)")
    return path


@cache
def load(puzzle_id: str) -> Puzzle:
    """The puzzle of ``widgets/puzzles/<id>.json``, validated by the engine."""
    from worms_tutor.analysis.puzzle import load_puzzle_file

    return load_puzzle_file(puzzle_path(puzzle_id))


@cache
def load_to_show(puzzle_id: str) -> Puzzle:
    """The puzzle as its preview shows it: its file and position checked, its answers not yet
    worked out (``load`` does that, when the puzzle comes alive)."""
    from worms_tutor.analysis.puzzle import load_puzzle_file

    return load_puzzle_file(puzzle_path(puzzle_id), check_answers=False)
