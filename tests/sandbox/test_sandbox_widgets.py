"""The play and explore widgets driven as a learner would, without a server."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable, Coroutine
from html import unescape
from typing import Any
from urllib.parse import quote

from worms_tutor.formats.codes import encode
from worms_tutor.formats.scenario import Scenario
from worms_tutor.widgets.explorer import Explorer
from worms_tutor.widgets.play import LEARNER, PlayTable

POSITION = {
    "hands": {"N": ["7H", "9C"], "E": ["KH", "5D"], "S": ["JC", "6H"], "W": ["9S", "QC"]},
    "leader": "N",
    "plays": ["N: 7H"],
}


def in_own_event_loop(main: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``main`` as a kernel would run a click's aftermath: in an event loop, here in a
    thread of its own (a browser test's Playwright may hold this thread's loop)."""
    failures: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(main())
        except BaseException as error:  # handed to the test's thread
            failures.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]


def learner_plays_first_legal(table: PlayTable) -> None:
    legal = table.match.hand.legal_plays()[0].play  # type: ignore[union-attr]
    table.picker.selected = tuple(card.code for card in legal.cards)
    table.play_button.click()


def test_learner_picks_plays_and_the_bots_answer() -> None:
    table = PlayTable(seed=3, pause=0)
    assert table.match is not None and table.match.to_move == LEARNER
    held = len(table.match.hand.hand_of(LEARNER)) + len(table.match.hand.stock)
    learner_plays_first_legal(table)
    assert table.match.to_move == LEARNER  # the three bots answered
    assert len(table.match.hand.hand_of(LEARNER)) + len(table.match.hand.stock) < held
    assert "wins" in table.explanation.value or table.match.hand.trick.steps


def test_a_whole_hand_then_undo_and_the_record() -> None:
    table = PlayTable(seed=8, pause=0)
    while table.match is not None and table.match.hand_number == 1:
        learner_plays_first_legal(table)
    assert "Hand 1 is over" in table.explanation.value
    before = table.match
    learner_plays_first_legal(table)
    table.undo_button.click()
    assert table.match is before
    table.record_button.click()
    assert "download" in table.record.value and "?position=" in table.record.value


def test_a_finished_match_says_its_hand_is_over_and_undo_reopens_it() -> None:
    """After the last trick the status reads "over after N tricks", never "trick 10"; Undo
    says that it reopens the match, and does."""
    table = PlayTable(seed=5, pause=0)
    while table.match is not None and not table.match.over:
        learner_plays_first_legal(table)
    assert table.match is not None
    status = table.status.value
    assert "The match is over" in status and "over after" in status
    assert f"trick {len(table.match.hand.records) + 1}" not in status
    assert table.undo_button.description == "Undo my last play (reopens the match)"
    table.undo_button.click()
    assert not table.match.over
    assert "the match is open again" in table.message.value
    assert table.undo_button.description == "Undo my last play"


def test_bots_pause_between_moves_only_once_the_table_is_on_screen() -> None:
    """While the page is made the bots play at once; on screen, each move waits its pause in
    the event loop (no blocking sleep: the page stays live, in the browser-only edition too)."""

    async def watch() -> None:
        table = PlayTable(seed=5, pause=0.05)  # W leads: three bots play before South's turn
        assert table.match is not None and len(table.match.hand.trick.steps) == 3
        learner_plays_first_legal(table)
        moved = len(table.match.plays)
        assert table.bots_moving is not None and not table.bots_moving.done()
        assert table.play_button.disabled, "South waits while the bots think"
        await asyncio.sleep(0)
        assert len(table.match.plays) == moved, "the first bot waits its pause"
        await table.bots_moving
        assert len(table.match.plays) > moved and table.match.to_move in ("S", None)
        assert not table.play_button.disabled or table.match.over

    in_own_event_loop(watch)


def test_undo_while_the_bots_think_stops_them() -> None:
    async def hurry() -> None:
        table = PlayTable(seed=5, pause=0.05)
        before = table.match
        learner_plays_first_legal(table)
        moving = table.bots_moving
        table.undo()
        await asyncio.sleep(0.2)
        assert moving is not None and moving.cancelled()
        assert table.match is before, "the match is back where South played"

    in_own_event_loop(hurry)


