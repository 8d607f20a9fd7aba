"""The lesson helpers a chapter cell calls, and the series tool, without a browser."""

from __future__ import annotations

import html
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from worms_tutor.formats.explain import plain
from worms_tutor.presentation.display import text_html
from worms_tutor.values.errors import WormsError
from worms_tutor.widgets import (
    drawing_cache,
    fragment,
    lazy_puzzles,
    lesson,
    page,
    page_widgets,
    progress_table,
    series,
    shared_drawings,
    worked,
)

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("worms_series_tool_2", REPO / "tools" / "series.py")
assert _spec and _spec.loader
series_tool = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = series_tool
_spec.loader.exec_module(series_tool)


@pytest.fixture
def new_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page on which no puzzle has been shown yet (a page view has a kernel of its own)."""
    monkeypatch.setattr(lazy_puzzles, "_SLOTS", [])


@pytest.fixture
def puzzle_above(new_page: None) -> None:
    """A page whose first puzzle has been shown: the puzzles after it start as previews."""
    page.outputs([lesson.puzzle("01-nine-beats-ace")])


def test_worked_trick_shows_the_engines_reasons() -> None:
    shown = lesson.trick("N: 5C E: KH S: JC W: 3D")
    text = html.unescape(shown._repr_html_())
    assert 'class="wt-table' in text and "English rules" in text
    for reason in worked.reasons(shown.scenario):  # as a learner reads it: 5♣, not 5C, and
        assert html.unescape(text_html(plain(reason))) in text  # the rule ids in a tooltip
    assert 'title="Rules: R2.1"' in text and "R2.1)" not in text
    assert any("P2" in reason for reason in worked.reasons(shown.scenario))


def test_worked_trick_shows_the_hand_its_story_sets() -> None:
    """The text says "West holds Toqu": the table, which shows only played cards, lists the
    hand the chapter set, in card symbols, and no other."""
    html = lesson.trick("N: 9C E: KH S: 5D W: 6C", hands={"W": "JC 6C 5H 8D"})._repr_html_()
    assert "W held J♣ 6♣ 5♥ 8♦" in html
    assert " held " not in html.replace("W held", "")
    assert "wt-lesson-trick__hands" not in lesson.trick("N: 9C E: KH S: 5D W: 6C")._repr_html_()


def test_illegal_play_is_shown_with_its_rule() -> None:
    html = lesson.trick("N: 7C E: KH S: 9C W: 5C", "danish-club")._repr_html_()
    assert 'title="Rules: F2"' in html and "may not play that" in html


def test_compare_puts_two_rulebooks_side_by_side() -> None:
    html = lesson.compare("N: 3D E: 7D S: AC W: 8S")._repr_html_()
    assert "English rules" in html and "Danish club rules" in html
    assert "E wins" in html or "Trick 1: E wins" in html
    assert "W wins" in html or "Trick 1: W wins" in html
    literal = lesson.compare("N: 7H E: 7C S: 8S W: 5D", ("english", ("english", {"S4": False})))
    assert "S4 changed: a higher 7 beats a led 7: no" in literal._repr_html_()


def test_goals_are_three_and_open_with_the_presenter_switch() -> None:
    text, switch = page.outputs([lesson.goals("one", "two", "**three**")])
    assert "<b>three</b>" in text.html and 'class="wt-lesson-goals"' in text.html
    assert switch is page_widgets.presenter()
    with pytest.raises(WormsError):
        lesson.goals("one", "two")


def test_a_cell_shows_its_html_as_one_output_and_only_the_widgets_as_widgets(
        puzzle_above: None) -> None:
    shown = page.outputs([
        lesson.trick("N: 9S E: 7C S: 5D W: QH"),
        lesson.choice("A choice."),
        lesson.puzzle("01-same-rank"),
        lesson.puzzle("01-high-enough"),
        lesson.recap("One thing."),
    ])
    trick_choice_previews, slot, recap_text, progress = shown
    assert isinstance(trick_choice_previews, fragment.Fragment)
    assert trick_choice_previews.html.count('class="wt-lesson-puzzle-preview"') == 2
    assert "Three Sixes" in trick_choice_previews.html
    assert trick_choice_previews.html.count(f"padding-top:{fragment.CELL_GAP}") == 3
    assert "wt-lesson-puzzle" in slot._dom_classes, "one slot for both puzzles"
    assert isinstance(recap_text, fragment.Fragment) and "wt-lesson-recap" in recap_text.html
    assert progress is page_widgets.store()


def test_the_pages_first_puzzle_is_live_at_once_and_the_rest_wait_as_previews(
        new_page: None) -> None:
    from worms_tutor.widgets import PuzzleWidget

    first, same_rank = lesson.puzzle("01-nine-beats-ace"), lesson.puzzle("01-same-rank")
    trick, live, previews, slot = page.outputs(
        [lesson.trick("N: 9S E: 7C S: 5D W: QH"), first, same_rank])
    assert "wt-lesson-puzzle-preview" not in trick.html, "the first puzzle has no preview"
    assert "wt-lesson-puzzle" in live._dom_classes
    assert live.children == (first.widget,) and isinstance(first.widget, PuzzleWidget)
    assert first.widget.layout.padding == f"{fragment.CELL_GAP} 0 0 0", "a cell's gap above it"
    assert previews.html.count('class="wt-lesson-puzzle-preview"') == 1
    assert slot.children == (lazy_puzzles.open_button(),) and same_rank.widget is None
    assert page.outputs([lesson.puzzle("01-high-enough")])[0].html.count(
        "wt-lesson-puzzle-preview") == 1, "only the page's first puzzle is live at once"


def test_widgets_open_with_their_classes_and_send_no_update(new_page: None) -> None:
    sent: list[object] = []
    from ipywidgets import Widget

    original = Widget.send_state

    def spy(self: Widget, key: object = None) -> None:
        if self.comm is not None:  # opened: this would be a message of its own
            sent.append((type(self).__name__, key))
        original(self, key)

    Widget.send_state = spy  # type: ignore[method-assign]
    try:
        page.outputs([lesson.goals("a", "b", "c")])
        page.outputs([lesson.puzzles("01-high-enough", "01-same-rank"), lesson.recap("x")])
        page.outputs([lesson.puzzle("04-plan-lead-the-seven", lazy=False)])
    finally:
        Widget.send_state = original  # type: ignore[method-assign]
    assert sent == [], "classes and layouts go into each widget's opening message"


def test_lazy_puzzle_becomes_the_puzzle_widget_and_records_progress(puzzle_above: None) -> None:
    from worms_tutor.widgets import PuzzleWidget

    lazy = lesson.puzzle("01-same-rank")
    preview, slot = page.outputs([lazy])
    assert "Three Sixes" in preview.html and f'id="{lazy.preview_id}"' in preview.html
    assert slot.children == (lazy_puzzles.open_button(),)
    widget = lazy.open()
    assert isinstance(widget, PuzzleWidget) and slot.children[0] is widget
    assert slot.children[1].value == f"<style>#{lazy.preview_id}{{display:none}}</style>"
    assert lazy.open() is widget
    widget.answer_control.value = "W"
    verdict = widget.check()
    assert verdict is not None and verdict.correct
    assert page_widgets.store().is_solved("01-same-rank")
    page_widgets.presenter().reveal_all = True
    assert widget.table.show_hands == "open"
    page_widgets.presenter().reveal_all = False
    assert widget.table.show_hands == "hidden"


def test_puzzles_of_a_chapter_come_in_file_order(puzzle_above: None) -> None:
    group = lesson.puzzles("04")
    assert [lazy.puzzle_id for lazy in group.lazies] == [
        path.stem for path in series.puzzle_files("04")]
    previews, slot = page.outputs([group])
    assert previews.html.count('class="wt-lesson-puzzle-preview"') == len(group.lazies)
    slot_of = {lazy.slot for lazy in group.lazies}
    assert len(slot_of) == 1 and next(iter(slot_of)).box is slot


def test_progress_table_counts_each_chapter() -> None:
    listed = [series.Chapter("01", "The pack", "01-the-pack.ipynb", ("01-a", "01-b")),
              series.Chapter("02", "Leads", "02-leads.ipynb", ("02-a",))]
    html = progress_table.progress_html(listed, {"01-a", "02-a", "09-x"}, loaded=True)
    assert "2 of 3 puzzles solved" in html
    assert "1 / 2<" in html and "1 / 1 ✓" in html


def test_unknown_puzzle_is_a_clear_error() -> None:
    with pytest.raises(WormsError, match="no puzzle"):
        series.load("03-no-such-puzzle")


def test_the_ladder_on_a_page_needs_no_matplotlib() -> None:
    """The chart a chapter shows is HTML of the engine's rungs: no matplotlib, so it is quick
    under Voila and runs in the browser-only edition, where matplotlib does not exist."""
    code = ("import sys; from worms_tutor.widgets import lesson; "
            "h = lesson.ladder('JC KH')._repr_html_(); "
            "print('matplotlib' in sys.modules, h.count('<span class=\"wt-chip'))")
    run = [sys.executable, "-c", code]
    shown = subprocess.run(run, capture_output=True, text=True, check=True).stdout.split()
    assert shown[0] == "False"
    assert int(shown[1]) == 36 + 1 + 7, "36 cards (the 3♦ led, last), and what beats a led 7"


def test_the_ladder_frames_the_cards_the_text_speaks_of() -> None:
    html = lesson.ladder("JC KH")._repr_html_()
    framed = re.findall(r'class="wt-chip wt-chip--lit" data-card="(\w\w)"', html)
    assert sorted(framed) == ["JC", "KH"]
    assert "Highlighted: Jack of clubs, Toqu, King of hearts, Worms" in html
    assert "R4.3" not in html.split("<details")[0].replace('title="Rule R4.3"', "")


def test_series_tool_finds_stale_links_and_fixes_them(tmp_path: Path) -> None:
    for path in (REPO / "notebooks").glob("0[0-3]-*.ipynb"):
        shutil.copy(path, tmp_path / path.name)
    assert series_tool.main(["--check", "--folder", str(tmp_path)]) == 1  # 03 is now the last
    assert series_tool.main(["--folder", str(tmp_path)]) == 0
    assert series_tool.main(["--check", "--folder", str(tmp_path)]) == 0
    last = json.loads((tmp_path / "03-leads-and-following.ipynb").read_text())["cells"][-1]
    text = "".join(last["source"])
    assert text.startswith(series_tool.NAV_MARK) and "Next:" not in text and "Previous:" in text
    toc = "".join(c for cell in json.loads((tmp_path / series_tool.START).read_text())["cells"]
                  for c in cell["source"] if "series:toc" in "".join(cell["source"]))
    assert "03-leads-and-following.ipynb" in toc and "04-" not in toc


def test_series_tool_lists_the_reference_pages_and_links_the_summary(tmp_path: Path) -> None:
    def toc() -> str:
        cells = json.loads((tmp_path / series_tool.START).read_text())["cells"]
        return "".join("".join(cell["source"]) for cell in cells
                       if "".join(cell["source"]).startswith(series_tool.TOC_MARK))

    def nav(name: str) -> str:
        return "".join(json.loads((tmp_path / name).read_text())["cells"][-1]["source"])

    for pattern in ("0[0-6]-*.ipynb", "summary.ipynb"):
        for path in (REPO / "notebooks").glob(pattern):
            shutil.copy(path, tmp_path / path.name)
    assert series_tool.main(["--folder", str(tmp_path)]) == 0
    assert "### Reference" in toc() and "[One-page summary](summary.ipynb)" in toc()
    assert "glossary.ipynb" not in toc()  # listed only once the page exists
    assert "(summary.ipynb)" in nav("05-the-three-of-diamonds.ipynb")  # after the first chapters
    assert "(summary.ipynb)" in nav("06-worms-and-toqu.ipynb")  # the last chapter here
    assert "(summary.ipynb)" not in nav("04-sevens-and-the-two-kings.ipynb")
    (tmp_path / "glossary.ipynb").write_text((tmp_path / "summary.ipynb").read_text())
    assert series_tool.main(["--check", "--folder", str(tmp_path)]) == 1
    assert series_tool.main(["--folder", str(tmp_path)]) == 0
    assert "[Glossary](glossary.ipynb)" in toc()
    (tmp_path / "summary.ipynb").unlink()
    assert series_tool.main(["--folder", str(tmp_path)]) == 0
    assert "summary.ipynb" not in toc() + nav("05-the-three-of-diamonds.ipynb")
    assert "### Practice" not in toc() and "challenge.ipynb" not in nav("06-worms-and-toqu.ipynb")
    for name in ("drill.ipynb", "challenge.ipynb"):
        shutil.copy(REPO / "notebooks" / name, tmp_path / name)
    assert series_tool.main(["--folder", str(tmp_path)]) == 0
    assert "### Practice" in toc() and "(drill.ipynb)" in toc() and "(challenge.ipynb)" in toc()
    assert "[Final challenge](challenge.ipynb)" in nav("06-worms-and-toqu.ipynb")  # the last
    assert "challenge.ipynb" not in nav("05-the-three-of-diamonds.ipynb")


def test_pictures_are_drawn_once_and_then_read_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = lesson.trick("N: 9S E: 7C S: 5D W: QH").html
    files = list((tmp_path / "worms-tutor").glob("trick-*"))
    assert len(files) == 1
    files[0].write_text(first.replace("N wins", "N WINS"), encoding="utf-8")
    assert "N WINS" in lesson.trick("N: 9S E: 7C S: 5D W: QH").html  # served from the cache
    assert "N WINS" not in lesson.trick("N: 9S E: 7C S: 5D W: QH", "danish-club").html
    lazy = lesson.puzzle("05-led-three")
    assert "The three in the lead" in lazy.preview().html
    assert list((tmp_path / "worms-tutor").glob("preview-*")), "drawn when first shown"


def test_the_browser_draws_without_a_disk_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the static edition (Pyodide) files last as long as the page: nothing is kept."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(drawing_cache.sys, "platform", "emscripten")
    assert "N wins" in lesson.trick("N: 9S E: 7C S: 5D W: QH").html
    assert "The three in the lead" in lesson.puzzle("05-led-three").preview().html
    assert not (tmp_path / "worms-tutor").exists()


def test_a_change_to_a_module_in_any_layer_folder_makes_new_cache_keys(tmp_path: Path) -> None:
    engine = tmp_path / "engine"
    (engine / "values").mkdir(parents=True)
    (engine / "__init__.py").write_text("", encoding="utf-8")
    module = engine / "values" / "cards.py"
    module.write_text("A = 1\n", encoding="utf-8")
    before = drawing_cache.sources_digest([engine])
    module.write_text("A = 2\n", encoding="utf-8")
    assert drawing_cache.sources_digest([engine]) != before


def test_in_voila_a_card_drawn_before_is_drawn_again_by_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import re

    monkeypatch.setattr(shared_drawings, "_DRAWN", {})
    both = lesson.compare("N: 3D E: 7D S: AC W: 8S")
    assert both._repr_html_() == both.html, "outside Voila the HTML is left as it is"
    monkeypatch.setattr(shared_drawings, "SHARING", True)
    first, again = both._repr_html_(), both._repr_html_()
    opening = re.compile(r'<svg\b[^>]*class="wt-card-svg"[^>]*>')
    cards = opening.findall(both.html)
    assert opening.findall(first) == cards == opening.findall(again), "size, role, label kept"
    titles = re.findall(r"<title>[^<]*</title>", both.html)
    assert re.findall(r"<title>[^<]*</title>", again) == titles
    ids = re.findall(r'<g id="(wt-drawing-\d+)">', first)
    assert 0 < len(ids) < len(cards), "each drawing once, the same card twice by reference"
    assert re.findall(r'<use href="#(wt-drawing-\d+)"/>', again).count(ids[0]) == 2
    assert "<g id=" not in again and "<path" not in again, "nothing is drawn twice"
    from worms_tutor.presentation.svg import back_svg

    backs = shared_drawings.share_drawings(back_svg() * 3)
    assert backs.count("<g id=") == 1 and backs.count("<use href=") == 2, "card backs too"
    assert backs.count("<svg") == 3 + 1 and backs.count("</svg>") == backs.count("<svg")
    outer = '<svg class="wt-card-svg" viewBox="0 0 9 9">'
    row = outer + '<svg x="0">' + "x" * 300 + "</svg></svg>"
    first, again = shared_drawings.share_drawings(row), shared_drawings.share_drawings(row)
    number = re.findall(r'<g id="(wt-drawing-\d+)">', first)
    assert first == f'{outer}<g id="{number[0]}"><svg x="0">{"x" * 300}</svg></g></svg>'
    assert again == f'{outer}<use href="#{number[0]}"/></svg>', "a row of cards, whole"


def test_our_choice_names_where_the_rules_notes_treat_it() -> None:
    assert "(open question Q3 of the rules notes)" in lesson.choice("Toqu may follow.", "Q3").html
    by_rule = lesson.choice("The trick winner draws first.", "R18.2").html
    assert "(rules notes, R18.2)" in by_rule
    assert "open question R18.2" not in by_rule
    assert "rules notes" not in lesson.choice("No note.").html


def test_a_preview_shows_the_position_without_working_out_the_answers(
        puzzle_above: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Working out a puzzle's answers may search the rest of the hand: a page of previews
    leaves that for when each puzzle comes alive."""
    from worms_tutor.analysis import puzzle as puzzle_module

    def refuse(*_args: object) -> None:
        raise AssertionError("a preview worked out the answers")

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(puzzle_module, "_validate_answers", refuse)
    series.load.cache_clear()
    series.load_to_show.cache_clear()
    previews = page.outputs([lesson.puzzle("04-plan-lead-the-seven")])[0]
    assert previews.html.count('class="wt-lesson-puzzle-preview"') == 1


def test_a_widget_holding_a_shared_layout_keeps_it_under_another_piece(new_page: None) -> None:
    """The gap above a later piece goes on the widget's own layout, never on a shared one."""
    import ipywidgets  # type: ignore[import-untyped]

    button = ipywidgets.Button(layout=page_widgets.layout_auto())
    shown = page.outputs([lesson.choice("A choice."), button])
    assert shown[-1] is button and button.layout is page_widgets.layout_auto()
    assert page_widgets.layout_auto().padding is None
