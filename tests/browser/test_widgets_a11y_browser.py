"""Everyone can see and use the widgets (issue 28), in a real JupyterLab.

- **Keyboard alone**: a whole Hackenbush game, a whole Nim game and a whole
  Hackendot game are played with Tab, the arrow keys and Enter, and never
  the mouse; focus is always visible; every move is announced in an
  ``aria-live`` region.
- **Colour is never the only signal**: a screenshot of a board with one
  blue, one red and one green edge is put through the colour-vision
  simulations of Machado, Oliveira and Fernandes (2009, severity 1:
  protanopia, deuteranopia, tritanopia) and greyscale, and the three edge
  kinds must stay apart by a measured margin of colour contrast (CIELAB
  ΔE) or line style (how much of the line is inked, and whether a light
  stripe runs down its middle).  The same measurement fails on the old
  drawing (solid lines told apart by hue alone).
- **The ground is a generous target** (issue 29): a click 15 px above the
  ground line plants an edge.
- **Labels clear of nodes and of each other** (issue 30): the house game's
  edge labels, in both modes.

Screenshots and the measured margins go to the artefacts folder
(``CGTEACH_BROWSER_ARTIFACTS``).
"""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

CELLS = [
    "from cgteach.hackenbush import Hackenbush, examples\n"
    "from cgteach.hackendot import Hackendot\n"
    "from cgteach.widgets import HackenbushEditor, HackenbushGame, HackendotEditor, HackendotGame,"
    " NimGame",
    # 1, 2: a green game: stalks of 2 and 3 (*2 + *3 = *1: the student can win)
    "keys = HackenbushGame(Hackenbush([(0, 1), (1, 2), (0, 3), (3, 4), (4, 5)]), seed=2)\nkeys",
    "print('KEYS', repr(keys.position), keys.winner or 'playing', len(keys.log))",
    # 3, 4: a blank editor
    "editor = HackenbushEditor()\neditor",
    "print('EDITOR', repr(editor.position))",
    # 5: one edge of each colour, tall and apart, no labels
    "kinds = HackenbushGame(Hackenbush([(0, 1, 'blue'), (2, 3, 'red'), (4, 5, 'green')], "
    "ground=(0, 2, 4)), labels=False, seed=1,\n"
    "    layout={0: (160, 350), 1: (160, 60), 2: (320, 350), 3: (320, 60), 4: (480, 350),"
    " 5: (480, 60)})\nkinds",
    # 6, 7: the house game of lesson 05, normal and lecture
    "HackenbushGame(examples.house(), computer='perfect', seed=2022)",
    "HackenbushGame(examples.house(), computer='perfect', seed=2022, lecture=True)",
    # 8, 9: Nim and Hackendot games for the keyboard
    "nim = NimGame([1, 2, 3, 1], seed=4)\nnim",
    "dots = HackendotGame(Hackendot.path(4) , seed=3)\ndots",
    "print('GAMES', nim.winner or 'playing', dots.winner or 'playing')",
    # 11, 12: a Hackendot editor for the keyboard
    "forest = HackendotEditor()\nforest",
    "print('FOREST', list(forest.forest.parents), forest.value_text)",
]


def tab_to(page, start, target, limit=12) -> int:
    """Focus ``start`` (no mouse), press Tab until ``target`` has the focus; the presses."""
    start.focus()
    for k in range(1, limit + 1):
        page.keyboard.press("Tab")
        if target.evaluate("el => el === document.activeElement"):
            return k
    raise AssertionError(f"Tab did not reach the board in {limit} presses")


