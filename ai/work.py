"""A count of work, so that bounded searches stop after the same work on any machine.

Search hooks that may look at very many positions (a game's whole turns and exact tactics,
``ai/hooks.py``) are given a :class:`Work` with a limit: they count what they look at and give
up once it is spent, never after a time.
"""

from __future__ import annotations


class Work:
    """A count of the positions and bridge sets looked at: bounded tactics stop at ``limit``
    (the same call does the same work on any machine)."""

    __slots__ = ("used", "limit")

    def __init__(self, limit: int | None = None):
        self.used, self.limit = 0, limit

    def spend(self, n: int = 1) -> bool:
        """Count ``n`` units; False once the limit is passed."""
        self.used += n
        return self.limit is None or self.used <= self.limit

    @property
    def out(self) -> bool:
        return self.limit is not None and self.used > self.limit
