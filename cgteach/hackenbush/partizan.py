"""Partizan Hackenbush with circuits: blocks, hanging pieces and search.

This module values Hackenbush drawings of any colour that have **circuits**
(cycles once the ground is one node).  Blue-red drawings are worth dyadic
numbers (``fractions.Fraction``); drawings that mix green with blue and red
are worth short partizan games (:class:`cgteach.games.Game`, in canonical
form).  Both are found by one engine that cuts a drawing into its blocks.

Terms used here:

* the **ground** is one node (all ground nodes are fused: they are never cut
  apart, so this changes nothing);
* a **cut vertex** is a node whose removal splits the drawing; a **block**
  is a maximal piece with no cut vertex of its own: either a single edge
  (a *bridge*) or a piece in which every two edges lie on a common circuit
  (two parallel edges already make one);
* a piece **hanging at** a node ``v`` is everything that is joined to the
  ground only through ``v``.

The facts the engine rests on:

1. *Sums.*  Pieces meeting only at the ground are played side by side, so
   the value is the sum of their values.
2. *Ordinal sums.*  An edge ``e`` with a piece ``H`` hanging at its top is
   the ordinal sum ``e:H`` (Conway's ``G:H``): any move in ``e`` kills
   ``H``, a move in ``H`` leaves ``e``.  With the base ``e`` fixed, its value
   depends only on the *value* of ``H``, not on its form (J. H. Conway,
   *On Numbers and Games*, 2nd ed., A K Peters 2001, where ordinal sums are
   defined; see also A. Clow and N. A. McKay, "Ordinal sums of numbers",
   arXiv:2305.16516, for the case of numbers and Berlekamp's sign rule).
   For a blue edge over a number ``x`` this is
   :func:`cgteach.hackenbush.bluered.edge_under`; a green edge is ``*:H``.
3. *The colon principle for pieces hanging at one vertex.*  If ``P[H]`` is
   a drawing with ``H`` hanging at a node ``v`` and ``H >= K`` then
   ``P[H] >= P[K]`` (so ``H == K`` gives ``P[H] == P[K]``).  Proof: in
   ``P[H] - P[K]`` Left, moving second, answers a move outside ``H`` and
   ``-K`` by the mirror move in the other copy (a cut that drops ``H`` in
   one copy drops ``-K`` in the other), and a move inside ``H - K`` by her
   winning answer there (she wins ``H - K`` moving second because
   ``H >= K``).  This is the colon principle of E. R. Berlekamp,
   J. H. Conway and R. K. Guy, *Winning Ways*, 2nd ed., vol. 1 (2001),
   ch. 7 (stated there for green Hackenbush), carried to partizan pieces by
   the same mirror argument that shows an ordinal sum ``G:H`` depends only on
   the value of ``H`` and is monotone in ``H``;
   tests/test_hackenbush_partizan.py::test_colon_principle confirms it by
   brute force (``{left | right}`` search, no shortcut) on random small
   drawings of every colour.  So everything hanging at ``v`` may be replaced by
   its value, kept as an abstract game at ``v`` whose options are its
   canonical options (for a number ``x`` they are the two neighbours of
   ``x`` in its sign expansion; a stalk of that sign expansion is the same
   thing drawn as edges).
4. *A hanging number moves the value at most as much as itself.*  For
   numbers ``x <= y`` hanging at ``v``, ``0 <= P[y] - P[x] <= y - x``.  The
   lower bound is fact 3.  Proof of the upper bound: in
   ``P[x] + d - P[y]`` with ``d = y - x``, read ``y`` as ``x`` and a stalk
   of ``d`` hanging side by side at ``v`` (fact 3), and put the other stalk
   of ``d`` on the ground; Left, moving second, answers every move by the
   mirror move in the other copy.  A cut that drops ``v`` drops it in both
   copies, and what is left is the stalk on the ground, cut down to a
   prefix of the sign expansion of ``d >= 0``, so at least ``0``: Left
   still wins.  tests/test_hackenbush_partizan.py checks it by brute force.
   So after a move in a hanging number from ``x`` to ``o``, worth ``t``,
   the value lies between ``t`` (an option) and ``t + (x - o)``.

The engine walks the drawing once (an iterative depth-first search finding
the blocks, deepest first), values every bridge by fact 2 and every block
with a circuit by a memoised search over its cuts and the moves of the
values hanging at its nodes.  After a cut the rest falls apart into smaller
blocks, which the same walk values, so a search only ever sees one block at
a time.  Blocks are stored under a normalised key (the foot of the block
renamed 0 and its other nodes ``1, 2, …`` in their order, so that a block
reached by cuts in different orders meets itself in the table).  For
numbers the search also skips moves in hanging numbers that provably cannot
change the simplest number (see ``_Engine._bounded``), and counts in units
of ``2**-bits`` with plain integers instead of ``Fraction``s.

Blocks worth numbers (blue-red, with numbers hanging) are searched by a
second, faster engine, :class:`_BitBlock`: a position inside the block is an
``int`` bitmask of its standing edges, a cut is one bit cleared, and one
depth-first search on the bitmasks splits what still stands into its blocks
(bridges folded into the number hanging below them, blocks with a circuit
valued under their own table entry).  It keeps only Left's best and Right's
best option.  It values the moves in hanging numbers first: by fact 4 they
pin the value into a window, which often settles it with no cut valued, or
with one player's cuts only (:meth:`_BitBlock._window`).  On the dense
16-edge drawings of ``benchmarks/bench_tangled.py`` this took the median
from 52 ms to 22 ms against skipping the moves in numbers one cut rules
out, which the engine did before (and a faster split, lists instead of
dicts, then to 19 ms).
The plain ``{left | right}`` search stays as the brute-force twin in the
tests.

Tried on the dense drawings of ``benchmarks/bench_tangled.py`` and not kept,
so that nobody need try them again without a new idea: canonical names for
isomorphic blocks (:data:`CANONICAL_LABELS`); an alpha-beta search with
windows around the simplest number, tables of bounds and the best cut of
each block tried first (1.5-2.3 times as many positions, 1.2-1.8 times
slower, because a bound met once must often be searched again exactly);
more cuts, or monotone bounds, to rule out moves in hanging numbers (the
engine before the windows of fact 4 skipped such moves when one cut ruled
them out; valuing them all and using the window is faster).  Two cheaper
ways to a cut were measured too: one split shared by all the cuts of a
chain of nodes of degree two, which leave the same block minus the chain
(4 % on dense 16 edges, nothing on lecture drawings, 6 % slower on random
chords: the chains of the blocks a search meets are short); and a table
of the value after each cut (only one cut in ten leaves a position, with
its hanging numbers, that another cut has already left).  Fact 4 also
bounds each cut of a position by the same cut one move in a hanging number
before; that spared 62 % of the cuts valued in such positions but only up
to 5 % of the positions, because what those cuts lead to is met by other
ways anyway.  Every block the search meets has its position with nothing
hanging searched in full (the windows walk down to it), so the table
holds each block once in full and the splits of its cuts are the floor of
the work: about half of the time on the dense drawings.

Long overlapping circuits (issue 27: a random tree plus ``k`` chords
between random nodes, ``bench_tangled.py --issue27``).  The issue proposed
searching "which chains are still whole, plus the numbers hanging at the
branch nodes" instead of subsets of edges.  Measured first, on the seven
seeded drawings of 40 edges with 4 chords (one block of 18-21 edges, 4
circuits each): the positions the bitmask engine meets *with nothing
hanging* number only 26-50 per block: the split after a cut already folds
what is left of a cut chain into the numbers at its two ends (fact 2), and
what still stands is the block minus whole chains, so the engine's
positions already are the chain positions of the issue.  What it meets is
10 000-140 000 positions *with numbers hanging*: on a long circuit most
nodes carry a small tree (a leaf edge, worth 1 or -1; a few are worth
``13/16`` or ``1/2``), and the windows (fact 4) value every move in every
hanging number, so the search meets the combinations of shortened hanging
numbers: a product over the nodes that carry one (2 to 9 of them at a
time), not over the chains.  A search on chains does not shrink that
product, so it was not built.  Two changes to the order of
``blocks._BitBlock._window`` were measured, each with its twin
(tests/test_hackenbush_chains.py runs each switch alone, and both off,
against the plain search, on hundreds of random trees with chords, and on
blocks with random numbers hanging at every node against the same drawing
with those numbers drawn as stalks):

* *finest first* (``blocks.FINEST_FIRST``, kept): the moves in the hanging
  number with the finest last step are valued first; their window is the
  narrowest, so it pins the value (no cut valued) sooner.  Positions
  searched (a count, the same on every machine): 53 290 to 46 199 on six of
  the seven 40-edge drawings with 4 chords (the seventh alone needs over
  100 000), unchanged or slightly fewer on lecture drawings (2 548 to
  2 548, 10 276 to 10 197) and dense blocks (5 340 to 5 340);
* *one side early* (``blocks.EARLY_ONE_SIDE``, measured and not kept): as
  soon as the simplest number ``z`` of the window of the numbers valued so
  far is an end of that window, say its top (so every Left option is below
  the value), check only Right's options, stopping at the first one at or
  below ``z``; if none is, the value is ``z`` (the argument is in the
  docstring of ``_window``) and Left's moves in the other numbers are never
  valued.  Right on long chords (43 244 positions with finest first, a 6 %
  saving), wrong elsewhere: 19-41 % more positions on lecture drawings and
  dense blocks, because a failed check values options the window would not
  have needed.

The time this buys is small: on the 40-edge family the median went from
4.1 s to 2.7 s measured in one run (a 2-core machine under a load of about
9; ``bench_tangled.py --issue27`` prints both), far from the 0.5 s asked,
and the 60-edge family (blocks of 23-30 edges, 5-6 circuits) is still
refused, before and after.  Also measured and dropped: skipping a move in
a hanging number at ``u`` when the table bounds it below the best of its
side so far (fact 4 gives ``P[x_u^L] <= P[x_u^L, x_f^L] + (x_f - x_f^L)``
for the finest number ``x_f``, and monotonicity ``P[x_u^L] <= P[x_u^L,
x_f^R]``): the moves skipped also narrowed the window, so more positions
needed their cuts, and the search met 34 % (long chords) to 49 % (lecture
drawings) more positions.  What would pay here needs a new argument, such
as the value of a whole chain as a function of the numbers on it.

Issue 27, second round (the same seven 40-edge drawings; processor time,
``time.process_time``, on the shared 2-core machine under a load of 3-6;
positions searched are counts, the same on every machine):

* *Where the time goes.*  Four of the seven drawings need a real search
  (56 797, 24 944, 115 160 and 10 296 positions; the others under 4 000),
  25-45 microseconds a position.  cProfile: about 45 % in the cut loop
  (``_BitBlock._best``: what each cut leaves, folded with Berlekamp's
  rule), 15 % in ``search`` (table look-ups, about seven per position) and
  15 % in ``_window``.  Half to 60 % of the positions are single circuits
  through the foot with numbers hanging at 2-6 of their nodes (70 791 of
  115 160 on the worst drawing), a third have two circuits.  There 40 % of
  the positions are settled by the moves in the numbers alone (two thirds
  of those by the finest number's two moves), 29 % with one side's cuts and
  30 % need both sides.  The numbers are fine: on the worst drawing one
  7-edge circuit is met with 19 620 combinations of numbers, 115-222
  different numbers at each of its nodes (sign expansions of 8-12 signs:
  what a cut leaves of a chain with trees on it, through edges over
  negative numbers, which halve).  So the count is the product, over the
  nodes of a circuit, of the prefixes of the numbers hanging there.
* *Constant factors.*  The table key became one ``int`` for the mask and
  the foot with the tuple of numbers taken by ``operator.itemgetter``
  (``blocks._Order``), and Berlekamp's rule is inlined in the cut loop
  instead of a table of ``(colour, number)`` pairs.  Kept (it is no slower
  and allocates less), but the gain is within the noise of this machine:
  1.10 times as fast in two runs without the worst drawing, 1.00 with all
  seven (``bench_tangled.py --against`` an older ``blocks.py``).  Looking
  the table up in ``_window`` before calling ``search`` (saving a call on a
  hit): 0.89-1.02, dropped.
* *Windowed search* (measured, not kept; its switch and code were removed
  in round 4, this is the record): value the cuts one side at a time and
  stop a side at its first cut that is not beyond the candidate ``z`` (the
  simplest number in the window of fact 4 and between the options valued
  so far).  Sound because ``y = z`` exactly when every Left option not yet
  valued lies below ``z`` and every Right one above it (then ``z`` lies
  between the best options, so ``y`` is at least as simple, and ``y`` lies
  in the window where ``z`` is simplest); a cut not beyond ``z`` narrows the
  interval and moves the candidate.  It spares 8 % of the positions on the
  40-edge chords (154 788 to 141 969 without the first drawing), 2 % on
  lecture drawings, nothing on dense blocks, and no time measurably
  (0.89-1.04 times as fast): a side is rarely stopped early enough to
  spare much, and the cuts are not where the product is.  Together with
  ``EARLY_ONE_SIDE`` it does not help either: on the three slow 40-edge
  drawings but the first, 150 400 positions as shipped, 137 640 with
  candidates, 250 242 with one side early, 246 007 with both.
* *Tails of hanging numbers* (an observation, not used).  Let ``x = a:t``
  hang at ``v``: ``a`` a prefix of the sign expansion of ``x``, ``t`` the
  rest, and ``y:t`` the number whose sign expansion is ``y``'s followed
  by ``t``'s (Conway's ordinal sum of numbers).  On random single circuits
  of 3-7 edges (sometimes one chord) with small numbers hanging,
  ``P[a:t] = P[a]:t`` held for 216 of 327 prefixes ``a`` of random ``x``,
  and whenever it held at a prefix it held at every longer one.  In another
  230 cases (circuits of 3-6 edges, up to two chords, all 30 tails of up to
  4 signs tried), whenever it held for a one-sign tail (``t`` = one blue,
  or one red, edge) it held for every tail beginning with that sign (97 of
  150 cases for both signs at once; 48 and 47 of 80 sign by sign), with no
  counterexample there.  But on real positions of the search (55
  sub-blocks of the last 40-edge drawing, each with two or more numbers
  hanging, a random one of them cut to each of its prefixes) 11 of 73
  one-sign agreements did not extend to every tail of up to 3 signs: so a
  one-step test is not sound, and a rule that would let the search walk
  each hanging number only down to a short prefix (shrinking the product
  over the nodes) needs a condition still to be found and proved.  Nothing
  of it is used.
  What I could prove (by induction on ``t``, using only fact 4) needs the
  options of ``P[a]`` that do not touch the tail to stay put: Left's best
  ``l`` with ``l + d <= P[a]``, Right's best ``r`` with every ``P[a]:t'``
  below ``r`` and ``r + d`` at most the right neighbour of ``P[a]`` (``d``
  the largest shift ``a:t' - a``, ``t'`` the prefixes of ``t``), and that
  held in 0 of the 327 cases: the options that matter there are worth a
  neighbour of ``P[a]`` in the tree of numbers (a prefix of its sign
  expansion), so whether they keep their side depends on their own tails,
  recursively, which costs as much as the search.
* *Chains* (the issue's proposal): still what is recorded above; the
  positions with nothing hanging are 26-50 per block.
* *A certificate from the cuts alone* (round 4, measured, not kept): value
  both sides' cuts first; their simplest number ``c`` is the value when no
  move in a hanging number can reach ``c`` or beyond, and a Right cut at or
  below ``c`` after each Left move in a number (an option of that move, so
  the move is worth less than ``c``), with a Left cut at or above ``c``
  after each Right move, proves it without valuing the moves.  On the five
  slow 40-edge drawings it settled only 13-22 % of the positions and the
  failed certificates cost 1.4-1.9 times the positions and 4-7 times the
  time.  The moves in numbers are usually what fixes the value: the window
  of fact 4 is the cheaper way to use them.
* *Budgets* (recalibrated, all counts): the 60-edge family cannot be valued
  in seconds: with the budgets off, the first drawing was not done after
  five minutes, four others passed 3 000 000 cuts tried (17-23 s) and the
  sixth 400 000 positions (13 s) unfinished.  So its blocks of more than
  :data:`MAX_DENSE_BLOCK_EDGES` edges are now refused at once by the chain
  estimate with its own limit, :data:`~cgteach.hackenbush.blocks.MAX_LONG_BLOCK_WORK`
  (50 000; they estimate 94 000-990 000, the 40-edge family's one such
  block 4 400), ``MAX_SEARCH_CUTS`` (since replaced by :data:`MAX_SEARCH_WORK`)
  went from 80 000 to 1 000 000 (the 40-edge family needs up to 724 000:
  all seven are valued, median 0.35-0.47 s, the worst 5-6 s) and ``MAX_DENSE_SEARCH`` from 400 000
  to 200 000 positions (dense 20-edge blocks need up to 143 000, the
  40-edge chords 115 000), so the one 60-edge drawing whose block is small
  enough to count as dense (20 edges, 5 circuits) is refused after about
  seven seconds instead of thirteen.  The price: a blue-red block that
  passes the estimate and still needs more than 1 000 000 cuts is refused
  after about four seconds, no longer within one.
* *One budget per valuation* (issue 39): those budgets counted per block, so
  a drawing could search several of them, and a dense block's alone was
  seven seconds.  Now every bitmask block of one call spends one count,
  :data:`MAX_SEARCH_WORK` (200 000 steps: two per position, one per cut
  tried, weights fitted to the time), about 0.7-0.85 s before a refusal;
  the drawings that needed more are refused within a second instead of
  valued in 1.5-6 s (measured in the notes of ``blocks.MAX_SEARCH_WORK`` and
  by benchmarks/bench_refusals.py).

A block that is too big to search raises :class:`TooTangled` (a
``ValueError``) at once, before any search, saying how big is too big: too
many edges or circuits, or for blue-red blocks an estimate of the positions
a search meets (:func:`_block_work`) above :data:`MAX_BLOCK_WORK` (above
``blocks.MAX_LONG_BLOCK_WORK`` for blocks of more than
:data:`MAX_DENSE_BLOCK_EDGES` edges).  Blue-red
searches have no clock (the answer does not depend on the machine's load):
they stop after :data:`MAX_SEARCH_WORK` steps, within about a second;
neither has the mixed valuation, which stops after :data:`MAX_MIXED_WORK`
steps of the game engine.

What is near-linear and what is not (drawings without circuits):

* *Pieces on the ground* (fact 1) are valued apart; a cut changes only its
  own piece, so :func:`values_after_cuts` (and so :func:`winning_moves`)
  values each piece once and, per cut, only what is left of that piece
  (a star of 10 000 green edges and one blue edge: 10 001 tiny valuations).
* *All-green parts* are nimbers: a green tree by the colon principle in one
  pass (``_green_tree_grundy``), a green edge over ``*n`` is ``*(n+1)``;
  nimbers add by XOR.  Linear.  (``cgteach.games`` holds nimbers up to
  ``*2**64``, but lists the options of at most ``*65536``: so ``*70000``
  is fine, while ``1 + *70000``, whose canonical form has 70 000 options
  a side, is refused.)
* *All-blue-red parts* are numbers: an edge over a number by Berlekamp's
  rule (:func:`cgteach.hackenbush.bluered.edge_under`), numbers add as
  fractions.  Linear.
* *Mixed stalks* (a path of edges up to a leaf, any colours) are valued
  in one go from the ground up (``cgteach.games._order._stalk``): the
  positions of a stalk are its prefixes, two prefixes compare by the colour
  of one edge (the lowest edge of the segment between them), so building
  the canonical form compares nothing by definition.  The work is the size
  of the canonical form: linear when it stays small, at worst quadratic (a
  random green-blue stalk keeps about half its green cuts on each side),
  which is as small as the answer itself.  Measured (one run, this 2-core
  machine busy with a test run): 300 edges green/blue 0.06 s (was 9.5 s),
  400 edges 0.1 s (was refused after 20 s).  Edge by edge from the top the
  same stalk builds all ``n**2 / 2`` of its segments.  A stalk whose part
  that is not a number is born after day :data:`cgteach.games.MAX_BIRTHDAY`
  (400) is refused at once by the game engine.
* *An edge under any game* (``1:H``, ``-1:H``, ``*:H``) is built without
  a comparison either (``games._order._edge_ordinal``, with its proof).
* *Mixed trees* still add games: the canonical form of a sum can be far
  bigger than its terms, so they are not near-linear in general (random
  mixed trees of 100-200 edges take 0.04-0.2 s, a few are refused).  The
  game engine's work is bounded by :data:`MAX_MIXED_WORK`, a count of
  steps, so the same drawing gets the same answer (or refusal) on every
  machine, within about a second.  (A blue-red run under ``y*`` carries
  ``(c:y)*`` down, by the rule in ``_Games.edge``.)

Offers: :class:`TooTangled`, :data:`MAX_BLOCK_EDGES`, :data:`MAX_BLOCK_CIRCUITS`,
:data:`MAX_MIXED_BLOCK_EDGES`, :data:`MAX_MIXED_BLOCK_CIRCUITS`, :data:`MAX_DENSE_BLOCK_EDGES`,
:data:`MAX_DENSE_BLOCK_CIRCUITS`, :data:`MAX_BLOCK_WORK`, :data:`MAX_LONG_BLOCK_WORK`,
:data:`MAX_SEARCH_WORK`, :data:`MAX_SEARCH_BLOCKS`, :data:`MAX_MIXED_SEARCH_BLOCKS`,
:data:`MAX_SEARCH_SECONDS`, :data:`MAX_MIXED_WORK`, :data:`MAX_CUTS_WORK`,
:data:`LIVE_EDGES`, :data:`LIVE_EDGES_BLUE_RED`, :data:`LIVE_EDGES_MIXED`,
:func:`bluered_value`, :func:`canonical`, :func:`canonical_by_search`,
:func:`outcome`, :func:`winning_moves`, :func:`values_after_cuts`,
:func:`number_options`.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

__all__ = [
    "TooTangled",
    "MAX_BLOCK_EDGES",
    "MAX_BLOCK_CIRCUITS",
    "MAX_MIXED_BLOCK_EDGES",
    "MAX_MIXED_BLOCK_CIRCUITS",
    "MAX_SEARCH_BLOCKS",
    "MAX_MIXED_SEARCH_BLOCKS",
    "MAX_SEARCH_SECONDS",
    "MAX_MIXED_WORK",
    "MAX_CUTS_WORK",
    "MAX_DENSE_BLOCK_EDGES",
    "MAX_DENSE_BLOCK_CIRCUITS",
    "MAX_BLOCK_WORK",
    "MAX_LONG_BLOCK_WORK",
    "MAX_SEARCH_WORK",
    "LIVE_EDGES",
    "LIVE_EDGES_BLUE_RED",
    "LIVE_EDGES_MIXED",
    "bluered_value",
    "canonical",
    "canonical_by_search",
    "outcome",
    "winning_moves",
    "values_after_cuts",
    "number_options",
]

# The machinery shared with the blue-red engine lives one floor down, in
# cgteach.hackenbush.blocks; its names are re-exported here, where they
# have always been offered.
from cgteach.hackenbush.blocks import (  # noqa: F401  (re-exported)
    CANONICAL_LABELS,
    MAX_BLOCK_CIRCUITS,
    MAX_BLOCK_EDGES,
    MAX_BLOCK_WORK,
    MAX_DENSE_BLOCK_CIRCUITS,
    MAX_DENSE_BLOCK_EDGES,
    MAX_LONG_BLOCK_WORK,
    MAX_MIXED_BLOCK_CIRCUITS,
    MAX_MIXED_BLOCK_EDGES,
    MAX_SEARCH_BLOCKS,
    MAX_SEARCH_WORK,
    TooTangled,
    _BitBlock,
    _block_work,
    _branch_indices,
    _check_size,
    _Engine,
    _Games,
    _Numbers,
    _pieces,
    _plan,
    _signed,
    number_options,
)
from cgteach.hackenbush.green import grundy as _green_grundy
from cgteach.hackenbush.position import Hackenbush, _allowed_colours, _player_sign

#: The budget of the mixed engine, in blocks searched (each costs more than
#: a blue-red one: canonical forms of games).
MAX_MIXED_SEARCH_BLOCKS = 3_000

#: The last safety net of the *mixed* valuation (the block counts above do
#: not see how big the games in a mixed search grow), in steps of the game
#: engine (canonical forms built and order tests by definition, counted by
#: :func:`cgteach.games.work_budget`): no valuation of a drawing mixing
#: green with blue and red takes more before it stops with
#: :class:`TooTangled`.  A count, not a clock, so the same drawing gets the
#: same answer on every machine; about 13 000 steps a second on this 2-core
#: machine under load, so a refusal comes within several seconds.  A 50-edge
#: random green-blue stalk needs about 52 000 (it was valued before this
#: budget replaced the clock, and still is).
MAX_MIXED_WORK = 100_000

#: Kept for compatibility: the mixed search used to stop after this many
#: seconds.  It no longer reads a clock (see :data:`MAX_MIXED_WORK`).
MAX_SEARCH_SECONDS = 0.9

#: The editor's live limit for blue-red drawings with circuits, in edges:
#: tests/browser/test_latency_browser.py plants and undoes an edge on a
#: lecture drawing of this size (a random tree with three circuits of 3 to
#: 5 edges) in a real JupyterLab and measures click to new value.  Measured
#: (issue 27, round 4; the 2-core machine at a load of about 3): median
#: 131 ms, at most 161 ms, at 50 edges (83 ms at 30).  The kernel's share is
#: small: on twelve seeded lecture drawings of 50 edges the valuation takes a
#: median of 2 ms, at most 80 ms; at 60 edges one of the twelve passes the
#: half-second guard, so the limit stops at 50.  Long overlapping circuits
#: (random chords) are another matter: 30 edges with 3 chords can take
#: seconds (benchmarks/bench_tangled.py), and the editor gives up on them
#: after its half-second guard.
LIVE_EDGES_BLUE_RED = 50

#: The same for drawings mixing green with blue and red (lecture drawings
#: coloured at random), measured by the same browser test: median 84-127 ms,
#: at most 131-416 ms, at 30 edges.  Mixed values are games, whose sums cost
#: more: already at 30 edges two of twelve seeded lecture drawings pass the
#: half-second guard, so the limit stays at 30.
LIVE_EDGES_MIXED = 30

#: The limit the editor applies today to both colourings (the smaller of the
#: two above); drawings with circuits up to this many edges are valued live.
LIVE_EDGES = min(LIVE_EDGES_BLUE_RED, LIVE_EDGES_MIXED)


def bluered_value(position) -> Fraction:
    """The value of a blue-red position with or without circuits, as a ``Fraction``.

    >>> from cgteach.hackenbush import Hackenbush
    >>> bluered_value(Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 0, "blue")]))
    Fraction(1, 1)
    """
    edges = _signed(position)
    if any(c == 0 for _, _, c in edges):
        raise ValueError("bluered_value() needs a blue-red position; use canonical()")
    _check_size(edges, "value")
    numbers = _Numbers(len(edges) + 2)
    return numbers.fraction(_Engine(numbers, MAX_SEARCH_BLOCKS).evaluate(tuple(edges)))


class _Budget:
    """The game engine's work budget, turned into :class:`TooTangled` when spent."""

    def __init__(self, games, steps=None):
        self.steps = MAX_MIXED_WORK if steps is None else steps
        self.inner = games.work_budget(self.steps)
        self.games = games

    def __enter__(self):
        self.inner.__enter__()
        return self

    def __exit__(self, kind, exc, tb):
        self.inner.__exit__(kind, exc, tb)
        if kind is not None and issubclass(kind, self.games.OutOfWork):
            raise TooTangled(
                f"this drawing is too tangled to value: its value as a game needs more than "
                f"{self.steps:,} steps of the game engine (cgteach.hackenbush.partizan."
                "MAX_MIXED_WORK); drawings that mix green with blue and red have values "
                "that grow quickly with their height: try a smaller drawing"
            ) from None
        if (kind is not None and issubclass(kind, ValueError)
                and not issubclass(kind, TooTangled) and "cgteach.games.MAX_BIRTHDAY" in str(exc)):
            raise TooTangled(
                "this drawing is too tall to value as a game: its value would be born after "
                f"day {self.games.MAX_BIRTHDAY}, the game engine's limit (cgteach.games."
                "MAX_BIRTHDAY); a stalk mixing green with blue and red may have about that "
                "many edges (blue-red and all-green drawings have no such limit)"
            ) from None
        return False


