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
      copy.querySelectorAll("details").forEach((d) => d.setAttribute("open", ""));
      copy.querySelectorAll("summary").forEach((s) => s.remove());
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
   * pictures shrink (never below a third of their size).
   */
  function fitSlide(notebook) {
    if (document.body.dataset.jpDeckMode !== "presenting" || !notebook) return;
    for (const n of notebook.node.querySelectorAll(".cg-side-auto")) n.classList.remove("cg-side-auto");
    for (const img of notebook.node.querySelectorAll("img.cg-fitted")) {
      img.style.maxHeight = "";
      img.style.width = "";
      img.classList.remove("cg-fitted");
    }
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
    const over = height - room;
    if (over <= 0) return;
    const imgs = pictures();
    const total = sum(imgs);
    if (!total) return;
    for (const img of imgs) {
      const h = img.getBoundingClientRect().height;
      const target = Math.max(h / 3, h - (over * h) / total - 2);
      img.style.maxHeight = `${Math.floor(target)}px`;
      img.style.width = "auto";
      img.classList.add("cg-fitted");
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
    function onStep() {
      if (watched) markCells(watched);
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
      return app.commands.execute("deck:go", { direction, alternate });
    }

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
        fit: () => fitSlide(watched),
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
      return Promise.resolve(() => ({ __esModule: true, default: [plugin] }));
    },
  };
})();
