"""The series in another language, from one source: a catalog of translations and pages
generated from it, so that no translated page is ever edited by hand.

    python tools/course_language.py          update the catalog, write the translated pages
    python tools/course_language.py --check  exit 1 (and say where) if either is stale

The English pages in ``notebooks/`` are the source. Their text is cut into messages: each
block of a markdown cell (text between blank lines, with the glossary's hover markup taken
out) and the prose a code cell passes to the lesson calls (goals, recap, questions, captions,
the two rulebooks' texts; ``PROSE``). The catalog ``notebooks/locale/LANG.po`` (gettext's PO
format, for any translator's tool) holds each message with its translation; running this
tool adds the new ones, marks changed ones as needing a look (``fuzzy``) and drops the ones
no page uses any more.

A page whose every message has a translation that is not fuzzy is written to
``notebooks/LANG/``: the same cells with the same code, the text translated, the glossary's
terms marked in that language, links to pages not yet translated pointing at the English
ones, and a first cell that sets the language of everything the widgets and the engine say
(``lesson.language("da")``). The English page names its translations in its metadata, where
the page template finds them for the language switch. Run it after editing a page or the
catalog; running it twice changes nothing.
"""

from __future__ import annotations

import argparse
import ast
import copy
import io
import json
import re
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
from tools.glossary import GENERATED_ELSEWHERE, LIST_MARK, chapter_files, list_text  # noqa: E402
from tools.series import CHAPTER_FILE, as_lines, read, source, title_of  # noqa: E402
from worms_tutor.presentation.glossary import TERMS_IN, with_markup, without_markup  # noqa: E402

NOTEBOOKS = REPO / "notebooks"
LANGUAGES = {"da": "Danish"}
"""The languages the series is translated into (English is the source), with their names."""
METADATA_KEY = "worms_tutor"
FOR_DEVELOPERS = frozenset({"widgets-gallery.ipynb"})
"""Pages for the project's developers, not for learners: not translated."""
FIRST_DATE = datetime(2026, 12, 5, tzinfo=timezone.utc)
CORRECTIONS = "worms-tutor's issue tracker <corrections welcome>"
"""The catalogs' header dates: fixed, so that updating a catalog twice changes nothing."""

PROSE: dict[str, tuple[int | None, frozenset[str]]] = {
    "goals": (None, frozenset()),
    "recap": (None, frozenset()),
    "rulebooks": (None, frozenset()),
    "choice": (1, frozenset()),
    "HTML": (1, frozenset()),
    "cards": (0, frozenset({"caption"})),
    "trick": (0, frozenset({"caption"})),
    "compare": (0, frozenset({"caption"})),
    "printables": (0, frozenset({"caption"})),
    "rulebook_text": (0, frozenset({"english", "club"})),
}
"""For each call whose string arguments are prose: how many of its first positional arguments
are prose (``None``: all of them) and which keyword arguments are."""

BLOCK_BREAK = re.compile(r"\n[ \t]*\n+")
LETTER = re.compile(r"[^\W\d_]")
FENCE = "```"
COMMENT = re.compile(r"<!--.*?-->", re.S)
LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)")


@dataclass(frozen=True)
class Message:
    """A text to translate and the page it comes from."""

    text: str
    page: str


def blocks(markdown: str) -> list[str]:
    """A markdown text's blocks, split at blank lines (never inside a fenced code block)."""
    found: list[str] = []
    for part in BLOCK_BREAK.split(markdown.strip("\n")):
        if found and found[-1].count(FENCE) % 2 == 1:
            found[-1] += "\n\n" + part
        else:
            found.append(part)
    return found


def needs_words(block: str) -> bool:
    """Whether a block has words to translate (not only comments, rules or symbols)."""
    return bool(LETTER.search(COMMENT.sub("", block)))


def prose_literals(code: str) -> list[ast.Constant]:
    """The string literals of a code cell that are prose, in the order they appear."""
    found = []
    for node in ast.walk(ast.parse(code)):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", ""))
        if name not in PROSE:
            continue
        count, keywords = PROSE[name]
        arguments = node.args if count is None else node.args[:count]
        candidates = [*arguments, *(k.value for k in node.keywords if k.arg in keywords)]
        found += [a for a in candidates if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return sorted(found, key=lambda n: (n.lineno, n.col_offset))


def page_messages(notebook: dict[str, Any], page: str) -> list[Message]:
    """Every message of one page, in reading order."""
    found = []
    for cell in notebook["cells"]:
        text = source(cell)
        if cell["cell_type"] == "markdown" and not text.startswith(LIST_MARK):
            found += [Message(b, page) for b in blocks(without_markup(text)) if needs_words(b)]
        elif cell["cell_type"] == "code":
            found += [Message(str(n.value), page) for n in prose_literals(text)]
    return found


def english_pages(folder: Path = NOTEBOOKS) -> dict[str, dict[str, Any]]:
    """The pages for learners, by file name."""
    return {path.name: read(path) for path in sorted(folder.glob("*.ipynb"))
            if path.name not in FOR_DEVELOPERS}


def catalog_path(language: str, folder: Path = NOTEBOOKS) -> Path:
    return folder / "locale" / f"{language}.po"


def read_catalog(language: str, folder: Path = NOTEBOOKS) -> Catalog:
    path = catalog_path(language, folder)
    if not path.exists():
        return Catalog(locale=language, project="worms-tutor", version="1", domain="course",
                       creation_date=FIRST_DATE, revision_date=FIRST_DATE,
                       msgid_bugs_address=CORRECTIONS, last_translator=CORRECTIONS,
                       language_team=CORRECTIONS)
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def catalog_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=0, omit_header=False, sort_output=False,
             include_previous=True)
    return out.getvalue()