class _Valuer:
    """Canonical values of pieces of one drawing, sharing the engines' tables."""

    def __init__(self, size: int):
        from cgteach import games

        self.games = games
        self.numbers = _Numbers(size + 2)
        self.number_engine = _Engine(self.numbers, MAX_SEARCH_BLOCKS)
        self.game_engine = None

    def piece(self, piece):
        games = self.games
        colours = {c for _, _, c in piece}
        if colours == {0}:
            found = _green_tree_grundy(piece)
            if found is not None:
                return games.nimber(found)
            return games.nimber(_green_grundy(Hackenbush([(u, v) for u, v, _ in piece])))
        if 0 not in colours:
            x = self.number_engine.evaluate(tuple(piece))
            return games.number(self.numbers.fraction(x))
        if self.game_engine is None:
            self.game_engine = _Engine(_Games(), MAX_MIXED_SEARCH_BLOCKS)
        return self.game_engine.evaluate(tuple(piece))

    def value(self, edges):
        pieces = _pieces(edges)
        for p in pieces:
            colours = {c for _, _, c in p}
            if 0 in colours and len(colours) > 1:
                _check_size(p, "value", mixed=True)
        with self.budget():
            return self.games.total([self.piece(p) for p in pieces])

    def budget(self, steps=None):
        """A context in which the game engine may take :data:`MAX_MIXED_WORK` steps."""
        return _Budget(self.games, steps)


