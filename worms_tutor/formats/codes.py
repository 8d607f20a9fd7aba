"""Position codes: a whole scenario as a short, URL-safe string, and back.

A code is base64url (no padding) of: one header byte (format version and whether the body is
deflated), the body, and a CRC-32 of both. The body is a compact text form of the scenario
contract (design.md §2): each card is one character, fields are separated by ``|``::

    rules | score | previous | played | first lead | hands | stock | leader | plays | comment

``decode`` checks every layer and then validates the scenario exactly as a scenario file is
validated, so anything it returns is a legal ``Scenario``. Whatever the input (any bytes, a
truncated link, markup), it raises only ``PositionCodeError``, whose message never repeats
text from the code.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from typing import Any

from ..values.cards import PACK, Card
from ..values.errors import ScenarioError, WormsError
from ..values.language import Message
from ..values.play import Play
from ..values.rules import PRESETS, Rules
from ..values.seating import sides
from .scenario import Scenario

VERSION = 1
"""The format version written into every code (high nibble of the header byte)."""

MAX_CODE_LENGTH = 4000
"""Longer input is refused before any decoding (a real code is a few hundred characters)."""

_MAX_BODY = 16_000
"""The most a body may inflate to, so a hostile code cannot make us allocate much."""

_DEFLATED = 0x01
_CARD_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"
_CHAR_OF: dict[Card, str] = {card: _CARD_CHARS[index] for index, card in enumerate(PACK)}
_CARD_OF: dict[str, Card] = {char: card for card, char in _CHAR_OF.items()}
_PRESET_NAMES = ("english", "danish-club", "ru-literal")
"""Presets written as their index; the order is part of the format (a preset not listed here
is written by name after ``=``)."""
_CODE_PATTERN = re.compile(r"[A-Za-z0-9_-]+")
_DIGIT = re.compile(r"[0-9]")
_POINTS = re.compile(r"[0-9]{1,5}")
_FIELDS = 10


class PositionCodeError(ScenarioError):
    """A position code that cannot be read; the message is safe to show as plain text."""

    def __init__(self, message: str | Message, reason: str) -> None:
        super().__init__(message)
        self.reason = reason
        """A short category: ``empty``, ``characters``, ``length``, ``damaged``, ``version``
        or ``content``."""


# -- encoding -----------------------------------------------------------------------------


def encode(scenario: Scenario) -> str:
    """The scenario as a URL-safe code (letters, digits, ``-`` and ``_``)."""
    body = _body_text(scenario).encode("utf-8")
    packed = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = packed.compress(body) + packed.flush()
    flags, data = (_DEFLATED, deflated) if len(deflated) < len(body) else (0, body)
    payload = bytes([VERSION << 4 | flags]) + data
    payload += zlib.crc32(payload).to_bytes(4, "big")
    return base64.urlsafe_b64encode(payload).decode("ascii").rstrip("=")


def _body_text(scenario: Scenario) -> str:
    rules = scenario.rules
    name, _, switches = str(rules).partition(",")
    side_names = sides(rules.players)
    fields = [
        _preset_text(name) + ("," + switches if switches else ""),
        ".".join(str(points) for _, points in scenario.score),
        "".join(str(side_names.index(side)) for side in scenario.previous),
        _cards_text(scenario.played),
        "1" if scenario.first_lead_of_match else "",
        ".".join(_cards_text(cards) for _, cards in scenario.hands),
        _cards_text(scenario.stock),
        scenario.leader,
        ".".join(_play_text(play) for play in scenario.plays),
        scenario.comment,
    ]
    return "|".join(fields)


def _preset_text(name: str) -> str:
    return str(_PRESET_NAMES.index(name)) if name in _PRESET_NAMES else "=" + name


def _cards_text(cards: tuple[Card, ...]) -> str:
    return "".join(_CHAR_OF[card] for card in cards)


def _play_text(play: Play) -> str:
    targets = dict(play.placement)
    return play.seat + "".join(
        _CHAR_OF[card] + (">" + _CHAR_OF[targets[card]] if card in targets else "")
        for card in play.cards
    )


# -- decoding -----------------------------------------------------------------------------


_DAMAGED = Message("This position code is damaged or incomplete: check that the whole link was "
                   "copied.")


def decode(code: str) -> Scenario:
    """The scenario in ``code``, or ``PositionCodeError`` saying in plain words what is wrong."""
    payload = _payload(code)
    header, data, checksum = payload[0], payload[1:-4], payload[-4:]
    if zlib.crc32(payload[:-4]).to_bytes(4, "big") != checksum:
        raise PositionCodeError(
            _DAMAGED,
            "damaged",
        )
    if header >> 4 != VERSION or header & 0x0F & ~_DEFLATED:
        raise PositionCodeError(
            Message("This position code was made by another version of worms-tutor and cannot be "
                    "read here."),
            "version",
        )
    body = _inflate(data) if header & _DEFLATED else data
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise _content_error(Message("its text is not readable")) from None
    data_json = _scenario_json(text)
    try:
        return Scenario.from_json(data_json)
    except WormsError as error:
        field = getattr(error, "field", "")
        invalid = (Message("the position in it is not valid (the {part} part)",
                           part=field.split(".")[0].split("[")[0]) if field
                   else Message("the position in it is not valid"))
        raise _content_error(invalid) from error
    except Exception as error:  # a shared link must never end in a traceback
        raise _content_error(Message("the position in it is not valid")) from error


def _payload(code: Any) -> bytes:
    if not isinstance(code, str) or not code.strip():
        raise PositionCodeError(Message("No position code was given."), "empty")
    text = code.strip()
    if len(text) > MAX_CODE_LENGTH:
        raise PositionCodeError(
            Message("This text is too long to be a position code (over {length} characters).",
                    length=MAX_CODE_LENGTH),
            "length",
        )
    if not _CODE_PATTERN.fullmatch(text):
        raise PositionCodeError(
            Message("This is not a position code: codes use only letters, digits, '-' and '_'."),
            "characters",
        )
    try:
        payload = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise PositionCodeError(
            _DAMAGED,
            "damaged",
        ) from None
    if len(payload) < 6:
        raise PositionCodeError(
            Message("This position code is too short: check that the whole link was copied."),
            "damaged"
        )
    return payload


def _inflate(data: bytes) -> bytes:
    inflater = zlib.decompressobj(-15)
    try:
        body = inflater.decompress(data, _MAX_BODY)
    except zlib.error:
        raise _content_error(Message("its contents cannot be unpacked")) from None
    if inflater.unconsumed_tail or not inflater.eof:
        raise _content_error(Message("its contents are too large or cut short"))
    return body


def _content_error(what: Message) -> PositionCodeError:
    return PositionCodeError(Message("This position code cannot be opened: {what}.", what=what),
                             "content")


def _scenario_json(text: str) -> dict[str, Any]:
    """The scenario contract's JSON object from a body; layout errors become our errors."""
    fields = text.split("|", _FIELDS - 1)
    if len(fields) != _FIELDS:
        raise _content_error(Message("parts of it are missing"))
    (rules_text, score_text, previous_text, played_text, first_text, hands_text, stock_text,
     leader, plays_text, comment) = fields
    preset_text, _, switches = rules_text.partition(",")
    if _DIGIT.fullmatch(preset_text) and int(preset_text) < len(_PRESET_NAMES):
        name = _PRESET_NAMES[int(preset_text)]
    elif preset_text.startswith("=") and preset_text[1:] in PRESETS:
        name = preset_text[1:]
    else:
        raise _content_error(Message("it names no known rules"))
    try:
        rules = Rules.parse(name + ("," + switches if switches else ""))
    except (WormsError, KeyError):
        raise _content_error(Message("its rule switches are not valid")) from None
    side_names = sides(rules.players)
    seats = rules.seats
    hands = hands_text.split(".")
    if len(hands) != len(seats):
        raise _content_error(Message("it does not have one hand per player"))
    data: dict[str, Any] = {
        "variant": rules.variant,
        "rules": rules.overrides(),
        "hands": {seat: _cards(cards) for seat, cards in zip(seats, hands, strict=True)},
        "stock": _cards(stock_text),
        "played": _cards(played_text),
        "leader": leader,
        "plays": [_play(part) for part in plays_text.split(".")] if plays_text else [],
        "comment": comment,
    }
    if score_text:
        points = score_text.split(".")
        if len(points) != len(side_names) or not all(_POINTS.fullmatch(p) for p in points):
            raise _content_error(Message("its score is not valid"))
        data["score"] = {side: int(p) for side, p in zip(side_names, points, strict=True)}
    if not all(_DIGIT.fullmatch(char) and int(char) < len(side_names) for char in previous_text):
        raise _content_error(Message("its list of earlier tricks is not valid"))
    data["previous"] = [side_names[int(char)] for char in previous_text]
    if first_text not in ("", "1"):
        raise _content_error(Message("it is not valid"))
    data["first_lead_of_match"] = first_text == "1"
    return data


def _cards(text: str) -> list[str]:
    try:
        return [str(_CARD_OF[char]) for char in text]
    except KeyError:
        raise _content_error(Message("it names a card that does not exist")) from None


def _play(text: str) -> str:
    if not text or text[0] not in "NESWABC":
        raise _content_error(Message("one of its plays has no seat"))
    parts: list[str] = []
    index = 1
    while index < len(text):
        card = _cards(text[index])[0]
        index += 1
        if text[index:index + 1] == ">":
            card += ">" + _cards(text[index + 1:index + 2] or "!")[0]
            index += 2
        parts.append(card)
    if not parts:
        raise _content_error(Message("one of its plays has no card"))
    return f"{text[0]}: {' '.join(parts)}"
