"""Pictures of Hackenbush positions and of the green reduction steps.

The **ground** is a thick brown line at the bottom with its nodes on it;
every other node stands above the ground at a height equal to its distance
from the ground (in edges), so trees grow upward and a stalk is a straight
column.  Edges are drawn in their colours (green, blue, red), a loop as a
petal leaving its node in a free direction (its label sits just beyond the
tip), and parallel edges as arcs bent apart.

Offers :func:`layout` (node coordinates), :func:`draw_position`,
:func:`draw_steps` (a strip of reduction steps with their descriptions) and
:func:`png` (the picture a position shows in a notebook).

A position of more than :data:`MAX_DRAWN_EDGES` edges is not drawn edge by
edge (that would take many seconds and no reader could tell the edges apart):
the picture is a **summary** instead, a bar of its edge colours with the counts.
"""

from __future__ import annotations

import io
import math
import numbers

from cgteach._validate import show as _show
from cgteach.draw._style import (
    COLOURS,
    STYLE,
    _cell_width_points,
    check_ax,
    decorate,
    detached_figure,
    draw_edges,
    edge_legend,
    fit_text_width,
    hide_axis,
    new_axes,
    new_figure,
    place_labels,
)
from cgteach.hackenbush.position import MAX_DRAWN_EDGES

__all__ = ["MAX_DRAWN_EDGES", "MAX_STEP_COLUMNS", "layout", "draw_position", "draw_summary",
           "draw_steps", "png"]

#: :func:`draw_steps` puts at most this many panels in a row.
MAX_STEP_COLUMNS = 12

_LOOP_LENGTH = 0.62  # in layout units: the distance between layers is 1
_LOOP_HALF_ANGLE = math.radians(34)
_MIN_GAP = 0.9


def _neighbours(position):
    nbrs = {x: [] for x in position.nodes}
    for u, v, _ in position.edges:
        if u != v:
            nbrs[u].append(v)
            nbrs[v].append(u)
    return nbrs


