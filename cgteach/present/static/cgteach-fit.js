/* cgteach: make the slide on screen fit 1280x720 without ever shrinking text.
   1. A slide whose one figure is drawn by short code (a "cg-side" cell) is laid out
      in two columns: text and code on the left, the figure on the right, as tall as
      the slide allows.
   2. Figures grow up to GROW times their stored size, then shrink until the slide fits.
   3. Still too tall: the tallest block of code or printed output is folded (a click
      opens it).
   Each slide gets data-cg-fit="ok" or "overflow". */
(function () {
  var HEIGHT = 720, SMALLEST = 150, GROW = 1.6, TALLEST = 620;
  function pictures(slide) {
    return Array.prototype.filter.call(slide.querySelectorAll("img"), function (img) {
      return !img.closest("details:not([open])") && !img.closest("aside");
    });
  }
  function split(slide) {
    if (slide.getAttribute("data-cg-split")) { return; }
    slide.setAttribute("data-cg-split", "no");
    var imgs = pictures(slide);
    if (imgs.length !== 1) { return; }
    var cell = imgs[0].closest(".celltag_cg-side");
    if (!cell || cell.closest(".fragment")) { return; }
    var figure = cell.querySelector(".jp-Cell-outputWrapper");
    if (!figure) { return; }
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
    slide.setAttribute("data-cg-split", "yes");
  }
  function size(imgs, cap) {
    imgs.forEach(function (img) {
      var natural = img.naturalHeight || cap;
      img.style.height = Math.min(cap, natural * GROW) + "px";
      img.style.width = "auto";
      img.style.maxHeight = "none";
    });
  }
  function fit(slide) {
    if (!slide) { return; }
    split(slide);
    var imgs = pictures(slide), cap = TALLEST;
    size(imgs, cap);
    while (slide.scrollHeight > HEIGHT + 1 && imgs.length && cap > SMALLEST) {
      cap -= 10;
      size(imgs, cap);
    }
    for (var round = 0; round < 8 && slide.scrollHeight > HEIGHT + 1; round++) {
      var blocks = Array.prototype.filter.call(
        slide.querySelectorAll(".jp-InputArea-editor, .jp-OutputArea-output > pre"),
        function (el) { return !el.closest("details, aside") && el.offsetHeight > 90; });
      if (!blocks.length) { break; }
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
    }
    slide.setAttribute("data-cg-fit", slide.scrollHeight <= HEIGHT + 1 ? "ok" : "overflow");
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
