"""Time from a click on a card to the puzzle's feedback on a Voila page, next to a bare
ipywidgets Button → HTML round trip measured on the same page in the same run.

    .venv/bin/python benchmarks/click_feedback.py [--runs 20] [--puzzle ID]

It writes a small notebook to a temporary folder (the puzzle twice: checked on pick, as the
tutor shows it, and with ``check_on_pick=False``; one bare Button with an HTML), serves it
with Voila from the repository root (so voila.json applies), opens it in headless Chromium and
times, inside the page (``performance.now`` and a MutationObserver):

- bare:       a click on the Button until the HTML shows the new count;
- card:       a click on a card until the feedback names it (the puzzle checks on pick);
- card+check: without check on pick, a click on a card and at once on Check, until then;
- check:      without check on pick, a click on Check with the card already picked.

The cards of the hand take turns, so every feedback differs from the one before (a wrong
card's feedback also draws the predicted replies on a table). Each timing starts after a short
rest, so no click waits behind the previous one's messages. Prints medians and the ratios to
the bare round trip (goal: card within 1.3×). Not part of `make test`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path
from typing import Any

import nbformat
from playwright.sync_api import Page, sync_playwright

from worms_tutor.analysis.puzzle import load_puzzle_file
from worms_tutor.widgets.puzzle import PUZZLES

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository, for tools/
from tools.headless import CHROMIUM, CHROMIUM_ARGS, free_port, hermetic_env, start_voila

REPO = Path(__file__).resolve().parents[1]
WARM_UP = 3
REST_MS = 400

# Click each selector in turn, then resolve with the ms until `watch` contains `expect`.
TIMED_CLICKS = """async ({clicks, watch, expect}) => {
  const seen = () => {
    const node = document.querySelector(watch);
    return node !== null && node.textContent.includes(expect);
  };
  const done = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (seen()) { observer.disconnect(); resolve(performance.now()); }
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true});
  });
  const start = performance.now();
  for (const selector of clicks) document.querySelector(selector).click();
  return (await done) - start;
}"""


def notebook(puzzle_id: str) -> Any:
    """The page: one puzzle and one bare round trip."""
    return nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell(
            "from worms_tutor.widgets import PuzzleWidget\n\n"
            f"instant = PuzzleWidget.from_id({puzzle_id!r})\n"
            'instant.add_class("bench-instant")\n'
            "instant"
        ),
        nbformat.v4.new_code_cell(
            f"button = PuzzleWidget.from_id({puzzle_id!r}, check_on_pick=False)\n"
            'button.add_class("bench-button")\n'
            "button"
        ),
        nbformat.v4.new_code_cell(
            "import ipywidgets\n\n"
            'button = ipywidgets.Button(description="Bare")\n'
            'button.add_class("bench-bare-button")\n'
            'shown = ipywidgets.HTML("clicks 0")\n'
            'shown.add_class("bench-bare-out")\n'
            "clicks = [0]\n\n\n"
            "def count(_button):\n"
            "    clicks[0] += 1\n"
            '    shown.value = f"clicks {clicks[0]}"\n\n\n'
            "button.on_click(count)\n"
            "ipywidgets.HBox([button, shown])"
        ),
    ], metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                "language": "python"}})


def timed(page: Page, clicks: list[str], watch: str, expect: str) -> float:
    page.wait_for_timeout(REST_MS)  # let the kernel finish whatever came before
    ms: float = page.evaluate(TIMED_CLICKS, {"clicks": clicks, "watch": watch, "expect": expect})
    return ms


def card(code: str, puzzle: str = ".bench-button") -> str:
    return f'{puzzle} .wt-hand__card[data-card="{code}"]'


def measure(
    page: Page, runs: int, cards: list[str], said: dict[str, str]
) -> dict[str, list[float]]:
    """Cycle through ``cards`` (so each feedback differs from the one before); return the
    timings in ms, warm-up rounds dropped (needs four cards or more)."""
    results: dict[str, list[float]] = {"bare": [], "card": [], "card+check": [], "check": []}
    check = ".bench-button button.wt-check"
    for index in range(WARM_UP + runs):
        # right and wrong cards in turn; never the card picked just before
        first, second = cards[index % len(cards)], cards[(index + 2) % len(cards)]
        timings = {
            "bare": timed(page, [".bench-bare-button"], ".bench-bare-out",
                          f"clicks {index + 1}"),
            "card": timed(page, [card(first, ".bench-instant")], ".bench-instant .wt-feedback",
                          said[first]),
            "card+check": timed(page, [card(first), check], ".bench-button .wt-feedback",
                                said[first]),
        }
        page.locator(card(second)).click()  # picked first: only the Check round trip counts
        page.wait_for_selector(f'{card(second)}[aria-pressed="true"]')
        timings["check"] = timed(page, [check], ".bench-button .wt-feedback", said[second])
        if index >= WARM_UP:
            for name, value in timings.items():
                results[name].append(value)
    return results


def report(results: dict[str, list[float]]) -> None:
    bare = statistics.median(results["bare"])
    for name, values in results.items():
        median = statistics.median(values)
        ratio = "" if name == "bare" else f"   ratio to bare {median / bare:.2f}×"
        print(f"{name:11} median {median:6.1f} ms  (min {min(values):6.1f}, max "
              f"{max(values):6.1f}, {len(values)} runs){ratio}")
    goal = statistics.median(results["card"]) / bare
    print(f"goal: card → feedback within 1.3× bare: {'met' if goal <= 1.3 else 'NOT met'} "
          f"({goal:.2f}×)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--puzzle", default="leave-partners-seven")
    args = parser.parse_args()
    puzzle = load_puzzle_file(PUZZLES / f"{args.puzzle}.json")
    cards = [c.code for c in puzzle.hand]
    if puzzle.kind != "play" or puzzle.cards_to_pick != 1 or len(cards) < 4:
        raise SystemExit("the benchmark needs a puzzle answered with one card of four")
    said = {}
    for code in cards:  # what the feedback starts with for each card, from the engine
        verdict = puzzle.check([code])
        said[code] = f"{'Correct' if verdict.correct else 'Not quite'}: {verdict.answer}."

    folder = hermetic_env() / "pages"
    folder.mkdir()
    nbformat.write(notebook(args.puzzle), folder / "click.ipynb")

    port = free_port()
    proc, _ = start_voila(folder, port)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM,
                                         args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"http://127.0.0.1:{port}/voila/render/click.ipynb", timeout=60_000)
            page.wait_for_selector(card(cards[-1], ".bench-instant"), timeout=60_000)
            page.wait_for_selector(".bench-bare-button", timeout=60_000)
            results = measure(page, args.runs, cards, said)
            browser.close()
    finally:
        proc.terminate()
        proc.wait()
    report(results)
    if os.environ.get("BENCH_DETAIL"):
        print(results)


if __name__ == "__main__":
    main()