def updated_catalog(old: Catalog, messages: list[Message], language: str) -> Catalog:
    """The catalog with every current message (its translation kept) and no other; a message
    whose English changed keeps its old translation, marked fuzzy, for a translator to look at."""
    template = Catalog(locale=None, project="worms-tutor", domain="course")
    for message in messages:
        template.add(message.text, locations=[(message.page, 0)])
    new = copy.deepcopy(old)
    new.update(template, no_fuzzy_matching=False)
    new.obsolete.clear()
    new.creation_date = old.creation_date
    new.revision_date = old.revision_date
    new.fuzzy = False
    new.locale = language
    new.header_comment = HEADER.format(name=LANGUAGES[language])
    return new


HEADER = """\
# The series' pages in {name}: each message is a block of a page's text or a prose argument
# of a lesson call; tools/course_language.py updates this file and writes the translated pages.
# Keep the markdown, the links' targets and the <!-- comments --> of each message as they are.
# Corrections are welcome: edit a msgstr and send a pull request, or open an issue."""


def translation(catalog: Catalog, text: str) -> str | None:
    """The usable translation of a message: none when missing or fuzzy."""
    found = catalog.get(text)
    if found is None or found.fuzzy or not found.string:
        return None
    return str(found.string)


def problems_of(catalog: Catalog) -> list[str]:
    """Translations that would break their page: a link's target or a comment changed."""
    problems = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        english, other = str(message.id), str(message.string)
        if sorted(LINK_TARGET.findall(english)) != sorted(LINK_TARGET.findall(other)):
            problems.append(f"links differ from the English in the translation of {english[:60]!r}")
        if COMMENT.findall(english) != COMMENT.findall(other):
            problems.append(f"comments differ from the English in the translation of "
                            f"{english[:60]!r}")
    return problems


def literal(text: str, indent: int) -> str:
    """Python source for a string, cut at spaces into lines of about 88 characters."""
    width = max(40, 88 - indent)
    pieces, line = [], ""
    for word in re.split(r"(?<= )", text):
        if line and len(line) + len(word) > width:
            pieces.append(line)
            line = ""
        line += word
    pieces.append(line)
    quoted = [json.dumps(piece, ensure_ascii=False) for piece in pieces]
    return ("\n" + " " * indent).join(quoted)


def translated_code(code: str, catalog: Catalog) -> str | None:
    """A code cell with its prose translated; none when a translation is missing."""
    lines = code.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(line: int, column: int) -> int:
        return starts[line - 1] + len(lines[line - 1].encode()[:column].decode())

    out, at = [], 0
    for node in prose_literals(code):
        text = translation(catalog, str(node.value))
        if text is None:
            return None
        start = offset(node.lineno, node.col_offset)
        end = offset(node.end_lineno or node.lineno, node.end_col_offset or 0)
        out += [code[at:start], literal(text, start - starts[node.lineno - 1])]
        at = end
    return "".join(out) + code[at:]


def translated_markdown(text: str, catalog: Catalog) -> str | None:
    """A markdown cell translated block by block; none when a translation is missing."""
    out = []
    for block in blocks(without_markup(text)):
        if not needs_words(block):
            out.append(block)
            continue
        found = translation(catalog, block)
        if found is None:
            return None
        out.append(found)
    return "\n\n".join(out)


def language_cell(language: str) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "id": "page-language",
            "metadata": {}, "outputs": [],
            "source": as_lines(f'from worms_tutor.widgets import lesson\n\n'
                               f'lesson.language("{language}")')}


def translated_page(name: str, notebook: dict[str, Any], catalog: Catalog, language: str,
                    translated: set[str], folder: Path) -> dict[str, Any] | None:
    """A page in ``language`` (links to pages not in ``translated`` lead to the English ones),
    its chapters' terms marked in that language; none while any message lacks a translation."""
    page = copy.deepcopy(notebook)
    for cell in page["cells"]:
        text = source(cell)
        if cell["cell_type"] == "markdown" and text.startswith(LIST_MARK):
            new: str | None = glossary_list(catalog, language, translated, folder)
        elif cell["cell_type"] == "markdown":
            new = translated_markdown(text, catalog)
            if new is not None:
                new = LINK_TARGET.sub(lambda m: f"]({local_link(m[1], translated)})", new)
                if CHAPTER_FILE.match(name) and not new.startswith(GENERATED_ELSEWHERE):
                    new = with_markup(new, TERMS_IN[language])
        elif cell["cell_type"] == "code":
            new = translated_code(text, catalog)
        else:
            new = text
        if new is None:
            return None
        cell["source"] = as_lines(new)
    page["cells"].insert(0, language_cell(language))
    page["metadata"][METADATA_KEY] = {"language": language}
    return page


