"""Colour is never the only signal (issue 28): measured on the pixels.

Lesson figures are rendered as Jupyter shows them (Agg, 100 dpi), then
each picture is seen as a reader with protanopia, deuteranopia or
tritanopia would see it (the Machado, Oliveira and Fernandes 2009
matrices at severity 1.0, applied in linear RGB) and in greyscale
(a washed-out projector, a photocopy).  In every one of those pictures:

* every edge is still seen against the white page (contrast at least 3:1,
  the WCAG rule for graphics);
* the **line style alone** tells the three kinds apart: walking along each
  edge, the share of samples with ink (a dashed line has gaps) and the share
  whose centre is lighter than its two sides (the stripe of a double line)
  put every edge in its own kind, with a margin;
* under the three colour-vision deficiencies the hues stay apart too.

The thresholds are margins on measured quantities, so the test fails on
the old drawing (three solid lines told apart by hue alone); see
``test_the_old_drawing_fails``.
"""

from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from cgteach.draw import _style  # noqa: E402
from cgteach.draw import hackenbush as dh  # noqa: E402
from cgteach.draw import hackendot as dd  # noqa: E402
from cgteach.hackenbush import Hackenbush  # noqa: E402

DPI = 100

#: Machado et al. (2009), severity 1.0; rows give the simulated linear R, G, B.
MACHADO = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
VISIONS = ["normal", *MACHADO, "greyscale"]

# Margins the drawing must keep (see the module docstring).
MIN_INK_CONTRAST = 3.0      # edge against the page, WCAG 2.1 non-text contrast
MIN_STYLE_MARGIN = 0.15     # distance of each edge's signature from the other kinds' boxes
MIN_HUE_DELTA_E = 12.0      # CIE76 ΔE between the kinds' inks under each deficiency


# ---------------------------------------------------------------- pixels
def _to_linear(c):
    c = np.asarray(c, dtype=float)
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _to_srgb(c):
    c = np.clip(c, 0.0, 1.0)
    return np.where(c <= 0.0031308, 12.92 * c, 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(rgb, vision):
    """``rgb`` (…×3, sRGB in 0..1) as seen with ``vision``."""
    if vision == "normal":
        return np.asarray(rgb, dtype=float)
    lin = _to_linear(rgb)
    if vision == "greyscale":
        y = lin @ np.array([0.2126, 0.7152, 0.0722])
        return _to_srgb(np.stack([y, y, y], axis=-1))
    return _to_srgb(lin @ MACHADO[vision].T)


def luminance(rgb):
    return _to_linear(rgb) @ np.array([0.2126, 0.7152, 0.0722])


def contrast(y1, y2):
    hi, lo = max(y1, y2), min(y1, y2)
    return (hi + 0.05) / (lo + 0.05)


def lab(rgb):
    lin = _to_linear(np.asarray(rgb, dtype=float))
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                  [0.0193, 0.1192, 0.9505]])
    xyz = lin @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def render(fig):
    fig.set_dpi(DPI)
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[..., :3].astype(float) / 255.0


# ---------------------------------------------------------------- measuring edges
def _resample(px, step=1.0):
    """Points every ``step`` pixels along the polyline ``px`` (n×2): points, normals, t."""
    seg = np.diff(px, axis=0)
    lengths = np.hypot(seg[:, 0], seg[:, 1])
    keep = lengths > 1e-9
    seg, lengths, starts = seg[keep], lengths[keep], px[:-1][keep]
    cum = np.concatenate([[0.0], np.cumsum(lengths)])
    total = cum[-1]
    s = np.arange(0.0, total, step)
    k = np.clip(np.searchsorted(cum, s, side="right") - 1, 0, len(seg) - 1)
    t = (s - cum[k]) / lengths[k]
    points = starts[k] + t[:, None] * seg[k]
    d = seg[k] / lengths[k][:, None]
    normals = np.column_stack([-d[:, 1], d[:, 0]])
    return points, normals, s / total