def canonical(position):
    """The value of any Hackenbush position as a canonical game (:class:`cgteach.games.Game`).

    Pieces meeting only at the ground are valued apart and added: all-green
    pieces by the linear green method (a nimber), blue-red pieces by the
    number engine, mixed pieces by the game engine.  A block too big to
    search raises :class:`TooTangled` at once.

    >>> from cgteach.hackenbush import Hackenbush
    >>> str(canonical(Hackenbush([(0, 1, "green"), (1, 2, "blue")])))
    '↑*'
    >>> str(canonical(Hackenbush([(0, 1, "blue"), (1, 2, "green")])))
    '1*'
    >>> str(canonical(Hackenbush([(0, 1, "green"), (0, 2, "green"), (0, 3, "blue")])))
    '1'
    """
    edges = _signed(position)
    _check_size(edges, "value")
    return _Valuer(len(edges)).value(edges)


def canonical_by_search(position):
    """The brute-force twin of :func:`canonical`: ``{left | right}`` all the way down.

    No shortcuts: every cut is made on the drawing itself (what falls off is
    gone) and the options' canonical forms are combined with
    :func:`cgteach.games.game`; positions are remembered as they are.  Fine
    up to about a dozen edges.

    >>> from cgteach.hackenbush import Hackenbush
    >>> str(canonical_by_search(Hackenbush([(0, 1, "green"), (1, 2, "blue")])))
    '↑*'
    """
    from cgteach import games

    if len(_signed(position)) > 24:
        raise TooTangled("canonical_by_search() tries every sequence of cuts; use at most 24 edges")
    memo: dict = {}

    def search(p):
        if p not in memo:
            # each edge cut once (a green edge's cut is both players' option)
            after = {i: search(p.cut(i)) for i in range(len(p.edges))}
            lefts = [after[i] for i, e in enumerate(p.edges) if e[2] != "red"]
            rights = [after[i] for i, e in enumerate(p.edges) if e[2] != "blue"]
            memo[p] = games.game(lefts, rights)
        return memo[p]

    return search(position)


