"""How hard each chapter puzzle is, by the engine's measure (issue 27 §1: each chapter's
puzzles easy to hard, by a measure we state).

    .venv/bin/python benchmarks/difficulty.py

Prints, per chapter in page order, each puzzle's kind, the options its widget offers, its
steps (choices, rules, cards, tricks; see ``worms_tutor/analysis/difficulty.py``), their sum
and its level (●○○ easy, ●●○, ●●● hard), then per chapter how many puzzles each level has and
whether the page runs easy to hard. ``tests/series/test_puzzle_order.py`` checks the order.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from worms_tutor.analysis.difficulty import difficulty, options_offered  # noqa: E402
from worms_tutor.widgets import series  # noqa: E402


def main() -> None:
    print(f"{'puzzle':<36} {'kind':<10} {'options':>7} {'choices':>7} {'rules':>5} "
          f"{'cards':>5} {'tricks':>6} {'score':>5}  level")
    summary = []
    for chapter in series.chapters():
        shown = series.page_puzzle_ids(chapter)
        if not shown:
            continue
        levels = []
        for pid in shown:
            puzzle = series.load(pid)
            found = difficulty(puzzle)
            levels.append(found.level)
            print(f"{pid:<36} {puzzle.kind:<10} {options_offered(puzzle):>7} "
                  f"{found.choices:>7} {found.rules:>5} {found.cards:>5} {found.tricks:>6} "
                  f"{found.score:>5}  {found.mark}")
        ordered = "easy to hard" if levels == sorted(levels) else "OUT OF ORDER"
        counts = " ".join(f"{'●' * level}{'○' * (3 - level)} {levels.count(level):>2}"
                          for level in (1, 2, 3))
        summary.append(f"{chapter.number}  {len(shown):>2} puzzles  {counts}  {ordered}")
    print("\nchapter  puzzles by level, page order")
    print("\n".join(summary))


if __name__ == "__main__":
    main()
