// Helpers shared by the board widgets of cgteach.widgets (Hackenbush, Hackendot).
// Python (cgteach/widgets/_base.py, esm()) puts this file in front of each
// widget's own file, so the two form one plain ES module: no imports here,
// and the widget file ends with `export default { render }`.
// The browser only draws and sends intents; Python decides everything.
// Every data-testid is "<p>-<what>", where <p> is the widget's prefix ("hb", "hd").

const NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

function htmlEl(tag, attrs = {}, parent = null, text = null) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") el.className = v;
    else el.setAttribute(k, v);
  }
  if (text !== null) el.textContent = text;
  if (parent) parent.appendChild(el);
  return el;
}

function button(parent, attrs, label, onClick) {
  const b = htmlEl("button", attrs, parent, label);
  b.addEventListener("click", onClick);
  return b;
}

// `send` passes an intent to Python; `setTrait` changes a synced trait.
function talkTo(model) {
  return {
    send: (msg) => model.send(msg),
    setTrait: (name, value) => { model.set(name, value); model.save_changes(); },
  };
}

// The earth below the ground line y = groundY.
function drawGround(layer, width, height, groundY) {
  svgEl("rect", { class: "cg-earth", x: 0, y: groundY, width, height: height - groundY }, layer);
  svgEl("line", { class: "cg-ground-line", x1: 6, y1: groundY, x2: width - 6, y2: groundY }, layer);
}

// During a live slideshow (jupyterlab-slideshow marks the body) a click on a widget is
// a move and nothing else: the press does not focus by default (the browser would scroll
// the focused board into view) and the notebook does not see it (it would make the
// widget's cell the active one and scroll the slide to it).  The board, or the button,
// takes the focus without scrolling; the click itself then lands where it was aimed.
function presenting() {
  return !!(document.body && document.body.dataset.jpDeckMode === "presenting");
}
function holdStill(root) {
  root.addEventListener("pointerdown", (evt) => {
    if (!presenting() || evt.button !== 0) return;
    const t = evt.target;
    if (!(t instanceof Element) || t.closest("input, select, textarea, [contenteditable]")) return;
    evt.preventDefault();
    const focusable = t.closest("button, [tabindex]");
    if (focusable && root.contains(focusable) && document.activeElement !== focusable) {
      focusable.focus({ preventScroll: true });
    }
  });
  root.addEventListener("mousedown", (evt) => { if (presenting()) evt.stopPropagation(); });
  root.addEventListener("focusin", (evt) => { if (presenting()) evt.stopPropagation(); });
}

let helpCount = 0;

// What every board shows: a toolbar headed by the game's name, the SVG board
// (with the named layers, bottom first) beside a side panel, then the message
// and help lines.
function boardFrame(el, { p, cls, title, isGame, layerNames, attrs = {} }) {
  const root = htmlEl("div", { class: `cg-widget ${cls}`, "data-testid": `${p}-${isGame ? "game" : "editor"}`,
    ...attrs }, el);
  holdStill(root);
  const toolbar = htmlEl("div", { class: "cg-toolbar" }, root);
  htmlEl("span", { class: "cg-title" }, toolbar, title);
  const main = htmlEl("div", { class: "cg-main" }, root);
  const svg = svgEl("svg", { class: "cg-board", "data-testid": `${p}-board` }, main);
  const side = htmlEl("div", { class: "cg-side" }, main);
  const message = htmlEl("div", { class: "cg-message", "data-testid": `${p}-message`, role: "status" }, root);
  const help = htmlEl("div", { class: "cg-help", id: `${p}-help-${++helpCount}` }, root);
  // On a slide the long help waits behind a "?" (the style sheet shows the button during
  // a slideshow only): the board keeps the room, the lecturer opens the help when asked.
  const helpToggle = htmlEl("button", { type: "button", class: "cg-help-toggle", "data-testid": `${p}-help-toggle`,
    "aria-expanded": "false", "aria-controls": help.id, title: "show or hide the help" }, null, "?");
  helpToggle.addEventListener("click", () => {
    const open = root.classList.toggle("cg-help-open");
    helpToggle.setAttribute("aria-expanded", String(open));
  });
  toolbar.appendChild(helpToggle);
  const layers = {};
  for (const name of layerNames) layers[name] = svgEl("g", { class: `cg-layer-${name}` }, svg);
  return { root, toolbar, main, svg, side, message, help, layers };
}

