// RulebookChooser view: two radio buttons. The choice is stored in localStorage and put on the
// page at once as <html data-rulebook="...">, which the rulebook texts follow (style.css).

const CHOICES = [
  ["english", "english", "David Parlett's book and pagat.com"],
  ["danish-club", "danish-club", "the house rules of one Danish–Greenlandic club"],
];

function stored(key) {
  try {
    const value = window.localStorage.getItem(key);
    return CHOICES.some(([v]) => v === value) ? value : "english";
  } catch (e) {
    return "english";
  }
}

function render({ model, el }) {
  const key = model.get("storage_key");
  const labels = model.get("labels") || {}; // the page's language, worded in Python
  const root = document.createElement("fieldset");
  root.className = "wt-rulebook-choice";
  const legend = document.createElement("legend");
  legend.textContent = labels.legend || "The rulebook the chapters teach in";
  root.append(legend);
  const status = document.createElement("div");
  status.className = "wt-rulebook-choice__status";
  status.setAttribute("role", "status");
  const current = stored(key);
  // one name for both buttons, so the arrow keys move between them
  const group = "wt-rulebook-" + Math.random().toString(36).slice(2);
  for (const [value, name, about] of CHOICES) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio";
    input.name = group;
    input.value = value;
    input.checked = value === current;
    const strong = document.createElement("b");
    strong.textContent = name;
    label.append(input, " ", strong, " — " + (labels[value] || about));
    input.addEventListener("change", () => {
      if (!input.checked) return;
      document.documentElement.dataset.rulebook = value;
      try {
        window.localStorage.setItem(key, value);
        status.textContent = (labels.kept || "Chosen: {name}. Kept in this browser.")
          .replace("{name}", name);
      } catch (e) {
        status.textContent = (labels.lost ||
          "Chosen: {name} for this page (this browser keeps nothing).").replace("{name}", name);
      }
    });
    root.append(label);
  }
  root.append(status);
  el.append(root);
}

export default { render };
