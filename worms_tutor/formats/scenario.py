"""The scenario format (contract, design.md §2): a position plus the plays made from it.

``Scenario.from_json`` validates everything and names the bad field; ``replay`` plays the
plays and stops at the first illegal one; ``to_json`` prints the format back.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..mechanics.game import Game
from ..mechanics.hand import HandState, TrickRecord
from ..mechanics.scoring import hand_is_decided, units_in_hand
from ..values.cards import Card
from ..values.errors import IllegalPlay, NotationError, RulesError, ScenarioError
from ..values.language import ENGLISH, Message
from ..values.play import Play
from ..values.rules import Rules
from ..values.seating import players_for_seats, sides

KNOWN_KEYS = (
    "variant", "rules", "score", "previous", "played", "first_lead_of_match",
    "hands", "stock", "leader", "plays", "comment",
)


@dataclass(frozen=True)
class Scenario:
    """A validated position and the plays made from it."""

    rules: Rules
    hands: tuple[tuple[str, tuple[Card, ...]], ...]
    leader: str
    plays: tuple[Play, ...] = ()
    stock: tuple[Card, ...] = ()
    played: tuple[Card, ...] = ()
    previous: tuple[str, ...] = ()
    score: tuple[tuple[str, int], ...] = ()
    first_lead_of_match: bool = False
    comment: str = ""

    # -- reading ------------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str) -> Scenario:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ScenarioError(Message("not valid JSON ({error}, line {line})",
                                        error=error.msg, line=error.lineno),
                                field="(file)") from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> Scenario:
        """Validate a decoded JSON object; every problem names its field."""
        if not isinstance(data, Mapping):
            raise ScenarioError(Message("a scenario is a JSON object"), field="(file)")
        for key in data:
            if key not in KNOWN_KEYS:
                raise ScenarioError(Message("unknown key; the keys are {keys}",
                                            keys=", ".join(KNOWN_KEYS)), field=str(key))
        for key in ("hands", "leader", "plays"):
            if key not in data:
                raise ScenarioError(Message("is required"), field=key)
        hands_raw = data["hands"]
        if not isinstance(hands_raw, Mapping) or not hands_raw:
            raise ScenarioError(Message("must be an object of seat → cards"), field="hands")
        keys: dict[str, str] = {}  # seat → the key naming it (seats are case-insensitive)
        for key in map(str, hands_raw):
            if key.upper() in keys:
                raise ScenarioError(Message("names seat {seat} again (also given as {key})",
                                            seat=key.upper(), key=repr(keys[key.upper()])),
                                    field=f"hands.{key}")
            keys[key.upper()] = key
        seats = set(keys)
        overrides = data.get("rules", {})
        if not isinstance(overrides, Mapping):
            raise ScenarioError(Message("must be an object of switch → value"), field="rules")
        variant = data.get("variant", "english")
        seats_say_s1 = False  # the number of players comes from the seats, not from "rules"
        try:
            rules = Rules.preset(variant)
            players = players_for_seats(seats)
            if "S1" not in {str(k).upper() for k in overrides} and players != rules.players:
                overrides = {**overrides, "S1": players}
                seats_say_s1 = True
            rules = rules.with_overrides(overrides)
        except RulesError as error:
            field = "variant" if "variant" in str(error) else "rules"
            if seats_say_s1 and "(S1)" in str(error):
                field = "hands"
            raise ScenarioError(error.said, field=field) from None
        if rules.players != players:
            raise ScenarioError(Message("S1 says {players} players but the hands name {seats}",
                                        players=rules.players, seats=" ".join(sorted(seats))),
                                field="hands")
        hands = tuple(
            (seat, _cards(hands_raw[_key(hands_raw, seat)], f"hands.{seat}"))
            for seat in rules.seats
        )
        stock = _cards(data.get("stock", []), "stock")
        played = _cards(data.get("played", []), "played")
        _check_unique(hands, stock, played)
        for seat, cards in hands:
            if len(cards) > 4:
                raise ScenarioError(Message("holds {count} cards; a hand is at most four",
                                            count=len(cards)), field=f"hands.{seat}")
        leader = data["leader"]
        if not isinstance(leader, str) or leader.upper() not in rules.seats:
            raise ScenarioError(Message("{leader} is not a seat ({seats})", leader=repr(leader),
                                        seats=" ".join(rules.seats)), field="leader")
        if not any(cards for _, cards in hands):
            raise ScenarioError(Message("every hand is empty: there is nothing left to play"),
                                field="hands")
        side_names = sides(rules.players)
        score = _score(data.get("score", {}), side_names)
        if rules.match_rules.overshoot:
            for side, points in score:
                if points > rules.target:
                    raise ScenarioError(Message(
                        "{points} is past the target {target}, which a score never passes when "
                        "overshoot is on (S14)", points=points, target=rules.target),
                        field=f"score.{side}")
        previous = data.get("previous", [])
        if not isinstance(previous, list) or any(s not in side_names for s in previous):
            raise ScenarioError(Message("must be a list of sides ({sides})",
                                        sides=" ".join(side_names)), field="previous")
        _check_previous(rules, tuple(previous))
        first = data.get("first_lead_of_match", False)
        if not isinstance(first, bool):
            raise ScenarioError(Message("must be true or false"), field="first_lead_of_match")
        if first and (previous or played or any(points for _, points in score)):
            raise ScenarioError(Message("the first lead of a match comes before any trick, "
                                        "card played or point: previous, played and score "
                                        "must be empty"), field="first_lead_of_match")
        plays_raw = data["plays"]
        if not isinstance(plays_raw, list):
            raise ScenarioError(Message('must be a list of strings like "N: KH"'),
                                field="plays")
        plays = []
        for index, text in enumerate(plays_raw):
            try:
                plays.append(Play.parse(text, rules.seats))
            except NotationError as error:
                raise ScenarioError(error.said, field=f"plays[{index}]") from None
        comment = data.get("comment", "")
        if not isinstance(comment, str):
            raise ScenarioError(Message("must be text"), field="comment")
        return cls(
            rules=rules, hands=hands, leader=leader.upper(), plays=tuple(plays), stock=stock,
            played=played, previous=tuple(previous), score=score,
            first_lead_of_match=first, comment=comment,
        )

    # -- writing ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The scenario as a JSON-ready object (the inverse of ``from_json``)."""
        data: dict[str, Any] = {"variant": self.rules.variant}
        overrides = self.rules.overrides()
        default_players = Rules.preset(self.rules.variant).players
        if overrides.get("S1") == self.rules.players and self.rules.players != default_players:
            overrides.pop("S1")  # implied by the seats
        if overrides:
            data["rules"] = overrides
        if self.score:
            data["score"] = dict(self.score)
        if self.previous:
            data["previous"] = list(self.previous)
        if self.played:
            data["played"] = [str(c) for c in self.played]
        if self.first_lead_of_match:
            data["first_lead_of_match"] = True
        data["hands"] = {seat: [str(c) for c in cards] for seat, cards in self.hands}
        if self.stock:
            data["stock"] = [str(c) for c in self.stock]
        data["leader"] = self.leader
        data["plays"] = [str(p) for p in self.plays]
        if self.comment:
            data["comment"] = self.comment
        return data

    def to_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    # -- playing ------------------------------------------------------------------------

    def start(self) -> HandState:
        """The position before any of the plays."""
        return Game(self.rules).position(
            dict(self.hands), self.leader, stock=self.stock, played=self.played,
            previous=self.previous, score=dict(self.score),
            first_lead_of_match=self.first_lead_of_match,
        )

    def replay(self) -> Replay:
        """Play the plays in order; stop at the first illegal one."""
        state = self.start()
        states = [state]
        for index, play in enumerate(self.plays):
            try:
                state = state.play(play)
            except IllegalPlay as refusal:
                return Replay(self, tuple(states), Illegal(index, play.seat, refusal))
            states.append(state)
        return Replay(self, tuple(states), None)


