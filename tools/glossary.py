"""Give the game's terms their definitions on hover in the chapters, and write the glossary.

    python tools/glossary.py          rewrite the markdown of notebooks/*.ipynb
    python tools/glossary.py --check  exit 1 (and say where) if any markup is missing or stale

The terms, their definitions and the chapters that teach them live in
``worms_tutor/presentation/glossary.py``. In every chapter (``NN-title.ipynb``) the first use
of each term in a markdown cell is wrapped in ``<abbr class="wt-term" title="definition">``;
code cells, headings, links, inline code, HTML and the cells written by ``tools/series.py``
are left alone. On ``glossary.ipynb`` the cell that starts with ``<!-- glossary:list -->``
becomes the list of every term with its definition and a link to its chapter (``--check``
fails without it). Run it after editing a chapter's prose or a term; running it twice
changes nothing. Only markdown cells whose text changes are rewritten.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
from tools.series import CHAPTER_FILE, as_lines, read, source, title_of, write  # noqa: E402
from worms_tutor.presentation.glossary import TERMS_IN, with_markup  # noqa: E402

NOTEBOOKS = REPO / "notebooks"
GLOSSARY = "glossary.ipynb"
LIST_MARK = "<!-- glossary:list -->"
GENERATED_ELSEWHERE = "<!-- series:"
"""Cells that tools/series.py writes: contents and previous/next links."""


def chapter_files(folder: Path) -> dict[str, Path]:
    """Each chapter's number and file, in course order."""
    found = {}
    for path in sorted(folder.glob("*.ipynb")):
        match = CHAPTER_FILE.match(path.name)
        if match:
            found[match[1]] = path
    return found


HEADINGS = {"en": ("term", "what it means", "taught in", "chapter"),
            "da": ("ord", "betydning", "lært i", "kapitel")}
"""The list's column headings, and the word for a chapter, in each language."""


def list_text(chapters: dict[str, Path], language: str = "en",
              link: Callable[[Path], tuple[str, str]] | None = None) -> tuple[str, list[str]]:
    """The glossary's list (every term, its definition, a link to its chapter), and the terms
    whose chapter does not exist; ``link`` gives a chapter's title and address in
    ``language`` (by default the English page's title and file)."""
    term_word, meaning, taught, chapter_word = HEADINGS[language]
    lines = [LIST_MARK, f"| {term_word} | {meaning} | {taught} |", "|---|---|---|"]
    problems = []
    for item in sorted(TERMS_IN[language], key=lambda t: t.name.lower()):
        path = chapters.get(item.chapter)
        if path is None:
            problems.append(f"{GLOSSARY}: term {item.name!r} is taught in chapter "
                            f"{item.chapter}, which does not exist")
            where = f"{chapter_word} {int(item.chapter)}"
        else:
            title, address = (link or _english_link)(path)
            number = "" if item.chapter == "00" else f"{int(item.chapter)}. "
            where = f"[{number}{title}]({address})"
        lines.append(f"| **{item.name}** | {item.definition} | {where} |")
    return "\n".join(lines), problems


def _english_link(path: Path) -> tuple[str, str]:
    return title_of(read(path), path.stem), path.name


def marked(notebook: dict[str, Any]) -> bool:
    """Give each prose cell of a chapter its term markup; True if any cell changed."""
    changed = False
    for cell in notebook["cells"]:
        text = source(cell)
        if cell["cell_type"] != "markdown" or text.startswith(GENERATED_ELSEWHERE):
            continue
        new = with_markup(text)
        if new != text:
            cell["source"] = as_lines(new)
            changed = True
    return changed


def listed(notebook: dict[str, Any], text: str) -> tuple[bool, list[str]]:
    """Write the glossary list into its cell; True if it changed, and the problems."""
    cells = [c for c in notebook["cells"]
             if c["cell_type"] == "markdown" and source(c).startswith(LIST_MARK)]
    if len(cells) != 1:
        return False, [f"{GLOSSARY}: {len(cells)} markdown cells start with {LIST_MARK}; "
                       "keep exactly one"]
    if source(cells[0]) == text:
        return False, []
    cells[0]["source"] = as_lines(text)
    return True, []


def expected(folder: Path = NOTEBOOKS) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """The notebooks whose markup or list is out of date, as they should be, and the
    problems that writing cannot fix."""
    chapters = chapter_files(folder)
    stale: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for path in chapters.values():
        notebook = read(path)
        if marked(notebook):
            stale[path.name] = notebook
    page = folder / GLOSSARY
    if not page.is_file():
        problems.append(f"{GLOSSARY} is missing")
    else:
        text, missing = list_text(chapters)
        problems += missing
        notebook = read(page)
        changed, wrong = listed(notebook, text)
        problems += wrong
        if changed:
            stale[GLOSSARY] = notebook
    return stale, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check; exit 1 if any term markup or the glossary is stale")
    parser.add_argument("--folder", type=Path, default=NOTEBOOKS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    stale, problems = expected(args.folder)
    if args.check:
        problems += [f"{name}: glossary terms or list are stale (run python tools/glossary.py)"
                     for name in stale]
    else:
        for name, notebook in stale.items():
            write(args.folder / name, notebook)
            print(f"updated {name}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
