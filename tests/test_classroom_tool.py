"""The classroom command (tools/classroom.py): the chapters a teacher names become Voilà's
kernel pools; a chapter that does not exist is named in a clear error."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools import classroom


def test_chapters_are_named_by_number_or_page() -> None:
    assert classroom.chapter_files(["5", "05", "summary"]) == [
        "05-the-three-of-diamonds.ipynb", "summary.ipynb"]


@pytest.mark.parametrize("bad", ["99", "chapter-five", ""])
def test_an_unknown_chapter_is_named(bad: str) -> None:
    with pytest.raises(classroom.ClassroomError, match=repr(bad.strip())):
        classroom.chapter_files([bad])


def test_each_named_page_gets_a_pool_of_the_class_size_and_others_none() -> None:
    pools = classroom.pool_config(["05-the-three-of-diamonds.ipynb"], 30)
    assert pools == {"05-the-three-of-diamonds.ipynb": {"pool_size": 30},
                     "default": {"pool_size": 0}}
    with pytest.raises(classroom.ClassroomError, match="--learners"):
        classroom.pool_config(["05-the-three-of-diamonds.ipynb"], 0)


def test_the_server_preheats_and_listens_on_the_network_unless_local_only() -> None:
    files = ["05-the-three-of-diamonds.ipynb"]
    command = classroom.voila_command(files, 30, 8899, local_only=False, voila="voila")
    assert "--preheat_kernel=True" in command and "--Voila.ip=0.0.0.0" in command
    assert "--VoilaKernelManager.fill_delay=30" in command  # no refill during the burst
    pools = next(arg for arg in command if arg.startswith("--VoilaKernelManager."))
    assert json.loads(pools.split("=", 1)[1])["05-the-three-of-diamonds.ipynb"] == {
        "pool_size": 30}
    local = classroom.voila_command(files, 30, 8899, local_only=True, voila="voila")
    assert "--Voila.ip=127.0.0.1" in local
    assert classroom.addresses(files, 8899, local_only=True) == [
        "http://127.0.0.1:8899/voila/render/05-the-three-of-diamonds.ipynb"]


def test_a_bad_chapter_stops_the_command_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert classroom.main(["99", "--local-only"]) == 2
    assert "no chapter '99' here" in capsys.readouterr().err
