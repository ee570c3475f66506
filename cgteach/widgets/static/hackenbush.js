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
  const { root, toolbar, svg, side, message, help, layers } = boardFrame(el, { p: "hb", cls: "cg-hackenbush",
    title: "Hackenbush", isGame, layerNames: ["ground", "glow", "edges", "ghosts", "nodes"],
    attrs: { tabindex: "0" } });

  let selected = null;        // key of the picked node (editor, draw tool)
  let drag = null;            // {name, k, x0, y0, moved, x, y}

  const { send, setTrait } = talkTo(model);
  const switches = switchBoxes(model, "hb", "number the edges");

  // ---- toolbar and side panel --------------------------------------------
  const buttons = {};
  let card, stepsToggle, stepsCard, stepsHead, stepsPic, stepsText, steppers, game;

  if (!isGame) {
    const tools = htmlEl("div", { class: "cg-group", role: "group" }, toolbar);
    for (const [tool, label, title] of [["draw", "✎ Draw", "add nodes and edges"],
      ["ground", "⊥ Ground", "put nodes on the ground or lift them off"],
      ["delete", "✕ Delete", "delete edges and nodes"]]) {
      buttons["tool-" + tool] = button(tools, { "data-testid": `hb-tool-${tool}`, title }, label,
        () => { selected = null; setTrait("tool", tool); });
    }
    const swatches = htmlEl("div", { class: "cg-swatches", role: "group" }, toolbar);
    for (const colour of ["green", "blue", "red"]) {
      buttons["colour-" + colour] = button(swatches, { class: "cg-swatch", "data-testid": `hb-colour-${colour}`,
        title: `draw ${colour} edges`, "aria-label": colour, style: `background: var(--cg-${colour})` }, null,
        () => { setTrait("colour", colour); });
    }
    Object.assign(buttons, undoClearButtons(toolbar, model, "hb", {
      titles: { undo: "take back the last change", clear: "start again" },
      onClear: () => { selected = null; },
    }));
    fileButtons(toolbar, root, model, "hb", {
      what: "position", filename: "hackenbush-position.json",
      canSave: () => {
        if (model.get("is_position")) return true;
        message.textContent = "Join every edge to the ground before saving.";
        return false;
      },
      beforeLoad: () => { selected = null; },
    });
    switches.place(toolbar);

    card = valueCard(side, "hb");
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
    game = gameControls(toolbar, side, model, "hb", { hint: "show a winning cut", restart: "start again" });
    switches.place(toolbar);
  }

  // ---- drawing --------------------------------------------------------------
  function positions() {
    const pos = new Map();
    for (const n of model.get("nodes")) pos.set(key(n.name), [n.x, n.y]);
    if (drag && drag.moved) pos.set(drag.k, [drag.x, drag.y]);
    return pos;
  }

  function draw() {
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
    card.value.textContent = ok ? model.get("value_text") : "—";
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

  redrawOn(model, ["nodes", "edges", "ground"].concat(
    isGame ? ["student", "computer", "turn", "winner", "hint_edge", "status", "log"]
      : ["colour", "tool", "floating", "is_position", "value_text", "outcome", "outcome_text",
        "value_kind", "show_steps", "steps", "step", "can_undo"]), schedule);
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
