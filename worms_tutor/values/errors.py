"""The errors the engine raises: every one a ``ValueError`` that names the bad part.

Each keeps what it says (``said``: a ``Message`` or plain English) so that it can be worded in
another language: ``error.in_language("da")``; ``str(error)`` stays English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .language import Message


def _worded(said: str | Message, lang: str) -> str:
    from .language import worded  # same layer; language.py imports this module

    return worded(said, lang)


class WormsError(ValueError):
    """Base class of every error the engine raises on bad input."""

    def __init__(self, message: str | Message = "") -> None:
        super().__init__(str(message))
        self.said = message

    def in_language(self, lang: str = "en") -> str:
        """The error's sentence worded in ``lang``."""
        return _worded(self.said, lang)


class NotationError(WormsError):
    """A card, play or rules string that cannot be read; ``token`` is the bad part."""

    def __init__(self, message: str | Message, token: str = "") -> None:
        super().__init__(message)
        self.token = token


class RulesError(WormsError):
    """An unknown preset, switch or switch value."""


class ScenarioError(WormsError):
    """A malformed or impossible scenario; ``field`` names the bad part (e.g. ``hands.N``)."""

    def __init__(self, message: str | Message, field: str = "") -> None:
        super().__init__(message)
        if field:
            self.args = (f"{field}: {message}",)
        self.field = field
        self.problem = str(message)

    def in_language(self, lang: str = "en") -> str:
        problem = _worded(self.said, lang)
        return f"{self.field}: {problem}" if self.field else problem


class IllegalPlay(WormsError):
    """A play the rules forbid here, with the rule id and a sentence a player understands."""

    def __init__(self, rule: str, message: str | Message, seat: str | None = None) -> None:
        super().__init__(message)
        self.args = (f"{message} ({rule})",)
        self.rule = rule
        self.message = str(message)
        self.seat = seat

    def message_in(self, lang: str = "en") -> str:
        """The refusal's sentence (without the rule id) worded in ``lang``."""
        return _worded(self.said, lang)

    def in_language(self, lang: str = "en") -> str:
        return f"{self.message_in(lang)} ({self.rule})"
