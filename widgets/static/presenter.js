// PresenterMode view: two toggle buttons. "Presenter mode" puts the class wt-presenter on
// the page (large, high-contrast cards, text and controls) and is kept in this browser's
// localStorage, so that it stays on across pages and reloads (the page template reads it
// before the page shows); "Reveal all hands" only sets a flag that other widgets observe in
// Python, for this page alone.

const KEY = "worms-tutor/presenter";

function remembered() {
  try {
    return window.localStorage.getItem(KEY) === "on";
  } catch (e) {
    return false;
  }
}

function remember(on) {
  try {
    if (on) window.localStorage.setItem(KEY, "on");
    else window.localStorage.removeItem(KEY);
  } catch (e) { /* a browser that keeps nothing: presenter mode lasts for this page */ }
}

function toggle(model, name, text, cls) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = cls;
  button.textContent = text;
  button.addEventListener("click", () => {
    const value = !model.get(name);
    model.set(name, value);
    model.save_changes();
    if (name === "on") remember(value);
  });
  return button;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "wt-presenter-switch";
  root.setAttribute("role", "group");
  const labels = model.get("labels") || {}; // the page's language, worded in Python
  root.setAttribute("aria-label", labels.group || "Display for a projector");
  const on = toggle(model, "on", labels.on || "Presenter mode", "wt-presenter-toggle");
  const reveal = toggle(model, "reveal_all", labels.reveal || "Reveal all hands",
                        "wt-reveal-toggle");
  root.append(on, reveal);
  el.append(root);
  const update = () => {
    on.setAttribute("aria-pressed", model.get("on") ? "true" : "false");
    reveal.setAttribute("aria-pressed", model.get("reveal_all") ? "true" : "false");
    document.body.classList.toggle("wt-presenter", model.get("on"));
    document.documentElement.classList.toggle("wt-presenter", model.get("on"));
  };
  if (remembered() && !model.get("on")) {
    model.set("on", true);  // the tables' Python side enlarges with it
    model.save_changes();
  }
  model.on("change:on", update);
  model.on("change:reveal_all", update);
  update();
  return () => {
    model.off("change:on", update);
    model.off("change:reveal_all", update);
  };
}

export default { render };