class _Geometry:
    """Where everything goes: node coordinates and the points of every edge."""

    def __init__(self, position):
        self.position = position
        ground = set(position.ground)
        self.ground = ground
        edges = position.edges
        nbrs = _neighbours(position)
        # The ground is all one (ground fusion), so every edge touching it gets its
        # own anchor on the ground line.  Breadth-first from the whole ground:
        depth, parent, order, top = {}, {}, [], []
        down: dict = {}  # non-ground node -> its edges to the ground
        for i, (u, v, _) in enumerate(edges):
            if u in ground and v in ground:
                top.append(("edge", i))
            elif u in ground or v in ground:
                y = v if u in ground else u
                down.setdefault(y, []).append(i)
                if y not in depth:
                    depth[y], parent[y] = 1, None
                    order.append(y)
                    top.append(("node", y))
        k = 0
        while k < len(order):
            x = order[k]
            k += 1
            for y in nbrs[x]:
                if y not in depth and y not in ground:
                    depth[y], parent[y] = depth[x] + 1, x
                    order.append(y)
        children = {x: [] for x in order}
        for x in order:
            if parent[x] is not None:
                children[parent[x]].append(x)
        width = {}
        for x in reversed(order):
            own = 0.35 * len(down.get(x, ())) + 0.3
            width[x] = max(1.0, own, sum(width[c] for c in children[x]))
        xs: dict = {}
        slot: dict = {}  # ground loop or ground-to-ground edge -> its x
        left = 0.0
        for kind, item in top:
            w = width[item] if kind == "node" else 0.9
            if kind == "node":
                xs[item] = left + w / 2
            else:
                slot[item] = left + w / 2
            left += w
        for x in order:
            start = xs[x] - width[x] / 2
            for c in children[x]:
                xs[c] = start + width[c] / 2
                start += width[c]

        def shift(x, dx):
            todo = [x]
            while todo:
                z = todo.pop()
                xs[z] += dx
                todo.extend(children[z])

        # A node held up by several nodes below it goes to their average.
        for x in order:
            below = [xs[y] for y in dict.fromkeys(nbrs[x])
                     if y not in ground and depth[y] == depth[x] - 1]
            if len(below) > 1:
                shift(x, sum(below) / len(below) - xs[x])
        # Keep the nodes of one layer apart, in their order.
        layers: dict = {}
        for x in order:
            layers.setdefault(depth[x], []).append(x)
        for row in layers.values():
            row.sort(key=lambda z: xs[z])
            for a, b in zip(row, row[1:], strict=False):
                if xs[b] - xs[a] < _MIN_GAP:
                    shift(b, xs[a] + _MIN_GAP - xs[b])
        self.coords = {x: (float(xs[x]), float(depth[x])) for x in order}
        # Edges.
        paths: dict = {}
        self.loop_tips: dict = {}  # loop index -> (x, y, direction) of its node
        anchors: dict = {g: [] for g in position.ground}
        for y, indices in down.items():
            m = len(indices)
            x0, y0 = self.coords[y]
            for j, i in enumerate(indices):
                ax_ = x0 + (j - (m - 1) / 2) * 0.32
                paths[i] = ([ax_, x0], [0.0, y0])
                u, v, _ = edges[i]
                anchors[u if u in ground else v].append(ax_)
        for i, x0 in slot.items():
            u, v, _ = edges[i]
            if u == v:
                paths[i] = _petal(x0, 0.0, math.pi / 2)
                self.loop_tips[i] = (x0, 0.0, math.pi / 2)
                anchors[u].append(x0)
            else:
                paths[i] = _bezier((x0 - 0.3, 0.0), (x0 + 0.3, 0.0), 0.3)
                anchors[u].append(x0 - 0.3)
                anchors[v].append(x0 + 0.3)
        groups: dict = {}
        loops: dict = {}
        for i, (u, v, _) in enumerate(edges):
            if u in ground or v in ground:
                continue
            if u == v:
                loops.setdefault(u, []).append(i)
            else:
                a, b = (u, v) if repr(u) <= repr(v) else (v, u)
                groups.setdefault((a, b), []).append(i)
        for (a, b), indices in groups.items():
            p, q = self.coords[a], self.coords[b]
            if p[0] > q[0] or (p[0] == q[0] and p[1] > q[1]):
                p, q = q, p
            span = math.hypot(q[0] - p[0], q[1] - p[1])
            step = 0.22 * min(1.0, span)
            m = len(indices)
            for j, i in enumerate(indices):
                bend = (j - (m - 1) / 2) * step
                paths[i] = _bezier(p, q, bend) if bend else ([p[0], q[0]], [p[1], q[1]])
        for node, indices in loops.items():
            angles, half = _loop_angles(node, len(indices), self.coords, nbrs)
            x0, y0 = self.coords[node]
            for i, a in zip(indices, angles, strict=True):
                paths[i] = _petal(x0, y0, a, half)
                self.loop_tips[i] = (x0, y0, a)
        self.paths = paths
        self.anchors = anchors
        spare = left
        for g in position.ground:
            if not anchors[g]:
                anchors[g].append(spare + 0.45)
                spare += 0.9
        xs_all = [p[0] for p in self.coords.values()]
        xs_all += [x for a in anchors.values() for x in a]
        self.left = min(xs_all) - 0.6
        self.right = max(xs_all) + 0.6
        # Leave room for loops (and their labels) sticking out of the picture.
        reach = _LOOP_LENGTH + 0.25
        tips = [(x + reach * math.cos(a), y + reach * math.sin(a))
                for x, y, a in self.loop_tips.values()]
        if tips:
            self.left = min(self.left, min(t[0] for t in tips) - 0.2)
            self.right = max(self.right, max(t[0] for t in tips) + 0.2)
        self.top = max([p[1] for p in self.coords.values()] + [t[1] for t in tips] + [0.0])


def _check_position(position, caller):
    """Raise ``TypeError`` unless ``position`` is a Hackenbush position."""
    from cgteach.hackenbush.position import Hackenbush

    if not isinstance(position, Hackenbush):
        raise TypeError(f"{caller}() needs a Hackenbush position, got {_show(position)} "
                        f"of type {type(position).__name__}")
    return position


