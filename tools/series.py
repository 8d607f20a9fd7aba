"""Generate the series' table of contents and the previous/next links, so they never rot.

    python tools/series.py          rewrite them in notebooks/*.ipynb
    python tools/series.py --check  exit 1 (and say where) if any is missing or stale

The chapters are the notebooks named ``NN-title.ipynb``; a chapter's title is the first
``# `` heading of the notebook. Two kinds of markdown cells are generated:

- on ``00-start-here.ipynb``, the cell that starts with ``<!-- series:toc -->``: one line
  per chapter, linked, then a "Reference" list of the reference pages that exist
  (``summary.ipynb``, the one-page summary; ``glossary.ipynb``, the glossary;
  ``teachers.ipynb``, the teacher's guide), then a
  "Practice" list of the practice pages that exist (``drill.ipynb``, a chapter's puzzles one
  at a time; ``challenge.ipynb``, the final challenge; ``quiz.ipynb``, a chapter's puzzles for a
  projector) (the author places this cell;
  ``--check`` fails without it);
- at the end of every chapter, the cell that starts with ``<!-- series:nav -->``: links to
  the previous chapter, the contents and the next chapter (appended when missing); in
  chapter 05, after the first chapters, and in the last chapter also a link to the one-page
  summary, when it exists; in the last chapter also the final challenge, when it exists.

Run it after adding, renaming or retitling a chapter or a reference page. Only those cells
are touched; the rest of each notebook is written back as it was (nbformat's one-space JSON
indent).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
START = "00-start-here.ipynb"
CHAPTER_FILE = re.compile(r"^(\d\d)-[a-z0-9]+(?:-[a-z0-9]+)*\.ipynb$")
TOC_MARK = "<!-- series:toc -->"
NAV_MARK = "<!-- series:nav -->"
SUMMARY = "summary.ipynb"
REFERENCE = ((SUMMARY, "One-page summary"), ("glossary.ipynb", "Glossary"),
             ("teachers.ipynb", "For teachers"))
"""The reference pages (file, title) the contents list when they exist; they are not chapters."""
CHALLENGE = "challenge.ipynb"
PRACTICE = (("drill.ipynb", "Drill a chapter, one puzzle at a time"), (CHALLENGE, "Final challenge"),
            ("quiz.ipynb", "Quiz for the room, on a projector"))
"""The practice pages (file, title) the contents list when they exist; they are not chapters."""
SUMMARY_AFTER = "05"
"""The chapter after which a learner has met enough of the game to use the summary."""


@dataclass(frozen=True)
class Chapter:
    number: str
    title: str
    file: str


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write(path: Path, notebook: dict[str, Any]) -> None:
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def source(cell: dict[str, Any]) -> str:
    text = cell.get("source", "")
    return text if isinstance(text, str) else "".join(text)


def as_lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + [lines[-1]]


def title_of(notebook: dict[str, Any], fallback: str) -> str:
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in source(cell).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


def chapters(folder: Path = NOTEBOOKS) -> list[Chapter]:
    found = []
    for path in sorted(folder.glob("*.ipynb")):
        match = CHAPTER_FILE.match(path.name)
        if match:
            found.append(Chapter(match[1], title_of(read(path), path.stem), path.name))
    return found


def references(folder: Path = NOTEBOOKS) -> list[tuple[str, str]]:
    """The reference pages (file, title) that exist in ``folder``."""
    return [(file, title) for file, title in REFERENCE if (folder / file).exists()]


def practice(folder: Path = NOTEBOOKS) -> list[tuple[str, str]]:
    """The practice pages (file, title) that exist in ``folder``."""
    return [(file, title) for file, title in PRACTICE if (folder / file).exists()]


def toc_text(listed: list[Chapter], pages: list[tuple[str, str]] | None = None,
             drills: list[tuple[str, str]] | None = None) -> str:
    lines = [TOC_MARK, "## Contents", ""]
    for chapter in listed:
        if chapter.file == START:
            continue
        lines.append(f"{int(chapter.number)}. [{chapter.title}]({chapter.file})")
    if pages:
        lines += ["", "### Reference", ""]
        lines += [f"- [{title}]({file})" for file, title in pages]
    if drills:
        lines += ["", "### Practice", ""]
        lines += [f"- [{title}]({file})" for file, title in drills]
    return "\n".join(lines)


def nav_text(listed: list[Chapter], index: int, summary: bool = False,
             challenge: bool = False) -> str:
    """The links under a chapter; with ``summary``, in chapter 05 and the last chapter, also
    the one-page summary; with ``challenge``, in the last chapter, the final challenge."""
    parts = []
    if index > 0:
        before = listed[index - 1]
        parts.append(f"← Previous: [{before.title}]({before.file})")
    if listed[index].file != START:
        parts.append(f"[Contents]({START})")
    if index + 1 < len(listed):
        after = listed[index + 1]
        parts.append(f"Next: [{after.title}]({after.file}) →")
    lines = [NAV_MARK, "---", "", " · ".join(parts)]
    here = listed[index]
    if summary and (here.number == SUMMARY_AFTER or index == len(listed) - 1):
        lines += ["", f"The whole game on one page, to keep at hand or print: "
                      f"[One-page summary]({SUMMARY})"]
    if challenge and index == len(listed) - 1:
        lines += ["", f"Test yourself on every chapter: [Final challenge]({CHALLENGE})"]
    return "\n".join(lines)


def markdown_cell(text: str, cell_id: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": as_lines(text)}


def expected(folder: Path = NOTEBOOKS) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Each chapter's notebook with the generated cells up to date, and the problems that
    cannot be fixed by writing (a start page without a contents cell)."""
    listed = chapters(folder)
    pages = references(folder)
    summary = (SUMMARY, REFERENCE[0][1]) in pages
    drills = practice(folder)
    challenge = any(file == CHALLENGE for file, _title in drills)
    result: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for index, chapter in enumerate(listed):
        notebook = read(folder / chapter.file)
        cells = notebook["cells"]
        if chapter.file == START:
            tocs = [c for c in cells if c["cell_type"] == "markdown"
                    and source(c).startswith(TOC_MARK)]
            if not tocs:
                problems.append(f"{START}: no markdown cell starting with {TOC_MARK}")
            for cell in tocs:
                cell["source"] = as_lines(toc_text(listed, pages, drills))
        navs = [c for c in cells if c["cell_type"] == "markdown" and source(c).startswith(NAV_MARK)]
        cells[:] = [c for c in cells if not (c["cell_type"] == "markdown"
                                             and source(c).startswith(NAV_MARK))]
        cells.append(markdown_cell(nav_text(listed, index, summary, challenge), "series-nav"))
        if len(navs) > 1:
            problems.append(f"{chapter.file}: {len(navs)} navigation cells; keep one")
        result[chapter.file] = notebook
    return result, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check; exit 1 if a contents or navigation cell is stale")
    parser.add_argument("--folder", type=Path, default=NOTEBOOKS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    wanted, problems = expected(args.folder)
    if not wanted:
        print(f"no chapters (NN-title.ipynb) in {args.folder}", file=sys.stderr)
        return 1
    stale = [name for name, notebook in wanted.items()
             if read(args.folder / name) != notebook]
    if args.check:
        for name in stale:
            problems.append(f"{name}: contents or previous/next links are stale "
                            "(run python tools/series.py)")
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    for name in stale:
        write(args.folder / name, wanted[name])
        print(f"updated {name}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