def outcome(position) -> str:
    """``"L"``, ``"R"``, ``"P"`` or ``"N"`` for any colouring.

    >>> from cgteach.hackenbush import Hackenbush
    >>> outcome(Hackenbush([(0, 1, "green"), (0, 2, "green")])), outcome(Hackenbush([(0, 1)]))
    ('P', 'N')
    """
    return canonical(position).outcome()


def values_after_cuts(position, player):
    """``{edge index: canonical value after that cut}`` for every cut ``player`` may make.

    ``player`` is ``"blue"`` (Left: blue and green edges), ``"red"`` (Right:
    red and green edges) or ``None`` (every edge).  One table serves all the
    cuts, so equal blocks are searched once.

    Algorithm notes: a cut changes only the piece (the part standing on the
    ground apart from the rest, fact 1) that holds the edge.  So the pieces
    are valued once and kept in three sums: the nim sum of the all-green
    pieces, the sum of the blue-red ones (a number) and the mixed ones (a
    list of games, with sums of all but one precomputed from both ends);
    each cut values only what is left of its own piece.  A star of ten
    thousand edges on the ground costs ten thousand tiny valuations, not ten
    thousand valuations of the whole drawing.

    >>> from cgteach.hackenbush import Hackenbush
    >>> h = Hackenbush([(0, 1, "green"), (0, 2, "blue"), (2, 3, "red")])
    >>> {i: str(g) for i, g in values_after_cuts(h, None).items()}
    {0: '1/2', 1: '*', 2: '1*'}
    """
    allowed = _allowed_colours(player)
    edges = _signed(position)
    _check_size(edges, "value")
    valuer = _Valuer(len(edges))
    with valuer.budget(MAX_CUTS_WORK):
        return _values_after_cuts(position, allowed, edges, valuer)


