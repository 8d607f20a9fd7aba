"""The Voilà settings in serving/, read as Voilà and JupyterLab read them: the launch hook that
lets a page's kernel be shut down, debug messages dropped where they are made, widget code
named by its content kept by the browser, and the page template without its CDN links; then
voila.py's one change to Voilà's internals: it still fits the internals it relies on (or the
test names the one that changed), and a page shows what Voilà shows without it.

The tests read the config files in this process (no voila.py at the repository root hides the
voila package any more); every change voila.py makes to a module is undone after each test.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import nbclient.client
import nbformat
import pytest
import voila.notebook_renderer
from jinja2 import Environment, FileSystemLoader
from jupyter_client.manager import AsyncKernelManager
from nbclient.exceptions import CellExecutionError
from traitlets.config import Config, PyFileConfigLoader
from voila.execute import VoilaExecutor

REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "serving" / "config"
DATA = REPO / "serving" / "data"
HASHED = re.compile(r"^/voila/labextensions/.+\.[0-9a-f]{8,}\.js$")


PATCHED = [(voila.notebook_renderer, "VoilaExecutor")]
"""What voila.py replaces: restored after each test by monkeypatch."""


def read(name: str, monkeypatch: pytest.MonkeyPatch, *args: str) -> Config:
    """serving/config/NAME as Voilà (or jupyter_server) reads it, started with ``args``."""
    monkeypatch.setattr(sys, "argv", ["voila", "notebooks", *args])
    for module, attribute in PATCHED:
        monkeypatch.setattr(module, attribute, getattr(module, attribute))
    return PyFileConfigLoader(name, path=str(CONFIG)).load_config()


class Handler:
    """Stands in for Voilà's page handler: notes whether the page's _xsrf token was read."""

    def __init__(self) -> None:
        self.token_read = False

    @property
    def xsrf_token(self) -> bytes:
        self.token_read = True
        return b"token"


def test_a_page_gets_the_cookie_its_kernel_shutdown_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    hook: Any = read("voila.py", monkeypatch).VoilaConfiguration.prelaunch_hook
    handler = Handler()
    hook(handler, notebook=None, cwd=str(REPO))
    assert handler.token_read, "reading the token is what sets the _xsrf cookie"
    preheated = read("voila.py", monkeypatch, "--preheat_kernel=True").VoilaConfiguration
    assert "prelaunch_hook" not in preheated, "Voila refuses a launch hook with preheating"


def test_debug_messages_are_dropped_where_they_are_made_unless_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert read("voila.py", monkeypatch).Voila.logging_config == {
        "loggers": {"Voila": {"level": "INFO"}}}
    assert "logging_config" not in read("voila.py", monkeypatch, "--debug").Voila


def test_widget_code_named_by_its_content_is_kept_by_the_browser(
        monkeypatch: pytest.MonkeyPatch) -> None:
    kept = read("voila.py", monkeypatch).Voila.tornado_settings["static_immutable_cache"]
    entries = {path.split("/static/")[0] for path in kept if "/remoteEntry." in path}
    assert {"/voila/labextensions/@jupyter-widgets/jupyterlab-manager",
            "/voila/labextensions/anywidget"} <= entries, "every extension's bundles"
    assert all(HASHED.match(path) for path in kept), "only files named with a content hash"
    assert not any(path.endswith("/style.js") for path in kept)
    # JupyterLab with Voila's extension (Binder) gets the same list, under its base URL
    lab = read("jupyter_server_config.py", monkeypatch).ServerApp.static_immutable_cache
    assert lab == kept
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/learner-1/")
    hub = read("jupyter_server_config.py", monkeypatch).ServerApp.static_immutable_cache
    assert hub == ["/user/learner-1" + path for path in kept]


def test_python_started_at_the_repository_root_finds_voila_itself() -> None:
    # python -c puts the current folder first on sys.path, as tools and tests started there do
    find = "import importlib.util; print(importlib.util.find_spec('voila').origin)"
    done = subprocess.run([sys.executable, "-c", find], cwd=REPO, capture_output=True,
                          text=True, check=True)
    found = Path(done.stdout.strip())
    assert found.parts[-3:] == ("site-packages", "voila", "__init__.py"), f"{found}, not Voila"


LAB_INDEX = "voila/templates/lab/index.html.j2"
"""Voila's lab page template, which serving/data/voila/templates/worms/index.html.j2 extends."""
FONT_AWESOME = [
    f'<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5'
    f'/css/{sheet}" type="text/css" />' for sheet in ("all.min.css", "v4-shims.min.css")]