def test_a_whole_hackenbush_game_from_the_keyboard(book, artifacts):
    page = book.page
    root = page.locator("[data-testid=hb-game]").nth(0)
    board = root.locator("[data-testid=hb-board]")
    live = root.locator("[data-testid=hb-live]")
    root.scroll_into_view_if_needed()
    book.wait_count(board, ".cg-edge", 5)
    # the buttons have accessible names and show their shortcuts
    hint = root.locator("[data-testid=hb-hint]")
    assert hint.get_attribute("aria-label") and "key H" in hint.get_attribute("title")
    assert "key N" in root.locator("[data-testid=hb-restart]").get_attribute("title")
    presses = tab_to(page, hint, board)
    assert presses <= 6
    # focus is visible: the board's outline and a ring on the focused edge
    book.wait_count(board, "[data-testid=hb-focus]", 1)
    outline = board.evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline != "none"
    assert "edge 0" in live.text_content()
    book.screenshot(root, "a11y_keyboard_focus.png")
    # arrows move in a stable order: right to edge 1, left back to 0
    page.keyboard.press("ArrowRight")
    book.wait_until("([el]) => el.textContent.startsWith('edge 1,')", live)
    page.keyboard.press("ArrowLeft")
    book.wait_until("([el]) => el.textContent.startsWith('edge 0,')", live)
    # H asks for the hint: it names a winning cut
    page.keyboard.press("h")
    message = root.locator("[data-testid=hb-message]")
    book.wait_until("([el]) => el.textContent.startsWith('Hint')", message)
    winning = message.inner_text().split("cut edge ")[1].split()[0]
    # play the whole game: go to the hinted edge, cut; then cut whatever has the focus
    page.keyboard.press("Home")
    for _ in range(int(winning)):
        page.keyboard.press("ArrowRight")
    book.wait_until("([el, w]) => el.textContent.startsWith(`edge ${w},`)", live, winning)
    moves = 0
    while not root.get_attribute("data-winner"):
        n = root.locator("[data-testid=hb-log] li").count()
        page.keyboard.press("Enter")
        page.wait_for_function("([el, n]) => el.querySelectorAll('li').length > n",
                               arg=[root.locator("[data-testid=hb-log]").element_handle(), n])
        moves += 1
        assert moves < 6
        # every move is announced
        last = root.locator("[data-testid=hb-log] li").last.inner_text()
        book.wait_until("([el, t]) => el.textContent.includes(t)", live, last)
        if not root.get_attribute("data-winner"):
            # the next cut: ask for a hint and walk to it, from the keyboard
            page.keyboard.press("h")
            book.wait_until("([el]) => el.textContent.startsWith('Hint')", message)
            text = message.inner_text()
            if "cut edge " in text:
                target = text.split("cut edge ")[1].split()[0]
                page.keyboard.press("Home")
                for _ in range(12):
                    if live.text_content().startswith(f"edge {target},"):
                        break
                    page.keyboard.press("ArrowRight")
    assert root.get_attribute("data-winner") == "student"
    probe = book.probe(2, "KEYS")
    assert "student" in probe and probe.startswith("KEYS Hackenbush([]")
    assert "You win" in live.text_content()
    book.screenshot(root, "a11y_keyboard_won.png")


def test_the_editor_from_the_keyboard(book):
    page = book.page
    root = page.locator("[data-testid=hb-editor]").nth(0)
    board = root.locator("[data-testid=hb-board]")
    value = root.locator("[data-testid=hb-value]")
    live = root.locator("[data-testid=hb-live]")
    for name in ("green", "blue", "red"):
        swatch = root.locator(f"[data-testid=hb-colour-{name}]")
        assert name in swatch.get_attribute("aria-label")
        assert "key" in swatch.get_attribute("title")
    tab_to(page, root.locator("[data-testid=hb-labels]"), board)
    book.wait_until("([el]) => el.textContent.startsWith('node 0')", live)
    page.keyboard.press("Enter")                 # pick the ground node
    book.wait_count(board, ".cg-node.cg-selected", 1)
    page.keyboard.press("a")                     # grow an edge up from it
    book.wait_count(board, ".cg-edge", 1)
    page.keyboard.press("2")                     # blue
    page.keyboard.press("a")
    book.wait_count(board, ".cg-edge", 2)
    book.wait_until("([el]) => el.textContent.startsWith('Value')", live)
    assert board.locator(".cg-edge[data-colour='blue']").count() == 1
    assert value.inner_text() not in ("", "0")
    page.keyboard.press("Control+z")
    book.wait_count(board, ".cg-edge", 1)
    book.wait_text(value, "*1")
    assert "*1" in live.text_content()
    page.keyboard.press("Control+z")
    book.wait_count(board, ".cg-edge", 0)
    root.locator("[data-testid=hb-colour-green]").focus()
    page.keyboard.press("Enter")


def test_a_click_15_px_above_the_ground_plants_an_edge(book):
    root = book.page.locator("[data-testid=hb-editor]").nth(0)
    board = root.locator("[data-testid=hb-board]")
    root.scroll_into_view_if_needed()
    book.wait_count(board, ".cg-edge", 0)
    # the instructions say so
    assert "up to 20 px above it" in root.locator(".cg-help").first.inner_text()
    sx, sy = book.to_screen(board, 120, 350)     # the ground line, far from node 0
    book.page.mouse.click(sx, sy - 15)           # 15 screen pixels above it
    book.wait_count(board, ".cg-edge", 1)
    planted = board.locator(".cg-edge").first
    assert planted.get_attribute("data-colour") == "green"
    assert "EDITOR Hackenbush([(1, 2)], ground=(0, 1))" in book.probe(4, "EDITOR")