def layout(position) -> dict:
    """Coordinates ``{node: (x, y)}`` for drawing ``position``; deterministic.

    The ground is one long node (ground fusion), drawn as a line: every
    edge that touches it gets its own anchor point, and a ground node's
    coordinates are the average of its anchors, on ``y = 0``.  Any other
    node's height is its distance from the ground, so trees grow upward.
    Room across is shared out by a breadth-first tree grown from the
    ground (each subtree as wide as its number of leaves); then a node
    resting on several nodes below it (a roof top, the far side of a
    circuit) moves, with all it carries, to their average.

    >>> from cgteach.hackenbush import Hackenbush
    >>> layout(Hackenbush([(0, 1), (1, 2), (1, 3)]))
    {0: (1.0, 0.0), 1: (1.0, 1.0), 2: (0.5, 2.0), 3: (1.5, 2.0)}
    """
    _check_position(position, "layout")
    geometry = _Geometry(position)
    out = {}
    for x in position.nodes:
        if x in geometry.ground:
            a = geometry.anchors[x]
            out[x] = (float(sum(a) / len(a)), 0.0)
        else:
            out[x] = geometry.coords[x]
    return out


def _bezier(p, q, bend, samples=24):
    """Points of a quadratic curve from ``p`` to ``q`` bulging ``bend`` to its left."""
    (x0, y0), (x1, y1) = p, q
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    cx, cy = mx + 2 * bend * nx, my + 2 * bend * ny
    xs, ys = [], []
    for k in range(samples + 1):
        t = k / samples
        a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t * t
        xs.append(a * x0 + b * cx + c * x1)
        ys.append(a * y0 + b * cy + c * y1)
    return xs, ys


def _petal(x0, y0, direction, half_angle=_LOOP_HALF_ANGLE, samples=48):
    """A loop drawn as a petal: it leaves the node and comes back, pointing ``direction``.

    In polar coordinates about the node, r = L cos(π (t - direction) / (2 h))
    for t within h = ``half_angle`` of ``direction``, so two loops whose
    directions differ by at least 2h never cross.
    """
    h = half_angle
    xs, ys = [], []
    for k in range(samples + 1):
        t = direction - h + 2 * h * k / samples
        r = _LOOP_LENGTH * math.cos(math.pi * (t - direction) / (2 * h))
        xs.append(x0 + r * math.cos(t))
        ys.append(y0 + r * math.sin(t))
    return xs, ys


def _loop_angles(node, count, coords, nbrs):
    """Directions (radians) for ``count`` loops at ``node``, and a petal half-angle.

    Each gap between neighbouring edge directions gets loops in proportion to
    its width, spread evenly across it; with no edges, the loops fan out
    around straight up.  The half-angle is as wide as the closest pair of
    directions (edges and loops) allows, so petals never cross an edge or
    each other.
    """
    x0, y0 = coords[node]
    taken = sorted(
        math.atan2((coords[y][1] if y in coords else 0.0) - y0,
                   (coords[y][0] if y in coords else x0) - x0) % (2 * math.pi)
        for y in nbrs[node])
    if not taken:
        angles = [math.pi / 2 + 2 * math.pi * (k - (count - 1) / 2) / max(count, 3)
                  for k in range(count)]
        return angles, _half_angle(angles)
    gaps = []
    for k, a in enumerate(taken):
        b = taken[(k + 1) % len(taken)] + (2 * math.pi if k + 1 == len(taken) else 0.0)
        gaps.append([a, b - a, 0])
    for _ in range(count):
        best = max(gaps, key=lambda g: (g[1] / (g[2] + 1), math.sin(g[0] + g[1] / 2)))
        best[2] += 1
    angles = []
    for start, width, n in gaps:
        angles += [start + width * (k + 1) / (n + 1) for k in range(n)]
    return angles, _half_angle(angles + taken)


def _half_angle(directions):
    """The widest petal half-angle (up to the default) that keeps petals apart."""
    ds = sorted(a % (2 * math.pi) for a in directions)
    if len(ds) < 2:
        return _LOOP_HALF_ANGLE
    closest = min((b - a) % (2 * math.pi) or 2 * math.pi for a, b in zip(ds, ds[1:] + ds[:1],
                                                                        strict=True))
    return max(math.radians(12), min(_LOOP_HALF_ANGLE, 0.45 * closest))


