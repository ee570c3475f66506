// The screen-reader voice of cgteach.widgets.nim.NimExplorer (the explorer itself
// is made of ipywidgets sliders, buttons and HTML).  _base.esm() puts _common.js in
// front of this file: the announcement goes through the same liveRegion() as the
// Hackenbush and Hackendot boards (a visually hidden role=status, aria-live=polite
// region that speaks each new text once).  Python sets `text` on every change.

function render({ model, el }) {
  const root = htmlEl("div", { class: "cg-widget nim-explorer-voice",
    "data-testid": "nim-explorer-voice" }, el);
  const announce = liveRegion(root, "nim-explorer");
  const say = () => announce(model.get("text"));
  model.on("change:text", say);
  say();
  return () => model.off("change:text", say);
}

export default { render };
