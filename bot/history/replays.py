"""Looking back at a match inside Discord: the animated replay, the board after any
move, and the score chart the final message carries.

Drawing runs in worker threads.  Replays and charts are kept by match version and language
(:class:`MediaCache`), so a second request is instant and a request for a replay that is being
drawn waits for that drawing instead of starting another.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import discord

from engines import Joined, Text, Verbatim, get_game
from engines.record import Record
from engines.record import replay as replay_record
from matches import Match
from render import chart_of, render_png
from render.charts import score_chart
from render.common import encode_png
from render.replay import Replay, make_replay
from render.score_series import score_series

from ..locales import language, say
from ..messages import present
from ..messages.alt_text import DESCRIPTION_MAX, result_words, spoken
from ..messages.lines import note_line
from ..replies import fit, outgoing, private, public, public_locale, reply_error

log = logging.getLogger(__name__)

PROGRESS_FRAMES = 40  # a replay of more frames is announced while it is drawn (a few seconds)
CACHE_BYTES = 48_000_000  # replays and charts kept in memory, newest used last out
FINISHED = ("active", "finished", "void", "abandoned", "aborted")


class MediaCache:
    """Bytes by key, least recently used out first beyond ``limit`` bytes in all."""

    def __init__(self, limit: int = CACHE_BYTES):
        self.limit = limit
        self.items: OrderedDict[tuple, Any] = OrderedDict()
        self.sizes: dict[tuple, int] = {}
        self.drawing: dict[tuple, asyncio.Future] = {}

    def __contains__(self, key: tuple) -> bool:
        return key in self.items

    async def get(self, key: tuple, draw: Callable[[], Any], size: Callable[[Any], int]) -> Any:
        """The cached value of ``key``, else ``draw()`` run in a thread (once, however many ask)."""
        if key in self.items:
            self.items.move_to_end(key)
            return self.items[key]
        task = self.drawing.get(key)
        if task is None:
            task = self.drawing[key] = asyncio.ensure_future(asyncio.to_thread(draw))
            task.add_done_callback(lambda done: self._store(key, done, size))
        return await asyncio.shield(task)

    def _store(self, key: tuple, done: asyncio.Future, size: Callable[[Any], int]) -> None:
        self.drawing.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        value = done.result()
        self.items[key] = value
        self.sizes[key] = size(value)
        while sum(self.sizes.values()) > self.limit and len(self.items) > 1:
            old, _ = self.items.popitem(last=False)
            self.sizes.pop(old, None)


def merged_note(made: Replay) -> Text | str:
    if made.most_merged <= 1:
        return ""
    return Text(
        "A long match: to keep the replay short and under Discord's size limit, a frame shows up to "
        "{count} moves ({frames} frames for {moves} moves).",
        count=made.most_merged,
        frames=len(made.frames),
        moves=made.end - made.start,
    )


def moves_range(start: int, end: int) -> Text:
    return (
        Text("moves {first} to {last}", first=start + 1, last=end)
        if end > start
        else Text("the position after move {number}", number=end)
    )


class Replays:
    """Mixed into :class:`bot.history.commands.History` (uses its ``bot``, ``service``, ``resolve``)."""

    @functools.cached_property
    def media(self) -> MediaCache:
        return MediaCache()

    @property
    def frames_cap(self) -> int:
        return self.bot.settings.replay_frames

    def _sayer(self, locale) -> Callable[[Text], str]:
        return functools.partial(say, locale=locale, escaped=False)

    async def replay_of(self, match: Match, record: Record, locale, start: int = 0, end: int | None = None) -> Replay:
        end = len(record.moves) if end is None else end
        key = ("replay", match.id, match.version, language(locale), start, end)
        sayer = self._sayer(locale)
        draw = functools.partial(
            make_replay, record, present.said_names(match, sayer), start=start, end=end, say=sayer, cap=self.frames_cap
        )
        return await self.media.get(key, draw, lambda made: len(made.data))

    async def chart_png(self, match: Match, record: Record, locale) -> bytes:
        key = ("chart", match.id, match.version, language(locale))
        sayer = self._sayer(locale)
        names = present.said_names(match, sayer)
        return await self.media.get(key, lambda: encode_png(score_chart(score_series(record), names, say=sayer)), len)

    def replay_file(self, match: Match, made: Replay, locale) -> discord.File:
        words = Text(
            "Animated replay of {title} #{id}, {range}",
            title=match.title,
            id=match.id,
            range=moves_range(made.start, made.end),
        )
        result = result_words(match) if made.end >= match.plies else None  # a replay to the end: how it ended
        if result is not None:
            words = Text("{replay}. {result}", replay=words, result=result)
        description = spoken(say(words, locale, escaped=False))
        return discord.File(
            io.BytesIO(made.data),
            filename=f"{match.game}-{match.id}-replay{made.filename_suffix}",
            description=fit(description, DESCRIPTION_MAX),
        )

    def chart_file(self, match: Match, png: bytes, locale) -> discord.File:
        said = getattr(chart_of(match.game), "chart_said", None)
        if get_game(match.game).has_scores or said is None:
            words = Text(
                "Chart of every player's score after each move in {title} #{id}", title=match.title, id=match.id
            )
        else:  # a game without scores charts something else, and says what (render/<package>/chart.py)
            words = said(match.title, match.id)
        result = result_words(match)
        if result is not None:
            words = Text("{chart}. {result}", chart=words, result=result)
        description = spoken(say(words, locale, escaped=False))
        return discord.File(
            io.BytesIO(png),
            filename=f"{match.game}-{match.id}-chart.png",
            description=fit(description, DESCRIPTION_MAX),
        )

    async def final_extras(self, match: Match, locale) -> tuple[list[discord.File], Text | str]:
        """For the final message: the replay and the score chart, and a note when frames were merged.
        Nothing (logged) if drawing fails: the final board goes out in any case."""
        if match.status != "finished":
            return [], ""
        try:
            record = await self.service.record(match.id)
            made = await self.replay_of(match, record, locale)
            chart = await self.chart_png(match, record, locale)
        except Exception:  # noqa: BLE001 - the final board must be posted whatever happens here
            log.exception("no replay or chart for match %s", match.id)
            return [], ""
        return [self.replay_file(match, made, locale), self.chart_file(match, chart, locale)], merged_note(made)

    # ----------------------------------------------------------- commands
    async def _finished_record(self, interaction: discord.Interaction, game: str, match_id: int | None):
        """The finished match the player means and its record, or None once he has been told why not."""
        match = await self.resolve(interaction, game, match_id, statuses=FINISHED)
        if match is None:
            return None
        return match, await self.service.record(match.id)  # refused if its moves do not replay

    async def replay(
        self, interaction: discord.Interaction, game: str, match_id: int | None, start: int | None, end: int | None
    ) -> None:
        found = await self._finished_record(interaction, game, match_id)
        if found is None:
            return
        match, record = found
        total = len(record.moves)
        start = 0 if start is None else start
        end = total if end is None else end
        if total == 0:
            await reply_error(
                interaction,
                Text(
                    "Nobody has moved in {title} #{id} yet: there is nothing to replay.", title=match.title, id=match.id
                ),
            )
            return
        if not 0 <= start < end <= total:
            await reply_error(
                interaction,
                Text(
                    "{title} #{id} has {moves}: choose `from` below `to`, both between 0 and {total}.",
                    title=match.title,
                    id=match.id,
                    moves=present.moves(total),
                    total=total,
                ),
            )
            return
        locale = public_locale(interaction)
        await interaction.response.defer(thinking=True)
        key = ("replay", match.id, match.version, language(locale), start, end)
        frames = min(end - start + 1, self.frames_cap)
        if key not in self.media and frames > PROGRESS_FRAMES:
            await interaction.edit_original_response(
                **outgoing(
                    public(
                        interaction,
                        Text(
                            "Drawing the replay of {title} #{id}: {frames} frames, a few seconds…",
                            title=match.title,
                            id=match.id,
                            frames=frames,
                        ),
                    )
                )
            )
        try:
            made = await self.replay_of(match, record, locale, start, end)
        except Exception:  # noqa: BLE001 - the player must hear something either way
            log.exception("no replay for match %s", match.id)
            await interaction.edit_original_response(
                **outgoing(
                    public(
                        interaction,
                        Text(
                            "The replay of {title} #{id} could not be drawn just now; try again in a moment.",
                            title=match.title,
                            id=match.id,
                        ),
                    )
                )
            )
            return
        text = Joined(
            [
                t
                for t in (
                    Text(
                        "**Replay of {title} #{id}**, {range}.",
                        title=match.title,
                        id=match.id,
                        range=moves_range(start, end),
                    ),
                    merged_note(made),
                )
                if t
            ],
            "\n",
        )
        await interaction.edit_original_response(
            **outgoing(public(interaction, text), attachments=[self.replay_file(match, made, locale)])
        )

    async def board_at(self, interaction: discord.Interaction, game: str, match_id: int | None, ply: int) -> None:
        """Privately, the board after move ``ply`` of the match."""
        found = await self._finished_record(interaction, game, match_id)
        if found is None:
            return
        match, record = found
        total = len(record.moves)
        if not 0 <= ply <= total:
            # a match that ended before its first move has one board, not "a ply between 0 and 0"
            await reply_error(
                interaction,
                Text(
                    "{title} #{id} ended before its first move: only `ply` 0, the start, can be shown.",
                    title=match.title,
                    id=match.id,
                )
                if total == 0
                else Text(
                    "{title} #{id} has {moves}: choose a `ply` between 0 and {total}.",
                    title=match.title,
                    id=match.id,
                    moves=present.moves(total),
                    total=total,
                ),
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        sayer = self._sayer(interaction.locale)
        names = present.said_names(match, sayer)

        def draw() -> bytes:
            return render_png(replay_record(record, ply), names, say=sayer)

        png = await asyncio.to_thread(draw)
        if ply == 0:
            words = Text("{title} #{id} at the start (0 of {total}).", title=match.title, id=match.id, total=total)
        else:
            moves = await self.service.moves(match.id)
            row = moves[ply - 1]
            who = dict(zip(match.players, match.names)).get(row.user_id, "?")
            words = Text(
                "{title} #{id} after move {number} of {total}: {player} played {move}.",
                title=match.title,
                id=match.id,
                number=ply,
                total=total,
                player=who,
                move=Verbatim(f"`{row.move}`"),
            )
        hints = []
        if ply > 0:
            hints.append(Verbatim(f"`/{game} board match:{match.id} ply:{ply - 1}`"))
        if ply < total:
            hints.append(Verbatim(f"`/{game} board match:{match.id} ply:{ply + 1}`"))
        lines: list[Any] = [words]
        if note := note_line(await self.service.note(match.id, interaction.user.id)):
            lines.append(note)  # the author's alone: this view is private (bot.play.comfort)
        if hints:
            lines.append(Text("Step: {commands}", commands=Verbatim(" · ".join(hints))))
        file = discord.File(
            io.BytesIO(png),
            filename=f"{game}-{match.id}-ply{ply}.png",
            description=fit(say(words, interaction.locale, escaped=False), DESCRIPTION_MAX),
        )
        await interaction.followup.send(
            **outgoing(private(interaction, Joined(lines, "\n")), file=file, ephemeral=True)
        )
