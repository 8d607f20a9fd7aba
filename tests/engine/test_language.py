"""The engine and the referee in Danish (issue 30): gettext catalogs, ``--lang da`` and the
environment, English unchanged by default, the catalog complete, the wheel carrying it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from worms_tutor.formats.explain import explain_record
from worms_tutor.formats.scenario import Scenario
from worms_tutor.values.language import Message, language_from_environment, seat

REPO = Path(__file__).resolve().parents[2]
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
sys.path.insert(0, str(REPO / "tools"))
import messages  # noqa: E402  (tools/messages.py, the catalog checker)


def readme_scenario() -> str:
    """The scenario of the README's referee example (its here-document)."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return re.search(r"cat > trick\.json <<'EOF'\n(.*?)\nEOF\n", text, re.S)[1]  # type: ignore[index]


def referee(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``worms-tutor referee`` on the README's scenario, with the language variables only as
    given (none by default)."""
    clean = {k: v for k, v in os.environ.items() if k not in LANGUAGE_VARIABLES}
    return subprocess.run([sys.executable, "-m", "worms_tutor", "referee", *args, "-"],
                          input=readme_scenario(), capture_output=True, text=True, timeout=60,
                          env={**clean, **(env or {})}, check=True)


def reason_lines(text: str) -> list[str]:
    return [line[4:] for line in text.splitlines() if line.startswith("  - ")]


def test_every_message_has_a_danish_translation_with_the_same_placeholders() -> None:
    check = subprocess.run([sys.executable, str(REPO / "tools" / "messages.py"), "--check"],
                           capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stderr


def test_the_check_catches_a_translation_that_drops_a_placeholder(tmp_path: Path) -> None:
    po = tmp_path / "worms_tutor.po"
    po.write_text('msgid ""\nmsgstr ""\n\nmsgid "{seat} leads {cards}"\n'
                  'msgstr "{seat} spiller ud"\n', encoding="utf-8")
    found = messages.check(po, [messages.Entry("{seat} leads {cards}")])
    assert len(found) == 1 and "placeholders" in found[0]


def test_the_readme_example_in_danish_gives_danish_reasons() -> None:
    english = reason_lines(referee("--text").stdout)
    danish_output = referee("--text", "--lang", "da").stdout
    danish = reason_lines(danish_output)
    assert len(danish) == len(english) > 3
    assert not set(danish) & set(english)  # no reason left in English
    assert "Øst vinder stikket" in danish  # seats by word, "stik" for trick
    assert any("K♥" in reason for reason in danish)  # cards with the suit symbol
    assert danish_output.splitlines()[-1] == "Øst skal spille."


@pytest.mark.parametrize("env", [{"LANG": "da_DK.UTF-8"}, {"LANGUAGE": "da:en", "LANG": "C"},
                                 {"LC_ALL": "da_DK.UTF-8", "LANG": "en_GB.UTF-8"}])
def test_the_environment_chooses_danish_as_gettext_would(env: dict[str, str]) -> None:
    by_environment = json.loads(referee(env=env).stdout)
    by_option = json.loads(referee("--lang", "da").stdout)
    assert by_environment == by_option
    english = json.loads(referee().stdout)
    assert by_option["tricks"][0]["reasons"] != english["tricks"][0]["reasons"]
    # the contract's machine fields stay: keys, seat letters, sides, rule ids
    for trick_da, trick_en in zip(by_option["tricks"], english["tricks"], strict=True):
        assert {k: v for k, v in trick_da.items() if k != "reasons"} == \
            {k: v for k, v in trick_en.items() if k != "reasons"}


def test_english_is_the_default_and_said_the_same_as_before() -> None:
    plain = referee("--text").stdout
    assert plain == referee("--text", "--lang", "en").stdout
    assert plain == referee("--text", env={"LANG": "fr_FR.UTF-8"}).stdout
    assert "E's JC, played after N's KH, beats it (later matador wins, R6.1)" in plain


def test_help_tells_how_to_choose_the_language() -> None:
    shown = subprocess.run([sys.executable, "-m", "worms_tutor", "referee", "--help"],
                           capture_output=True, text=True, timeout=60, check=True).stdout
    assert "--lang" in shown and "LANG" in shown and "da" in shown


def test_one_process_speaks_both_languages() -> None:
    replay = Scenario.from_text(readme_scenario()).replay()
    (reason, *_) = explain_record(replay.records[0], 4)
    assert reason.in_language("da") == "Nord spiller KH ud"
    assert reason.in_language("en") == reason.text == "N leads KH"
    assert Message("{seat} to play.", seat=seat("W")).text("da") == "Vest skal spille."


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, "en"),
    ({"LANG": "da_DK.UTF-8"}, "da"),
    ({"LANG": "da_DK.UTF-8", "LC_ALL": "en_US.UTF-8"}, "en"),
    ({"LANGUAGE": "fr:da", "LANG": "en_US.UTF-8"}, "da"),
    ({"LC_MESSAGES": "da_DK", "LANG": "C"}, "da"),
    ({"LANG": "C"}, "en"),
])
def test_language_from_environment_follows_gettexts_order(environ: dict[str, str],
                                                          lang: str) -> None:
    assert language_from_environment(environ) == lang


def test_the_wheel_carries_the_compiled_danish_catalog(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path),
                    str(REPO)], check=True, capture_output=True, timeout=300)
    (wheel,) = tmp_path.glob("worms_tutor-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        catalog: Any = archive.read("worms_tutor/locale/da/LC_MESSAGES/worms_tutor.mo")
    import gettext
    import io

    danish = gettext.GNUTranslations(io.BytesIO(catalog))
    assert danish.pgettext("seat", "E") == "Øst"


def test_an_illegal_play_is_refused_in_danish_with_the_same_rule_and_seat() -> None:
    scenario = json.dumps({
        "variant": "danish-club", "leader": "N", "plays": ["N: KH", "E: 5D"],
        "hands": {"N": ["KH", "9C"], "E": ["JC", "5D"], "S": ["KS", "6H"], "W": ["9S", "QC"]}})

    def illegal(*args: str) -> dict[str, Any]:
        run = subprocess.run([sys.executable, "-m", "worms_tutor", "referee", *args, "-"],
                             input=scenario, capture_output=True, text=True, timeout=60,
                             check=True)
        return json.loads(run.stdout)["illegal"]  # type: ignore[no-any-return]

    danish, english = illegal("--lang", "da"), illegal("--lang", "en")
    assert (danish["index"], danish["seat"], danish["rule"]) == (1, "E", "O1") == \
        (english["index"], english["seat"], english["rule"])
    assert danish["message"].startswith("Nords Worms fører stikket, og Øst har Toqu")
    assert english["message"].startswith("N's Worms heads the trick and E holds Toqu")


def test_a_malformed_scenario_is_named_in_danish_with_the_same_field() -> None:
    scenario = json.dumps({"leader": "N", "plays": [], "hands": {
        "N": ["KD"], "E": ["JC"], "S": ["KS"], "W": ["9S"]}})
    runs = [subprocess.run([sys.executable, "-m", "worms_tutor", "referee", *lang, "-"],
                           input=scenario, capture_output=True, text=True, timeout=60)
            for lang in (["--lang", "da"], [])]
    (danish, english) = runs
    assert danish.returncode == english.returncode == 2
    assert danish.stderr.startswith("worms-tutor: ugyldigt scenarie: hands.N[0]: 'KD' er ikke")
    assert english.stderr.startswith("worms-tutor: malformed scenario: hands.N[0]: 'KD' is not")


def test_every_rule_title_reads_in_danish() -> None:
    from worms_tutor.values.rulebook import RULE_TITLES, rule_title

    english = {rule: rule_title(rule) for rule in RULE_TITLES}
    assert english == RULE_TITLES
    assert not [rule for rule in RULE_TITLES if rule_title(rule, "da") == RULE_TITLES[rule]]
    assert rule_title("R9.2", "da") == "Et udspil er ét kort eller to til fire ens kort."


def test_a_damaged_position_code_is_explained_in_danish() -> None:
    from worms_tutor.formats.codes import PositionCodeError, decode

    with pytest.raises(PositionCodeError) as caught:
        decode("not a code!")
    assert caught.value.in_language("da").startswith("Dette er ikke en stillingskode")
    assert str(caught.value).startswith("This is not a position code")


def test_cards_are_named_with_the_danish_words() -> None:
    from worms_tutor.values.cards import PACK, Card

    assert Card.parse("KH").name_in("da") == "Hjerter konge, Worms"
    assert Card.parse("JC").name_in("da") == "Klør knægt, Toqu"
    assert all(card.name_in("en") == card.name for card in PACK)
    assert len({card.name_in("da") for card in PACK}) == len(PACK)


def test_danish_genitives_of_seat_words_and_seat_letters() -> None:
    three = Scenario.from_json({
        "hands": {"A": ["KH", "9C"], "B": ["JC", "5D"], "C": ["KS", "6H"]},
        "leader": "A", "plays": ["A: KH", "B: JC", "C: 6H"]})
    from worms_tutor.formats.referee import referee_text

    danish = referee_text(three, "da")
    assert "B's J♣, spillet efter A's K♥, slår den" in danish
    four = Scenario.from_text(readme_scenario())
    assert "Østs J♣, spillet efter Nords K♥, slår den" in referee_text(four, "da")


def test_a_misdeal_is_explained_in_danish() -> None:
    from worms_tutor.analysis.procedure import answer_table_question

    scenario = Scenario.from_json({"variant": "danish-club", "leader": "N", "plays": [], "hands": {
        "N": ["KH", "9C", "5D"], "E": ["JC", "5S", "6S", "8D"], "S": ["KS", "6H", "QD", "QH"],
        "W": ["9S", "QC", "AD", "AH"]}})
    table = answer_table_question("deal", scenario, "N")
    said = [reason.in_language("da") for reason in table.reasons]
    assert said[0] == "Nord har 3 kort, ikke fire: en kortfejl, så der gives om"
    assert [reason.text for reason in table.reasons] == [
        "N holds 3 cards, not four: a misdeal, so the cards are dealt again"]


def test_the_explorer_words_its_outcomes_in_the_language_asked_for() -> None:
    from worms_tutor.analysis.explore import outcomes, state_of

    opening = Scenario.from_json({**json.loads(readme_scenario()), "plays": ["N: KH"]})
    state = state_of(opening)
    danish, english = outcomes(state, "da"), outcomes(state)
    assert [o.play for o in danish] == [o.play for o in english]
    toqu = next(o for o in danish if "JC" in str(o.play))
    assert toqu.summary == "fører stikket"
    assert any("Øst" in reason for reason in toqu.reasons)
    assert next(o for o in english if "JC" in str(o.play)).summary == "heads the trick"


def test_goals_and_solved_values_read_in_danish() -> None:
    from worms_tutor.analysis.search import Goal
    from worms_tutor.analysis.solver import Value

    goal = Goal.parse("score_points:2")
    assert goal.describe("EW", "da") == "Øst-Vest får mindst 2 lus"
    assert goal.describe("EW") == "EW score at least 2 points"
    ahead = Value(0, 1, -2)
    assert ahead.in_words("da") == "ville ende 1 lus foran og 2 stik bagud i dette spil"
    assert ahead.in_words() == "would end 1 point ahead and 2 tricks behind in this hand"


def test_an_empty_list_words_as_nothing_in_every_language() -> None:
    from worms_tutor.values.language import joined

    assert joined([]).text("da") == joined([]).text("en") == ""
    assert joined([seat("N"), seat("S")], " og ").text("da") == "Nord og Syd"
