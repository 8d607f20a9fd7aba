// Compiles the Python modules of wheels and zips to bytecode with Pyodide's own interpreter
// (the browser's Python, whose bytecode the build machine's Python cannot write), so that the
// browser imports them without compiling their source at every page start.
//
//     node static/bytecode.mjs PYODIDE_DIR IN=OUT [IN=OUT ...]
//
// Each module NAME.py becomes NAME.pyc in its place, without the source (as in Pyodide's own
// package repository); every other file is copied as it is. Run by tools/static_site.py.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, ...pairs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
pyodide.runPython(`
import io
import marshal
import warnings
import zipfile
from importlib.util import MAGIC_NUMBER


def to_bytecode(data):
    """The zip archive \`data\` with each module compiled: NAME.py becomes NAME.pyc."""
    source = zipfile.ZipFile(io.BytesIO(bytes(data)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a package's own tests may warn as they compile
        for info in source.infolist():
            body = source.read(info)
            if info.filename.endswith(".py") and ".dist-info/" not in info.filename:
                try:
                    code = compile(body, info.filename, "exec", dont_inherit=True)
                except SyntaxError:  # kept as source: Python reports it if it is imported
                    target.writestr(info, body)
                    continue
                # header: magic, flags 0, no source date or size (a module without source)
                target.writestr(info.filename + "c",
                                MAGIC_NUMBER + bytes(12) + marshal.dumps(code))
            else:
                target.writestr(info, body)
    return out.getvalue()
`);
const toBytecode = pyodide.globals.get("to_bytecode");
for (const pair of pairs) {
  const [from, to] = pair.split("=");
  const compiled = toBytecode(new Uint8Array(readFileSync(from)));
  writeFileSync(to, compiled.toJs());
  compiled.destroy();
}
