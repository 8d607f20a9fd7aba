"""Build the static edition: the series as a Voici site, Python running in the browser.

Run by ``make static`` with the build venv's Python (static/requirements.txt pins every
version, the npm Pyodide core included). Only the package registries are used: the Pyodide
core comes from npm, the pure-Python packages the kernel needs from PyPI as wheels, and our
own wheel is built here. Everything the pages import is listed in a rewritten Pyodide lock
and loaded when the kernel starts, so no notebook installs anything and nothing is fetched
from outside the site at run time. The shipped Python is compiled to bytecode (by Pyodide
under node) and the printables are drawn by the project's venv, which has matplotlib.

    python tools/static_site.py [--output _static_site] [--notebooks notebooks]
                                [--drawing-python .venv/bin/python]
    python tools/static_site.py --output _static_site --serve 127.0.0.1:8000
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import json
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "static" / "requirements.txt"
CACHE = ROOT / "build" / "static-cache"
LITE = ROOT / "build" / "static-lite"
TEMPLATES = ROOT / "serving" / "data"

KERNEL_PACKAGES = (
    "micropip", "ipython", "traitlets", "pygments", "prompt-toolkit",
    "decorator", "executing", "asttokens", "pure-eval", "stack-data", "six",
    "typing-extensions", "wcwidth", "matplotlib-inline", "packaging",
)
"""The pure-Python packages of Pyodide's repository that the kernel needs (at the lock's
versions, fetched from PyPI)."""

PAGE_PACKAGES = ("ipywidgets", "anywidget", "comm", "psygnal", "jupyterlab_widgets")
"""The widget packages our pages import, at the versions of static/requirements.txt."""

KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel-6", "widgetsnbextension-4")
"""The wheels jupyterlite-pyodide-kernel ships (its stand-ins for ipykernel and the widget
extension among them), matched by the start of their file names."""

DROPPED_DEPENDENCIES = {"matplotlib", "sqlite3", "jedi"}
"""Dependencies in Pyodide's lock that the site does not ship (sqlite3 and jedi get
stand-ins)."""

FOLLOW_LINKS = """<script>
// Links the widgets write at run time name notebooks (drill.ipynb?chapter=05); here every
// notebook is a page NAME.html next to this one (or, from a translated page in da/, one up).
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[href]");
  const found = link && /^((?:\\.\\.\\/)?[\\w.-]+)\\.ipynb([?#].*)?$/.exec(link.getAttribute("href"));
  if (found) link.setAttribute("href", `${found[1]}.html${found[2] || ""}`);
}, true);
</script>
"""
"""Turns a click on a link to NAME.ipynb into one to NAME.html, before the browser follows it."""

SHOW_AS_CELLS_RUN = ROOT / "static" / "show_as_cells_run.html"
"""Shows a page once its first code cell has run, the rest still running under a bar."""

LEFT_OUT = ("widgets-gallery.ipynb",)
"""Notebooks that are no page of the series: the widgets gallery shows the building blocks to
a developer, the ranking chart among them as a matplotlib picture, which the browser cannot
draw."""

UNUSED_EXTENSIONS = ("@voila-dashboards/jupyterlab-preview", "jupyterlab_pygments")
"""Front-end extensions the build environment brings that no page uses (a Voilà preview
button for JupyterLab; colours for highlighted code, which the pages do not show)."""

SERVICE_WORKER = "service-worker.js"
"""JupyterLite's service worker, left out of the site. It would lend the kernel the page's
files as its folder, answering each look-up there (one per module Python imports: about 120
at every page start) through the page, and stand between the page and every file it fetches,
which made a repeat visit slower than a first one. The pages read nothing from that folder
(the package carries the course); without the file no service worker is registered (Voici
does not honour disabledExtensions for it), and the kernel starts in a folder of its own, as
in a browser that has no service workers."""

OUTSIDE = re.compile(r"""<link[^>]+href="https?://[^"]*"[^>]*>\s*""")
"""A stylesheet or icon link to another site (Voici's Font Awesome on a CDN)."""


def npm_pinned(name: str) -> str:
    """The version of the npm package ``name`` written in static/requirements.txt."""
    match = re.search(rf"npm:\s*{re.escape(name)}@([\w.]+)", REQUIREMENTS.read_text())
    if match is None:
        raise SystemExit(f"{REQUIREMENTS}: no 'npm: {name}@VERSION' line")
    return match.group(1)