def _free_direction(geometry, node):
    """The middle of the widest gap between the drawn edges at ``node`` (radians).

    Node names go there, away from the edges and their labels; ties prefer
    the upper left.
    """
    x0, y0 = geometry.coords[node]
    taken = []
    for i, (u, v, _) in enumerate(geometry.position.edges):
        if node not in (u, v):
            continue
        xs, ys = geometry.paths[i]
        if u == v:
            taken.append(geometry.loop_tips[i][2])
            continue
        # the drawn point of the edge a little way out from this node
        starts_here = math.hypot(xs[0] - x0, ys[0] - y0) < 1e-9
        k = min(2, len(xs) - 1) if starts_here else max(-3, -len(xs))
        other = (xs[k], ys[k])
        taken.append(math.atan2(other[1] - y0, other[0] - x0))
    if not taken:
        return math.radians(135)
    taken = sorted(a % (2 * math.pi) for a in taken)
    best, best_key = math.radians(135), None
    for a, b in zip(taken, taken[1:] + [taken[0] + 2 * math.pi], strict=True):
        width = b - a if len(taken) > 1 else 2 * math.pi
        mid = a + width / 2
        key = (round(width, 3), -abs(((mid - math.radians(135)) + math.pi) % (2 * math.pi)
                                     - math.pi))
        if best_key is None or key > best_key:
            best, best_key = mid, key
    return best


def _midpoint(xs, ys):
    if len(xs) == 2:
        return (xs[0] + xs[1]) / 2, (ys[0] + ys[1]) / 2
    k = len(xs) // 2
    return xs[k], ys[k]


def _figsize(geometry):
    w = (geometry.right - geometry.left) * 1.05
    h = (geometry.top + 1.0) * 1.05
    factor = 1.0
    if w > 11.0 or h > 7.0:
        factor = min(11.0 / w, 7.0 / h)
    elif w < 3.0 and h < 2.4:
        factor = min(3.0 / w, 2.4 / h)
    return (max(w * factor, 2.4), max(h * factor, 1.6))


def _label_texts(position, labels):
    if labels is True:
        return {i: str(i) for i in range(len(position))}
    if not labels:
        return {}
    if isinstance(labels, dict):
        return {i: str(t) for i, t in labels.items()}
    return {i: str(t) for i, t in enumerate(labels)}


def _marked(position, highlight):
    if highlight is None:
        return set()
    if isinstance(highlight, int) and not isinstance(highlight, bool):
        marked = {highlight}
    else:
        marked = set(highlight)
    for i in marked:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(position):
            raise ValueError(f"highlight: there is no edge {_show(i)} in this position "
                             f"(edges are numbered 0 to {len(position) - 1})")
    return marked


def _point_along(xs, ys, t):
    """The point a fraction ``t`` of the way along a drawn edge, and its direction."""
    k = min(len(xs) - 2, int(t * (len(xs) - 1)))
    f = t * (len(xs) - 1) - k
    x = xs[k] + f * (xs[k + 1] - xs[k])
    y = ys[k] + f * (ys[k + 1] - ys[k])
    return x, y, math.degrees(math.atan2(ys[k + 1] - ys[k], xs[k + 1] - xs[k]))


