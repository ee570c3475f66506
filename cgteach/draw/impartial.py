"""Pictures of impartial games: the state graph with Grundy values.

:func:`draw_state_graph` draws the positions of a game as circles holding
their Grundy values, with an arrow for every move, P-positions (value 0)
filled in the P colour.  The layout is deterministic and layered: a
position's column is the length of the longest play from it, so final
positions sit on the left and every arrow points leftwards.
"""

from __future__ import annotations

from cgteach._validate import show as _show
from cgteach.draw._style import COLOURS, STYLE, clamp_size, decorate, new_axes, place_labels

__all__ = ["draw_state_graph", "layered_layout"]

_N_FILL = "#fde3cc"


def layered_layout(G) -> dict:
    """Return ``{node: (x, y)}``: ``x`` = longest path to a final position, rows by order.

    Within a column nodes are sorted (by value when they compare, else by
    ``repr``) and centred vertically.

    >>> import networkx as nx
    >>> layered_layout(nx.DiGraph([(3, 2), (2, 1), (3, 1)]))   # a chain zigzags
    {1: (0, 0.0), 2: (1, -0.9), 3: (2, 0.0)}
    >>> layered_layout(nx.DiGraph([(2, 1), (3, 1)]))
    {1: (0, 0.0), 2: (1, 0.5), 3: (1, -0.5)}
    """
    import networkx as nx

    if not isinstance(G, nx.Graph):
        raise TypeError("layered_layout() needs a networkx DiGraph (for example from "
                        f"impartial.state_graph), got {_show(G)} of type {type(G).__name__}")
    if not nx.is_directed_acyclic_graph(G):
        raise ValueError("the state graph has a cycle; a game graph must be acyclic")
    level: dict = {}
    for node in reversed(list(nx.topological_sort(G))):
        level[node] = 1 + max((level[c] for c in G.successors(node)), default=-1)
    columns: dict[int, list] = {}
    for node, x in level.items():
        columns.setdefault(x, []).append(node)
    pos = {}
    chain = all(len(nodes) == 1 for nodes in columns.values()) and len(columns) > 2
    for x, nodes in columns.items():
        try:
            nodes.sort()
        except TypeError:
            nodes.sort(key=repr)
        k = len(nodes)
        for i, node in enumerate(nodes):
            # a chain of single nodes zigzags, so that jumps over a node pass beside it
            pos[node] = (x, -0.9 if x % 2 else 0.0) if chain else (x, (k - 1) / 2 - i)
    return dict(sorted(pos.items(), key=lambda item: (item[1][0], -item[1][1])))