def edge_signature(image, grey, ax, xs, ys, lw_px, avoid):
    """(ink share, stripe share, mean ink colour) measured along one drawn edge.

    Samples are taken every pixel along the middle 70 % of the edge, away from
    nodes and text (``avoid``: boxes in pixel coordinates).  At each sample
    the profile across the edge is read: ink is there when the darkest pixel
    of the profile is clearly darker than the page (contrast 1.5:1); the
    sample is striped when its centre is lighter than the darkest pixel on
    each side.
    """
    height, width = grey.shape
    pts = ax.transData.transform(np.column_stack([xs, ys]))
    pts[:, 1] = height - pts[:, 1]
    points, normals, t = _resample(pts)
    ok = (t >= 0.15) & (t <= 0.85)
    for x0, y0, x1, y1 in avoid:
        ok &= ~((points[:, 0] >= x0 - 3) & (points[:, 0] <= x1 + 3)
                & (points[:, 1] >= y0 - 3) & (points[:, 1] <= y1 + 3))
    points, normals = points[ok], normals[ok]
    half = max(2.0, lw_px * 0.9)
    offsets = np.arange(-half, half + 0.01, 0.5)
    q = points[:, None, :] + offsets[None, :, None] * normals[:, None, :]
    cols, rows = np.rint(q[..., 0]).astype(int), np.rint(q[..., 1]).astype(int)
    inside = ((rows >= 0) & (rows < height) & (cols >= 0) & (cols < width)).all(axis=1)
    rows, cols = rows[inside], cols[inside]
    n = len(rows)
    if n < 20:
        return None
    values = grey[rows, cols]                      # n × k
    darkest = values.min(axis=1)
    y_dark = darkest ** 2                          # grey is the square root of luminance
    inked = (1.0 + 0.05) / (y_dark + 0.05) >= 1.5
    centre = values[:, np.abs(offsets) <= 0.5].max(axis=1)
    left = values[:, offsets < -0.5].min(axis=1)
    right = values[:, offsets > 0.5].min(axis=1)
    striped = inked & (centre - np.maximum(left, right) > 0.08)
    ink = int(inked.sum())
    if ink:
        k = values.argmin(axis=1)
        colour = image[rows[np.arange(n), k], cols[np.arange(n), k]][inked].mean(axis=0)
    else:
        colour = None
    return ink / n, int(striped.sum()) / max(ink, 1), colour


#: Where each kind's signature (ink share, stripe share) must lie.
BOXES = {"blue": ((0.9, 1.0), (0.0, 0.25)),
         "red": ((0.4, 0.75), (0.0, 0.25)),
         "green": ((0.9, 1.0), (0.65, 1.0))}


def style_margin(signature, kind):
    """How far ``signature`` is from every other kind's box (< 0 when outside its own box).

    The distance is the larger of the two coordinate gaps (Chebyshev), so a
    margin of 0.15 means the nearest other kind would need 15 % more (or
    fewer) inked or striped samples.
    """
    def gap(box, s):
        (a0, a1), (b0, b1) = box
        return max(a0 - s[0], s[0] - a1, b0 - s[1], s[1] - b1, 0.0)
    if gap(BOXES[kind], signature) > 0:
        return -gap(BOXES[kind], signature)
    return min(gap(BOXES[k], signature) for k in BOXES if k != kind)


def seen_as(fig, vision):
    """``fig`` rendered and seen with ``vision``: the image, and its perceptual grey."""
    image = simulate(render(fig), vision)
    return image, np.sqrt(np.clip(luminance(image), 0, 1))   # grey in 0..1


def measure(fig, ax, position, vision, seen=None):
    """Per edge: kind, signature, ink contrast, mean ink colour; under ``vision``.

    ``seen``: ``seen_as(fig, vision)`` when the caller has it already (the panels of
    one figure share one rendering).
    """
    from cgteach.draw.hackenbush import _Geometry

    image, grey = seen_as(fig, vision) if seen is None else seen
    geometry = _Geometry(position)
    lw_px = _style.STYLE["line"] * 1.4 * DPI / 72
    renderer = fig.canvas.get_renderer()
    h = image.shape[0]
    avoid = []
    for text in ax.texts:
        bb = text.get_window_extent(renderer)
        avoid.append((bb.x0, h - bb.y1, bb.x1, h - bb.y0))
    node_r = math.sqrt(_style.STYLE["node"]) * DPI / 72
    for x, y in ax.transData.transform(list(geometry.coords.values()) or np.zeros((0, 2))):
        avoid.append((x - node_r, h - y - node_r, x + node_r, h - y + node_r))
    out = []
    for i, (_, _, kind) in enumerate(position.edges):
        xs, ys = geometry.paths[i]
        sig = edge_signature(image, grey, ax, xs, ys, lw_px, avoid)
        if sig is None:
            continue
        ink, stripe, colour = sig
        y_ink = luminance(colour) if colour is not None else 1.0
        out.append({"edge": i, "kind": kind, "signature": (ink, stripe),
                    "contrast": contrast(1.0, y_ink), "colour": colour,
                    "margin": style_margin((ink, stripe), kind)})
    return out