def draw_position(position, ax=None, highlight=None, labels=False, title=None,
                  node_labels=False, legend=True):
    """Draw a Hackenbush position on ``ax`` (a new figure when ``None``).

    ``highlight`` is an edge index, or a list of them, to mark as a cut
    (thick orange, with scissors); ``labels=True`` writes each edge's index
    on it (or pass a list or dict of texts); ``node_labels=True`` names the
    nodes.  Blue edges are solid, red dashed and green double lines (see
    :data:`cgteach.draw._style.EDGE_STYLES`); ``legend=True`` writes under the
    picture which is which.  Returns the ``Axes``.
    """
    from matplotlib.collections import LineCollection

    from cgteach.hackenbush.position import Hackenbush

    if not isinstance(position, Hackenbush):
        raise TypeError(f"draw_position() needs a Hackenbush position, got {_show(position)}")
    check_ax(ax)
    marked = _marked(position, highlight)
    if len(position.edges) > MAX_DRAWN_EDGES:
        return draw_summary(position, ax=ax, title=title)
    geometry = _Geometry(position)
    if ax is None:
        ax = new_axes(None, size=_figsize(geometry))
    elif STYLE["lecture"]:
        # a figure the caller made (a row of panels): no wider than a projector shows
        from cgteach.draw._style import clamp_size

        size = ax.figure.get_size_inches()
        fitted = clamp_size(*size)
        if fitted[0] < size[0] - 1e-6 or fitted[1] < size[1] - 1e-6:
            ax.figure.set_size_inches(*fitted)
    lw = STYLE["line"] * 1.4
    font = STYLE["font"]
    lo, hi = geometry.left, geometry.right
    # The ground: a thick line with hatching below it.
    hide_axis(ax)   # first: no tick is ever worked out for this picture
    ax.plot([lo, hi], [0, 0], color=COLOURS["ground"], lw=lw * 2.2,
            solid_capstyle="butt", zorder=1)
    hatching = []
    x = lo + 0.1
    while x < hi:
        hatching.append([(x, 0), (x - 0.12, -0.16)])
        x += 0.22
    if hatching:
        ax.add_collection(LineCollection(hatching, colors=[COLOURS["ground"]],
                                         linewidths=lw * 0.45, capstyle="projecting",
                                         joinstyle="round", zorder=1), autolim=False)
    texts = _label_texts(position, labels)
    scissors, edge_texts = [], []   # (Text, candidate spots), placed once the limits are set
    draw_edges(ax, [(*geometry.paths[i], colour)
                    for i, (_, _, colour) in enumerate(position.edges)], lw, zorder=3)
    for i in range(len(position.edges)):
        xs, ys = geometry.paths[i]
        if i in marked:
            ax.plot(xs, ys, color=COLOURS["highlight"], lw=lw * 3.2, alpha=0.9,
                    solid_capstyle="round", zorder=2)
            sx, sy, angle = _point_along(xs, ys, 0.3 if i in texts else 0.5)
            mark = ax.text(sx, sy, "\u2702", fontsize=font * 1.3, color=COLOURS["black"],
                           rotation=angle - 90,
                           rotation_mode="anchor", ha="center", va="center", zorder=6)
            spots = [0.3, 0.4, 0.22, 0.5] if i in texts else [0.5, 0.4, 0.6, 0.3, 0.7]
            scissors.append((mark, [_point_along(xs, ys, t)[:2] for t in spots]
                             + _beside(xs, ys, spots[:2])))
        if i in texts:
            if i in geometry.loop_tips:   # just beyond the petal's tip, not on it
                x0, y0, a = geometry.loop_tips[i]
                spots = [(x0 + (_LOOP_LENGTH + d) * math.cos(a + da),
                          y0 + (_LOOP_LENGTH + d) * math.sin(a + da))
                         for d in (0.17, 0.3, 0.45) for da in (0.0, 0.35, -0.35)]
            else:   # a cut edge keeps its scissors low and its label high
                order = ([0.66, 0.75, 0.58, 0.85] if i in marked
                         else [0.5, 0.4, 0.6, 0.32, 0.68, 0.25, 0.75])
                spots = [_point_along(xs, ys, t)[:2] for t in order]
                # then beside the edge, either side
                spots += _beside(xs, ys, order[:3])
            spots = _own_spots(spots, i, geometry.paths)
            mx, my = spots[0]
            label = ax.text(mx, my, texts[i], fontsize=font * 0.8, color=COLOURS["text"],
                            ha="center", va="center", zorder=5,
                            bbox={"boxstyle": "round,pad=0.15", "fc": "white",
                                  "ec": COLOURS["muted"], "lw": 0.6})
            # the figure audit checks that each label is nearer its own edge than any other
            label.cg_near = (i, geometry.paths)
            edge_texts.append((label, spots))
    coords = geometry.coords
    if coords:
        ax.scatter([p[0] for p in coords.values()], [p[1] for p in coords.values()],
                   s=STYLE["node"], color=COLOURS["black"], zorder=4)
    feet = [x for g in position.ground for x in geometry.anchors[g]]
    ax.scatter(feet, [0.0] * len(feet), s=STYLE["node"] * 0.8, color=COLOURS["ground"],
               zorder=4)
    ground_texts = []
    if node_labels:
        for g in position.ground:
            for px in geometry.anchors[g]:
                ground_texts.append(ax.text(px, -0.2, str(g), fontsize=font * 0.8,
                                            color=COLOURS["muted"], ha="center", va="top",
                                            zorder=5))
    ax.set_xlim(lo, hi)
    ax.set_ylim(-0.55 if node_labels else -0.3, geometry.top + 0.6)
    decorate(ax, title, equal=True)
    # Labels keep clear of nodes and of each other (issue 30): scissors first, then
    # edge labels, then node names, each at the first clear spot it is offered.
    radius = math.sqrt(STYLE["node"]) / 2 + 1.5
    nodes = [(px, py, radius) for px, py in coords.values()]
    nodes += [(px, 0.0, radius) for px in feet]
    if scissors or edge_texts or node_labels:
        taken = place_labels(ax, [*scissors, *edge_texts], nodes,
                             taken=_boxes(ax, ground_texts))
        if node_labels:
            place_labels(ax, _node_name_spots(ax, geometry, coords, font * 0.8, radius),
                         nodes, taken=taken)
    if legend:
        edge_legend(ax, {c for _, _, c in position.edges})
    return ax


