// Domineering editor and game (cgteach.widgets.domineering).
// Python puts _common.js (svgEl, htmlEl, boardFrame, ...) in front of this
// file; together they are one plain ES module, no imports.  The browser only
// draws and sends intents; Python decides everything.

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
  label(X(hi), H - 6, String(+hi.toFixed(3)), "start");
  label(X(lo), H - 6, String(+lo.toFixed(3)), "end");
  label(X(th.mast) + 4, Y(top) + 10, `mean ${+th.mast.toFixed(3)}`, "start");
  return svg;
}

function render({ model, el }) {
  const isGame = model.get("kind") === "game";
  const { root, toolbar, svg, side, message, help, layers } = boardFrame(el, { p: "dm", cls: "cg-domineering",
    title: "Domineering", isGame, layerNames: ["cells", "dominoes", "marks"] });
  const { send } = talkTo(model);
  const switches = switchBoxes(model, "dm", "number the rows and columns");
  const slides = autoLecture(model, root);
  let card, thermoBox, regionTable, game;

  if (!isGame) {
    undoClearButtons(toolbar, model, "dm");
    fileButtons(toolbar, root, model, "dm", { what: "board", filename: "domineering-position.json" });
    switches.place(toolbar);
    card = valueCard(side, "dm");
    const heat = htmlEl("div", { class: "cg-small", "data-testid": "dm-temperature" }, side);
    card.heat = heat;
    thermoBox = htmlEl("div", { "data-testid": "dm-thermograph-box" }, side);
    regionTable = htmlEl("table", { class: "cg-regions", "data-testid": "dm-regions" }, side);
    help.textContent = "Click a cell to take it (grey) or free it. Left (blue) places vertical dominoes, " +
      "Right (red) horizontal ones. The thermograph: Left's wall solid, Right's dashed, values increasing to the left.";
  } else {
    game = gameControls(toolbar, side, model, "dm");
    switches.place(toolbar);
    game.roles.textContent = (model.get("student") === "left"
      ? "You are Left (blue, vertical dominoes); the computer is Right (red, horizontal)."
      : "You are Right (red, horizontal dominoes); the computer is Left (blue, vertical).") +
      (model.get("computer") === "perfect" ? " It plays perfectly on small boards, else in the hottest region."
        : " It plays at random.");
    help.textContent = "Click a free cell: your domino covers it and the cell below (vertical) or to its right " +
      "(horizontal), or the one above / to its left when that is the only room. Whoever cannot place a domino loses.";
  }

  function draw() {
    if (slides()) return;
    root.classList.toggle("cg-lecture", model.get("lecture"));
    switches.update();
    const rows = model.get("rows");
    const m = rows.length, n = m ? rows[0].length : 0;
    const s = 56, off = 24;
    svg.setAttribute("viewBox", `0 0 ${off + n * s + 8} ${off + m * s + 8}`);
    for (const l of ["cells", "dominoes", "marks"]) layers[l].replaceChildren();
    rows.forEach((row, r) => {
      [...row].forEach((ch, c) => {
        const rect = svgEl("rect", { class: "cg-cell" + (ch === "#" ? " cg-taken" : ""), x: off + c * s, y: off + r * s,
          width: s, height: s, "data-testid": `dm-cell-${r}-${c}`, "data-state": ch === "#" ? "taken" : "free" }, layers.cells);
        rect.addEventListener("click", () => send({ event: isGame ? "place" : "toggle", row: r, col: c }));
      });
    });
    if (model.get("labels")) {
      for (let c = 0; c < n; c++) { const t = svgEl("text", { x: off + c * s + s / 2, y: 16, "text-anchor": "middle" }, layers.marks); t.textContent = c; }
      for (let r = 0; r < m; r++) { const t = svgEl("text", { x: 8, y: off + r * s + s / 2 + 4 }, layers.marks); t.textContent = r; }
    }
    message.textContent = model.get("message");
    if (isGame) {
      for (const d of model.get("dominoes")) {
        const w = d.vertical ? s - 12 : 2 * s - 12, h = d.vertical ? 2 * s - 12 : s - 12;
        svgEl("rect", { class: "cg-domino " + (d.vertical ? "cg-left" : "cg-right"), x: off + d.col * s + 6,
          y: off + d.row * s + 6, width: w, height: h, rx: 6 }, layers.dominoes);
      }
      const hint = model.get("hint_cell");
      if (hint && hint.length === 2) {
        const vertical = model.get("student") === "left";
        svgEl("rect", { class: "cg-hint-mark", "data-testid": "dm-hint-mark", x: off + hint[1] * s + 3, y: off + hint[0] * s + 3,
          width: vertical ? s - 6 : 2 * s - 6, height: vertical ? 2 * s - 6 : s - 6, rx: 8 }, layers.marks);
      }
      showGameState(model, root, game);
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
  }

  const schedule = scheduler(draw);
  redrawOn(model, ["rows", "value_text", "regions", "thermograph", "dominoes", "hint_cell", "status", "log"], schedule);
  draw();
}

export default { render };