// The "Numbers" and "Lecture" switches (the labels and lecture traits).
// place() puts them at the right end of the toolbar; update() follows the traits.
function switchBoxes(model, p, numbersTitle) {
  const { setTrait } = talkTo(model);
  const lectureBox = htmlEl("input", { type: "checkbox", "data-testid": `${p}-lecture` });
  lectureBox.addEventListener("change", () => setTrait("lecture", lectureBox.checked));
  const labelsBox = htmlEl("input", { type: "checkbox", "data-testid": `${p}-labels` });
  labelsBox.addEventListener("change", () => setTrait("labels", labelsBox.checked));
  return {
    place(toolbar) {
      htmlEl("span", { class: "cg-spacer" }, toolbar);
      for (const [box, text, title] of [[labelsBox, "Numbers", numbersTitle],
        [lectureBox, "Lecture", "large print for a projector"]]) {
        const sw = htmlEl("label", { class: `cg-switch cg-switch-${text.toLowerCase()}`, title }, toolbar);
        sw.appendChild(box);
        sw.appendChild(document.createTextNode(text));
      }
    },
    update() {
      lectureBox.checked = model.get("lecture");
      labelsBox.checked = model.get("labels");
    },
  };
}

// Editor: Undo and Clear.  `titles` are the buttons' tooltips (optional).
function undoClearButtons(toolbar, model, p, { titles = {}, onClear = () => {} } = {}) {
  const { send } = talkTo(model);
  const edit = htmlEl("div", { class: "cg-group" }, toolbar);
  const tip = (name) => (titles[name] ? { title: titles[name] } : {});
  const undo = button(edit, { "data-testid": `${p}-undo`, ...tip("undo") }, "↶ Undo",
    () => send({ event: "undo" }));
  const clear = button(edit, { "data-testid": `${p}-clear`, ...tip("clear") }, "Clear",
    () => { onClear(); send({ event: "clear" }); });
  return { undo, clear };
}

// Editor: Save downloads the json_text trait as `filename` (unless canSave()
// says no); Load reads a file and sends {event: "load", text}.
function fileButtons(toolbar, root, model, p, { what, filename, canSave = () => true, beforeLoad = () => {} }) {
  const { send } = talkTo(model);
  const files = htmlEl("div", { class: "cg-group cg-files" }, toolbar);
  const save = button(files, { "data-testid": `${p}-save`, title: `download the ${what} as a JSON file` },
    "↓ Save", () => {
      if (!canSave()) return;
      const blob = new Blob([model.get("json_text")], { type: "application/json" });
      const a = htmlEl("a", { href: URL.createObjectURL(blob), download: filename }, document.body);
      a.click();
      setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 2000);
    });
  const load = button(files, { "data-testid": `${p}-load`, title: "open a JSON position file" }, "↑ Load",
    () => fileInput.click());
  const fileInput = htmlEl("input", { type: "file", accept: ".json,application/json", "data-testid": `${p}-file`,
    style: "display:none" }, root);
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files && fileInput.files[0];
    if (!file) return;
    const text = await file.text();
    fileInput.value = "";
    beforeLoad();
    send({ event: "load", text });
  });
  return { save, load, fileInput };
}

