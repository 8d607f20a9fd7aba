"""Bot strength: seeded matches between two bots playing as partners, win rates with 95%
confidence intervals (Wilson), under the english and danish-club presets.

Each pairing plays matches with seeds 1..N; on odd seeds the first bot sits N–S, on even
seeds E–W, so neither side profits from the seats. Goals (issue 5): heuristic beats random in
>= 75% of matches, sampling beats heuristic in >= 60%. Also prints the sampling bot's thinking
time per move. Prints figures only.

Run: .venv/bin/python benchmarks/bots.py [--matches 100] [--jobs 2] [--samples 12]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import time
from dataclasses import dataclass

from worms_tutor.analysis.bots import (
    Bot,
    HeuristicBot,
    InformationSet,
    RandomBot,
    SamplingBot,
    play_match,
)
from worms_tutor.mechanics.legality import LegalPlay
from worms_tutor.values.rules import Rules


@dataclass
class Timed:
    """A bot whose thinking time (wall and CPU) is recorded per move."""

    bot: Bot
    walls: list[float]
    cpus: list[float]

    @property
    def name(self) -> str:
        return self.bot.name

    def choose(self, view: InformationSet, rng: random.Random) -> LegalPlay:
        wall, cpu = time.perf_counter(), time.process_time()
        choice = self.bot.choose(view, rng)
        self.cpus.append(time.process_time() - cpu)
        self.walls.append(time.perf_counter() - wall)
        return choice


def make_bot(kind: str, samples: int) -> Bot:
    if kind == "random":
        return RandomBot()
    if kind == "heuristic":
        return HeuristicBot()
    return SamplingBot(samples=samples)


def one_match(job: tuple[str, str, str, int, int]) -> tuple[bool, int, list[float], list[float]]:
    """Play one match; report whether the first bot's side won, the hands, and move times."""
    variant, first, second, seed, samples = job
    rules = Rules.preset(variant)
    timed = Timed(make_bot(first, samples), [], [])
    other = make_bot(second, samples)
    first_side = ("N", "S") if seed % 2 else ("E", "W")
    bots: dict[str, Bot] = {seat: timed if seat in first_side else other
                            for seat in rules.seats}
    match = play_match(rules, bots, seed=seed)
    won = match.winner == ("NS" if seed % 2 else "EW")
    return won, match.hand_number, timed.walls, timed.cpus


def wilson(wins: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if total == 0:
        return 0.0, 1.0
    rate = wins / total
    centre = (rate + z * z / (2 * total)) / (1 + z * z / total)
    spread = z * math.sqrt(rate * (1 - rate) / total + z * z / (4 * total * total))
    spread /= 1 + z * z / total
    return centre - spread, centre + spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=100, help="matches per pairing")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--samples", type=int, default=SamplingBot().samples,
                        help="worlds per decision for the sampling bot")
    parser.add_argument("--pairing", action="append", choices=["heuristic-random",
                                                               "sampling-heuristic"])
    parser.add_argument("--variant", action="append")
    args = parser.parse_args()
    pairings = args.pairing or ["heuristic-random", "sampling-heuristic"]
    print(f"Seeded matches, {args.matches} per pairing and preset (goals: heuristic beats "
          f"random >= 75%, sampling beats heuristic >= 60%)")
    with multiprocessing.Pool(args.jobs) as pool:
        for pairing in pairings:
            first, second = pairing.split("-")
            for variant in args.variant or ["english", "danish-club"]:
                start = time.perf_counter()
                jobs = [(variant, first, second, seed, args.samples)
                        for seed in range(1, args.matches + 1)]
                results = pool.map(one_match, jobs)
                wins = sum(won for won, _, _, _ in results)
                low, high = wilson(wins, len(results))
                hands = statistics.mean(h for _, h, _, _ in results)
                print(f"  {first} vs {second:9} {variant:12} wins {wins:3}/{len(results)} "
                      f"= {wins / len(results):5.1%}  95% CI [{low:5.1%}, {high:5.1%}]  "
                      f"{hands:.1f} hands/match  ({time.perf_counter() - start:.0f} s)")
                if first == "sampling":
                    walls = [t for _, _, w, _ in results for t in w]
                    cpus = [t for _, _, _, c in results for t in c]
                    for label, values in (("wall", walls), ("cpu", cpus)):
                        ordered = sorted(values)
                        print(f"      {label} per move: median {statistics.median(values):.3f} s"
                              f", p90 {ordered[int(0.9 * len(ordered))]:.3f} s, "
                              f"p99 {ordered[int(0.99 * len(ordered))]:.3f} s, "
                              f"max {ordered[-1]:.3f} s ({len(values)} moves)")


if __name__ == "__main__":
    main()
