// cgteach-present, a separate piece: a lesson run, saved and opened again shows each
// widget's still picture, not ipywidgets' "Error displaying widget: model not found".
//
// Every cgteach widget's output carries an image/png still beside its widget view
// (the exports show that picture too).  When the notebook is opened again, the
// widget's model is gone with the old kernel, and ipywidgets writes the error into
// the output; this finds such an output, reads the still from the cell's output
// model and shows it, with a line saying to run the cell to play.  A widget whose
// model exists renders as ever; running the cell again replaces the still.
//
// It also words a folded solution's summary by its state: "Hide the solution" while
// it is open, "Show the solution" while closed (the %%solution block).
//
// Loaded by remoteEntry.js; plain JavaScript, no build step.
(function () {
  "use strict";
  const ERROR = "Error displaying widget: model not found";
  const NOTE = "A still picture of the widget: run this cell to play with it.";

  function cellOf(app, node) {
    const cellNode = node.closest(".jp-Cell");
    if (!cellNode) return null;
    for (const panel of app.shell.widgets("main")) {
      const cells = panel.content && panel.content.widgets;
      if (!cells) continue;
      for (const cell of cells) if (cell.node === cellNode) return cell;
    }
    return null;
  }

  function showStill(app, node) {
    if (node.dataset.cgStill || node.childElementCount || node.textContent.trim() !== ERROR) return;
    const child = node.closest(".jp-OutputArea-child");
    const cell = cellOf(app, node);
    if (!child || !cell || !cell.model || !cell.model.outputs) return;
    const children = [...child.parentElement.children]
      .filter((c) => c.classList.contains("jp-OutputArea-child"));
    const output = cell.model.outputs.get(children.indexOf(child));
    let png = output && output.data && output.data["image/png"];
    if (Array.isArray(png)) png = png.join("");
    if (typeof png !== "string" || !png.trim()) return;
    const meta = (output.metadata && output.metadata["image/png"]) || {};
    node.dataset.cgStill = "1";
    node.textContent = "";
    const img = document.createElement("img");
    img.className = "cg-widget-still";
    img.alt = "Still picture of the widget" + (typeof meta.alt === "string" && meta.alt
      ? ": " + meta.alt : "");
    img.src = "data:image/png;base64," + png.replace(/\s+/g, "");
    img.style.maxWidth = "100%";
    const note = document.createElement("p");
    note.className = "cg-widget-note";
    note.textContent = NOTE;
    note.style.fontStyle = "italic";
    node.append(img, note);
  }

  function scan(app, root) {
    if (!(root instanceof Element)) return;
    if (root.classList.contains("jupyter-widgets")) showStill(app, root);
    for (const el of root.querySelectorAll(".jupyter-widgets")) showStill(app, el);
  }

  function wordSolution(details) {
    const summary = details.querySelector(":scope > summary");
    if (!summary || summary.children.length) return;     // the exports' two-word form
    const words = summary.textContent.trim();
    if (words !== "Show the solution" && words !== "Hide the solution") return;
    summary.textContent = details.open ? "Hide the solution" : "Show the solution";
  }

  function activate(app) {
    const seen = new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.type === "childList") {
          scan(app, change.target);
          change.addedNodes.forEach((n) => scan(app, n));
        } else {
          scan(app, change.target);
        }
      }
    });
    seen.observe(document.body, { childList: true, subtree: true, attributes: true,
                                  attributeFilter: ["class"] });
    scan(app, document.body);
    document.addEventListener("toggle", (event) => {
      const details = event.target;
      if (details instanceof HTMLDetailsElement && details.classList.contains("cg-solution")) {
        wordSolution(details);
      }
    }, true);
  }

  window.cgteachStills = {
    plugin: {
      id: "cgteach-present:stills",
      description: "cgteach: a reopened lesson shows its widgets' still pictures.",
      autoStart: true,
      activate,
    },
  };
})();
