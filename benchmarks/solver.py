"""Solver speed: time to solve random stock-empty positions (every best play, value and line).

Positions come from random legal play: a seeded match is played at random until the stock is
empty and a trick is about to start with four cards in every hand. Times are per position,
wall clock and CPU (the CPU time is what the solver costs on a machine busy with other work).
Goal (issue 5): median <= 50 ms, worst <= 1 s. Prints figures only.

Run: .venv/bin/python benchmarks/solver.py [--positions 300] [--variant english]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from worms_tutor.analysis.solver import solve
from worms_tutor.mechanics.game import Match
from worms_tutor.mechanics.hand import HandState
from worms_tutor.values.rules import Rules


def stock_empty_positions(rules: Rules, count: int, cards: int = 4) -> list[HandState]:
    """Positions from random legal play: empty stock, a trick to lead, ``cards`` in each hand."""
    found: list[HandState] = []
    seed = 0
    while len(found) < count:
        seed += 1
        rng = random.Random(seed)
        state = Match.new(rules, seed).hand
        while state.to_move is not None:
            if (not state.stock and state.trick.is_empty
                    and all(len(held) == cards for _, held in state.hands)):
                found.append(state)
                break
            state = state.play(rng.choice(state.legal_plays()))
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--variant", action="append",
                        help="preset(s) to time (default: english and danish-club)")
    args = parser.parse_args()
    print("Exact solver on random stock-empty positions, four cards each "
          "(goal: median <= 50 ms, worst <= 1 s)")
    for name in args.variant or ["english", "danish-club"]:
        rules = Rules.preset(name)
        positions = stock_empty_positions(rules, args.positions)
        walls: list[float] = []
        cpus: list[float] = []
        nodes: list[int] = []
        for state in positions:
            wall, cpu = time.perf_counter(), time.process_time()
            solution = solve(state)
            cpus.append(time.process_time() - cpu)
            walls.append(time.perf_counter() - wall)
            nodes.append(solution.nodes)
        print(f"  {name:12} {len(positions)} positions")
        for label, values in (("wall", walls), ("cpu", cpus)):
            print(f"    {label:4} median {statistics.median(values) * 1000:7.1f} ms   "
                  f"p90 {percentile(values, 0.9) * 1000:7.1f} ms   "
                  f"worst {max(values) * 1000:7.1f} ms   "
                  f"share <= 50 ms {sum(v <= 0.05 for v in values) / len(values):5.1%}")
        print(f"    positions visited: median {statistics.median(nodes):.0f}, "
              f"worst {max(nodes)}")


if __name__ == "__main__":
    main()