def npm_pyodide_version() -> str:
    """The npm Pyodide version written in static/requirements.txt."""
    return npm_pinned("pyodide")


def pinned(name: str) -> str:
    """The version of ``name`` pinned in static/requirements.txt."""
    for line in REQUIREMENTS.read_text().splitlines():
        found = re.fullmatch(rf"{re.escape(name)}==([\w.]+)", line.strip(), re.IGNORECASE)
        if found:
            return found.group(1)
    raise SystemExit(f"{REQUIREMENTS}: {name} is not pinned")


def run(*command: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command, stopping the build if it fails."""
    subprocess.run([str(part) for part in command], cwd=cwd, check=True, env=env)


NPM_REGISTRY = "https://registry.npmjs.org"


def npm_package(name: str, version: str) -> Path:
    """An npm package's folder, fetched once from the npm registry into the cache (no npm
    needed: the registry's metadata names the tarball and its checksum)."""
    folder = CACHE / f"{name}-{version}"
    if not (folder / "package.json").exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        with urllib.request.urlopen(f"{NPM_REGISTRY}/{name}/{version}", timeout=60) as reply:
            dist = json.load(reply)["dist"]
        with urllib.request.urlopen(dist["tarball"], timeout=300) as reply:
            tarball = reply.read()
        if hashlib.sha1(tarball).hexdigest() != dist["shasum"]:
            raise SystemExit(f"{name}@{version}: the tarball does not match its checksum")
        archive_path = CACHE / f"{name}-{version}.tgz"
        archive_path.write_bytes(tarball)
        shutil.rmtree(CACHE / "npm", ignore_errors=True)
        with tarfile.open(archive_path) as archive:
            archive.extractall(CACHE / "npm", filter="data")
        shutil.rmtree(folder, ignore_errors=True)
        (CACHE / "npm" / "package").rename(folder)
    return folder


def pyodide_core(version: str) -> Path:
    """The Pyodide core of npm (pyodide.js, pyodide.asm.wasm, the standard library, the lock)."""
    return npm_package("pyodide", version)


def pypi_wheels(specs: list[str], into: Path) -> None:
    """Pure-Python wheels of ``specs`` (name==version) from PyPI, kept in the cache."""
    into.mkdir(parents=True, exist_ok=True)
    missing = [spec for spec in specs if not any(
        _normal(w.name.split("-")[0]) == _normal(spec.split("==")[0])
        and w.name.split("-")[1] == spec.split("==")[1] for w in into.glob("*.whl"))]
    if missing:
        run(sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
            "--platform", "any", "--python-version", "3.13", "--implementation", "py",
            "-d", into, *missing)


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


_SQLITE3_STAND_IN = '''"""A stand-in for sqlite3: IPython imports it for its history (off here)."""
PARSE_DECLTYPES = 1
PARSE_COLNAMES = 2


class Error(Exception):
    pass


class DatabaseError(Error):
    pass


class OperationalError(DatabaseError):
    pass


def connect(*args, **kwargs):
    raise OperationalError("no sqlite3 in this browser edition")


def register_adapter(*args, **kwargs):
    pass


def register_converter(*args, **kwargs):
    pass
'''


_JEDI_STAND_IN = '''"""A stand-in for jedi, which IPython uses to complete code as it is typed: the
static edition's pages have no code to type, so jedi and parso (600 files to unpack, 140
modules to import at every page start) stay out of the site, and IPython completes without
them."""
raise ImportError("jedi is left out of the static edition: its pages complete no code")
'''

STAND_INS = {"sqlite3": _SQLITE3_STAND_IN, "jedi": _JEDI_STAND_IN}
"""Packages the kernel asks for that the site ships as one small module of its own."""


def stand_in(name: str, into: Path) -> Path:
    """The wheel of a stand-in package ``name`` (``STAND_INS``)."""
    from zipfile import ZipFile

    path = into / f"{name}-0.0.0-py3-none-any.whl"
    info = f"{name}-0.0.0.dist-info"
    with ZipFile(path, "w") as wheel:
        wheel.writestr(f"{name}/__init__.py", STAND_INS[name])
        wheel.writestr(f"{info}/METADATA",
                       f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n")
        wheel.writestr(f"{info}/WHEEL",
                       "Wheel-Version: 1.0\nGenerator: worms-tutor\nRoot-Is-Purelib: true\n"
                       "Tag: py3-none-any\n")
        wheel.writestr(f"{info}/RECORD", "")
    return path


def wheel_entry(path: Path, depends: list[str], imports: list[str]) -> dict[str, object]:
    """A Pyodide lock entry for a pure wheel in the same folder as the lock."""
    name, version = path.name.split("-")[:2]
    return {"name": _normal(name), "version": version, "file_name": path.name,
            "install_dir": "site", "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
            "package_type": "package", "imports": imports, "depends": depends,
            "unvendored_tests": False, "shared_library": False}


def prepare_lite_dir(pyodide_version: str) -> list[str]:
    """Fill build/static-lite (Pyodide, its lock, the wheels); return the names to preload."""
    core = pyodide_core(pyodide_version)
    shutil.rmtree(LITE, ignore_errors=True)
    target = LITE / "static" / "pyodide"
    target.mkdir(parents=True)
    for name in ("pyodide.asm.wasm", "pyodide.asm.js", "pyodide.js", "pyodide.mjs",
                 "python_stdlib.zip", "package.json"):
        # dated now, not as in npm's tarball (1985 for every version): a browser asking
        # whether its copy changed since then must hear yes after a Pyodide upgrade
        shutil.copy(core / name, target / name)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages: dict[str, dict[str, object]] = {}

    kernel_cache = CACHE / "wheels-kernel"
    pypi_wheels([f"{name}=={lock['packages'][name]['version']}" for name in KERNEL_PACKAGES],
                kernel_cache)
    for name in KERNEL_PACKAGES:
        entry = lock["packages"][name]
        wheel = next(w for w in kernel_cache.glob("*.whl")
                     if _normal(w.name.split("-")[0]) == name
                     and w.name.split("-")[1] == entry["version"])
        shutil.copy2(wheel, target / wheel.name)
        depends = [d for d in entry["depends"] if d not in DROPPED_DEPENDENCIES]
        depends = [_normal(d) for d in depends] + (list(STAND_INS) if name == "ipython" else [])
        packages[name] = wheel_entry(target / wheel.name, depends, list(entry["imports"]))
    for name in STAND_INS:
        packages[name] = wheel_entry(stand_in(name, target), [], [name])

    page_cache = CACHE / "wheels-page"
    pypi_wheels([f"{name}=={pinned(name)}" for name in PAGE_PACKAGES], page_cache)
    page_depends = {"ipywidgets": ["comm", "ipython", "traitlets", "widgetsnbextension"],
                    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
                    "comm": ["traitlets"], "psygnal": [], "jupyterlab-widgets": []}
    for name in PAGE_PACKAGES:
        wheel = next(w for w in page_cache.glob("*.whl")
                     if _normal(w.name.split("-")[0]) == _normal(name)
                     and w.name.split("-")[1] == pinned(name))
        shutil.copy2(wheel, target / wheel.name)
        key = _normal(name)
        packages[key] = wheel_entry(target / wheel.name, page_depends[key],
                                    [name.replace("-", "_")])

    kernel_dir = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
                  / "pyodide-kernel-extension" / "static" / "pypi")
    kernel_imports = {"piplite": ["piplite"], "pyodide-kernel": ["pyodide_kernel"],
                      "ipykernel": ["ipykernel"], "widgetsnbextension": ["widgetsnbextension"]}
    kernel_depends = {"piplite": ["micropip"], "pyodide-kernel": ["ipykernel", "ipython"],
                      "ipykernel": ["comm"], "widgetsnbextension": []}
    for start in KERNEL_WHEELS:
        wheel = next(kernel_dir.glob(f"{start}*.whl"))
        shutil.copy2(wheel, target / wheel.name)
        key = _normal(wheel.name.split("-")[0])
        packages[key] = wheel_entry(target / wheel.name, kernel_depends[key],
                                    kernel_imports[key])

    ours = CACHE / "wheel-ours"
    shutil.rmtree(ours, ignore_errors=True)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
        "-w", ours, ".")
    wheel = next(ours.glob("worms_tutor-*.whl"))
    shutil.copy2(wheel, target / wheel.name)
    packages["worms-tutor"] = wheel_entry(target / wheel.name, ["anywidget", "ipywidgets"],
                                          ["worms_tutor"])

    if bytecode(core, [*target.glob("*.whl"), target / "python_stdlib.zip"]):
        for entry in packages.values():  # the lock's checksums, of the compiled wheels
            entry["sha256"] = hashlib.sha256((target / str(entry["file_name"])).read_bytes()
                                             ).hexdigest()
    lock["packages"] = packages
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    return sorted(packages)


