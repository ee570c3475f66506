// Hackenbush editor and game (cgteach.widgets.hackenbush).
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

const key = (name) => JSON.stringify(name);

// Geometry of every edge: parallel edges bend apart, loops are drop shapes.
// Returns [{d, mx, my}] (SVG path and a point on the edge), one per edge.
function edgeShapes(pos, edges, scale = 1) {
  const groups = new Map();
  edges.forEach(([u, v], i) => {
    const ku = key(u), kv = key(v);
    const g = ku === kv ? "loop " + ku : ku < kv ? ku + " " + kv : kv + " " + ku;
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(i);
  });
  const shapes = new Array(edges.length);
  for (const members of groups.values()) {
    members.forEach((i, k) => {
      const [u, v] = edges[i];
      const a = pos.get(key(u)), b = pos.get(key(v));
      if (!a || !b) { shapes[i] = null; return; }
      if (key(u) === key(v)) {
        const h = (62 + 20 * k) * scale, s = (34 + 10 * k) * scale;
        const [x, y] = a;
        shapes[i] = {
          d: `M ${x} ${y} C ${x - s} ${y - h}, ${x + s} ${y - h}, ${x} ${y}`,
          mx: x, my: y - 0.75 * h,
        };
        return;
      }
      const m = members.length;
      const off = (k - (m - 1) / 2) * 24 * scale;
      // A normal that does not depend on which end is "u".
      const [p, q] = key(u) < key(v) ? [a, b] : [b, a];
      const dx = q[0] - p[0], dy = q[1] - p[1];
      const len = Math.hypot(dx, dy) || 1;
      const nx = -dy / len, ny = dx / len;
      const mx = (a[0] + b[0]) / 2 + nx * off, my = (a[1] + b[1]) / 2 + ny * off;
      if (off === 0) {
        shapes[i] = { d: `M ${a[0]} ${a[1]} L ${b[0]} ${b[1]}`, mx, my };
      } else {
        const cx = (a[0] + b[0]) / 2 + 2 * nx * off, cy = (a[1] + b[1]) / 2 + 2 * ny * off;
        shapes[i] = { d: `M ${a[0]} ${a[1]} Q ${cx} ${cy} ${b[0]} ${b[1]}`, mx, my };
      }
    });
  }
  return shapes;
}

function drawGround(layer, width, height, groundY) {
  svgEl("rect", { class: "cg-earth", x: 0, y: groundY, width, height: height - groundY }, layer);
  svgEl("line", { class: "cg-ground-line", x1: 6, y1: groundY, x2: width - 6, y2: groundY }, layer);
}