#: The budget of :func:`values_after_cuts` (and so of :func:`winning_moves`)
#: for all the cuts together, in steps of the game engine.
MAX_CUTS_WORK = 4 * MAX_MIXED_WORK


def _values_after_cuts(position, allowed, edges, valuer):
    games = valuer.games
    pieces = _indexed_pieces(edges)
    kinds, values = [], []
    for piece in pieces:
        signed = [edges[i] for i in piece]
        colours = {c for _, _, c in signed}
        kind = "green" if colours == {0} else "number" if 0 not in colours else "mixed"
        if kind == "mixed":
            _check_size(signed, "value", mixed=True)
        kinds.append(kind)
        values.append(valuer.piece(signed))
    nim = 0
    num = Fraction(0)
    mixed = [k for k, kind in enumerate(kinds) if kind == "mixed"]
    for k, kind in enumerate(kinds):
        if kind == "green":
            nim ^= values[k].nimber_value()
        elif kind == "number":
            num += values[k].number_value()
    # sums of the mixed pieces from the left and from the right
    before = [games.ZERO]
    for k in mixed:
        before.append(before[-1] + values[k])
    after = [games.ZERO]
    for k in reversed(mixed):
        after.append(after[-1] + values[k])
    after.reverse()
    all_mixed = before[-1]
    place = {k: j for j, k in enumerate(mixed)}
    owner = {}
    for k, piece in enumerate(pieces):
        for i in piece:
            owner[i] = k
    out = {}
    for i, (_, _, colour) in enumerate(position.edges):
        if colour not in allowed:
            continue
        out[i] = _after_cut(valuer, edges, pieces, kinds, values, owner[i], i,
                            nim, num, all_mixed, before, after, place)
    return out


