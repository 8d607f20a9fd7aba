// CardPalette view: the 36 cards as buttons and the places a card can go to (a hand, the
// stock, the cards played earlier). Python owns the position: a click (or Enter / Space)
// sends {card}; Python puts the card in the chosen place, or takes it back out if it is placed
// already, and answers with the new `used` map, which this view draws.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "wt-palette";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const places = document.createElement("fieldset");
  places.className = "wt-palette__places";
  const legend = document.createElement("legend");
  const labels = model.get("labels") || {}; // the page's language, worded in Python
  legend.textContent = labels.legend || "Click a card to put it in:";
  places.append(legend);
  const grid = document.createElement("div");
  grid.className = "wt-palette__cards";
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label",
                    labels.grid || "The 36 cards: a placed card is taken back by a click");
  root.append(places, grid);
  el.append(root);
  const group = "wt-palette-" + Math.random().toString(36).slice(2);

  function drawPlaces() {
    places.querySelectorAll("label").forEach((label) => label.remove());
    for (const [key, name] of model.get("places")) {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = group;
      input.value = key;
      input.checked = model.get("target") === key;
      input.addEventListener("change", () => {
        if (input.checked) {
          model.set("target", key);
          model.save_changes();
        }
      });
      label.append(input, " " + name);
      places.append(label);
    }
  }

  function drawCards() {
    grid.replaceChildren();
    const used = model.get("used");
    const names = Object.fromEntries(model.get("places"));
    for (const [code, text, name, red] of model.get("cards")) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "wt-palette__card" + (red ? " wt-palette__card--red" : "");
      const where = used[code];
      button.textContent = text;
      if (where) {
        button.classList.add("wt-palette__card--used");
        const tag = document.createElement("span");
        tag.className = "wt-palette__where";
        tag.textContent = where;
        button.append(tag);
      }
      const placed = (labels.in || ", in {place}").replace("{place}", names[where] || where);
      button.setAttribute("aria-label", name + (where ? placed : ""));
      button.addEventListener("click", () => model.send({ card: code }));
      grid.append(button);
    }
  }

  model.on("change:places", drawPlaces);
  model.on("change:target", drawPlaces);
  model.on("change:used", drawCards);
  drawPlaces();
  drawCards();
  return () => {
    model.off("change:places", drawPlaces);
    model.off("change:target", drawPlaces);
    model.off("change:used", drawCards);
  };
}

export default { render };
