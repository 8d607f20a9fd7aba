"""The rule switches S1–S15 and V of rules.md §C, and the named presets.

A ``Rules`` value is one preset plus switch-by-switch overrides. It prints and parses as a
short string, ``"danish-club,S9=any_matching,V=2"``; unknown switches or values are errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import cached_property
from typing import Any

from .errors import RulesError
from .language import N_, Message


@dataclass(frozen=True)
class MatchRules:
    """S14: the match target and the Danish match rules (R15.1–R15.5, R6.15)."""

    target: int | None = None
    """Points to win; ``None`` means 9, or 12 when three play (R15.1)."""
    overshoot: bool = False
    """Passing the target adds the excess to what is still needed (R15.2)."""
    kam: bool = False
    """A match won 9:0 counts as two match wins (R15.4)."""
    eight_eight: bool = False
    """At 8:8 Toqu and Worms are ordinary high cards (R6.15)."""


@dataclass(frozen=True)
class Rules:
    """Every switch of the game, named after rules.md §C; build one with ``Rules.preset``."""

    variant: str = "english"
    """The preset these switches started from."""
    players: int = 4
    """S1: 4, 3 or 2 players (R7.1, R17, R18)."""
    three_d_power: str = "non_lead"
    """S2: the 3♦ is unbeatable anywhere but the lead, or only when played last (R5.2)."""
    seven_after_led_3d: str = "counts_as_led"
    """S3: a 7 played second after a led 3♦ counts as led (R3.4)."""
    higher_seven_beats_led_seven: bool = True
    """S4: a higher 7 beats a led 7 (R3.1, R3.2)."""
    ks_over_kc_timing: str = "any_later"
    """S5: K♠ beats a K♣ on a 7 whenever played later, or only straight after it (R4.3)."""
    king_feats: bool = False
    """S6: the Danish king feats P4 and P5, and K♣+K♠ beating two 7s (R4.4, R4.5)."""
    lead_shapes: str = "sets"
    """S7: leads of 1–4 cards of a rank, or also two pairs (R9.2, F6)."""
    three_d_is_king: bool = False
    """S8: the 3♦ may be led in a set of Kings (R5.6, F7)."""
    multi_beat_check: str = "any_matching"
    """S9: a group must beat card for card as laid, or in any assignment (R10.3)."""
    toqu_obligation: str = "always"
    """S10: when an opponent's Worms heads, Toqu must be played (O1, R6.4)."""
    danish_restrictions: bool = False
    """S11: the Danish rulings F2–F5, aavunga (D1), redeal when dealt both (R6.6–R6.10)."""
    hand_end: str = "pg"
    """S12: ``dk`` stops the hand at five trick units; ``pg`` plays all nine (R12.4, R13)."""
    penalty_mode: str = "reject"
    """S13: illegal plays are rejected; ``dk``/``ru`` name the penalties of a refereed table."""
    match_rules: MatchRules = MatchRules()
    """S14: target, overshoot, kam and 8:8 (R15)."""
    trick_value: str = "cards_per_player"
    """S15: a trick of k cards each counts k trick units, or always one (R10.6)."""
    worms_home_value: int = 1
    """V: points for bringing Worms home (P3, R6.5); no source gives it, 1 is our choice (§E Q1)."""

    # -- construction -------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str = "english", overrides: Mapping[str, Any] | None = None) -> Rules:
        """The named preset, with switch overrides keyed by id (``"S9"``, ``"V"``)."""
        if not isinstance(name, str) or name.lower() not in PRESETS:
            known = ", ".join(PRESETS)
            raise RulesError(Message("unknown variant {name}; the presets are {known}",
                                     name=repr(name), known=known))
        rules = PRESETS[name.lower()]
        return rules.with_overrides(overrides or {})

    def with_overrides(self, overrides: Mapping[str, Any]) -> Rules:
        """A copy with the given switches (by id, e.g. ``{"S9": "declared"}``) changed."""
        if not isinstance(overrides, Mapping):
            raise RulesError(Message("rules overrides must be an object of switch id → value"))
        changes: dict[str, Any] = {}
        for key, value in overrides.items():
            switch = SWITCHES.get(str(key).upper())
            if switch is None:
                known = ", ".join(SWITCHES)
                raise RulesError(Message("unknown switch {key}; the switches are {known}",
                                         key=repr(key), known=known))
            changes[switch.attribute] = switch.read(value, getattr(self, switch.attribute))
        rules = replace(self, **changes)
        if rules.variant == "danish-club" and rules.players != 4:
            raise RulesError(Message("the danish-club rules describe four players only (S1)"))
        return rules

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read ``"english,S9=declared,V=2"`` as printed by ``str(rules)``."""
        if not isinstance(text, str) or not text.strip():
            raise RulesError(Message("a rules string needs a preset name, e.g. 'english'"))
        name, *parts = [part.strip() for part in text.split(",")]
        overrides: dict[str, Any] = {}
        for part in parts:
            key, sep, value = part.partition("=")
            if not sep:
                raise RulesError(Message("rules part {part} is not SWITCH=VALUE",
                                         part=repr(part)))
            overrides[key] = SWITCHES[key.upper()].parse_text(value) if key.upper() in SWITCHES \
                else value
        return cls.preset(name, overrides)

    # -- reading ------------------------------------------------------------------------

    @cached_property
    def target(self) -> int:
        """The match target in force (R15.1)."""
        if self.match_rules.target is not None:
            return self.match_rules.target
        return 12 if self.players == 3 else 9

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats in playing order."""
        return SEATS_BY_PLAYERS[self.players]

    def overrides(self) -> dict[str, Any]:
        """The switches that differ from the preset, by id, as JSON values."""
        base = PRESETS[self.variant]
        result: dict[str, Any] = {}
        for switch in SWITCHES.values():
            mine = getattr(self, switch.attribute)
            if mine != getattr(base, switch.attribute):
                result[switch.id] = switch.write(mine)
        return result

    def switch_table(self) -> list[tuple[str, str, Any]]:
        """Every switch as (id, description, value) for display."""
        return [
            (switch.id, switch.description, switch.write(getattr(self, switch.attribute)))
            for switch in SWITCHES.values()
        ]

    def label(self, lang: str = "en") -> str:
        """The rules in a reader's words: ``English rules``, or ``Danish club rules, S9
        changed: how a multi-card group must beat: any matching`` when a switch differs from
        the preset (the number of players is said apart); the names worded in ``lang``."""
        name = Message(PRESET_NAMES[self.variant]).text(lang) \
            if self.variant in PRESET_NAMES else self.variant
        changed = [_switch_words(key, value, lang) for key, value in self.overrides().items()
                   if key != "S1"]
        return ", ".join([name, "; ".join(changed)]) if changed else name

    def __str__(self) -> str:
        parts = [self.variant] + [
            f"{key}={SWITCHES[key].format_text(value)}" for key, value in self.overrides().items()
        ]
        return ",".join(parts)


