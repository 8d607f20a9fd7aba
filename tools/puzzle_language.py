"""Keep the puzzles' catalogs in step with the puzzle files' texts.

A learner reads each puzzle's title, question and lesson (widgets/puzzles/*.json); they are
the "puzzles" domain's messages: msgctxt "<puzzle id>/<field>", msgid the English. This script
gathers them in the course's order (chapter, then id) and updates each
worms_tutor/locale/<lang>/LC_MESSAGES/puzzles.po: new texts are added untranslated, texts of
puzzles no longer shipped are dropped, translations are kept, and a translation whose English
has changed is kept but marked fuzzy (with the old English above it) until someone reads it.

    python tools/puzzle_language.py            # update the .po files
    python tools/puzzle_language.py --check    # fail if a text lacks a translation, one is
                                               # fuzzy, or a .po is stale
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from msgfmt import LOCALE, Entry, read_po

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "widgets" / "puzzles"
DOMAIN = "puzzles"
FIELDS = ("title", "question", "lesson")
"""The fields of a puzzle file that a learner reads (every other word comes from the engine)."""
LISTS = ("hints",)
"""Fields holding a list of texts, one message each (…/hints/0); none is authored yet."""
HEADER = """\
# Danish catalog of worms-tutor's puzzles: each puzzle's title, question and lesson
# (widgets/puzzles/*.json), msgctxt "<puzzle id>/<field>". Update with
# `python tools/puzzle_language.py`; `make catalogs` compiles it.
#
# Our decisions, kept in every translation (as in worms_tutor.po):
# - Seats by word: Nord, Øst, Syd, Vest (Nord-Syd, Øst-Vest).
# - Cards keep the notation (K♥, J♣, 3♦); a sentence naming a card by name says it in Danish
#   ("hjerter konge").
# - A title never gives the answer away.
#
# Corrections from Danish and Greenlandic speakers are welcome: open an issue, or a pull
# request that edits this file."""


def extract(folder: Path = PUZZLES) -> list[Entry]:
    """The texts of the puzzle files, in the course's order (chapter, then id)."""
    puzzles = [json.loads(path.read_text(encoding="utf-8")) for path in folder.glob("*.json")]
    entries = []
    for puzzle in sorted(puzzles, key=lambda p: (int(p.get("chapter", 0)), str(p["id"]))):
        where = f"#: widgets/puzzles/{puzzle['id']}.json"
        for field in FIELDS:
            if puzzle.get(field):
                entries.append(Entry(str(puzzle[field]), context=f"{puzzle['id']}/{field}",
                                     comments=[where]))
        for field in LISTS:
            for number, text in enumerate(puzzle.get(field) or ()):
                entries.append(Entry(str(text), context=f"{puzzle['id']}/{field}/{number}",
                                     comments=[where]))
    return entries


def updated(po: Path, messages: list[Entry]) -> str:
    """The text of ``po`` brought in step with ``messages``: translations kept, a translation
    whose English changed kept as fuzzy."""
    old = read_po(po) if po.exists() else []
    header = next((e for e in old if e.msgid == ""), None)
    by_context = {e.context: e for e in old if e.msgid}
    lines = [*(header.comments if header else HEADER.splitlines()), 'msgid ""',
             f"msgstr {_quote(header.msgstr if header else _header_msgstr(po))}", ""]
    for message in messages:
        kept = by_context.get(message.context)
        fuzzy = kept is not None and (kept.fuzzy or kept.msgid != message.msgid)
        notes = [c for c in (kept.comments if kept else []) if not c.startswith(("#:", "#|"))]
        lines += notes + message.comments
        if fuzzy and kept is not None:
            lines.append("#, fuzzy")
            was = next((c for c in kept.comments if c.startswith("#| msgid ")), None)
            lines.append(was if kept.msgid == message.msgid and was else
                         f"#| msgid {_quote(kept.msgid)}")
        lines += [f"msgctxt {_quote(message.context or '')}", f"msgid {_quote(message.msgid)}",
                  f"msgstr {_quote(kept.msgstr if kept else '')}", ""]
    return "\n".join(lines)


def check(po: Path, messages: list[Entry]) -> list[str]:
    """What is wrong with one catalog against the puzzle files."""
    name = po.relative_to(ROOT) if po.is_relative_to(ROOT) else po
    if not po.exists():
        return [f"{name} is missing (run python tools/puzzle_language.py)"]
    entries = {e.context: e for e in read_po(po) if e.msgid}
    problems = []
    for message in messages:
        entry = entries.get(message.context)
        label = f"{name}: {message.context}"
        if entry is None:
            problems.append(f"{label} is missing (run python tools/puzzle_language.py)")
        elif entry.msgid != message.msgid:
            problems.append(f"{label}: the English has changed (run python "
                            "tools/puzzle_language.py, then check the fuzzy translation)")
        elif entry.fuzzy:
            problems.append(f"{label}: the translation is fuzzy (the English changed)")
        elif not entry.msgstr:
            problems.append(f"{label} has no translation")
    known = {m.context for m in messages}
    problems += [f"{name}: {context} is no longer used (run python tools/puzzle_language.py)"
                 for context in entries if context not in known]
    if not problems and po.read_text(encoding="utf-8") != updated(po, messages):
        problems.append(f"{name} is out of order or stale (run python "
                        "tools/puzzle_language.py)")
    return problems


def _header_msgstr(po: Path) -> str:
    return f"Content-Type: text/plain; charset=UTF-8\nLanguage: {po.parent.parent.name}\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def catalogs(locale: Path = LOCALE) -> list[Path]:
    """Every language's puzzles catalog (there is one wherever the engine has one)."""
    return [po.with_name(f"{DOMAIN}.po")
            for po in sorted(locale.glob("*/LC_MESSAGES/worms_tutor.po"))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; fail if a catalog is incomplete or stale")
    args = parser.parse_args()
    messages = extract()
    problems: list[str] = []
    for po in catalogs():
        if args.check:
            problems += check(po, messages)
        else:
            po.write_text(updated(po, messages), encoding="utf-8")
    for problem in problems:
        print(problem, file=sys.stderr)
    if args.check and problems:
        print(f"{len(problems)} problems", file=sys.stderr)
    if not args.check:
        names = ", ".join(str(p.relative_to(ROOT)) for p in catalogs())
        print(f"{len(messages)} texts; updated {names}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