// A small read-only picture (used for the reduction steps).
function drawPicture(svg, pic, lecture) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${pic.width} ${pic.height}`);
  drawGround(svg, pic.width, pic.height, pic.ground_y);
  const pos = new Map(pic.nodes.map(([x, y], i) => [key(i), [x, y]]));
  const shapes = edgeShapes(pos, pic.edges, 0.75);
  pic.edges.forEach(([, , colour], i) => {
    if (shapes[i]) svgEl("path", { class: `cg-edge-line cg-${colour}`, d: shapes[i].d }, svg);
  });
  pic.nodes.forEach(([x, y, ground]) => {
    svgEl("circle", { class: "cg-node-dot", cx: x, cy: y, r: lecture ? 6 : 4.5,
      style: ground ? "fill: var(--cg-ground)" : "" }, svg);
  });
  if (!pic.edges.length) {
    svgEl("text", { class: "cg-empty-note", x: pic.width / 2, y: pic.ground_y / 2,
      "text-anchor": "middle" }, svg).textContent = "no edges: value 0";
  }
}

const EDITOR_HELP = {
  draw: "Click empty space to add a node (on the ground line: a ground node). Click a node, " +
    "then another node or empty space, to draw an edge. Hover a node and click its small " +
    "ring for a loop. Drag nodes to move them. Esc lets go of the picked node.",
  ground: "Click a node to put it on the ground line, or to lift it off.",
  delete: "Click an edge or a node to delete it (a node takes its edges with it).",
};

function render({ model, el }) {
  const isGame = model.get("kind") === "game";
  const root = htmlEl("div", { class: "cg-widget cg-hackenbush", "data-testid": isGame ? "hb-game" : "hb-editor",
    tabindex: "0" }, el);
  const toolbar = htmlEl("div", { class: "cg-toolbar" }, root);
  const main = htmlEl("div", { class: "cg-main" }, root);
  const svg = svgEl("svg", { class: "cg-board", "data-testid": "hb-board" }, main);
  const side = htmlEl("div", { class: "cg-side" }, main);
  const message = htmlEl("div", { class: "cg-message", "data-testid": "hb-message", role: "status" }, root);
  const help = htmlEl("div", { class: "cg-help" }, root);

  const layers = {};
  for (const name of ["ground", "glow", "edges", "ghosts", "nodes"]) {
    layers[name] = svgEl("g", { class: `cg-layer-${name}` }, svg);
  }

  let selected = null;        // key of the picked node (editor, draw tool)
  let drag = null;            // {name, k, x0, y0, moved, x, y}
  let pending = false;

  const send = (msg) => model.send(msg);
  const setTrait = (name, value) => { model.set(name, value); model.save_changes(); };

  // ---- toolbar and side panel --------------------------------------------
  const buttons = {};
  const lectureBox = htmlEl("input", { type: "checkbox", "data-testid": "hb-lecture" });
  lectureBox.addEventListener("change", () => setTrait("lecture", lectureBox.checked));
  const labelsBox = htmlEl("input", { type: "checkbox", "data-testid": "hb-labels" });
  labelsBox.addEventListener("change", () => setTrait("labels", labelsBox.checked));
  const switches = () => {
    for (const [box, text, title] of [[labelsBox, "Numbers", "number the edges"],
      [lectureBox, "Lecture", "large print for a projector"]]) {
      const sw = htmlEl("label", { class: "cg-switch", title }, toolbar);
      sw.appendChild(box);
      sw.appendChild(document.createTextNode(text));
    }
  };

  let valueEl, outcomeEl, outcomeText, stepsToggle, stepsCard, stepsHead, stepsPic, stepsText,
    prevBtn, nextBtn, fileInput, statusEl, roleEl, logEl;

  if (!isGame) {
    htmlEl("span", { class: "cg-title" }, toolbar, "Hackenbush");
    const tools = htmlEl("div", { class: "cg-group", role: "group" }, toolbar);
    for (const [tool, label, title] of [["draw", "✎ Draw", "add nodes and edges"],
      ["ground", "⊥ Ground", "put nodes on the ground or lift them off"],
      ["delete", "✕ Delete", "delete edges and nodes"]]) {
      const b = htmlEl("button", { "data-testid": `hb-tool-${tool}`, title }, tools, label);
      b.addEventListener("click", () => { selected = null; setTrait("tool", tool); });
      buttons["tool-" + tool] = b;
    }
    const swatches = htmlEl("div", { class: "cg-swatches", role: "group" }, toolbar);
    for (const colour of ["green", "blue", "red"]) {
      const b = htmlEl("button", { class: "cg-swatch", "data-testid": `hb-colour-${colour}`,
        title: `draw ${colour} edges`, "aria-label": colour,
        style: `background: var(--cg-${colour})` }, swatches);
      b.addEventListener("click", () => { setTrait("colour", colour); });
      buttons["colour-" + colour] = b;
    }
    const edit = htmlEl("div", { class: "cg-group" }, toolbar);
    buttons.undo = htmlEl("button", { "data-testid": "hb-undo", title: "take back the last change" }, edit, "↶ Undo");
    buttons.undo.addEventListener("click", () => send({ event: "undo" }));
    buttons.clear = htmlEl("button", { "data-testid": "hb-clear", title: "start again" }, edit, "Clear");
    buttons.clear.addEventListener("click", () => { selected = null; send({ event: "clear" }); });
    const files = htmlEl("div", { class: "cg-group" }, toolbar);
    buttons.save = htmlEl("button", { "data-testid": "hb-save", title: "download the position as a JSON file" }, files, "↓ Save");
    buttons.save.addEventListener("click", () => {
      if (!model.get("is_position")) {
        message.textContent = "Join every edge to the ground before saving.";
        return;
      }
      const blob = new Blob([model.get("json_text")], { type: "application/json" });
      const a = htmlEl("a", { href: URL.createObjectURL(blob), download: "hackenbush-position.json" }, document.body);
      a.click();
      setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 2000);
    });
    buttons.load = htmlEl("button", { "data-testid": "hb-load", title: "open a JSON position file" }, files, "↑ Load");
    fileInput = htmlEl("input", { type: "file", accept: ".json,application/json", "data-testid": "hb-file",
      style: "display:none" }, root);
    buttons.load.addEventListener("click", () => fileInput.click());
    fileInput.addEventListener("change", async () => {
      const file = fileInput.files && fileInput.files[0];
      if (!file) return;
      const text = await file.text();
      fileInput.value = "";
      selected = null;
      send({ event: "load", text });
    });
    htmlEl("span", { class: "cg-spacer" }, toolbar);
    switches();

    const card = htmlEl("div", { class: "cg-card" }, side);
    htmlEl("div", { class: "cg-label" }, card, "Value");
    valueEl = htmlEl("div", { class: "cg-value", "data-testid": "hb-value" }, card);
    const line = htmlEl("div", { class: "cg-outcome-line" }, card);
    outcomeEl = htmlEl("span", { class: "cg-badge", "data-testid": "hb-outcome" }, line);
    outcomeText = htmlEl("span", { class: "cg-small", "data-testid": "hb-outcome-text" }, line);
    valueEl.counts = htmlEl("div", { class: "cg-small cg-counts", "data-testid": "hb-counts" }, card);
    stepsToggle = htmlEl("button", { "data-testid": "hb-steps-toggle" }, side, "Show reductions");
    stepsToggle.addEventListener("click", () => setTrait("show_steps", !model.get("show_steps")));
    stepsCard = htmlEl("div", { class: "cg-card cg-steps", "data-testid": "hb-steps" }, side);
    stepsHead = htmlEl("div", { class: "cg-label", "data-testid": "hb-step-head" }, stepsCard);
    stepsCard.chips = htmlEl("div", { class: "cg-chips", "data-testid": "hb-step-list" }, stepsCard);
    const rule = htmlEl("div", { class: "cg-step-rule", "data-testid": "hb-step-rule" }, stepsCard);
    stepsPic = svgEl("svg", { "data-testid": "hb-step-picture" }, stepsCard);
    stepsText = htmlEl("div", { class: "cg-step-text", "data-testid": "hb-step-text" }, stepsCard);
    stepsText.rule = rule;
    const nav = htmlEl("div", { class: "cg-row" }, stepsCard);
    prevBtn = htmlEl("button", { "data-testid": "hb-step-prev" }, nav, "◀ Previous");
    nextBtn = htmlEl("button", { "data-testid": "hb-step-next" }, nav, "Next ▶");
    prevBtn.addEventListener("click", () => setTrait("step", Math.max(0, model.get("step") - 1)));
    nextBtn.addEventListener("click", () => setTrait("step", model.get("step") + 1));
  } else {
    htmlEl("span", { class: "cg-title" }, toolbar, "Hackenbush");
    buttons.hint = htmlEl("button", { "data-testid": "hb-hint", title: "show a winning cut" }, toolbar, "Hint");
    buttons.hint.addEventListener("click", () => send({ event: "hint" }));
    buttons.restart = htmlEl("button", { "data-testid": "hb-restart", title: "start again" }, toolbar, "↻ New game");
    buttons.restart.addEventListener("click", () => send({ event: "restart" }));
    htmlEl("span", { class: "cg-spacer" }, toolbar);
    switches();
    const card = htmlEl("div", { class: "cg-card" }, side);
    htmlEl("div", { class: "cg-label" }, card, "Game");
    statusEl = htmlEl("div", { class: "cg-status", "data-testid": "hb-status" }, card);
    roleEl = htmlEl("div", { class: "cg-small", "data-testid": "hb-roles" }, side);
    const logCard = htmlEl("div", { class: "cg-card" }, side);
    htmlEl("div", { class: "cg-label" }, logCard, "Moves");
    logEl = htmlEl("ol", { class: "cg-log", "data-testid": "hb-log" }, logCard);
  }

  // ---- drawing --------------------------------------------------------------
  function positions() {
    const pos = new Map();
    for (const n of model.get("nodes")) pos.set(key(n.name), [n.x, n.y]);
    if (drag && drag.moved) pos.set(drag.k, [drag.x, drag.y]);
    return pos;
  }

  function draw() {
    pending = false;
    const lecture = model.get("lecture");
    const width = model.get("width"), height = model.get("height"), groundY = model.get("ground_y");
    const tool = isGame ? "game" : model.get("tool");
    root.classList.toggle("cg-lecture", lecture);
    root.classList.toggle("cg-clickable", isGame || tool !== "draw");
    for (const t of ["draw", "ground", "delete", "game"]) svg.classList.toggle("cg-tool-" + t, t === tool);
    lectureBox.checked = lecture;
    labelsBox.checked = model.get("labels");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);

    const nodes = model.get("nodes"), edges = model.get("edges");
    const ground = new Set(model.get("ground").map(key));
    const floating = new Set(isGame ? [] : model.get("floating"));
    const pos = positions();
    const shapes = edgeShapes(pos, edges);
    const r = lecture ? 10 : 7;

    layers.ground.replaceChildren();
    drawGround(layers.ground, width, height, groundY);
    layers.glow.replaceChildren();
    layers.edges.replaceChildren();
    layers.nodes.replaceChildren();

    let allowed = null;
    if (isGame) {
      const student = model.get("student");
      allowed = student === "green" ? null : new Set([student, "green"]);
      const hint = model.get("hint_edge");
      if (hint >= 0 && shapes[hint]) {
        svgEl("path", { class: "cg-hint-glow", d: shapes[hint].d, "data-testid": "hb-hint-glow" }, layers.glow);
      }
    }
    edges.forEach(([u, v, colour], i) => {
      const s = shapes[i];
      if (!s) return;
      const forbidden = allowed && !allowed.has(colour);
      const g = svgEl("g", {
        class: "cg-edge" + (floating.has(i) ? " cg-floating" : "") + (forbidden ? " cg-forbidden" : ""),
        "data-index": i, "data-colour": colour, "data-mx": s.mx.toFixed(1), "data-my": s.my.toFixed(1),
      }, layers.edges);
      svgEl("path", { class: `cg-edge-line cg-${colour}`, d: s.d }, g);
      svgEl("path", { class: "cg-edge-hit", d: s.d }, g);
      svgEl("title", {}, g).textContent = `edge ${i}: ${colour}`;
      if (model.get("labels")) {
        svgEl("text", { class: "cg-edge-label", x: s.mx + 7, y: s.my - 5 }, layers.nodes).textContent = String(i);
      }
    });
    for (const n of nodes) {
      const k = key(n.name);
      const [x, y] = pos.get(k);
      const g = svgEl("g", {
        class: "cg-node" + (ground.has(k) ? " cg-ground" : "") + (k === selected ? " cg-selected" : ""),
        "data-name": k, "data-x": x, "data-y": y,
      }, layers.nodes);
      if (!isGame && tool === "draw") {
        svgEl("circle", { class: "cg-loop-handle", cx: x + r + 7, cy: y - r - 7, r: lecture ? 8 : 6,
          "data-loop": k }, g);
      }
      svgEl("circle", { class: "cg-node-dot", cx: x, cy: y, r }, g);
      svgEl("title", {}, g).textContent = `node ${typeof n.name === "string" ? n.name : k}` +
        (ground.has(k) ? " (ground)" : "");
    }
    if (!edges.length) {
      const note = isGame ? "No edges left." : "Click above the ground to start drawing.";
      svgEl("text", { class: "cg-empty-note", x: width / 2, y: groundY / 2, "text-anchor": "middle" },
        layers.nodes).textContent = note;
    }

    message.textContent = model.get("message");
    if (!isGame) drawEditorPanel(tool, lecture);
    else drawGamePanel();
  }

  function drawEditorPanel(tool, lecture) {
    for (const t of ["draw", "ground", "delete"]) buttons["tool-" + t].classList.toggle("cg-active", t === tool);
    for (const c of ["green", "blue", "red"]) {
      buttons["colour-" + c].classList.toggle("cg-active", c === model.get("colour"));
      buttons["colour-" + c].disabled = tool !== "draw";
    }
    buttons.undo.disabled = !model.get("can_undo");
    help.textContent = EDITOR_HELP[tool];
    const ok = model.get("is_position");
    const outcome = model.get("outcome");
    valueEl.textContent = ok ? model.get("value_text") : "—";
    valueEl.classList.toggle("cg-none", !ok || model.get("value_text") === "?");
    outcomeEl.textContent = outcome || "?";
    outcomeEl.className = "cg-badge" + (outcome ? " cg-" + outcome : "");
    outcomeEl.style.display = outcome ? "" : "none";
    outcomeText.textContent = model.get("outcome_text");
    const edges = model.get("edges");
    const per = ["green", "blue", "red"].map((c) => [c, edges.filter((e) => e[2] === c).length])
      .filter(([, n]) => n).map(([c, n]) => `${n} ${c}`);
    const g = model.get("ground").length;
    valueEl.counts.textContent = `${edges.length} edge${edges.length === 1 ? "" : "s"}` +
      (per.length ? ` (${per.join(", ")})` : "") + ` · ${g} ground node${g === 1 ? "" : "s"}`;
    const green = model.get("value_kind") === "green";
    stepsToggle.disabled = !ok || !green;
    stepsToggle.textContent = model.get("show_steps") ? "Hide reductions" : "Show reductions";
    stepsToggle.title = green ? "the green reductions, one step at a time" : "reductions are for green drawings";
    const steps = model.get("steps");
    const show = model.get("show_steps") && steps.length > 0;
    stepsCard.style.display = show ? "" : "none";
    if (show) {
      const i = Math.min(model.get("step"), steps.length - 1);
      stepsHead.textContent = `Step ${i + 1} of ${steps.length}`;
      stepsText.rule.textContent = steps[i].rule;
      stepsText.textContent = steps[i].description;
      drawPicture(stepsPic, steps[i].picture, lecture);
      stepsCard.chips.replaceChildren();
      steps.forEach((st, j) => {
        const chip = htmlEl("button", { class: "cg-chip" + (j === i ? " cg-active" : ""),
          title: st.description, "data-step": j }, stepsCard.chips, `${j + 1} ${st.rule}`);
        chip.addEventListener("click", () => setTrait("step", j));
      });
      prevBtn.disabled = i === 0;
      nextBtn.disabled = i >= steps.length - 1;
    }
  }

  function drawGamePanel() {
    const winner = model.get("winner");
    statusEl.textContent = model.get("status");
    statusEl.className = "cg-status" + (winner === "student" ? " cg-won" : winner === "computer" ? " cg-lost" : "");
    root.classList.toggle("cg-over", !!winner);
    root.setAttribute("data-winner", winner);
    buttons.hint.disabled = !!winner;
    const log = model.get("log");
    logEl.replaceChildren();
    for (const line of log) htmlEl("li", {}, logEl, line);
    logEl.parentElement.style.display = log.length ? "" : "none";
    logEl.scrollTop = logEl.scrollHeight;
    const student = model.get("student");
    const comp = model.get("computer") === "perfect" ? "plays perfectly" : "plays at random";
    roleEl.textContent = student === "green"
      ? `Green Hackenbush: either player may cut any edge. The computer ${comp}.`
      : `You are ${student === "blue" ? "Blue (Left)" : "Red (Right)"}; the computer is ` +
        `${student === "blue" ? "Red (Right)" : "Blue (Left)"} and ${comp}.`;
    help.textContent = "Click an edge to cut it: everything no longer joined to the ground falls off. " +
      "Whoever cannot cut loses.";
  }

  function drawGhosts() {
    layers.ghosts.replaceChildren();
    const fallen = model.get("fallen") || [];
    const pos = new Map();
    const edges = fallen.map((f, i) => {
      pos.set(key("a" + i), [f.x1, f.y1]);
      pos.set(key("b" + i), [f.x2, f.y2]);
      return ["a" + i, f.loop ? "a" + i : "b" + i];
    });
    const shapes = edgeShapes(pos, edges);
    fallen.forEach((f, i) => {
      const g = svgEl("g", { class: "cg-ghost", "data-by": f.by }, layers.ghosts);
      svgEl("path", { class: `cg-edge-line cg-${f.colour}`, d: shapes[i].d }, g);
      if (f.cut) {
        svgEl("text", { class: "cg-ghost-mark", x: shapes[i].mx + 8, y: shapes[i].my,
          fill: f.by === "computer" ? "var(--cg-highlight)" : "var(--cg-muted)" }, g).textContent = "✂";
      }
    });
  }

  function schedule() {
    if (!pending) { pending = true; queueMicrotask(draw); }
  }

  // ---- pointer input ----------------------------------------------------------
  function boardPoint(evt) {
    const pt = svg.createSVGPoint();
    pt.x = evt.clientX; pt.y = evt.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    return [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10];
  }

  function nameOf(k) { return JSON.parse(k); }

  svg.addEventListener("pointerdown", (evt) => {
    if (evt.button !== 0) return;
    const t = evt.target;
    if (isGame) {
      const edge = t.closest(".cg-edge");
      if (edge) send({ event: "cut", edge: Number(edge.dataset.index) });
      return;
    }
    const tool = model.get("tool");
    const loop = t.closest("[data-loop]");
    if (loop) {
      send({ event: "add_loop", node: nameOf(loop.dataset.loop) });
      evt.stopPropagation();
      return;
    }
    const node = t.closest(".cg-node");
    if (node) {
      const [x, y] = boardPoint(evt);
      drag = { k: node.dataset.name, x0: x, y0: y, x, y, moved: false, tool };
      svg.setPointerCapture(evt.pointerId);
      return;
    }
    const edge = t.closest(".cg-edge");
    if (edge && tool === "delete") {
      send({ event: "delete_edge", edge: Number(edge.dataset.index) });
      return;
    }
    if (tool === "draw") {
      const [x, y] = boardPoint(evt);
      send({ event: "add_node", x, y, join: selected === null ? null : nameOf(selected) });
      // the new node becomes the picked one only when it was joined (Python says which)
      selected = null;
      schedule();
    }
  });

  svg.addEventListener("pointermove", (evt) => {
    if (!drag) return;
    const [x, y] = boardPoint(evt);
    if (!drag.moved && Math.hypot(x - drag.x0, y - drag.y0) < 4) return;
    drag.moved = true;
    const groundY = model.get("ground_y");
    const onGround = model.get("ground").map(key).includes(drag.k);
    drag.x = Math.min(Math.max(x, 10), model.get("width") - 10);
    drag.y = onGround ? groundY : Math.min(Math.max(y, 10), groundY - 21);
    draw();
  });

  svg.addEventListener("pointerup", () => {
    if (!drag) return;
    const d = drag;
    drag = null;
    if (d.moved) {
      send({ event: "move_node", node: nameOf(d.k), x: d.x, y: d.y });
      return;
    }
    // a click on a node
    if (d.tool === "delete") {
      if (selected === d.k) selected = null;
      send({ event: "delete_node", node: nameOf(d.k) });
    } else if (d.tool === "ground") {
      send({ event: "toggle_ground", node: nameOf(d.k) });
    } else if (selected === null) {
      selected = d.k;
      schedule();
    } else if (selected === d.k) {
      selected = null;
      schedule();
    } else {
      send({ event: "add_edge", u: nameOf(selected), v: nameOf(d.k) });
      selected = d.k;
    }
  });

  root.addEventListener("keydown", (evt) => {
    if (evt.key === "Escape") { selected = null; schedule(); }
    if ((evt.ctrlKey || evt.metaKey) && evt.key === "z" && !isGame) {
      evt.preventDefault();
      send({ event: "undo" });
    }
  });

  model.on("msg:custom", (msg) => {
    if (msg && "select" in msg) {
      selected = msg.select === null ? null : key(msg.select);
      schedule();
    }
  });

  const names = ["nodes", "edges", "ground", "lecture", "labels", "message", "width", "height", "ground_y"].concat(
    isGame ? ["student", "computer", "turn", "winner", "hint_edge", "status", "log"]
      : ["colour", "tool", "floating", "is_position", "value_text", "outcome", "outcome_text",
        "value_kind", "show_steps", "steps", "step", "can_undo"]);
  for (const n of names) model.on("change:" + n, schedule);
  const onNodes = () => {
    // forget a picked node that no longer exists
    if (selected !== null && !model.get("nodes").some((n) => key(n.name) === selected)) selected = null;
  };
  model.on("change:nodes", onNodes);
  if (isGame) model.on("change:fallen", drawGhosts);
  draw();
  return () => { root.remove(); };
}

export default { render };