"""The lines that the worms template takes out of the lab template's block notebook_css."""


def test_the_page_template_leaves_out_the_cdn_links_voila_has(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from voila.paths import collect_template_paths

    monkeypatch.setenv("JUPYTER_PATH", str(DATA))
    # the search path Voila builds for the template that voila.json names
    paths = collect_template_paths(["voila", "nbconvert"], "worms")
    assert paths[0] == str(DATA / "voila" / "templates" / "worms")
    loader = FileSystemLoader(paths)
    lab = loader.get_source(Environment(), LAB_INDEX)[0]
    block = lab[lab.index("{%- block notebook_css -%}"):lab.index("{%- endblock notebook_css")]
    assert [link in block for link in FONT_AWESOME] == [True, True] and (
        block.count("https://") == len(FONT_AWESOME)), (
        f"the links to a CDN in block notebook_css of Voila's {LAB_INDEX} are not those that"
        " serving/data/voila/templates/worms/index.html.j2 takes out: look at them again")
    worms = loader.get_source(Environment(), "index.html.j2")[0]
    assert "{%- extends 'voila/templates/lab/index.html.j2' -%}" in worms
    assert "{%- block notebook_css -%}" in worms


# -- voila.py's change to Voila's internals: cells sent ahead --------------------------------------


def uses(function: Any, name: str) -> bool:
    """Whether ``function`` reads the global ``name`` of its module when it runs."""
    return name in inspect.getclosurevars(function).globals


def test_pages_are_run_by_the_executor_voila_py_replaces() -> None:
    renderer = voila.notebook_renderer.NotebookRenderer
    assert uses(renderer._jinja_kernel_start, "VoilaExecutor"), (
        "voila.notebook_renderer.NotebookRenderer._jinja_kernel_start no longer makes its"
        " executor from voila.notebook_renderer.VoilaExecutor: voila.py's cells-sent-ahead"
        " change would do nothing")
    source = inspect.getsource(nbclient.client.NotebookClient.async_execute_cell)
    for line in ("if self.skip_cells_with_tag in cell.metadata.get(\"tags\", []):",
                 "cell_allows_errors = (not self.force_raise_errors) and (",
                 "self.allow_errors or \"raises-exception\" in cell.metadata.get(\"tags\", [])",
                 "cell.source, store_history=store_history, stop_on_error=not cell_allows_errors"):
        assert line in source, (
            f"nbclient.client.NotebookClient.async_execute_cell no longer has `{line}`:"
            " voila.py's cells-sent-ahead change sends each cell as that method did")
    client = nbclient.client.NotebookClient
    for method, line in ((client._async_poll_for_reply, "self.kc.shell_channel.get_msg("),
                         (client._async_poll_output_msg, "self.kc.iopub_channel.get_msg(")):
        assert line in inspect.getsource(method), (
            f"nbclient.client.NotebookClient.{method.__name__} no longer reads the kernel's"
            f" replies with `{line}`: voila.py's cells-sent-ahead change sorts them there")


CELLS = [nbformat.v4.new_markdown_cell("# A page"),
         nbformat.v4.new_code_cell("import time\nx = 6"),
         nbformat.v4.new_code_cell("print(time.time())"),
         nbformat.v4.new_code_cell("print('seven')\nx * 7"),
         nbformat.v4.new_code_cell("   "),
         nbformat.v4.new_code_cell("x = 60", metadata={"tags": ["skip-execution"]}),
         nbformat.v4.new_code_cell(
             "from IPython.display import HTML, display\ndisplay(HTML('<b>%d</b>' % x))"),
         nbformat.v4.new_code_cell("import ipywidgets\nipywidgets.Button(description='go')"),
         nbformat.v4.new_code_cell("raise ValueError('a cell that fails')"),
         nbformat.v4.new_code_cell("open('ran-after-the-failure', 'w').close()"),
         nbformat.v4.new_code_cell("print('never shown')")]
"""A page: cells that build on each other, ones nbclient does not run, a widget, a failure."""


async def run_page(executor_class: type[VoilaExecutor], folder: Path) -> dict[str, Any]:
    """The page's cells run in turn, as Voila's cell generator runs them, then one more
    request, which the kernel takes after everything it was sent before."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.from_dict(cell) for cell in CELLS])
    notebook.metadata.kernelspec = {"name": "python3", "language": "python", "display_name": "P"}
    manager = AsyncKernelManager(kernel_name="python3")
    await manager.start_kernel(cwd=str(folder))
    executor = executor_class(notebook, km=manager)
    executor.kc = await executor.async_start_new_kernel_client()
    asked, shown = [], []
    try:
        for index, cell in enumerate(notebook.cells):
            asked.append(time.time())
            try:
                done = await executor.execute_cell(cell, None, index, store_history=False)
            except CellExecutionError:
                shown.append("failed")
                break
            shown.append(done.get("outputs", []))
            if index == 1:
                await asyncio.sleep(1.0)  # the server is busy before it asks for cell 2
        client = getattr(executor.kc, "client", executor.kc)
        await client.execute_interactive("1", timeout=30, output_hook=lambda msg: None)
    finally:
        executor.kc.stop_channels()
        await manager.shutdown_kernel(now=True)
    shown = json.loads(re.sub(r'"model_id": "[0-9a-f]+"', '"model_id": "M"', json.dumps(shown)))
    started = float(shown[2][0].pop("text"))
    ran_after_failure = folder / "ran-after-the-failure"
    result = {"outputs": shown, "started_before_asked": started < asked[2],
              "ran_after_failure": ran_after_failure.exists()}
    ran_after_failure.unlink(missing_ok=True)
    return result


def test_a_pages_cells_wait_in_the_kernel_and_show_as_voila_shows_them(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    read("voila.py", monkeypatch)
    ahead_class = voila.notebook_renderer.VoilaExecutor  # what Voila makes for every page
    assert ahead_class is not VoilaExecutor, "every page is run by the executor sending ahead"
    # each in a thread of its own: the browser tests leave this thread's event loop running
    with ThreadPoolExecutor(max_workers=1) as thread:
        plain, ahead = (thread.submit(asyncio.run, run_page(executor, tmp_path)).result()
                        for executor in (VoilaExecutor, ahead_class))
    assert ahead["started_before_asked"] is True, "the kernel had the cell before its turn"
    assert plain["started_before_asked"] is False, "Voila's own executor sends it in turn"
    assert ahead["outputs"] == plain["outputs"], "every cell shows what Voila would show"
    outputs = ahead["outputs"]
    assert outputs[3][1]["data"] == {"text/plain": "42"}, "a cell sees what the one before made"
    assert outputs[6][0]["data"]["text/html"] == "<b>6</b>", (
        "a cell tagged skip-execution is neither sent nor run (it would set x = 60)")
    assert outputs[7][0]["data"]["text/plain"].startswith("Button("), "widgets as well"
    for run, result in (("plain", plain), ("ahead", ahead)):
        assert result["outputs"][8:] == ["failed"], f"{run}: nothing after the failed cell"
        assert result["ran_after_failure"] is False, f"{run}: the kernel ran no cell after it"
