/* cgteach: make the slide on screen fit 1280x720 without ever shrinking text, and
   without drawing a picture below READING (0.75) of its own size (its size in the
   notebook: the <img>'s width attribute, else its pixel width).
   1. A slide whose one figure is drawn by short code (a "cg-side" cell) is laid out
      in two columns: text and code on the left, the figure on the right, as tall as
      the slide allows, when the figure's column holds it at reading size; else the
      figure goes under its code, as wide as the slide.
   2. Figures grow up to GROW times their own size, then shrink to their own size
      until the slide fits.
   3. Still too tall: the tallest block of code or printed output is folded (a click
      opens it), one after the other.
   4. Still too tall: figures shrink, never below READING of their own size.
   A figure too large for any slide was cut into panels shown one per step when the
   slideshow was exported (cgteach.present._panels).
   Each slide gets data-cg-fit="ok" or "overflow". */
(function () {
  var HEIGHT = 720, GROW = 1.6, TALLEST = 620, READING = 0.75;
  function pictures(slide) {
    return Array.prototype.filter.call(slide.querySelectorAll("img"), function (img) {
      return !img.closest("details:not([open])") && !img.closest("aside");
    });
  }
  function own(img) {             // the picture's own size: [width, height]
    var w = parseFloat(img.getAttribute("width")) || img.naturalWidth || 0;
    var h = img.naturalWidth ? w * img.naturalHeight / img.naturalWidth : 0;
    return [w, h];
  }
  function split(slide, width) {
    // width: the figure column's width in px (none: half of the slide's 1192 px)
    if (slide.getAttribute("data-cg-split") === "yes") { return false; }
    slide.setAttribute("data-cg-split", "no");
    var imgs = pictures(slide);
    if (imgs.length !== 1) { return false; }
    var cell = imgs[0].closest(".celltag_cg-side");
    if (!cell || cell.closest(".fragment")) { return false; }
    if (!width && own(imgs[0])[0] * READING > 580) { return false; }
    var figure = cell.querySelector(".jp-Cell-outputWrapper");
    if (!figure) { return false; }
    var grid = document.createElement("div"), left = document.createElement("div");
    var right = document.createElement("div");
    grid.className = "cg-split"; left.className = "cg-split-text";
    right.className = "cg-split-figure";
    Array.prototype.slice.call(slide.childNodes).forEach(function (node) {
      if (!(node.nodeType === 1 && node.matches("aside"))) { left.appendChild(node); }
    });
    right.appendChild(figure);
    cell.classList.add("cg-split-code");
    grid.appendChild(left); grid.appendChild(right);
    slide.insertBefore(grid, slide.firstChild);
    if (width) { grid.style.gridTemplateColumns = "minmax(0, 1fr) " + Math.round(width) + "px"; }
    slide.setAttribute("data-cg-split", "yes");
    return true;
  }
  function stack(slide) {         // code beside a figure it would squeeze: code above it
    Array.prototype.forEach.call(slide.querySelectorAll(".celltag_cg-side"), function (cell) {
      if (cell.closest(".cg-split")) { return; }
      var wide = Array.prototype.some.call(cell.querySelectorAll("img"), function (img) {
        return own(img)[0] * READING > 0.54 * 1192;
      });
      if (wide) { cell.classList.add("cg-stacked"); }
    });
  }
  function size(imgs, cap, floor) {
    imgs.forEach(function (img) {
      var natural = own(img)[1] || cap;
      var least = floor * natural;
      img.style.height = Math.max(least, Math.min(cap, natural * GROW)) + "px";
      img.style.width = "auto";
      img.style.maxHeight = "none";
      img.style.maxWidth = "100%";
      img.style.minWidth = Math.min(least * (own(img)[0] / (natural || 1)), 1192) + "px";
    });
  }
  function tall(slide) { return slide.scrollHeight > HEIGHT + 1; }
  function fold(slide) {          // fold the tallest block of code or output; false if none
    var blocks = Array.prototype.filter.call(
      slide.querySelectorAll(".jp-InputArea-editor, .jp-OutputArea-output > pre"),
      function (el) { return !el.closest("details, aside") && el.offsetHeight > 90; });
    if (!blocks.length) { return false; }
    blocks.sort(function (a, b) { return b.offsetHeight - a.offsetHeight; });
    var block = blocks[0], code = block.classList.contains("jp-InputArea-editor");
    var lines = (block.innerText.match(/\n/g) || []).length + 1;
    var box = document.createElement("details");
    box.className = "cg-code cg-autofold";
    var summary = document.createElement("summary");
    summary.textContent = (code ? "Show the code (" : "Show the output (") + lines + " lines)";
    box.appendChild(summary);
    block.parentNode.insertBefore(box, block);
    box.appendChild(block);
    return true;
  }
  function fit(slide) {
    if (!slide) { return; }
    split(slide);
    stack(slide);
    squeeze(slide);
    if (tall(slide)) {
      // one tall picture under its text: beside it instead, in a column as wide as
      // the picture at a scale it fits the slide's height (at least READING)
      var imgs = pictures(slide);
      if (imgs.length === 1 && own(imgs[0])[0]) {
        var o = own(imgs[0]);
        var scale = Math.max(READING, Math.min(1, (1192 - 300) / o[0], 636 / o[1]));
        var cell = imgs[0].closest(".celltag_cg-side");
        if (cell) { cell.classList.remove("cg-stacked"); }
        if (split(slide, o[0] * scale)) { squeeze(slide); }
      }
    }
    slide.setAttribute("data-cg-fit", tall(slide) ? "overflow" : "ok");
  }
  function squeeze(slide) {
    var imgs = pictures(slide), cap = TALLEST;
    size(imgs, cap, 1);
    while (tall(slide) && imgs.length && cap > 40) {
      cap -= 10;
      size(imgs, cap, 1);
    }
    for (var round = 0; round < 8 && tall(slide) && fold(slide); round++) {
      imgs = pictures(slide);
      size(imgs, cap, 1);
    }
    cap = TALLEST;
    while (tall(slide) && imgs.length && cap > 40) {
      cap -= 10;
      size(imgs, cap, READING);
    }
  }
  window.cgFit = function () {
    if (!window.Reveal || !Reveal.isReady || !Reveal.isReady()) { return; }
    var slide = Reveal.getCurrentSlide();
    fit(slide);
    Array.prototype.forEach.call(slide ? slide.querySelectorAll("img") : [], function (img) {
      if (!img.complete) { img.addEventListener("load", function () { fit(slide); }, {once: true}); }
    });
  };
  document.addEventListener("toggle", function (e) {
    var slide = e.target.closest && e.target.closest("section");
    if (slide && slide === (window.Reveal && Reveal.getCurrentSlide())) { fit(slide); }
  }, true);
})();