// Editor: the card with the value, the outcome badge and sentence, and counts.
function valueCard(side, p) {
  const card = htmlEl("div", { class: "cg-card" }, side);
  htmlEl("div", { class: "cg-label" }, card, "Value");
  const value = htmlEl("div", { class: "cg-value", "data-testid": `${p}-value` }, card);
  const line = htmlEl("div", { class: "cg-outcome-line" }, card);
  const outcome = htmlEl("span", { class: "cg-badge", "data-testid": `${p}-outcome` }, line);
  const outcomeText = htmlEl("span", { class: "cg-small", "data-testid": `${p}-outcome-text` }, line);
  const counts = htmlEl("div", { class: "cg-small cg-counts", "data-testid": `${p}-counts` }, card);
  return { value, outcome, outcomeText, counts };
}

// "◀ Previous" / next buttons that step the integer trait `trait` (Python clamps it).
function prevNextButtons(parent, model, testid, trait, nextLabel) {
  const { setTrait } = talkTo(model);
  const nav = htmlEl("div", { class: "cg-row" }, parent);
  const prev = button(nav, { "data-testid": `${testid}-prev` }, "◀ Previous",
    () => setTrait(trait, Math.max(0, model.get(trait) - 1)));
  const next = button(nav, { "data-testid": `${testid}-next` }, nextLabel,
    () => setTrait(trait, model.get(trait) + 1));
  return { prev, next };
}

// Game: the Hint and New game buttons (toolbar), the status card, the roles
// line and the move log (side panel).  `titles` are the buttons' tooltips.
function gameControls(toolbar, side, model, p, titles = {}) {
  const { send } = talkTo(model);
  const tip = (name) => (titles[name] ? { title: titles[name] } : {});
  const hint = button(toolbar, { "data-testid": `${p}-hint`, ...tip("hint") }, "Hint",
    () => send({ event: "hint" }));
  const restart = button(toolbar, { "data-testid": `${p}-restart`, ...tip("restart") }, "↻ New game",
    () => send({ event: "restart" }));
  const card = htmlEl("div", { class: "cg-card" }, side);
  htmlEl("div", { class: "cg-label" }, card, "Game");
  const status = htmlEl("div", { class: "cg-status", "data-testid": `${p}-status` }, card);
  const roles = htmlEl("div", { class: "cg-small", "data-testid": `${p}-roles` }, side);
  const logCard = htmlEl("div", { class: "cg-card cg-log-card" }, side);
  htmlEl("div", { class: "cg-label" }, logCard, "Moves");
  const log = htmlEl("ol", { class: "cg-log", "data-testid": `${p}-log` }, logCard);
  return { hint, restart, status, roles, log };
}

// Game: show the status line, the winner and the move log; returns the winner.
function showGameState(model, root, game) {
  const winner = model.get("winner");
  game.status.textContent = model.get("status");
  game.status.className = "cg-status" + (winner === "student" ? " cg-won" : winner === "computer" ? " cg-lost" : "");
  root.classList.toggle("cg-over", !!winner);
  root.setAttribute("data-winner", winner);
  game.hint.disabled = !!winner;
  const log = model.get("log");
  game.log.replaceChildren();
  for (const line of log) htmlEl("li", {}, game.log, line);
  game.log.parentElement.style.display = log.length ? "" : "none";
  // every move stays in view, first to last: a long game flows into two columns
  game.log.classList.toggle("cg-log-long", log.length > 8);
  return winner;
}

// Inside a RISE slideshow (jupyterlab-rise shows the notebook inside reveal.js's
// .reveal element) a board switches to lecture mode by itself, once per view.
function inSlideshow(el) {
  return !!(el.closest && el.closest(".reveal")) ||
    document.documentElement.classList.contains("reveal-full-page");
}

function autoLecture(model, root) {
  let done = false;
  return () => {
    if (done || !root.isConnected) return false;
    done = true;
    if (inSlideshow(root) && !model.get("lecture")) {
      model.set("lecture", true);
      model.save_changes();
      return true;
    }
    return false;
  };
}

