"""`worms-tutor serve` and `worms-tutor classroom`: the course's pages, the class's kernel
pools, the address, and clear errors for a chapter or a setting that cannot be used."""

from __future__ import annotations

import json

import pytest

from worms_tutor.formats import cli
from worms_tutor.formats.serve import Course, ServeError, page_links, pool_config, voila_command

COURSE = Course.installed()
CHAPTER_5 = "05-the-three-of-diamonds.ipynb"


def test_the_course_is_found_with_its_settings() -> None:
    assert (COURSE.notebooks / "00-start-here.ipynb").is_file()
    assert (COURSE.serving / "config" / "voila.json").is_file()
    env = COURSE.environment()
    assert env["JUPYTER_CONFIG_PATH"].split(":")[0] == str(COURSE.serving / "config")
    assert env["JUPYTER_PATH"].split(":")[0] == str(COURSE.serving / "data")


def test_chapters_are_named_by_number_or_page() -> None:
    assert COURSE.chapter_files(["5", "05", "summary"]) == [CHAPTER_5, "summary.ipynb"]


@pytest.mark.parametrize("bad", ["99", "chapter-five", ""])
def test_an_unknown_chapter_is_named(bad: str) -> None:
    with pytest.raises(ServeError, match=repr(bad.strip())):
        COURSE.chapter_files([bad])


def test_each_named_page_gets_a_pool_of_the_class_size_and_others_none() -> None:
    assert pool_config([CHAPTER_5], 30) == {CHAPTER_5: {"pool_size": 30},
                                            "default": {"pool_size": 0}}
    with pytest.raises(ServeError, match="--learners"):
        pool_config([CHAPTER_5], 0)


def test_the_classroom_preheats_refills_late_and_listens_on_the_network() -> None:
    command = voila_command(COURSE, 8899, True, pools=pool_config([CHAPTER_5], 30))
    assert "--preheat_kernel=True" in command and "--Voila.ip=0.0.0.0" in command
    assert "--VoilaKernelManager.fill_delay=10" in command  # no refill during the burst
    pools = next(arg for arg in command if arg.startswith("--VoilaKernelManager.kernel"))
    assert json.loads(pools.split("=", 1)[1])[CHAPTER_5] == {"pool_size": 30}


def test_serve_alone_stays_on_this_machine_without_pools() -> None:
    command = voila_command(COURSE, 8866, False)
    assert "--Voila.ip=127.0.0.1" in command and not any("preheat" in a for a in command)
    assert page_links([CHAPTER_5], 8899, network=False) == [
        f"http://127.0.0.1:8899/voila/render/{CHAPTER_5}"]
    with pytest.raises(ServeError, match="--port"):
        voila_command(COURSE, 0, False)


def test_a_bad_chapter_stops_the_command_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["classroom", "99", "--local-only"]) == 2
    assert "no chapter '99' here" in capsys.readouterr().err
