"""The exact solver: agreement with plain minimax on small positions, known endgame lines,
and the principal line replaying to the value it claims."""

from __future__ import annotations

import pytest

from worms_tutor.analysis.solver import SolverError, Value, evaluate_plays, solve
from worms_tutor.mechanics.hand import HandState
from worms_tutor.values.seating import side_of, sides

from .helpers import PRESET_SEATS, dealt_endgames, endgames, position, rules_for

SEVEN_TRICKS = ["NS", "EW", "NS", "EW", "NS", "EW", "NS"]
"""Seven trick units already played, N–S four to three: two single-card tricks remain."""


def outcome(root: HandState, end: HandState, side: str) -> tuple[int, int, int]:
    """The solver's value, written out again independently: match, points margin, units."""
    winner = end.match_winner
    match = 0 if winner is None else (1 if side_of(winner) == side else -1)
    before, after = root.score_map, end.score_map
    gains = {s: after[s] - before[s] for s in sides(root.rules.players)}
    units = {s: end.previous[len(root.previous):].count(s) for s in gains}
    return (
        match,
        gains[side] - max(g for s, g in gains.items() if s != side),
        units[side] - max(u for s, u in units.items() if s != side),
    )


def minimax(root: HandState, state: HandState, side: str) -> tuple[int, int, int]:
    """Plain minimax over every legal play: no pruning, no table, no shortcuts."""
    mover = state.to_move
    if mover is None:
        return outcome(root, state, side)
    values = [minimax(root, state.play(legal), side) for legal in state.legal_plays()]
    return max(values) if side_of(mover) == side else min(values)


def brute_force(state: HandState) -> dict[str, tuple[int, int, int]]:
    side = side_of(state.to_move or "")
    return {str(legal.play): minimax(state, state.play(legal), side)
            for legal in state.legal_plays()}


def small_positions() -> list[tuple[str, HandState]]:
    cases: list[tuple[str, HandState]] = []
    for variant, players in PRESET_SEATS:
        rules = rules_for(variant, players)
        sizes = ((2, 0, 6), (2, 1, 4), (2, 3, 2)) if players == 2 else (
            (1, 0, 2), (2, 0, 6), (2, 1, 4), (2, 2, 3))
        for cards, extra, count in sizes:
            for index, state in enumerate(dealt_endgames(rules, count, cards, extra)):
                cases.append((f"{variant}-{players}p-{cards}c-{extra}x-{index}", state))
    return cases


SMALL = small_positions()


@pytest.mark.parametrize("state", [s for _, s in SMALL], ids=[name for name, _ in SMALL])
def test_solver_agrees_with_brute_force(state: HandState) -> None:
    expected = brute_force(state)
    best_value = max(expected.values())
    solution = solve(state)
    assert solution.value == Value(*best_value)
    assert sorted(str(play) for play in solution.best) == sorted(
        play for play, value in expected.items() if value == best_value
    )
    assert {str(item.play): item.value for item in evaluate_plays(state)} == {
        play: Value(*value) for play, value in expected.items()
    }


@pytest.mark.parametrize("state", [s for _, s in SMALL[::3]])
def test_principal_line_replays_to_the_value(state: HandState) -> None:
    solution = solve(state)
    end = state
    for play in solution.line:
        end = end.play(play)
    assert end.to_move is None
    assert Value(*outcome(state, end, solution.side)) == solution.value
    gains = {s: end.score_map[s] - state.score_map[s] for s in sides(state.rules.players)}
    assert dict(solution.points) == gains
    assert solution.line[0] in solution.best


def test_four_cards_each_solves_and_replays() -> None:
    state = endgames(rules_for("english", 4), 1, 4)[0]
    solution = solve(state)
    end = state
    for play in solution.line:
        end = end.play(play)
    assert Value(*outcome(state, end, solution.side)) == solution.value


# -- known endgames ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["english", "danish-club"])
def test_three_of_diamonds_takes_back_a_captured_worms(variant: str) -> None:
    state = position(
        variant=variant, leader="N", previous=SEVEN_TRICKS,
        hands={"N": ["9D", "QD"], "E": ["KH", "QH"], "S": ["JC", "QS"], "W": ["3D", "5C"]},
        plays=["N: 9D", "E: KH", "S: JC"],
    )
    solution = solve(state)
    assert [str(p) for p in solution.best] == ["W: 3D"]
    after = state.play(solution.best[0])
    assert after.records[-1].events == ("P2",)
    assert dict(solution.points)["EW"] >= 2


