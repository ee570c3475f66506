"""Placeholder: the Sprague-Grundy engine is written by the impartial-games work."""

from cgteach.nimbers import mex


def grundy(position, options):
    """Grundy value of ``position`` (temporary recursive version)."""
    return mex(grundy(p, options) for p in options(position))