def draw_state_graph(
    graph, options=None, ax=None, *, show="grundy", title=None, max_nodes=200, pos=None
):
    """Draw a state graph: nodes show Grundy values, P-positions filled, arrows for moves.

    ``graph`` is a ``networkx.DiGraph`` whose nodes carry ``"grundy"`` (as
    made by :func:`cgteach.impartial.state_graph`, or any DAG: missing values
    are computed), or a start position together with its ``options``
    function.  ``show`` is ``"grundy"`` (the value in the node),
    ``"position"`` (the position in the node) or ``"both"`` (value inside,
    position beside it).  ``pos`` is an optional hand-made layout
    ``{node: (x, y)}`` in any units (it is rescaled so that the closest two
    nodes sit 1.2 units apart); by default :func:`layered_layout` is used.
    An arrow that would run through another node is bent around it.
    Returns the Axes.

    >>> import networkx as nx
    >>> ax = draw_state_graph(nx.DiGraph([(2, 1)]), pos={1: (0, 0), 2: (3, 0)})
    >>> [round(float(circle.center[0]), 2) for circle in ax.patches]   # rescaled to 1.2 apart
    [1.2, 0.0]
    >>> draw_state_graph(nx.DiGraph([(2, 1)]), pos={1: (0, 0)})
    Traceback (most recent call last):
    ...
    ValueError: pos gives no place for the node(s) [2]; give every node
    """
    import networkx as nx
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle

    if show not in ("grundy", "position", "both"):
        raise ValueError(f"show must be 'grundy', 'position' or 'both', got {_show(show)}")
    if isinstance(graph, nx.DiGraph):
        G = graph.copy()
    else:
        if options is None:
            raise TypeError("give a networkx.DiGraph, or a position together with its options")
        from cgteach.impartial import state_graph

        G = state_graph(graph, options, max_nodes=max_nodes)
    if G.number_of_nodes() == 0:
        raise ValueError("the state graph is empty")
    _fill_values(G)
    from cgteach.impartial import Sum

    # a sum is labelled compactly, "1+2+4", to keep the columns narrow
    labels = {
        node: str(node).replace(" + ", "+") if isinstance(node, Sum) else str(node)
        for node in G.nodes
    }
    font = STYLE["font"]
    scale = STYLE["scale"]
    radius = 0.3 if show != "position" else 0.34
    hand_made = pos is not None
    pos = _hand_layout(G, pos) if pos is not None else layered_layout(G)
    span = max(x for x, _ in pos.values()) - min(x for x, _ in pos.values())
    # inches per layout unit: 1.5, less for wide graphs so that the figure stays near 11 inches
    inch = scale * min(1.5, max(1.1, 11.0 / (span + 1.2)))
    if not hand_made:
        longest = max(len(text) for text in labels.values())
        # column spacing: wide enough for the longest position label under a node
        sx = 1.0
        if show == "both":
            sx = max(1.0, 0.66 * 0.8 * font * longest / 72 / inch + 0.35)
        pos = {node: (x * sx, y) for node, (x, y) in pos.items()}
    own_figure = ax is None
    ax = new_axes(ax, size=(1.0, 1.0))
    circles = {}
    obstacles = []  # (centre, half-width, half-height) of labels under nodes
    under = {}  # node -> its position label (show="both")
    for node, (x, y) in pos.items():
        value = G.nodes[node]["grundy"]
        is_p = value == 0
        circle = Circle(
            (x, y),
            radius,
            facecolor=COLOURS["P"] if is_p else _N_FILL,
            edgecolor=COLOURS["P"] if is_p else COLOURS["N"],
            linewidth=STYLE["line"] * 0.8,
            zorder=3,
        )
        ax.add_patch(circle)
        circles[node] = circle
        inside = labels[node] if show == "position" else str(value)
        ax.text(
            x,
            y,
            inside,
            ha="center",
            va="center",
            zorder=4,
            fontsize=font if len(inside) < 3 else font * 0.7,
            fontweight="bold",
            color=COLOURS["white"] if is_p else COLOURS["text"],
        )
        if show == "both":
            under[node] = ax.text(
                x,
                y - radius - 0.06,
                labels[node],
                ha="center",
                va="top",
                zorder=4,
                fontsize=font * 0.8,
                color=COLOURS["text"],
            )
            half_w = 0.31 * 0.8 * font * len(labels[node]) / 72 / inch
            half_h = 0.5 * 0.8 * font / 72 / inch
            obstacles.append(((x, y - radius - 0.06 - half_h), half_w, half_h))
    routes = _route_edges(G, pos, radius, obstacles)
    xs = [x for x, _ in pos.values()]
    ys = [y for _, y in pos.values()]
    lo_x, hi_x = min(xs) - radius - 0.25, max(xs) + radius + 0.25
    lo_y, hi_y = min(ys) - radius - 0.2, max(ys) + radius + 0.2
    for (u, v), rad in routes.items():
        for px, py in _arc_points(pos[u], pos[v], rad):
            lo_x, hi_x = min(lo_x, px - 0.1), max(hi_x, px + 0.1)
            lo_y, hi_y = min(lo_y, py - 0.1), max(hi_y, py + 0.1)
        ax.annotate(
            "",
            xy=pos[v],
            xytext=pos[u],
            arrowprops=dict(
                arrowstyle="-|>,head_length=0.6,head_width=0.3",
                color=COLOURS["text"],
                linewidth=STYLE["line"] * 0.5,
                patchA=circles[u],
                patchB=circles[v],
                shrinkA=1,
                shrinkB=1,
                connectionstyle=f"arc3,rad={rad}",
            ),
            zorder=2,
        )
    for (cx, cy), half_w, half_h in obstacles:
        lo_x, hi_x = min(lo_x, cx - half_w - 0.05), max(hi_x, cx + half_w + 0.05)
        lo_y = min(lo_y, cy - half_h - 0.05)
    ax.set_xlim(lo_x, hi_x)
    ax.set_ylim(lo_y, hi_y)
    ax.set_aspect("equal")
    if own_figure:
        # our own figure: size it to the drawing (the legend and title get their own strip)
        extra = 0.9 * scale + (0.4 * scale if title else 0.0)
        ax.figure.set_size_inches(clamp_size(
            max(4.0 * scale, inch * (hi_x - lo_x) + 0.4 * scale), inch * (hi_y - lo_y) + extra
        ))
        top = 1 - (0.4 * scale if title else 0.1 * scale) / ax.figure.get_figheight()
        ax.figure.subplots_adjust(
            left=0.02, right=0.98, bottom=0.75 * scale / ax.figure.get_figheight(), top=top
        )
    handles = [
        Line2D(
            [],
            [],
            marker="o",
            linestyle="",
            markersize=font,
            markerfacecolor=COLOURS["P"],
            markeredgecolor=COLOURS["P"],
            label="P-position (value 0)",
        ),
        Line2D(
            [],
            [],
            marker="o",
            linestyle="",
            markersize=font,
            markerfacecolor=_N_FILL,
            markeredgecolor=COLOURS["N"],
            label="N-position (value > 0)",
        ),
    ]
    ax.legend(
        handles=handles,
        loc="upper center",
        bbox_to_anchor=(0.5, -0.01),
        ncol=2,
        frameon=False,
        fontsize=font * 0.85,
        handletextpad=0.3,
        columnspacing=1.2,
    )
    decorate(ax, title)
    if under:
        _clear_position_labels(ax, pos, under, radius)
    return ax


