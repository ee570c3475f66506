// Hackenbush editor and game (cgteach.widgets.hackenbush).
// Python puts _common.js (svgEl, htmlEl, boardFrame, ...) in front of this
// file; together they are one plain ES module, no imports.  The browser only
// draws and sends intents; Python decides everything (see cgteach/widgets/_base.py).

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

// A small read-only picture (used for the reduction steps).
function drawPicture(svg, pic, lecture) {
  svg.replaceChildren();
  if (!pic) return;  // drawn by Python when the step is first shown
  svg.setAttribute("viewBox", `0 0 ${pic.width} ${pic.height}`);
  drawGround(svg, pic.width, pic.height, pic.ground_y);
  const pos = new Map(pic.nodes.map(([x, y], i) => [key(i), [x, y]]));
  const shapes = edgeShapes(pos, pic.edges, 0.75);
  pic.edges.forEach(([, , colour], i) => {
    if (shapes[i]) edgeStroke(svg, shapes[i].d, colour);
  });
  pic.nodes.forEach(([x, y, ground, name]) => {
    svgEl("circle", { class: "cg-node-dot", cx: x, cy: y, r: lecture ? 6 : 4.5,
      style: ground ? "fill: var(--cg-ground)" : "" }, svg);
    if (name !== undefined) {
      svgEl("text", { class: "cg-node-label cg-small-label", x: x + 6, y: y - 6 }, svg).textContent = name;
    }
  });
  if (!pic.edges.length) {
    svgEl("text", { class: "cg-empty-note", x: pic.width / 2, y: pic.ground_y / 2,
      "text-anchor": "middle" }, svg).textContent = "no edges: value 0";
  }
}

const EDITOR_HELP = {
  draw: "Click just above the ground line to plant an edge; keep clicking above it to grow a " +
    "stalk; click a node to branch from it. The ground is a wide target: a click on the " +
    "ground line, up to 20 px above it or anywhere below it plants an edge there. Click two " +
    "nodes to join them, click a node's small ring for a loop, drag a node to move it; Esc " +
    "lets go of the orange (picked) node.",
  ground: "Click a node to put it on the ground line, or to lift it off.",
  delete: "Click an edge or a node to delete it (a node takes its edges with it).",
};
const KEYS_HELP = {
  editor: "Keyboard: Tab to the board, arrows move between nodes and edges, Enter picks " +
    "(or deletes, with ✕), A grows an edge up from the picked node, O adds a loop; " +
    "1/2/3 choose green/blue/red, D/G/X the tools, Ctrl+Z undoes.",
  game: "Keyboard: Tab to the board, arrows move between the edges, Enter cuts; " +
    "H asks for a hint, N starts a new game.",
};

