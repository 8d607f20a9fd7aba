"""Keep the catalogs in step with the engine's messages.

Every ``Message("English template", ...)``, ``N_("English")`` and
``in_context("seat", "N")`` in worms_tutor/ is a message of the engine's domain
("worms_tutor"), and every ``say("English", ...)``, ``say_in(lang, "English", ...)``,
``said_as("context", "English")`` and ``N_("English")`` in widgets/ one of the widgets'
domain ("widgets"); this script gathers them (Python's ast, standard library only) and updates
each worms_tutor/locale/<lang>/LC_MESSAGES/<domain>.po: new messages are added untranslated,
messages no longer in the code are dropped, translations are kept.

    python tools/messages.py            # update the .po files
    python tools/messages.py --check    # fail if a message lacks a translation, a
                                        # translation's placeholders differ, or a .po is stale
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

from msgfmt import LOCALE, Entry, read_po

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "worms_tutor"
WIDGETS = ROOT / "widgets"
MARKERS = ("Message", "N_", "in_context")
WIDGET_MARKERS = ("say", "say_in", "said_as", "N_")
DOMAINS: dict[str, tuple[Path, tuple[str, ...]]] = {
    "worms_tutor": (ENGINE, MARKERS),
    "widgets": (WIDGETS, WIDGET_MARKERS),
}
"""Each gettext domain: the code its messages live in and the calls that mark them."""
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}|%\((\w+)\)[sdr]")


def extract(root: Path = ENGINE, markers: tuple[str, ...] = MARKERS) \
        -> tuple[list[Entry], list[str]]:
    """The messages in the code under ``root`` (the engine's by default), in order of first
    appearance, and the problems found (a message written as an f-string cannot be
    translated)."""
    found: dict[tuple[str | None, str], Entry] = {}
    first_seen: dict[tuple[str | None, str], tuple[str, int]] = {}
    problems: list[str] = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args and _name(node.func) in markers):
                continue
            if _name(node.func) == "say_in":
                node.args = node.args[1:]  # say_in(lang, "English", ...)
                if not node.args:
                    continue
            context = None
            if _name(node.func) in ("in_context", "said_as") and len(node.args) >= 2:
                if isinstance(node.args[0], ast.Constant):
                    context = str(node.args[0].value)
                node.args = node.args[1:]
            first = node.args[0]
            if isinstance(first, ast.JoinedStr):
                problems.append(f"{where}:{node.lineno}: an f-string cannot be translated: "
                                "name its values instead ({seat} …)")
                continue
            for text in _texts(first):  # none: a word chosen at run time, listed elsewhere
                entry = found.setdefault((context, text), Entry(text, context=context))
                entry.comments.append(f"#: {where}:{node.lineno}")
                first_seen[entry.key] = min(first_seen.get(entry.key, (str(where), node.lineno)),
                                            (str(where), node.lineno))
    ordered = sorted(found.values(), key=lambda e: first_seen[e.key])
    return ordered, problems


def _texts(node: ast.expr) -> list[str]:
    """The English texts a marker's first argument can be: a string, or either string of a
    conditional (``say("a match" if one else "{n} matches", n=n)``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _texts(node.body) + _texts(node.orelse)
    return []


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def placeholders(text: str) -> set[str]:
    """The named places of a template: {seat}, %(x)s."""
    return {a or b for a, b in PLACEHOLDER.findall(text.replace("{{", "").replace("}}", ""))}


def check(po: Path, messages: list[Entry]) -> list[str]:
    """What is wrong with one catalog against the code's messages."""
    entries = {e.key: e for e in read_po(po) if e.msgid}
    name = po.relative_to(ROOT) if po.is_relative_to(ROOT) else po
    problems = []
    for message in messages:
        entry = entries.get(message.key)
        label = f"{name}: {message.msgid!r}"
        if entry is None:
            problems.append(f"{label} is missing (run python tools/messages.py)")
        elif not entry.msgstr or entry.fuzzy:
            problems.append(f"{label} has no translation")
        elif placeholders(entry.msgstr) != placeholders(message.msgid):
            problems.append(f"{label}: the translation's placeholders "
                            f"{sorted(placeholders(entry.msgstr))} differ from "
                            f"{sorted(placeholders(message.msgid))}")
    known = {m.key for m in messages}
    problems += [f"{name}: {key[1]!r} is no longer used (run python "
                 "tools/messages.py)" for key in entries if key not in known]
    return problems


def update(po: Path, messages: list[Entry]) -> None:
    """Rewrite ``po`` with the code's messages, keeping its header and translations."""
    old = read_po(po) if po.exists() else []
    header = next((e for e in old if e.msgid == ""), Entry("", "Content-Type: text/plain; "
                                                               "charset=UTF-8\n"))
    translated = {e.key: e for e in old if e.msgid}
    lines = [*header.comments, 'msgid ""', f"msgstr {_quote(header.msgstr)}", ""]
    for message in messages:
        kept = translated.get(message.key)
        lines += [c for c in (kept.comments if kept else []) if not c.startswith("#:")]
        lines += message.comments
        if kept and kept.fuzzy:
            lines.append("#, fuzzy")
        if message.context:
            lines.append(f"msgctxt {_quote(message.context)}")
        lines += [f"msgid {_quote(message.msgid)}",
                  f"msgstr {_quote(kept.msgstr if kept else '')}", ""]
    po.write_text("\n".join(lines), encoding="utf-8")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; fail if a catalog is incomplete or stale")
    args = parser.parse_args()
    problems: list[str] = []
    for domain, (root, markers) in DOMAINS.items():
        messages, found = extract(root, markers)
        problems += found
        catalogs = sorted(LOCALE.glob(f"*/LC_MESSAGES/{domain}.po"))
        if not args.check:
            for lang in sorted(p.name for p in LOCALE.iterdir() if p.is_dir()):
                catalogs.append(LOCALE / lang / "LC_MESSAGES" / f"{domain}.po")
            catalogs = sorted(set(catalogs))
        for po in catalogs:
            if args.check:
                problems += check(po, messages)
            else:
                update(po, messages)
        if not args.check:
            names = ", ".join(str(p.relative_to(ROOT)) for p in catalogs)
            print(f"{len(messages)} messages; updated {names}")
        elif not catalogs:
            problems.append(f"no catalog of the {domain} domain in {LOCALE.relative_to(ROOT)}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
