"""worms-tutor: the rules engine of Worms (Voormsi), the card game of Greenland."""

from __future__ import annotations

from .values.cards import PACK, Card, Rank, Suit, format_cards, parse_cards
from .values.errors import IllegalPlay, NotationError, RulesError, ScenarioError, WormsError
from .values.rules import PRESETS, Rules

__all__ = [
    "PACK",
    "PRESETS",
    "Card",
    "IllegalPlay",
    "NotationError",
    "Rank",
    "Rules",
    "RulesError",
    "ScenarioError",
    "Suit",
    "WormsError",
    "format_cards",
    "parse_cards",
]