def _after_cut(valuer, edges, pieces, kinds, values, k, i, nim, num, all_mixed,
               before, after, place):
    """The value of the whole drawing after cutting edge ``i`` of piece ``k``."""
    games = valuer.games
    rest = _standing([edges[j] for j in pieces[k] if j != i])
    left = valuer.piece(rest) if rest else games.ZERO
    kind = kinds[k]
    if kind == "green":
        parts = [games.nimber(nim ^ values[k].nimber_value()), games.number(num), all_mixed]
    elif kind == "number":
        parts = [games.nimber(nim), games.number(num - values[k].number_value()), all_mixed]
    else:
        j = place[k]
        parts = [games.nimber(nim), games.number(num), before[j] + after[j + 1]]
    return games.total([*parts, left])


def _green_tree_grundy(edges):
    """The Grundy value of green edges standing on node 0 if they form a tree, else None.

    Algorithm notes: the colon principle (Winning Ways, ch. 7): a tree is
    worth the nim sum over the edges at its root of ``1 +`` the value of
    what stands on each; a loop is worth ``*1`` at its node (it is an edge
    to a leaf, by the fusion principle).  One pass from the leaves down,
    linear in the edges.  Edges not joined to node 0 are ignored.
    """
    adj = defaultdict(list)
    loops: dict = defaultdict(int)
    for u, v, _ in edges:
        if u == v:
            loops[u] ^= 1
        else:
            adj[u].append(v)
            adj[v].append(u)
    parent = {0: None}
    order = [0]
    for x in order:  # breadth first; grows while it is read
        for w in adj[x]:
            if w == parent[x]:
                continue
            if w in parent:
                return None  # a circuit (or a parallel edge)
            parent[w] = x
            order.append(w)
    for x in order:
        if sum(1 for w in adj[x] if w == parent[x]) > 1:
            return None  # two parallel edges down to the parent: a circuit
    value = {x: loops.get(x, 0) for x in order}
    for x in reversed(order[1:]):
        value[parent[x]] ^= value[x] + 1
    return value[0]


def _indexed_pieces(edges):
    """The pieces of ``edges`` (as in :func:`_pieces`), each a list of edge indices."""
    return _branch_indices(edges)


def _standing(edges):
    """The signed edges still joined to the ground (node 0), in their order."""
    adj = defaultdict(list)
    for u, v, _ in edges:
        adj[u].append(v)
        adj[v].append(u)
    seen, todo = {0}, [0]
    while todo:
        for w in adj[todo.pop()]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return [e for e in edges if e[0] in seen]


def winning_moves(position, player) -> list[int]:
    """Indices into ``.edges`` of every cut by ``player`` after which ``player`` wins.

    After Blue's cut Red moves first, so Blue wins exactly when the game
    left is ``>= 0`` (outcome ``"L"`` or ``"P"``); Red's good cuts leave
    ``<= 0``.

    >>> from cgteach.hackenbush import Hackenbush
    >>> winning_moves(Hackenbush([(0, 1, "green"), (0, 2, "blue")]), "blue")  # 1* : cut the *
    [0]
    """
    sign = _player_sign(player)
    good = ("L", "P") if sign > 0 else ("R", "P")
    return [i for i, g in values_after_cuts(position, player).items() if g.outcome() in good]

