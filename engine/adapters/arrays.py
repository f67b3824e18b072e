"""What the Gymnasium and PettingZoo environments observe, as NumPy arrays: the agent's view
as numbers (``encoding.py``), flat or as its fields in their shapes (``shaped``: a grid as
planes of rows × columns × kinds), and the mask of the actions (whole moves or options of a
step) it may choose now."""

from __future__ import annotations

from typing import Any, Sequence

from . import needs_extra

try:
    import numpy as np
    from gymnasium import spaces
except ModuleNotFoundError as missing:  # installed without the extra
    raise needs_extra(missing, "pettingzoo") from None

from .encoding import Layout, ViewEncoding
from .position import Position
from .tensors import fields

#: an agent's observation: ``observation`` (a vector, or its fields by name) and ``action_mask``
Observation = dict[str, Any]


def observation_space(encoding: ViewEncoding, actions: int, shaped: bool = False
                      ) -> spaces.Dict:
    seen = spaces.Dict({name: spaces.Box(-np.inf, np.inf, shape, np.float32)
                        for name, shape in encoding.layout}) if shaped \
        else spaces.Box(-np.inf, np.inf, (encoding.size,), np.float32)
    return spaces.Dict({"observation": seen,
                        "action_mask": spaces.Box(0, 1, (actions,), np.int8)})


def observation(position: Position, seat: int, encoding: ViewEncoding, shaped: bool = False,
                legal: Sequence[int] | None = None) -> Observation:
    """What ``seat`` observes: its view, and the actions it may choose (``legal``; unless
    given, the mover's, and none while another player moves)."""
    mask = np.zeros(position.actions, np.int8)
    if legal is not None:
        mask[list(legal)] = 1
    elif seat == position.seat:
        mask[position.legal_ids()] = 1
    vector = np.asarray(encoding.vector(position.view(seat), position.chosen_ids(seat)),
                        np.float32)
    return {"observation": fields(vector, encoding.layout) if shaped else vector,
            "action_mask": mask}

