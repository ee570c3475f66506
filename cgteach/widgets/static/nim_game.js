// The Nim board of cgteach.widgets.nim.NimGame (plain ES module, no imports).
//
// The board only draws the synced state and sends intents; Python decides.
// Messages sent to Python: {take: [heap, count]}, {hint: true}, {new_game: true}.
// The "binary table" button sets the show_table trait.
// DOM hooks (data-testid) are listed in the Python module's docstring.

// Python (cgteach/widgets/_base.py, esm()) puts _common.js in front of this file:
// svgEl, htmlEl, holdStill and liveRegion (the boards' screen-reader voice) come from there.

// the labels' left edge, in the board's user units (= CSS px before any zoom)
const LABEL_X = 4;
// in lecture mode, the most stones on one line of a pile (longer piles take more lines)
const LECTURE_PER_LINE = 20;

// A label's width in user units: measured when the board is on the page and shown;
// otherwise a generous guess (0.68 em a character; sans-serif averages about 0.55),
// and render() measures again once the board can be measured.
function labelWidth(label, font) {
  let measured = 0;
  try {
    measured = label.isConnected ? label.getComputedTextLength() : 0;
  } catch (err) {
    measured = 0;
  }
  if (measured > 0) return { width: measured, guessed: false };
  return { width: label.textContent.length * font * 0.68, guessed: true };
}

