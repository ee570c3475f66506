"""Cut a picture too large to read whole into the parts a slide or a page shows one by one.

A figure of several panels (``draw_steps``' reduction steps, a pair of
thermographs) is one PNG.  Shrunk to fit a slide or a page, its words shrink
with it; cut along its blank rows (:func:`bands`) or blank columns
(:func:`panels`) instead, each part can be shown at its own size: the
slideshow shows the parts one per step, the handout prints them one under the
other.  Only pictures larger than the room are decoded (the size is read from
the PNG header), so the exports stay fast.

>>> png_size(_tiny_png(30, 20))
(30, 20)
"""

from __future__ import annotations

import base64
import functools
import io
import struct

__all__ = ["png_size", "bands", "panels"]

#: A row or column is blank when every pixel is within this of the background.
_TOLERANCE = 10
#: Blank pixels kept around a band's ink.
_MARGIN = 8


def png_size(data: str) -> tuple[int, int]:
    """(width, height) of the base64 PNG ``data``, from its header alone (no decoding)."""
    if not isinstance(data, str):
        raise TypeError(f"a picture is a base64 PNG text, got {type(data).__name__}")
    head = base64.b64decode(data.strip()[:44])
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError("not a base64 PNG (no PNG header)")
    return struct.unpack(">II", head[16:24])


def _grey(data: str):
    """The picture and where it is inked: a boolean array, True where a pixel is
    further than the tolerance from the background (the commonest corner colour)."""
    from collections import Counter

    import numpy as np
    from PIL import Image, ImageChops

    image = Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")
    w, h = image.size
    corners = [image.getpixel(xy) for xy in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1))]
    background = Counter(corners).most_common(1)[0][0]
    r, g, b = ImageChops.difference(image, Image.new("RGB", image.size, background)).split()
    far = np.asarray(ImageChops.lighter(ImageChops.lighter(r, g), b)) > _TOLERANCE
    return image, far


def _gaps(blank) -> list[tuple[int, int]]:
    """Runs of True in the boolean array ``blank``: (start, end) with end exclusive."""
    import numpy as np

    edges = np.diff(np.concatenate(([0], blank.astype(np.int8), [0])))
    return list(zip(np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist(),
                    strict=True))


def _encode(image) -> str:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return base64.b64encode(out.getvalue()).decode("ascii")


def bands(data: str, tallest: int) -> list[str] | None:
    """The base64 PNG ``data`` cut along blank rows into bands at most ``tallest`` px
    high, each cut at the widest blank gap in reach; ``None`` if it is not taller
    than ``tallest`` or has no blank row where a cut is needed."""
    width, height = png_size(data)
    if height <= tallest:
        return None
    image, far = _grey(data)
    gaps = _gaps(~far.any(axis=1))
    cuts, top = [], 0
    while height - top > tallest:
        reach = [g for g in gaps if top + 0.35 * tallest <= (g[0] + g[1]) // 2 <= top + tallest]
        if not reach:
            return None
        g = max(reach, key=lambda g: (g[1] - g[0], g[0]))
        cut = (g[0] + g[1]) // 2
        cuts.append(cut)
        top = cut
    edges = [0, *cuts, height]
    rows = far.any(axis=1)
    parts = []
    for a, b in zip(edges, edges[1:], strict=False):
        inked = rows[a:b].nonzero()[0]          # the band less its blank margins
        if len(inked):
            a, b = max(a, a + int(inked[0]) - _MARGIN), min(b, a + int(inked[-1]) + 1 + _MARGIN)
        parts.append(_encode(image.crop((0, a, width, b))))
    return parts


def panels(data: str, widest: int, least: int = 120) -> tuple[str, ...] | None:
    """The base64 PNG ``data`` cut along blank columns (a gutter down its whole height)
    into its panels, each at least ``least`` px wide; ``None`` if it is not wider
    than ``widest`` or shows fewer than two panels."""
    if not isinstance(data, str):
        raise TypeError(f"a picture is a base64 PNG text, got {type(data).__name__}")
    return _panels(data, widest, least)


@functools.lru_cache(maxsize=64)         # the two handouts of a lesson share their figures
def _panels(data: str, widest: int, least: int) -> tuple[str, ...] | None:
    width, height = png_size(data)
    if width <= widest:
        return None
    image, far = _grey(data)
    used = far.any(axis=0)
    gaps = [g for g in _gaps(~used) if g[0] > 0 and g[1] < width]
    edges = [0]
    for a, b in gaps:
        cut = (a + b) // 2
        if cut - edges[-1] >= least and width - cut >= least:
            edges.append(cut)
    edges.append(width)
    if len(edges) < 3:
        return None
    return tuple(_encode(image.crop((a, 0, b, height)))
                 for a, b in zip(edges, edges[1:], strict=False))


def _tiny_png(width: int, height: int) -> str:
    from PIL import Image

    return _encode(Image.new("RGB", (width, height), "white"))
