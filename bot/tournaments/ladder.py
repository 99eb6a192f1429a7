"""The ladder in Discord: ``/ladder create|join|challenge|show`` and its results posted once.

A ladder challenge is posted as any challenge (Accept and Decline, :mod:`.challenging`), with a
line saying what it is worth; the service decides and records everything (:mod:`matches.ladder`).
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord

from engines import Joined, Text
from matches.ladder import Ladder, LadderResult

from ..locales import say
from ..messages import present
from ..replies import outgoing, player_of, private, public, reply_error

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)
SHOWN = 30  # places listed in the text (the image shows them all)


def ladder_png(
    ladder: Ladder, names: dict[int, str], record: dict[int, tuple[int, int]], viewer: int | None, locale
) -> bytes:
    """The ladder as a table image; the viewer's row marked with an arrow beside the name."""
    from render.common import encode_png
    from render.standings import StandingRow, standings_image

    def sayer(text):
        return say(text, locale, escaped=False)

    rows = []
    for place, user in enumerate(ladder.ranking, 1):
        won, lost = record.get(user, (0, 0))
        name = names.get(user, "?")
        rows.append(
            StandingRow(
                place,
                f"▶ {name}" if user == viewer else name,
                str(won),
                str(lost),
                "",
                str(won + lost),
                winner=place == 1,
            )
        )
    header = [sayer(Text("Player")), sayer(Text("Won")), sayer(Text("Lost")), "", sayer(Text("Played"))]
    return encode_png(standings_image(sayer(ladder.heading), header, rows))


