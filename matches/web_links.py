"""The generation of a player's web board links (bot/web/links.py signs it into each link)."""

from __future__ import annotations

from .core import Component
from .models import DamagedRow, Match
from .unit_of_work import Transaction


class WebLinks(Component):
    """A component of :class:`matches.service.MatchService` (it needs only the store)."""

    async def link_generation(self, user_id: int) -> int:
        row = await self.store.fetchone("SELECT generation FROM web_links WHERE user_id = ?", (user_id,))
        return row["generation"] if row else 0

    async def board_look(self, match_id: int, user_id: int) -> tuple[int, str | None, Match | None]:
        """What a board link is checked against, read in one statement (one trip to the database
        where the web board serves many pages at once): the user's link generation, his stored
        language, and the match (None if there is none, then nothing else is read; or if it is broken:
        marked so, as ``get`` does)."""
        row = await self.store.fetchone(
            "SELECT m.*, (SELECT generation FROM web_links WHERE user_id = ?) AS link_generation,"
            " (SELECT language FROM users WHERE user_id = ?) AS user_language FROM matches m WHERE m.id = ?",
            (user_id, user_id, match_id),
        )
        if row is None:
            return 0, None, None
        generation, lang = row["link_generation"] or 0, row["user_language"]
        try:
            return generation, lang, Match.load(row)
        except DamagedRow as exc:
            await self.core._note_damage(exc)
            return generation, lang, None

    async def renew_links(self, user_id: int) -> int:
        """Every link made for ``user_id`` so far stops working; the new generation."""

        def work(tx: Transaction) -> int:
            row = tx.fetchone(
                "INSERT INTO web_links (user_id, generation) VALUES (?, 1) ON CONFLICT (user_id)"
                " DO UPDATE SET generation = web_links.generation + 1 RETURNING generation",
                (user_id,),
            )
            return row["generation"]

        return await self.store.write(work)
