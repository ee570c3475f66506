// Hackendot editor and game (cgteach.widgets.hackendot).
// Plain ES module, no imports.  The browser only draws and sends intents;
// Python decides everything (see cgteach/widgets/_base.py).

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

const EDITOR_HELP = {
  add: "Click a node to give it a new child; click empty space to plant a new tree. " +
    "Show the coloring to follow Úlehla's method round by round.",
  delete: "Click a node to remove it together with everything above it.",
};

function render({ model, el }) {
  const isGame = model.get("kind") === "game";
  const root = htmlEl("div", { class: "cg-widget cg-hackendot", "data-testid": isGame ? "hd-game" : "hd-editor" }, el);
  const toolbar = htmlEl("div", { class: "cg-toolbar" }, root);
  const main = htmlEl("div", { class: "cg-main" }, root);
  const svg = svgEl("svg", { class: "cg-board", "data-testid": "hd-board" }, main);
  const side = htmlEl("div", { class: "cg-side" }, main);
  const message = htmlEl("div", { class: "cg-message", "data-testid": "hd-message", role: "status" }, root);
  const help = htmlEl("div", { class: "cg-help" }, root);
  const layers = {};
  for (const name of ["ground", "base", "edges", "ghosts", "nodes"]) {
    layers[name] = svgEl("g", { class: `cg-layer-${name}` }, svg);
  }
  const send = (msg) => model.send(msg);
  const setTrait = (name, value) => { model.set(name, value); model.save_changes(); };
  const buttons = {};
  let pending = false;
  let preview = -1;  // game: the node under the pointer

  htmlEl("span", { class: "cg-title" }, toolbar, "Hackendot");
  const lectureBox = htmlEl("input", { type: "checkbox", "data-testid": "hd-lecture" });
  lectureBox.addEventListener("change", () => setTrait("lecture", lectureBox.checked));
  const labelsBox = htmlEl("input", { type: "checkbox", "data-testid": "hd-labels" });
  labelsBox.addEventListener("change", () => setTrait("labels", labelsBox.checked));
  const switches = () => {
    for (const [box, text, title] of [[labelsBox, "Numbers", "number the nodes"],
      [lectureBox, "Lecture", "large print for a projector"]]) {
      const sw = htmlEl("label", { class: "cg-switch", title }, toolbar);
      sw.appendChild(box);
      sw.appendChild(document.createTextNode(text));
    }
  };
  let valueEl, outcomeEl, colourBtn, roundCard, roundHead, bitsTable, prevBtn, nextBtn, statusEl, logEl;

  if (!isGame) {
    const tools = htmlEl("div", { class: "cg-group" }, toolbar);
    for (const [tool, label] of [["add", "+ Add"], ["delete", "✕ Delete"]]) {
      buttons[tool] = htmlEl("button", { "data-testid": `hd-tool-${tool}` }, tools, label);
      buttons[tool].addEventListener("click", () => setTrait("tool", tool));
    }
    const edit = htmlEl("div", { class: "cg-group" }, toolbar);
    buttons.undo = htmlEl("button", { "data-testid": "hd-undo" }, edit, "↶ Undo");
    buttons.undo.addEventListener("click", () => send({ event: "undo" }));
    buttons.clear = htmlEl("button", { "data-testid": "hd-clear" }, edit, "Clear");
    buttons.clear.addEventListener("click", () => send({ event: "clear" }));
    const files = htmlEl("div", { class: "cg-group" }, toolbar);
    buttons.save = htmlEl("button", { "data-testid": "hd-save", title: "download the forest as a JSON file" }, files, "↓ Save");
    buttons.save.addEventListener("click", () => {
      const blob = new Blob([model.get("json_text")], { type: "application/json" });
      const a = htmlEl("a", { href: URL.createObjectURL(blob), download: "hackendot-position.json" }, document.body);
      a.click();
      setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 2000);
    });
    buttons.load = htmlEl("button", { "data-testid": "hd-load", title: "open a JSON position file" }, files, "↑ Load");
    const fileInput = htmlEl("input", { type: "file", accept: ".json,application/json", "data-testid": "hd-file",
      style: "display:none" }, root);
    buttons.load.addEventListener("click", () => fileInput.click());
    fileInput.addEventListener("change", async () => {
      const file = fileInput.files && fileInput.files[0];
      if (!file) return;
      const text = await file.text();
      fileInput.value = "";
      send({ event: "load", text });
    });
    htmlEl("span", { class: "cg-spacer" }, toolbar);
    switches();

    const card = htmlEl("div", { class: "cg-card" }, side);
    htmlEl("div", { class: "cg-label" }, card, "Value");
    valueEl = htmlEl("div", { class: "cg-value", "data-testid": "hd-value" }, card);
    const line = htmlEl("div", { class: "cg-outcome-line" }, card);
    outcomeEl = htmlEl("span", { class: "cg-badge", "data-testid": "hd-outcome" }, line);
    outcomeEl.text = htmlEl("span", { class: "cg-small" }, line);
    valueEl.counts = htmlEl("div", { class: "cg-small cg-counts", "data-testid": "hd-counts" }, card);
    colourBtn = htmlEl("button", { "data-testid": "hd-coloring" }, side, "Show coloring");
    colourBtn.addEventListener("click", () => setTrait("show_coloring", !model.get("show_coloring")));
    roundCard = htmlEl("div", { class: "cg-card", "data-testid": "hd-rounds" }, side);
    roundHead = htmlEl("div", { class: "cg-label", "data-testid": "hd-round" }, roundCard);
    roundCard.note = htmlEl("div", { class: "cg-small" }, roundCard);
    const nav = htmlEl("div", { class: "cg-row" }, roundCard);
    prevBtn = htmlEl("button", { "data-testid": "hd-round-prev" }, nav, "◀ Previous");
    nextBtn = htmlEl("button", { "data-testid": "hd-round-next" }, nav, "Next round ▶");
    prevBtn.addEventListener("click", () => setTrait("round", Math.max(0, model.get("round") - 1)));
    nextBtn.addEventListener("click", () => setTrait("round", model.get("round") + 1));
    bitsTable = htmlEl("table", { class: "cg-bits", "data-testid": "hd-bits" }, roundCard);
  } else {
    buttons.hint = htmlEl("button", { "data-testid": "hd-hint" }, toolbar, "Hint");
    buttons.hint.addEventListener("click", () => send({ event: "hint" }));
    buttons.restart = htmlEl("button", { "data-testid": "hd-restart" }, toolbar, "↻ New game");
    buttons.restart.addEventListener("click", () => send({ event: "restart" }));
    htmlEl("span", { class: "cg-spacer" }, toolbar);
    switches();
    const card = htmlEl("div", { class: "cg-card" }, side);
    htmlEl("div", { class: "cg-label" }, card, "Game");
    statusEl = htmlEl("div", { class: "cg-status", "data-testid": "hd-status" }, card);
    const comp = htmlEl("div", { class: "cg-small", "data-testid": "hd-roles" }, side);
    comp.textContent = model.get("computer") === "perfect"
      ? "The computer plays perfectly (Úlehla's method)." : "The computer plays at random.";
    const logCard = htmlEl("div", { class: "cg-card" }, side);
    htmlEl("div", { class: "cg-label" }, logCard, "Moves");
    logEl = htmlEl("ol", { class: "cg-log", "data-testid": "hd-log" }, logCard);
    help.textContent = "Click a node: it goes, together with every node on its path down to the root. " +
      "Whoever takes the last node wins.";
  }

  function pathToRoot(parents, i) {
    const out = [];
    while (i !== null && i !== undefined && i >= 0) { out.push(i); i = parents[i]; }
    return out;
  }

  function draw() {
    pending = false;
    const lecture = model.get("lecture");
    const width = model.get("width"), height = model.get("height"), groundY = model.get("ground_y");
    root.classList.toggle("cg-lecture", lecture);
    lectureBox.checked = lecture;
    labelsBox.checked = model.get("labels");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const parents = model.get("parents"), coords = model.get("coords");
    const r = lecture ? 15 : 11;
    for (const l of ["ground", "base", "edges", "nodes"]) layers[l].replaceChildren();
    svgEl("rect", { class: "cg-earth", x: 0, y: groundY + r, width, height: height - groundY - r }, layers.ground);
    svgEl("line", { class: "cg-ground-line", x1: 6, y1: groundY + r, x2: width - 6, y2: groundY + r }, layers.ground);

    // what to draw: the forest itself, or round k of Úlehla's method
    let show = { parents, at: (i) => coords[i], colour: () => "plain", index: (i) => i };
    let whiteRoots = new Set();
    if (!isGame && model.get("show_coloring") && model.get("rounds").length) {
      const rounds = model.get("rounds");
      const k = Math.min(model.get("round"), rounds.length - 1);
      const rd = rounds[k];
      show = { parents: rd.parents, at: (i) => coords[rd.origin[i]], colour: (i) => rd.coloring[i],
        index: (i) => rd.origin[i] };
      whiteRoots = new Set(rd.white_roots);
      if (k > 0) {  // the original forest, faded, underneath
        parents.forEach((p, i) => {
          if (p !== null) svgEl("line", { class: "cg-tree-edge", x1: coords[i][0], y1: coords[i][1],
            x2: coords[p][0], y2: coords[p][1], opacity: 0.18 }, layers.base);
        });
        coords.forEach(([x, y]) => svgEl("circle", { class: "cg-dot", cx: x, cy: y, r: r * 0.6, opacity: 0.2 }, layers.base));
      }
    }
    const hint = isGame ? model.get("hint_node") : -1;
    const onPath = new Set(isGame && preview >= 0 && preview < parents.length ? pathToRoot(parents, preview) : []);
    show.parents.forEach((p, i) => {
      const [x, y] = show.at(i);
      if (p !== null) {
        const [px, py] = show.at(p);
        svgEl("line", { class: "cg-tree-edge", x1: x, y1: y, x2: px, y2: py }, layers.edges);
      } else if (isGame && y < groundY - 1) {
        svgEl("line", { class: "cg-root-mark", x1: x - r - 4, y1: y + r + 4, x2: x + r + 4, y2: y + r + 4 }, layers.edges);
      }
    });
    show.parents.forEach((p, i) => {
      const [x, y] = show.at(i);
      const colour = show.colour(i);
      const g = svgEl("g", { class: "cg-dot-node" + (onPath.has(i) ? " cg-path-preview" : ""),
        "data-index": show.index(i), "data-x": x, "data-y": y, "data-colour": colour }, layers.nodes);
      if (whiteRoots.has(i)) {
        svgEl("circle", { cx: x, cy: y, r: r + 6, fill: "none", stroke: "var(--cg-highlight)",
          "stroke-width": lecture ? 5 : 3.5 }, g);
      }
      svgEl("circle", { class: `cg-dot cg-${colour}` + (i === hint ? " cg-hinted" : ""), cx: x, cy: y, r }, g);
      if (i === hint) {
        svgEl("circle", { class: "cg-hint-glow", cx: x, cy: y, r: r + 7, "data-testid": "hd-hint-glow",
          style: "stroke-width: 6px" }, g);
      }
      svgEl("title", {}, g).textContent = `node ${show.index(i)}` + (colour !== "plain" ? ` (${colour})` : "");
      if (model.get("labels")) {
        svgEl("text", { class: "cg-node-label", x: x + r + 3, y: y - r + 2 }, g).textContent = String(show.index(i));
      }
    });
    if (!parents.length) {
      svgEl("text", { class: "cg-empty-note", x: width / 2, y: groundY / 2, "text-anchor": "middle" },
        layers.nodes).textContent = isGame ? "No nodes left." : "Click anywhere to plant a tree.";
    }
    message.textContent = model.get("message");
    if (!isGame) drawEditorPanel(); else drawGamePanel();
  }

  function drawEditorPanel() {
    const tool = model.get("tool");
    for (const t of ["add", "delete"]) buttons[t].classList.toggle("cg-active", t === tool);
    svg.classList.toggle("cg-tool-delete", tool === "delete");
    buttons.undo.disabled = !model.get("can_undo");
    help.textContent = EDITOR_HELP[tool];
    valueEl.textContent = model.get("value_text");
    const outcome = model.get("outcome");
    outcomeEl.textContent = outcome;
    outcomeEl.className = "cg-badge cg-" + outcome;
    outcomeEl.text.textContent = outcome === "P" ? "P-position: whoever moves next loses."
      : "N-position: whoever moves next wins.";
    const parents = model.get("parents");
    const trees = parents.filter((p) => p === null).length;
    valueEl.counts.textContent = `${parents.length} node${parents.length === 1 ? "" : "s"} in ` +
      `${trees} tree${trees === 1 ? "" : "s"}`;
    const on = model.get("show_coloring");
    const rounds = model.get("rounds");
    colourBtn.textContent = on ? "Hide coloring" : "Show coloring";
    colourBtn.disabled = !rounds.length;
    roundCard.style.display = on && rounds.length ? "" : "none";
    if (!(on && rounds.length)) return;
    const k = Math.min(model.get("round"), rounds.length - 1);
    const rd = rounds[k];
    roundHead.textContent = k === 0 ? "Round 0: the forest F" : `Round ${k}: contraction L${sup(k)}(F)`;
    const w = rd.white_roots.length;
    roundCard.note.textContent = `${w} white root${w === 1 ? "" : "s"} (ringed): bit ${k} is ${w} mod 2 = ${rd.bit}.` +
      (k + 1 < rounds.length ? " Next: keep the black nodes only." : " Contracting again leaves nothing.");
    prevBtn.disabled = k === 0;
    nextBtn.disabled = k >= rounds.length - 1;
    bitsTable.replaceChildren();
    const head = htmlEl("tr", {}, bitsTable);
    for (const h of ["round", "white roots", "bit", "worth"]) htmlEl("th", {}, head, h);
    let total = 0;
    rounds.forEach((x, j) => {
      const row = htmlEl("tr", { class: j === k ? "cg-current" : "" }, bitsTable);
      for (const c of [j, x.white_roots.length, x.bit, x.bit ? 2 ** j : 0]) htmlEl("td", {}, row, String(c));
      total += x.bit ? 2 ** j : 0;
    });
    const foot = htmlEl("tr", {}, bitsTable);
    htmlEl("td", { colspan: 3, style: "text-align:right" }, foot, "value");
    htmlEl("td", { style: "font-weight:700" }, foot, total === 0 ? "0" : total === 1 ? "*" : "*" + total);
  }

  function sup(k) {
    const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹";
    return String(k).split("").map((d) => digits[Number(d)]).join("");
  }

  function drawGamePanel() {
    const winner = model.get("winner");
    statusEl.textContent = model.get("status");
    statusEl.className = "cg-status" + (winner === "student" ? " cg-won" : winner === "computer" ? " cg-lost" : "");
    root.setAttribute("data-winner", winner);
    root.classList.toggle("cg-over", !!winner);
    buttons.hint.disabled = !!winner;
    const log = model.get("log");
    logEl.replaceChildren();
    for (const line of log) htmlEl("li", {}, logEl, line);
    logEl.parentElement.style.display = log.length ? "" : "none";
    logEl.scrollTop = logEl.scrollHeight;
    svg.classList.toggle("cg-clickable", !winner);
  }

  function drawGhosts() {
    layers.ghosts.replaceChildren();
    const r = model.get("lecture") ? 15 : 11;
    for (const f of model.get("fallen") || []) {
      const g = svgEl("g", { class: "cg-ghost", "data-by": f.by }, layers.ghosts);
      svgEl("circle", { class: "cg-dot cg-plain", cx: f.x, cy: f.y, r, opacity: 0.6,
        style: f.by === "computer" ? "stroke: var(--cg-highlight)" : "" }, g);
      if (f.chosen) {
        svgEl("text", { x: f.x + r + 3, y: f.y - r, class: "cg-ghost-mark",
          fill: f.by === "computer" ? "var(--cg-highlight)" : "var(--cg-muted)" }, g).textContent = "✕";
      }
    }
  }

  function schedule() {
    if (!pending) { pending = true; queueMicrotask(draw); }
  }

  svg.addEventListener("pointerdown", (evt) => {
    if (evt.button !== 0) return;
    const node = evt.target.closest(".cg-dot-node");
    if (isGame) {
      if (node) send({ event: "take", node: Number(node.dataset.index) });
      return;
    }
    if (node) {
      const i = Number(node.dataset.index);
      send(model.get("tool") === "delete" ? { event: "delete", node: i } : { event: "add_child", node: i });
    } else if (model.get("tool") === "add") {
      send({ event: "add_root" });
    }
  });
  if (isGame) {
    svg.addEventListener("pointerover", (evt) => {
      const node = evt.target.closest(".cg-dot-node");
      const i = node ? Number(node.dataset.index) : -1;
      if (i !== preview) { preview = i; schedule(); }
    });
    svg.addEventListener("pointerleave", () => { preview = -1; schedule(); });
  }

  const names = ["parents", "coords", "lecture", "labels", "message", "width", "height", "ground_y"].concat(
    isGame ? ["turn", "winner", "hint_node", "status", "log"]
      : ["tool", "value_text", "outcome", "show_coloring", "round", "rounds", "can_undo"]);
  for (const n of names) model.on("change:" + n, schedule);
  if (isGame) {
    model.on("change:fallen", drawGhosts);
    model.on("change:parents", () => { preview = -1; });
  }
  draw();
  return () => { root.remove(); };
}

export default { render };
