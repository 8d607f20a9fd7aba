"""The referee command line through a real subprocess (design.md §2, the contract).

``python -m worms_tutor referee FILE|-`` prints the contract JSON (exit 0 for a legal or an
illegal replay), ``--legal`` the legal plays of the seat to move, ``--text`` readable lines;
a malformed scenario exits 2 with one stderr line naming the bad field, never a traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .helpers import build

CAPTURE = {
    "variant": "danish-club",
    "rules": {"V": 1},
    "score": {"NS": 7, "EW": 3},
    "previous": ["NS", "EW", "NS"],
    "played": ["8C", "9D", "5S", "QH"],
    "hands": {"N": ["KH", "9C"], "E": ["JC", "5D"], "S": ["KS", "6H"], "W": ["9S", "QC"]},
    "stock": ["AH", "8D"],
    "leader": "N",
    "plays": ["N: KH", "E: JC", "S: 6H", "W: 9S"],
}
"""design.md's example (its ``played`` holds JC, which E also holds; here 8C instead)."""


def referee(*args: str, stdin: str | None = None, cwd: Path | None = None
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "worms_tutor", "referee", *args],
        input=stdin, capture_output=True, text=True, timeout=60, cwd=cwd,
    )


def write(tmp_path: Path, data: Any, name: str = "scenario.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def answer(tmp_path: Path, data: Any, *flags: str) -> Any:
    done = referee(*flags, write(tmp_path, data))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return json.loads(done.stdout)


def test_referee_json_shape(tmp_path: Path) -> None:
    result = answer(tmp_path, CAPTURE)
    assert set(result) == {"tricks", "illegal", "hand_over", "hand_points", "score",
                           "match_winner"}
    (trick,) = result["tricks"]
    assert set(trick) == {"leader", "winner", "units", "points", "events", "reasons"}
    assert trick["leader"] == "N"
    assert trick["winner"] == "E"
    assert trick["units"] == 1
    assert trick["points"] == {"NS": 0, "EW": 2}
    assert trick["events"] == ["P1"]
    assert all(isinstance(reason, str) and reason for reason in trick["reasons"])
    assert any("R6.1" in reason and "JC" in reason for reason in trick["reasons"])
    assert result["illegal"] is None
    assert result["hand_over"] is False
    assert result["hand_points"] is None
    assert result["score"] == {"NS": 7, "EW": 5}
    assert result["match_winner"] is None


def test_referee_reports_the_match_winner(tmp_path: Path) -> None:
    data = {**CAPTURE, "score": {"NS": 2, "EW": 7}}
    result = answer(tmp_path, data)
    assert result["score"] == {"NS": 2, "EW": 9}
    assert result["match_winner"] == "EW"
    assert result["hand_over"] is True


def test_referee_reads_standard_input(tmp_path: Path) -> None:
    text = json.dumps(CAPTURE)
    from_stdin = referee("-", stdin=text)
    from_file = referee(write(tmp_path, CAPTURE))
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert json.loads(from_stdin.stdout) == json.loads(from_file.stdout)


def test_legal_lists_the_forced_toqu(tmp_path: Path) -> None:
    data = {**CAPTURE, "plays": ["N: KH"]}
    assert answer(tmp_path, data, "--legal") == {
        "seat": "E", "plays": [{"play": "E: JC", "heads": True}]}


def test_legal_plays_can_be_appended_as_they_are(tmp_path: Path) -> None:
    data = {**CAPTURE, "variant": "english", "plays": ["N: KH", "E: JC"]}
    legal = answer(tmp_path, data, "--legal")
    assert legal["seat"] == "S"
    offered = {entry["play"]: entry["heads"] for entry in legal["plays"]}
    assert offered == {"S: KS": False, "S: 6H": False}
    for play in offered:
        result = answer(tmp_path, {**data, "plays": [*data["plays"], play]})
        assert result["illegal"] is None


def test_legal_lead_lists_sets(tmp_path: Path) -> None:
    data = {"hands": {"N": ["5C", "5S", "QD"], "E": ["6C", "8C"], "S": ["6D", "8D"],
                      "W": ["6H", "8H"]},
            "leader": "N", "plays": []}
    legal = answer(tmp_path, data, "--legal")
    assert legal["seat"] == "N"
    assert sorted(entry["play"] for entry in legal["plays"]) == sorted(
        ["N: 5C", "N: 5S", "N: QD", "N: 5C 5S"])
    assert all(entry["heads"] for entry in legal["plays"])


def test_legal_after_the_last_card(tmp_path: Path) -> None:
    data = build("english", "N:9C E:5C S:6C W:5D", final=True,
                 previous=["NS", "EW"] * 4)
    assert answer(tmp_path, data, "--legal") == {"seat": None, "plays": []}
    result = answer(tmp_path, data)
    assert result["hand_over"] is True
    assert result["hand_points"] == {"NS": 1, "EW": 0}


def test_text_output_is_for_people(tmp_path: Path) -> None:
    done = referee("--text", write(tmp_path, CAPTURE))
    assert done.returncode == 0, done.stderr
    text = done.stdout
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)
    assert "Trick 1" in text
    assert "N: KH" in text and "E: JC" in text
    assert "E wins" in text
    assert "P1" in text
    assert "NS 7" in text and "EW 5" in text