def glossary_list(catalog: Catalog, language: str, translated: set[str], folder: Path) -> str:
    """The glossary's list of terms in ``language``, linked to the chapters that teach them."""

    def link(path: Path) -> tuple[str, str]:
        title = title_of(read(path), path.stem)
        found = translation(catalog, f"# {title}")
        return (title if found is None else found.removeprefix("# "),
                local_link(path.name, translated))

    text, _problems = list_text(chapter_files(folder), language, link)
    return text


def local_link(target: str, translated: set[str]) -> str:
    """A link of a translated page: to the translated page when there is one, else up to the
    English one."""
    name = target.split("?")[0].split("#")[0]
    if "/" in target or ":" in target or not name.endswith(".ipynb") or name in translated:
        return target
    return "../" + target


def with_translations(notebook: dict[str, Any], languages: list[str]) -> dict[str, Any]:
    """An English page whose metadata names the languages it is translated into."""
    page = copy.deepcopy(notebook)
    meta = {k: v for k, v in page["metadata"].get(METADATA_KEY, {}).items()
            if k != "translations"}
    if languages:
        meta["translations"] = languages
    if meta:
        page["metadata"][METADATA_KEY] = meta
    else:
        page["metadata"].pop(METADATA_KEY, None)
    return page


@dataclass(frozen=True)
class Plan:
    """Everything this tool would write, by path, and what is left to translate."""

    files: dict[Path, bytes]
    untranslated: dict[str, dict[str, int]]
    """For each language, each English page not yet translated and how many messages it lacks."""
    problems: list[str]


def notebook_bytes(notebook: dict[str, Any]) -> bytes:
    return (json.dumps(notebook, indent=1, ensure_ascii=False) + "\n").encode()


def plan(folder: Path = NOTEBOOKS) -> Plan:
    english = english_pages(folder)
    files: dict[Path, bytes] = {}
    untranslated: dict[str, dict[str, int]] = {}
    problems: list[str] = []
    translations: dict[str, list[str]] = {name: [] for name in english}
    for language in LANGUAGES:
        messages = [m for name, page in english.items() for m in page_messages(page, name)]
        catalog = updated_catalog(read_catalog(language, folder), messages, language)
        files[catalog_path(language, folder)] = catalog_text(catalog)
        problems += [f"{catalog_path(language, folder).name}: {p}" for p in problems_of(catalog)]
        missing = {name: sum(translation(catalog, m.text) is None
                             for m in page_messages(page, name))
                   for name, page in english.items()}
        done = {name for name, count in missing.items() if count == 0}
        untranslated[language] = {name: count for name, count in missing.items() if count}
        for name in sorted(done):
            page = translated_page(name, english[name], catalog, language, done, folder)
            assert page is not None
            files[folder / language / name] = notebook_bytes(page)
            translations[name].append(language)
    for name, page in english.items():
        files[folder / name] = notebook_bytes(with_translations(page, translations[name]))
    return Plan(files, untranslated, problems)


def stale_pages(folder: Path, wanted: dict[Path, bytes]) -> list[Path]:
    """Translated pages on disk that this tool would not write (their page lost a translation)."""
    return [path for language in LANGUAGES for path in sorted((folder / language).glob("*.ipynb"))
            if path not in wanted]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check; exit 1 if the catalog or a translated page is stale")
    parser.add_argument("--folder", type=Path, default=NOTEBOOKS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    wanted = plan(args.folder)
    changed = [path for path, data in wanted.files.items()
               if not path.exists() or path.read_bytes() != data]
    extra = stale_pages(args.folder, wanted.files)
    for language, pages in wanted.untranslated.items():
        for name, count in pages.items():
            print(f"{language}: {name} lacks {count} translation(s)")
    if args.check:
        for path in [*changed, *extra]:
            print(f"{path.relative_to(args.folder)} is stale (run python tools/course_language.py)",
                  file=sys.stderr)
        for problem in wanted.problems:
            print(problem, file=sys.stderr)
        return 1 if changed or extra or wanted.problems else 0
    for path in changed:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(wanted.files[path])
        print(f"updated {path.relative_to(args.folder)}")
    for path in extra:
        path.unlink()
        print(f"removed {path.relative_to(args.folder)}")
    for problem in wanted.problems:
        print(problem, file=sys.stderr)
    return 1 if wanted.problems else 0


if __name__ == "__main__":
    sys.exit(main())
