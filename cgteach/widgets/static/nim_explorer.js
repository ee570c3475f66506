// The screen-reader voice of cgteach.widgets.nim.NimExplorer (the explorer itself
// is made of ipywidgets sliders, buttons and HTML).  _base.esm() puts _common.js in
// front of this file: the announcement goes through the same liveRegion() as the
// Hackenbush, Hackendot and Nim boards (a visually hidden role=status,
// aria-live=polite region that speaks each new text once).  Python sets `text` on
// every change.
//
// ipywidgets draws a slider's handle (role=slider) without an accessible name: the
// description ("Pile 1") is a separate label.  The voice gives each handle of its
// explorer the name of its slider, also after piles are added or removed.

function nameSliders(box) {
  for (const slider of box.querySelectorAll(".nim-explorer-slider")) {
    const label = slider.querySelector(".widget-label");
    const name = label ? label.textContent.trim() : "";
    if (!name) continue;
    for (const handle of slider.querySelectorAll("[role=slider]")) {
      if (handle.getAttribute("aria-label") !== name) handle.setAttribute("aria-label", name);
    }
  }
}

function render({ model, el }) {
  // Not a card (no .cg-widget): the voice takes no room and shows nothing.
  const root = htmlEl("div", { class: "nim-explorer-voice", style: "position: relative; height: 0",
    "data-testid": "nim-explorer-voice" }, el);
  const announce = liveRegion(root, "nim-explorer");
  const say = () => announce(model.get("text"));
  model.on("change:text", say);
  say();
  let observer = null, tries = 0, timer = null;
  const watch = () => {
    const box = el.closest(".cgteach-nim-explorer");
    if (!box) { if (tries++ < 200) timer = setTimeout(watch, 100); return; }
    nameSliders(box);
    observer = new MutationObserver(() => nameSliders(box));
    observer.observe(box, { childList: true, subtree: true });
  };
  watch();
  return () => {
    model.off("change:text", say);
    clearTimeout(timer);
    if (observer) observer.disconnect();
  };
}

export default { render };