def _clear_position_labels(ax, pos, under, radius):
    """Move position labels that would meet a node or another label (issue 30).

    Each label stays under its node when that is clear; else it tries a
    line lower, above the node, then beside it.
    """
    ax.apply_aspect()
    (x0, y0), (x1, _) = ax.transData.transform([(0, 0), (1, 0)])
    points_per_unit = abs(x1 - x0) * 72.0 / ax.figure.dpi
    r_points = radius * points_per_unit
    nodes = [(x, y, r_points) for x, y in pos.values()]
    labels = []
    for node, text in under.items():
        x, y = pos[node]
        line = 1.3 * text.get_fontsize() / max(points_per_unit, 1e-9)
        spots = [(x, y - radius - 0.06), (x, y - radius - 0.06 - line),
                 (x, y - radius - 0.06 - 2 * line), (x, y + radius + 0.06 + line)]
        labels.append((text, spots))
    # the values written on the nodes are covered by the nodes as obstacles
    place_labels(ax, labels, nodes)


def _hand_layout(G, pos) -> dict:
    """Check a hand-made layout and rescale it so that the closest nodes are 1.2 apart."""
    missing = [node for node in G.nodes if node not in pos]
    if missing:
        raise ValueError(f"pos gives no place for the node(s) {missing[:5]}; give every node")
    try:
        pos = {node: (float(pos[node][0]), float(pos[node][1])) for node in G.nodes}
    except (TypeError, ValueError, IndexError):
        raise TypeError("pos must map every node to a pair of numbers (x, y)") from None
    points = list(pos.values())
    gaps = [
        ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
        for i, a in enumerate(points)
        for b in points[i + 1 :]
    ]
    if gaps and min(gaps) == 0:
        raise ValueError("pos puts two nodes on the same point; give each node its own place")
    k = 1.2 / min(gaps) if gaps else 1.0
    return {node: (x * k, y * k) for node, (x, y) in pos.items()}


def _arc_points(a, b, rad, n=24):
    """Points along the arrow ``a`` → ``b`` drawn with ``arc3,rad=rad`` (a quadratic Bézier)."""
    (x0, y0), (x1, y1) = a, b
    cx, cy = (x0 + x1) / 2 + rad * (y1 - y0), (y0 + y1) / 2 - rad * (x1 - x0)
    points = []
    for i in range(1, n):
        t = i / n
        s = 1 - t
        points.append(
            (s * s * x0 + 2 * s * t * cx + t * t * x1, s * s * y0 + 2 * s * t * cy + t * t * y1)
        )
    return points


