"""What the Gymnasium and PettingZoo environments observe, as NumPy arrays: the agent's view
as numbers (``encoding.py``) and the mask of the actions (whole moves or options of a step)
it may choose now."""

from __future__ import annotations

from . import needs_extra

try:
    import numpy as np
    from gymnasium import spaces
except ModuleNotFoundError as missing:  # installed without the extra
    raise needs_extra(missing, "pettingzoo") from None

from .encoding import ViewEncoding
from .position import Position


def observation_space(encoding: ViewEncoding, actions: int) -> spaces.Dict:
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, (encoding.size,), np.float32),
        "action_mask": spaces.Box(0, 1, (actions,), np.int8)})


def observation(position: Position, seat: int, encoding: ViewEncoding
                ) -> dict[str, np.ndarray]:
    """What ``seat`` observes: its view, and the actions it may choose (none while another
    player moves)."""
    mask = np.zeros(position.actions, np.int8)
    if seat == position.seat:
        mask[position.legal_ids()] = 1
    vector = encoding.vector(position.view(seat), position.chosen_ids(seat))
    return {"observation": np.asarray(vector, np.float32), "action_mask": mask}