function render({ model, el }) {
  const isGame = model.get("kind") === "game";
  const { root, toolbar, svg, side, message, help, layers } = boardFrame(el, { p: "hb", cls: "cg-hackenbush",
    title: "Hackenbush", isGame, layerNames: ["ground", "glow", "focus", "edges", "ghosts", "nodes"] });
  svg.setAttribute("tabindex", "0");
  // the board's own keys (arrows, Enter, letters) are not JupyterLab's notebook shortcuts
  svg.setAttribute("data-lm-suppress-shortcuts", "true");
  svg.setAttribute("role", "application");
  svg.setAttribute("aria-roledescription", "Hackenbush board");
  svg.setAttribute("aria-label", (isGame ? "Hackenbush game board. " : "Hackenbush drawing. ") +
    KEYS_HELP[isGame ? "game" : "editor"]);
  const announce = liveRegion(root, "hb");
  htmlEl("div", { class: "cg-keys", "data-testid": "hb-keys" }, root,
    KEYS_HELP[isGame ? "game" : "editor"]);

  let drag = null;            // {name, k, x0, y0, moved, x, y}
  // the picked node (Python decides; drawn orange), as a key
  const selectedKey = () => (isGame || model.get("selected") === null ? null : key(model.get("selected")));

  const { send, setTrait } = talkTo(model);
  const switches = switchBoxes(model, "hb", isGame ? "show the edges' labels" : "number the edges and name the nodes");
  const slides = autoLecture(model, root);

  // ---- toolbar and side panel --------------------------------------------
  const buttons = {};
  let card, stepsToggle, stepsCard, stepsHead, stepsPic, stepsText, steppers, game;

  if (!isGame) {
    const tools = htmlEl("div", { class: "cg-group", role: "group" }, toolbar);
    tools.setAttribute("aria-label", "tools");
    for (const [tool, label, title, k] of [["draw", "✎ Draw", "add nodes and edges", "D"],
      ["ground", "⊥ Ground", "put nodes on the ground or lift them off", "G"],
      ["delete", "✕ Delete", "delete edges and nodes", "X"]]) {
      buttons["tool-" + tool] = button(tools, { "data-testid": `hb-tool-${tool}`, title: `${title} (key ${k})`,
        "aria-keyshortcuts": k, "aria-label": `${label.slice(2)} tool` }, label,
        () => { send({ event: "let_go" }); setTrait("tool", tool); });
    }
    const swatches = htmlEl("div", { class: "cg-swatches", role: "group", "aria-label": "edge colour" }, toolbar);
    ["green", "blue", "red"].forEach((colour, k) => {
      const b = button(swatches, { class: "cg-swatch", "data-testid": `hb-colour-${colour}`,
        title: `draw ${colour} edges: ${EDGE_STYLE[colour].style} (key ${k + 1})`,
        "aria-label": `${colour} edges (${EDGE_STYLE[colour].style})`, "aria-keyshortcuts": String(k + 1) }, null,
        () => { setTrait("colour", colour); });
      const sample = svgEl("svg", { viewBox: "0 0 30 16", width: 30, height: 16, "aria-hidden": "true" }, b);
      edgeStroke(sample, "M 3 8 L 27 8", colour);
      htmlEl("span", { class: "cg-swatch-letter", "aria-hidden": "true" }, b, EDGE_STYLE[colour].letter);
      buttons["colour-" + colour] = b;
    });
    Object.assign(buttons, undoClearButtons(toolbar, model, "hb", {
      titles: { undo: "take back the last change (Ctrl+Z)", clear: "start again" },
      onClear: () => {},
    }));
    fileButtons(toolbar, root, model, "hb", {
      what: "position", filename: "hackenbush-position.json",
      canSave: () => {
        if (model.get("is_position")) return true;
        message.textContent = "Join every edge to the ground before saving.";
        return false;
      },
      beforeLoad: () => {},
    });
    switches.place(toolbar);

    card = valueCard(side, "hb");
    edgeLegend(side, "hb");
    stepsToggle = button(side, { "data-testid": "hb-steps-toggle" }, "Show reductions",
      () => setTrait("show_steps", !model.get("show_steps")));
    stepsCard = htmlEl("div", { class: "cg-card cg-steps", "data-testid": "hb-steps" }, side);
    stepsHead = htmlEl("div", { class: "cg-label", "data-testid": "hb-step-head" }, stepsCard);
    stepsCard.chips = htmlEl("div", { class: "cg-chips", "data-testid": "hb-step-list" }, stepsCard);
    const rule = htmlEl("div", { class: "cg-step-rule", "data-testid": "hb-step-rule" }, stepsCard);
    stepsPic = svgEl("svg", { "data-testid": "hb-step-picture" }, stepsCard);
    stepsText = htmlEl("div", { class: "cg-step-text", "data-testid": "hb-step-text" }, stepsCard);
    stepsText.rule = rule;
    steppers = prevNextButtons(stepsCard, model, "hb-step", "step", "Next ▶");
  } else {
    game = gameControls(toolbar, side, model, "hb", { hint: "show a winning cut (key H)",
      restart: "start again (key N)" });
    game.hint.setAttribute("aria-keyshortcuts", "H");
    game.hint.setAttribute("aria-label", "Hint: show a winning cut");
    game.restart.setAttribute("aria-keyshortcuts", "N");
    game.restart.setAttribute("aria-label", "New game");
    switches.place(toolbar);
    const present = ["blue", "red", "green"].filter((c) => model.get("edges").some((e) => e[2] === c));
    edgeLegend(side, "hb", present.length ? present : ["green"]);
  }

  // ---- drawing --------------------------------------------------------------
  // A game's view only ever grows while it is played: a cut that lets a label move back
  // inside the board does not shrink the drawing under the player's pointer (on a slide
  // the whole slide would move).  A new game, or a new size, starts from its own view.
  let gameView = null;
  function positions() {
    const pos = new Map();
    for (const n of model.get("nodes")) pos.set(key(n.name), [n.x, n.y]);
    if (drag && drag.moved) pos.set(drag.k, [drag.x, drag.y]);
    return pos;
  }

  function draw() {
    if (slides()) return;  // lecture mode switched on for a slideshow: redrawn on the change
    const lecture = model.get("lecture");
    const width = model.get("width"), height = model.get("height"), groundY = model.get("ground_y");
    const tool = isGame ? "game" : model.get("tool");
    root.classList.toggle("cg-lecture", lecture);
    root.classList.toggle("cg-clickable", isGame || tool !== "draw");
    for (const t of ["draw", "ground", "delete", "game"]) svg.classList.toggle("cg-tool-" + t, t === tool);
    switches.update();
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);

    const nodes = model.get("nodes"), edges = model.get("edges");
    const ground = new Set(model.get("ground").map(key));
    const floating = new Set(isGame ? [] : model.get("floating"));
    const pos = positions();
    const shapes = edgeShapes(pos, edges);
    const r = lecture ? 10 : 7;
    const selected = selectedKey();
    const edgeLabels = isGame ? model.get("edge_labels") : null;
    const labelOf = (i) => (edgeLabels && edgeLabels[i] !== undefined ? String(edgeLabels[i]) : String(i));
    // node names: on with Numbers, and whenever the reductions (which name nodes) are on show
    const nodeNames = !isGame && (model.get("labels") || model.get("show_steps"));

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
    const focused = focus.get();
    edges.forEach(([u, v, colour], i) => {
      const s = shapes[i];
      if (!s) return;
      const forbidden = allowed && !allowed.has(colour);
      const g = svgEl("g", {
        class: "cg-edge" + (floating.has(i) ? " cg-floating" : "") + (forbidden ? " cg-forbidden" : "") +
          (focused && focused.key === "e" + labelOf(i) ? " cg-focus" : ""),
        "data-index": i, "data-label": labelOf(i), "data-colour": colour,
        "data-mx": s.mx.toFixed(1), "data-my": s.my.toFixed(1),
      }, layers.edges);
      edgeStroke(g, s.d, colour);
      svgEl("path", { class: "cg-edge-hit", d: s.d }, g);
      svgEl("title", {}, g).textContent = `edge ${labelOf(i)}: ${colour} (${EDGE_STYLE[colour].style})`;
      // the edge's letter, shown on hover and on keyboard focus
      const letter = svgEl("g", { class: "cg-edge-letter", transform: `translate(${s.mx} ${s.my})` }, g);
      svgEl("circle", { r: lecture ? 14 : 9 }, letter);
      svgEl("text", { "text-anchor": "middle", "dominant-baseline": "central" }, letter).textContent =
        EDGE_STYLE[colour].letter;
    });
    // labels: beside their own edge, clear of the nodes and of each other
    let x0 = 0, y0 = 0, x1 = width;
    if (model.get("labels")) {
      const font = lecture ? 24 : 12;
      // the node names (written up and to the left of each node) are obstacles too
      const names = nodeNames ? nodes.map((n) => {
        const [x, y] = pos.get(key(n.name));
        const text = typeof n.name === "string" ? n.name : key(n.name);
        return { x0: x - r - 4 - text.length * font * 0.64, x1: x - r - 4, y0: y - r - 2 - font, y1: y - r + 2 };
      }) : [];
      const order = edges.map((e, i) => i).filter((i) => shapes[i]);
      const spots = placeLabels(order.map((i) => ({ text: labelOf(i), pts: pathPoints(shapes[i].d, 8) })),
        [...pos.values()], { r, font, width, height: groundY - 2, obstacles: names });
      order.forEach((i, k) => {
        svgEl("text", { class: "cg-edge-label", x: spots[k].x.toFixed(1), y: spots[k].y.toFixed(1),
          "text-anchor": "middle", "dominant-baseline": "central", "data-label": labelOf(i) },
        layers.nodes).textContent = labelOf(i);
        const b = spots[k].box;
        x0 = Math.min(x0, b.x0 - 2); y0 = Math.min(y0, b.y0 - 2); x1 = Math.max(x1, b.x1 + 2);
      });
    }
    if (isGame) {
      const size = `${width} ${height} ${groundY} ${lecture} ${model.get("labels")}`;
      if (gameView && gameView.size === size && model.get("log").length) {
        x0 = Math.min(x0, gameView.x0); y0 = Math.min(y0, gameView.y0); x1 = Math.max(x1, gameView.x1);
      }
      gameView = { size, x0, y0, x1 };
    }
    // a label that found no room inside still shows whole: the view grows to take it
    if (x0 < 0 || y0 < 0 || x1 > width) {
      svg.setAttribute("viewBox", `${x0} ${y0} ${x1 - x0} ${height - y0}`);
    }
    for (const n of nodes) {
      const k = key(n.name);
      const [x, y] = pos.get(k);
      const g = svgEl("g", {
        class: "cg-node" + (ground.has(k) ? " cg-ground" : "") + (k === selected ? " cg-selected" : "") +
          (focused && focused.key === "n" + k ? " cg-focus" : ""),
        "data-name": k, "data-x": x, "data-y": y,
      }, layers.nodes);
      if (!isGame && tool === "draw") {
        svgEl("circle", { class: "cg-loop-handle", cx: x + r + 7, cy: y - r - 7, r: lecture ? 8 : 6,
          "data-loop": k }, g);
      }
      svgEl("circle", { class: "cg-node-dot", cx: x, cy: y, r }, g);
      svgEl("title", {}, g).textContent = `node ${typeof n.name === "string" ? n.name : k}` +
        (ground.has(k) ? " (ground)" : "");
      if (nodeNames) {
        svgEl("text", { class: "cg-node-label", x: x - r - 4, y: y - r - 2, "text-anchor": "end",
          "data-node": k }, g).textContent = typeof n.name === "string" ? n.name : k;
      }
    }
    if (!edges.length) {
      const note = isGame ? "No edges left." : "Click just above the ground line to plant an edge.";
      svgEl("text", { class: "cg-empty-note", x: width / 2, y: groundY / 2, "text-anchor": "middle" },
        layers.nodes).textContent = note;
    }

    drawFocus(shapes, pos, r);
    message.textContent = model.get("message");
    if (!isGame) drawEditorPanel(tool, lecture);
    else drawGamePanel();
    announceState();
  }

  // ---- keyboard ------------------------------------------------------------------
  // A stable order: in a game the edges by label; in an editor the nodes (as
  // listed), then the edges (by index).
  function focusItems() {
    const edges = model.get("edges");
    const labels = isGame ? model.get("edge_labels") : null;
    const out = [];
    if (!isGame) for (const n of model.get("nodes")) out.push({ key: "n" + key(n.name), kind: "node", name: n.name });
    edges.forEach((e, i) => out.push({ key: "e" + (labels ? String(labels[i]) : String(i)), kind: "edge",
      index: i, colour: e[2], label: labels ? String(labels[i]) : String(i) }));
    if (isGame) out.sort((a, b) => Number(a.label) - Number(b.label) || a.index - b.index);
    return out;
  }

  function describe(item) {
    if (!item) return "";
    if (item.kind === "edge") {
      const allowed = isGame && model.get("student") !== "green"
        ? [model.get("student"), "green"].includes(item.colour) : true;
      return `edge ${item.label}, ${item.colour}, ${EDGE_STYLE[item.colour].style}` +
        (isGame ? (allowed ? "; Enter cuts it" : "; not yours to cut") : "");
    }
    const ground = model.get("ground").map(key).includes(key(item.name));
    return `node ${typeof item.name === "string" ? item.name : key(item.name)}` + (ground ? " on the ground" : "") +
      "; Enter picks it";
  }

  const focus = keyFocus(svg, focusItems, (item) => {
    svg.classList.add("cg-keyboard");
    announce(describe(item));
    schedule();
  });

  function drawFocus(shapes, pos, r) {
    layers.focus.replaceChildren();
    const item = focus.get();
    if (!item || document.activeElement !== svg) return;
    if (item.kind === "edge" && shapes[item.index]) {
      svgEl("path", { class: "cg-focus-ring cg-focus-outer", d: shapes[item.index].d, "data-testid": "hb-focus" }, layers.focus);
      svgEl("path", { class: "cg-focus-ring cg-focus-inner", d: shapes[item.index].d }, layers.focus);
    } else if (item.kind === "node") {
      const at = pos.get(key(item.name));
      if (!at) return;
      svgEl("circle", { class: "cg-focus-ring cg-focus-outer", cx: at[0], cy: at[1], r: r + 7, "data-testid": "hb-focus" }, layers.focus);
      svgEl("circle", { class: "cg-focus-ring cg-focus-inner", cx: at[0], cy: at[1], r: r + 7 }, layers.focus);
    }
  }

  // what a screen reader hears: the value (editor) or the last moves (game)
  let heard = "";
  function announceState() {
    let text;
    if (isGame) {
      const log = model.get("log");
      text = (log.length ? log.slice(-2).join(". ") + ". " : "") + model.get("status");
    } else {
      const ok = model.get("is_position");
      text = (ok ? `Value ${model.get("value_text")}. ${model.get("outcome_text")}` : model.get("outcome_text")) +
        (model.get("message") ? " " + model.get("message") : "");
    }
    if (text !== heard) { heard = text; announce(text); }
  }

  function growFrom(name) {
    // A: an edge up from the picked node, to a free spot above it (Python decides)
    const at = positions().get(key(name));
    if (!at) return;
    const taken = [...positions().values()];
    for (const dx of [0, 40, -40, 80, -80, 120, -120]) {
      const x = Math.min(Math.max(at[0] + dx, 20), model.get("width") - 20);
      const y = Math.max(at[1] - 70, 20);
      if (taken.every(([tx, ty]) => Math.hypot(tx - x, ty - y) > 26)) {
        send({ event: "click", x, y });
        return;
      }
    }
  }

  svg.addEventListener("focus", () => {
    if (focus.byPointer) return;  // a mouse press: no keyboard focus ring
    if (!focus.get()) focus.step(1); else { announce(describe(focus.get())); schedule(); }
  });
  svg.addEventListener("blur", () => schedule());
  svg.addEventListener("keydown", (evt) => {
    if (["Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(evt.key)) {
      evt.stopPropagation();
    }
    if (arrowKeys(evt, focus)) return;
    const item = focus.get();
    if (evt.key === "Enter" || evt.key === " ") {
      evt.preventDefault();
      if (!item) return;
      if (isGame) {
        if (item.kind === "edge") send({ event: "cut", edge: item.index });
      } else if (item.kind === "node") {
        send({ event: "click_node", node: item.name });
      } else if (model.get("tool") === "delete") {
        send({ event: "delete_edge", edge: item.index });
      } else {
        // an edge in the Draw tool: pick its upper end, to grow from it
        const [u, v] = model.get("edges")[item.index];
        const pu = positions().get(key(u)), pv = positions().get(key(v));
        send({ event: "click_node", node: pu && pv && pu[1] <= pv[1] ? u : v });
      }
      return;
    }
    if (!isGame && (evt.key === "a" || evt.key === "A") && !evt.ctrlKey && !evt.metaKey) {
      const picked = model.get("selected");
      const from = picked !== null ? picked : item && item.kind === "node" ? item.name : null;
      if (from === null) { announce("Pick a node first (Enter), then A grows an edge up from it."); return; }
      evt.preventDefault();
      if (picked === null) send({ event: "click_node", node: from });
      growFrom(from);
      return;
    }
    if (!isGame && (evt.key === "o" || evt.key === "O") && item && item.kind === "node") {
      evt.preventDefault();
      send({ event: "add_loop", node: item.name });
    }
  });

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
    // a canonical form can run long: show its start, the whole of it on hover
    const full = model.get("value_text");
    card.value.textContent = ok ? (full.length > 90 ? full.slice(0, 88) + "…" : full) : "—";
    card.value.title = ok && full.length > 90 ? full : "";
    // a game such as {1|{2|*}} is long: smaller type, wrapped, instead of spilling out
    card.value.classList.toggle("cg-value-long", card.value.textContent.length > 7);
    card.value.classList.toggle("cg-none", !ok || model.get("value_text") === "?");
    card.outcome.textContent = outcome || "?";
    card.outcome.className = "cg-badge" + (outcome ? " cg-" + outcome : "");
    card.outcome.style.display = outcome ? "" : "none";
    card.outcomeText.textContent = model.get("outcome_text");
    const edges = model.get("edges");
    const per = ["green", "blue", "red"].map((c) => [c, edges.filter((e) => e[2] === c).length])
      .filter(([, n]) => n).map(([c, n]) => `${n} ${c}`);
    const g = model.get("ground").length;
    card.counts.textContent = `${edges.length} edge${edges.length === 1 ? "" : "s"}` +
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
      steppers.prev.disabled = i === 0;
      steppers.next.disabled = i >= steps.length - 1;
    }
  }

  function drawGamePanel() {
    showGameState(model, root, game);
    const student = model.get("student");
    const comp = model.get("computer") === "perfect" ? "plays perfectly" : "plays at random";
    game.roles.textContent = student === "green"
      ? `Green Hackenbush: either player may cut any edge. The computer ${comp}.`
      : `You are ${student === "blue" ? "Blue (Left)" : "Red (Right)"}; the computer is ` +
        `${student === "blue" ? "Red (Right)" : "Blue (Left)"} and ${comp}.` +
        (model.get("edges").some((e) => e[2] === "green") ? " Green edges are anyone's." : "");
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
      edgeStroke(g, shapes[i].d, f.colour);
      if (f.cut) {
        svgEl("text", { class: "cg-ghost-mark", x: shapes[i].mx + 8, y: shapes[i].my,
          fill: f.by === "computer" ? "var(--cg-highlight)" : "var(--cg-muted)" }, g).textContent = "✂";
      }
    });
  }

  const schedule = scheduler(draw);

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
    // empty space (or an edge under the Draw tool): Python decides what it means;
    // px (board units per screen pixel) lets it make the ground a 20-pixel target
    const [x, y] = boardPoint(evt);
    const px = 1 / (svg.getScreenCTM().a || 1);
    send({ event: "click", x, y, px: Math.round(px * 1000) / 1000 });
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
    // a click on a node: pick, join, toggle ground or delete (Python decides)
    send({ event: "click_node", node: nameOf(d.k) });
  });

  root.addEventListener("keydown", (evt) => {
    const typing = evt.target && ["INPUT", "TEXTAREA", "SELECT"].includes(evt.target.tagName);
    if (evt.key === "Escape" && !isGame) send({ event: "let_go" });
    if ((evt.ctrlKey || evt.metaKey) && evt.key === "z" && !isGame) {
      evt.preventDefault();
      send({ event: "undo" });
      return;
    }
    if (typing || evt.ctrlKey || evt.metaKey || evt.altKey) return;
    const k = evt.key.toLowerCase();
    const act = isGame
      ? { h: () => send({ event: "hint" }), n: () => send({ event: "restart" }) }
      : { 1: () => setTrait("colour", "green"), 2: () => setTrait("colour", "blue"),
        3: () => setTrait("colour", "red"),
        d: () => { send({ event: "let_go" }); setTrait("tool", "draw"); },
        g: () => { send({ event: "let_go" }); setTrait("tool", "ground"); },
        x: () => { send({ event: "let_go" }); setTrait("tool", "delete"); } };
    if (act[k]) {
      evt.preventDefault();
      evt.stopPropagation();  // JupyterLab's command-mode keys must not see these
      act[k]();
    }
  });

  let order = focusItems().map((it) => it.key);
  model.on("change:edges", () => { focus.settle(order); order = focusItems().map((it) => it.key); });
  model.on("change:nodes", () => { focus.settle(order); order = focusItems().map((it) => it.key); });
  redrawOn(model, ["nodes", "edges", "ground"].concat(
    isGame ? ["student", "computer", "turn", "winner", "hint_edge", "status", "log", "edge_labels"]
      : ["colour", "tool", "floating", "is_position", "value_text", "outcome", "outcome_text",
        "value_kind", "show_steps", "steps", "step", "can_undo", "selected"]), schedule);
  if (isGame) model.on("change:fallen", drawGhosts);
  draw();
  return () => { root.remove(); };
}

export default { render };
