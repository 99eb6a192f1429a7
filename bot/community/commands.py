"""Commands around the matches: /games, /settings, /vacation, /leaderboard, /stats, /admin."""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import io
from typing import Literal

import discord
from discord import app_commands

from engines import Joined, Text, get_game
from matches.digests import timezone_names
from matches.ratings import INITIAL, PROVISIONAL_GAMES
from matches.timing import DAYS_CHOICES
from render.charts import RatingPoint, rating_chart
from render.common import encode_png

from ..locales import say
from ..messages import present
from ..messages.lines import jump_link
from ..options import game_choices
from ..replies import fit, outgoing, private, public

NEEDS_MANAGE_SERVER = Text("You need the Manage Server permission.")
# Each language by its own name, as language menus do; "server" follows the server's Discord setting.
LANGUAGE_NAMES = (
    ("server", "Server language (Discord setting)"),
    ("en", "English"),
    ("de", "Deutsch"),
    ("fr", "Français"),
)


def rating_png(history: dict[str, list[tuple[float, float]]], locale) -> bytes:
    """The chart of a player's ratings over time, one line per game (drawn in a worker thread)."""

    def date(seconds: float) -> str:
        day = dt.datetime.fromtimestamp(seconds, dt.UTC)
        return say(
            Text("{year}-{month}-{day}", year=day.year, month=f"{day.month:02}", day=f"{day.day:02}"),
            locale,
            escaped=False,
        )

    lines = {
        get_game(game).title: [RatingPoint(at, rating) for at, rating in points]
        for game, points in sorted(history.items())
    }
    return encode_png(
        rating_chart(lines, start=INITIAL, say=functools.partial(say, locale=locale, escaped=False), date=date)
    )