# ---------------------------------------------------------------- lesson figures
def _lesson_figures():
    """Lesson drawings with every kind of edge: (name, position)."""
    from cgteach.hackenbush.examples import house

    green_blue = Hackenbush([(0, 1, "green"), (1, 2, "blue")])
    return {
        # lesson 05: the house, all green
        "05 house": house(),
        # lesson 06: the blue-red tree and a stalk with a loop
        "06 tree": Hackenbush([(0, 1, "blue"), (1, 2, "red"), (1, 3, "blue"), (3, 4, "red"),
                               (2, 3, "blue"), (2, 5, "red")]),
        # lesson 08: position_3, every colour
        "08 mixed": Hackenbush([(0, 1, "blue"), (1, 2, "green"), (2, 3, "red"),
                                (0, 4, "green"), (4, 5, "blue"), (0, 6, "red"),
                                (6, 7, "green")]) + green_blue,
    }


@pytest.fixture(autouse=True)
def _clean():
    yield
    plt.close("all")
    _style.lecture_mode(False)


def _draw(position, lecture, labels):
    with _style.lecture_mode(lecture):
        ax = dh.draw_position(position, labels=labels)
        return ax.figure, ax, _style.STYLE["line"]


def _check(rows, vision, name):
    assert rows, f"{name}: no edge could be measured"
    for row in rows:
        where = f"{name}, {vision}, edge {row['edge']} ({row['kind']})"
        assert row["contrast"] >= MIN_INK_CONTRAST, (
            f"{where}: ink contrast {row['contrast']:.2f} < {MIN_INK_CONTRAST}")
        assert row["margin"] >= MIN_STYLE_MARGIN, (
            f"{where}: line-style signature {row['signature']} is not its kind's "
            f"(margin {row['margin']:.2f} < {MIN_STYLE_MARGIN})")
    if vision in MACHADO:
        inks = {}
        for row in rows:
            if row["colour"] is not None:
                inks.setdefault(row["kind"], []).append(row["colour"])
        means = {k: lab(np.mean(v, axis=0)) for k, v in inks.items()}
        kinds = sorted(means)
        for a in range(len(kinds)):
            for b in range(a + 1, len(kinds)):
                d = float(np.linalg.norm(means[kinds[a]] - means[kinds[b]]))
                assert d >= MIN_HUE_DELTA_E, (
                    f"{name}, {vision}: {kinds[a]} and {kinds[b]} inks only ΔE {d:.1f} apart")


@pytest.mark.parametrize("lecture", [False, True], ids=["normal", "lecture"])
@pytest.mark.parametrize("name", list(_lesson_figures()))
def test_lesson_figures_survive_every_vision(name, lecture):
    position = _lesson_figures()[name]
    fig, ax, _ = _draw(position, lecture, labels=True)
    for vision in VISIONS:
        _check(measure(fig, ax, position, vision), vision, name)


def test_reduction_steps_survive_every_vision():
    from cgteach.hackenbush.examples import house

    h = house()
    steps = h.reduction_steps()
    axes = dh.draw_steps(steps, start=h)
    positions = [h, *(s.position for s in steps)]
    # The panels share one figure: render it once, see it once with each vision.
    (fig,) = {ax.figure for ax in axes}
    seen = {vision: seen_as(fig, vision) for vision in ("deuteranopia", "greyscale")}
    for ax, position in zip(axes, positions, strict=True):
        for vision in seen:
            rows = measure(fig, ax, position, vision, seen[vision])
            if rows:
                _check(rows, vision, f"step panel {ax.get_title()}")


