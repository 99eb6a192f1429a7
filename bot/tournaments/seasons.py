"""Seasons in Discord: the ``/season`` commands and what the bot posts as seasons turn.

The service decides everything (:mod:`matches.seasons`); each division is an event, so its
matches' boards, its standings after each decided round and its final standings are posted by
:mod:`.tournaments`.  Here: the announcement of a series, each season's start (its divisions, and
the movements that made them), and the end of a series, each claimed in the store before it is
posted so that of several processes exactly one posts it (:meth:`Seasons.publish`, run after the
events' own news).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from engines import Joined, Text, get_game
from matches import ServiceError, ai_seats
from matches.seasons import Season, SeasonNews, cycles_of

from ..locales import say
from ..messages import present
from ..replies import outgoing, player_of, private, public, public_locale, reply_error

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)

STATUS_WORDS = {"open": Text("open for sign-up"), "running": Text("running"), "finished": Text("finished")}


def rules_paragraph(season: Season) -> Text:
    """How the seasons of a series go, in one paragraph."""
    twice = cycles_of(season.game) == 2
    return Joined(
        [
            Text(
                "**{season}**: {title}, seasons of {days} in divisions of about {size} players, {move} per move.",
                season=season.title,
                title=get_game(season.game).title,
                days=present.days(season.days),
                size=season.size,
                move=present.days(season.move_days),
            ),
            Text("Everyone plays everyone in their division twice, seats swapped; all matches start at once.")
            if twice
            else Text("Everyone plays everyone in their division once; all matches start at once."),
            Text(
                "At the end of a season the best {promote} of each division move up and the last {relegate} move "
                "down; newcomers start in the lowest division, and the next season starts by itself.",
                promote=season.promote,
                relegate=season.relegate,
            ),
            Text("A player out of time, or still to move when the season ends, loses the match."),
            Text(
                "Sign-up closes and the first season starts {when}; join with `/season join`.",
                when=present.timestamp(season.starts_at, "f"),
            )
            if season.status == "open" and season.starts_at
            else None,
        ],
        " ",
    )


class Seasons:
    def __init__(self, bot: GameBot):
        self.bot = bot
        self._publishing = asyncio.Lock()

    @property
    def service(self):
        return self.bot.service

    async def resolve(
        self, interaction: discord.Interaction, game: str | None, statuses: tuple[str, ...]
    ) -> Season | None:
        """The series a command means: the only one of ``statuses`` (of ``game``), else a refusal."""
        found = [
            s for s in await self.service.seasons(interaction.guild_id, statuses) if game is None or s.game == game
        ]
        if len(found) == 1:
            return found[0]
        await reply_error(
            interaction,
            Text("No seasons on this server fit; `/season list` shows them.")
            if not found
            else Text("Several seasons fit; pick one with the `game` option."),
        )
        return None

    # ----------------------------------------------------------- commands
    async def create(
        self, interaction: discord.Interaction, game: str, *, channel: discord.abc.GuildChannel | None, **settings
    ) -> None:
        where = channel.id if channel is not None else interaction.channel_id
        season = await self.service.create_season(
            interaction.guild_id, where, player_of(interaction.user), game, **settings
        )
        content = public(
            interaction,
            Joined(
                [
                    Text("📅 New seasons by {organiser}.", organiser=present.mention(interaction.user.id)),
                    rules_paragraph(season),
                ],
                "\n",
            ),
        )
        if where == interaction.channel_id:
            await interaction.response.send_message(**outgoing(content))
            return
        try:
            await self.bot.get_partial_messageable(where).send(**outgoing(content))
        except discord.HTTPException:
            await self.service.end_season_series(season.id)
            await reply_error(
                interaction, Text("I cannot post in {channel}; the seasons were not created.", channel=f"<#{where}>")
            )
            return
        await interaction.response.send_message(
            **outgoing(
                private(interaction, Text("The seasons are announced in {channel}.", channel=f"<#{where}>")),
                ephemeral=True,
            )
        )

    async def join(self, interaction: discord.Interaction, game: str | None) -> None:
        season = await self.resolve(interaction, game, ("open", "running"))
        if season is None:
            return
        season, waiting = await self.service.join_season(season.id, player_of(interaction.user))
        who = present.mention(interaction.user.id)
        text = (
            Text(
                "{player} joined {season}; they start in the lowest division next season.",
                player=who,
                season=season.title,
            )
            if waiting
            else Text("{player} joined {season}.", player=who, season=season.title)
        )
        await interaction.response.send_message(**outgoing(public(interaction, text)))

    async def add(
        self, interaction: discord.Interaction, member: discord.Member | None, level: str | None, game: str | None
    ) -> None:
        season = await self.resolve(interaction, game, ("open", "running"))
        if season is None:
            return
        me = self.bot.user.id if self.bot.user else None
        if member is None or member.id == me:
            player = await self.service.add_season_computer(season.id, level or ai_seats.DEFAULT_LEVEL)
            name: Text | str = Text(
                "Bot {number} ({level})",
                number=-player.id % 100,
                level=ai_seats.LEVEL_WORDS[ai_seats.level_of(player.id)],
            )
        else:
            if level is not None:
                raise ServiceError(Text("A level is for a computer player; leave out the member."))
            await self.service.join_season(season.id, player_of(member))
            name = present.mention(member.id)
        await interaction.response.send_message(
            **outgoing(
                public(
                    interaction,
                    Text(
                        "{organiser} added {player} to {season}.",
                        organiser=present.mention(interaction.user.id),
                        player=name,
                        season=season.title,
                    ),
                )
            )
        )

    async def leave(self, interaction: discord.Interaction, game: str | None) -> None:
        mine = [
            s
            for s in await self.service.seasons(interaction.guild_id, ("open", "running"))
            if (game is None or s.game == game)
            and any(p.user_id == interaction.user.id for p in await self.service.season_players(s.id))
        ]
        if len(mine) != 1:
            await reply_error(
                interaction,
                Text("You are not in any seasons here.")
                if not mine
                else Text("Several seasons fit; pick one with the `game` option."),
            )
            return
        season = mine[0]
        after = await self.service.leave_season(season.id, interaction.user.id)
        who = present.mention(interaction.user.id)
        text = (
            Text(
                "{player} leaves {season} after this season; their matches in it go on.",
                player=who,
                season=season.title,
            )
            if after
            else Text("{player} left {season}.", player=who, season=season.title)
        )
        await interaction.response.send_message(**outgoing(public(interaction, text)))

    async def end(self, interaction: discord.Interaction, game: str | None) -> None:
        season = await self.resolve(interaction, game, ("open", "running"))
        if season is None:
            return
        season = await self.service.end_season_series(season.id)
        who = present.mention(interaction.user.id)
        text = (
            Text("{organiser} called off {season} before its first season.", organiser=who, season=season.title)
            if season.status == "finished"
            else Text(
                "{organiser} ends {season} after season {number}; no season follows it.",
                organiser=who,
                season=season.title,
                number=season.number,
            )
        )
        await interaction.response.send_message(**outgoing(public(interaction, text)))

    async def list(self, interaction: discord.Interaction) -> None:
        found = await self.service.seasons(interaction.guild_id)
        if not found:
            await reply_error(
                interaction, Text("No seasons on this server yet. Organisers start them with `/season create`.")
            )
            return
        lines = []
        for s in found[:20]:
            count = len(await self.service.season_players(s.id))
            lines.append(
                Text(
                    "**{season}** · {title} · {status} · season {number} · {count} players",
                    season=s.title,
                    title=get_game(s.game).title,
                    status=STATUS_WORDS[s.status],
                    number=s.number,
                    count=count,
                )
            )
        await interaction.response.send_message(**outgoing(private(interaction, Joined(lines, "\n")), ephemeral=True))

    async def standings(
        self, interaction: discord.Interaction, division: int | None, number: int | None, game: str | None
    ) -> None:
        """A division's standings (default: the reader's own, else the first) of a season (default:
        the current one), posted in the seasons' channel."""
        season = await self.resolve(interaction, game, ("running", "finished"))
        if season is None:
            return
        number = number or season.number
        events = await self.service.division_events(season.id, number) if 1 <= number <= season.number else []
        if not events:
            await reply_error(
                interaction, Text("{season} has had {count} seasons so far.", season=season.title, count=season.number)
            )
            return
        if division is None:
            views = [await self.service.event_view(e.id) for e in events]
            view = next((v for v in views if v.entrant(interaction.user.id) is not None), views[0])
        elif 1 <= division <= len(events):
            view = await self.service.event_view(events[division - 1].id)
        else:
            await reply_error(
                interaction,
                Text(
                    "Season {number} of {season} has divisions 1 to {count}.",
                    number=number,
                    season=season.title,
                    count=len(events),
                ),
            )
            return
        locale = public_locale(interaction)
        here = season.channel_id in (None, interaction.channel_id)
        await interaction.response.defer(thinking=True, ephemeral=not here)
        viewer = interaction.user.id if view.entrant(interaction.user.id) is not None else None
        text, file = await self.bot.tournaments._standings_post(
            view, view.event.status == "finished", locale, 1, viewer
        )
        if here:
            await interaction.followup.send(**outgoing(text, file=file))
            return
        try:
            await self.bot.get_partial_messageable(season.channel_id).send(**outgoing(text, file=file))
            note = Text("The standings are in {channel}.", channel=f"<#{season.channel_id}>")
        except discord.HTTPException:
            note = Text("I cannot post in {channel}.", channel=f"<#{season.channel_id}>")
        await interaction.followup.send(**outgoing(private(interaction, note), ephemeral=True))

    # ----------------------------------------------------------- running
    async def start_due(self) -> None:
        """Series whose sign-up closed: the first season started (announced by :meth:`publish`), or
        sign-up kept open for want of players."""
        # a ladder challenge declined or expired by a process that stopped before scoring it
        await self.service.settle_closed_ladder_challenges()
        for season, started in await self.service.start_due_seasons():
            if started or season.channel_id is None:
                continue
            locale = self.bot.boards.match_locale_of(season.guild_id)
            try:
                await self.bot.get_partial_messageable(season.channel_id).send(
                    **outgoing(
                        say(
                            Text(
                                "{season} needs at least two players to start; sign-up stays open until {when}.",
                                season=season.title,
                                when=present.timestamp(season.starts_at, "f"),
                            ),
                            locale,
                        )
                    )
                )
            except discord.HTTPException as exc:
                log.info("could not announce the longer sign-up of seasons %s: %s", season.id, exc)
        await self.publish()

    async def publish(self) -> None:
        async with self._publishing:
            for news in await self.service.claim_season_news():
                try:
                    await self._announce(news)
                except Exception:  # noqa: BLE001 - one series' trouble must not stop the others
                    log.exception("could not announce seasons %s", news.season.id)
            await self.bot.ladders.publish()

    async def _announce(self, news: SeasonNews) -> None:
        season = news.season
        if season.channel_id is None:
            return
        locale = self.bot.boards.match_locale_of(season.guild_id)
        channel = self.bot.get_partial_messageable(season.channel_id)
        moved = season.movements
        if moved and not news.final:
            await channel.send(**outgoing(say(self._movements(season, moved), locale)))
        if news.final:
            await channel.send(
                **outgoing(
                    say(
                        Text(
                            "**{season}** is over: no season follows season {number}.",
                            season=season.title,
                            number=season.number,
                        ),
                        locale,
                    )
                )
            )
            return
        for view in news.divisions:
            people = [e.user_id for e in view.entrants if not ai_seats.is_ai(e.user_id)]
            names = Joined(
                [
                    present.mention(e.user_id) if not ai_seats.is_ai(e.user_id) else Text("{name}", name=e.shown)
                    for e in view.entrants
                ],
                ", ",
            )
            ends = min((t.ends_at for t in view.tables if t.ends_at), default=None)
            text = (
                Text(
                    "🏁 **{event}** begins: {players}; {count} matches, to be played by {when}.",
                    event=view.event.title,
                    players=names,
                    count=len(view.tables),
                    when=present.timestamp(ends, "f"),
                )
                if ends
                else Text(
                    "🏁 **{event}** begins: {players}; {count} matches.",
                    event=view.event.title,
                    players=names,
                    count=len(view.tables),
                )
            )
            await channel.send(**outgoing(say(text, locale), notify=people))

    @staticmethod
    def _movements(season: Season, moved: dict) -> Text:
        def who(ids) -> Joined:
            return Joined(
                [
                    present.mention(int(p))
                    if int(p) > 0
                    else Text(
                        "Bot {number} ({level})",
                        number=-int(p) % 100,
                        level=ai_seats.LEVEL_WORDS[ai_seats.level_of(int(p))],
                    )
                    for p in ids
                ],
                ", ",
            )

        lines: list = [Text("**{season}**: season {number} is over.", season=season.title, number=moved["season"])]
        ups: dict[int, list] = {}
        for p, d in moved["promoted"].items():
            ups.setdefault(d, []).append(p)
        for d in sorted(ups):
            lines.append(Text("⬆️ Up to division {division}: {players}", division=d, players=who(ups[d])))
        downs: dict[int, list] = {}
        for p, d in moved["relegated"].items():
            downs.setdefault(d, []).append(p)
        for d in sorted(downs):
            lines.append(Text("⬇️ Down to division {division}: {players}", division=d, players=who(downs[d])))
        if moved["left"]:
            lines.append(Text("👋 Left: {players}", players=who(moved["left"])))
        return Joined(lines, "\n")