def test_an_illegal_pick_gets_the_engines_sentence() -> None:
    table = PlayTable(seed=3, pause=0)
    table.picker.selected = ()
    table.play_button.click()
    assert "Pick" in table.message.value
    table.solver_button.click()  # disabled in the browser; here it must only explain
    assert table.match is not None and table.match.to_move == LEARNER


def test_the_same_refusal_twice_is_shown_afresh_each_time() -> None:
    table = PlayTable(seed=3, pause=0)  # S leads, holding 5C AH QS JS
    shown: list[str] = []
    table.message.observe(lambda change: shown.append(change["new"]), names="value")
    table.play("S: 5C AH")
    table.play("S: 5C AH")
    refusals = [value for value in shown if "You may not play that" in value]
    assert len(refusals) == 2 and shown == [refusals[0], "", refusals[1]]
    assert table.match is not None and table.match.to_move == LEARNER


def test_editor_shows_plays_and_a_code_that_reopens_it() -> None:
    explorer = Explorer()
    explorer.places["N"].value = "7H 9C"
    explorer.places["E"].value = "KH 5D"
    explorer.places["S"].value = "JC 6H"
    explorer.places["W"].value = "9S QC"
    explorer.plays.value = "N: 7H"
    explorer.show_button.click()
    assert "wt-explorer-row" in explorer.result.value and not explorer.message.value
    assert explorer.scenario is not None
    code = encode(explorer.scenario)
    again = Explorer.from_query("position=" + code)
    assert again.places["E"].value == "KH 5D" and "E to play" in again.result.value
    explorer.second.value = "danish-club"
    explorer.show_button.click()
    assert "wt-diff" in explorer.result.value  # Worms on a led 7 (F2)


def test_a_link_read_by_the_browser_opens_its_position(monkeypatch: Any) -> None:
    """The static edition has no QUERY_STRING: the page's own address arrives from the
    browser (PageQuery) after the page is shown, and opens the position then."""
    monkeypatch.delenv("QUERY_STRING", raising=False)
    explorer = Explorer()
    for seat, cards in {"N": "7H 9C", "E": "KH 5D", "S": "JC 6H", "W": "9S QC"}.items():
        explorer.places[seat].value = cards
    explorer.show_button.click()
    assert explorer.scenario is not None
    opened = Explorer.from_query()
    assert opened.places["E"].value == "" and opened.scenario is None
    listener = opened.children[-1]
    listener.query = "position=" + quote(encode(explorer.scenario)) + "&compare=danish-club"
    assert opened.places["E"].value == "KH 5D" and "N to play" in opened.result.value
    assert "Position opened from the link" in opened.link_message.value
    assert opened.second.value == "danish-club"


def test_three_and_two_player_positions_are_edited_with_their_own_seats_and_scores() -> None:
    explorer = Explorer()
    explorer.players.value = 3
    assert [value for _, value in explorer.leader.options] == ["A", "B", "C"]
    assert explorer.leader.value == "A"
    shown = {seat for seat, box in explorer.places.items() if box.layout.display != "none"}
    assert shown == {"A", "B", "C", "stock", "played"}
    assert [side for side, box in explorer.scores.items() if box.layout.display != "none"] \
        == ["A", "B", "C"]
    explorer.places["A"].value = "7H 9C"
    explorer.places["B"].value = "KH 5D"
    explorer.places["C"].value = "JC 6H"
    explorer.scores["B"].value = 4
    explorer.show_button.click()
    assert not explorer.message.value and "A to play" in explorer.result.value
    assert explorer.scenario is not None and explorer.scenario.rules.players == 3
    again = Explorer.from_query("position=" + encode(explorer.scenario))
    assert again.players.value == 3 and again.places["B"].value == "KH 5D"
    assert again.scores["B"].value == 4 and "S1" not in again.switches.value
    explorer.preset.value = "danish-club"  # a four-player rulebook: told, not crashed
    explorer.show_button.click()
    assert "four players only" in explorer.message.value
    explorer.players.value = 2
    assert [value for _, value in explorer.leader.options] == ["A", "B"]


