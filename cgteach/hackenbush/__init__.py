"""Hackenbush: green (impartial) and blue-red (partizan) positions.

:class:`Hackenbush` is the position; the green analysis lives in
``cgteach.hackenbush.green`` and the blue-red one in
``cgteach.hackenbush.bluered``, drawings of any colour with circuits in
``cgteach.hackenbush.partizan``; named starting positions are in
``cgteach.hackenbush.examples``.

The modules stand on strict floors (a module imports only from lower
floors; tests/test_hackenbush_floors.py checks it):

0. ``position`` -- the data: edges, cutting, files, layout;
1. ``blocks`` -- the shared machinery: numbers, blocks, the block search
   (and ``examples``, which only builds positions);
2. ``green`` and ``bluered`` -- the impartial and the number engines;
3. ``partizan`` -- the engine for any colouring (it uses the two below).

The position's value methods reach the engines through the table
``position._ANALYSES``, filled in here, so the position never imports up.
"""

from cgteach.hackenbush import bluered, green, partizan
from cgteach.hackenbush.position import _ANALYSES, COLOURS, Hackenbush

_ANALYSES.update({
    "green.grundy": green.grundy,
    "green.winning_moves": green.winning_moves,
    "green.reduction_steps": green.reduction_steps,
    "bluered.value": bluered.value,
    "bluered.winning_moves": bluered.winning_moves,
    "bluered.outcome": bluered.outcome,
    "bluered.explain": bluered.explain,
    "partizan.canonical": partizan.canonical,
    "partizan.winning_moves": partizan.winning_moves,
    "partizan.outcome": partizan.outcome,
})

__all__ = ["Hackenbush", "COLOURS"]
