/* cgteach: make the slide on screen fit 1280x720 by shrinking its figures only
   (text keeps its size).  Marks each slide data-cg-fit="ok" or "overflow". */
(function () {
  var HEIGHT = 720, SMALLEST = 150;
  function pictures(slide) {
    return Array.prototype.filter.call(slide.querySelectorAll("img"), function (img) {
      return !img.closest("details:not([open])") && !img.closest("aside");
    });
  }
  function fit(slide) {
    if (!slide) { return; }
    var imgs = pictures(slide), cap = 520;
    imgs.forEach(function (img) { img.style.maxHeight = cap + "px"; });
    while (slide.scrollHeight > HEIGHT + 1 && imgs.length && cap > SMALLEST) {
      cap -= 10;
      imgs.forEach(function (img) { img.style.maxHeight = cap + "px"; });
    }
    // Still too tall: fold the tallest block of code or printed output (a click opens it).
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
    if (slide) { fit(slide); }
  }, true);
})();