@pytest.mark.parametrize("variant", ["english", "danish-club"])
def test_three_of_diamonds_shields_partners_worms(variant: str) -> None:
    state = position(
        variant=variant, leader="N", previous=SEVEN_TRICKS,
        hands={"N": ["KH", "QD"], "E": ["5C", "QH"], "S": ["3D", "6D"], "W": ["JC", "5S"]},
        plays=["N: KH", "E: 5C"],
    )
    solution = solve(state)
    assert [str(p) for p in solution.best] == ["S: 3D"]
    assert solution.value.points == 2


def test_toqu_is_kept_for_the_worms_english() -> None:
    state = position(
        variant="english", leader="W", previous=SEVEN_TRICKS,
        hands={"W": ["9S", "6H"], "N": ["9C", "KH"], "E": ["JC", "5D"], "S": ["QD", "QH"]},
        plays=["W: 9S", "N: 9C"],
    )
    solution = solve(state)
    assert [str(p) for p in solution.best] == ["E: 5D"]
    assert [str(p) for p in solution.line[:4]] == ["E: 5D", "S: QD", "N: KH", "E: JC"]
    assert solution.value == Value(0, 1, 0)


def test_danish_hand_end_makes_toqu_take_the_trick_now() -> None:
    """Same cards under the Danish rules: N–S would reach five units and stop the hand."""
    state = position(
        variant="danish-club", leader="W", previous=SEVEN_TRICKS,
        hands={"W": ["9S", "6H"], "N": ["9C", "KH"], "E": ["JC", "5D"], "S": ["QD", "QH"]},
        plays=["W: 9S", "N: 9C"],
    )
    assert [str(p) for p in solve(state).best] == ["E: JC"]


def test_match_win_outweighs_points() -> None:
    """At 8:0 under the Danish rules, winning the match counts before any point margin."""
    state = position(
        variant="danish-club", leader="N", previous=SEVEN_TRICKS, score={"NS": 8, "EW": 0},
        hands={"N": ["9C", "QD"], "E": ["5C", "QH"], "S": ["6D", "QS"], "W": ["5S", "8D"]},
    )
    solution = solve(state)
    assert solution.value.match == 1
    assert solution.match_winner == "NS"


def test_solver_refuses_a_stock_and_a_finished_hand() -> None:
    rules = rules_for("english", 4)
    from worms_tutor.mechanics.game import Match

    with pytest.raises(SolverError, match="stock"):
        solve(Match.new(rules, 1).hand)
    state = dealt_endgames(rules, 1, 1)[0]
    while state.to_move is not None:
        state = state.play(state.legal_plays()[0])
    with pytest.raises(SolverError, match="over"):
        solve(state)


def test_value_packs_and_unpacks() -> None:
    for value in (Value(0, 0, 0), Value(1, -3, 2), Value(-1, 4, -5), Value(0, -12, 9)):
        assert Value.unpack(value.pack()) == value



def test_the_garbage_collector_is_left_as_it_was_found() -> None:
    import gc

    from worms_tutor.mechanics.game import Match

    state = endgames(rules_for("english", 4), 1, 2)[0]
    with_stock = Match.new(rules_for("english", 4), 1).hand
    was = gc.isenabled()
    try:
        for setting in (True, False):
            (gc.enable if setting else gc.disable)()
            solve(state)
            evaluate_plays(state)
            with pytest.raises(SolverError):
                solve(with_stock)
            assert gc.isenabled() is setting
    finally:
        (gc.enable if was else gc.disable)()


def test_values_are_said_in_plain_words() -> None:
    """What the explorer and the match page print: no "points -3, trick units -1"."""
    assert Value(1, 0, 0).in_words() == "would win the match"
    assert Value(-1, 3, 2).in_words() == "would lose the match"
    assert Value(0, -3, -1).in_words() == (
        "would end 3 points behind and 1 trick behind in this hand")
    assert Value(0, 1, 0).in_words() == "would end 1 point ahead and level on tricks in this hand"
