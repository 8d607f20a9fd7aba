// PresenterMode view: two toggle buttons. "Presenter mode" puts the class wt-presenter on
// the page body (large, high-contrast cards and text); "Reveal all hands" only sets a flag
// that other widgets observe in Python.

function toggle(model, name, text, cls) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = cls;
  button.textContent = text;
  button.addEventListener("click", () => {
    model.set(name, !model.get(name));
    model.save_changes();
  });
  return button;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "wt-presenter-switch";
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", "Display for a projector");
  const on = toggle(model, "on", "Presenter mode", "wt-presenter-toggle");
  const reveal = toggle(model, "reveal_all", "Reveal all hands", "wt-reveal-toggle");
  root.append(on, reveal);
  el.append(root);
  const update = () => {
    on.setAttribute("aria-pressed", model.get("on") ? "true" : "false");
    reveal.setAttribute("aria-pressed", model.get("reveal_all") ? "true" : "false");
    document.body.classList.toggle("wt-presenter", model.get("on"));
  };
  model.on("change:on", update);
  model.on("change:reveal_all", update);
  update();
  return () => {
    model.off("change:on", update);
    model.off("change:reveal_all", update);
  };
}

export default { render };
