"""The package build's one extra step: compile the gettext catalogs (.po → .mo) so that the
wheel ships them and an editable install finds them; everything else is in pyproject.toml."""

import importlib.util
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithCatalogs(build_py):
    """build_py that first compiles worms_tutor/locale/*/LC_MESSAGES/*.po beside themselves
    (package data then carries the .mo into the wheel, or the source tree serves it)."""

    def run(self) -> None:
        spec = importlib.util.spec_from_file_location("msgfmt", HERE / "tools" / "msgfmt.py")
        assert spec and spec.loader
        msgfmt = importlib.util.module_from_spec(spec)
        sys.modules["msgfmt"] = msgfmt  # dataclasses look their module up
        spec.loader.exec_module(msgfmt)
        msgfmt.compile_all(HERE / "worms_tutor" / "locale")
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogs})