// schedule() redraws once, soon, however many traits change at once.
function scheduler(draw) {
  let pending = false;
  return () => {
    if (!pending) {
      pending = true;
      queueMicrotask(() => { pending = false; draw(); });
    }
  };
}

// Redraw when any of the board traits or the widget's own `names` change.
function redrawOn(model, names, schedule) {
  for (const n of ["lecture", "labels", "message", "width", "height", "ground_y", ...names]) {
    model.on("change:" + n, schedule);
  }
}

// ---- colour is never the only signal (issue 28) -------------------------------
// Okabe–Ito hues, and a line style per colour that survives greyscale and the
// colour-vision deficiencies: blue solid, red dashed, green a double line (a
// solid line with a thin light stripe down its middle).  cgteach.draw uses the
// same scheme in matplotlib.
const EDGE_STYLE = {
  blue: { letter: "B", style: "solid line" },
  red: { letter: "R", style: "dashed line" },
  green: { letter: "G", style: "double line" },
};

// One edge's stroke: the line, and for green the light stripe on top.
function edgeStroke(parent, d, colour, extra = "") {
  const line = svgEl("path", { class: `cg-edge-line cg-${colour}${extra}`, d }, parent);
  if (colour === "green") svgEl("path", { class: `cg-edge-stripe${extra}`, d }, parent);
  return line;
}

// The legend: a short sample of each edge kind, with its name and line style.
function edgeLegend(parent, p, colours = ["blue", "red", "green"]) {
  const box = htmlEl("div", { class: "cg-legend", "data-testid": `${p}-legend`,
    role: "list", "aria-label": "edge colours" }, parent);
  for (const c of colours) {
    const item = htmlEl("span", { class: "cg-legend-item", role: "listitem", "data-colour": c }, box);
    const svg = svgEl("svg", { viewBox: "0 0 44 12", width: 44, height: 12, "aria-hidden": "true" }, item);
    edgeStroke(svg, "M 4 6 L 40 6", c);
    const name = htmlEl("span", { class: "cg-legend-name" }, item, `${c} (${EDGE_STYLE[c].letter})`);
    htmlEl("span", { class: "cg-legend-style" }, name, `: ${EDGE_STYLE[c].style}`);
  }
  return box;
}

// A region screen readers read aloud when its text changes (visually hidden).
function liveRegion(root, p) {
  const el = htmlEl("div", { class: "cg-sr-only", "aria-live": "polite", "aria-atomic": "true",
    role: "status", "data-testid": `${p}-live` }, root);
  let last = "";
  return (text) => {
    if (text && text !== last) { last = text; el.textContent = text; }
  };
}

// Keyboard focus among the items of a board (edges, nodes): a stable order,
// arrows move, Home/End jump.  `items()` returns [{key, ...}] in that order.
function keyFocus(svg, items, onMove) {
  let current = null;     // the key of the focused item (kept across redraws)
  const api = {
    get() {
      const list = items();
      if (!list.length) return null;
      return list.find((it) => it.key === current) || null;
    },
    set(key) { current = key; onMove(api.get()); },
    clear() { current = null; },
    step(delta) {
      const list = items();
      if (!list.length) { current = null; onMove(null); return; }
      let i = list.findIndex((it) => it.key === current);
      if (i < 0) i = delta > 0 ? 0 : list.length - 1;
      else i = Math.min(Math.max(i + delta, 0), list.length - 1);
      if (delta === Infinity) i = list.length - 1;
      if (delta === -Infinity) i = 0;
      current = list[i].key;
      onMove(list[i]);
    },
    // after a redraw: keep the focus on the same item, or the nearest one left
    settle(previousOrder) {
      const list = items();
      if (current === null || list.some((it) => it.key === current)) return;
      const old = previousOrder.indexOf(current);
      const left = list.filter((it) => previousOrder.indexOf(it.key) > old);
      current = (left[0] || list[list.length - 1] || { key: null }).key;
    },
  };
  svg.addEventListener("blur", () => svg.classList.remove("cg-keyboard"));
  // a press of the mouse also focuses the board: that is not keyboard focus
  svg.addEventListener("pointerdown", () => { api.byPointer = true; }, true);
  svg.addEventListener("keydown", () => { api.byPointer = false; }, true);
  api.byPointer = false;
  return api;
}

