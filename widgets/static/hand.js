// HandPicker view: one <button> per card. Python owns the selection: a click (or Enter /
// Space, which browsers turn into a click) sends {type: "toggle", code}; Python answers by
// changing `selected`. Arrow keys, Home and End move the focus between cards here.

const NEXT = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "wt-hand";
  root.setAttribute("role", "group");
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const label = document.createElement("div");
  label.className = "wt-hand__label";
  label.id = "wt-hand-" + Math.random().toString(36).slice(2);
  root.setAttribute("aria-labelledby", label.id);
  const row = document.createElement("div");
  row.className = "wt-hand__cards";
  const status = document.createElement("div");
  status.className = "wt-hand__status";
  status.setAttribute("aria-live", "polite");
  const notice = document.createElement("div");
  notice.className = "wt-hand__notice";
  notice.setAttribute("role", "status");
  root.append(label, row, status, notice);
  el.append(root);

  let focusIndex = 0;
  const buttons = () => Array.from(row.querySelectorAll("button.wt-hand__card"));

  function build() {
    row.replaceChildren();
    model.get("_items").forEach((item, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "wt-card wt-hand__card";
      button.dataset.card = item.code;
      button.setAttribute("aria-label", item.name);
      button.innerHTML = item.svg + '<span class="wt-hand__badge" aria-hidden="true">✓</span>';
      button.addEventListener("click", () => {
        focusIndex = index;
        if (!model.get("disabled")) model.send({ type: "toggle", code: item.code });
      });
      button.addEventListener("keydown", (event) => move(event, index));
      row.append(button);
    });
    focusIndex = Math.min(focusIndex, Math.max(0, buttons().length - 1));
    update();
  }

  function update() {
    const selected = new Set(model.get("selected"));
    const disabled = model.get("disabled");
    root.classList.toggle("wt-hand--disabled", disabled);
    label.textContent = model.get("_group_label");
    status.textContent = model.get("_status");
    notice.textContent = model.get("notice");
    buttons().forEach((button, index) => {
      const on = selected.has(button.dataset.card);
      button.classList.toggle("wt-card--selected", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.setAttribute("aria-disabled", disabled ? "true" : "false");
      button.tabIndex = index === focusIndex ? 0 : -1;
    });
  }

  function move(event, index) {
    const count = buttons().length;
    let next = null;
    if (event.key in NEXT) next = (index + NEXT[event.key] + count) % count;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = count - 1;
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    focusIndex = next;
    update();
    buttons()[next].focus();
  }

  const events = ["change:_items", "change:selected", "change:disabled", "change:notice",
                  "change:_status", "change:_group_label"];
  const handlers = events.map((name) => [name, name === "change:_items" ? build : update]);
  handlers.forEach(([name, handler]) => model.on(name, handler));
  build();
  return () => handlers.forEach(([name, handler]) => model.off(name, handler));
}

export default { render };
