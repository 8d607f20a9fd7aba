"""Position codes: every valid scenario round-trips; anything else gives only our error."""

from __future__ import annotations

import base64
import random
import zlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from worms_tutor.formats.codes import MAX_CODE_LENGTH, VERSION, PositionCodeError, decode, encode
from worms_tutor.formats.scenario import Scenario
from worms_tutor.mechanics.game import Match
from worms_tutor.values.cards import PACK
from worms_tutor.values.errors import ScenarioError, WormsError
from worms_tutor.values.rules import PRESETS, Rules
from worms_tutor.values.seating import sides

from .helpers import rules_for

CARD_CODES = [str(card) for card in PACK]
SWITCH_CHOICES: dict[str, list[Any]] = {
    "S2": ["non_lead", "last_only"],
    "S3": ["counts_as_led", "ordinary"],
    "S4": [True, False],
    "S5": ["any_later", "immediately_next"],
    "S6": ["on", "off"],
    "S7": ["sets", "sets+two_pairs"],
    "S9": ["declared", "any_matching"],
    "S10": ["always", "if_can_take_trick", "off"],
    "S11": ["on", "off"],
    "S12": ["dk", "pg"],
    "S14": ["on", "off", {"target": 12, "overshoot": False}],
    "S15": ["cards_per_player", "one"],
    "V": [0, 1, 2, 3],
}


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    """Valid scenarios of every shape: any preset, switches, cards anywhere, any plays
    (legal or not: a scenario may record an illegal play)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    variant = draw(st.sampled_from(sorted(PRESETS)))
    players = 4 if variant == "danish-club" else rng.choice([4, 3, 2])
    seats = Rules.preset(variant, {"S1": players}).seats
    switches = rng.sample(sorted(SWITCH_CHOICES), rng.randrange(5))
    overrides = {key: rng.choice(SWITCH_CHOICES[key]) for key in switches}
    cards = list(CARD_CODES)
    rng.shuffle(cards)
    hands: dict[str, list[str]] = {}
    for seat in seats:
        size = rng.randrange(1 if seat == seats[0] else 0, 5)  # a card left to play
        hands[seat], cards = cards[:size], cards[size:]
    stock_size = rng.randrange(len(cards) + 1)
    stock, cards = cards[:stock_size], cards[stock_size:]
    played = cards[: rng.randrange(len(cards) + 1)]
    side_names = sides(players)
    rules = Rules.preset(variant, {"S1": players, **overrides})
    tricks = 12 if players == 3 else 9  # trick units in a hand
    # fewer units than a whole hand's, and under the club's count under five a side: the hand
    # must still be on
    previous = [rng.choice(side_names) for _ in range(rng.randrange(tricks))]
    if rules.hand_end == "dk":
        previous = [side for at, side in enumerate(previous) if previous[:at + 1].count(side) < 5]
    top = rules.target if rules.match_rules.overshoot else 40  # a score never past the target
    plays = []
    for _ in range(rng.randrange(13)):
        group = rng.sample(CARD_CODES, rng.randint(1, 4))
        parts = [f"{card}>{rng.choice(CARD_CODES)}" if rng.random() < 0.2 else card
                 for card in group]
        plays.append(f"{rng.choice(seats)}: {' '.join(parts)}")
    data: dict[str, Any] = {
        "variant": variant,
        "rules": overrides,
        "hands": hands,
        "stock": stock,
        "played": played,
        "leader": rng.choice(seats),
        "plays": plays,
        "previous": previous,
        "score": {side: rng.randrange(top + 1) for side in side_names},
        "first_lead_of_match": False,
        "comment": draw(st.text(max_size=30)),
    }
    if rng.random() < 0.5:  # the first lead of a match: nothing has happened before it
        data.update(first_lead_of_match=True, previous=[], played=[],
                    score=dict.fromkeys(side_names, 0))
    return Scenario.from_json(data)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_every_valid_scenario_round_trips(scenario: Scenario) -> None:
    code = encode(scenario)
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert decode(code) == scenario
    assert decode(f"  {code}\n") == scenario


def deal_scenario(variant: str = "english", players: int = 4, seed: int = 3) -> Scenario:
    hand = Match.new(rules_for(variant, players), seed).hand
    return Scenario(rules=hand.rules, hands=hand.hands, leader=hand.leader, stock=hand.stock,
                    score=hand.score, first_lead_of_match=True)


def test_codes_are_short() -> None:
    assert len(encode(deal_scenario())) <= 90
    assert len(encode(deal_scenario("danish-club"))) <= 90


def only_our_error(code: object) -> None:
    """Decoding gives a scenario or a PositionCodeError with a plain, markup-free message."""
    try:
        decode(code)  # type: ignore[arg-type]
    except PositionCodeError as error:
        message = str(error)
        assert message and "<" not in message and ">" not in message
        assert error.reason in {"empty", "characters", "length", "damaged", "version",
                                "content"}


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_gives_only_our_error(text: str) -> None:
    only_our_error(text)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_behind_base64_give_only_our_error(data: bytes) -> None:
    only_our_error(base64.urlsafe_b64encode(data).decode().rstrip("="))


def sealed(body: bytes, deflate: bool = False, version: int = VERSION) -> str:
    """A code with a correct header and checksum around any body, to reach the parser."""
    if deflate:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        body = packer.compress(body) + packer.flush()
    payload = bytes([version << 4 | int(deflate)]) + body
    payload += zlib.crc32(payload).to_bytes(4, "big")
    return base64.urlsafe_b64encode(payload).decode().rstrip("=")


BODY_PARTS = st.one_of(
    st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyzNESWABC.|>,=~", max_size=40),
    st.text(max_size=20),
)


@settings(max_examples=250, deadline=None)
@given(st.lists(BODY_PARTS, min_size=0, max_size=12), st.booleans())
def test_any_sealed_body_gives_a_scenario_or_our_error(parts: list[str], deflate: bool) -> None:
    only_our_error(sealed("|".join(parts).encode("utf-8", "surrogatepass"), deflate))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200), st.booleans())
def test_any_sealed_bytes_give_a_scenario_or_our_error(body: bytes, deflate: bool) -> None:
    only_our_error(sealed(body, deflate))


def test_every_truncation_and_every_one_letter_change_is_refused() -> None:
    code = encode(deal_scenario())
    original = decode(code)
    for length in range(len(code)):
        with pytest.raises(PositionCodeError):
            decode(code[:length])
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for index in range(len(code)):
        for letter in alphabet[::7]:
            changed = code[:index] + letter + code[index + 1:]
            if changed == code:
                continue
            try:
                assert decode(changed) == original  # only the unused last bits may change
            except PositionCodeError as error:
                assert error.reason in {"damaged", "version", "content"}


@pytest.mark.parametrize("hostile", [
    "<script>alert('x')</script>",
    "javascript:alert(1)",
    "\"><img src=x onerror=alert(1)>",
    "%3Cscript%3E",
    "A" * (MAX_CODE_LENGTH + 1),
    "\x00\x01\x02",
    "ＡＢＣ",
    "=" * 8,
    "",
    "   ",
])
def test_hostile_input_is_refused_in_plain_words(hostile: str) -> None:
    with pytest.raises(PositionCodeError):
        decode(hostile)
    only_our_error(hostile)


@pytest.mark.parametrize("thing", [None, 42, b"abc", ["x"], {"a": 1}])
def test_non_text_is_refused(thing: object) -> None:
    with pytest.raises(PositionCodeError) as caught:
        decode(thing)  # type: ignore[arg-type]
    assert caught.value.reason == "empty"


def test_foreign_version_and_zip_bomb_are_refused() -> None:
    body = encode(deal_scenario())
    with pytest.raises(PositionCodeError) as caught:
        decode(sealed(b"0|||||||N||", version=VERSION + 1))
    assert caught.value.reason == "version"
    with pytest.raises(PositionCodeError) as caught:
        decode(sealed(b"0" * 1_000_000, deflate=True))
    assert caught.value.reason == "content"
    assert decode(body) == deal_scenario()


def test_the_error_is_a_scenario_error_and_hides_the_code_text() -> None:
    with pytest.raises(ScenarioError) as caught:
        decode(sealed(b"0|||||||N|N<script>|"))
    assert isinstance(caught.value, WormsError)
    assert "script" not in str(caught.value)


def test_scenarios_with_illegal_plays_and_comments_round_trip() -> None:
    scenario = Scenario.from_json({
        "variant": "danish-club", "rules": {"S9": "any_matching", "V": 2},
        "score": {"NS": 7, "EW": 3}, "previous": ["NS", "EW", "NS"],
        "played": ["JC", "9D", "5S", "QH"], "first_lead_of_match": False,
        "hands": {"N": ["KH", "9C"], "E": ["5D", "6D"], "S": ["KS", "6H"], "W": ["9S", "QC"]},
        "stock": ["AH", "8D"], "leader": "N",
        "plays": ["N: KH", "E: 5D", "S: KS 6H", "W: 9S>KH"],
        "comment": "<b>not markup</b> | ünïcode",
    })
    assert decode(encode(scenario)) == scenario


def test_every_preset_is_written_compactly() -> None:
    from worms_tutor.formats import codes

    assert set(PRESETS) <= set(codes._PRESET_NAMES)


def test_a_preset_may_also_be_written_by_name() -> None:
    scenario = decode(sealed(b"=danish-club,V=2|||||j...||N||"))  # N holds KH
    assert scenario.rules == Rules.preset("danish-club", {"V": 2})
    with pytest.raises(PositionCodeError):
        decode(sealed(b"=no-such-preset|||||j...||N||"))
