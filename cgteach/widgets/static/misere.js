// Misère Kayles on a row of pins (cgteach.widgets.misere).
// Python puts _common.js (svgEl, htmlEl, boardFrame, ...) in front of this
// file; together they are one plain ES module, no imports.  The browser only
// draws and sends intents; Python decides everything.
// Colour is never the only signal: a standing pin is an upright pin shape with a
// head; a fallen pin lies flat with a dashed outline; the hint is a thick ring
// with a black dashed inner ring; a pair of pins is a bar under the two pins.

function render({ model, el }) {
  const { root, toolbar, svg, side, message, help, layers } = boardFrame(el, { p: "mk", cls: "cg-misere",
    title: "Misère " + model.get("game_name"), isGame: true, layerNames: ["floor", "pins", "marks", "focus"] });
  const keys = "Keyboard: Tab to the row, arrows move between the pins and the pairs of pins, Enter or " +
    "Space knocks down the focused pin or pair; H asks for a hint, N starts a new game.";
  svg.setAttribute("tabindex", "0");
  svg.setAttribute("data-lm-suppress-shortcuts", "true");
  svg.setAttribute("role", "application");
  svg.setAttribute("aria-roledescription", "row of pins");
  svg.setAttribute("aria-label", "Misère " + model.get("game_name") + " board. " + keys);
  const announce = liveRegion(root, "mk");
  htmlEl("div", { class: "cg-keys", "data-testid": "mk-keys" }, root, keys);
  const { send } = talkTo(model);
  const switches = switchBoxes(model, "mk", "number the pins");
  const slides = autoLecture(model, root);
  const game = gameControls(toolbar, side, model, "mk", { hint: "mark a winning move (key H)",
    restart: "start again (key N)" });
  game.hint.setAttribute("aria-keyshortcuts", "H");
  game.hint.setAttribute("aria-label", "Hint: mark a winning move");
  game.restart.setAttribute("aria-keyshortcuts", "N");
  game.restart.setAttribute("aria-label", "New game");
  switches.place(toolbar);
  // the quotient card: the heaps, the element and whether it is in the P-portion
  const card = htmlEl("div", { class: "cg-card cg-quotient" });
  side.insertBefore(card, game.roles);
  htmlEl("div", { class: "cg-label" }, card, "Quotient element");
  const element = htmlEl("div", { class: "cg-value", "data-testid": "mk-element" }, card);
  const line = htmlEl("div", { class: "cg-outcome-line" }, card);
  const badge = htmlEl("span", { class: "cg-badge", "data-testid": "mk-outcome" }, line);
  const badgeText = htmlEl("span", { class: "cg-small", "data-testid": "mk-outcome-text" }, line);
  const heaps = htmlEl("div", { class: "cg-small cg-heaps", "data-testid": "mk-heaps" }, card);
  const quotient = htmlEl("div", { class: "cg-small cg-quotient-text", "data-testid": "mk-quotient" }, side);
  help.textContent = (model.get("code") === "0.77"
    ? "Click a pin to knock it down, or the bar under two neighbouring pins to knock down both. "
    : "Click the bar under two neighbouring pins to knock down both (a move always takes two). ") +
    "Misère play: whoever knocks down the last pin loses (whoever cannot move wins).";

  // (a margin on the left: the first pin stays clear of the notebook's output prompt overlay)
  const S = 48, OFF = 44, FLOOR = 150;
  function pinX(i) { return OFF + i * S + S / 2; }
  function draw() {
    if (slides()) return;
    root.classList.toggle("cg-lecture", model.get("lecture"));
    switches.update();
    const pins = model.get("pins");
    const n = pins.length;
    svg.setAttribute("viewBox", `0 0 ${2 * OFF + n * S} ${FLOOR + 44}`);
    for (const l of ["floor", "pins", "marks", "focus"]) layers[l].replaceChildren();
    svgEl("line", { class: "cg-floor", x1: OFF / 2, y1: FLOOR, x2: 2 * OFF + n * S - OFF / 2, y2: FLOOR }, layers.floor);
    const hint = model.get("hint_move") || [];
    const last = model.get("last_move") || {};
    const lastPins = last.pins || [];
    pins.forEach((up, i) => {
      const x = pinX(i);
      const g = svgEl("g", { class: "cg-pin " + (up ? "cg-up" : "cg-down") + (lastPins.includes(i) ? " cg-last" : ""),
        "data-testid": `mk-pin-${i}`, "data-state": up ? "up" : "down", "data-mx": x, "data-my": FLOOR - 50 }, layers.pins);
      // the whole column of a pin takes the click (a fallen pin too: Python says why not)
      svgEl("rect", { class: "cg-hit", x: x - S / 2 + 2, y: 20, width: S - 4, height: FLOOR - 22 }, g);
      g.addEventListener("click", () => send({ event: "knock", pin: i }));
      if (up) {
        // an upright pin: a body and a head, with a stripe round its neck
        svgEl("path", { class: "cg-pin-body", d: `M ${x - 7} ${FLOOR} C ${x - 16} ${FLOOR - 40}, ${x - 12} ${FLOOR - 62}, ` +
          `${x - 6} ${FLOOR - 78} L ${x + 6} ${FLOOR - 78} C ${x + 12} ${FLOOR - 62}, ${x + 16} ${FLOOR - 40}, ${x + 7} ${FLOOR} Z` }, g);
        svgEl("circle", { class: "cg-pin-head", cx: x, cy: FLOOR - 92, r: 13 }, g);
        svgEl("rect", { class: "cg-pin-stripe", x: x - 8, y: FLOOR - 76, width: 16, height: 6 }, g);
      } else {
        // a fallen pin: lying flat on the floor, a dashed outline
        svgEl("rect", { class: "cg-pin-fallen", x: x - 18, y: FLOOR - 12, width: 36, height: 10, rx: 5 }, g);
      }
      svgEl("title", {}, g).textContent = pinText(i);
      if (model.get("labels")) {
        const t = svgEl("text", { class: "cg-coord", x, y: FLOOR + 38, "text-anchor": "middle" }, layers.marks);
        t.textContent = i;
      }
    });
    // the pairs: a bar under two neighbouring standing pins
    for (let i = 0; i + 1 < n; i++) {
      if (!pins[i] || !pins[i + 1]) continue;
      const x0 = pinX(i) + 4, x1 = pinX(i + 1) - 4;
      const bar = svgEl("g", { class: "cg-pair", "data-testid": `mk-pair-${i}` }, layers.marks);
      svgEl("rect", { class: "cg-hit", x: x0 - 6, y: FLOOR + 2, width: x1 - x0 + 12, height: 22 }, bar);
      svgEl("rect", { class: "cg-pair-bar", x: x0, y: FLOOR + 8, width: x1 - x0, height: 8, rx: 4 }, bar);
      svgEl("title", {}, bar).textContent = `pins ${i} and ${i + 1}: knock down both`;
      bar.addEventListener("click", () => send({ event: "knock_pair", pin: i }));
    }
    if (hint.length) {
      const x0 = pinX(hint[0]) - S / 2 + 3, x1 = pinX(hint[hint.length - 1]) + S / 2 - 3;
      const at = { x: x0, y: 4, width: x1 - x0, height: FLOOR + 24, rx: 10 };
      svgEl("rect", { class: "cg-hint-mark", "data-testid": "mk-hint-mark", ...at }, layers.marks);
      svgEl("rect", { class: "cg-hint-inner", ...at }, layers.marks);
    }
    if (lastPins.length) {
      // the last move: a dashed box round the pins that fell, and who knocked them down
      const x0 = pinX(lastPins[0]) - 22, x1 = pinX(lastPins[lastPins.length - 1]) + 22;
      const box = svgEl("g", { class: "cg-last-move", "data-testid": "mk-last-move" }, layers.marks);
      svgEl("rect", { x: x0, y: FLOOR - 22, width: x1 - x0, height: 26, rx: 6 }, box);
      svgEl("title", {}, box).textContent = `last move: ${last.by === "student" ? "yours" : "the computer's"}`;
    }
    const focused = focus.get();
    if (focused && document.activeElement === svg) {
      const x0 = focused.pair ? pinX(focused.pin) - 4 : pinX(focused.pin) - S / 2 + 5;
      const x1 = focused.pair ? pinX(focused.pin + 1) + 4 : pinX(focused.pin) + S / 2 - 5;
      const y0 = focused.pair ? FLOOR - 2 : 10, y1 = focused.pair ? FLOOR + 28 : FLOOR + 2;
      for (const [ring, width] of [["cg-focus-outer", 7], ["cg-focus-inner", 3]]) {
        svgEl("rect", { class: `cg-focus-ring ${ring}`, x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 6,
          style: `stroke-width: ${width}px`, ...(ring === "cg-focus-outer" ? { "data-testid": "mk-focus" } : {}) },
        layers.focus);
      }
    }
    message.textContent = model.get("message");
    game.roles.textContent = "You move first; whoever knocks down the last pin loses." +
      (model.get("computer") === "perfect" ? " The computer plays from the misère quotient." : " The computer plays at random.");
    element.textContent = model.get("element_text");
    const outcome = model.get("outcome");
    badge.textContent = outcome;
    badge.className = "cg-badge cg-" + outcome;
    badgeText.textContent = outcome === "P" ? "in the P-portion: the player to move loses"
      : "not in the P-portion: the player to move wins";
    heaps.textContent = "heaps " + model.get("heaps_text");
    quotient.textContent = model.get("quotient_text");
    showGameState(model, root, game);
    announceState();
  }

  function pinText(i) {
    const up = model.get("pins")[i];
    return `pin ${i}, ${up ? "standing" : "down"}`;
  }
  function focusItems() {
    const pins = model.get("pins");
    const out = [];
    pins.forEach((up, i) => {
      if (up) out.push({ key: `p${i}`, pin: i, pair: false });
      if (up && pins[i + 1]) out.push({ key: `q${i}`, pin: i, pair: true });
    });
    return out;
  }
  const focus = keyFocus(svg, focusItems, (item) => {
    svg.classList.add("cg-keyboard");
    if (item) {
      announce(item.pair ? `pins ${item.pin} and ${item.pin + 1}; Enter knocks down both`
        : pinText(item.pin) + "; Enter knocks it down");
    }
    schedule();
  });
  let heard = "";
  function announceState() {
    const text = [model.get("message"), model.get("status"),
      `Heaps ${model.get("heaps_text")}, quotient element ${model.get("element_text")}.`].filter((t) => t).join(" ");
    if (text !== heard) { heard = text; announce(text); }
  }
  svg.addEventListener("focus", () => {
    if (focus.byPointer) return;
    const item = focus.get();
    if (!item) focus.step(1); else focus.set(item.key);
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
      send(item.pair ? { event: "knock_pair", pin: item.pin } : { event: "knock", pin: item.pin });
    }
  });
  root.addEventListener("keydown", (evt) => {
    const typing = evt.target && ["INPUT", "TEXTAREA", "SELECT"].includes(evt.target.tagName);
    if (typing || evt.ctrlKey || evt.metaKey || evt.altKey) return;
    const act = { h: () => send({ event: "hint" }), n: () => send({ event: "restart" }) }[evt.key.toLowerCase()];
    if (act) {
      evt.preventDefault();
      evt.stopPropagation();
      act();
    }
  });

  let order = focusItems().map((it) => it.key);
  const schedule = scheduler(() => { focus.settle(order); order = focusItems().map((it) => it.key); draw(); });
  redrawOn(model, ["pins", "hint_move", "last_move", "status", "log", "winner", "element_text", "outcome",
    "heaps_text", "quotient_text"], schedule);
  draw();
}

export default { render };
