"""What every partizan ruleset position shares: outcome, temperature, files.

A position class sets ``_KIND`` (its file format is ``cgteach.<_KIND>``),
``_FIELD`` (the one entry of its file body) and ``_field()`` (that entry's
value), and has ``value()``; it then gets :meth:`outcome`,
:meth:`temperature`, :meth:`thermograph`, :meth:`to_dict`,
:meth:`from_dict`, :meth:`save` and :meth:`load`.
"""

from __future__ import annotations

import os

from cgteach._validate import show as _show


class PartizanPosition:
    """Mixin for positions whose :meth:`value` is a canonical game."""

    __slots__ = ()
    _KIND = ""
    _FIELD = ""
    _NAME = ""

    def outcome(self) -> str:
        """``"L"``, ``"R"``, ``"P"`` or ``"N"``: who wins with perfect play."""
        return self.value().outcome()

    def temperature(self):
        """The temperature of the position's value (see :mod:`cgteach.games.temperature`)."""
        return self.value().temperature()

    def thermograph(self):
        """The thermograph of the position's value."""
        return self.value().thermograph()

    def to_dict(self) -> dict:
        """The body of a position file: one entry, the position as text."""
        return {self._FIELD: self._field()}

    @classmethod
    def from_dict(cls, payload):
        """Build a position from :meth:`to_dict`'s layout (a clear error otherwise)."""
        if not isinstance(payload, dict) or set(payload) != {cls._FIELD}:
            raise ValueError(
                f'a {cls._NAME} position file holds {{"{cls._FIELD}": ...}} and nothing else, '
                f"got {_show(payload)}"
            )
        return cls(payload[cls._FIELD])

    def save(self, path: str | os.PathLike) -> None:
        """Write the position to a JSON file (format ``cgteach.<kind>``)."""
        from cgteach import _io

        _io.save(self._KIND, self.to_dict(), path)

    @classmethod
    def load(cls, path: str | os.PathLike):
        """Read a position written by :meth:`save`."""
        from cgteach import _io

        return cls.from_dict(_io.load(cls._KIND, path))