// The arrow, Home and End keys for keyFocus (true when the key was used).
function arrowKeys(evt, focus) {
  const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
  if (!(evt.key in steps)) return false;
  evt.preventDefault();
  focus.step(steps[evt.key]);
  return true;
}

// ---- labels clear of nodes and of each other (issue 30) ------------------------

// Points along an SVG path `d` of the shapes edgeShapes makes (M/L, M/Q, M/C).
function pathPoints(d, n = 12) {
  const v = d.replace(/[MLQC,]/g, " ").trim().split(/\s+/).map(Number);
  const pts = [];
  for (let k = 0; k <= n; k += 1) {
    const t = k / n, s = 1 - t;
    if (v.length === 4) pts.push([s * v[0] + t * v[2], s * v[1] + t * v[3]]);
    else if (v.length === 6) {
      pts.push([s * s * v[0] + 2 * s * t * v[2] + t * t * v[4], s * s * v[1] + 2 * s * t * v[3] + t * t * v[5]]);
    } else if (v.length === 8) {
      const a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, e = t * t * t;
      pts.push([a * v[0] + b * v[2] + c * v[4] + e * v[6], a * v[1] + b * v[3] + c * v[5] + e * v[7]]);
    }
  }
  return pts;
}

// The distance from (x, y) to the polyline `pts`.
function polylineDistance(pts, x, y) {
  let best = Infinity;
  for (let k = 0; k + 1 < pts.length; k += 1) {
    const [x1, y1] = pts[k], [x2, y2] = pts[k + 1];
    const dx = x2 - x1, dy = y2 - y1, len = dx * dx + dy * dy;
    const t = len ? Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / len)) : 0;
    best = Math.min(best, Math.hypot(x - x1 - t * dx, y - y1 - t * dy));
  }
  return pts.length === 1 ? Math.hypot(x - pts[0][0], y - pts[0][1]) : best;
}

// Whether some edge other than edges[i] passes nearer (x, y) than edges[i] itself.
function nearerOther(edges, i, x, y) {
  const own = polylineDistance(edges[i].pts, x, y);
  return edges.some((e, j) => j !== i && polylineDistance(e.pts, x, y) < own - 0.5);
}

function boxHitsCircle(b, cx, cy, r) {
  const x = Math.max(b.x0, Math.min(cx, b.x1)), y = Math.max(b.y0, Math.min(cy, b.y1));
  return Math.hypot(x - cx, y - cy) < r;
}

function boxesMeet(a, b, pad) {
  return a.x0 < b.x1 + pad && b.x0 < a.x1 + pad && a.y0 < b.y1 + pad && b.y0 < a.y1 + pad;
}

// Where to write each edge's label: beside its own edge, clear of every node
// (radius `r` plus a margin), of the labels placed before it and of the board's
// border; touching as few other edges as possible.  `edges` is
// [{text, pts}] in the order labels are placed; `obstacles` are boxes
// ({x0, y0, x1, y1}) to keep clear of too (node names); returns [{x, y, box}].
//: Past this many edges labels are put beside their edges without the search.
const LABEL_SEARCH_EDGES = 80;

function placeLabels(edges, nodes, { r, font, width, height, obstacles = [] }) {
  // a grid of 48-unit cells: each candidate looks only at what is near it
  const CELL = 48;
  const grid = new Map();
  const cells = (b) => {
    const out = [];
    for (let gx = Math.floor(b.x0 / CELL); gx <= Math.floor(b.x1 / CELL); gx += 1) {
      for (let gy = Math.floor(b.y0 / CELL); gy <= Math.floor(b.y1 / CELL); gy += 1) out.push(gx * 100003 + gy);
    }
    return out;
  };
  const add = (b, thing) => {
    for (const c of cells(b)) { if (!grid.has(c)) grid.set(c, []); grid.get(c).push(thing); }
  };
  const near = (b) => {
    const seen = new Set();
    for (const c of cells(b)) for (const t of grid.get(c) || []) seen.add(t);
    return seen;
  };
  const h = font * 1.25, charW = font * 0.64, pad = Math.max(2, font * 0.15), reach = font * 0.3;
  for (const [x, y] of nodes) {
    const rr = r + pad;
    add({ x0: x - rr, x1: x + rr, y0: y - rr, y1: y + rr }, { node: [x, y] });
  }
  for (const box of obstacles) add({ x0: box.x0 - pad, x1: box.x1 + pad, y0: box.y0 - pad, y1: box.y1 + pad }, { box });
  edges.forEach((e, j) => {
    for (let k = 0; k < e.pts.length; k += 1) {
      const [x, y] = e.pts[k];
      add({ x0: x - reach, x1: x + reach, y0: y - reach, y1: y + reach }, { pt: [x, y], line: j });
    }
  });
  return edges.map((e, i) => {
    const w = e.text.length * charW + 2;
    let best = null;
    if (edges.length > LABEL_SEARCH_EDGES) {  // a huge drawing: beside the middle, no search
      const [x, y] = e.pts[Math.floor(e.pts.length / 2)];
      const box = { x0: x + 4, x1: x + 4 + w, y0: y - h, y1: y };
      return { x: x + 4 + w / 2, y: y - h / 2, box };
    }
    const ts = [0.5, 0.38, 0.62, 0.27, 0.73, 0.18, 0.82];
    ts.forEach((t, rank) => {
      const k = Math.min(Math.round(t * (e.pts.length - 1)), e.pts.length - 2);
      const [x1, y1] = e.pts[k], [x2, y2] = e.pts[k + 1];
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const nx = -(y2 - y1) / len, ny = (x2 - x1) / len;
      // by its edge: at most a little more than its own size off it (2.2 and 3 times that
      // put the house game's "15" 80 px off its edge); 0: on the edge itself (its halo
      // keeps it legible)
      for (const far of [0.9, 1.2, 1.5, 0.6, 0]) {
        for (const side of far ? [1, -1] : [1]) {
          const off = far * (Math.abs(nx) * w / 2 + Math.abs(ny) * h / 2 + r * 0.6 + 3);
          const cx = (x1 + x2) / 2 + side * nx * off, cy = (y1 + y2) / 2 + side * ny * off;
          const box = { x0: cx - w / 2, x1: cx + w / 2, y0: cy - h / 2, y1: cy + h / 2 };
          let hard = 0, soft = 0;
          // outside the board: the view grows to show it (better than beside the wrong edge)
          if (box.x0 < 1 || box.x1 > width - 1 || box.y0 < 1 || box.y1 > height - 1) hard += 0.5;
          const lines = new Set();
          for (const thing of near(box)) {
            if (thing.node) { if (boxHitsCircle(box, thing.node[0], thing.node[1], r + pad)) hard += 1; }
            else if (thing.box) { if (boxesMeet(box, thing.box, pad)) hard += 1; }
            else if (!lines.has(thing.line) && boxHitsCircle(box, thing.pt[0], thing.pt[1], reach)) {
              lines.add(thing.line);
              soft += thing.line === i ? 2 : 1;
            }
          }
          // the label must read as its own edge's: no other edge nearer its centre
          if (nearerOther(edges, i, cx, cy)) hard += 1.5;
          const score = hard * 1000 + soft * 20 + rank * 3 + far * 4;
          if (!best || score < best.score) best = { x: cx, y: cy, box, score };
        }
      }
    });
    add(best.box, { box: best.box });
    return best;
  });
}