def _route_edges(G, pos, radius, obstacles) -> dict:
    """Choose a bend ``rad`` for every edge: straight when clear, else the gentlest clear curve.

    Algorithm notes: matplotlib's ``arc3`` draws a quadratic Bézier curve whose
    control point sits ``rad`` times the edge length off the midpoint, so the
    curve can be sampled exactly.  A candidate bend is accepted when every
    sample keeps clear of every other node, and its ends leave and enter the
    end nodes at an angle apart from the arrows already there (so two
    arrowheads never sit side by side).  Labels are avoided when possible.
    """
    import math

    def clearance(u, v, rad):
        worst = math.inf
        for px, py in _arc_points(pos[u], pos[v], rad):
            for w, (wx, wy) in pos.items():
                if w != u and w != v:
                    worst = min(worst, math.hypot(px - wx, py - wy) - radius)
        return worst

    def hits_label(u, v, rad):
        for px, py in _arc_points(pos[u], pos[v], rad):
            for (cx, cy), half_w, half_h in obstacles:
                if abs(px - cx) < half_w + 0.03 and abs(py - cy) < half_h + 0.03:
                    return True
        return False

    def angles(u, v, rad):
        (x0, y0), (x1, y1) = pos[u], pos[v]
        cx, cy = (x0 + x1) / 2 + rad * (y1 - y0), (y0 + y1) / 2 - rad * (x1 - x0)
        return math.atan2(cy - y0, cx - x0), math.atan2(cy - y1, cx - x1)

    ends: dict = {node: [] for node in G.nodes}

    def crowded(node, angle):
        gap = math.radians(22)
        return any(abs((angle - a + math.pi) % (2 * math.pi) - math.pi) < gap for a in ends[node])

    routes = {}
    straight, bent = [], []
    for u, v in sorted(G.edges, key=lambda e: (pos[e[0]], pos[e[1]])):
        (straight if clearance(u, v, 0.0) > 0.12 else bent).append((u, v))
    for u, v in straight:
        routes[(u, v)] = 0.0
        a_out, a_in = angles(u, v, 0.0)
        ends[u].append(a_out)
        ends[v].append(a_in)
    candidates = [r * sign for r in (0.2, 0.3, 0.4, 0.5, 0.65, 0.8, 1.0) for sign in (1, -1)]
    for u, v in bent:
        best, best_score = None, None
        for rad in candidates:
            a_out, a_in = angles(u, v, rad)
            clear = clearance(u, v, rad)
            score = (
                clear > 0.12,
                not (crowded(u, a_out) or crowded(v, a_in)),
                not hits_label(u, v, rad),
            )
            if all(score):
                best = rad
                break
            score = (*score, min(clear, 0.12))
            if best_score is None or score > best_score:
                best, best_score = rad, score
        routes[(u, v)] = best
        a_out, a_in = angles(u, v, best)
        ends[u].append(a_out)
        ends[v].append(a_in)
    return routes


def _near_segment(p, a, b, tol) -> bool:
    """Whether point ``p`` lies within ``tol`` of the segment ``a``–``b`` (not near its ends)."""
    (px, py), (ax_, ay), (bx, by) = p, a, b
    dx, dy = bx - ax_, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return False
    t = ((px - ax_) * dx + (py - ay) * dy) / length2
    if t <= 0.05 or t >= 0.95:
        return False
    cx, cy = ax_ + t * dx, ay + t * dy
    return (px - cx) ** 2 + (py - cy) ** 2 < tol * tol


def _fill_values(G) -> None:
    """Give every node a ``"grundy"`` attribute (MEX of its successors) if it lacks one."""
    import networkx as nx

    from cgteach.nimbers import _mex

    for node in reversed(list(nx.topological_sort(G))):
        if "grundy" not in G.nodes[node]:
            G.nodes[node]["grundy"] = _mex({G.nodes[c]["grundy"] for c in G.successors(node)})
        G.nodes[node].setdefault("outcome", "P" if G.nodes[node]["grundy"] == 0 else "N")
