"""The language people read: the engine's sentences as messages, worded only when shown.

A ``Message`` keeps its English template (the gettext msgid, with ``{named}`` places) and its
values; ``message.text("da")`` words it in Danish from the catalog in ``worms_tutor/locale``
(compiled from the ``.po`` at build time). Nothing here is global: a page, a widget or a command
passes the language it wants, so one process can speak English and Danish side by side.
English is the default and needs no catalog.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .errors import WormsError

DOMAIN = "worms_tutor"
ENGLISH = "en"
LANGUAGES: tuple[str, ...] = ("en", "da")
"""The languages with a catalog (English is the source and needs none)."""
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class LanguageError(WormsError):
    """A language we have no catalog for, or a catalog missing from the installation."""


@cache
def translations(lang: str = ENGLISH, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The catalog for ``lang`` of one domain (the engine's "worms_tutor"; "widgets" for the
    widgets' labels), ``"en"``: the English source, unchanged."""
    if lang == ENGLISH:
        return gettext.NullTranslations()
    if lang not in LANGUAGES:
        raise LanguageError(f"no language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    try:
        return gettext.translation(domain, LOCALE_DIR, languages=[lang])
    except FileNotFoundError as error:
        raise LanguageError(f"the {lang} catalog is not compiled (make catalogs): {error}") \
            from error


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language gettext would choose: the first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG
    that is set decides ("da_DK.UTF-8" → da; LANGUAGE may list several, "da:en"); English when
    it names none of ours."""
    environ = os.environ if environ is None else environ
    for name in _ENVIRONMENT:
        value = environ.get(name, "")
        if not value:
            continue
        for item in value.split(":"):
            code = item.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        return ENGLISH
    return ENGLISH


@dataclass(frozen=True, init=False)
class Message:
    """A sentence (or a word) for people: its English template and the values it names.

    ``context`` separates equal English words with different translations (a seat's "N");
    ``in_context`` makes such a word."""

    template: str
    values: tuple[tuple[str, object], ...]
    context: str | None

    def __init__(self, template: str, /, **values: object) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "values", tuple(values.items()))
        object.__setattr__(self, "context", None)

    def text(self, lang: str = ENGLISH) -> str:
        """The message worded in ``lang``, its values (messages too) worded the same way."""
        if not self.template:
            return ""  # gettext keeps the catalog's header under the empty msgid
        catalog = translations(lang)
        wording = (catalog.pgettext(self.context, self.template) if self.context
                   else catalog.gettext(self.template))
        if not self.values:
            return wording
        return wording.format(**{name: Word(worded(value, lang), lang)
                                 for name, value in self.values})

    def __str__(self) -> str:
        return self.text()


class Word(str):
    """A value worded in a language; a translation may ask for its genitive, ``{seat:gen}``
    ("Nords", "A's"), where English writes ``{seat}'s``."""

    lang: str

    def __new__(cls, text: str, lang: str) -> Word:
        word = super().__new__(cls, text)
        word.lang = lang
        return word

    def __format__(self, spec: str) -> str:
        return genitive(str(self), self.lang) if spec == "gen" else format(str(self), spec)


def genitive(word: str, lang: str = ENGLISH) -> str:
    """The possessive of a name: Danish adds -s ("Nords"), an apostrophe after s, x or z, and
    's after a letter or an abbreviation ("A's"); English adds 's."""
    if lang == "da" and not word.isupper():
        return word + ("'" if word[-1:] in ("s", "x", "z") else "s")
    return word + "'s"


def joined(parts: Sequence[object], separator: str = ", ") -> Message:
    """Words (seats, cards, messages) worded one by one and joined: a list within a sentence."""
    names = {f"part{number}": part for number, part in enumerate(parts)}
    return Message(separator.join(f"{{{name}}}" for name in names), **names)


def N_(template: str) -> str:
    """Mark an English template as a message without wording it (for tables of templates
    that become ``Message(template, ...)`` later); tools/messages.py gathers it."""
    return template


def worded(value: object, lang: str = ENGLISH) -> str:
    """A message in ``lang``; anything else (a card, a number) as it prints."""
    return value.text(lang) if isinstance(value, Message) else str(value)


def in_context(context: str, word: str) -> Message:
    """A word whose translation depends on what it names (``in_context("seat", "N")``)."""
    message = Message(word)
    object.__setattr__(message, "context", context)
    return message


SEAT_WORDS: tuple[Message, ...] = (
    in_context("seat", "N"), in_context("seat", "E"), in_context("seat", "S"),
    in_context("seat", "W"), in_context("side", "NS"), in_context("side", "EW"),
)
"""Seats and sides as a sentence names them: letters in English, words in Danish (Nord …)."""


def seat(code: str) -> Message:
    """A seat (N, E, S, W; A, B, C) as a sentence names it."""
    return in_context("seat", code)


def side(code: str) -> Message:
    """A side (NS, EW; a seat when each plays alone) as a sentence names it."""
    return in_context("side" if len(code) == 2 else "seat", code)
