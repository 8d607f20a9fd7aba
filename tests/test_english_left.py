"""The finder of English left on a Danish page finds it, and leaves names alone."""

from __future__ import annotations

from pathlib import Path

from tests.english_left import english_labels, english_left, english_phrases, phrases_of

PO = '''msgid ""
msgstr "Content-Type: text/plain; charset=UTF-8\\n"

msgid "{seat}'s {card} beats the led Ace and takes the trick."
msgstr "{seat:gen} {card} slår det udspillede es og tager stikket."

msgid "Worms and Toqu meet in the trick"
msgstr "Worms og Toqu mødes i stikket"

msgid "Voormsi, Toqu, Ataata and Aavunga"
msgstr "Voormsi, Toqu, Ataata and Aavunga"

msgid "Check"
msgstr "Tjek"
'''


def test_phrases_are_cut_at_placeholders_and_markup() -> None:
    assert "cards of a rank" in phrases_of("Lead one card, or {n} cards of a rank. Then wait.")
    assert all("{" not in p for p in phrases_of("{seat}'s {card} beats the led Ace here"))


def test_english_is_found_and_names_kept_in_danish_are_not(tmp_path: Path) -> None:
    po = tmp_path / "da.po"
    po.write_text(PO, encoding="utf-8")
    phrases = english_phrases([po])
    assert "beats the led Ace and takes the trick" in phrases
    assert not any("Ataata" in p for p in phrases)  # names the translation keeps
    page = "Nords 9♠ beats the led Ace and takes the trick. Worms og Toqu mødes i stikket"
    assert english_left(page, phrases) == ["beats the led Ace and takes the trick"]
    assert english_left("Nords 9♠ slår det udspillede es og tager stikket.", phrases) == []
    assert english_labels([po]) == frozenset({"Check", "Worms and Toqu meet in the trick"})
