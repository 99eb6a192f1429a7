"""The generation of a player's web board links (bot/web/links.py signs it into each link)."""
from __future__ import annotations

from .core import Component
from .unit_of_work import Transaction


class WebLinks(Component):
    """A component of :class:`matches.service.MatchService` (it needs only the store)."""

    async def link_generation(self, user_id: int) -> int:
        row = await self.store.fetchone("SELECT generation FROM web_links WHERE user_id = ?", (user_id,))
        return row["generation"] if row else 0

    async def renew_links(self, user_id: int) -> int:
        """Every link made for ``user_id`` so far stops working; the new generation."""
        def work(tx: Transaction) -> int:
            row = tx.fetchone("INSERT INTO web_links (user_id, generation) VALUES (?, 1) ON CONFLICT (user_id)"
                              " DO UPDATE SET generation = web_links.generation + 1 RETURNING generation", (user_id,))
            return row["generation"]

        return await self.store.write(work)
