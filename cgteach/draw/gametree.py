"""Pictures of a partizan game as a tree of its canonical options.

:func:`draw_game_tree` draws a game on top, each left option below it to
the left along a solid blue line and each right option below it to the right
along a dashed red line (so the sides read without colour too), down to
``0``.  Every node shows the game's name; ``label`` may add a second line
under it, such as the position's atomic weight (lesson 10).
"""

from __future__ import annotations

from cgteach.draw._style import COLOURS, STYLE, decorate, draw_edge, new_axes

__all__ = ["draw_game_tree", "MAX_TREE_NODES"]

#: Largest tree (nodes, counting a repeated position each time it appears) drawn.
MAX_TREE_NODES = 40


def _layout(g):
    """``[(game, x, depth, parent index, side)]``: leaves one unit apart, parents centred."""
    nodes = []
    next_x = [0.0]

    def place(h, depth, parent, side):
        i = len(nodes)
        nodes.append([h, 0.0, depth, parent, side])
        if len(nodes) > MAX_TREE_NODES:
            raise ValueError(f"the game tree of {g} has more than {MAX_TREE_NODES} nodes: too "
                             "many to draw readably (cgteach.draw.gametree.MAX_TREE_NODES)")
        kids = [place(o, depth + 1, i, "L") for o in h.left] + \
               [place(o, depth + 1, i, "R") for o in h.right]
        if kids:
            nodes[i][1] = (nodes[kids[0]][1] + nodes[kids[-1]][1]) / 2
        else:
            nodes[i][1] = next_x[0]
            next_x[0] += 1.0
        return i

    place(g, 0, None, None)
    return nodes


def draw_game_tree(g, ax=None, *, label=None, title=None):
    """Draw the canonical game tree of ``g`` on ``ax`` (a new figure if ``None``).

    ``label`` is a function of a game giving a short text written under its
    name (``None``: the name alone).  Returns the Axes.

    >>> from cgteach.games import parse
    >>> ax = draw_game_tree(parse("↑"), label=lambda h: f"aw {h.atomic_weight()}")
    >>> sorted(t.get_text() for t in ax.texts)
    ['*\\naw 0', '0\\naw 0', '0\\naw 0', '0\\naw 0', '↑\\naw 1']
    """
    from cgteach.games import parse
    from cgteach.games._forms import Game

    if isinstance(g, str):
        g = parse(g)
    if not isinstance(g, Game):
        raise TypeError(f"draw_game_tree() draws a game of cgteach.games, got {type(g).__name__}")
    g = g._core
    nodes = _layout(g)
    texts = [str(h) if label is None else f"{h}\n{label(h)}" for h, *_ in nodes]
    width = max(n[1] for n in nodes) + 1
    depth = max(n[2] for n in nodes) + 1
    # Room for the labels: nodes on one level stand at least one unit apart, levels one
    # unit apart; a unit must hold the widest label across and a boxed label down.  The
    # size is in normal-mode inches (the style scales it, and lecture mode its fonts).
    font = STYLE["font"] / STYLE["scale"] / 72.0
    lines = max(t.count("\n") + 1 for t in texts)
    widest = max(len(line) for t in texts for line in t.split("\n"))
    across = max(0.8, 0.62 * widest * font + 0.35)
    down = (1.25 * lines + 1.3) * font
    ax = new_axes(ax, size=(max(3.0, across * width + 0.4), down * depth + 0.4))
    lw = 2.0 * STYLE["scale"]
    for _h, x, d, parent, side in nodes:
        if parent is not None:
            px, pd = nodes[parent][1], nodes[parent][2]
            colour = "blue" if side == "L" else "red"
            draw_edge(ax, [px, x], [-pd, -d], colour, lw, zorder=1)
    for (_h, x, d, _parent, _side), text in zip(nodes, texts, strict=True):
        ax.text(x, -d, text, ha="center", va="center", fontsize=STYLE["font"],
                color=COLOURS["text"], zorder=3,
                bbox={"boxstyle": "round,pad=0.2", "facecolor": "white",
                      "edgecolor": COLOURS["muted"]})
    ax.set_xlim(-0.7, width - 0.3)
    ax.set_ylim(-depth + 0.45, 0.55)
    return decorate(ax, title)