@dataclass(frozen=True)
class Illegal:
    """The first illegal play of a replay."""

    index: int
    seat: str
    refusal: IllegalPlay

    def to_json(self, lang: str = ENGLISH) -> dict[str, Any]:
        return {"index": self.index, "seat": self.seat, "rule": self.refusal.rule,
                "message": self.refusal.message_in(lang)}


@dataclass(frozen=True)
class Replay:
    """A scenario played out: every state along the way and the first illegal play."""

    scenario: Scenario
    states: tuple[HandState, ...]
    illegal: Illegal | None = None

    @property
    def final(self) -> HandState:
        return self.states[-1]

    @property
    def records(self) -> tuple[TrickRecord, ...]:
        return self.final.records


def _key(mapping: Mapping[str, Any], seat: str) -> str:
    for key in mapping:
        if str(key).upper() == seat:
            return str(key)
    raise ScenarioError(Message("is missing"), field=f"hands.{seat}")


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list):
        raise ScenarioError(Message('must be a list of card codes like ["KH", "9C"]'),
                            field=where)
    cards = []
    for index, token in enumerate(value):
        try:
            cards.append(Card.parse(token))
        except NotationError as error:
            raise ScenarioError(error.said, field=f"{where}[{index}]") from None
    return tuple(cards)


def _check_unique(
    hands: tuple[tuple[str, tuple[Card, ...]], ...],
    stock: tuple[Card, ...],
    played: tuple[Card, ...],
) -> None:
    seen: dict[Card, str] = {}
    places = [(f"hands.{seat}", cards) for seat, cards in hands]
    places += [("stock", stock), ("played", played)]
    for where, cards in places:
        for card in cards:
            if card in seen:
                raise ScenarioError(Message("{card} is also in {place}: a card can be in one "
                                            "place only", card=card, place=seen[card]),
                                    field=where)
            seen[card] = where


def _check_previous(rules: Rules, previous: tuple[str, ...]) -> None:
    """``previous`` must leave the hand still on: a hand that is already over has nothing
    left to play (R12.3, R12.4)."""
    units = units_in_hand(rules)
    if len(previous) > units:
        raise ScenarioError(Message("lists {count} trick units; a hand has {units}",
                                    count=len(previous), units=units), field="previous")
    if len(previous) == units:
        raise ScenarioError(Message("lists all {units} trick units of a hand: the hand is "
                                    "already over, with nothing left to play", units=units),
                            field="previous")
    if hand_is_decided(rules, previous):  # a side with five under the club's rules
        side = next(side for side in set(previous) if previous.count(side) >= 5)
        raise ScenarioError(Message("gives {side} five trick units: under these rules the "
                                    "hand stopped there (R12.4), with nothing left to play",
                                    side=side), field="previous")


def _score(value: Any, side_names: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping):
        raise ScenarioError(Message("must be an object of side → points"), field="score")
    result = {side: 0 for side in side_names}
    for side, points in value.items():
        if side not in side_names:
            raise ScenarioError(Message("unknown side {side} ({sides})", side=repr(side),
                                        sides=" ".join(side_names)), field="score")
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise ScenarioError(Message("must be a whole number ≥ 0, not {points}",
                                        points=repr(points)), field=f"score.{side}")
        result[side] = points
    return tuple(result.items())