def _segment_distance(px, py, x0, y0, x1, y1):
    dx, dy = x1 - x0, y1 - y0
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / length))
    return math.hypot(px - (x0 + t * dx), py - (y0 + t * dy))


def shape_distance(point, shape):
    """The distance from ``point`` to a drawn edge ``(xs, ys)`` (a polyline) or a node
    ``(x, y)``."""
    px, py = point
    xs, ys = shape
    if not hasattr(xs, "__len__"):
        return math.hypot(px - xs, py - ys)
    if len(xs) == 1:
        return math.hypot(px - xs[0], py - ys[0])
    return min(_segment_distance(px, py, xs[k], ys[k], xs[k + 1], ys[k + 1])
               for k in range(len(xs) - 1))


def nearest_shape(point, shapes, own=None):
    """The key of the shape (in the dict ``shapes``) nearest ``point``; with ``own``,
    that key whenever no other shape is nearer than ``own`` (ties go to ``own``)."""
    best, best_d = own, shape_distance(point, shapes[own]) if own is not None else math.inf
    for key, shape in shapes.items():
        if key == own:
            continue
        xs, ys = shape
        if hasattr(xs, "__len__"):   # a cheap bound first: the polyline's box
            gap = math.hypot(max(min(xs) - point[0], 0.0, point[0] - max(xs)),
                             max(min(ys) - point[1], 0.0, point[1] - max(ys)))
            if gap >= best_d:
                continue
        d = shape_distance(point, shape)
        if d < best_d - 1e-9:
            best, best_d = key, d
    return best


def _own_spots(spots, i, paths):
    """The spots nearer edge ``i`` than any other drawn edge (a label there reads as
    edge ``i``'s), best first; more spots on the edge itself when too few are left."""
    shapes = dict(enumerate(paths)) if not isinstance(paths, dict) else paths
    if len(shapes) < 2:
        return spots
    mine = [p for p in spots if nearest_shape(p, shapes, i) == i]
    if len(mine) < 3:
        xs, ys = shapes[i]
        more = [_point_along(xs, ys, t)[:2] for t in (0.45, 0.55, 0.35, 0.65, 0.28, 0.72,
                                                       0.2, 0.8, 0.14, 0.86)]
        more += _beside(xs, ys, (0.5, 0.4, 0.6))
        mine += [p for p in more if nearest_shape(p, shapes, i) == i and p not in mine]
    return mine or spots


def _beside(xs, ys, fractions):
    """Spots beside a drawn edge, either side, at the given fractions of its length."""
    out = []
    for d in (0.24, 0.36, 0.5):
        for t in fractions:
            x, y, angle = _point_along(xs, ys, t)
            nx, ny = -math.sin(math.radians(angle)), math.cos(math.radians(angle))
            out += [(x + d * nx, y + d * ny), (x - d * nx, y - d * ny)]
    return out


