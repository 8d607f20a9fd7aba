"""Progress codes: the solved puzzles and their stars as short, copyable, checked text.

A code reads ``wt1.<base64url JSON>.<checksum>``; the JSON is ``{"v": 2, "solved": [ids],
"stars": {id: 1-3}}`` (or ``{"v": 1, "solved": [ids]}``, written before stars were kept and
still written while no puzzle has stars), and the checksum is the first 8 hex digits of the
SHA-256 of the middle part. The same text is what the browser keeps in localStorage, so a
stored value and a pasted code are read alike; a plain JSON list of ids is read as solved
puzzles without stars.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from worms_tutor.values.errors import WormsError

from .language import say
from .puzzle_renames import RENAMED, current_ids
from .stars import MAX_STARS

PREFIX = "wt1"
VERSION = 1
"""The version of a code without stars (every code before stars were kept)."""
STARS_VERSION = 2
"""The version of a code that carries stars."""
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


@dataclass(frozen=True)
class Progress:
    """Solved puzzle ids and the best stars earned per puzzle.

    A puzzle may have stars without being solved: one star for a right answer after the
    answer was shown. A solved puzzle without stars was solved before stars were kept.
    """

    solved: frozenset[str] = frozenset()
    stars: Mapping[str, int] = field(default_factory=dict)

    def merge(self, other: Progress) -> Progress:
        """Both together: every solved puzzle, and each puzzle's best stars."""
        best = dict(self.stars)
        for pid, count in other.stars.items():
            best[pid] = max(best.get(pid, 0), count)
        return Progress(self.solved | other.solved, best)

    def with_result(self, puzzle_id: str, stars: int | None, solved: bool = True) -> Progress:
        """This progress with one more result (its stars kept only if better)."""
        check_puzzle_id(puzzle_id)
        added = Progress(frozenset({puzzle_id}) if solved else frozenset(),
                         {} if stars is None else {puzzle_id: _star_count(stars)})
        return self.merge(added)


def _star_count(stars: object) -> int:
    if not isinstance(stars, int) or isinstance(stars, bool) or not 1 <= stars <= MAX_STARS:
        raise WormsError(f"{stars!r} is not a number of stars (1 to {MAX_STARS})")
    return stars


def encode(solved: Iterable[str], stars: Mapping[str, int] | None = None) -> str:
    """The progress code of a set of solved puzzle ids and their stars."""
    ids = sorted({check_puzzle_id(pid) for pid in solved})
    data: dict[str, object] = {"v": VERSION, "solved": ids}
    if stars:
        data = {"v": STARS_VERSION, "solved": ids,
                "stars": {check_puzzle_id(pid): _star_count(count)
                          for pid, count in sorted(stars.items())}}
    body = json.dumps(data, separators=(",", ":"))
    middle = base64.urlsafe_b64encode(body.encode("utf-8")).decode("ascii").rstrip("=")
    return f"{PREFIX}.{middle}.{_checksum(middle)}"


def encode_progress(progress: Progress) -> str:
    """The progress code of ``progress``."""
    return encode(progress.solved, progress.stars)


def decode(text: object) -> frozenset[str]:
    """The solved puzzle ids of a code, under their present names (a code saved before a
    puzzle was renamed still counts it); ``ProgressCodeError`` says what is wrong with it."""
    return decode_progress(text).solved


def decode_progress(text: object) -> Progress:
    """The solved puzzles and stars of a code (or of a plain JSON list of ids), under their
    present names; ``ProgressCodeError`` says what is wrong with it."""
    if isinstance(text, str) and text.strip().startswith("["):
        return _plain_list(text)
    if not isinstance(text, str):
        raise ProgressCodeError(say("A progress code is text."))
    code = "".join(text.split())  # a pasted code may carry spaces or line breaks
    if not code:
        raise ProgressCodeError(say("The progress code is empty."))
    if len(code) > MAX_CODE_LENGTH:
        raise ProgressCodeError(say("This text is far too long to be a progress code."))
    parts = code.split(".")
    if len(parts) != 3 or not parts[0].lower().startswith("wt"):
        raise ProgressCodeError(say("This is not a worms-tutor progress code."))
    prefix, middle, checksum = parts
    if prefix.lower() != PREFIX:
        raise ProgressCodeError(say(
            "This progress code is of another version ({prefix}); this tutor reads {ours}.",
            prefix=prefix, ours=PREFIX))
    if checksum.lower() != _checksum(middle):
        raise ProgressCodeError(say(
            "This progress code is damaged: a part is missing or changed. Copy it again, whole."))
    try:
        body = base64.urlsafe_b64decode(middle + "=" * (-len(middle) % 4))
        data = json.loads(body.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise ProgressCodeError(say("This progress code is damaged and cannot be read.")) from None
    if not isinstance(data, dict) or data.get("v") not in (VERSION, STARS_VERSION):
        raise ProgressCodeError(say("This progress code is of a version this tutor cannot read."))
    ids = data.get("solved")
    stars = data.get("stars", {}) if data["v"] == STARS_VERSION else {}
    if not isinstance(ids, list) or len(ids) > MAX_IDS:
        raise ProgressCodeError(say("This progress code does not list solved puzzles."))
    if not isinstance(stars, dict) or len(stars) > MAX_IDS:
        raise ProgressCodeError(say("This progress code has its stars in a shape it cannot have."))
    try:
        return Progress(current_ids(check_puzzle_id(pid) for pid in ids), _current_stars(stars))
    except WormsError:
        raise ProgressCodeError(say(
            "This progress code names a puzzle that cannot exist.")) from None


def _current_stars(stars: Mapping[object, object]) -> dict[str, int]:
    """Stars by the puzzles' present names (the best, should two old names meet)."""
    best: dict[str, int] = {}
    for pid, count in stars.items():
        name = RENAMED.get(check_puzzle_id(pid), str(pid))
        best[name] = max(best.get(name, 0), _star_count(count))
    return best


def _plain_list(text: str) -> Progress:
    """A stored JSON list of solved ids, as progress was once kept: solved, stars unknown."""
    if len(text) > MAX_CODE_LENGTH:
        raise ProgressCodeError(say("This text is far too long to be a progress code."))
    try:
        ids = json.loads(text)
    except ValueError:
        raise ProgressCodeError(say("This saved progress is damaged and cannot be read.")) from None
    if not isinstance(ids, list) or len(ids) > MAX_IDS:
        raise ProgressCodeError(say("This saved progress does not list solved puzzles."))
    try:
        return Progress(current_ids(check_puzzle_id(pid) for pid in ids))
    except WormsError:
        raise ProgressCodeError(say(
            "This saved progress names a puzzle that cannot exist.")) from None


def _checksum(middle: str) -> str:
    return hashlib.sha256(middle.encode("ascii", "replace")).hexdigest()[:8]
