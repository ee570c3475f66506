// Hackendot editor and game (cgteach.widgets.hackendot).
// Python puts _common.js (svgEl, htmlEl, boardFrame, ...) in front of this
// file; together they are one plain ES module, no imports.  The browser only
// draws and sends intents; Python decides everything (see cgteach/widgets/_base.py).

const EDITOR_HELP = {
  add: "Click a node to give it a new child; click empty space to plant a new tree. " +
    "Show the coloring to follow Úlehla's method round by round.",
  delete: "Click a node to remove it together with everything above it.",
};

const KEYS_HELP = {
  editor: "Keyboard: Tab to the board, arrows move between the nodes, Enter gives the node a child " +
    "(or deletes it, with ✕), P plants a new tree; A/X choose the tools, C shows the coloring, Ctrl+Z undoes.",
  game: "Keyboard: Tab to the board, arrows move between the nodes, Enter takes the node (and its " +
    "path down); H asks for a hint, N starts a new game.",
};

function render({ model, el }) {
  const isGame = model.get("kind") === "game";
  const { root, toolbar, svg, side, message, help, layers } = boardFrame(el, { p: "hd", cls: "cg-hackendot",
    title: "Hackendot", isGame, layerNames: ["ground", "base", "edges", "ghosts", "nodes", "focus"] });
  svg.setAttribute("tabindex", "0");
  // the board's own keys (arrows, Enter, letters) are not JupyterLab's notebook shortcuts
  svg.setAttribute("data-lm-suppress-shortcuts", "true");
  svg.setAttribute("role", "application");
  svg.setAttribute("aria-roledescription", "Hackendot board");
  svg.setAttribute("aria-label", (isGame ? "Hackendot game board. " : "Hackendot forest. ") +
    KEYS_HELP[isGame ? "game" : "editor"]);
  const announce = liveRegion(root, "hd");
  htmlEl("div", { class: "cg-keys", "data-testid": "hd-keys" }, root, KEYS_HELP[isGame ? "game" : "editor"]);
  const { send, setTrait } = talkTo(model);
  const buttons = {};
  let preview = -1;  // game: the node under the pointer
  const switches = switchBoxes(model, "hd", isGame ? "show the nodes' labels" : "number the nodes");
  const slides = autoLecture(model, root);
  let card, colourBtn, roundCard, roundHead, bitsTable, steppers, game;

  if (!isGame) {
    const tools = htmlEl("div", { class: "cg-group" }, toolbar);
    for (const [tool, label, title, k] of [["add", "+ Add", "give nodes children, plant trees", "A"],
      ["delete", "✕ Delete", "remove a node and all above it", "X"]]) {
      buttons[tool] = button(tools, { "data-testid": `hd-tool-${tool}`, title: `${title} (key ${k})`,
        "aria-keyshortcuts": k, "aria-label": `${label.slice(2)} tool` }, label, () => setTrait("tool", tool));
    }
    Object.assign(buttons, undoClearButtons(toolbar, model, "hd", {
      titles: { undo: "take back the last change (Ctrl+Z)", clear: "start again" } }));
    fileButtons(toolbar, root, model, "hd", { what: "forest", filename: "hackendot-position.json" });
    switches.place(toolbar);

    card = valueCard(side, "hd");
    colourBtn = button(side, { "data-testid": "hd-coloring", title: "Úlehla's coloring, round by round (key C)",
      "aria-keyshortcuts": "C" }, "Show coloring",
      () => setTrait("show_coloring", !model.get("show_coloring")));
    roundCard = htmlEl("div", { class: "cg-card", "data-testid": "hd-rounds" }, side);
    roundHead = htmlEl("div", { class: "cg-label", "data-testid": "hd-round" }, roundCard);
    roundCard.note = htmlEl("div", { class: "cg-small" }, roundCard);
    steppers = prevNextButtons(roundCard, model, "hd-round", "round", "Next round ▶");
    bitsTable = htmlEl("table", { class: "cg-bits", "data-testid": "hd-bits" }, roundCard);
  } else {
    game = gameControls(toolbar, side, model, "hd", { hint: "show a winning node (key H)",
      restart: "start again (key N)" });
    game.hint.setAttribute("aria-keyshortcuts", "H");
    game.hint.setAttribute("aria-label", "Hint: show a winning node");
    game.restart.setAttribute("aria-keyshortcuts", "N");
    game.restart.setAttribute("aria-label", "New game");
    switches.place(toolbar);
    game.roles.textContent = model.get("computer") === "perfect"
      ? "The computer plays perfectly (Úlehla's method)." : "The computer plays at random.";
    help.textContent = "Click a node: it goes, together with every node on its path down to the root. " +
      "Whoever takes the last node wins.";
  }

  function pathToRoot(parents, i) {
    const out = [];
    while (i !== null && i !== undefined && i >= 0) { out.push(i); i = parents[i]; }
    return out;
  }

  function draw() {
    if (slides()) return;  // lecture mode switched on for a slideshow: redrawn on the change
    const lecture = model.get("lecture");
    const width = model.get("width"), height = model.get("height"), groundY = model.get("ground_y");
    root.classList.toggle("cg-lecture", lecture);
    switches.update();
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const parents = model.get("parents"), coords = model.get("coords");
    const r = lecture ? 15 : 11;
    for (const l of ["ground", "base", "edges", "nodes"]) layers[l].replaceChildren();
    drawGround(layers.ground, width, height, groundY + r);

    // what to draw: the forest itself, or round k of Úlehla's method
    const nodeLabels = isGame ? model.get("node_labels") : null;
    let show = { parents, at: (i) => coords[i], colour: () => "plain", index: (i) => i };
    const labelOf = (i) => (nodeLabels && nodeLabels[i] !== undefined ? String(nodeLabels[i]) : String(show.index(i)));
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
    const focused = focus.get();
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
      const g = svgEl("g", { class: "cg-dot-node" + (onPath.has(i) ? " cg-path-preview" : "") +
        (focused && focused.index === i && document.activeElement === svg ? " cg-focus" : ""),
        "data-index": show.index(i), "data-label": labelOf(i), "data-x": x, "data-y": y,
        "data-colour": colour }, layers.nodes);
      if (whiteRoots.has(i)) {
        svgEl("circle", { cx: x, cy: y, r: r + 6, fill: "none", stroke: "var(--cg-highlight)",
          "stroke-width": lecture ? 5 : 3.5 }, g);
      }
      svgEl("circle", { class: `cg-dot cg-${colour}` + (i === hint ? " cg-hinted" : ""), cx: x, cy: y, r }, g);
      if (i === hint) {
        svgEl("circle", { class: "cg-hint-glow", cx: x, cy: y, r: r + 7, "data-testid": "hd-hint-glow",
          style: "stroke-width: 6px" }, g);
      }
      svgEl("title", {}, g).textContent = `node ${labelOf(i)}` + (colour !== "plain" ? ` (${colour})` : "");
      if (model.get("labels")) {
        svgEl("text", { class: "cg-node-label", x: x + r + 3, y: y - r + 2 }, g).textContent = labelOf(i);
      }
    });
    if (!parents.length) {
      svgEl("text", { class: "cg-empty-note", x: width / 2, y: groundY / 2, "text-anchor": "middle" },
        layers.nodes).textContent = isGame ? "No nodes left." : "Click anywhere to plant a tree.";
    }
    layers.focus.replaceChildren();
    if (focused && document.activeElement === svg && focused.index < show.parents.length) {
      const [fx, fy] = show.at(focused.index);
      svgEl("circle", { class: "cg-focus-ring cg-focus-outer", cx: fx, cy: fy, r: r + 8, "data-testid": "hd-focus" }, layers.focus);
      svgEl("circle", { class: "cg-focus-ring cg-focus-inner", cx: fx, cy: fy, r: r + 8 }, layers.focus);
    }
    message.textContent = model.get("message");
    if (!isGame) drawEditorPanel(); else drawGamePanel();
    announceState();
  }

  // ---- keyboard: the nodes in a stable order (by label in a game, by index otherwise)
  function focusItems() {
    const parents = model.get("parents");
    const labels = isGame ? model.get("node_labels") : null;
    const out = parents.map((p, i) => ({ key: labels ? "n" + labels[i] : "n" + i, index: i,
      label: labels ? String(labels[i]) : String(i) }));
    if (labels) out.sort((a, b) => Number(a.label) - Number(b.label));
    return out;
  }
  const focus = keyFocus(svg, focusItems, (item) => {
    svg.classList.add("cg-keyboard");
    if (item) announce(`node ${item.label}` + (isGame ? "; Enter takes it and its path down" : ""));
    schedule();
  });
  let heard = "";
  function announceState() {
    const text = isGame
      ? (model.get("log").slice(-2).join(". ") + ". " + model.get("status")).replace(/^\. /, "")
      : `Value ${model.get("value_text")}. ` + (model.get("message") || "");
    if (text !== heard) { heard = text; announce(text); }
  }
  svg.addEventListener("focus", () => {
    if (focus.byPointer) return;  // a mouse press: no keyboard focus ring
    if (!focus.get()) focus.step(1); else schedule();
  });
  svg.addEventListener("blur", () => schedule());
  svg.addEventListener("keydown", (evt) => {
    if (["Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(evt.key)) {
      evt.stopPropagation();
    }
    if (arrowKeys(evt, focus)) return;
    const item = focus.get();
    if ((evt.key === "Enter" || evt.key === " ") && item) {
      evt.preventDefault();
      if (isGame) send({ event: "take", node: item.index });
      else send(model.get("tool") === "delete" ? { event: "delete", node: item.index }
        : { event: "add_child", node: item.index });
    }
  });
  root.addEventListener("keydown", (evt) => {
    const typing = evt.target && ["INPUT", "TEXTAREA", "SELECT"].includes(evt.target.tagName);
    if ((evt.ctrlKey || evt.metaKey) && evt.key === "z" && !isGame) {
      evt.preventDefault();
      send({ event: "undo" });
      return;
    }
    if (typing || evt.ctrlKey || evt.metaKey || evt.altKey) return;
    const k = evt.key.toLowerCase();
    const act = isGame
      ? { h: () => send({ event: "hint" }), n: () => send({ event: "restart" }) }
      : { a: () => setTrait("tool", "add"), x: () => setTrait("tool", "delete"),
        p: () => send({ event: "add_root" }),
        c: () => setTrait("show_coloring", !model.get("show_coloring")) };
    if (act[k]) {
      evt.preventDefault();
      evt.stopPropagation();
      act[k]();
    }
  });
  let order = focusItems().map((it) => it.key);
  model.on("change:parents", () => { focus.settle(order); order = focusItems().map((it) => it.key); });

  function drawEditorPanel() {
    const tool = model.get("tool");
    for (const t of ["add", "delete"]) buttons[t].classList.toggle("cg-active", t === tool);
    svg.classList.toggle("cg-tool-delete", tool === "delete");
    buttons.undo.disabled = !model.get("can_undo");
    help.textContent = EDITOR_HELP[tool];
    card.value.textContent = model.get("value_text");
    const outcome = model.get("outcome");
    card.outcome.textContent = outcome;
    card.outcome.className = "cg-badge cg-" + outcome;
    card.outcomeText.textContent = outcome === "P" ? "P-position: whoever moves next loses."
      : "N-position: whoever moves next wins.";
    const parents = model.get("parents");
    const trees = parents.filter((p) => p === null).length;
    card.counts.textContent = `${parents.length} node${parents.length === 1 ? "" : "s"} in ` +
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
    steppers.prev.disabled = k === 0;
    steppers.next.disabled = k >= rounds.length - 1;
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
    htmlEl("td", { style: "font-weight:700" }, foot, total === 0 ? "0" : "*" + total);
  }

  function sup(k) {
    const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹";
    return String(k).split("").map((d) => digits[Number(d)]).join("");
  }

  function drawGamePanel() {
    const winner = showGameState(model, root, game);
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

  const schedule = scheduler(draw);

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
    } else {
      send({ event: "click" });  // empty space: plant a tree, or say why not
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

  redrawOn(model, ["parents", "coords"].concat(
    isGame ? ["turn", "winner", "hint_node", "status", "log", "node_labels"]
      : ["tool", "value_text", "outcome", "show_coloring", "round", "rounds", "can_undo"]), schedule);
  if (isGame) {
    model.on("change:fallen", drawGhosts);
    model.on("change:parents", () => { preview = -1; });
  }
  draw();
  return () => { root.remove(); };
}

export default { render };
