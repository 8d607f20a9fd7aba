"""Engine speed: random complete hands per second, legal-play listing and trick resolution
times, and the referee CLI's start-up next to a bare Python start-up. Prints figures only.

Run: .venv/bin/python benchmarks/engine.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from worms_tutor.mechanics.game import Match
from worms_tutor.mechanics.hand import HandState
from worms_tutor.values.play import Play
from worms_tutor.values.rules import Rules

SCENARIO = """{"variant": "english", "hands": {"N": ["KH", "9C"], "E": ["JC", "5D"],
"S": ["KS", "6H"], "W": ["9S", "QC"]}, "leader": "N",
"plays": ["N: KH", "E: JC", "S: 6H", "W: 9S"]}"""


def random_hands_per_second(rules: Rules, seconds: float, windows: int = 5) -> list[float]:
    """Play random legal plays (uniform over the legal list) and count finished hands per
    second, in ``windows`` equal time windows. The deals go on from window to window, so no
    window replays another's hands; the spread shows how much the machine itself varies."""
    rng = random.Random(1)
    seed = 0
    match = None
    rates = []
    for _ in range(windows):
        hands = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / windows:
            if match is None or match.over:
                seed += 1
                match = Match.new(rules, seed)
            number = match.hand_number
            while match.hand_number == number and not match.over:
                match = match.play(rng.choice(match.hand.legal_plays()))
            hands += 1
        rates.append(hands / (time.perf_counter() - start))
    return rates


def sample_states(rules: Rules, count: int) -> list[HandState]:
    """States met in random play, to time single operations on."""
    rng = random.Random(2)
    states: list[HandState] = []
    seed = 0
    while len(states) < count:
        seed += 1
        match = Match.new(rules, seed)
        while not match.over and len(states) < count:
            states.append(match.hand)
            match = match.play(rng.choice(match.hand.legal_plays()))
    return states


def microseconds_per_call(action, items: list, repeat: int = 3) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            action(item)
        best = min(best, (time.perf_counter() - start) / len(items))
    return best * 1e6


def startup_seconds(command: list[str], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=False, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per preset")
    args = parser.parse_args()
    print("Random complete hands per second, one core, median of 5 windows (best, worst);"
          " goal for english: >= 2000")
    for name in ("english", "danish-club", "ru-literal"):
        for players in ((4, 3, 2) if name == "english" else (4,)):
            rules = Rules.preset(name, {"S1": players})
            rates = random_hands_per_second(rules, args.seconds)
            print(f"  {name:12} {players} players: {statistics.median(rates):8.0f} hands/s "
                  f"({max(rates):.0f}, {min(rates):.0f})")

    rules = Rules.preset("english")
    states = sample_states(rules, 3000)
    listing = microseconds_per_call(lambda s: s.legal_plays(), states)
    print(f"Legal-play listing: {listing:.1f} µs per call ({len(states)} positions)")
    tricks = [s.trick for s in states if s.trick.steps]
    plays = [(t, Play(s.to_move or "", s.hand_of(s.to_move or "")[: t.size]))
             for s, t in ((s, s.trick) for s in states if s.trick.steps and s.to_move)
             if len(s.hand_of(s.to_move or "")) >= t.size]
    resolve = microseconds_per_call(lambda pair: pair[0].attempt(pair[1]), plays)
    print(f"Trick resolution (one group against the head): {resolve:.1f} µs per call "
          f"({len(tricks)} tricks)")

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scenario.json"
        path.write_text(SCENARIO, encoding="utf-8")
        bare = startup_seconds([sys.executable, "-c", "pass"])
        referee = startup_seconds([sys.executable, "-m", "worms_tutor", "referee", str(path)])
    print(f"Referee CLI start-up: {referee * 1000:.0f} ms (python -c pass: {bare * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