def build_community_commands(bot) -> list[app_commands.Command | app_commands.Group]:
    service = bot.service

    @app_commands.command(name="games", description="Your running matches, the one waiting longest first")
    async def games(interaction: discord.Interaction):
        matches = await service.waiting_list(interaction.user.id)
        if not matches and not matches.broken:
            await interaction.response.send_message(
                **outgoing(
                    private(
                        interaction, Text("You have no running matches. Challenge someone with `/<game> challenge`!")
                    ),
                    ephemeral=True,
                )
            )
            return
        lines = []
        for m in matches[:20]:
            parts = [
                Text(
                    "{title} #{id} vs {others} — {turn}",
                    title=m.title,
                    id=m.id,
                    others=m.others(interaction.user.id),
                    turn=present.whose_turn(m, interaction.user.id, bold=True),
                )
            ]
            if m.deadline:
                parts.append(Text("deadline {deadline}", deadline=present.timestamp(m.deadline)))
            if jump_link(m):
                parts.append(Text("[board]({link})", link=jump_link(m)))
            lines.append(Joined(parts, " · "))
        if len(matches) > 20:
            lines.append(Text("…and {count} more.", count=len(matches) - 20))
        # A match whose saved data cannot be read costs its own line only.
        lines.extend(
            Text(
                "Match #{id} cannot be shown: the bot cannot read its saved data. The bot's operator finds "
                "it in the list of broken matches.",
                id=match_id,
            )
            for match_id in matches.broken
        )
        # The matches waiting for the player, one after the other (bot.play.comfort).
        extra = {}
        if any(m.to_move_id() == interaction.user.id for m in matches):
            extra["view"] = discord.ui.View(timeout=None).add_item(bot.actions.next_button(0, interaction.locale))
        await interaction.response.send_message(
            **outgoing(private(interaction, Joined(lines, "\n")), ephemeral=True, **extra)
        )

    @app_commands.command(name="next", description="Privately, the match where your deadline is nearest")
    async def next_match(interaction: discord.Interaction):
        await bot.actions.show_next(interaction)

    @app_commands.command(name="settings", description="How the bot reminds you when it is your turn")
    @app_commands.describe(
        reminders="mention in the match channel, DM, a daily digest by DM, or off",
        digest_hour="The hour of your daily digest (0-23, in your time zone)",
        timezone="Your time zone, like Europe/Berlin (default: UTC)",
        links="renew: every web board link you were given so far stops working",
    )
    async def settings(
        interaction: discord.Interaction,
        reminders: Literal["mention", "dm", "digest", "off"] | None = None,
        digest_hour: app_commands.Range[int, 0, 23] | None = None,
        timezone: app_commands.Range[str, 1, 64] | None = None,
        links: Literal["renew"] | None = None,
    ):
        renewed = links == "renew" and await service.renew_links(interaction.user.id)
        if reminders is not None or digest_hour is not None or timezone is not None:
            await service.set_reminder_settings(
                interaction.user.id, reminders=reminders, digest_hour=digest_hour, timezone=timezone
            )
        current = await service.user_settings(interaction.user.id)
        parts = [Text("Reminders: **{mode}**.", mode=present.REMINDER_MODES.get(current.reminders, current.reminders))]
        if current.reminders == "digest":
            parts.append(
                Text(
                    "Your digest comes daily at {hour}:00 ({zone}); the next {when}.",
                    hour=f"{current.digest_hour:02}",
                    zone=current.timezone,
                    when=present.timestamp(current.digest_next_at or service.clock(), "f"),
                )
            )
        if current.vacation_until and current.vacation_until > service.clock():
            parts.append(
                Text("You are on vacation until {until}.", until=present.timestamp(current.vacation_until, "f"))
            )
        parts.append(Text("Change with `/settings reminders:`."))
        if renewed:
            parts.append(Text("Every web board link you had stops working; ask for new ones with Open board."))
        await interaction.response.send_message(**outgoing(private(interaction, Joined(parts, " ")), ephemeral=True))

    @settings.autocomplete("timezone")
    async def timezone_autocomplete(interaction: discord.Interaction, current: str):
        typed = current.strip().lower().replace(" ", "_")
        names = [n for n in timezone_names() if typed in n.lower()]
        # Those that start with what was typed first (Discord shows 25 at most).
        names.sort(key=lambda n: (not n.lower().startswith(typed), n))
        return [app_commands.Choice(name=n, value=n) for n in names[:25]]

    @app_commands.command(name="vacation", description="Pause the clocks of all your matches (30 days a year)")
    @app_commands.describe(days="How many days (1-30); 0 ends your vacation and returns the unused days")
    async def vacation(interaction: discord.Interaction, days: app_commands.Range[int, 0, 30]):
        until = await service.start_vacation(interaction.user.id, days)
        text = (
            Text("Welcome back: your clocks run again.")
            if days == 0
            else Text(
                "Enjoy your break! Your clocks are paused until {until}; your opponents see it on the board.",
                until=present.timestamp(until, "f"),
            )
        )
        await interaction.response.send_message(**outgoing(private(interaction, text), ephemeral=True))

    @app_commands.command(name="leaderboard", description="The best rated players of a game on this server")
    @app_commands.guild_only()
    @app_commands.choices(game=game_choices())
    async def leaderboard(interaction: discord.Interaction, game: app_commands.Choice[str]):
        rows = await service.leaderboard(interaction.guild_id, game.value)
        if not rows:
            await interaction.response.send_message(
                **outgoing(public(interaction, Text("No rated {title} matches on this server yet.", title=game.name)))
            )
            return
        lines = [Text("**{title} leaderboard**", title=game.name)]
        for rank, r in enumerate(rows, 1):
            if r.provisional and (rank == 1 or not rows[rank - 2].provisional):
                # The service lists the established players first; the provisional ones follow.
                lines.append(
                    Text(
                        "*Provisional ratings, marked with a question mark: fewer than {count} rated matches*",
                        count=PROVISIONAL_GAMES,
                    )
                )
            lines.append(
                Text(
                    "{rank}. {player} **{rating}** — {wins} W / {losses} L / {draws} D",
                    rank=rank,
                    player=present.mention(r.user_id),
                    rating=present.rating(r),
                    wins=r.wins,
                    losses=r.losses,
                    draws=r.draws,
                )
            )
        await interaction.response.send_message(**outgoing(public(interaction, Joined(lines, "\n"))))

    @app_commands.command(name="stats", description="Wins, losses, ratings and series of a member")
    @app_commands.guild_only()
    @app_commands.describe(
        member="Whose statistics (default: yours)", game="Only this game's rating in the chart (default: every game)"
    )
    @app_commands.choices(game=game_choices())
    async def stats(interaction: discord.Interaction, member: discord.Member | None = None, game: str | None = None):
        who = member or interaction.user
        data = await service.stats(interaction.guild_id, who.id)
        history = await service.rating_history(interaction.guild_id, who.id, game)
        lines = [Text("**{name}** on this server", name=who.display_name)]
        for rated, r in sorted(data.ratings.items()):
            lines.append(
                Text(
                    "{title}: rating **{rating}**, {wins} W / {losses} L / {draws} D",
                    title=get_game(rated).title,
                    rating=present.rating(r),
                    wins=r.wins,
                    losses=r.losses,
                    draws=r.draws,
                )
            )
        if not data.ratings:
            lines.append(Text("No rated matches yet."))
        against = await service.against_computer(interaction.guild_id, who.id)
        for level, (wins, losses, draws) in against.items():
            lines.append(
                Text(
                    "Against the computer ({level}, unrated): {wins} W / {losses} L / {draws} D",
                    level=present.LEVEL_WORDS[level],
                    wins=wins,
                    losses=losses,
                    draws=draws,
                )
            )
        lines.append(Text("Series won: {count}", count=data.series_won))
        if data.average_move_seconds is not None:
            lines.append(
                Text("Average time per move: {duration}", duration=present.duration(data.average_move_seconds))
            )
        reliability = await service.reliability(interaction.guild_id, who.id)
        if reliability.percent is not None:
            lines.append(
                Text(
                    "Reliability: {percent} % ({faults} of the last {count} ended matches lost by running "
                    "out of time or abandoning)",
                    percent=reliability.percent,
                    faults=reliability.faults,
                    count=reliability.matches,
                )
            )
        extra = {}
        if history:
            png = await asyncio.to_thread(rating_png, history, interaction.locale)
            description = private(
                interaction,
                Text("Chart of {name}'s rating after each rated match on this server", name=who.display_name),
            )
            extra["file"] = discord.File(io.BytesIO(png), filename="rating.png", description=fit(description, 1024))
        elif game is not None:
            lines.append(Text("No rated {title} matches yet.", title=get_game(game).title))
        await interaction.response.send_message(
            **outgoing(private(interaction, Joined(lines, "\n")), ephemeral=True, **extra)
        )

    admin = app_commands.Group(
        name="admin",
        description="Server settings and moderation of matches",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    @admin.command(name="abort", description="End a match or challenge without a result")
    async def abort(interaction: discord.Interaction, match: int):
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message(
                **outgoing(private(interaction, NEEDS_MANAGE_SERVER), ephemeral=True)
            )
            return
        aborted = await service.abort(match, interaction.guild_id)
        text = Text(
            "{title} #{id} was aborted by {admin}; it has no result.",
            title=aborted.title,
            id=aborted.id,
            admin=present.mention(interaction.user.id),
        )
        await interaction.response.send_message(**outgoing(public(interaction, text)))
        await bot.boards.announce_closed(aborted, text, skip_channel=interaction.channel_id)

    @admin.command(name="settings", description="Defaults of this server (omit an option to keep it)")
    @app_commands.describe(
        days="Default time per move",
        channel="Where challenges are posted",
        threads="Give each match its own thread",
        language="The language of the bot's messages in this server's channels",
    )
    @app_commands.choices(
        days=[app_commands.Choice(name=f"{d} day{'s' if d > 1 else ''}", value=d) for d in DAYS_CHOICES],
        language=[app_commands.Choice(name=name, value=value) for value, name in LANGUAGE_NAMES],
    )
    async def admin_settings(
        interaction: discord.Interaction,
        days: app_commands.Choice[int] | None = None,
        channel: discord.TextChannel | None = None,
        threads: bool | None = None,
        language: app_commands.Choice[str] | None = None,
    ):
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message(
                **outgoing(private(interaction, NEEDS_MANAGE_SERVER), ephemeral=True)
            )
            return
        await service.set_guild_settings(
            interaction.guild_id,
            default_days=days.value if days else None,
            challenge_channel_id=channel.id if channel else None,
            threads=threads,
            language=language.value if language else None,
        )
        now = await service.guild_settings(interaction.guild_id)
        if now.language:
            bot.languages[interaction.guild_id] = now.language
        else:
            bot.languages.pop(interaction.guild_id, None)
        where = (
            f"<#{now.challenge_channel_id}>" if now.challenge_channel_id else Text("the channel where they are made")
        )
        spoken = dict(LANGUAGE_NAMES)[now.language] if now.language else Text("the server's Discord language")
        await interaction.response.send_message(
            **outgoing(
                private(
                    interaction,
                    Text(
                        "Time per move: **{days}** by default · challenges go to {where} · match threads: **{threads}** · "
                        "messages here: **{language}**.",
                        days=present.days(now.default_days or 3),
                        where=where,
                        threads=Text("on") if now.threads else Text("off"),
                        language=spoken,
                    ),
                ),
                ephemeral=True,
            )
        )

    @admin.command(name="jobs", description="The computer's jobs for this server's matches: waiting, running, parked")
    async def admin_jobs(interaction: discord.Interaction):
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message(
                **outgoing(private(interaction, NEEDS_MANAGE_SERVER), ephemeral=True)
            )
            return
        queue = await service.queue_status(interaction.guild_id)
        lines = [
            Text("**The computer's jobs for this server's matches**"),
            Text("Moves waiting: {count}", count=queue.waiting.get("move", 0)),
            Text("Reviews waiting: {count}", count=queue.waiting.get("review", 0)),
            Text("Being thought about: {count}", count=queue.total("running")),
        ]
        if queue.oldest_wait is not None:
            lines.append(
                Text(
                    "The oldest has waited since {since}.",
                    since=present.timestamp(service.clock() - queue.oldest_wait, "T"),
                )
            )
        parked = queue.total("parked")
        lines.append(
            Text(
                "Parked after failing: {count} (the bot's operator finds them with `python -m matches broken`)",
                count=parked,
            )
            if parked
            else Text("Parked after failing: {count}", count=0)
        )
        lines.append(Text("Thinking processes heard from in the last minute: {count}", count=len(queue.workers)))
        await interaction.response.send_message(**outgoing(private(interaction, Joined(lines, "\n")), ephemeral=True))

    return [games, next_match, settings, vacation, leaderboard, stats, admin]
