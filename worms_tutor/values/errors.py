"""The errors the engine raises: every one a ``ValueError`` that names the bad part."""

from __future__ import annotations


class WormsError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(WormsError):
    """A card, play or rules string that cannot be read; ``token`` is the bad part."""

    def __init__(self, message: str, token: str = "") -> None:
        super().__init__(message)
        self.token = token


class RulesError(WormsError):
    """An unknown preset, switch or switch value."""


class ScenarioError(WormsError):
    """A malformed or impossible scenario; ``field`` names the bad part (e.g. ``hands.N``)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.problem = message


class IllegalPlay(WormsError):
    """A play the rules forbid here, with the rule id and a sentence a player understands."""

    def __init__(self, rule: str, message: str, seat: str | None = None) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message
        self.seat = seat