def test_a_shared_link_keeps_the_rulebook_to_compare_with() -> None:
    explorer = Explorer()
    explorer.load(Scenario.from_json(POSITION))
    explorer.second.value = "danish-club"
    explorer.show()
    link = re.search(r'href="\?([^"]+)"', explorer.code.value)
    assert link is not None and "compare=danish-club" in link[1]
    opened = Explorer.from_query(unescape(link[1]))
    assert opened.second.value == "danish-club"
    assert "wt-explorer-compare" in opened.result.value
    odd = Explorer.from_query(unescape(link[1]).replace("danish-club", "<b>x</b>"))
    assert "not a rulebook here" in odd.link_message.value
    assert "<b>x" not in odd.link_message.value
    assert odd.second.value != "<b>x</b>" and odd.scenario is not None


def test_bad_input_is_a_message_in_place() -> None:
    explorer = Explorer()
    explorer.places["N"].value = "7H <b>ZZ</b>"
    explorer.show_button.click()
    assert "North's second card" in unescape(explorer.message.value)  # not hands.N[1]
    assert "hands.N" not in explorer.message.value and "<b>" not in explorer.message.value
    explorer.places["N"].value = "7H"
    explorer.places["E"].value = "7H"
    explorer.show_button.click()
    assert "one place only" in explorer.message.value


def test_hostile_codes_give_a_message_no_markup_and_an_empty_editor() -> None:
    code = encode(Scenario.from_json(POSITION))
    for query in ("position=" + quote("<script>alert(1)</script>"), "position=" + code[:-6],
                  "position=", "position=%FF%00", "position=" + "A" * 5000):
        explorer = Explorer.from_query(query)
        assert "could not be opened" in explorer.link_message.value, query
        assert "<script" not in explorer.link_message.value
        assert explorer.children[0] is explorer.link_message  # above the editor
        assert all(not box.value for box in explorer.places.values())
        assert explorer.result.value == ""


def test_generator_and_replay() -> None:
    explorer = Explorer()
    generator = explorer.generator
    generator.rule.value = "<img>"
    generator.find_button.click()
    assert "not a rule id" in generator.message.value
    generator.rule.value = ""
    generator.find_button.click()
    assert generator.examples
    generator.load_button.click()
    assert explorer.scenario is not None and "wt-diff" in explorer.result.value
    replayer = explorer.replayer
    replayer.paste.value = Scenario.from_json(POSITION).to_text()
    replayer.replay_button.click()
    assert replayer.table is not None and replayer.table.index == 0
    replayer.paste.value = "{not json"
    replayer.replay_button.click()
    assert "not valid JSON" in replayer.message.value


def test_the_card_palette_builds_a_position_by_clicking() -> None:
    """A click puts a card in the chosen place, a second click takes it back; the places
    follow the number of players; the engine reads what was clicked as it reads typing."""
    from worms_tutor.widgets.explorer import Explorer

    explorer = Explorer()
    palette = explorer.palette
    assert len(palette.cards) == 36 and palette.target == "N"
    for code in ("7H", "9C"):
        palette._clicked(palette, {"card": code}, [])
    palette.target = "E"
    for code in ("KH", "5D"):
        palette._clicked(palette, {"card": code}, [])
    assert explorer.places["N"].value == "7H 9C" and explorer.places["E"].value == "KH 5D"
    assert palette.used == {"7H": "N", "9C": "N", "KH": "E", "5D": "E"}
    palette._clicked(palette, {"card": "9C"}, [])  # placed already: taken back
    assert explorer.places["N"].value == "7H" and "9C" not in palette.used
    palette._clicked(palette, {"card": "ZZ"}, [])  # not a card: nothing happens
    assert explorer.places["N"].value == "7H"
    explorer.places["S"].value = "jc 6h"  # typing stays a shortcut, and the palette follows
    assert palette.used["JC"] == "S"
    explorer.players.value = 3
    assert [key for key, _name in palette.places] == ["A", "B", "C", "stock", "played"]
    assert palette.target == "A"
