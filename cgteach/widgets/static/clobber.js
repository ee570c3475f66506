// Clobber editor and game (cgteach.widgets.clobber).
// Python puts _common.js (svgEl, htmlEl, boardFrame, ...) in front of this
// file; together they are one plain ES module, no imports.  The browser only
// draws and sends intents; Python decides everything.
// Colour is never the only signal: Left's stones are blue DISCS marked "x",
// Right's are red SQUARES marked "o" (as cgteach.draw.clobber draws them).

//: Regions listed in lecture mode (the rest are counted).
const REGIONS_ON_SLIDE = 4;

const STONE_WORDS = { ".": "empty", x: "x, Left's blue round stone", o: "o, Right's red square stone" };

// What the keys do (the board's aria-label and the line under the board).
function clobberKeys(isGame) {
  return isGame
    ? "Keyboard: Tab to the board, arrows move between the squares, Enter or Space picks your stone " +
      "on the focused square, then Enter on an enemy stone next to it clobbers it; Escape puts the " +
      "stone back; H asks for a hint, N starts a new game."
    : "Keyboard: Tab to the board, arrows move between the squares, Enter or Space turns the focused " +
      "square empty → x → o → empty; X, O and . (or Delete) put that stone or empty it; Ctrl+Z undoes.";
}