def bytecode(core: Path, archives: list[Path]) -> bool:
    """Replace the modules in ``archives`` (wheels, the standard library's zip) by bytecode,
    compiled by Pyodide under node (static/bytecode.mjs); whether it was done. Compiling the
    source at every page start made a page start about 3 s later. Each result is kept in the
    cache under its input's checksum, so a rebuild compiles only our own wheel."""
    node = shutil.which("node")
    if node is None:
        print("static_site: no node here, so the site ships Python source: its pages start "
              "about 3 s later", file=sys.stderr)
        return False
    cache = CACHE / "bytecode"
    cache.mkdir(parents=True, exist_ok=True)
    pending = []
    for archive in archives:
        kept = cache / f"{hashlib.sha256(archive.read_bytes()).hexdigest()}{archive.suffix}"
        pending.append((archive, kept))
    missing = [f"{archive}={kept}" for archive, kept in pending if not kept.exists()]
    if missing:
        run(node, ROOT / "static" / "bytecode.mjs", core, *missing)
    for archive, kept in pending:
        shutil.copy2(kept, archive)
    return True


def write_settings(preload: list[str]) -> None:
    """jupyter-lite.json: load every shipped package at start, never look up PyPI."""
    settings = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": preload}}}}}
    (LITE / "jupyter-lite.json").write_text(json.dumps(settings, indent=1) + "\n")


STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
SHARED_STYLE = 8_000
"""Characters from which a page's stylesheet moves into a file the pages share (the theme's
240 kB, the same on every page), which the browser then keeps once for all of them."""


def shared_styles(text: str, page: Path, render: Path) -> str:
    """A page whose large stylesheets are links to files named after their content, written
    once in ``render``; what stays inline is the page's own small styles."""

    def link(found: re.Match[str]) -> str:
        css = found[1]
        if len(css) < SHARED_STYLE:
            return found[0]
        name = f"style.{hashlib.sha256(css.encode()).hexdigest()[:16]}.css"
        target = render / name
        if not target.exists():
            target.write_text(css, encoding="utf-8")
        up = "../" * (len(page.relative_to(render).parts) - 1)
        return f'<link rel="stylesheet" href="{up}{name}">'

    return STYLE.sub(link, text)


def tidy(output: Path) -> None:
    """Remove links to other sites, source maps and the service worker; point chapter links
    at the built pages; show each page as its cells run."""
    at_end = FOLLOW_LINKS + SHOW_AS_CELLS_RUN.read_text(encoding="utf-8")
    for page in output.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        tidied = OUTSIDE.sub("", text)
        if "render" in (page.parent.name, page.parent.parent.name):  # a page, or a translation
            tidied = PAGE_CONFIG.sub(lambda found: found[1] + json.dumps(
                _used_extensions(json.loads(found[2]))) + found[3], tidied)
            tidied = re.sub(r'href="((?:\.\./)?[\w.-]+)\.ipynb([?#][^"]*)?"', r'href="\1.html\2"',
                            tidied)
            tidied = shared_styles(tidied, page, output / "voici" / "render")
            head, _, tail = tidied.rpartition("</body>")
            tidied = f"{head}{at_end}</body>{tail}" if head else tidied
        if tidied != text:
            page.write_text(tidied, encoding="utf-8")
    settings_path = output / "jupyter-lite.json"
    settings = json.loads(settings_path.read_text(encoding="utf-8"))
    settings["jupyter-config-data"] = _used_extensions(settings["jupyter-config-data"])
    settings_path.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")
    for name in UNUSED_EXTENSIONS:
        shutil.rmtree(output / "extensions" / name, ignore_errors=True)
        if "/" in name and not any((output / "extensions" / name).parent.iterdir()):
            (output / "extensions" / name).parent.rmdir()  # its scope's folder, now empty
    for source_map in output.rglob("*.map"):
        source_map.unlink()
    (output / SERVICE_WORKER).unlink(missing_ok=True)
    # JupyterLite's own apps (lab, notebooks) load from build/; Voici's pages load only from
    # voici/build/, and the site offers no other app.
    shutil.rmtree(output / "build", ignore_errors=True)
    start = output / "voici" / "render" / "00-start-here.html"
    if start.exists():  # the site's address opens the first chapter
        (output / "index.html").write_text(
            '<!DOCTYPE html><meta charset="utf-8"><title>Worms tutor</title>'
            '<meta http-equiv="refresh" content="0; url=voici/render/00-start-here.html">'
            '<a href="voici/render/00-start-here.html">Start here</a>\n', encoding="utf-8")