def test_every_figure_with_edges_has_a_legend_naming_each_kind():
    position = _lesson_figures()["08 mixed"]
    ax = dh.draw_position(position)
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert texts == ["B blue: solid line", "R red: dashed line", "G green: double line"]
    fig = dh.draw_steps([], start=_lesson_figures()["05 house"])[0].figure
    assert [t.get_text() for t in fig.legends[0].get_texts()] == ["G green: double line"]


def test_hackendot_colouring_and_moves_survive_every_vision():
    """White and black nodes, and the nodes a move deletes, read without colour."""
    from cgteach.hackendot import Hackendot

    forest = Hackendot.figure1()
    ax = dd.draw_forest(forest, coloring=True, highlight=forest.winning_moves()[0])
    fig = ax.figure
    image = render(fig)
    h = image.shape[0]
    coloring = forest.coloring()
    gone = set(forest.path_to_root(forest.winning_moves()[0]))
    pos = dd.layout(forest)
    size = dd._node_size(False)
    node_r = math.sqrt(size) / 2 * DPI / 72
    halo_r = math.sqrt(size * 2.3) / 2 * DPI / 72
    for vision in VISIONS:
        sim = simulate(image, vision)
        y = luminance(sim)
        whites, blacks, rims_gone, rims_kept = [], [], [], []
        for i, (px, py) in pos.items():
            cx, cy = ax.transData.transform((px, py))
            r, c = int(round(h - cy)), int(round(cx))
            centre = y[r - 1:r + 2, c - 1:c + 2].mean()
            (blacks if coloring[i] == "black" else whites).append(centre)
            ring = [y[int(round(h - cy - halo_r * math.sin(a))),
                      int(round(cx + halo_r * math.cos(a)))]
                    for a in np.linspace(0, 2 * math.pi, 90, endpoint=False)]
            (rims_gone if i in gone else rims_kept).append(min(ring))
        assert node_r > 2
        worst = min(contrast(w, b) for w in whites for b in blacks)
        assert worst >= 7.0, f"{vision}: white/black nodes only {worst:.1f}:1"
        page = 1.0
        rim = min(contrast(page, v) for v in rims_gone)
        assert rim >= MIN_INK_CONTRAST, f"{vision}: a deleted node's rim only {rim:.2f}:1"


def _old_draw_edge(ax, xs, ys, colour, lw, zorder=3, **options):
    """The drawing before issue 28: a plain solid line in the old hues."""
    old = {"green": "#1b9e3e", "blue": "#1f4fd1", "red": "#d7261e"}
    return ax.plot(xs, ys, color=old[colour], lw=lw, solid_capstyle="round", zorder=zorder,
                   **options)


def _old_draw_edges(ax, edges, lw, zorder=3):
    return [line for xs, ys, colour in edges for line in _old_draw_edge(ax, xs, ys, colour, lw,
                                                                        zorder)]


def test_the_old_drawing_fails(monkeypatch):
    """The check can fail: hue-only solid edges are caught in greyscale and deuteranopia."""
    monkeypatch.setattr(dh, "draw_edges", _old_draw_edges)
    position = _lesson_figures()["08 mixed"]
    fig, ax, _ = _draw(position, False, labels=False)
    for vision in ("deuteranopia", "greyscale"):
        with pytest.raises(AssertionError, match="signature|ΔE"):
            _check(measure(fig, ax, position, vision), vision, "old drawing")


def report(names=None):
    """Print the measured signatures and margins (used for the issue's note)."""
    for name, position in _lesson_figures().items():
        if names and name not in names:
            continue
        for lecture in (False, True):
            fig, ax, _ = _draw(position, lecture, labels=True)
            for vision in VISIONS:
                rows = measure(fig, ax, position, vision)
                by_kind = {}
                for row in rows:
                    by_kind.setdefault(row["kind"], []).append(row)
                parts = []
                for kind, rs in sorted(by_kind.items()):
                    ink = np.mean([r["signature"][0] for r in rs])
                    stripe = np.mean([r["signature"][1] for r in rs])
                    parts.append(f"{kind}: ink {ink:.2f} stripe {stripe:.2f} "
                                 f"min margin {min(r['margin'] for r in rs):.2f} "
                                 f"min contrast {min(r['contrast'] for r in rs):.2f}")
                print(f"{name:9} {'lecture' if lecture else 'normal ':7} {vision:12} "
                      + " | ".join(parts))
            plt.close("all")
