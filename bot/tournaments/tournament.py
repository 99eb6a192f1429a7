"""Events (tournaments) in Discord: the ``/tournament`` commands, the Join button, and what the
bot posts as an event runs (pairings, standings, the first board of each event match).

Everything is decided by the service (:mod:`matches.tournaments`); this translates interactions into
its calls and posts what it reports.  Pairings, final standings and first boards are each
claimed in the store before they are posted, so of several processes exactly one posts each
(:meth:`publish`, run by the scheduler and after every change that may end a round).  The
standings' text and image, a page at a time for big events, are made in :mod:`.standings`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from engines import Joined, Text, get_game
from matches import Match, MoveResult, ServiceError, ai_seats
from matches.tournaments import Tournament as Event
from matches.tournaments import TournamentNews as News
from matches.tournaments import TournamentView as EventView
from matches.tournaments import format_word

from ..locales import say
from ..messages import present
from ..persistent import PREFIX, Persistent
from ..replies import outgoing, player_of, private, public, public_locale, reply_error
from .standings import pages_of, standings_lines, standings_message, standings_page, standings_png  # noqa: F401 - where bench/competitions.py finds them

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)

STATUS_WORDS = {
    "open": Text("open for sign-up"),
    "running": Text("running"),
    "finished": Text("finished"),
    "cancelled": Text("cancelled"),
}


class JoinEventButton(
    Persistent, discord.ui.DynamicItem[discord.ui.Button], template=rf"{PREFIX}:join-event:(?P<id>[0-9]+)"
):
    label = Text("Join")

    def __init__(self, event_id: int):
        self.event_id = event_id
        super().__init__(
            discord.ui.Button(
                label="Join", style=discord.ButtonStyle.success, custom_id=f"{PREFIX}:join-event:{event_id}"
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]))

    async def clicked(self, interaction: discord.Interaction) -> None:
        await interaction.client.tournaments.join(interaction, self.event_id)


def _rounds(count: int) -> Text:
    return Text("1 round") if count == 1 else Text("{count} rounds", count=count)


def rules_paragraph(event: Event) -> Text:
    """The event's rules in one short paragraph."""
    title = get_game(event.game).title
    fmt = {
        "swiss": Text(
            "Swiss system: each round pairs players of equal score who have not met; a bye scores a win; {rounds}.",
            rounds=_rounds(event.rounds) if event.rounds else Text("rounds: log2 of the players, at least 3"),
        ),
        "league": Text("League: everyone meets everyone, all matches start at once."),
        "knockout": Text("Knockout: each pairing is a series won at 2 victory points; the winner goes on."),
    }
    limit = None
    if event.round_days:
        limit = (
            Text(
                "Each game of a series may last at most {days}, vacations included; then whoever is to move loses.",
                days=present.days(event.round_days),
            )
            if event.format == "knockout"
            else Text(
                "A round's matches may last at most {days}, vacations included; then whoever is to move loses.",
                days=present.days(event.round_days),
            )
        )
    start = (
        Text("Sign-up closes and the tournament starts {when}.", when=present.timestamp(event.starts_at, "f"))
        if event.starts_at
        else Text("It starts when the organiser runs `/tournament start`.")
    )
    if event.bank is None:
        head = Text(
            "**{event}**: {title}, {table} players a match, {days} per move.",
            event=event.title,
            title=title,
            table=event.table_size,
            days=present.days(event.days),
        )
    else:
        head = Text(
            "**{event}**: {title}, {table} players a match, {clock}.",
            event=event.title,
            title=title,
            table=event.table_size,
            clock=Text("a time bank of {bank} each", bank=present.duration(event.bank))
            if not event.increment
            else Text(
                "a time bank of {bank} each, plus {increment} per move",
                bank=present.duration(event.bank),
                increment=present.duration(event.increment),
            ),
        )
    return Joined(
        [
            part
            for part in (
                head,
                fmt[event.format],
                Text("A win scores 1 point, a draw ½; ties are broken by Buchholz, then Sonneborn-Berger.")
                if event.table_size == 2
                else Text(
                    "Points by place at each table: 1 for the first, 0 for the last, shared when tied; ties are "
                    "broken by Buchholz, then Sonneborn-Berger."
                ),
                Text("In tournament matches a player out of time loses automatically."),
                limit,
                start,
            )
            if part
        ],
        " ",
    )