# -- colour-vision simulation -------------------------------------------------------

#: Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
MACHADO = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                   [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                     [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                   [0.004733, 0.691367, 0.303900]],
}
#: Two kinds are told apart if their inks differ by this ΔE (CIELAB) ...
DELTA_E = 20.0
#: ... or their line styles by this much (share of the line inked, or of a light stripe).
STYLE = 0.3


def _linear(srgb):
    c = srgb / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _srgb(lin):
    lin = np.clip(lin, 0, 1)
    return 255 * np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin ** (1 / 2.4) - 0.055)


def simulate(img, kind):
    """The picture as seen with a colour-vision deficiency, or in greyscale."""
    lin = _linear(img[..., :3].astype(float))
    if kind == "normal":
        out = lin
    elif kind == "greyscale":
        y = lin @ np.array([0.2126, 0.7152, 0.0722])
        out = np.repeat(y[..., None], 3, axis=-1)
    else:
        out = lin @ np.array(MACHADO[kind]).T
    return _srgb(out)


def lab(rgb):
    """CIELAB (D65) of sRGB values in 0..255."""
    lin = _linear(np.asarray(rgb, float))
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = lin @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]),
                     200 * (f[..., 1] - f[..., 2])], axis=-1)


def profile(img, p, q, half=9):
    """Samples across the line p→q at every pixel along it: (along, across, 3)."""
    p, q = np.asarray(p, float), np.asarray(q, float)
    length = np.linalg.norm(q - p)
    t = (q - p) / length
    n = np.array([-t[1], t[0]])
    along = np.arange(18, length - 18)          # away from the nodes at the ends
    across = np.arange(-half, half + 1)
    pts = p + along[:, None, None] * t + across[None, :, None] * n
    xs = np.clip(np.round(pts[..., 0]).astype(int), 0, img.shape[1] - 1)
    ys = np.clip(np.round(pts[..., 1]).astype(int), 0, img.shape[0] - 1)
    return img[ys, xs]


def measure(img, segments):
    """Ink colour (Lab), inked share and stripe share of each edge kind."""
    out = {}
    for colour, (p, q) in segments.items():
        samples = profile(img, p, q)
        L = lab(samples)[..., 0]
        background = np.median(np.concatenate([L[:, :2], L[:, -2:]], axis=1))
        dark = np.argmin(L, axis=1)                 # the inkiest pixel across
        depth = background - L[np.arange(len(L)), dark]
        inked = depth > 12                          # this step along the line carries ink
        c = L.shape[1] // 2
        centre = L[:, c - 1:c + 2].max(axis=1)        # the stripe, if any, is near the middle
        flank = np.minimum(L[:, :c - 1].min(axis=1), L[:, c + 2:].min(axis=1))
        stripe = inked & (centre - flank > 0.35 * (background - flank))
        ink = samples[np.arange(len(L)), dark][inked]
        out[colour] = {
            "lab": lab(ink.mean(axis=0)).tolist() if len(ink) else [background, 0, 0],
            "inked": float(inked.mean()),
            "stripe": float(stripe.mean()),
        }
    return out


def margins(img, segments):
    """For every simulation, the worst pair's margin (>= 1: the kinds stay apart)."""
    report = {}
    for kind in ("normal", "protanopia", "deuteranopia", "tritanopia", "greyscale"):
        m = measure(simulate(img, kind), segments)
        pairs = {}
        names = sorted(m)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                de = float(np.linalg.norm(np.subtract(m[a]["lab"], m[b]["lab"])))
                style = max(abs(m[a]["inked"] - m[b]["inked"]),
                            abs(m[a]["stripe"] - m[b]["stripe"]))
                pairs[f"{a}/{b}"] = {"dE": round(de, 1), "style": round(style, 2),
                                     "margin": round(max(de / DELTA_E, style / STYLE), 2)}
        report[kind] = {"pairs": pairs, "worst": min(p["margin"] for p in pairs.values()),
                        "kinds": {k: {"inked": round(v["inked"], 2),
                                      "stripe": round(v["stripe"], 2)} for k, v in m.items()}}
    return report


