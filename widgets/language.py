"""The language a page of the series speaks: English, unless its first cell chose another.

A translated page (written by ``tools/course_language.py`` into ``notebooks/da/``) starts
with ``lesson.language("da")``; the widgets read ``current()`` for their labels and pass it
to the engine for its reasons. One kernel serves one page, so the choice lasts for the page.
"""

from __future__ import annotations

LANGUAGES = ("en", "da")
"""English, the source, and the languages the series is translated into."""

_chosen: list[str] = ["en"]


def language(code: str) -> None:
    """Make the page speak ``code`` (``"en"`` or ``"da"``)."""
    if code not in LANGUAGES:
        raise ValueError(f"language {code!r} is not one of {', '.join(LANGUAGES)}")
    _chosen[0] = code


def current() -> str:
    """The language this page speaks."""
    return _chosen[0]