def _boxes(ax, texts):
    """The pixel boxes of ``texts`` as the figure stands."""
    if not texts:
        return []
    renderer = ax.figure.canvas.get_renderer()
    out = []
    for t in texts:
        bb = t.get_window_extent(renderer)
        out.append((bb.x0, bb.y0, bb.x1, bb.y1))
    return out


def _node_name_spots(ax, geometry, coords, fontsize, radius):
    """Each node's name as a text, with spots around the node (its free side first)."""
    ax.apply_aspect()
    to_px, to_data = ax.transData, ax.transData.inverted()
    scale = ax.figure.dpi / 72.0
    out = []
    for node, (px, py) in coords.items():
        name = str(node)
        w, h = 0.62 * fontsize * len(name), 1.05 * fontsize
        free = _free_direction(geometry, node)
        directions = [free] + [free + k * math.pi / 6 * sign for k in range(1, 7)
                               for sign in (1, -1)]
        cx, cy = to_px.transform((px, py))
        spots = []
        for a in directions:
            c, s_ = math.cos(a), math.sin(a)
            d = radius + abs(c) * w / 2 + abs(s_) * h / 2 + 2.0
            for extra in (0.0, 0.5 * h):
                spots.append(tuple(to_data.transform((cx + (d + extra) * scale * c,
                                                      cy + (d + extra) * scale * s_))))
        mine = [p for p in spots if nearest_shape(p, coords, node) == node]
        spots = mine or spots
        text = ax.text(*spots[0], name, fontsize=fontsize, color=COLOURS["muted"],
                       ha="center", va="center", zorder=5)
        text.cg_near = (node, coords)
        out.append((text, spots))
    return out


def draw_summary(position, ax=None, title=None):
    """A quick picture of a big position: a bar of its edge colours and the counts.

    Used by :func:`draw_position` and :func:`png` beyond :data:`MAX_DRAWN_EDGES`
    edges; it takes the same time for a position of any size.

    >>> from cgteach.hackenbush.examples import stalk
    >>> ax = draw_summary(stalk(5))
    >>> "5 edges" in ax.texts[0].get_text()
    True
    >>> import matplotlib.pyplot as plt; plt.close("all")
    """
    _check_position(position, "draw_summary")
    check_ax(ax)
    edges = position.edges
    counts = {"green": 0, "blue": 0, "red": 0}
    for _, _, colour in edges:
        counts[colour] = counts.get(colour, 0) + 1
    total = max(len(edges), 1)
    ax = new_axes(ax, size=(7.0, 2.2))
    left = 0.0
    hatches = {"blue": None, "red": "//", "green": ".."}
    for colour, count in counts.items():
        if count:
            ax.barh(0.0, count / total, left=left, height=0.5, color=COLOURS[colour],
                    hatch=hatches[colour], edgecolor="white", lw=0)
            left += count / total
    parts = [f"{count:,} {colour}" + ("" if hatches[colour] is None else
                                      f" ({'hatched' if colour == 'red' else 'dotted'})")
             for colour, count in counts.items() if count]
    n_nodes = len(position.nodes)
    ax.text(0.0, 0.55, f"{len(edges):,} edges on {n_nodes:,} nodes: " + ", ".join(parts),
            ha="left", va="bottom", fontsize=STYLE["font"], color=COLOURS["text"])
    why = (f"too many to draw one by one (the limit is {MAX_DRAWN_EDGES:,} edges)"
           if len(edges) > MAX_DRAWN_EDGES else "the colours of its edges")
    ax.text(0.0, -0.4, why, ha="left", va="top", fontsize=STYLE["font"] * 0.9,
            color=COLOURS["text"])
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-1.0, 1.0)
    decorate(ax, title)
    return ax


def _origin_text(origin, limit=2):
    if len(origin) <= limit:
        return ",".join(map(str, origin))
    return f"{origin[0]}…{origin[-1]}"


