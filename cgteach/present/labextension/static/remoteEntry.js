// cgteach-present: the lecturer's side of a live slideshow in JupyterLab.
//
// Plain JavaScript, no build step and no import: JupyterLab loads this file as a
// prebuilt extension (it only needs `init` and `get` on window._JUPYTERLAB[name]) and
// the plugin talks to JupyterLab through `app` alone.  The slides themselves are
// jupyterlab-slideshow's "deck" (the live notebook laid out as slides); this adds
//
//   F5        start the slideshow of the open lesson from its first slide, full screen
//   Shift+F5  start it from the current cell
//   Alt+N     open (or bring back) the lecturer's notes window: the notes of the slide
//             on screen, the next slide's title; it follows the slideshow, and its own
//             arrow keys / Page Up / Page Down / Space drive the slides
//   Page Up / Page Down  previous / next step (what a presenter's clicker sends)
//
// and a style sheet (present.css) that sets slide text to projector size.
(function () {
  "use strict";
  const NAME = "cgteach-present";
  const script = document.currentScript;
  const BASE = script && script.src ? script.src.replace(/[^/]*$/, "") : "";
  const PRESENTING = "body[data-jp-deck-mode='presenting']";
  const STARTS = new Set(["slide", "subslide"]);

  function addStyle() {
    if (!BASE || document.getElementById("cgteach-present-css")) return;
    const link = document.createElement("link");
    link.id = "cgteach-present-css";
    link.rel = "stylesheet";
    link.href = BASE + "present.css";
    document.head.appendChild(link);
  }

  function meta(cell, key) {
    const model = cell && cell.model;
    if (!model) return undefined;
    if (typeof model.getMetadata === "function") return model.getMetadata(key);
    return model.metadata && model.metadata.get ? model.metadata.get(key) : undefined;
  }
  function slideType(cell) {
    const s = meta(cell, "slideshow");
    return (s && s.slide_type) || "-";
  }
  function tags(cell) {
    const t = meta(cell, "tags");
    return Array.isArray(t) ? t : [];
  }
  function source(cell) {
    const m = cell.model;
    return m.sharedModel ? m.sharedModel.getSource() : String(m.value && m.value.text);
  }
  function isNote(cell) {
    return slideType(cell) === "notes" || tags(cell).includes("notes");
  }

  /** The lesson's slides: [{start, end, title}] over the notebook's cells. */
  function slides(notebook) {
    const cells = notebook.widgets;
    const out = [];
    cells.forEach((cell, i) => {
      if (i === 0 || STARTS.has(slideType(cell))) out.push({ start: i, end: cells.length });
      if (out.length > 1) out[out.length - 2].end = out[out.length - 1].start;
    });
    for (const s of out) {
      s.title = "";
      for (let i = s.start; i < s.end && !s.title; i++) {
        const cell = cells[i];
        if (cell.model.type !== "markdown" || isNote(cell) || slideType(cell) === "skip") continue;
        const m = source(cell).match(/^\s*#+\s*(.+)$/m);
        if (m) s.title = m[1].trim();
      }
    }
    return out;
  }

  /** The text of a notes cell, as the page shows it once opened, else its source. */
  function noteHtml(cell) {
    const shown = cell.node.querySelector(".jp-RenderedMarkdown");
    if (shown && shown.textContent.trim()) {
      const copy = shown.cloneNode(true);
      // the note's text without its fold: a <details> left without its <summary> would
      // show the browser's own "Details" heading
      copy.querySelectorAll("summary").forEach((s) => s.remove());
      copy.querySelectorAll("details").forEach((d) => d.replaceWith(...d.childNodes));
      return copy.innerHTML;
    }
    const text = source(cell)
      .replace(/<\/?details[^>]*>/g, "")
      .replace(/<summary>[\s\S]*?<\/summary>/g, "")
      .replace(/\*\*Lecturer's notes\.?\*\*/, "")
      .trim();
    return light(text);
  }

  /** A little Markdown (paragraphs, bold, italics, code) as HTML, everything else as text. */
  function light(text) {
    const escape = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    return text
      .split(/\n\s*\n/)
      .map((para) => {
        let html = escape(para.replace(/\s*\n\s*/g, " ").trim());
        html = html.replace(/`([^`]+)`/g, "<code>$1</code>");
        html = html.replace(/\*\*([^*]+)\*\*/g, "<b>$1</b>");
        html = html.replace(/(^|[^*\w])\*([^*\s][^*]*?)\*(?!\w)/g, "$1<i>$2</i>");
        return `<p>${html}</p>`;
      })
      .join("");
  }

  /** The on-screen cells of a presented notebook and the box they fill. */
  function onScreen(notebook) {
    const cells = notebook.widgets
      .map((c) => c.node)
      .filter((n) => n.classList.contains("jp-deck-mod-onscreen") && n.getBoundingClientRect().height > 0);
    let top = Infinity;
    let bottom = -Infinity;
    for (const n of cells) {
      const r = n.getBoundingClientRect();
      top = Math.min(top, r.top);
      bottom = Math.max(bottom, r.bottom);
    }
    return { cells, height: cells.length ? bottom - top : 0 };
  }

  /**
   * Make the slide on screen fit the window without scrolling, text untouched:
   * first a code cell with a picture puts its code beside the picture, then the
   * pictures shrink (never below 0.75 of their size: their text must stay readable),
   * then the live boards scale to the room that is left (their text kept at 18 px).
   */
  function fitSlide(notebook) {
    if (document.body.dataset.jpDeckMode !== "presenting" || !notebook) return;
    // A slide with a live board stands at the top of the screen, not in its middle: a
    // move that makes the board's panel or message a line taller then grows the slide
    // downwards, and nothing above it (heading, board) moves under the lecturer's pointer.
    document.body.classList.toggle("cg-live-slide",
      !!notebook.node.querySelector(".jp-deck-mod-onscreen :is(.cg-widget, .cgteach-nim-game)"));
    fitPictures(notebook);
    boardText(notebook);
  }

  /** Every live board's text at 18 px or more on screen, however the board is scaled. */
  function boardText(notebook) {
    for (const b of notebook.node.querySelectorAll(`.jp-deck-mod-onscreen :is(${BOARDS})`)) {
      const ctm = b.getBoundingClientRect().height > 0 ? b.getScreenCTM() : null;
      const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
      if (scale > 0 && scale < 1) {
        b.style.setProperty("--cg-board-font", `${Math.ceil(18.5 / scale)}px`);
        b.classList.add("cg-stage-text");
      }
    }
  }

  function fitPictures(notebook) {
    for (const n of notebook.node.querySelectorAll(".cg-side-auto")) n.classList.remove("cg-side-auto");
    for (const img of notebook.node.querySelectorAll("img.cg-fitted")) {
      img.style.maxHeight = "";
      img.style.width = "";
      img.classList.remove("cg-fitted");
    }
    resetBoards(notebook.node);
    const room = window.innerHeight - 24;
    let { cells, height } = onScreen(notebook);
    if (height <= room) return;
    const pictures = () => cells.flatMap((n) => [...n.querySelectorAll(".jp-OutputArea-output img")]);
    const sum = (imgs) => imgs.reduce((a, img) => a + img.getBoundingClientRect().height, 0);
    // How tall the pictures end up if they shrink to make the slide fit.
    const shrunk = (h) => sum(pictures()) - Math.max(0, h - room);
    const stacked = shrunk(height);
    const sided = cells.filter((n) => {
      const shown = n.querySelector(".jp-Cell-inputWrapper .jp-InputArea-editor");
      return n.classList.contains("jp-CodeCell") && shown && shown.offsetHeight > 0 &&
        n.querySelector(".jp-OutputArea-output img");
    });
    if (sided.length) {
      for (const n of sided) n.classList.add("cg-side-auto");
      ({ height } = onScreen(notebook));
      if (shrunk(height) < stacked) {
        // code above the picture keeps it larger: back to one column
        for (const n of sided) n.classList.remove("cg-side-auto");
        ({ height } = onScreen(notebook));
      }
    }
    let over = height - room;
    if (over <= 0) return;
    const imgs = pictures();
    const total = sum(imgs);
    if (total) {
      // a picture keeps at least 0.75 of its size: its own text stays readable
      for (const img of imgs) {
        const h = img.getBoundingClientRect().height;
        // (the least height rounded up, never down: 0.75 of 397 px is 297.75 px, and
        // 297 px would draw the picture at 0.748 of its size)
        const target = Math.max(Math.ceil(h * MIN_PICTURE), Math.floor(h - (over * h) / total - 2));
        img.style.maxHeight = `${target}px`;
        img.style.width = "auto";
        img.classList.add("cg-fitted");
      }
      ({ height } = onScreen(notebook));
      over = height - room;
      if (over <= 0) return;
    }
    fitBoards(cells, over);
  }

  /** The smallest a picture on a slide may be drawn, as a fraction of its own size. */
  const MIN_PICTURE = 0.75;
  const BOARDS = ".cg-widget svg.cg-board, .cgteach-nim-game svg.nim-board";

  function resetBoards(root) {
    for (const b of root.querySelectorAll(".cg-stage-fitted, .cg-stage-text")) {
      b.style.maxHeight = "";
      b.style.maxWidth = "";
      b.style.removeProperty("--cg-board-font");
      b.classList.remove("cg-stage-fitted", "cg-stage-text");
    }
  }

  /**
   * A live board taller than the room left on its slide: scaled down whole (its
   * viewBox keeps the aspect), and its text set large enough to stay at 18 px or more
   * on screen.  Clicks keep landing where they are aimed (the board maps them through
   * its own screen transform).
   */
  function fitBoards(cells, over) {
    const boards = cells.flatMap((n) => [...n.querySelectorAll(BOARDS)])
      .filter((b) => b.getBoundingClientRect().height > 0);
    const total = boards.reduce((a, b) => a + b.getBoundingClientRect().height, 0);
    if (!total) return;
    for (const b of boards) {
      const r = b.getBoundingClientRect();
      const vb = b.viewBox && b.viewBox.baseVal;
      const aspect = vb && vb.width && vb.height ? vb.width / vb.height : r.width / r.height;
      const target = Math.max(r.height * 0.35, r.height - (over * r.height) / total - 2);
      b.style.maxHeight = `${Math.floor(target)}px`;
      b.style.maxWidth = `${Math.floor(target * aspect)}px`;
      b.classList.add("cg-stage-fitted");
    }
  }

  function activate(app) {
    addStyle();
    let notesWindow = null;
    let watched = null;

    function currentNotebook() {
      const w = app.shell.currentWidget;
      return w && w.content && Array.isArray(w.content.widgets) ? w.content : null;
    }

    // Tags become classes (cg-tag-<tag>), so the style sheet can lay out tagged cells.
    // And slide_type "-" ("stays on the slide before", as in RISE and nbconvert) reads
    // as no slide type for the slideshow, which otherwise shows such a cell on its own;
    // the notebook's saved metadata is untouched.
    function markCells(notebook) {
      for (const cell of notebook.widgets) {
        const shared = cell.model && cell.model.sharedModel;
        if (shared && typeof shared.getMetadata === "function" && !shared.cgDashPatched) {
          const read = shared.getMetadata.bind(shared);
          shared.getMetadata = function (key) {
            const value = read(key);
            if (key === "slideshow" && value && value.slide_type === "-") {
              const { slide_type: _dash, ...rest } = value;
              return rest;
            }
            return value;
          };
          shared.cgDashPatched = true;
        }
        for (const tag of tags(cell)) {
          if (/^[\w-]+$/.test(tag)) cell.node.classList.add("cg-tag-" + tag);
        }
      }
    }

    function renderNotes() {
      const notebook = currentNotebook() || watched;
      if (!notesWindow || notesWindow.closed || !notebook) return;
      const doc = notesWindow.document;
      const all = slides(notebook);
      const at = notebook.activeCellIndex;
      let k = all.findIndex((s) => s.start <= at && at < s.end);
      if (k < 0) k = 0;
      const here = all[k] || { start: 0, end: 0, title: "" };
      const notes = notebook.widgets.slice(here.start, here.end).filter(isNote);
      const next = all[k + 1];
      const body = doc.getElementById("cg-notes-body");
      doc.getElementById("cg-notes-where").textContent =
        `Slide ${k + 1} of ${all.length}` + (here.title ? ` · ${here.title}` : "");
      body.innerHTML = notes.length
        ? notes.map((c) => `<section class="cg-note">${noteHtml(c)}</section>`).join("")
        : '<p class="cg-none">No notes for this slide.</p>';
      doc.getElementById("cg-notes-next").textContent =
        next ? `Next: ${next.title || "slide " + (k + 2)}` : "Last slide.";
    }

    let pending = 0;
    function refit() {
      const notebook = watched;
      window.clearTimeout(pending);
      // after the slideshow has laid the new slide out
      pending = window.setTimeout(() => window.requestAnimationFrame(() => fitSlide(notebook)), 60);
    }
    // A live widget that grows or shrinks (a move, the "?" opened, a widget drawn late)
    // refits its slide.
    const grown = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
      if (document.body.dataset.jpDeckMode === "presenting") refit();
    }) : null;
    function watchWidgets() {
      if (!grown || !watched) return;
      for (const w of watched.node.querySelectorAll(".jp-deck-mod-onscreen :is(.cg-widget, .cgteach-nim-game)")) {
        if (w.cgWatched) continue;
        w.cgWatched = true;
        grown.observe(w);
      }
    }
    function onStep() {
      if (watched) markCells(watched);
      for (const cell of document.querySelectorAll(".cg-output-steps:not(.jp-deck-mod-onscreen)")) {
        cell.classList.remove("cg-output-steps");
        for (const c of cell.querySelectorAll(".cg-step-hidden")) c.classList.remove("cg-step-hidden");
      }
      window.setTimeout(showOutputSteps, 40);
      window.setTimeout(watchWidgets, 80);
      renderNotes();
      refit();
    }

    function watch(notebook) {
      if (watched === notebook || !notebook) return;
      if (watched) watched.activeCellChanged.disconnect(onStep);
      watched = notebook;
      notebook.activeCellChanged.connect(onStep);
      markCells(notebook);
      // the cells arrive after the panel: mark them as soon as they are there, and new ones
      const panel = notebook.parent;
      if (panel && panel.context && panel.context.ready) {
        panel.context.ready.then(() => {
          markCells(notebook);
          if (notebook.model && notebook.model.cells && notebook.model.cells.changed) {
            notebook.model.cells.changed.connect(() => markCells(notebook));
          }
        });
      }
      // a picture that arrives late, and a folded cell opened by a click, refit the slide
      notebook.node.addEventListener("load", refit, true);
      notebook.node.addEventListener("click", (event) => {
        if (document.body.dataset.jpDeckMode !== "presenting") return;
        const fold = event.target.closest && event.target.closest(".cg-tag-fold-on-slide .jp-Cell-inputWrapper");
        if (fold) {
          fold.closest(".jp-Cell").classList.toggle("cg-unfolded");
          refit();
        }
      });
    }
    window.addEventListener("resize", refit);
    // A widget that takes the keyboard (a Nim board, a Hackenbush drawing) marks itself
    // data-lm-suppress-shortcuts, so JupyterLab's keys leave it alone; after a click on
    // it, the slideshow's keys would be dead.  During a slideshow, a step key the widget
    // did not use (it calls preventDefault on the keys it uses) still steps the slides:
    // Space / Page Down forward, Shift+Space / Page Up back.
    window.addEventListener("keydown", (event) => {
      if (document.body.dataset.jpDeckMode !== "presenting" || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target;
      if (!(target instanceof Element) || !target.closest("[data-lm-suppress-shortcuts]")) return;
      if (target.closest("input, textarea, select, button, a[href], [contenteditable]")) return;
      let step = null;
      if (event.key === "PageDown" || (event.key === " " && !event.shiftKey)) step = ["down", "forward"];
      else if (event.key === "PageUp" || (event.key === " " && event.shiftKey)) step = ["up", "back"];
      if (!step) return;
      event.preventDefault();
      go(step[0], step[1]);
    });
    // leaving the slideshow gives the pictures back their own size
    new MutationObserver(() => {
      if (document.body.dataset.jpDeckMode === "presenting") return refit();
      for (const img of document.querySelectorAll("img.cg-fitted")) {
        img.style.maxHeight = "";
        img.style.width = "";
        img.classList.remove("cg-fitted");
      }
      resetBoards(document.body);
      document.body.classList.remove("cg-live-slide");
      forgetOutputSteps();
    }).observe(document.body, { attributes: true, attributeFilter: ["data-jp-deck-mode"] });

    if (app.shell.currentChanged) {
      app.shell.currentChanged.connect(() => {
        const nb = currentNotebook();
        if (nb) {
          watch(nb);
          renderNotes();
        }
      });
    }

    function go(direction, alternate) {
      // a cell showing several pictures shows them one per step before the slide moves on
      const forward = direction === "down" || direction === "forward";
      if (outputStep(forward ? 1 : -1)) return Promise.resolve();
      return app.commands.execute("deck:go", { direction, alternate });
    }

    // Several pictures in one code cell (a reduction's steps, a pair of thermographs):
    // during the slideshow one picture at a time, each at its full size, the next one on
    // the next step (Page Down / Space), the previous one on Page Up.
    function steppedCells() {
      if (!watched || document.body.dataset.jpDeckMode !== "presenting") return [];
      return [...watched.node.querySelectorAll(".jp-CodeCell.jp-deck-mod-onscreen")].filter((cell) => {
        const pics = [...cell.querySelectorAll(".jp-OutputArea-child")].filter((c) => c.querySelector("img"));
        if (pics.length < 2) {
          cell.classList.remove("cg-output-steps");
          return false;
        }
        if (!cell.classList.contains("cg-output-steps")) {
          cell.classList.add("cg-output-steps");
          cell.cgShown = 0;
        }
        cell.cgPictures = pics;
        return true;
      });
    }
    function showOutputSteps() {
      for (const cell of steppedCells()) {
        cell.cgShown = Math.min(Math.max(cell.cgShown || 0, 0), cell.cgPictures.length - 1);
        cell.cgPictures.forEach((c, k) => c.classList.toggle("cg-step-hidden", k !== cell.cgShown));
        cell.dataset.cgShown = `${cell.cgShown + 1}/${cell.cgPictures.length}`;
      }
    }
    function outputStep(delta) {
      const cells = steppedCells();
      const order = delta > 0 ? cells : cells.reverse();
      for (const cell of order) {
        const next = (cell.cgShown || 0) + delta;
        if (next < 0 || next >= cell.cgPictures.length) continue;
        cell.cgShown = next;
        showOutputSteps();
        refit();
        return true;
      }
      return false;
    }
    function forgetOutputSteps() {
      for (const cell of document.querySelectorAll(".cg-output-steps")) {
        cell.classList.remove("cg-output-steps");
        delete cell.dataset.cgShown;
        cell.cgShown = 0;
        for (const c of cell.querySelectorAll(".cg-step-hidden")) c.classList.remove("cg-step-hidden");
      }
    }
    // Space and the arrows are the slideshow's own keys: while a cell has pictures left
    // to show, they show the next one (window, capture: before JupyterLab sees the key).
    window.addEventListener("keydown", (event) => {
      if (document.body.dataset.jpDeckMode !== "presenting" || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target;
      let delta = 0;
      if (event.key === "PageDown" || event.key === "ArrowRight" || (event.key === " " && !event.shiftKey)) delta = 1;
      else if (event.key === "PageUp" || event.key === "ArrowLeft" || (event.key === " " && event.shiftKey)) delta = -1;
      if (!delta) return;
      if (target instanceof Element && event.key !== "PageDown" && event.key !== "PageUp" &&
          target.closest("input, textarea, select, button, [contenteditable], [data-lm-suppress-shortcuts]")) return;
      if (outputStep(delta)) {
        event.preventDefault();
        event.stopPropagation();
      }
    }, true);

    function openNotes() {
      const notebook = currentNotebook();
      if (notebook) watch(notebook);
      if (notesWindow && !notesWindow.closed) {
        notesWindow.focus();
        renderNotes();
        return notesWindow;
      }
      notesWindow = window.open("", "cgteach-notes", "popup,width=900,height=640");
      if (!notesWindow) {
        console.warn("cgteach: the browser blocked the notes window; allow pop-ups for this page");
        return null;
      }
      const doc = notesWindow.document;
      doc.title = "Lecturer's notes";
      doc.body.innerHTML =
        '<header id="cg-notes-where"></header><main id="cg-notes-body"></main>' +
        '<footer id="cg-notes-next"></footer>' +
        '<p class="cg-keys">→ / Space / Page Down: next · ← / Shift+Space / Page Up: back</p>';
      if (BASE) {
        const link = doc.createElement("link");
        link.rel = "stylesheet";
        link.href = BASE + "notes.css";
        doc.head.appendChild(link);
      }
      doc.addEventListener("keydown", (event) => {
        const key = event.key;
        let step = null;
        if (key === "ArrowRight" || key === "PageDown" || (key === " " && !event.shiftKey)) {
          step = key === "ArrowRight" ? ["forward"] : ["down", "forward"];
        } else if (key === "ArrowLeft" || key === "PageUp" || (key === " " && event.shiftKey)) {
          step = key === "ArrowLeft" ? ["back"] : ["up", "back"];
        } else if (key === "ArrowDown") {
          step = ["down"];
        } else if (key === "ArrowUp") {
          step = ["up"];
        }
        if (step) {
          event.preventDefault();
          go(step[0], step[1]);
        }
      });
      renderNotes();
      return notesWindow;
    }

    async function present(args) {
      const notebook = currentNotebook();
      if (!notebook) return;
      watch(notebook);
      markCells(notebook);
      if (!(args && args.fromHere)) notebook.activeCellIndex = 0;
      if (document.fullscreenEnabled && !document.fullscreenElement) {
        document.documentElement.requestFullscreen().catch(() => undefined);
      }
      await app.commands.execute("deck:start", {});
      refit();
    }

    app.commands.addCommand("cgteach:present", {
      label: (args) => (args && args.fromHere ? "Present from this cell" : "Present this lesson"),
      execute: present,
    });
    app.commands.addCommand("cgteach:notes", {
      label: "Lecturer's notes window",
      execute: openNotes,
    });
    app.commands.addCommand("cgteach:next", { label: "Next step", execute: () => go("down", "forward") });
    app.commands.addCommand("cgteach:previous", { label: "Previous step", execute: () => go("up", "back") });
    const notebook = ".jp-NotebookPanel";
    app.commands.addKeyBinding({ command: "cgteach:present", keys: ["F5"], selector: notebook, args: {} });
    app.commands.addKeyBinding({ command: "cgteach:present", keys: ["Shift F5"], selector: notebook,
      args: { fromHere: true } });
    app.commands.addKeyBinding({ command: "cgteach:notes", keys: ["Alt N"], selector: "body", args: {} });
    app.commands.addKeyBinding({ command: "cgteach:next", keys: ["PageDown"], selector: PRESENTING, args: {} });
    app.commands.addKeyBinding({ command: "cgteach:previous", keys: ["PageUp"], selector: PRESENTING, args: {} });
    // The slideshow remembers "active" in the user's settings, so a page opened later
    // would start as a slideshow by itself.  A lesson always opens as a notebook: a
    // slideshow that starts before the person has pressed a key or clicked is stopped.
    let touched = false;
    const touch = () => (touched = true);
    window.addEventListener("keydown", touch, { capture: true, once: true });
    window.addEventListener("pointerdown", touch, { capture: true, once: true });
    const unasked = new MutationObserver(() => {
      if (touched) return unasked.disconnect();
      if (document.body.dataset.jpDeckMode === "presenting") app.commands.execute("deck:stop", {});
    });
    unasked.observe(document.body, { attributes: true, attributeFilter: ["data-jp-deck-mode"] });
    if (document.body.dataset.jpDeckMode === "presenting") app.commands.execute("deck:stop", {});
    {
      // exposed for tests and the curious: window.cgteachPresent.openNotes()
      window.cgteachPresent = {
        openNotes,
        renderNotes,
        fit: () => { showOutputSteps(); fitSlide(watched); },
        // where the slideshow is: the active cell and the pictures shown of stepped cells
        position: () => `${watched ? watched.activeCellIndex : -1}:` +
          [...document.querySelectorAll(".cg-output-steps")].map((c) => c.dataset.cgShown || "").join(","),
        slides: () => slides(currentNotebook()),
      };
    }
  }

  const plugin = {
    id: NAME + ":plugin",
    description: "cgteach: F5 presents a lesson, Alt+N opens the lecturer's notes window.",
    autoStart: true,
    activate,
  };

  const root = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  root[NAME] = {
    init() {
      return Promise.resolve();
    },
    get(module) {
      if (module !== "./extension") return Promise.reject(new Error(`${NAME} has no ${module}`));
      // stills.js, a separate piece: widgets' still pictures in a reopened lesson
      const stills = new Promise((resolve) => {
        if (!BASE || window.cgteachStills) return resolve();
        const tag = document.createElement("script");
        tag.src = BASE + "stills.js";
        tag.onload = tag.onerror = () => resolve();
        document.head.appendChild(tag);
      });
      return stills.then(() => () => ({ __esModule: true, default: [plugin].concat(
        window.cgteachStills ? [window.cgteachStills.plugin] : []) }));
    },
  };
})();