DRAW_PRINTABLES = """
import shutil, sys
from pathlib import Path
from worms_tutor.widgets.language import LANGUAGES
from worms_tutor.widgets.printables_page import drawn
for lang in LANGUAGES:
    folder = Path(sys.argv[1]) / ("" if lang == "en" else lang)
    folder.mkdir(exist_ok=True)
    for path in drawn(lang):
        shutil.copy2(path, folder)
"""


def printables(output: Path, python: Path) -> None:
    """The printables (PDFs drawn with matplotlib, which the browser does not have) into the
    site's printables/ folder, where the pages link to them (a translation's in
    printables/LANG/, where its pages link to them); drawn by ``python``, the
    project's venv (its drawing cache, kept in the build's cache, keeps them from one build to
    the next, also when the tests build the site with a home of their own)."""
    folder = output / "printables"
    folder.mkdir()
    run(python, "-c", DRAW_PRINTABLES, folder,
        env={**_environ(), "XDG_CACHE_HOME": str(CACHE / "drawings")})


PAGE_CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)'
                         r"(.*?)(</script>)", re.S)
"""The settings a page carries (the same as jupyter-lite.json's)."""


def _used_extensions(config: dict[str, object]) -> dict[str, object]:
    """Page settings without the extensions no page uses."""
    listed = config.get("federated_extensions", [])
    assert isinstance(listed, list)
    return {**config, "federated_extensions": [
        extension for extension in listed if extension["name"] not in UNUSED_EXTENSIONS]}


def size_mb(folder: Path) -> float:
    """A folder's size in megabytes."""
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1e6


def build(output: Path, notebooks: Path, drawing_python: Path) -> None:
    """Build the site from ``notebooks`` into ``output``."""
    started = time.monotonic()
    preload = prepare_lite_dir(npm_pyodide_version())
    write_settings(preload)
    shutil.rmtree(output, ignore_errors=True)
    pages = LITE / "pages"
    shutil.copytree(notebooks, pages, ignore=shutil.ignore_patterns(*LEFT_OUT, "locale", ".*"))
    env_path = f"{TEMPLATES}"
    voici = Path(sys.executable).parent / "voici"
    subprocess.run([str(voici), "build", "--lite-dir", str(LITE), "--contents", str(pages),
                    "--output-dir", str(output), "--no-sourcemaps",
                    "--no-unused-shared-packages", "--template", "worms", "--strip_sources=True"],
                   # in the fresh lite dir, so that no task database of an earlier build
                   # (.jupyterlite.doit.db) marks the settings as already written
                   cwd=LITE, check=True, env={**_environ(), "JUPYTER_PATH": env_path})
    tidy(output)
    printables(output, drawing_python)
    print(f"built {output} in {time.monotonic() - started:.1f} s, {size_mb(output):.1f} MB")


HASHED = re.compile(r"\.[0-9a-f]{8,}\.(js|css)$")
"""A file named after a hash of its content (the front end's bundles): it never changes."""


class CachingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site with the caching a static host should offer for a repeat visit: a file
    named after its content's hash may be kept for a year; every other file is kept but asked
    about again (one small request, answered 304 Not Modified while it is unchanged)."""

    def end_headers(self) -> None:
        if HASHED.search(self.path.split("?")[0]):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def serve(folder: Path, bind: str, port: int) -> None:
    """Serve the built site (``make static-serve``) until interrupted."""
    handler = functools.partial(CachingHandler, directory=str(folder))
    with http.server.ThreadingHTTPServer((bind, port), handler) as server:
        server.serve_forever()


def _environ() -> dict[str, str]:
    import os

    return dict(os.environ)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "_static_site")
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks")
    parser.add_argument("--drawing-python", type=Path, default=ROOT / ".venv" / "bin" / "python",
                        help="the project's Python (with matplotlib), to draw the printables")
    parser.add_argument("--serve", metavar="BIND:PORT",
                        help="serve the site built in --output instead of building it")
    args = parser.parse_args(argv)
    if args.serve:
        bind, _, port = args.serve.rpartition(":")
        serve(args.output.resolve(), bind, int(port))
    else:
        build(args.output.resolve(), args.notebooks.resolve(), args.drawing_python)


if __name__ == "__main__":
    main()