class Ladders:
    def __init__(self, bot: GameBot):
        self.bot = bot

    @property
    def service(self):
        return self.bot.service

    async def resolve(self, interaction: discord.Interaction, game: str | None) -> Ladder | None:
        if game is not None:
            return await self.service.ladder(interaction.guild_id, game)
        found = await self.service.ladders(interaction.guild_id)
        if len(found) == 1:
            return found[0]
        await reply_error(
            interaction,
            Text("This server has no ladder yet; organisers start one with `/ladder create`.")
            if not found
            else Text("This server has several ladders; pick one with the `game` option."),
        )
        return None

    async def create(
        self, interaction: discord.Interaction, game: str, *, channel: discord.abc.GuildChannel | None, **settings
    ) -> None:
        where = channel.id if channel is not None else interaction.channel_id
        ladder = await self.service.create_ladder(
            interaction.guild_id, where, player_of(interaction.user), game, **settings
        )
        await interaction.response.send_message(
            **outgoing(
                public(
                    interaction,
                    Text(
                        "🪜 {organiser} started the {game} ladder: join with `/ladder join`, then challenge anyone up to "
                        "{reach} places above you with `/ladder challenge`. Whoever wins from below takes the loser's place; "
                        "declining, or not answering within {days}, counts as a loss.",
                        organiser=present.mention(interaction.user.id),
                        game=ladder.game_title,
                        reach=ladder.reach,
                        days=present.days(ladder.days),
                    ),
                )
            )
        )

    async def join(self, interaction: discord.Interaction, game: str | None) -> None:
        ladder = await self.resolve(interaction, game)
        if ladder is None:
            return
        ladder, place = await self.service.join_ladder(interaction.guild_id, ladder.game, player_of(interaction.user))
        await interaction.response.send_message(
            **outgoing(
                public(
                    interaction,
                    Text(
                        "{player} joined the {game} ladder in place {place}.",
                        player=present.mention(interaction.user.id),
                        game=ladder.game_title,
                        place=place,
                    ),
                )
            )
        )

    async def challenge(self, interaction: discord.Interaction, member: discord.Member, game: str | None) -> None:
        ladder = await self.resolve(interaction, game)
        if ladder is None:
            return
        match = await self.service.ladder_challenge(
            interaction.guild_id, None, ladder.game, player_of(interaction.user), player_of(member)
        )
        intro = Text(
            "🪜 A challenge on the {game} ladder: {challenger} (place {low}) challenges {defender} "
            "(place {high}). Declining, or no answer {soon}, counts as a loss.",
            game=ladder.game_title,
            challenger=present.mention(interaction.user.id),
            low=ladder.ranking.index(interaction.user.id) + 1,
            defender=present.mention(member.id),
            high=ladder.ranking.index(member.id) + 1,
            soon=present.timestamp(match.expires_at, "R"),
        )
        if not await self.bot.actions.post_challenge(interaction, match, intro):
            await self.service.decline(match.id, interaction.user.id)
            await reply_error(interaction, Text("I cannot post in {channel}.", channel=f"<#{match.channel_id}>"))

    async def show(self, interaction: discord.Interaction, game: str | None) -> None:
        ladder = await self.resolve(interaction, game)
        if ladder is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        names = await self.service.ladder_names(ladder.id)
        record = await self.service.ladder_record(ladder.id)
        me = interaction.user.id
        shown = ladder.ranking[:SHOWN]
        if me in ladder.ranking[SHOWN:]:
            shown.append(me)
        reliable = await self.service.reliabilities(interaction.guild_id, shown)

        def line(user: int) -> Text:
            won, lost = record.get(user, (0, 0))
            fields = dict(place=ladder.ranking.index(user) + 1, name=names.get(user, "?"), won=won, lost=lost)
            percent = reliable[user].percent if user in reliable else None
            text = (
                Text("{place}. {name} ({won}–{lost})", **fields)
                if percent is None
                else Text("{place}. {name} ({won}–{lost}) · {percent} % reliable", percent=percent, **fields)
            )
            return Text("**{line}** ◀ you", line=text) if user == me else text

        lines: list = [Text("**{heading}**", heading=ladder.heading), *(line(u) for u in ladder.ranking[:SHOWN])]
        if me in ladder.ranking[SHOWN:]:
            lines += ["⋯", line(me)]
        if not ladder.ranking:
            lines.append(Text("Nobody has joined yet."))
        png = await asyncio.to_thread(ladder_png, ladder, names, record, me, interaction.locale)
        await interaction.followup.send(
            **outgoing(
                private(interaction, Joined(lines, "\n")),
                ephemeral=True,
                file=discord.File(io.BytesIO(png), filename="ladder.png"),
            )
        )

    async def publish(self) -> None:
        for result in await self.service.claim_ladder_news():
            try:
                await self._announce(result)
            except Exception:  # noqa: BLE001 - one result's trouble must not stop the others
                log.exception("could not announce ladder match %s", result.match_id)

    async def _announce(self, r: LadderResult) -> None:
        if r.ladder.channel_id is None:
            return
        locale = self.bot.boards.match_locale_of(r.ladder.guild_id)
        challenger, defender = present.mention(r.challenger), present.mention(r.defender)
        if r.how == "withdrawn":
            return  # a challenge taken back changes nothing
        if r.winner is None:
            text = Text(
                "🪜 {challenger} and {defender} drew on the {game} ladder: nobody moves.",
                challenger=challenger,
                defender=defender,
                game=r.ladder.game_title,
            )
        elif r.how in ("declined", "expired"):
            text = Text(
                "🪜 {defender} did not take up {challenger}'s challenge, which counts as a loss: "
                "{challenger} takes place {place} on the {game} ladder.",
                defender=defender,
                challenger=challenger,
                place=r.place,
                game=r.ladder.game_title,
            )
        elif r.winner == r.challenger:
            text = Text(
                "🪜 {challenger} beat {defender} and takes place {place} on the {game} ladder.",
                challenger=challenger,
                defender=defender,
                place=r.place,
                game=r.ladder.game_title,
            )
        else:
            text = Text(
                "🪜 {defender} beat {challenger} and keeps place {place} on the {game} ladder.",
                challenger=challenger,
                defender=defender,
                place=r.place,
                game=r.ladder.game_title,
            )
        await self.bot.get_partial_messageable(r.ladder.channel_id).send(
            **outgoing(say(text, locale), notify=[r.challenger, r.defender])
        )
