// Domineering editor and game (cgteach.widgets.domineering).
// Python puts _common.js (svgEl, htmlEl, boardFrame, ...) in front of this
// file; together they are one plain ES module, no imports.  The browser only
// draws and sends intents; Python decides everything.

// A number as the tables write it: a whole number or a fraction ("-3/4", not "-0.75").
// Domineering's values, means and temperatures are dyadic: a denominator up to 1024.
function fraction(x) {
  for (let d = 1; d <= 1024; d *= 2) {
    const n = Math.round(x * d);
    if (Math.abs(n / d - x) < 1e-9) return d === 1 ? String(n) : `${n}/${d}`;
  }
  return String(+x.toFixed(3));
}

// A small thermograph: temperature upwards, values increasing to the LEFT.
function drawThermograph(parent, th, testid) {
  const W = 240, H = 130, pad = 22;
  const svg = svgEl("svg", { class: "cg-thermo", viewBox: `0 0 ${W} ${H}`, "data-testid": testid }, parent);
  if (!th || !th.left) return svg;
  const pts = th.left.concat(th.right);
  const xs = pts.map((p) => p[0]);
  let lo = Math.min(...xs), hi = Math.max(...xs);
  if (hi - lo < 1) { lo -= 0.5; hi += 0.5; }
  const top = Math.max(1, th.temperature + 1);
  const X = (x) => pad + (hi - x) / (hi - lo) * (W - 2 * pad);    // bigger values to the left
  const Y = (t) => H - pad - (t + 1) / (top + 1) * (H - 2 * pad);
  svgEl("line", { class: "cg-axis", x1: pad, x2: W - pad, y1: Y(0), y2: Y(0) }, svg);
  const path = (ps) => ps.map((p, i) => `${i ? "L" : "M"}${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join(" ");
  svgEl("path", { class: "cg-lw", d: path(th.left) }, svg);
  svgEl("path", { class: "cg-rw", d: path(th.right) }, svg);
  svgEl("line", { class: "cg-mast", x1: X(th.mast), x2: X(th.mast), y1: Y(th.temperature), y2: Y(top) }, svg);
  const label = (x, y, text, anchor) => {
    const t = svgEl("text", { x, y, "text-anchor": anchor }, svg);
    t.textContent = text;
  };
  label(X(hi), H - 6, fraction(hi), "start");
  label(X(lo), H - 6, fraction(lo), "end");
  label(X(th.mast) + 4, Y(top) + 10, `mean ${fraction(th.mast)}`, "start");
  return svg;
}

// What the keys do (the board's aria-label and the line under the board).
function keysHelp(isGame, vertical) {
  return isGame
    ? "Keyboard: Tab to the board, arrows move between the cells, Enter or Space places your " +
      (vertical ? "vertical domino on the focused cell and the one below it (or above it)"
        : "horizontal domino on the focused cell and the one to its right (or left)") +
      "; H asks for a hint, N starts a new game."
    : "Keyboard: Tab to the board, arrows move between the cells, Enter or Space takes the focused " +
      "cell or frees it; Ctrl+Z undoes.";
}

function render({ model, el }) {
  const isGame = model.get("kind") === "game";
  const { root, toolbar, svg, side, message, help, layers } = boardFrame(el, { p: "dm", cls: "cg-domineering",
    title: "Domineering", isGame, layerNames: ["cells", "dominoes", "marks", "focus"] });
  // the student's dominoes: Left places vertical ones, Right horizontal ones
  const vertical = model.get("student") === "left";
  const keys = keysHelp(isGame, vertical);
  svg.setAttribute("tabindex", "0");
  // the board's own keys (arrows, Enter, letters) are not JupyterLab's notebook shortcuts
  svg.setAttribute("data-lm-suppress-shortcuts", "true");
  svg.setAttribute("role", "application");
  svg.setAttribute("aria-roledescription", "Domineering board");
  svg.setAttribute("aria-label", (isGame ? "Domineering game board. " : "Domineering board editor. ") + keys);
  const announce = liveRegion(root, "dm");
  htmlEl("div", { class: "cg-keys", "data-testid": "dm-keys" }, root, keys);
  const { send } = talkTo(model);
  const switches = switchBoxes(model, "dm", "number the rows and columns");
  const slides = autoLecture(model, root);
  let card, thermoBox, regionTable, game;

  if (!isGame) {
    const edit = undoClearButtons(toolbar, model, "dm", {
      titles: { undo: "take back the last change (Ctrl+Z)", clear: "free every cell" } });
    edit.undo.setAttribute("aria-label", "Undo");
    edit.undo.setAttribute("aria-keyshortcuts", "Control+Z");
    edit.clear.setAttribute("aria-label", "Clear: free every cell");
    const files = fileButtons(toolbar, root, model, "dm", { what: "board", filename: "domineering-position.json" });
    files.save.setAttribute("aria-label", "Save the board");
    files.load.setAttribute("aria-label", "Load a board");
    switches.place(toolbar);
    card = valueCard(side, "dm");
    const heat = htmlEl("div", { class: "cg-small", "data-testid": "dm-temperature" }, side);
    card.heat = heat;
    thermoBox = htmlEl("div", { "data-testid": "dm-thermograph-box" }, side);
    // (on a slide the table scrolls beyond two rows or so: it takes the focus, so that the
    // keyboard scrolls it too)
    regionTable = htmlEl("table", { class: "cg-regions", "data-testid": "dm-regions", tabindex: "0",
      "aria-label": "the regions: cells, value, temperature, mean, thermograph" }, side);
    help.textContent = "Click a cell to take it (grey) or free it. Left (blue) places vertical dominoes, " +
      "Right (red) horizontal ones. The thermograph: Left's wall solid, Right's dashed, values increasing to the left.";
  } else {
    game = gameControls(toolbar, side, model, "dm", { hint: "mark a winning domino (key H)",
      restart: "start again (key N)" });
    game.hint.setAttribute("aria-keyshortcuts", "H");
    game.hint.setAttribute("aria-label", "Hint: mark a winning domino");
    game.restart.setAttribute("aria-keyshortcuts", "N");
    game.restart.setAttribute("aria-label", "New game");
    switches.place(toolbar);
    game.roles.textContent = (model.get("student") === "left"
      ? "You are Left (blue, vertical dominoes); the computer is Right (red, horizontal)."
      : "You are Right (red, horizontal dominoes); the computer is Left (blue, vertical).") +
      (model.get("computer") === "perfect" ? " It plays perfectly on small boards, else in the hottest region."
        : " It plays at random.");
    help.textContent = "Click a free cell (or press Enter on it): your domino covers it and the cell below " +
      "(vertical) or to its right (horizontal), or the one above / to its left when that is the only room. " +
      "Whoever cannot place a domino loses.";
  }

  function draw() {
    if (slides()) return;
    root.classList.toggle("cg-lecture", model.get("lecture"));
    switches.update();
    const rows = model.get("rows");
    const m = rows.length, n = m ? rows[0].length : 0;
    const s = 56, off = 24;
    svg.setAttribute("viewBox", `0 0 ${off + n * s + 8} ${off + m * s + 8}`);
    for (const l of ["cells", "dominoes", "marks", "focus"]) layers[l].replaceChildren();
    // game: the cells under a domino are drawn light, so the domino stands out from them
    const covered = coveredCells();
    rows.forEach((row, r) => {
      [...row].forEach((ch, c) => {
        const state = covered.has(`${r},${c}`) ? "covered" : ch === "#" ? "taken" : "free";
        const rect = svgEl("rect", { class: "cg-cell" + (ch === "#" ? " cg-taken" : "") +
          (state === "covered" ? " cg-covered" : ""), x: off + c * s, y: off + r * s,
          width: s, height: s, "data-testid": `dm-cell-${r}-${c}`, "data-state": ch === "#" ? "taken" : "free" }, layers.cells);
        svgEl("title", {}, rect).textContent = cellText(r, c);
        rect.addEventListener("click", () => send({ event: isGame ? "place" : "toggle", row: r, col: c }));
      });
    });
    const focused = focus.get();
    if (focused && document.activeElement === svg) {
      for (const [ring, width] of [["cg-focus-outer", 7], ["cg-focus-inner", 3]]) {
        svgEl("rect", { class: `cg-focus-ring ${ring}`, x: off + focused.col * s + 4, y: off + focused.row * s + 4,
          width: s - 8, height: s - 8, rx: 4, style: `stroke-width: ${width}px`,
          ...(ring === "cg-focus-outer" ? { "data-testid": "dm-focus" } : {}) }, layers.focus);
      }
    }
    if (model.get("labels")) {
      for (let c = 0; c < n; c++) { const t = svgEl("text", { x: off + c * s + s / 2, y: 16, "text-anchor": "middle" }, layers.marks); t.textContent = c; }
      for (let r = 0; r < m; r++) { const t = svgEl("text", { x: 8, y: off + r * s + s / 2 + 4 }, layers.marks); t.textContent = r; }
    }
    message.textContent = model.get("message");
    if (isGame) {
      for (const d of model.get("dominoes")) {
        const w = d.vertical ? s - 12 : 2 * s - 12, h = d.vertical ? 2 * s - 12 : s - 12;
        const dom = svgEl("rect", { class: "cg-domino " + (d.vertical ? "cg-left" : "cg-right"), x: off + d.col * s + 6,
          y: off + d.row * s + 6, width: w, height: h, rx: 6 }, layers.dominoes);
        svgEl("title", {}, dom).textContent = `${d.vertical ? "Left's vertical" : "Right's horizontal"} domino ` +
          `at (${d.row}, ${d.col})`;
      }
      const hint = model.get("hint_cell");
      if (hint && hint.length === 2) {
        const vertical = model.get("student") === "left";
        const at = { x: off + hint[1] * s + 3, y: off + hint[0] * s + 3,
          width: vertical ? s - 6 : 2 * s - 6, height: vertical ? 2 * s - 6 : s - 6, rx: 8 };
        svgEl("rect", { class: "cg-hint-mark", "data-testid": "dm-hint-mark", ...at }, layers.marks);
        // a dark dashed line inside the orange one: the mark keeps 3:1 on white, and is not the focus ring
        svgEl("rect", { class: "cg-hint-inner", ...at }, layers.marks);
      }
      showGameState(model, root, game);
      announceState();
      return;
    }
    card.value.textContent = model.get("value_text");
    const outcome = model.get("outcome");
    card.outcome.textContent = outcome;
    card.outcome.className = "cg-badge cg-" + outcome;
    card.outcomeText.textContent = { L: "Left wins whoever starts.", R: "Right wins whoever starts.",
      P: "Whoever moves second wins.", N: "Whoever moves first wins." }[outcome] || "";
    const regions = model.get("regions");
    card.counts.textContent = `${regions.length} region${regions.length === 1 ? "" : "s"}`;
    card.heat.textContent = `temperature ${model.get("temperature_text")}, mean ${model.get("mean_text")}`;
    thermoBox.replaceChildren();
    drawThermograph(thermoBox, model.get("thermograph"), "dm-thermograph");
    regionTable.replaceChildren();
    const head = htmlEl("tr", {}, regionTable);
    for (const h of ["region", "cells", "value", "temp.", "mean", "thermograph"]) htmlEl("th", {}, head, h);
    regions.forEach((rg, i) => {
      const tr = htmlEl("tr", { "data-testid": `dm-region-${i}` }, regionTable);
      for (const v of [String(i), String(rg.cells), rg.value, rg.temperature, rg.mean]) htmlEl("td", {}, tr, v);
      drawThermograph(htmlEl("td", {}, tr), rg.thermograph, `dm-region-thermograph-${i}`);
    });
    announceState();
  }

  // ---- keyboard: the cells row by row, left to right
  function coveredCells() {
    const out = new Set();
    if (!isGame) return out;
    for (const d of model.get("dominoes")) {
      out.add(`${d.row},${d.col}`);
      out.add(d.vertical ? `${d.row + 1},${d.col}` : `${d.row},${d.col + 1}`);
    }
    return out;
  }
  function cellText(r, c) {
    const ch = (model.get("rows")[r] || "")[c];
    if (isGame) {
      const d = model.get("dominoes").find((x) => (x.row === r && x.col === c) ||
        (x.vertical ? x.row + 1 === r && x.col === c : x.row === r && x.col + 1 === c));
      if (d) return `cell (${r}, ${c}), under ${d.vertical ? "Left's vertical" : "Right's horizontal"} domino`;
    }
    return `cell (${r}, ${c}), ${ch === "#" ? "taken" : "free"}`;
  }
  function focusItems() {
    const rows = model.get("rows");
    const out = [];
    rows.forEach((row, r) => { for (let c = 0; c < row.length; c++) out.push({ key: `c${r}-${c}`, row: r, col: c }); });
    return out;
  }
  const focus = keyFocus(svg, focusItems, (item) => {
    svg.classList.add("cg-keyboard");
    if (item) {
      const free = (model.get("rows")[item.row] || "")[item.col] !== "#";
      announce(cellText(item.row, item.col) + (isGame && free && !model.get("winner")
        ? `; Enter places a ${vertical ? "vertical" : "horizontal"} domino here`
        : !isGame ? `; Enter ${free ? "takes" : "frees"} it` : ""));
    }
    schedule();
  });
  let heard = "";
  function announceState() {
    const text = isGame ? [model.get("message"), model.get("status")].filter((t) => t).join(" ")
      : `Value ${model.get("value_text")}. ` + (model.get("message") || "");
    if (text !== heard) { heard = text; announce(text); }
  }
  svg.addEventListener("focus", () => {
    if (focus.byPointer) return;  // a mouse press: no keyboard focus ring
    const item = focus.get();      // back on the board: say where the focus is
    if (!item) focus.step(1); else focus.set(item.key);
  });
  svg.addEventListener("blur", () => schedule());
  svg.addEventListener("keydown", (evt) => {
    if (["Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(evt.key)) {
      evt.stopPropagation();
    }
    const item = focus.get();
    if ((evt.key === "ArrowUp" || evt.key === "ArrowDown") && item) {
      // up and down go a whole row; at the top or bottom row the focus stays
      evt.preventDefault();
      const n = (model.get("rows")[0] || "").length;
      const r = item.row + (evt.key === "ArrowDown" ? 1 : -1);
      if (r >= 0 && r < model.get("rows").length) focus.step(evt.key === "ArrowDown" ? n : -n);
      else focus.set(item.key);
      return;
    }
    if (arrowKeys(evt, focus)) return;
    if ((evt.key === "Enter" || evt.key === " ") && item) {
      evt.preventDefault();
      send({ event: isGame ? "place" : "toggle", row: item.row, col: item.col });
    }
  });
  root.addEventListener("keydown", (evt) => {
    const typing = evt.target && ["INPUT", "TEXTAREA", "SELECT"].includes(evt.target.tagName);
    if ((evt.ctrlKey || evt.metaKey) && evt.key === "z" && !isGame) {
      evt.preventDefault();
      evt.stopPropagation();
      send({ event: "undo" });
      return;
    }
    if (typing || evt.ctrlKey || evt.metaKey || evt.altKey || !isGame) return;
    const act = { h: () => send({ event: "hint" }), n: () => send({ event: "restart" }) }[evt.key.toLowerCase()];
    if (act) {
      evt.preventDefault();
      evt.stopPropagation();
      act();
    }
  });

  const schedule = scheduler(draw);
  redrawOn(model, ["rows", "value_text", "regions", "thermograph", "dominoes", "hint_cell", "status", "log",
    "winner"], schedule);
  draw();
}

export default { render };
