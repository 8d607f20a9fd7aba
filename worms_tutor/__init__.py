"""worms-tutor: the rules engine of Worms (Voormsi), the card game of Greenland.

The engine is built in layers, each importing only the ones below it: ``values`` (cards,
rules, seats) → ``mechanics`` (tricks, legality, scoring, the hand, the game and its matches)
→ ``formats`` (scenarios, position codes, records, explanations, the referee) → ``analysis``
(search, solver, bots, puzzles) → ``presentation`` (SVG and HTML). ``Game``, ``Match``,
``HandState`` and ``Scenario`` are imported on first use, so that a card does not bring the
whole engine with it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .values.cards import PACK, Card, Rank, Suit, format_cards, parse_cards
from .values.errors import IllegalPlay, NotationError, RulesError, ScenarioError, WormsError
from .values.rules import PRESETS, Rules

if TYPE_CHECKING:
    from .formats.scenario import Scenario
    from .mechanics.game import Game, Match
    from .mechanics.hand import HandState

_LATER: dict[str, str] = {
    "Game": ".mechanics.game",
    "HandState": ".mechanics.hand",
    "Match": ".mechanics.game",
    "Scenario": ".formats.scenario",
}
"""The public names imported on first use, and the module of each."""

__all__ = [
    "PACK",
    "PRESETS",
    "Card",
    "Game",
    "HandState",
    "IllegalPlay",
    "Match",
    "NotationError",
    "Rank",
    "Rules",
    "RulesError",
    "Scenario",
    "ScenarioError",
    "Suit",
    "WormsError",
    "format_cards",
    "parse_cards",
]


def __getattr__(name: str) -> object:
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_LATER[name], __name__), name)
    globals()[name] = value
    return value