SEATS_BY_PLAYERS: dict[int, tuple[str, ...]] = {4: ("N", "E", "S", "W"), 3: ("A", "B", "C"),
                                                2: ("A", "B")}


@dataclass(frozen=True)
class Switch:
    """How one switch id maps to a ``Rules`` field and which values it takes."""

    id: str
    attribute: str
    description: str
    choices: tuple[Any, ...] = ()
    kind: str = "choice"  # choice | flag | int | match

    def read(self, value: Any, current: Any = None) -> Any:
        """The field value for a JSON value, or a ``RulesError`` naming the switch.

        ``current`` is the value being overridden: S14 given as an object changes only the
        parts it names."""
        if self.kind == "flag":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in _FLAG_WORDS:
                return _FLAG_WORDS[value.lower()]
            raise RulesError(Message("switch {id} takes on/off (or true/false), not {value}",
                                     id=self.id, value=repr(value)))
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RulesError(Message("switch {id} takes a whole number ≥ 0, not {value}",
                                         id=self.id, value=repr(value)))
            return value
        if self.kind == "match":
            return _read_match_rules(value, current if current is not None else MatchRules())
        if value not in self.choices or isinstance(value, bool):
            options = ", ".join(str(choice) for choice in self.choices)
            raise RulesError(Message("switch {id} takes one of {options}, not {value}",
                                     id=self.id, options=options, value=repr(value)))
        return value

    def write(self, value: Any) -> Any:
        if self.kind == "flag" and self.id in ("S6", "S11"):
            return "on" if value else "off"
        if self.kind == "match":
            return {f.name: getattr(value, f.name) for f in fields(MatchRules)}
        return value

    def parse_text(self, text: str) -> Any:
        """A value written in a rules string, e.g. ``4`` or ``target:12/overshoot:on``."""
        if self.kind == "int" or (self.kind == "choice" and isinstance(self.choices[0], int)):
            try:
                return int(text)
            except ValueError:
                raise RulesError(Message("switch {id} takes a number, not {text}", id=self.id,
                                         text=repr(text))) from None
        if self.kind == "match" and ":" in text:
            result: dict[str, Any] = {}
            for item in text.split("/"):
                key, _, raw = item.partition(":")
                result[key] = int(raw) if raw.isdigit() else raw
            return result
        return text

    def format_text(self, value: Any) -> str:
        if self.kind == "match":
            return "/".join(f"{k}:{_flag_text(v)}" for k, v in value.items() if v is not None)
        return _flag_text(value)


def _flag_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_FLAG_WORDS = {"on": True, "off": False, "true": True, "false": False}


