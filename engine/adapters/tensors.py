"""An observation's fields in their shapes (``encoding.ViewEncoding.layout``), as NumPy views
of its flat vector: what OpenSpiel's observers give as ``dict`` and the environments as a
shaped observation. Imported only by adapters that have imported NumPy themselves (each
names its own extra when it is missing)."""

from __future__ import annotations

import numpy as np

from .encoding import Layout


def fields(vector: np.ndarray, layout: Layout) -> dict[str, np.ndarray]:
    """A flat vector's fields, each a view of it in its shape (so that writing the vector
    fills them)."""
    out, start = {}, 0
    for name, shape in layout:
        size = int(np.prod(shape))
        out[name] = vector[start:start + size].reshape(shape)
        start += size
    return out