def test_text_output_names_an_illegal_play(tmp_path: Path) -> None:
    data = {**CAPTURE, "plays": ["N: KH", "E: 5D"]}
    done = referee("--text", write(tmp_path, data))
    assert done.returncode == 0
    assert "Illegal" in done.stdout and "O1" in done.stdout


# -- illegal plays are answers (exit 0) -------------------------------------------------------


@pytest.mark.parametrize(("plays", "index", "seat", "rule"), [
    (["E: JC"], 0, "E", "R9.1"),
    (["N: KH", "S: 6H"], 1, "S", "R7.1"),
    (["N: KH", "E: 9S"], 1, "E", "R8.3"),
    (["N: 9C", "E: JC 5D"], 1, "E", "R10.1"),
    (["N: KH 9C"], 0, "N", "R9.2"),
    (["N: KH", "E: 5D"], 1, "E", "O1"),
])
def test_illegal_play_is_reported_not_malformed(tmp_path: Path, plays: list[str], index: int,
                                                seat: str, rule: str) -> None:
    result = answer(tmp_path, {**CAPTURE, "plays": plays})
    illegal = result["illegal"]
    assert illegal["index"] == index
    assert illegal["seat"] == seat
    assert illegal["rule"] == rule
    assert isinstance(illegal["message"], str) and illegal["message"]
    assert result["score"] == {"NS": 7, "EW": 3}


def test_a_set_up_position_is_played_out_when_a_hand_runs_out(tmp_path: Path) -> None:
    # two cards of stock for four players: after the draw two hands hold a card more, and the
    # hand ends with the trick that empties the others (no seat is left to move with nothing)
    after = {**CAPTURE, "plays": [*CAPTURE["plays"], "E: 5D", "S: KS", "W: QC", "N: 9C"]}
    legal = answer(tmp_path, after, "--legal")
    result = answer(tmp_path, after)
    assert result["hand_over"] is True
    assert legal == {"seat": None, "plays": []}
    assert result["illegal"] is None


def test_tricks_before_an_illegal_play_are_still_reported(tmp_path: Path) -> None:
    data = {**CAPTURE, "plays": [*CAPTURE["plays"], "N: 9C"]}
    result = answer(tmp_path, data)
    assert len(result["tricks"]) == 1
    assert result["illegal"]["index"] == 4
    assert result["illegal"]["rule"] == "R9.1"


# -- malformed scenarios (exit 2, one line naming the field) ----------------------------------


def with_hand(seat: str, cards: list[str]) -> dict[str, Any]:
    return {**CAPTURE, "hands": {**CAPTURE["hands"], seat: cards}}


