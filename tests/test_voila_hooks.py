"""voila.py's hooks: Voilà's page templates compiled once per server, Markdown converted once,
both giving exactly what Voilà gives without them, and the templates read without their links
to a CDN; debug messages dropped unless asked for, and message dates and outputs made more
cheaply but equal to what jupyter_client and nbformat make; a page's pieces sent in batches,
the objects the server starts with kept out of full garbage collections, and a page's cells
all sent to its kernel at once, shown as Voilà shows them (a real kernel runs them).

The checks run in a fresh Python started outside the repository: there, as in the Voilà
server, ``voila`` is Voilà's package and not this repository's config file of the same name.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

READ_VOILA_PY = """\
sys.argv = ["voila", "notebooks"]
config = PyFileConfigLoader("voila.py", path=repo).load_config()  # as Voila reads it
hooks = sys.modules["voila.exporter"].VoilaExporter.markdown2html.__globals__"""
"""Both checks' start: voila.py read as Voila reads it, and the module namespace of its hooks."""

CHECKS = r"""
import json, sys
from pathlib import Path
import nbformat
from jinja2 import Environment, FileSystemLoader
from nbconvert.exporters.templateexporter import TemplateExporter
from traitlets.config import PyFileConfigLoader
from voila.exporter import VoilaExporter

import nbclient.client
from jupyter_client import jsonutil
plain_markdown = VoilaExporter.markdown2html
plain_parse_date = jsonutil.parse_date
plain_output_from_msg = nbclient.client.output_from_msg
folder = Path(sys.argv[2])
repo = sys.argv[1]
READ_VOILA_PY
compiled = hooks["COMPILED_TEMPLATES"]
(folder / "page.j2").write_text("{{ 6 * 7 }} {% for x in 'ab' %}{{ x }}{% endfor %}")
def page(**options):
    environment = Environment(loader=FileSystemLoader(folder), bytecode_cache=compiled, **options)
    return environment.get_template("page.j2").render()
out = {"first": page()}
out["kept_after_first"] = len(compiled.code)
out["second"] = page()
out["kept_after_second"] = len(compiled.code)
out["async"] = page(enable_async=True)
out["kept_after_async"] = len(compiled.code)
(folder / "page.j2").write_text("{{ 6 * 8 }}")
out["changed"] = page()
out["exporter_shares"] = VoilaExporter(template_name="lab").environment.bytecode_cache is compiled

from jupyter_server.services.contents.filemanager import FileContentsManager
files = FileContentsManager(root_dir=str(folder))
exporter = VoilaExporter(template_name="lab", contents_manager=files)
text = "## S4 — A higher Seven\n\nParlett: **yes**, the club *too*."
context = {"cell": nbformat.v4.new_markdown_cell(text)}
out["markdown_plain"] = plain_markdown(exporter, context, text)
out["markdown_hooked"] = VoilaExporter.markdown2html(exporter, context, text)
out["markdown_kept"] = [key[0] for key in hooks["_CONVERTED"]]
picture = "A picture: ![pack](pack.png)"
VoilaExporter.markdown2html(exporter, {"cell": nbformat.v4.new_markdown_cell(picture)}, picture)
out["markdown_kept_after_picture"] = [key[0] for key in hooks["_CONVERTED"]]
from jupyter_core.paths import jupyter_path
lab = VoilaExporter(template_name="lab")
out["exporter_strips_cdn_links"] = isinstance(lab.environment.loader, hooks["WithoutCdnLinks"])
voila_lab = next(Path(p) for p in jupyter_path("voila", "templates", "lab")
                 if (Path(p) / "index.html.j2").exists())
out["lab_as_shipped"] = (voila_lab / "index.html.j2").read_text()
served = hooks["WithoutCdnLinks"](FileSystemLoader(voila_lab))
out["lab_as_served"] = served.get_source(Environment(), "index.html.j2")[0]

out["voila_logger"] = config.Voila.logging_config
sys.argv = ["voila", "notebooks", "--debug"]
out["voila_logger_debug"] = PyFileConfigLoader("voila.py", path=repo).load_config().Voila.get(
    "logging_config")
stamps = ["2026-12-03T11:40:50.123456Z", "2026-12-03T11:40:50.123+01:00", "2026-12-03T11:40:50",
          "2026-12-03", "2026", "abc", "", None, "2026-12-03T11:40:50.123456Zjunk"]
import warnings
warnings.simplefilter("ignore")
out["dates"] = [[repr(plain_parse_date(s)), repr(jsonutil.parse_date(s)),
                 plain_parse_date(s) == jsonutil.parse_date(s)] for s in stamps]
out["dates_hooked"] = jsonutil.parse_date is not plain_parse_date
header = {"msg_id": "1", "msg_type": "", "date": stamps[0]}
messages = [
    {"msg_type": "execute_result", "content": {"metadata": {}, "execution_count": 3,
                                               "data": {"text/plain": "42"}}},
    {"msg_type": "display_data", "content": {"metadata": {"isolated": True},
                                             "data": {"text/html": "<b>x</b>"}, "transient": {}}},
    {"msg_type": "stream", "content": {"name": "stderr", "text": "careful"}},
    {"msg_type": "error", "content": {"ename": "ValueError", "evalue": "bad", "traceback": ["t"]}},
]
out["outputs"] = []
for message in messages:
    msg = {"header": {**header, "msg_type": message["msg_type"]}, "content": message["content"]}
    plain, hooked = plain_output_from_msg(msg), nbclient.client.output_from_msg(msg)
    data = type(hooked["data"]).__name__ if "data" in hooked else "-"
    out["outputs"].append([plain == hooked, type(hooked).__name__, data])
status = {"header": {**header, "msg_type": "status"}, "content": {"execution_state": "idle"}}
try:
    nbclient.client.output_from_msg(status)
except ValueError as error:
    out["status_refused"] = str(error)

import asyncio
import gc
import inspect
import tornado.ioloop
from voila.tornado.handler import TornadoVoilaHandler
out["frozen_before_the_loop"] = gc.get_freeze_count()


class Page:  # stands in for Voila's page handler: what it writes and when it flushes

    def __init__(self):
        self.sent = []
        self.waiting = []

    def write(self, html):
        self.waiting.append(html)

    def flush(self):
        self.sent.append(self.waiting)
        self.waiting = []

    async def get_generator(self, path=None):
        yield "<head>"
        yield "<body>"
        await asyncio.sleep(10 * hooks["FLUSH_DELAY"])  # a cell runs
        yield "<p>cell</p>"
        yield "x" * hooks["FLUSH_SIZE"]
        yield "</html>"


async def serve_a_page():
    page = Page()
    await TornadoVoilaHandler.get.__wrapped__(page, path="chapter.ipynb")
    await asyncio.sleep(0.02)
    return page


page = tornado.ioloop.IOLoop.current().run_sync(serve_a_page)
out["voila_get"] = inspect.getsource(sys.modules["voila.tornado.handler"])
out["flushed"] = [[piece[:12] for piece in batch] for batch in page.sent]
out["left_for_finish"] = page.waiting
out["frozen_after_the_loop"] = gc.get_freeze_count()
print(json.dumps(out))
""".replace("READ_VOILA_PY", READ_VOILA_PY)


def run_checks(tmp_path: Path) -> dict[str, object]:
    """The checks' findings, run as Voila runs voila.py."""
    done = subprocess.run([sys.executable, "-c", CHECKS, str(REPO), str(tmp_path)],
                          cwd=tmp_path, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_templates_are_compiled_once_for_every_page_view(tmp_path: Path) -> None:
    out = run_checks(tmp_path)
    assert out["first"] == out["second"] == "42 ab"
    assert out["kept_after_second"] == out["kept_after_first"], "compiled code reused"
    assert out["async"] == "42 ab"
    assert out["kept_after_async"] == out["kept_after_first"] + 1, "async code kept apart"
    assert out["changed"] == "48", "a changed template is compiled anew"
    assert out["exporter_shares"] is True, "every Voila exporter uses the shared code"


def test_markdown_is_converted_once_and_as_voila_converts_it(tmp_path: Path) -> None:
    out = run_checks(tmp_path)
    assert "<strong>yes</strong>" in str(out["markdown_plain"])
    assert out["markdown_hooked"] == out["markdown_plain"]
    assert out["markdown_kept"] == [
        "## S4 — A higher Seven\n\nParlett: **yes**, the club *too*."]
    assert out["markdown_kept_after_picture"] == out["markdown_kept"], "pictures: every time"


def test_pages_link_no_stylesheet_from_a_cdn(tmp_path: Path) -> None:
    out = run_checks(tmp_path)
    assert out["exporter_strips_cdn_links"] is True, "every Voila exporter reads through it"
    shipped, served = str(out["lab_as_shipped"]), str(out["lab_as_served"])
    assert "cdn.jsdelivr.net" in shipped, "Voila's lab template links Font Awesome"
    assert served == "".join(line for line in shipped.splitlines(keepends=True)
                             if "cdn.jsdelivr.net" not in line), "only those lines go"
    assert "cdn." not in served, "no other CDN link is left"


def test_debug_messages_are_dropped_where_they_are_made_unless_asked_for(tmp_path: Path) -> None:
    out = run_checks(tmp_path)
    assert out["voila_logger"] == {"loggers": {"Voila": {"level": "INFO"}}}
    assert out["voila_logger_debug"] is None, "--debug keeps traitlets' DEBUG logger"


def test_message_dates_are_read_as_jupyter_client_reads_them(tmp_path: Path) -> None:
    out = run_checks(tmp_path)
    assert out["dates_hooked"] is True
    dates = out["dates"]
    assert isinstance(dates, list)
    for plain, hooked, equal in dates:
        assert equal, f"{hooked} where jupyter_client gives {plain}"
    assert dates[0][1].startswith("datetime.datetime(2026, 12, 3, 11, 40, 50, 123456")
    assert dates[4][1] == "'2026'", "a string that is not a stamp stays a string"


def test_outputs_are_made_as_nbformat_makes_them(tmp_path: Path) -> None:
    out = run_checks(tmp_path)
    node = "NotebookNode"
    assert out["outputs"] == [[True, node, node], [True, node, node], [True, node, "-"],
                              [True, node, "-"]], "equal, with their data as nodes too"
    assert "status" in str(out["status_refused"]), "not an output: nbformat's own error"


def test_pieces_of_a_page_that_come_together_are_sent_together(tmp_path: Path) -> None:
    out = run_checks(tmp_path)
    assert out["flushed"] == [["<head>", "<body>"], ["<p>cell</p>", "x" * 12]], (
        "flushed when a cell keeps the next piece waiting, and when enough has gathered")
    assert out["left_for_finish"] == ["</html>"], "the last piece goes as the page finishes"
    shipped = str(out["voila_get"])
    assert ("async for html in gen:\n            self.write(html)\n            self.flush()"
            in shipped), "Voila's own get still only writes and flushes: nothing else is lost"


def test_objects_the_server_starts_with_are_kept_out_of_full_collections(
        tmp_path: Path) -> None:
    out = run_checks(tmp_path)
    assert out["frozen_before_the_loop"] == 0
    frozen = out["frozen_after_the_loop"]
    assert isinstance(frozen, int) and frozen > 10_000, "frozen once the server's loop runs"


PAGE_CHECKS = r"""
import asyncio, json, re, sys, time
from pathlib import Path
import nbformat
from jupyter_client.manager import AsyncKernelManager
from nbclient.exceptions import CellExecutionError
from traitlets.config import PyFileConfigLoader
from voila.execute import VoilaExecutor
repo, folder = sys.argv[1], Path(sys.argv[2])
READ_VOILA_PY
import voila.notebook_renderer
ahead = voila.notebook_renderer.VoilaExecutor  # what Voila makes for every page
out = {"hooked": ahead is hooks["ExecutorSendingAhead"]}
code = nbformat.v4.new_code_cell
ran_after_failure = folder / "ran-after-the-failure"
cells = [nbformat.v4.new_markdown_cell("# A page"),
         code("import time\nx = 6"),
         code("print(time.time())"),
         code("print('seven')\nx * 7"),
         code("   "),
         code("x = 60", metadata={"tags": ["skip-execution"]}),
         code("from IPython.display import HTML, display\ndisplay(HTML('<b>%d</b>' % x))"),
         code("import ipywidgets\nipywidgets.Button(description='go')"),
         code("raise ValueError('a cell that fails')"),
         code(f"open({str(ran_after_failure)!r}, 'w').close()"),
         code("print('never shown')")]


async def run_page(executor_class):
    # The cells in turn, as Voila's cell generator runs them; then one more request, which the
    # kernel takes after everything it was sent before.
    notebook = nbformat.v4.new_notebook(cells=[nbformat.from_dict(cell) for cell in cells])
    notebook.metadata.kernelspec = {"name": "python3", "language": "python", "display_name": "P"}
    km = AsyncKernelManager(kernel_name="python3")
    await km.start_kernel(cwd=str(folder))
    executor = executor_class(notebook, km=km)
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
        await km.shutdown_kernel(now=True)
    shown = json.loads(re.sub(r'"model_id": "[0-9a-f]+"', '"model_id": "M"', json.dumps(shown)))
    started = float(shown[2][0].pop("text"))
    result = {"outputs": shown, "started_before_asked": started < asked[2],
              "ran_after_failure": ran_after_failure.exists()}
    ran_after_failure.unlink(missing_ok=True)
    return result


out["plain"] = asyncio.run(run_page(VoilaExecutor))
out["ahead"] = asyncio.run(run_page(ahead))
print(json.dumps(out))
""".replace("READ_VOILA_PY", READ_VOILA_PY)


@pytest.fixture(scope="module")
def page_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A page run by a real kernel under Voilà's own executor and under voila.py's."""
    folder = tmp_path_factory.mktemp("page")
    done = subprocess.run([sys.executable, "-c", PAGE_CHECKS, str(REPO), str(folder)],
                          cwd=folder, capture_output=True, text=True, check=True, timeout=300)
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


def test_a_pages_cells_wait_in_the_kernel_and_show_as_voila_shows_them(
        page_runs: dict[str, object]) -> None:
    assert page_runs["hooked"] is True, "every page is run by the executor sending ahead"
    plain, ahead = page_runs["plain"], page_runs["ahead"]
    assert isinstance(plain, dict) and isinstance(ahead, dict)
    assert ahead["started_before_asked"] is True, "the kernel had the cell before its turn"
    assert plain["started_before_asked"] is False, "Voila's own executor sends it in turn"
    assert ahead["outputs"] == plain["outputs"], "every cell shows what Voila would show"
    outputs = ahead["outputs"]
    assert outputs[3][1]["data"] == {"text/plain": "42"}, "a cell sees what the one before made"
    assert outputs[6][0]["data"]["text/html"] == "<b>6</b>", (
        "a cell tagged skip-execution is neither sent nor run (it would set x = 60)")
    assert outputs[7][0]["data"]["text/plain"].startswith("Button("), "widgets as well"


def test_a_failed_cell_still_ends_the_page(page_runs: dict[str, object]) -> None:
    for run in ("plain", "ahead"):
        result = page_runs[run]
        assert isinstance(result, dict)
        assert result["outputs"][8:] == ["failed"], f"{run}: nothing after the failed cell"
        assert result["ran_after_failure"] is False, f"{run}: the kernel ran no cell after it"
