"""Hackenbush: green (impartial) and blue-red (partizan) positions.

:class:`Hackenbush` is the position; the green analysis lives in
``cgteach.hackenbush.green`` and the blue-red one in
``cgteach.hackenbush.bluered``; named starting positions are in
``cgteach.hackenbush.examples``.
"""

from cgteach.hackenbush.position import COLOURS, Hackenbush

__all__ = ["Hackenbush", "COLOURS"]
