"""The language a page of the series speaks: English, unless its first cell chose another.

A translated page (written by ``tools/course_language.py`` into ``notebooks/da/``) starts
with ``lesson.language("da")``; the widgets word their labels with ``say("English")`` (the
"widgets" gettext catalog, worms_tutor/locale/<lang>/LC_MESSAGES/widgets.po) and pass
``current()`` to the engine for its reasons. One kernel serves one page, so the choice lasts
for the page.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from worms_tutor.values.language import ENGLISH, Word, seat, side, translations, worded
from worms_tutor.values.seating import seat_name, side_name

WIDGETS = "widgets"
"""The gettext domain of the widgets' labels (worms_tutor/locale/<lang>/LC_MESSAGES/widgets.po)."""

LANGUAGES = (ENGLISH, "da")
"""English, the source, and the languages the series is translated into."""

_chosen: list[str] = [ENGLISH]


def language(code: str) -> None:
    """Make the page speak ``code`` (``"en"`` or ``"da"``)."""
    if code not in LANGUAGES:
        raise ValueError(f"language {code!r} is not one of {', '.join(LANGUAGES)}")
    _chosen[0] = code


def current() -> str:
    """The language this page speaks."""
    return _chosen[0]


def say(text: str, /, **values: object) -> str:
    """A widget's English label or sentence worded in the page's language (the "widgets"
    catalog); ``{named}`` values are filled in, engine messages among them worded the same way
    (a Danish translation may ask for a name's genitive, ``{seat:gen}``)."""
    return _worded(current(), None, text, values)


def said_as(context: str, text: str, /, **values: object) -> str:
    """``say`` for an English word that other words translate apart ("Play" the button, and
    "Play" the column of moves: ``said_as("move", "Play")``)."""
    return _worded(current(), context, text, values)


def say_in(lang: str, text: str, /, **values: object) -> str:
    """``say`` in a given language (for a page that words things before it is shown)."""
    return _worded(lang, None, text, values)


def _worded(lang: str, context: str | None, text: str, values: Mapping[str, object]) -> str:
    if not text:
        return text  # gettext keeps the catalog's header under the empty msgid
    catalog = translations(lang, WIDGETS)
    wording = catalog.pgettext(context, text) if context else catalog.gettext(text)
    if not values:
        return wording
    return wording.format(**{name: Word(worded(value, lang), lang)
                             for name, value in values.items()})


def N_(text: str) -> str:
    """Mark an English label in a table as the widgets' message without wording it (worded
    later by ``say``); tools/messages.py gathers it."""
    return text


def seat_named(code: str) -> str:
    """A seat as a reader names it on this page: North (English), Nord (Danish); three or two
    players' seats keep their letter."""
    if current() == ENGLISH:
        return seat_name(code)
    return seat(code).text(current())


def seat_mark(code: str) -> str:
    """A seat where a diagram or a choice marks it: its letter in English, as the course
    writes it (N), its word on a translated page (Nord), where the letters are English."""
    return seat(code).text(current())


def side_named(code: str) -> str:
    """A side as a reader names it on this page: East–West, Øst-Vest."""
    if current() == ENGLISH:
        return side_name(code)
    return side(code).text(current())


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Word things in ``code`` for a while, then in the page's language again (a printable is
    drawn in its own language, whatever page asks for it)."""
    before = current()
    language(code)
    try:
        yield
    finally:
        language(before)