def draw_steps(steps, start=None, ncols=3, axes=None, labels=False):
    """Draw reduction steps side by side, wrapping into rows of ``ncols``.

    ``steps`` is a list of :class:`~cgteach.hackenbush.green.Step` (from
    ``position.reduction_steps()``); pass the original position as ``start``
    to show it first.  Under each panel is the rule and the step's
    description.  ``labels=True`` labels each edge with the original edges
    it stands for.  Returns the list of ``Axes``.
    """
    if isinstance(steps, (str, bytes)) or not hasattr(steps, "__iter__"):
        raise TypeError("draw_steps() needs a list of reduction steps (from "
                        f"position.reduction_steps()), got {_show(steps)}")
    panels = []
    if start is not None:
        _check_position(start, "draw_steps")
        panels.append(("Start", "The drawing we begin with.", start, None))
    for k, step in enumerate(steps, start=1):
        if not all(hasattr(step, a) for a in ("rule", "description", "position", "origin")):
            raise TypeError(f"draw_steps(): step {k} is not a reduction step "
                            f"(from position.reduction_steps()), got {_show(step)}")
        panels.append((f"{k}. {step.rule}", step.description, step.position, step.origin))
    if not panels:
        raise ValueError("draw_steps() needs at least one step or a start position")
    if isinstance(ncols, bool) or not isinstance(ncols, numbers.Integral):
        raise TypeError(f"ncols must be a whole number of panels a row (1 to {MAX_STEP_COLUMNS}), "
                        f"got {_show(ncols)} of type {type(ncols).__name__}")
    if not 1 <= ncols <= MAX_STEP_COLUMNS:
        raise ValueError(f"ncols must be from 1 to {MAX_STEP_COLUMNS} panels a row, "
                         f"got {_show(ncols)}")
    ncols = max(1, min(int(ncols), len(panels)))
    nrows = -(-len(panels) // ncols)
    if axes is None:
        # Edge labels need more room per panel than bare drawings.
        pw, ph = (5.0, 5.2) if labels else (3.8, 4.1)
        # On a projector each row is its own figure, so every figure fits the screen.
        per_figure = 1 if STYLE["lecture"] else nrows
        axes = []
        for first in range(0, nrows, per_figure):
            rows = min(per_figure, nrows - first)
            fig, grid = new_figure((pw * ncols, ph * rows), rows, ncols, squeeze=False,
                                   gridspec_kw={"hspace": 0.6, "wspace": 0.15})
            axes.extend(a for row in grid for a in row)
        for a in axes:
            hide_axis(a)
    else:
        try:
            axes = list(axes)
        except TypeError:
            raise TypeError(f"axes must be a list of matplotlib Axes, got {_show(axes)}") from None
        for k, a in enumerate(axes):
            check_ax(a, f"axes[{k}]")
        if len(axes) < len(panels):
            raise ValueError(f"draw_steps() needs {len(panels)} axes, got {len(axes)}")
    wrap = 27 if STYLE["font"] <= 14 else 22
    for ax, (name, text, position, origin) in zip(axes, panels, strict=False):
        texts = False
        if labels:
            texts = (True if origin is None
                     else [_origin_text(o) for o in origin])
        draw_position(position, ax=ax, labels=texts, legend=False)
        ax.set_title(name, fontsize=STYLE["font"] + 3, color=COLOURS["text"],
                     fontweight="bold")
        # The caption is as wide as the panel's grid cell, whatever the drawing's aspect.
        cell = _cell_width_points(ax) * (0.95 if STYLE["lecture"] else 1.0)
        ax.text(0.5, -0.04, fit_text_width(text, min(cell, wrap * 0.56 * STYLE["font"]),
                                           STYLE["font"]),
                transform=ax.transAxes, ha="center", va="top", fontsize=STYLE["font"],
                color=COLOURS["text"])
    # One legend a figure, above its first row.
    colours = {c for _, _, p, _ in panels for _, _, c in p.edges}
    for fig in dict.fromkeys(a.figure for a in axes[: len(panels)]):
        edge_legend(None, colours, fig=fig)
    return list(axes[: len(panels)])


def png(position, dpi=100) -> bytes:
    """The picture of ``position`` as PNG bytes (no pyplot figure is left open)."""
    _check_position(position, "png")
    if len(position.edges) > MAX_DRAWN_EDGES:
        fig = detached_figure((7.0, 2.2))
        draw_summary(position, ax=fig.add_subplot())
    else:
        fig = detached_figure(_figsize(_Geometry(position)))
        draw_position(position, ax=fig.add_subplot())
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    return buffer.getvalue()
