"""Compile the gettext catalogs: each worms_tutor/locale/*/LC_MESSAGES/*.po to its .mo.

Standard library only, so the package build (setup.py), `make catalogs` and a fresh clone need
nothing installed. Reads the .po subset we write (msgctxt, msgid, msgstr, "#," flags); fuzzy
entries are left out, as GNU msgfmt does.

    python tools/msgfmt.py            # compile every catalog beside its .po
"""

from __future__ import annotations

import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOCALE = Path(__file__).resolve().parent.parent / "worms_tutor" / "locale"


@dataclass
class Entry:
    """One catalog entry: the English msgid, its translation, and the lines above it."""

    msgid: str
    msgstr: str = ""
    context: str | None = None
    comments: list[str] = field(default_factory=list)
    fuzzy: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file, the header (msgid "") first."""
    entries: list[Entry] = []
    comments: list[str] = []
    fields: dict[str, str] = {}
    last = ""

    def finish() -> None:
        if "msgid" in fields:
            flags = " ".join(c[2:] for c in comments if c.startswith("#,"))
            entries.append(Entry(fields["msgid"], fields.get("msgstr", ""), fields.get("msgctxt"),
                                 [c for c in comments if not c.startswith("#,")],
                                 "fuzzy" in flags))
        comments.clear()
        fields.clear()

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            if "msgid" in fields:
                finish()
            comments.append(line)
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            keyword, rest = last, line
        elif keyword in ("msgctxt", "msgid") and "msgid" in fields:
            finish()
        if keyword not in ("msgctxt", "msgid", "msgstr") or not rest.startswith('"'):
            raise ValueError(f"{path}:{number}: cannot read {line!r}")
        fields[keyword] = fields.get(keyword, "") + ast.literal_eval(rest)
        last = keyword
    finish()
    return entries


def write_mo(entries: list[Entry], path: Path) -> None:
    """Write the translated entries (and the header) as a GNU .mo file."""
    pairs = sorted(
        ((f"{e.context}\x04{e.msgid}" if e.context else e.msgid).encode(), e.msgstr.encode())
        for e in entries if (e.msgstr and not e.fuzzy) or e.msgid == "")
    ids = b"".join(key + b"\0" for key, _ in pairs)
    strs = b"".join(value + b"\0" for _, value in pairs)
    start = 7 * 4 + 16 * len(pairs)
    offsets: list[int] = []
    position = 0
    for key, _ in pairs:
        offsets += [len(key), start + position]
        position += len(key) + 1
    position = 0
    for _, value in pairs:
        offsets += [len(value), start + len(ids) + position]
        position += len(value) + 1
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(pairs), 7 * 4, 7 * 4 + 8 * len(pairs),
                         0, 0)
    path.write_bytes(header + struct.pack(f"{len(offsets)}i", *offsets) + ids + strs)


def compile_all(locale: Path = LOCALE) -> list[Path]:
    """Compile every .po under ``locale`` beside itself; the .mo files written."""
    written = []
    for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        write_mo(read_po(po), mo)
        written.append(mo)
    return written


if __name__ == "__main__":
    for mo in compile_all(Path(sys.argv[1]) if len(sys.argv) > 1 else LOCALE):
        print(f"compiled {mo.relative_to(Path.cwd()) if mo.is_relative_to(Path.cwd()) else mo}")