function render({ model, el }) {
  const isGame = model.get("kind") === "game";
  const { root, toolbar, svg, side, message, help, layers } = boardFrame(el, { p: "cb", cls: "cg-clobber",
    title: "Clobber", isGame, layerNames: ["cells", "stones", "marks", "focus"] });
  const keys = clobberKeys(isGame);
  svg.setAttribute("tabindex", "0");
  // the board's own keys (arrows, Enter, letters) are not JupyterLab's notebook shortcuts
  svg.setAttribute("data-lm-suppress-shortcuts", "true");
  svg.setAttribute("role", "application");
  svg.setAttribute("aria-roledescription", "Clobber board");
  svg.setAttribute("aria-label", (isGame ? "Clobber game board. " : "Clobber board editor. ") + keys);
  const announce = liveRegion(root, "cb");
  htmlEl("div", { class: "cg-keys", "data-testid": "cb-keys" }, root, keys);
  const { send } = talkTo(model);
  const switches = switchBoxes(model, "cb", "number the rows and columns");
  const slides = autoLecture(model, root);
  let card, weight, rule, regionTable, game, rowsText, colsText, sideButtons;

  if (!isGame) {
    const edit = undoClearButtons(toolbar, model, "cb", {
      titles: { undo: "take back the last change (Ctrl+Z)", clear: "empty every square" } });
    edit.undo.setAttribute("aria-label", "Undo");
    edit.undo.setAttribute("aria-keyshortcuts", "Control+Z");
    edit.clear.setAttribute("aria-label", "Clear: empty every square");
    const files = fileButtons(toolbar, root, model, "cb", { what: "board", filename: "clobber-position.json" });
    files.save.setAttribute("aria-label", "Save the board");
    files.load.setAttribute("aria-label", "Load a board");
    button(toolbar, { "data-testid": "cb-checker", title: "fill every square, x and o alternating",
      "aria-label": "Checkerboard: fill every square, x and o alternating" }, "Checkerboard",
    () => send({ event: "checkerboard" }));
    // the size: rows and columns, each with − and +
    const step = (parent, dm, dn, label, testid, text) => button(parent, { "data-testid": testid,
      "aria-label": label, title: label }, text, () => {
      const rows = model.get("rows");
      send({ event: "resize", m: rows.length + dm, n: (rows[0] || "").length + dn });
    });
    const sizeRows = htmlEl("div", { class: "cg-group cg-size", role: "group", "aria-label": "rows" }, toolbar);
    step(sizeRows, -1, 0, "one row fewer", "cb-rows-less", "−");
    rowsText = htmlEl("span", { class: "cg-size-text", "data-testid": "cb-rows" }, sizeRows);
    step(sizeRows, 1, 0, "one row more", "cb-rows-more", "+");
    const sizeCols = htmlEl("div", { class: "cg-group cg-size", role: "group", "aria-label": "columns" }, toolbar);
    step(sizeCols, 0, -1, "one column fewer", "cb-cols-less", "−");
    colsText = htmlEl("span", { class: "cg-size-text", "data-testid": "cb-cols" }, sizeCols);
    step(sizeCols, 0, 1, "one column more", "cb-cols-more", "+");
    switches.place(toolbar);
    card = valueCard(side, "cb");
    weight = htmlEl("div", { class: "cg-weight", "data-testid": "cb-weight" }, side);
    rule = htmlEl("div", { class: "cg-small", "data-testid": "cb-rule" }, side);
    regionTable = htmlEl("table", { class: "cg-regions", "data-testid": "cb-regions" }, side);
    help.textContent = "Click a square to turn it empty → x → o → empty. Left (blue discs, x) and Right " +
      "(red squares, o) take turns; a move takes one of your stones onto an enemy stone right next to it " +
      "(up, down, left or right). Whoever cannot move loses.";
  } else {
    game = gameControls(toolbar, side, model, "cb", { hint: "mark a best move (key H)",
      restart: "start again (key N)" });
    game.hint.setAttribute("aria-keyshortcuts", "H");
    game.hint.setAttribute("aria-label", "Hint: mark a best move");
    game.restart.setAttribute("aria-keyshortcuts", "N");
    game.restart.setAttribute("aria-label", "New game");
    const pick = htmlEl("div", { class: "cg-group", role: "group", "aria-label": "your side" }, toolbar);
    sideButtons = {
      left: button(pick, { "data-testid": "cb-side-left", title: "play Left, the x stones (a new game)" },
        "Play x", () => send({ event: "side", side: "left" })),
      right: button(pick, { "data-testid": "cb-side-right", title: "play Right, the o stones (a new game)" },
        "Play o", () => send({ event: "side", side: "right" })),
    };
    switches.place(toolbar);
    help.textContent = "Click one of your stones, then the enemy stone next to it: yours moves there and " +
      "the enemy stone is gone. Whoever cannot move loses.";
  }

  const S = 56, OFF = 26;
  function draw() {
    if (slides()) return;
    root.classList.toggle("cg-lecture", model.get("lecture"));
    switches.update();
    const rows = model.get("rows");
    const m = rows.length, n = m ? rows[0].length : 0;
    svg.setAttribute("viewBox", `0 0 ${OFF + n * S + 8} ${OFF + m * S + 8}`);
    for (const l of ["cells", "stones", "marks", "focus"]) layers[l].replaceChildren();
    const sel = isGame ? model.get("selected") : [];
    rows.forEach((row, r) => {
      [...row].forEach((ch, c) => {
        const x = OFF + c * S, y = OFF + r * S;
        const picked = sel && sel.length === 2 && sel[0] === r && sel[1] === c;
        const cell = svgEl("rect", { class: "cg-cell" + (picked ? " cg-picked" : ""), x, y, width: S, height: S,
          "data-testid": `cb-cell-${r}-${c}`, "data-state": ch }, layers.cells);
        // the picked stone: a light square with a black dashed ring inside it (not colour alone)
        if (picked) svgEl("rect", { class: "cg-picked-ring", "data-testid": "cb-picked", x: x + 4, y: y + 4,
          width: S - 8, height: S - 8, rx: 4 }, layers.cells);
        svgEl("title", {}, cell).textContent = cellText(r, c);
        const onClick = () => send(isGame ? { event: "click", row: r, col: c } : { event: "cycle", row: r, col: c });
        cell.addEventListener("click", onClick);
        if (ch === "x" || ch === "o") {
          const g = svgEl("g", { class: `cg-stone cg-stone-${ch}`, "data-testid": `cb-stone-${r}-${c}` }, layers.stones);
          if (ch === "x") svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: S / 2 - 7 }, g);
          else svgEl("rect", { x: x + 9, y: y + 9, width: S - 18, height: S - 18, rx: 3 }, g);
          const t = svgEl("text", { x: x + S / 2, y: y + S / 2 + 9, "text-anchor": "middle" }, g);
          t.textContent = ch;
          g.addEventListener("click", onClick);
        }
      });
    });
    if (isGame) {
      const last = model.get("last_move");
      if (last && last.from) {
        // the last move: an arrow from the square left empty to the stone that moved
        const [r0, c0] = last.from, [r1, c1] = last.to;
        const ax = OFF + c0 * S + S / 2, ay = OFF + r0 * S + S / 2;
        const dx = Math.sign(c1 - c0), dy = Math.sign(r1 - r0);
        const tipX = ax + dx * (S - 21), tipY = ay + dy * (S - 21);
        const arrow = svgEl("g", { class: "cg-last-move", "data-testid": "cb-last-move" }, layers.marks);
        svgEl("line", { x1: ax, y1: ay, x2: tipX - dx * 8, y2: tipY - dy * 8 }, arrow);
        const bx = tipX - dx * 12, by = tipY - dy * 12;
        svgEl("polygon", { points: `${tipX},${tipY} ${bx - dy * 8},${by - dx * 8} ${bx + dy * 8},${by + dx * 8}` }, arrow);
        svgEl("circle", { cx: ax, cy: ay, r: 6 }, arrow);
        svgEl("title", {}, arrow).textContent = `last move: ${last.by === "student" ? "yours" : "the computer's"}, ` +
          `from (${r0}, ${c0}) to (${r1}, ${c1})`;
      }
      const hint = model.get("hint_move");
      if (hint && hint.length === 4) {
        for (const [r, c, tid] of [[hint[0], hint[1], "cb-hint-mark"], [hint[2], hint[3], "cb-hint-target"]]) {
          const at = { x: OFF + c * S + 3, y: OFF + r * S + 3, width: S - 6, height: S - 6, rx: 8 };
          svgEl("rect", { class: "cg-hint-mark", "data-testid": tid, ...at }, layers.marks);
          svgEl("rect", { class: "cg-hint-inner", ...at }, layers.marks);
        }
      }
    }
    const focused = focus.get();
    if (focused && document.activeElement === svg) {
      for (const [ring, width] of [["cg-focus-outer", 7], ["cg-focus-inner", 3]]) {
        svgEl("rect", { class: `cg-focus-ring ${ring}`, x: OFF + focused.col * S + 3, y: OFF + focused.row * S + 3,
          width: S - 6, height: S - 6, rx: 4, style: `stroke-width: ${width}px`,
          ...(ring === "cg-focus-outer" ? { "data-testid": "cb-focus" } : {}) }, layers.focus);
      }
    }
    if (model.get("labels")) {
      for (let c = 0; c < n; c++) {
        const t = svgEl("text", { class: "cg-coord", x: OFF + c * S + S / 2, y: OFF - 6, "text-anchor": "middle" }, layers.marks);
        t.textContent = c;
      }
      for (let r = 0; r < m; r++) {
        const t = svgEl("text", { class: "cg-coord", x: OFF - 6, y: OFF + r * S + S / 2 + 6, "text-anchor": "end" }, layers.marks);
        t.textContent = r;
      }
    }
    message.textContent = model.get("message");
    if (isGame) {
      const student = model.get("student");
      sideButtons.left.classList.toggle("cg-active", student === "left");
      sideButtons.right.classList.toggle("cg-active", student === "right");
      sideButtons.left.setAttribute("aria-pressed", String(student === "left"));
      sideButtons.right.setAttribute("aria-pressed", String(student === "right"));
      game.roles.textContent = (student === "left"
        ? "You are Left (x, blue discs); the computer is Right (o, red squares)."
        : "You are Right (o, red squares); the computer is Left (x, blue discs).") +
        (model.get("computer") === "perfect" ? " It plays a best move by value." : " It plays at random.");
      showGameState(model, root, game);
      announceState();
      return;
    }
    rowsText.textContent = `${m} row${m === 1 ? "" : "s"}`;
    colsText.textContent = `${n} col${n === 1 ? "" : "s"}`;
    card.value.textContent = model.get("value_text");
    const outcome = model.get("outcome");
    card.outcome.textContent = outcome;
    card.outcome.className = "cg-badge cg-" + outcome;
    card.outcomeText.textContent = { L: "Left wins whoever starts.", R: "Right wins whoever starts.",
      P: "Whoever moves second wins.", N: "Whoever moves first wins." }[outcome] || "";
    const regions = model.get("regions");
    card.counts.textContent = `${regions.length} region${regions.length === 1 ? "" : "s"}`;
    weight.textContent = `atomic weight ${model.get("atomic_weight_text")}`;
    rule.textContent = model.get("rule_text");
    regionTable.replaceChildren();
    if (regions.length > 1) {
      const head = htmlEl("tr", {}, regionTable);
      for (const h of ["region", "stones", "value", "atomic wt."]) htmlEl("th", {}, head, h);
      // on a projector the table keeps to a few rows, so the widget still fits the screen
      const shown = model.get("lecture") ? REGIONS_ON_SLIDE : regions.length;
      regions.slice(0, shown).forEach((rg, i) => {
        const tr = htmlEl("tr", { "data-testid": `cb-region-${i}` }, regionTable);
        for (const v of [rg.rows.join(" / "), String(rg.stones), rg.value, rg.atomic_weight]) htmlEl("td", {}, tr, v);
      });
      if (regions.length > shown) {
        const tr = htmlEl("tr", { "data-testid": "cb-regions-more" }, regionTable);
        htmlEl("td", { colspan: "4" }, tr, `… and ${regions.length - shown} more`);
      }
    }
    announceState();
  }

  // ---- keyboard: the squares row by row, left to right
  function cellText(r, c) {
    const ch = (model.get("rows")[r] || "")[c];
    let text = `square (${r}, ${c}), ${STONE_WORDS[ch] || "empty"}`;
    const sel = isGame ? model.get("selected") : [];
    if (sel && sel.length === 2 && sel[0] === r && sel[1] === c) text += ", picked";
    return text;
  }
  function focusItems() {
    const out = [];
    model.get("rows").forEach((row, r) => { for (let c = 0; c < row.length; c++) out.push({ key: `c${r}-${c}`, row: r, col: c }); });
    return out;
  }
  const focus = keyFocus(svg, focusItems, (item) => {
    svg.classList.add("cg-keyboard");
    if (item) {
      const ch = (model.get("rows")[item.row] || "")[item.col];
      let tip = "";
      if (!isGame) tip = `; Enter makes it ${STONE_WORDS[{ ".": "x", x: "o", o: "." }[ch]].split(",")[0]}`;
      else if (!model.get("winner")) {
        const mine = model.get("student") === "left" ? "x" : "o";
        const sel = model.get("selected");
        const nextToPicked = sel && sel.length === 2 && Math.abs(sel[0] - item.row) + Math.abs(sel[1] - item.col) === 1;
        if (ch === mine) tip = sel && sel.length === 2 && sel[0] === item.row && sel[1] === item.col
          ? "; Enter puts it back" : "; Enter picks this stone";
        else if (ch !== "." && nextToPicked) tip = "; Enter clobbers it with the picked stone";
        else if (ch !== ".") tip = "; Enter clobbers it, if only one of your stones is next to it";
      }
      announce(cellText(item.row, item.col) + tip);
    }
    schedule();
  });
  let heard = "";
  function announceState() {
    const text = isGame ? [model.get("message"), model.get("status")].filter((t) => t).join(" ")
      : `Value ${model.get("value_text")}, atomic weight ${model.get("atomic_weight_text")}. ` +
        (model.get("message") || "");
    if (text !== heard) { heard = text; announce(text); }
  }
  svg.addEventListener("focus", () => {
    if (focus.byPointer) return;  // a mouse press: no keyboard focus ring
    const item = focus.get();      // back on the board: say where the focus is
    if (!item) focus.step(1); else focus.set(item.key);
  });
  svg.addEventListener("blur", () => schedule());
  svg.addEventListener("keydown", (evt) => {
    if (["Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Escape"].includes(evt.key)) {
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
      send(isGame ? { event: "click", row: item.row, col: item.col } : { event: "cycle", row: item.row, col: item.col });
      return;
    }
    if (isGame && evt.key === "Escape") {
      evt.preventDefault();
      send({ event: "deselect" });
      return;
    }
    if (!isGame && item && !evt.ctrlKey && !evt.metaKey && !evt.altKey) {
      const stone = { x: "x", o: "o", ".": ".", Delete: ".", Backspace: "." }[evt.key.length === 1 ? evt.key.toLowerCase() : evt.key];
      if (stone) {
        evt.preventDefault();
        evt.stopPropagation();
        send({ event: "set_cell", row: item.row, col: item.col, stone });
      }
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
  redrawOn(model, ["rows", "value_text", "atomic_weight_text", "regions", "selected", "hint_move", "last_move",
    "status", "log", "winner", "student"], schedule);
  draw();
}

export default { render };