MALFORMED = {
    "bad JSON": ("{not json", ["JSON"]),
    "not an object": ("[1, 2]", ["object"]),
    "unknown variant": ({**CAPTURE, "variant": "swedish"}, ["variant", "swedish"]),
    "unknown switch": ({**CAPTURE, "rules": {"S99": 1}}, ["rules", "S99"]),
    "bad switch value": ({**CAPTURE, "rules": {"S9": "sometimes"}}, ["S9", "sometimes"]),
    "card KD": (with_hand("N", ["KD", "9C"]), ["hands.N", "KD"]),
    "card 10H": (with_hand("N", ["10H"]), ["hands.N", "10H"]),
    "card twice": (with_hand("N", ["KH", "JC"]), ["JC"]),
    "card in stock and hand": ({**CAPTURE, "stock": ["KH"]}, ["stock", "KH"]),
    "five cards": (with_hand("N", ["KH", "9C", "AD", "AC", "AS"]), ["hands.N"]),
    "unknown seat in hands": ({**CAPTURE, "hands": {**CAPTURE["hands"], "X": []}}, ["hands"]),
    "missing seat": ({**CAPTURE, "hands": {"N": ["KH"], "E": [], "S": []}}, ["hands"]),
    "unknown seat in plays": ({**CAPTURE, "plays": ["X: KH"]}, ["plays[0]"]),
    "bad card in plays": ({**CAPTURE, "plays": ["N: KD"]}, ["plays[0]", "KD"]),
    "bad leader": ({**CAPTURE, "leader": "Q"}, ["leader"]),
    "missing plays": ({k: v for k, v in CAPTURE.items() if k != "plays"}, ["plays"]),
    "unknown key": ({**CAPTURE, "dealer": "W"}, ["dealer"]),
    "bad score": ({**CAPTURE, "score": {"NS": -1}}, ["score"]),
    "bad previous": ({**CAPTURE, "previous": ["NE"]}, ["previous"]),
    "club rules for three seats": ({"variant": "danish-club", "leader": "A", "plays": [],
                                    "hands": {"A": ["KH"], "B": ["5D"], "C": ["6D"]}},
                                   ["hands", "S1"]),
    # impossible positions
    "seat named twice": ({**CAPTURE, "hands": {**CAPTURE["hands"], "n": ["9D"]}},
                         ["hands.n", "N"]),
    "every hand empty": ({**CAPTURE, "hands": {seat: [] for seat in "NESW"}, "plays": []},
                         ["hands", "empty"]),
    "score past the target with overshoot": (
        {**CAPTURE, "variant": "danish-club", "score": {"NS": 10}}, ["score.NS", "S14"]),
    "more trick units than a hand has": ({**CAPTURE, "previous": ["NS"] * 10}, ["previous"]),
    "first lead of a match after a trick": (
        {**CAPTURE, "first_lead_of_match": True, "previous": ["EW"]}, ["first_lead_of_match"]),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_scenario_exits_2_naming_the_field(tmp_path: Path, case: str) -> None:
    data, names = MALFORMED[case]
    modes: tuple[tuple[str, ...], ...] = ((),)
    if case in ("bad JSON", "card KD", "unknown switch"):
        modes = ((), ("--legal",), ("--text",))
    for flags in modes:
        done = referee(*flags, write(tmp_path, data))
        assert done.returncode == 2, (case, flags, done.stdout)
        assert done.stdout == ""
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1, done.stderr
        assert "Traceback" not in done.stderr
        for name in names:
            assert name in lines[0], (name, lines[0])


def test_a_score_past_the_target_without_overshoot_is_a_finished_match(tmp_path: Path) -> None:
    result = answer(tmp_path, {**CAPTURE, "variant": "english", "score": {"NS": 10}, "plays": []})
    assert result["match_winner"] == "NS"


def test_missing_file_exits_2_with_one_line(tmp_path: Path) -> None:
    done = referee(str(tmp_path / "nowhere.json"))
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "nowhere.json" in done.stderr


def test_malformed_stdin_exits_2(tmp_path: Path) -> None:
    done = referee("-", stdin="")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr
