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

// What every board shows: a toolbar headed by the game's name, the SVG board
// (with the named layers, bottom first) beside a side panel, then the message
// and help lines.
function boardFrame(el, { p, cls, title, isGame, layerNames, attrs = {} }) {
  const root = htmlEl("div", { class: `cg-widget ${cls}`, "data-testid": `${p}-${isGame ? "game" : "editor"}`,
    ...attrs }, el);
  const toolbar = htmlEl("div", { class: "cg-toolbar" }, root);
  htmlEl("span", { class: "cg-title" }, toolbar, title);
  const main = htmlEl("div", { class: "cg-main" }, root);
  const svg = svgEl("svg", { class: "cg-board", "data-testid": `${p}-board` }, main);
  const side = htmlEl("div", { class: "cg-side" }, main);
  const message = htmlEl("div", { class: "cg-message", "data-testid": `${p}-message`, role: "status" }, root);
  const help = htmlEl("div", { class: "cg-help" }, root);
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
        const sw = htmlEl("label", { class: "cg-switch", title }, toolbar);
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
  const files = htmlEl("div", { class: "cg-group" }, toolbar);
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
  const logCard = htmlEl("div", { class: "cg-card" }, side);
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
