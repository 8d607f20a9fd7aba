// ProgressStore: keeps the learner's progress code in this browser's localStorage.
// On start it sends {type: "loaded", value, error} once; Python answers each change with
// {type: "save", value} (null removes the entry). Nothing here interprets the value.

function initialize({ model }) {
  const key = () => model.get("storage_key");
  let value = null;
  let error = null;
  try {
    value = window.localStorage.getItem(key());
  } catch (e) {
    error = String((e && e.message) || e);
  }
  model.on("msg:custom", (msg) => {
    if (!msg || msg.type !== "save") return;
    try {
      if (msg.value === null) window.localStorage.removeItem(key());
      else window.localStorage.setItem(key(), msg.value);
    } catch (e) {
      model.send({ type: "save-failed", error: String((e && e.message) || e) });
    }
  });
  model.send({ type: "loaded", value, error });
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
