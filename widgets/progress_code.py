"""Progress codes: the solved puzzles as short, copyable, checked text.

A code reads ``wt1.<base64url JSON>.<checksum>``; the JSON is ``{"v": 1, "solved": [ids]}``
and the checksum is the first 8 hex digits of the SHA-256 of the middle part. The same text
is what the browser keeps in localStorage, so a stored value and a pasted code are read alike.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from collections.abc import Iterable

from worms_tutor.values.errors import WormsError

from .puzzle_renames import current_ids

PREFIX = "wt1"
VERSION = 1
MAX_CODE_LENGTH = 50_000
MAX_IDS = 2_000
PUZZLE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/-]{0,79}")


class ProgressCodeError(WormsError):
    """A progress code or stored value that cannot be read; the message suits a learner."""


def check_puzzle_id(puzzle_id: object) -> str:
    """The id itself if it is a valid puzzle id (letters, digits, ``_ . : / -``)."""
    if not isinstance(puzzle_id, str) or not PUZZLE_ID.fullmatch(puzzle_id):
        raise WormsError(
            f"{puzzle_id!r} is not a puzzle id (letters, digits and _ . : / -, up to 80)"
        )
    return puzzle_id


def encode(solved: Iterable[str]) -> str:
    """The progress code of a set of solved puzzle ids."""
    ids = sorted({check_puzzle_id(pid) for pid in solved})
    body = json.dumps({"v": VERSION, "solved": ids}, separators=(",", ":"))
    middle = base64.urlsafe_b64encode(body.encode("utf-8")).decode("ascii").rstrip("=")
    return f"{PREFIX}.{middle}.{_checksum(middle)}"


def decode(text: object) -> frozenset[str]:
    """The solved puzzle ids of a code, under their present names (a code saved before a
    puzzle was renamed still counts it); ``ProgressCodeError`` says what is wrong with it."""
    if not isinstance(text, str):
        raise ProgressCodeError("A progress code is text.")
    code = "".join(text.split())  # a pasted code may carry spaces or line breaks
    if not code:
        raise ProgressCodeError("The progress code is empty.")
    if len(code) > MAX_CODE_LENGTH:
        raise ProgressCodeError("This text is far too long to be a progress code.")
    parts = code.split(".")
    if len(parts) != 3 or not parts[0].lower().startswith("wt"):
        raise ProgressCodeError("This is not a worms-tutor progress code.")
    prefix, middle, checksum = parts
    if prefix.lower() != PREFIX:
        raise ProgressCodeError(
            f"This progress code is of another version ({prefix}); this tutor reads {PREFIX}."
        )
    if checksum.lower() != _checksum(middle):
        raise ProgressCodeError(
            "This progress code is damaged: a part is missing or changed. Copy it again, whole."
        )
    try:
        body = base64.urlsafe_b64decode(middle + "=" * (-len(middle) % 4))
        data = json.loads(body.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise ProgressCodeError("This progress code is damaged and cannot be read.") from None
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise ProgressCodeError("This progress code is of a version this tutor cannot read.")
    ids = data.get("solved")
    if not isinstance(ids, list) or len(ids) > MAX_IDS:
        raise ProgressCodeError("This progress code does not list solved puzzles.")
    try:
        return current_ids(check_puzzle_id(pid) for pid in ids)
    except WormsError:
        raise ProgressCodeError("This progress code names a puzzle that cannot exist.") from None


def _checksum(middle: str) -> str:
    return hashlib.sha256(middle.encode("ascii", "replace")).hexdigest()[:8]
