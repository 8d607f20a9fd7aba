// ProgressStore: keeps the learner's progress code in this browser's localStorage.
// On start it sends {type: "loaded", value, error} once; Python answers each change with
// {type: "save", value} (null removes the entry). If someone else (another tab, another
// store on this page) wrote since we last looked, the save waits: we send {type: "changed",
// value} and Python merges and saves again. Nothing here interprets the value.
//
// "loaded" is what brings a page's puzzles to life (lesson.LazyPuzzle), which sends the
// browser hundreds of widget messages; so it waits until the page is up: Voila has run every
// cell (its spinner, or the static edition's bar of what is still running, is gone), shown
// the cells and replaced every widget placeholder, and the browser has painted that. Outside
// Voila (JupyterLab) there is nothing to wait for but one frame. Never longer than MAX_WAIT.

const MAX_WAIT = 4000; // ms

function pageIsUp() {
  const cells = document.getElementById("rendered_cells");
  const pending = 'script[type="application/vnd.jupyter.widget-view+json"]';
  return !document.getElementById("loading")
    && (!cells || cells.style.display !== "none") && !document.querySelector(pending);
}

function afterPageIsUp(callback) {
  const started = performance.now();
  const check = () => {
    if (!pageIsUp() && performance.now() - started < MAX_WAIT) {
      setTimeout(check, 20);
    } else if (document.visibilityState === "visible") {
      requestAnimationFrame(() => setTimeout(callback, 0)); // after the next paint
    } else {
      callback(); // a hidden tab paints nothing
    }
  };
  check();
}

function initialize({ model }) {
  const key = () => model.get("storage_key");
  const errorText = (e) => String((e && e.message) || e);
  let known = null; // the value last read or written by this store
  let error = null;
  try {
    known = window.localStorage.getItem(key());
  } catch (e) {
    error = errorText(e);
  }
  model.on("msg:custom", (msg) => {
    if (!msg || msg.type !== "save") return;
    try {
      const current = window.localStorage.getItem(key());
      if (current !== known && current !== null && msg.value !== null) {
        known = current;
        tell(model, { type: "changed", value: current });
        return;
      }
      if (msg.value === null) window.localStorage.removeItem(key());
      else window.localStorage.setItem(key(), msg.value);
      known = msg.value;
    } catch (e) {
      tell(model, { type: "save-failed", error: errorText(e) });
    }
  });
  window.addEventListener("storage", (event) => {
    if (event.key !== key() || event.newValue === null || event.newValue === known) return;
    known = event.newValue;
    tell(model, { type: "changed", value: event.newValue });
  });
  afterPageIsUp(() => tell(model, { type: "loaded", value: known, error }));
}

// A message to Python, unless the page's kernel is gone (the learner is leaving the page, or
// another tab's change arrives as this one unloads): then there is nobody to tell. Fields
// that are null are left out, and Python reads them as None: in the static edition's
// kernel (Pyodide) a null would arrive as JsNull, which is not None.
function tell(model, message) {
  const present = Object.fromEntries(Object.entries(message).filter(([, v]) => v !== null));
  try {
    model.send(present);
  } catch (e) {
    if (!String(e && e.message || e).includes("Cannot send")) throw e;
  }
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "wt-progress";
  const summary = document.createElement("div");
  summary.className = "wt-progress__summary";
  summary.setAttribute("aria-live", "polite");
  const notice = document.createElement("div");
  notice.className = "wt-progress__notice";
  notice.setAttribute("role", "status");
  root.append(summary, notice);
  el.append(root);
  const update = () => {
    summary.textContent = model.get("_summary");
    notice.textContent = model.get("notice");
    root.classList.toggle("wt-progress--loaded", model.get("loaded"));
  };
  const events = ["change:_summary", "change:notice", "change:loaded"];
  events.forEach((name) => model.on(name, update));
  update();
  return () => events.forEach((name) => model.off(name, update));
}

export default { initialize, render };
