// NextPuzzleButton: brings the next unsolved puzzle of the page into view. The puzzles are
// the page's .wt-puzzle elements in page order, and the previews of puzzles not yet alive
// (lesson.puzzles shows a preview until its slot opens); solved ones (here or on an earlier
// visit) are skipped; after the last puzzle it goes round to the first unsolved one.

function isOpen(puzzle) {
  const done = ["wt-puzzle--solved", "wt-puzzle--solved-before"];
  return !done.some((name) => puzzle.classList.contains(name));
}

function shown(element) {
  return element.getClientRects().length > 0; // a hidden preview has no box
}

function nextPuzzle(own) {
  const selector = ".wt-puzzle, .wt-lesson-puzzle-preview";
  const puzzles = [...document.querySelectorAll(selector)].filter(shown);
  const here = puzzles.indexOf(own);
  const after = puzzles.slice(here + 1).concat(puzzles.slice(0, Math.max(here, 0)));
  return after.find(isOpen) || null;
}

function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "wt-next-puzzle";
  button.textContent = model.get("label");
  button.addEventListener("click", () => {
    const target = nextPuzzle(el.closest(".wt-puzzle"));
    if (!target) {
      button.textContent = model.get("done_label") || "Every puzzle on this page is solved";
      button.disabled = true;
      return;
    }
    target.scrollIntoView({ block: "start" });
    target.setAttribute("tabindex", "-1"); // so that keyboard and screen readers follow
    target.focus({ preventScroll: true });
  });
  el.append(button);
}

export default { render };
