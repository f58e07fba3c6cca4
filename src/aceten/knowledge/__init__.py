"""What each player knows: exact epistemic reasoning about the hidden cards of a deal.

See ``docs/knowledge.md``. :class:`Knowledge` is built from one seat's view.
"""

from aceten.knowledge.knowledge import Knowledge, WorldCount

__all__ = ["Knowledge", "WorldCount"]