function render({ model, el }) {
  const root = htmlEl("div", { class: "cgteach-nim-game", "data-testid": "nim-game" });
  const rule = htmlEl("div", { class: "nim-rule", "data-testid": "nim-rule" });
  const status = htmlEl("div", {
    class: "nim-status", "data-testid": "nim-status", role: "status", "aria-live": "polite",
  });
  const board = svgEl("svg", {
    class: "nim-board", "data-testid": "nim-board", tabindex: 0, role: "application",
    "data-lm-suppress-shortcuts": "true",
    "aria-roledescription": "Nim board",
    "aria-label": "Nim board. Arrows move between the stones, Enter takes the stone and every " +
      "stone after it; H asks for a hint, T shows the binary table, N deals a new game.",
  });
  const message = htmlEl("div", {
    class: "nim-message", "data-testid": "nim-message", "aria-live": "polite",
  });
  const buttons = htmlEl("div", { class: "nim-buttons" });
  const hintButton = htmlEl("button", {
    type: "button", "data-testid": "nim-hint-button", title: "show a winning move (key H)",
    "aria-keyshortcuts": "H", "aria-label": "Hint: show a winning move",
  }, null, "Hint");
  const tableButton = htmlEl("button", {
    type: "button", "data-testid": "nim-table-toggle", title: "the binary table of the piles (key T)",
    "aria-keyshortcuts": "T",
  });
  const newButton = htmlEl("button", {
    type: "button", "data-testid": "nim-new-game-button", title: "deal a new game (key N)",
    "aria-keyshortcuts": "N", "aria-label": "New game",
  }, null, "New game");
  const keys = htmlEl("div", { class: "nim-keys", "data-testid": "nim-keys" }, null,
    "Keyboard: Tab to the board, arrows move between the stones, Enter takes; H hint, T table, N new game.");
  const tableBox = htmlEl("div", { class: "nim-table-box", "data-testid": "nim-table-box" });
  buttons.append(hintButton, tableButton, newButton);
  // the board and the binary table side by side (one under the other when narrow)
  const main = htmlEl("div", { class: "nim-main" });
  main.append(board, tableBox);
  root.append(rule, status, main, message, buttons, keys);
  let focusAt = null; // [pile, stone] with the keyboard focus
  let guessed = false; // the last drawing guessed its labels' widths (board not shown yet)
  const say = liveRegion(root, "nim");   // data-testid "nim-live", as before
  holdStill(root);   // a click on a slide takes a stone and never scrolls the slide
  el.appendChild(root);

  hintButton.addEventListener("click", () => model.send({ hint: true }));
  newButton.addEventListener("click", () => model.send({ new_game: true }));
  tableButton.addEventListener("click", () => {
    model.set("show_table", !model.get("show_table"));
    model.save_changes();
  });

  function drawBoard() {
    const heaps = model.get("heaps") || [];
    const lecture = model.get("lecture");
    const hint = model.get("hint") || [];
    const last = model.get("last_move") || {};
    const over = Boolean(model.get("winner"));
    const r = lecture ? 22 : 14; // stone radius
    const gap = r * 2.7; // distance between stone centres
    const rowH = r * 2.9;
    const font = lecture ? 24 : 15;
    board.replaceChildren();
    // The labels first: the stones start after the widest one, as measured in the
    // page ("Pile 10 (empty)" at 24 px is about 190 units wide), so no label ever
    // runs into a stone, whatever the number of piles, their sizes or the zoom.
    const labels = heaps.map((size, i) => {
      const label = svgEl("text", {
        x: LABEL_X, "dominant-baseline": "middle", "font-size": font, class: "nim-label",
      });
      label.textContent = `Pile ${i + 1}` + (size === 0 ? " (empty)" : "");
      board.appendChild(label);
      return label;
    });
    const sizes = labels.map((label) => labelWidth(label, font));
    guessed = sizes.some((size) => size.guessed);
    const labelEnd = LABEL_X + Math.max(0, ...sizes.map((size) => size.width));
    // the stones' left edge: at least the old 80 (120) units, and a stone radius of
    // space after the widest label (the focus ring reaches 7 units left of a stone)
    const labelW = Math.ceil(Math.max(lecture ? 120 : 80, labelEnd + r));
    // In lecture mode a long pile is laid out in lines of at most PER_LINE stones (read
    // left to right, then the next line), so a 40-stone board stays about as wide as the
    // screen and its labels readable; elsewhere a pile is one line.
    const perLine = lecture ? LECTURE_PER_LINE : Infinity;
    let widest = 1;
    const tops = []; // each pile's first line
    let lines = 0;
    heaps.forEach((size, i) => {
      let shown = size;
      if (last.player === "computer" && last.heap === i) shown = Math.max(shown, last.before);
      widest = Math.max(widest, Math.min(shown, perLine));
      tops.push(lines);
      lines += Math.max(1, Math.ceil(shown / perLine));
    });
    // the centre of stone j of pile i
    const at = (i, j) => [labelW + gap * (j % perLine) + r,
      rowH * (tops[i] + Math.floor(j / perLine)) + rowH / 2 + r * 0.2];
    const width = labelW + gap * widest + r;
    const height = rowH * Math.max(1, lines) + r * 0.4;
    board.setAttribute("viewBox", `0 0 ${width} ${height}`);
    board.setAttribute("width", String(width));
    board.setAttribute("height", String(height));
    board.setAttribute("data-label-width", String(labelW));
    board.replaceChildren();

    heaps.forEach((size, i) => {
      const cy = at(i, 0)[1];
      const group = svgEl("g", { "data-testid": `nim-heap-${i}`, "data-size": size });
      const label = labels[i];
      label.setAttribute("y", String(cy));
      group.appendChild(label);
      const stones = [];
      for (let j = 0; j < size; j += 1) {
        const marked = hint.length === 2 && hint[0] === i && j >= hint[1];
        const [sx, sy] = at(i, j);
        const stone = svgEl("circle", {
          cx: sx, cy: sy, r,
          class: "nim-stone" + (marked ? " hint" : "") + (over ? " over" : ""),
          "data-testid": `nim-stone-${i}-${j}`,
          "data-heap": i, "data-index": j,
          "stroke-width": lecture ? 4 : 2,
        });
        const title = svgEl("title", {});
        const count = size - j;
        title.textContent = `Take ${count} stone${count === 1 ? "" : "s"} from pile ${i + 1}`;
        stone.appendChild(title);
        stone.addEventListener("click", () => {
          if (!over) model.send({ take: [i, size - j] });
        });
        // Hovering shows which stones a click would take.
        stone.addEventListener("mouseenter", () => {
          for (let k = j; k < size; k += 1) stones[k].classList.add("taking");
        });
        stone.addEventListener("mouseleave", () => {
          for (let k = j; k < size; k += 1) stones[k].classList.remove("taking");
        });
        stones.push(stone);
        group.appendChild(stone);
        if (focusAt && focusAt[0] === i && focusAt[1] === j && document.activeElement === board) {
          stone.classList.add("focus");
          group.appendChild(svgEl("circle", {
            cx: sx, cy: sy, r: r + 5, class: "nim-focus-ring", "data-testid": "nim-focus",
          }));
        }
      }
      if (last.player === "computer" && last.heap === i) {
        for (let j = size; j < last.before; j += 1) {
          const [gx, gy] = at(i, j);
          group.appendChild(svgEl("circle", {
            cx: gx, cy: gy, r, class: "nim-ghost",
            "data-testid": `nim-ghost-${i}-${j}`, "stroke-width": lecture ? 3 : 2,
          }));
        }
      }
      board.appendChild(group);
    });
  }

  // Inside a RISE slideshow (reveal.js's .reveal element) switch to lecture mode once.
  let slideChecked = false;
  function slides() {
    if (slideChecked || !root.isConnected) return;
    slideChecked = true;
    const inSlides = !!root.closest(".reveal") ||
      document.documentElement.classList.contains("reveal-full-page");
    if (inSlides && !model.get("lecture")) {
      model.set("lecture", true);
      model.save_changes();
    }
  }

  function drawText() {
    slides();
    const lecture = model.get("lecture");
    root.classList.toggle("lecture", lecture);
    root.setAttribute("data-lecture", String(lecture));
    root.setAttribute("data-winner", model.get("winner") || "");
    rule.textContent = model.get("misere")
      ? "Misère play: whoever takes the last stone loses."
      : "Normal play: whoever takes the last stone wins.";
    status.textContent = model.get("status");
    status.classList.toggle("won", Boolean(model.get("winner")));
    message.textContent = model.get("message");
    const show = model.get("show_table");
    tableButton.textContent = show ? "Hide binary table" : "Show binary table";
    tableButton.setAttribute("aria-pressed", String(show));
    tableBox.style.display = show ? "block" : "none";
    tableBox.innerHTML = model.get("table_html");
    hintButton.disabled = Boolean(model.get("winner"));
  }

  function redraw() {
    settleFocus();
    drawBoard();
    drawText();
    say([model.get("message"), model.get("status")].filter(Boolean).join(" "));
  }

  // ---- keyboard: every stone in reading order (pile by pile, left to right)
  function stoneList() {
    const out = [];
    (model.get("heaps") || []).forEach((size, i) => { for (let j = 0; j < size; j += 1) out.push([i, j]); });
    return out;
  }
  function settleFocus() {
    if (!focusAt) return;
    const list = stoneList();
    if (list.some(([i, j]) => i === focusAt[0] && j === focusAt[1])) return;
    const after = list.filter(([i, j]) => i > focusAt[0] || (i === focusAt[0] && j > focusAt[1]));
    const same = list.filter(([i]) => i === focusAt[0]);
    focusAt = same.length ? same[same.length - 1] : after[0] || list[list.length - 1] || null;
  }
  function describe() {
    if (!focusAt) return "";
    const size = model.get("heaps")[focusAt[0]];
    const n = size - focusAt[1];
    return `pile ${focusAt[0] + 1}, stone ${focusAt[1] + 1} of ${size}: Enter takes ${n} stone${n === 1 ? "" : "s"}`;
  }
  function moveFocus(delta) {
    const list = stoneList();
    if (!list.length) return;
    let k = focusAt ? list.findIndex(([i, j]) => i === focusAt[0] && j === focusAt[1]) : -1;
    if (k < 0) k = 0;
    else if (delta === Infinity) k = list.length - 1;
    else if (delta === -Infinity) k = 0;
    else k = Math.min(Math.max(k + delta, 0), list.length - 1);
    focusAt = list[k];
    say(describe());
    drawBoard();
  }
  // a mouse press focuses the board too: no keyboard focus then (a redraw would
  // replace the stone under the pointer and lose the click)
  let byPointer = false;
  board.addEventListener("pointerdown", () => { byPointer = true; }, true);
  board.addEventListener("keydown", () => { byPointer = false; }, true);
  board.addEventListener("focus", () => {
    if (byPointer) return;
    if (!focusAt) moveFocus(0); else { say(describe()); drawBoard(); }
  });
  board.addEventListener("blur", () => { if (focusAt) drawBoard(); });
  board.addEventListener("keydown", (evt) => {
    const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
    if (evt.key in steps) {
      evt.preventDefault();
      evt.stopPropagation();
      moveFocus(steps[evt.key]);
    } else if ((evt.key === "Enter" || evt.key === " ") && focusAt && !model.get("winner")) {
      evt.preventDefault();
      evt.stopPropagation();
      const size = model.get("heaps")[focusAt[0]];
      model.send({ take: [focusAt[0], size - focusAt[1]] });
    }
  });
  root.addEventListener("keydown", (evt) => {
    if (evt.ctrlKey || evt.metaKey || evt.altKey) return;
    const act = {
      h: () => hintButton.click(), t: () => tableButton.click(), n: () => newButton.click(),
    }[evt.key.toLowerCase()];
    if (act) {
      evt.preventDefault();
      evt.stopPropagation();
      act();
    }
  });

  const events = [
    "heaps", "lecture", "hint", "last_move", "winner", "misere", "status", "message",
    "show_table", "table_html",
  ];
  for (const name of events) model.on(`change:${name}`, redraw);
  redraw();
  // Drawn before it was on the page (or while hidden, e.g. on a slide not shown yet):
  // measure the labels again as soon as the board has a size, and once the page's
  // fonts have loaded (a late web font changes the labels' widths).
  const remeasure = () => { if (guessed) drawBoard(); };
  const watcher = typeof ResizeObserver === "function" ? new ResizeObserver(remeasure) : null;
  if (watcher) watcher.observe(root);
  let alive = true;
  if (document.fonts && document.fonts.ready) {
    document.fonts.ready.then(() => { if (alive) drawBoard(); });
  }
  return () => {
    alive = false;
    if (watcher) watcher.disconnect();
    for (const name of events) model.off(`change:${name}`, redraw);
  };
}

export default { render };
