"""ProgressStore and its codes: survive a reload through the browser, never crash on junk."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from worms_tutor import WormsError
from worms_tutor.widgets import ProgressPanel, ProgressStore
from worms_tutor.widgets.progress_code import ProgressCodeError, decode, encode
from worms_tutor.widgets.puzzle_renames import RENAMED, current_ids
from worms_tutor.widgets.series import puzzle_files


class Browser:
    """Stands in for the JS side: records what Python asks it to save."""

    def __init__(self, store: ProgressStore) -> None:
        self.saved: list[Any] = []
        store.send = lambda content, buffers=None: self.saved.append(content)
        self.store = store

    def load(self, value: str | None, error: str | None = None) -> None:
        """What progress.js sends once it has read localStorage."""
        self.store._handle_custom_msg({"type": "loaded", "value": value, "error": error}, [])


def test_codes_round_trip() -> None:
    code = encode({"p2", "p1"})
    assert code.startswith("wt1.")
    assert decode(code) == frozenset({"p1", "p2"})
    assert decode(f"  {code[:10]}\n{code[10:]} ") == frozenset({"p1", "p2"})
    assert decode(encode([])) == frozenset()


@given(st.sets(st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_.:/-]{0,20}", fullmatch=True), max_size=30))
def test_any_set_of_ids_round_trips(ids: set[str]) -> None:
    assert decode(encode(ids)) == current_ids(ids)


def test_progress_saved_before_the_chapters_were_renumbered_still_counts() -> None:
    """A browser that saved "05-aavunga" (chapter 5 before the renumbering) shows that puzzle
    solved where it lives now; ids that never changed are kept as they were."""
    before = encode({"05-aavunga", "00-no-suit-to-follow", "07-eight-eight"})
    store = ProgressStore()
    Browser(store).load(before)
    assert store.solved == {
        RENAMED["05-aavunga"], "00-no-suit-to-follow", RENAMED["07-eight-eight"]}
    assert store.notice == ""
    series_ids = {path.stem for path in puzzle_files()}
    assert set(RENAMED.values()) <= series_ids, "every renamed puzzle names a puzzle of today"


@given(st.text(max_size=200))
def test_junk_never_decodes_to_anything_but_a_friendly_error(text: str) -> None:
    try:
        decode(text)
    except ProgressCodeError as error:
        assert str(error)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("hello", "not a worms-tutor progress code"),
        ("wt9.abc.12345678", "another version"),
        (encode({"p1"})[:-1] + "0", "damaged"),
        (encode({"p1"}).replace("wt1.e", "wt1.f"), "damaged"),
        ("x" * 60_000, "too long"),
    ],
)
def test_bad_codes_say_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(ProgressCodeError, match=says):
        decode(text)


def test_a_well_checked_code_of_another_shape_is_refused() -> None:
    from worms_tutor.widgets.progress_code import _checksum

    shapes = ({"v": 3, "solved": []}, {"v": 2, "solved": [], "stars": {"p1": 4}},
              {"v": 2, "solved": [], "stars": ["p1"]}, {"v": 1, "solved": "p1"},
              {"v": 1, "solved": ["<b>"]})
    for body in shapes:
        middle = base64.urlsafe_b64encode(json.dumps(body).encode()).decode().rstrip("=")
        with pytest.raises(ProgressCodeError):
            decode(f"wt1.{middle}.{_checksum(middle)}")


def test_progress_made_before_the_browser_answers_is_merged_and_saved() -> None:
    store = ProgressStore()
    browser = Browser(store)
    heard: list[bool] = []
    store.on_loaded(lambda s: heard.append(s.loaded))
    store.mark_solved("p3")
    assert browser.saved == []  # the browser may still hold more
    browser.load(encode({"p1", "p2"}))
    assert store.loaded and heard == [True]
    assert store.solved == frozenset({"p1", "p2", "p3"})
    assert browser.saved == [{"type": "save", "value": encode({"p1", "p2", "p3"})}]
    assert store._summary == "Progress: 3 puzzles solved in this browser."
    store.mark_solved("p4")
    assert decode(browser.saved[-1]["value"]) == frozenset({"p1", "p2", "p3", "p4"})
    late: list[bool] = []
    store.on_loaded(lambda s: late.append(True))
    assert late == [True]


def test_a_reload_starts_a_new_store_that_reads_what_was_saved() -> None:
    first = ProgressStore()
    browser = Browser(first)
    browser.load(None)
    first.mark_solved("p1")
    stored = browser.saved[-1]["value"]
    second = ProgressStore()
    Browser(second).load(stored)
    assert second.solved == frozenset({"p1"})
    assert second.notice == ""


@pytest.mark.parametrize("junk", ["garbage", "wt1.AAAA.00000000", '{"solved": ["p1"]}', ""])
def test_a_corrupt_or_foreign_stored_value_gives_a_notice_and_a_fresh_start(junk: str) -> None:
    store = ProgressStore()
    browser = Browser(store)
    browser.load(junk)
    assert store.loaded
    assert store.solved == frozenset()
    assert "could not be read" in store.notice
    assert browser.saved == [{"type": "save", "value": encode([])}]  # replaced, once


def test_progress_saved_elsewhere_is_merged_not_overwritten() -> None:
    store = ProgressStore()
    browser = Browser(store)
    browser.load(encode({"p1"}))
    store.mark_solved("p2")
    browser.saved.clear()
    # another tab saved p3; progress.js reports it instead of overwriting
    store._handle_custom_msg({"type": "changed", "value": encode({"p1", "p3"})}, [])
    assert store.solved == frozenset({"p1", "p2", "p3"})
    assert browser.saved == [{"type": "save", "value": encode({"p1", "p2", "p3"})}]
    browser.saved.clear()
    store._handle_custom_msg({"type": "changed", "value": encode({"p1", "p2", "p3"})}, [])
    assert browser.saved == []  # nothing new: no ping-pong between tabs
    store._handle_custom_msg({"type": "changed", "value": "junk"}, [])
    assert browser.saved == [{"type": "save", "value": encode({"p1", "p2", "p3"})}]


def test_blocked_storage_says_to_use_the_code() -> None:
    store = ProgressStore()
    browser = Browser(store)
    browser.load(None, error="SecurityError")
    assert store.loaded and "progress code" in store.notice
    store._handle_custom_msg({"type": "save-failed", "error": "QuotaExceeded"}, [])
    assert "progress code" in store.notice


def test_import_merges_and_a_bad_code_changes_nothing() -> None:
    store = ProgressStore()
    store.mark_solved("p1")
    assert store.import_code(encode({"p1", "p2"}))
    assert store.solved == frozenset({"p1", "p2"})
    assert store.notice == "Progress code read: 1 puzzle added."
    assert not store.import_code("wt1.broken")
    assert store.solved == frozenset({"p1", "p2"})
    assert store.notice.startswith("That progress code was not used")


def test_reset_forgets_here_and_in_the_browser() -> None:
    store = ProgressStore()
    browser = Browser(store)
    browser.load(encode({"p1"}))
    store.reset()
    assert store.solved == frozenset()
    assert browser.saved[-1] == {"type": "save", "value": None}


def test_bad_puzzle_ids_are_our_errors() -> None:
    store = ProgressStore()
    with pytest.raises(WormsError, match="puzzle id"):
        store.mark_solved("<script>")


def test_panel_shows_the_code_and_restores_from_a_pasted_one() -> None:
    panel = ProgressPanel()
    panel.store.mark_solved("p1")
    assert panel.code_box.layout.display == "none"
    panel.show_button.click()
    assert panel.code_box.layout.display is None
    assert decode(panel.code_box.value) == frozenset({"p1"})
    panel.paste_box.value = "not a code at all"
    panel.restore_button.click()
    assert "not a worms-tutor progress code" in panel.store.notice
    assert panel.paste_box.value == "not a code at all"
    panel.paste_box.value = encode({"p7"})
    panel.restore_button.click()
    assert panel.store.solved == frozenset({"p1", "p7"})
    assert panel.paste_box.value == ""
