// PlayGame: any game defined with cgteach.rules, against the computer
// (cgteach.widgets.playgame).  Python puts _common.js (htmlEl, button, liveRegion,
// gameControls, showGameState, ...) in front of this file: one plain ES module.
// The browser only draws and sends intents; Python decides everything.
// Colour is never the only signal: the hinted card carries a star and a dashed
// frame, the last move an arrow and words, each card its number.

const KEYS = "Keyboard: Tab to a move card and press Enter (or press its number, 1 to 9); " +
  "H asks for a hint, N starts a new game.";

function picture(parent, shown, testid, alt) {
  // a picture as an <img> (an SVG shown this way runs nothing), else the text
  if (shown && shown.image) {
    const img = htmlEl("img", { class: "cg-pg-img", src: shown.image, alt, "data-testid": testid }, parent);
    return img;
  }
  return htmlEl("pre", { class: "cg-pg-text", "data-testid": testid }, parent, (shown && shown.text) || "");
}

function render({ model, el }) {
  const root = htmlEl("div", { class: "cg-widget cg-playgame", "data-testid": "pg-game" }, el);
  holdStill(root);
  const { send, setTrait } = talkTo(model);
  const slides = autoLecture(model, root);
  const toolbar = htmlEl("div", { class: "cg-toolbar" }, root);
  const title = htmlEl("span", { class: "cg-title", "data-testid": "pg-title" }, toolbar);
  const main = htmlEl("div", { class: "cg-main" }, root);
  const board = htmlEl("div", { class: "cg-pg-board" }, main);
  const side = htmlEl("div", { class: "cg-side" }, main);
  const game = gameControls(toolbar, side, model, "pg", { hint: "mark a best move (key H)",
    restart: "start again (key N)" });
  game.hint.setAttribute("aria-keyshortcuts", "H");
  game.hint.setAttribute("aria-label", "Hint: mark a best move");
  game.restart.setAttribute("aria-keyshortcuts", "N");
  game.restart.setAttribute("aria-label", "New game");
  // who starts; in a partizan game also the student's side
  const firstGroup = htmlEl("div", { class: "cg-group", role: "group", "aria-label": "who starts" }, toolbar);
  const firstButtons = {
    student: button(firstGroup, { "data-testid": "pg-first-student", title: "you move first (a new game)" },
      "You start", () => send({ event: "first", who: "student" })),
    computer: button(firstGroup, { "data-testid": "pg-first-computer", title: "the computer moves first (a new game)" },
      "Computer starts", () => send({ event: "first", who: "computer" })),
  };
  const sideGroup = htmlEl("div", { class: "cg-group", role: "group", "aria-label": "your side" }, toolbar);
  const sideButtons = {
    left: button(sideGroup, { "data-testid": "pg-side-left", title: "play Left (a new game)" }, "Play Left",
      () => send({ event: "side", side: "left" })),
    right: button(sideGroup, { "data-testid": "pg-side-right", title: "play Right (a new game)" }, "Play Right",
      () => send({ event: "side", side: "right" })),
  };
  htmlEl("span", { class: "cg-spacer" }, toolbar);
  const lectureSwitch = htmlEl("label", { class: "cg-switch cg-switch-lecture", title: "large print for a projector" }, toolbar);
  const lectureBox = htmlEl("input", { type: "checkbox", "data-testid": "pg-lecture" }, lectureSwitch);
  lectureSwitch.appendChild(document.createTextNode("Lecture"));
  lectureBox.addEventListener("change", () => setTrait("lecture", lectureBox.checked));
  const helpToggle = htmlEl("button", { type: "button", class: "cg-help-toggle", "data-testid": "pg-help-toggle",
    "aria-expanded": "false", title: "show or hide the help" }, toolbar, "?");

  const posCard = htmlEl("div", { class: "cg-card cg-pg-position" }, board);
  htmlEl("div", { class: "cg-label" }, posCard, "Position");
  const posBox = htmlEl("div", { class: "cg-pg-posbox", "data-testid": "pg-position" }, posCard);
  const lastLine = htmlEl("div", { class: "cg-small cg-pg-last", "data-testid": "pg-last-move" }, posCard);
  const movesLabel = htmlEl("div", { class: "cg-label", id: `pg-moves-${Math.random().toString(36).slice(2)}` },
    board, "Your moves");
  const list = htmlEl("div", { class: "cg-pg-cards", role: "group", "aria-labelledby": movesLabel.id,
    "data-testid": "pg-cards" }, board);

  const message = htmlEl("div", { class: "cg-message", "data-testid": "pg-message", role: "status" }, root);
  const help = htmlEl("div", { class: "cg-help" }, root,
    "Each card is a move: it shows the position the move leaves. Pick one; the computer answers with " +
    "its best move. Whoever cannot move loses.");
  htmlEl("div", { class: "cg-keys", "data-testid": "pg-keys" }, root, KEYS);
  helpToggle.addEventListener("click", () => {
    const open = root.classList.toggle("cg-help-open");
    helpToggle.setAttribute("aria-expanded", String(open));
  });
  const announce = liveRegion(root, "pg");
  let heard = "";
  let focusAfter = -1;   // keep the keyboard on the cards after a move

  function draw() {
    if (slides()) return;
    const lecture = model.get("lecture");
    root.classList.toggle("cg-lecture", lecture);
    root.setAttribute("data-lecture", String(lecture));
    lectureBox.checked = lecture;
    title.textContent = model.get("title");
    const impartial = model.get("impartial");
    const student = model.get("student");
    sideGroup.style.display = impartial ? "none" : "";
    for (const [k, b] of Object.entries(sideButtons)) {
      b.classList.toggle("cg-active", student === k);
      b.setAttribute("aria-pressed", String(student === k));
    }
    const first = model.get("first");
    for (const [k, b] of Object.entries(firstButtons)) {
      b.classList.toggle("cg-active", first === k);
      b.setAttribute("aria-pressed", String(first === k));
    }
    const who = impartial ? "" : (student === "left" ? "Left" : "Right");
    movesLabel.textContent = impartial ? "Your moves" : `Your moves (you are ${who})`;
    game.roles.textContent = (impartial
      ? "Impartial game: both players have the same moves."
      : `You are ${who}; the computer is ${student === "left" ? "Right" : "Left"}.`) +
      (model.get("computer") === "perfect" ? " The computer plays a best move." : " The computer plays at random.");
    posBox.replaceChildren();
    const pos = model.get("position_view");
    picture(posBox, pos, "pg-position-view", `the position: ${(pos && pos.text) || ""}`);
    const last = model.get("last_move");
    lastLine.textContent = last && last.by
      ? `▶ last move: ${last.by === "student" ? "yours" : "the computer's"}, to ${last.text}` : "";
    const hinted = model.get("hint_card");
    const cards = model.get("cards");
    const winner = showGameState(model, root, game);
    const mine = model.get("turn") === "student" && !winner;
    // a redraw replaces the cards: a card that had the keyboard focus gives it to its successor
    const active = document.activeElement;
    const held = active && list.contains(active) ? Number(active.getAttribute("data-index") || 0) : -1;
    if (held >= 0 && focusAfter < 0) focusAfter = held;
    list.replaceChildren();
    cards.forEach((c, i) => {
      const isHint = i === hinted;
      const label = `Move ${i + 1}: to ${c.text}` + (isHint ? " (the hint: a best move)" : "");
      const b = button(list, { class: "cg-pg-card" + (isHint ? " cg-pg-hinted" : ""), "data-testid": `pg-card-${i}`,
        "aria-label": label, title: label, "data-index": String(i) }, "", () => send({ event: "pick", index: i }));
      b.disabled = !mine;
      htmlEl("span", { class: "cg-pg-num", "aria-hidden": "true" }, b, String(i + 1));
      if (isHint) htmlEl("span", { class: "cg-pg-star", "data-testid": "pg-hint-mark", "aria-hidden": "true" }, b, "★ hint");
      picture(b, c, `pg-card-view-${i}`, "");
    });
    if (!cards.length) {
      htmlEl("div", { class: "cg-small cg-pg-none", "data-testid": "pg-no-moves" }, list,
        winner ? "The game is over." : "No move for you here.");
    }
    if (focusAfter >= 0 && cards.length) {
      const target = list.children[Math.min(focusAfter, cards.length - 1)];
      if (target && target.focus) target.focus({ preventScroll: true });
    }
    focusAfter = -1;
    message.textContent = model.get("message");
    const text = [model.get("message"), model.get("status")].filter((t) => t).join(" ");
    if (text !== heard) { heard = text; announce(text); }
  }

  list.addEventListener("keydown", (evt) => {
    // Enter and Space work on a focused card (a button); remember to come back to the cards
    if (evt.key === "Enter" || evt.key === " ") {
      focusAfter = 0;
      evt.stopPropagation();
    }
    if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(evt.key)) {
      const cardsNow = [...list.querySelectorAll("button.cg-pg-card")];
      const i = cardsNow.indexOf(document.activeElement);
      if (i >= 0) {
        evt.preventDefault();
        evt.stopPropagation();
        const step = evt.key === "ArrowRight" || evt.key === "ArrowDown" ? 1 : -1;
        const j = Math.max(0, Math.min(cardsNow.length - 1, i + step));
        cardsNow[j].focus();
      }
    }
  });
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.addEventListener("keydown", (evt) => {
    const typing = evt.target && ["INPUT", "TEXTAREA", "SELECT"].includes(evt.target.tagName);
    if (typing || evt.ctrlKey || evt.metaKey || evt.altKey) return;
    const key = evt.key.toLowerCase();
    let act = null;
    if (key === "h") act = () => send({ event: "hint" });
    else if (key === "n") act = () => send({ event: "restart" });
    else if (/^[1-9]$/.test(key) && Number(key) <= model.get("cards").length) {
      act = () => { focusAfter = 0; send({ event: "pick", index: Number(key) - 1 }); };
    }
    if (act) {
      evt.preventDefault();
      evt.stopPropagation();
      act();
    }
  });

  const schedule = scheduler(draw);
  for (const n of ["lecture", "message", "title", "impartial", "student", "first", "position_view", "cards",
    "hint_card", "last_move", "status", "log", "winner", "turn", "computer"]) {
    model.on("change:" + n, schedule);
  }
  draw();
}

export default { render };