#: The old drawing: hues alone (the colours and solid lines before issue 28).
OLD_LOOK = """
.cg-widget { --cg-green: #1b9e3e; --cg-blue: #1f4fd1; --cg-red: #d7261e; }
.cg-edge-line.cg-red { stroke-dasharray: none !important; stroke-linecap: round; }
.cg-edge-line.cg-green { stroke-width: var(--cg-edge-w) !important; }
.cg-edge-stripe, .cg-legend { display: none !important; }
"""


def _shoot(book, root, board):
    from PIL import Image

    root.scroll_into_view_if_needed()
    book.page.mouse.move(0, 0)                  # nothing hovered
    png = board.screenshot()
    img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    box = board.bounding_box()
    segments = {}
    for colour in ("blue", "red", "green"):
        edge = board.locator(f".cg-edge[data-colour='{colour}']")
        ends = edge.evaluate(
            "(g) => { const d = g.querySelector('path').getAttribute('d')"
            ".match(/-?[\\d.]+/g).map(Number);"
            " const svg = g.ownerSVGElement, m = svg.getScreenCTM();"
            " const f = (x, y) => { const p = svg.createSVGPoint(); p.x = x; p.y = y;"
            " const q = p.matrixTransform(m); return [q.x, q.y]; };"
            " return [f(d[0], d[1]), f(d[d.length - 2], d[d.length - 1])]; }")
        segments[colour] = [(x - box["x"], y - box["y"]) for x, y in ends]
    return img, segments


def _save(img, path):
    from PIL import Image

    Image.fromarray(np.clip(img, 0, 255).astype("uint8")).save(path)


def test_edge_kinds_stay_apart_under_colour_blindness_and_greyscale(book, artifacts):
    page = book.page
    root = book.cell(5).locator("[data-testid=hb-game]")
    board = root.locator("[data-testid=hb-board]")
    book.wait_count(board, ".cg-edge", 3)
    legend = root.locator("[data-testid=hb-legend]")
    assert legend.inner_text().split("\n") == ["blue (B): solid line", "red (R): dashed line",
                                               "green (G): double line"]
    img, segments = _shoot(book, root, board)
    now = margins(img, segments)
    book.screenshot(root, "a11y_after_normal.png")
    for kind in ("deuteranopia", "greyscale", "protanopia", "tritanopia"):
        _save(simulate(img, kind), artifacts / f"a11y_after_{kind}.png")
    # the old drawing, for comparison: the same board with the old look
    style = page.add_style_tag(content=OLD_LOOK)
    page.wait_for_timeout(200)
    old_img, old_segments = _shoot(book, root, board)
    old = margins(old_img, old_segments)
    book.screenshot(root, "a11y_before_normal.png")
    for kind in ("deuteranopia", "greyscale", "protanopia", "tritanopia"):
        _save(simulate(old_img, kind), artifacts / f"a11y_before_{kind}.png")
    style.evaluate("el => el.remove()")
    (artifacts / "a11y_margins.json").write_text(json.dumps({"now": now, "old": old}, indent=1))
    # every pair of kinds stays apart in every simulation, now ...
    worst = {k: v["worst"] for k, v in now.items()}
    assert all(m >= 1 for m in worst.values()), json.dumps(now, indent=1)
    # ... and the line styles differ by themselves (colour aside)
    assert now["greyscale"]["kinds"]["red"]["inked"] < 0.8
    assert now["greyscale"]["kinds"]["green"]["stripe"] > 0.5
    # the measurement can fail: the old drawing does
    assert min(v["worst"] for v in old.values()) < 1, json.dumps(old, indent=1)


@pytest.mark.parametrize("cell", [6, 7])
def test_house_game_labels_clear_of_nodes_and_of_each_other(book, artifacts, cell):
    root = book.cell(cell).locator("[data-testid=hb-game]")
    board = root.locator("[data-testid=hb-board]")
    root.scroll_into_view_if_needed()
    book.wait_count(board, ".cg-edge-label", 16)
    found = board.evaluate("""(svg) => {
      const m = svg.getScreenCTM();
      const rect = (el) => { const r = el.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom]; };
      const labels = [...svg.querySelectorAll('.cg-edge-label')]
        .map((t) => [t.textContent, rect(t)]);
      const nodes = [...svg.querySelectorAll('.cg-node .cg-node-dot')].map((c) => {
        const r = c.getBoundingClientRect();
        return [(r.left + r.right) / 2, (r.top + r.bottom) / 2, (r.right - r.left) / 2]; });
      const view = svg.getBoundingClientRect();
      return { labels, nodes, view: [view.left, view.top, view.right, view.bottom] };
    }""")
    # text boxes shrunk by a pixel: glyph boxes of neighbours may touch, not overlap
    boxes = [(name, (b[0] + 1, b[1] + 1, b[2] - 1, b[3] - 1)) for name, b in found["labels"]]
    clashes = []
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1:]:
            if ba[0] < bb[2] and bb[0] < ba[2] and ba[1] < bb[3] and bb[1] < ba[3]:
                clashes.append((a, b))
        for x, y, r in found["nodes"]:
            cx, cy = min(max(x, ba[0]), ba[2]), min(max(y, ba[1]), ba[3])
            if (cx - x) ** 2 + (cy - y) ** 2 < r * r:
                clashes.append((a, "node"))
        v = found["view"]
        if ba[0] < v[0] or ba[2] > v[2] or ba[1] < v[1] or ba[3] > v[3]:
            clashes.append((a, "border"))
    book.screenshot(root, f"a11y_house_labels_{cell}.png")
    assert not clashes, clashes


