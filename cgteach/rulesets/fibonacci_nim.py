"""Fibonacci Nim: take at most twice what your opponent just took.

**Rules** (source notes, section 1).  One pile of coins.  The first player
may take any number of coins but not all of them; after that a player may
take from 1 up to twice the number the opponent just took.  Whoever takes
the last coin wins.  A position is ``(coins, quota)``, the quota being the
most that may be taken now: a pile of ``n`` starts at ``(n, n - 1)``, and
taking ``x`` leaves ``(coins - x, 2x)``.

**Zeckendorf's theorem**: every positive integer is a sum of non-consecutive
Fibonacci numbers (1, 2, 3, 5, 8, 13, …) in exactly one way; ``10 = 8 + 2``.
The strategy: a position is losing exactly when the quota is smaller than
the smallest term of the Zeckendorf sum of the coins.  From a winning
position, take all the coins if the quota allows, else take the smallest
term.  So a Fibonacci number of coins is a loss for the first player.

Offers: :func:`zeckendorf`, :func:`start`, :func:`options`,
:func:`is_losing`, :func:`winning_move`, and the brute-force twin
:func:`is_losing_by_search`.

>>> zeckendorf(10)
[8, 2]
>>> winning_move(10, 9)       # the source's example: take 2, leave 8
2
>>> is_losing(8, 4)
True
"""

from __future__ import annotations

from cgteach._validate import as_count, check_size, show

#: Limits, stated once.
MAX_COINS = 10**1000  # Zeckendorf sums stay fast far beyond any lesson
MAX_OPTIONS = 10**6  # options() lists min(quota, coins) moves
MAX_SEARCH_COINS = 200  # is_losing_by_search() is a brute-force search

__all__ = [
    "zeckendorf",
    "start",
    "options",
    "is_losing",
    "winning_move",
    "is_losing_by_search",
]


def zeckendorf(n: int) -> list[int]:
    """Return the Zeckendorf sum of ``n``: non-consecutive Fibonacci numbers, largest first.

    >>> zeckendorf(100), zeckendorf(0)
    ([89, 8, 3], [])
    """
    n = as_count(n, "n", MAX_COINS)
    fibs = [1, 2]
    while fibs[-1] <= n:
        fibs.append(fibs[-1] + fibs[-2])
    terms = []
    # Algorithm notes: greedy.  Taking the largest Fibonacci number F <= n
    # leaves n - F < the next smaller Fibonacci number, so consecutive terms
    # never appear and the representation is the unique Zeckendorf one.
    for f in reversed(fibs):
        if f <= n:
            terms.append(f)
            n -= f
    return terms


def _as_position(coins, quota) -> tuple[int, int]:
    coins = as_count(coins, "coins", MAX_COINS)
    quota = as_count(quota, "quota")
    return coins, quota


def start(coins: int) -> tuple[int, int]:
    """Return the opening position of a pile of ``coins``: the quota is ``coins - 1``.

    >>> start(10)
    (10, 9)
    """
    coins = as_count(coins, "coins", MAX_COINS)
    if coins < 2:
        raise ValueError(f"a game of Fibonacci Nim needs at least 2 coins, got {coins}")
    return coins, coins - 1


def options(position) -> list[tuple[int, int]]:
    """Return the positions one move away from ``(coins, quota)``, taking 1, 2, … coins.

    The new quota is capped at the coins left (more would change nothing).

    >>> options((5, 2))
    [(4, 2), (3, 3)]
    """
    if not isinstance(position, (tuple, list)) or len(position) != 2:
        raise TypeError(
            "a Fibonacci Nim position is a pair (coins, quota) such as (10, 9), "
            f"got {show(position)}"
        )
    coins, quota = _as_position(*position)
    check_size(min(quota, coins), MAX_OPTIONS, "the number of moves, min(quota, coins),")
    return [(coins - x, min(2 * x, coins - x)) for x in range(1, min(quota, coins) + 1)]


def is_losing(coins: int, quota: int) -> bool:
    """Return whether the player to move loses from ``(coins, quota)`` (Zeckendorf test).

    >>> is_losing(0, 0), is_losing(13, 12), is_losing(6, 1)
    (True, True, False)
    """
    coins, quota = _as_position(coins, quota)
    if coins == 0:
        return True
    return quota < zeckendorf(coins)[-1]


def winning_move(coins: int, quota: int) -> int | None:
    """Return how many coins to take to win, or ``None`` from a losing position.

    Takes all the coins when the quota allows; otherwise the smallest
    Zeckendorf term.

    >>> winning_move(6, 4), winning_move(4, 2), winning_move(3, 5)
    (1, 1, 3)
    """
    coins, quota = _as_position(coins, quota)
    if coins == 0:
        return None
    if quota >= coins:
        return coins
    smallest = zeckendorf(coins)[-1]
    return smallest if smallest <= quota else None


def is_losing_by_search(coins: int, quota: int) -> bool:
    """Brute-force twin of :func:`is_losing`, by win/lose search of the game tree.

    >>> is_losing_by_search(8, 7)
    True
    """
    from cgteach.impartial import _outcome_by_search

    coins, quota = _as_position(coins, quota)
    check_size(coins, MAX_SEARCH_COINS, "coins (for the brute-force search)")
    return _outcome_by_search((coins, min(quota, coins)), options) == "P"