def _read_match_rules(value: Any, current: MatchRules) -> MatchRules:
    if isinstance(value, str) and value.lower() in ("on", "off"):
        on = value.lower() == "on"
        return MatchRules(target=None, overshoot=on, kam=on, eight_eight=on)
    if not isinstance(value, Mapping):
        raise RulesError(Message("switch S14 takes on/off or an object with target, overshoot, "
                                 "kam, eight_eight, not {value}", value=repr(value)))
    allowed = {f.name for f in fields(MatchRules)}
    result: dict[str, Any] = {}
    for key, item in value.items():
        if key not in allowed:
            raise RulesError(Message("switch S14 has no part {key}; its parts are {parts}",
                                     key=repr(key), parts=", ".join(sorted(allowed))))
        if key == "target":
            if item is not None and (isinstance(item, bool) or not isinstance(item, int)
                                     or item < 1):
                raise RulesError(Message("S14 target must be a whole number ≥ 1, not {item}",
                                         item=repr(item)))
            result[key] = item
        elif isinstance(item, bool):
            result[key] = item
        elif isinstance(item, str) and item.lower() in _FLAG_WORDS:
            result[key] = _FLAG_WORDS[item.lower()]
        else:
            raise RulesError(Message("S14 {key} takes on/off, not {item}", key=key,
                                     item=repr(item)))
    return replace(current, **result)


SWITCHES: dict[str, Switch] = {
    s.id: s
    for s in (
        Switch("S1", "players", "number of players", (4, 3, 2)),
        Switch("S2", "three_d_power", "when the 3♦ is unbeatable", ("non_lead", "last_only")),
        Switch("S3", "seven_after_led_3d", "a 7 played second after a led 3♦",
               ("counts_as_led", "ordinary")),
        Switch("S4", "higher_seven_beats_led_seven", "a higher 7 beats a led 7", kind="flag"),
        Switch("S5", "ks_over_kc_timing", "when K♠ may beat a K♣ that beat a 7",
               ("any_later", "immediately_next")),
        Switch("S6", "king_feats", "Danish king feats (K♠ over K♣, K♣+K♠ on two 7s)",
               kind="flag"),
        Switch("S7", "lead_shapes", "allowed leads", ("sets", "sets+two_pairs")),
        Switch("S8", "three_d_is_king", "the 3♦ counts as a King in sets", kind="flag"),
        Switch("S9", "multi_beat_check", "how a multi-card group must beat",
               ("declared", "any_matching")),
        Switch("S10", "toqu_obligation", "duty to play Toqu while an opponent's Worms heads",
               ("always", "if_can_take_trick", "off")),
        Switch("S11", "danish_restrictions", "the six Danish Worms/Toqu restrictions",
               kind="flag"),
        Switch("S12", "hand_end", "hand end and trick points", ("dk", "pg")),
        Switch("S13", "penalty_mode", "penalties at a refereed table", ("reject", "dk", "ru")),
        Switch("S14", "match_rules", "match target, overshoot, kam and 8:8", kind="match"),
        Switch("S15", "trick_value", "what a multi-card trick counts",
               ("cards_per_player", "one")),
        Switch("V", "worms_home_value", "points for bringing Worms home (our choice: 1)",
               kind="int"),
    )
}


def _switch_words(key: str, value: Any, lang: str = "en") -> str:
    """``S4 changed: a higher 7 beats a led 7: no`` (the switch's own words stay English)."""
    if isinstance(value, bool):
        shown = (Message("yes") if value else Message("no")).text(lang)
    else:
        shown = str(value).replace("_", " ").replace("+", " and ")
    return Message("{key} changed: {description}: {value}", key=key,
                   description=SWITCHES[key].description, value=shown).text(lang)


PRESET_NAMES: dict[str, str] = {
    "english": N_("English rules"),
    "danish-club": N_("Danish club rules"),
    "ru-literal": N_("Russian page, read literally"),
}
"""How a reader names each preset."""

PRESETS: dict[str, Rules] = {
    "english": Rules(),
    "danish-club": Rules(
        variant="danish-club",
        seven_after_led_3d="ordinary",
        king_feats=True,
        lead_shapes="sets+two_pairs",
        multi_beat_check="declared",
        toqu_obligation="if_can_take_trick",
        danish_restrictions=True,
        hand_end="dk",
        match_rules=MatchRules(target=None, overshoot=True, kam=True, eight_eight=True),
    ),
    "ru-literal": Rules(
        variant="ru-literal",
        three_d_power="last_only",
        seven_after_led_3d="ordinary",
        higher_seven_beats_led_seven=False,
        ks_over_kc_timing="immediately_next",
    ),
}
"""The presets: ``english`` (the default), ``danish-club``, and ``ru-literal`` for comparison."""