def test_whole_nim_and_hackendot_games_from_the_keyboard(book):
    page = book.page
    nim = page.locator("[data-testid=nim-game]")
    board = nim.locator("[data-testid=nim-board]")
    live = nim.locator("[data-testid=nim-live]")
    nim.scroll_into_view_if_needed()
    assert "key H" in nim.locator("[data-testid=nim-hint-button]").get_attribute("title")
    # Tab from the last control before the board (the rule line has none): the board
    assert board.get_attribute("tabindex") == "0"
    board.focus()
    book.wait_count(board, "[data-testid=nim-focus]", 1)
    for _ in range(30):
        if nim.get_attribute("data-winner"):
            break
        page.keyboard.press("h")                    # the hint marks a winning move, if any
        book.wait_until("([el]) => el.textContent.startsWith('Hint')",
                        nim.locator("[data-testid=nim-message]"))
        marked = board.locator(".nim-stone.hint")
        target = marked.first.get_attribute("data-testid") if marked.count() else None
        page.keyboard.press("Home")
        if target:
            for _ in range(20):
                if board.locator(f"[data-testid={target}].focus").count():
                    break
                page.keyboard.press("ArrowRight")
        before = board.locator(".nim-stone").count()
        page.keyboard.press("Enter")
        page.wait_for_function("([el, n]) => el.querySelectorAll('.nim-stone').length < n",
                               arg=[board.element_handle(), before])
        book.wait_until("([el]) => el.textContent.includes('You took')", live)
    assert nim.get_attribute("data-winner") == "you"

    dots = page.locator("[data-testid=hd-game]")
    dboard = dots.locator("[data-testid=hd-board]")
    dlive = dots.locator("[data-testid=hd-live]")
    dots.scroll_into_view_if_needed()
    tab_to(page, dots.locator("[data-testid=hd-hint]"), dboard)
    book.wait_count(dboard, "[data-testid=hd-focus]", 1)
    page.keyboard.press("End")                      # a path of 4 is *4: take the top node
    book.wait_until("([el]) => el.textContent.startsWith('node 3')", dlive)
    page.keyboard.press("Enter")
    page.wait_for_function("el => el.dataset.winner", arg=dots.element_handle())
    assert dots.get_attribute("data-winner") == "student"
    assert "You win" in dlive.text_content()
    assert book.probe(10, "GAMES") == "GAMES you student"


def test_the_hackendot_editor_from_the_keyboard(book):
    page = book.page
    root = page.locator("[data-testid=hd-editor]")
    board = root.locator("[data-testid=hd-board]")
    live = root.locator("[data-testid=hd-live]")
    root.scroll_into_view_if_needed()
    assert "key A" in root.locator("[data-testid=hd-tool-add]").get_attribute("title")
    tab_to(page, root.locator("[data-testid=hd-labels]"), board)
    page.keyboard.press("p")                     # plant a tree
    book.wait_count(board, ".cg-dot-node", 1)
    page.keyboard.press("Home")
    page.keyboard.press("Enter")                 # give node 0 a child
    book.wait_count(board, ".cg-dot-node", 2)
    page.keyboard.press("End")
    book.wait_until("([el]) => el.textContent.startsWith('node 1')", live)
    page.keyboard.press("Enter")                 # and node 1 a child: a path of 3
    book.wait_count(board, ".cg-dot-node", 3)
    book.wait_until("([el]) => el.textContent.includes('Value *3')", live)
    book.wait_count(board, "[data-testid=hd-focus]", 1)
    assert book.probe(12, "FOREST") == "FOREST [None, 0, 1] *3"
