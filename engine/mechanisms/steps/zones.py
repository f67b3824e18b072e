"""Parameters several steps share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..params import ZoneRef

if TYPE_CHECKING:
    pass


FROM = ZoneRef("from", "The shared zone pieces come from.", attr="source", scope="shared")
