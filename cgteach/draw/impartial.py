"""Pictures of impartial games: the state graph with Grundy values.

:func:`draw_state_graph` draws the positions of a game as circles holding
their Grundy values, with an arrow for every move, P-positions (value 0)
filled in the P colour.  The layout is deterministic and layered: a
position's column is the length of the longest play from it, so final
positions sit on the left and every arrow points leftwards.
"""

from __future__ import annotations

from cgteach.draw._style import COLOURS, STYLE, decorate, new_axes

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


def draw_state_graph(graph, options=None, ax=None, *, show="grundy", title=None, max_nodes=200):
    """Draw a state graph: nodes show Grundy values, P-positions filled, arrows for moves.

    ``graph`` is a ``networkx.DiGraph`` whose nodes carry ``"grundy"`` (as
    made by :func:`cgteach.impartial.state_graph`, or any DAG: missing values
    are computed), or a start position together with its ``options``
    function.  ``show`` is ``"grundy"`` (the value in the node),
    ``"position"`` (the position in the node) or ``"both"`` (value inside,
    position beside it).  Returns the Axes.
    """
    import networkx as nx
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle

    if show not in ("grundy", "position", "both"):
        raise ValueError(f"show must be 'grundy', 'position' or 'both', got {show!r}")
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
    longest = max(len(text) for text in labels.values())
    # column spacing: wide enough for the longest position label under a node
    sx = 1.0
    if show == "both":
        sx = max(1.0, (0.62 * 0.8 * font * longest + 16) / (108 * scale))
    pos = {node: (x * sx, y) for node, (x, y) in layered_layout(G).items()}
    xs = [x for x, _ in pos.values()]
    ys = [y for _, y in pos.values()]
    width = max(xs) - min(xs) + 1.2
    height = max(ys) - min(ys) + 1.2 + (0.35 if show == "both" else 0)
    ax = new_axes(ax, size=(max(4.0, 1.5 * width), max(2.4, 1.5 * height + 0.6)))
    radius = 0.3 if show != "position" else 0.34
    circles = {}
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
            ax.text(
                x,
                y - radius - 0.06,
                labels[node],
                ha="center",
                va="top",
                zorder=4,
                fontsize=font * 0.8,
                color=COLOURS["text"],
            )
    bulge = 0.0
    for u, v in sorted(G.edges, key=lambda e: (pos[e[0]], pos[e[1]])):
        (x0, y0), (x1, y1) = pos[u], pos[v]
        rad = 0.0
        blocked = [
            w for w in G.nodes if w not in (u, v) and _near_segment(pos[w], pos[u], pos[v], 0.45)
        ]
        if blocked:
            # the straight arrow would run through another node: bend it away
            rad = -0.35 if y0 <= 0 else 0.35
            length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
            bulge = max(bulge, abs(rad) * length / 2)
        ax.annotate(
            "",
            xy=(x1, y1),
            xytext=(x0, y0),
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
    below = 0.35 if show == "both" else 0.0
    ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
    ax.set_ylim(min(ys) - 0.5 - max(bulge, below), max(ys) + 0.5 + bulge)
    ax.set_aspect("equal")
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
        bbox_to_anchor=(0.5, 0.02),
        ncol=2,
        frameon=False,
        fontsize=font * 0.85,
        handletextpad=0.3,
        columnspacing=1.2,
    )
    decorate(ax, title)
    return ax


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

    for node in reversed(list(nx.topological_sort(G))):
        if "grundy" not in G.nodes[node]:
            seen = {G.nodes[c]["grundy"] for c in G.successors(node)}
            v = 0
            while v in seen:
                v += 1
            G.nodes[node]["grundy"] = v
        G.nodes[node].setdefault("outcome", "P" if G.nodes[node]["grundy"] == 0 else "N")