class Tournaments:
    def __init__(self, bot: GameBot):
        self.bot = bot
        self._publishing = asyncio.Lock()

    @property
    def service(self):
        return self.bot.service

    # ----------------------------------------------------------- finding the event
    async def resolve(
        self, interaction: discord.Interaction, event_id: int | None, statuses: tuple[str, ...], mine: bool = False
    ) -> EventView | None:
        """The event a command means: the given one, else the only one that fits (refusal otherwise)."""
        if event_id is not None:
            view = await self.service.event_view(event_id)
            if view.event.guild_id != interaction.guild_id:
                raise ServiceError(Text("There is no tournament #{id}.", id=event_id))
            return view
        if mine:
            found = await self.service.events_of(interaction.guild_id, interaction.user.id, statuses)
        else:
            found = await self.service.events(interaction.guild_id, statuses)
        if len(found) == 1:
            return await self.service.event_view(found[0].id)
        await reply_error(
            interaction,
            Text("No tournament on this server fits; `/tournament list` shows them.")
            if not found
            else Text("Several tournaments fit; pick one with the `tournament` option."),
        )
        return None

    async def choices(self, interaction: discord.Interaction, typed: str) -> list[tuple[str, int]]:
        events = await self.service.events(interaction.guild_id, ("open", "running", "finished"))
        out = []
        for e in events:
            label = private(
                interaction, Text("#{id} {event} ({status})", id=e.id, event=e.title, status=STATUS_WORDS[e.status])
            )
            if typed.strip().lstrip("#").lower() in label.lower():
                out.append((label[:100], e.id))
        return out[:25]

    # ----------------------------------------------------------- commands
    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        fmt: str,
        *,
        channel: discord.abc.GuildChannel | None,
        **settings,
    ) -> None:
        """``settings``: what :meth:`matches.tournaments.Tournaments.create_event` takes (name, rounds, table, the
        clock, round_days, signup_days, the game's options)."""
        where = channel.id if channel is not None else interaction.channel_id
        event = await self.service.create_event(
            interaction.guild_id, where, player_of(interaction.user), game, fmt, **settings
        )
        content = public(
            interaction,
            Joined(
                [
                    Text("🏆 New tournament by {organiser}.", organiser=present.mention(interaction.user.id)),
                    rules_paragraph(event),
                ],
                "\n",
            ),
        )
        view = self._join_view(event, public_locale(interaction))
        if where == interaction.channel_id:
            await interaction.response.send_message(**outgoing(content, view=view))
            message = await interaction.original_response()
        else:
            try:
                message = await self.bot.get_partial_messageable(where).send(**outgoing(content, view=view))
            except discord.HTTPException:
                await self.service.cancel_event(event.id)
                await reply_error(
                    interaction,
                    Text("I cannot post in {channel}; the tournament was not created.", channel=f"<#{where}>"),
                )
                return
            await interaction.response.send_message(
                **outgoing(
                    private(interaction, Text("Tournament posted in {channel}.", channel=f"<#{where}>")), ephemeral=True
                )
            )
        await self.service.set_event_message(event.id, message.id)

    @staticmethod
    def _join_view(event: Event, locale) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        button = JoinEventButton(event.id)
        button.item.label = say(JoinEventButton.label, locale, escaped=False)
        view.add_item(button)
        return view

    async def join(self, interaction: discord.Interaction, event_id: int | None) -> None:
        view = await self.resolve(interaction, event_id, ("open",))
        if view is None:
            return
        await self.service.join_event(view.event.id, player_of(interaction.user))
        count = len(view.entrants) + 1
        await interaction.response.send_message(
            **outgoing(
                public(
                    interaction,
                    Text(
                        "{player} joined {event} ({count} signed up).",
                        player=present.mention(interaction.user.id),
                        event=view.event.title,
                        count=count,
                    ),
                )
            )
        )

    async def add(
        self, interaction: discord.Interaction, member: discord.Member | None, level: str | None, event_id: int | None
    ) -> None:
        view = await self._organisers_event(interaction, event_id, ("open",))
        if view is None:
            return
        me = self.bot.user.id if self.bot.user else None
        if member is None or member.id == me:
            player = await self.service.add_computer(view.event.id, level or ai_seats.DEFAULT_LEVEL)
            name: Text | str = ai_seats.entrant_name(player.id)
        else:
            if level is not None:
                raise ServiceError(Text("A level is for a computer player; leave out the member."))
            await self.service.join_event(view.event.id, player_of(member))
            name = present.mention(member.id)
        await interaction.response.send_message(
            **outgoing(
                public(
                    interaction,
                    Text(
                        "{organiser} added {player} to {event} ({count} signed up).",
                        organiser=present.mention(interaction.user.id),
                        player=name,
                        event=view.event.title,
                        count=len(view.entrants) + 1,
                    ),
                )
            )
        )

    async def leave(self, interaction: discord.Interaction, event_id: int | None) -> None:
        view = await self.resolve(interaction, event_id, ("open", "running"), mine=True)
        if view is None:
            return
        event, results = await self.service.leave_event(view.event.id, interaction.user.id)
        text = (
            Text("{player} left {event}.", player=present.mention(interaction.user.id), event=event.title)
            if event.status == "open"
            else Text(
                "{player} withdrew from {event}: their remaining matches are lost by forfeit.",
                player=present.mention(interaction.user.id),
                event=event.title,
            )
        )
        await interaction.response.send_message(**outgoing(public(interaction, text)))
        for result in results:
            await self.post_board(result.match, result.description, result.series)
        await self.publish()

    async def _organisers_event(
        self, interaction: discord.Interaction, event_id: int | None, statuses: tuple[str, ...]
    ) -> EventView | None:
        """The event an organiser's command is about (the command lets organisers alone run it); None
        after a private refusal (no such event in those statuses)."""
        return await self.resolve(interaction, event_id, statuses)

    async def start(self, interaction: discord.Interaction, event_id: int | None) -> None:
        view = await self._organisers_event(interaction, event_id, ("open",))
        if view is None:
            return
        view = await self.service.start_event(view.event.id)
        await interaction.response.send_message(
            **outgoing(
                public(
                    interaction,
                    Text("{event} has started with {count} players.", event=view.event.title, count=len(view.entrants)),
                )
            )
        )
        await self._close_sign_up(view.event)
        await self.publish()

    async def _close_sign_up(self, event: Event) -> None:
        """The announcement loses its Join button once sign-up is over."""
        if event.channel_id is None or not event.message_id:
            return
        try:
            message = self.bot.get_partial_messageable(event.channel_id).get_partial_message(event.message_id)
            await message.edit(**outgoing(view=None))
        except discord.HTTPException as exc:
            log.info("the announcement of event %s keeps its Join button: %s", event.id, exc)

    async def cancel(self, interaction: discord.Interaction, event_id: int | None) -> None:
        view = await self._organisers_event(interaction, event_id, ("open", "running"))
        if view is None:
            return
        event = await self.service.cancel_event(view.event.id)
        await interaction.response.send_message(
            **outgoing(
                public(
                    interaction,
                    Text(
                        "{event} was cancelled by {organiser}; its running matches end without a result.",
                        event=event.title,
                        organiser=present.mention(interaction.user.id),
                    ),
                )
            )
        )
        await self._close_sign_up(event)

    async def standings(self, interaction: discord.Interaction, event_id: int | None, page: int | None = None) -> None:
        """One page of the standings (page 1 by default), posted in the event's channel; a page the
        table does not have is refused privately before anything is posted."""
        view = await self.resolve(interaction, event_id, ("running", "finished"))
        if view is None:
            return
        event = view.event
        count, number = pages_of(view), page or 1
        if not 1 <= number <= count:
            await reply_error(
                interaction,
                Text("The standings of {event} fit on one page; leave out `page`.", event=event.title)
                if count == 1
                else Text(
                    "There is no page {page}: the standings of {event} have {pages} pages.",
                    page=number,
                    event=event.title,
                    pages=count,
                ),
            )
            return
        final = event.status == "finished"
        locale = public_locale(interaction)
        here = event.channel_id in (None, interaction.channel_id)
        if here:
            await interaction.response.defer(thinking=True)
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        viewer = interaction.user.id if view.entrant(interaction.user.id) is not None else None
        text, file = await self._standings_post(view, final, locale, number, viewer)
        if here:
            await interaction.followup.send(**outgoing(text, file=file))
            return
        try:
            await self.bot.get_partial_messageable(event.channel_id).send(**outgoing(text, file=file))
            note = Text("The standings are in {channel}.", channel=f"<#{event.channel_id}>")
        except discord.HTTPException:
            note = Text("I cannot post in {channel}.", channel=f"<#{event.channel_id}>")
        await interaction.followup.send(**outgoing(private(interaction, note), ephemeral=True))

    async def _standings_post(
        self, view: EventView, final: bool, locale, number: int = 1, viewer: int | None = None
    ) -> tuple[str, discord.File]:
        """Page ``number`` of the standings as text and image, each shown player's reliability beside
        his name; its footer's command names the event when the server has another one that
        ``/tournament standings`` could mean."""
        # a 256-player table takes a tenth of a second to compute: off the event loop, as its image is
        page = await asyncio.to_thread(standings_page, view, number, viewer)
        command = "/tournament standings"
        if page.count > 1 and len(await self.service.events(view.event.guild_id, ("running", "finished"))) > 1:
            command = f"/tournament standings tournament:{view.event.id}"
        shown = [s.player for s in page.rows] + ([page.own.player] if page.own is not None else [])
        reliable = {
            player: r.percent
            for player, r in (await self.service.reliabilities(view.event.guild_id, shown)).items()
            if r.percent is not None
        }
        return await standings_message(view, final, locale, page, command, viewer, reliable)

    async def list(self, interaction: discord.Interaction) -> None:
        events = await self.service.events(interaction.guild_id)
        if not events:
            await reply_error(
                interaction, Text("No tournaments on this server yet. Organisers start one with `/tournament create`.")
            )
            return
        lines = [
            Text(
                "#{id} **{event}** · {title} · {format} · {status}",
                id=e.id,
                event=e.title,
                title=get_game(e.game).title,
                format=format_word(e.format),
                status=STATUS_WORDS[e.status],
            )
            for e in events[:20]
        ]
        await interaction.response.send_message(**outgoing(private(interaction, Joined(lines, "\n")), ephemeral=True))

    # ----------------------------------------------------------- running
    async def publish(self) -> None:
        """Post what the events have news of: pairings, standings, first boards (each claimed first)."""
        async with self._publishing:
            for news in await self.service.claim_news():
                try:
                    await self._announce(news)
                except Exception:  # noqa: BLE001 - one event's trouble must not stop the others
                    log.exception("could not announce event %s", news.view.event.id)
            # a season that turned with its last division: its movements and new divisions before the boards
            await self.bot.seasons.publish()
            for match in await self.service.claim_unposted_matches():
                try:
                    await self.post_board(match, Text("The match begins."))
                except Exception:  # noqa: BLE001
                    log.exception("could not post the first board of event match %s", match.id)

    async def _announce(self, news: News) -> None:
        view, event = news.view, news.view.event
        if event.channel_id is None:
            return
        locale = self.bot.boards.match_locale_of(event.guild_id)
        channel = self.bot.get_partial_messageable(event.channel_id)
        # Standings show page 1 (the leaders, and on the final one the winners) and mention nobody.
        if news.standings or (news.rounds and news.rounds[0] > 1):
            text, file = await self._standings_post(view, False, locale)
            await channel.send(**outgoing(text, file=file))
        for number in news.rounds:
            await channel.send(
                **outgoing(
                    say(self._pairings(view, number), locale),
                    notify=[p for t in view.round_tables(number) for p in t.players if not ai_seats.is_ai(p)],
                )
            )
        if news.final:
            text, file = await self._standings_post(view, True, locale)
            await channel.send(**outgoing(text, file=file))

    @staticmethod
    def _pairings(view: EventView, number: int) -> Text:
        event = view.event
        lines: list = [Text("**{event}**, round {round}:", event=event.title, round=number)]
        for t in view.round_tables(number):
            names = Joined(
                [
                    present.mention(p) if not ai_seats.is_ai(p) else Text("{name}", name=view.name_of(p))
                    for p in t.players
                ],
                present.VS,
            )
            if t.match_id is not None:
                lines.append(Text("{players} (match #{id})", players=names, id=t.match_id))
            elif t.players:
                lines.append(Text("{players} goes through without playing.", players=names))
        for p in view.byes.get(number, ()):
            lines.append(Text("Bye (a win): {name}", name=view.name_of(p)))
        for p in view.resting.get(number, ()):
            lines.append(Text("Resting: {name}", name=view.name_of(p)))
        return Joined(lines, "\n")

    async def post_board(self, match: Match, description, series=None) -> None:
        """A board of an event match, posted where the match lives (no interaction to answer)."""
        boards = self.bot.boards
        locale = boards.match_locale(match)
        if match.channel_id is None:
            return
        if match.status == "active" and match.thread_id is None and match.plies == 0:
            guild = await self.service.guild_settings(match.guild_id)
            if guild.threads:
                try:
                    # The channel itself (not a partial one): a thread hangs on a message with its server.
                    channel = self.bot.get_channel(match.channel_id) or await self.bot.fetch_channel(match.channel_id)
                    starter = await channel.send(
                        **outgoing(
                            say(
                                Text(
                                    "{title} #{id}: {players}",
                                    title=match.title,
                                    id=match.id,
                                    players=present.player_line(match),
                                ),
                                locale,
                            )
                        )
                    )
                    match = await self.bot.actions._open_thread(starter, match)
                except (discord.HTTPException, ValueError) as exc:
                    log.info("no thread for event match %s: %s", match.id, exc)
        # The event posts its round's news itself: no publishing from here.
        await self.bot.boards.post_in_channel(match, description, series, publish=False)
        self.bot.computer.schedule(match)

    async def time_out(self, match: Match) -> bool:
        """An event match whose mover ran out of time: he loses by himself (True: it was one)."""
        result: MoveResult | None = await self.service.time_out(match.id)
        if result is None:
            return await self.service.event_of_match(match.id) is not None
        await self.post_board(result.match, result.description, result.series)
        await self.publish()
        return True

    async def end_late_matches(self) -> None:
        """Matches past their round's limit: the player to move loses (each drop claimed in the store)."""
        for result in await self.service.end_late_matches():
            await self.post_board(result.match, result.description, result.series)
        await self.publish()

    async def start_due(self) -> None:
        """Events whose sign-up closed: started (their pairings follow), or cancelled for want of players."""
        for event, view in await self.service.start_due_events():
            await self._close_sign_up(event)
            if view is None and event.channel_id:
                locale = self.bot.boards.match_locale_of(event.guild_id)
                try:
                    await self.bot.get_partial_messageable(event.channel_id).send(
                        **outgoing(
                            say(
                                Text(
                                    "Sign-up for {event} closed with too few players; the tournament is cancelled.",
                                    event=event.title,
                                ),
                                locale,
                            )
                        )
                    )
                except discord.HTTPException as exc:
                    log.info("could not announce the cancellation of event %s: %s", event.id, exc)
