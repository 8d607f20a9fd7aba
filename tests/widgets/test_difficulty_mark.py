"""Beside a puzzle's rules badge, its difficulty by the engine's measure: ●○○ easy to ●●●
hard, with the level in words for a screen reader."""

from __future__ import annotations

import html
import re

from worms_tutor.analysis.difficulty import difficulty
from worms_tutor.widgets import series
from worms_tutor.widgets.puzzle import PuzzleWidget


def _mark(puzzle_id: str) -> str:
    header = PuzzleWidget(series.load(puzzle_id)).children[0].value
    found = re.search(r'<span class="wt-difficulty"[^>]*aria-label="([^"]+)"[^>]*>(.*?)</span>'
                      r"\s*</span>", header, re.S)
    assert found, "the header shows the difficulty"
    shown = html.unescape(re.sub(r"<[^>]+>", " ", found[2]))
    return f"{found[1]} | {' '.join(shown.split())}"


def test_an_easy_and_a_hard_puzzle_show_their_levels() -> None:
    levels = {pid: difficulty(series.load(pid)) for chapter in series.chapters()
              for pid in chapter.puzzle_ids}
    easy = next(pid for pid, found in levels.items() if found.level == 1)
    hard = next(pid for pid, found in levels.items() if found.level == 3)
    assert _mark(easy) == "Difficulty: easy, 1 of 3 | ●○○ easy"
    assert _mark(hard) == "Difficulty: hard, 3 of 3 | ●●● hard"
