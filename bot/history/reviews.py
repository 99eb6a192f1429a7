"""``/<game> review`` and the final message's Review button: the computer's view of an ended match.

The review (``ai.review`` at the hard level: every ply searched) takes a minute of CPU.
It is a job in the database (``matches.jobs``), like the computer's moves, and it never
delays a computer opponent's move:

- jobs are claimed live moves first, and a thinking process (this bot's, or ``python -m ai
  worker``) thinks about reviews in a slot of their own: here ONE worker (``ReviewWorker``),
  apart from the computer's pool (``bot.computer.player``), so a live move never queues
  behind a review, and reviews queue behind each other (at most one review's CPU at a time);
- that worker runs at a lower scheduling priority (``NICENESS`` steps nicer than the bot; the
  thread's own priority when reviews run in a thread), so where both compete for
  the same cores, the operating system gives the live move the CPU first.

A review is computed once per match and stored (``matches.reviews``): asking again,
or a second player asking while it is computed, posts the same review without
starting another.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import multiprocessing
import os
import threading
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import discord

from engines import Joined, Text, Verbatim
from matches import Match
from matches.jobs import REVIEW
from matches.service import Reviewing, review_record
from render.common import encode_png

from ..locales import say
from ..messages import present
from ..messages.alt_text import DESCRIPTION_MAX, result_words, spoken
from ..replies import fit, outgoing, public_locale

if TYPE_CHECKING:
    from ..setup.client import GameBot

log = logging.getLogger(__name__)

NICENESS = 10  # added to the review worker's niceness: live moves come first
REVIEW_POLL = 1800.0  # seconds a wait for a review sleeps at most without being told it is done
COSTLIEST = 3  # moves listed per player


def _lower_priority() -> None:
    """Run in the review worker (process initializer, or the thread's first job).

    Relative to the bot: a bot started with ``nice -n 5`` reviews at 15, not at 10, which would
    leave its reviews barely nicer than its live moves.  A thread's priority is derived from the
    process's (its main thread's), not from its own, so that every job may call this again."""
    try:
        if threading.current_thread() is threading.main_thread():
            os.nice(NICENESS)  # the spawned worker starts at the bot's niceness; the kernel caps at 19
        else:  # Linux: a thread's own priority (its native id is its task id)
            process = os.getpriority(os.PRIO_PROCESS, os.getpid())
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), min(19, process + NICENESS))
    except (AttributeError, OSError):  # elsewhere: the separate worker alone keeps moves first
        pass


def _review_in_worker(job: Reviewing) -> dict[str, Any]:
    _lower_priority()
    return review_record(job)


class ReviewWorker:
    """One worker for every review (a process, or a thread when ``AI_WORKERS`` is 0), apart from the
    computer's pool; a match's review is computed once however many ask at the same time."""

    def __init__(self, bot: GameBot):
        self.bot = bot
        self.workers = bot.settings.ai_workers
        self.threads = getattr(bot.settings, "ai_threads", False)
        self._executor: Executor | None = None
        self.running: dict[int, asyncio.Future] = {}
        self.started = 0  # reviews asked of the queue (for tests and logs)

    def executor(self) -> Executor:
        if self._executor is None:
            if self.workers > 0 and not self.threads:
                self._executor = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_lower_priority
                )
            else:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        return self._executor

    async def review(self, job: Reviewing) -> dict[str, Any]:
        """The stored review of ``job``'s match, else computed (once) and stored."""
        stored = await self.bot.service.stored_review(job.match_id)
        if stored is not None:
            return stored
        task = self.running.get(job.match_id)
        if task is None:
            task = self.running[job.match_id] = asyncio.ensure_future(self._compute(job))
            task.add_done_callback(lambda _: self.running.pop(job.match_id, None))
        return await asyncio.shield(task)

    async def _compute(self, job: Reviewing) -> dict[str, Any]:
        """Queued, and thought about here when this bot thinks (``AI_WORKERS`` > 0) and no other process
        took it first; else waited for until a thinking process stored it."""
        self.started += 1
        service = self.bot.service
        runner = self.bot.computer.runner
        waiters = self.bot.computer.waiters
        nap = waiters.enter(REVIEW, job.match_id, job.version)
        try:
            while True:
                stored = await service.stored_review(job.match_id)
                if stored is not None:
                    return stored
                owner = runner.owner if runner is not None else None
                claimed = await service.queue_review(job, owner)
                if claimed is not None:
                    # In the asking task, so that whoever waits for it (an interaction) waits for the thinking.
                    await runner.run_claimed(claimed)
                    continue
                state = await service.job_state(REVIEW, job.match_id, job.version)
                if state is None:
                    if await service.stored_review(job.match_id) is not None:
                        continue
                    # Gone without a review: the match changed since (its review is of another version).
                    raise RuntimeError(f"match {job.match_id} changed while it was reviewed")
                if state.state == "parked":
                    raise RuntimeError(f"the review of match {job.match_id} was parked: {state.error}")
                wait = REVIEW_POLL
                if state.state == "waiting" and runner is not None:  # a failed try: the next after its delay
                    wait = min(wait, max(0.05, state.not_before - service.clock()))
                await nap(wait)
        finally:
            waiters.leave(REVIEW, job.match_id, job.version, nap)

    async def compute(self, job: Reviewing) -> dict[str, Any]:
        """A review thought out in this process's review worker (the job runner's review slot)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor(), compute, job)

    def close(self) -> None:
        for task in self.running.values():
            task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def compute(job: Reviewing) -> dict[str, Any]:
    """What the worker runs (module-level: a process pool pickles it by name; tests may replace it)."""
    return _review_in_worker(job)


def percent(value: float) -> str:
    return f"{round(value * 100)}"


def review_text(match: Match, review: dict[str, Any], game: str) -> Joined:
    """The accuracy of every player and his costliest moves, each with the better move and a board command."""
    from ai.review import Review

    done = Review.from_json(review)
    lines: list[Any] = [
        Text(
            "**Review of {title} #{id}** (the computer at its hard level judged every move).",
            title=match.title,
            id=match.id,
        )
    ]
    for seat, name in enumerate(match.names):
        accuracy = Text(
            "**{player}**: accuracy {accuracy} %",
            player=name,
            accuracy=f"{done.accuracy[seat]:.0f}" if seat < len(done.accuracy) else "?",
        )
        costly = done.costliest(seat, COSTLIEST)
        # the player's line heads his moves: they do not repeat his name, and each says what its
        # number is (the drop in his win chance, in points of 0-100)
        lines.append(Joined([accuracy, Text("costliest moves:") if costly else Text("no costly move")], " · "))
        for p in costly:
            lines.append(
                Text(
                    "- Move {number}: {move}, win chance {drop} points; better {best} · {command}",
                    number=p.ply + 1,
                    move=Verbatim(f"`{p.move}`"),
                    drop=f"-{percent(p.drop)}",  # the sign is part of the number
                    best=Verbatim(f"`{p.best}`"),
                    command=Verbatim(f"`/{game} board match:{match.id} ply:{p.ply}`"),
                )
            )
    return Joined(lines, "\n")


class ReviewActions:
    """Mixed into :class:`bot.history.commands.History` (uses its ``bot``, ``service``, ``resolve``, ``boards``)."""

    @functools.cached_property
    def reviewer(self) -> ReviewWorker:
        return ReviewWorker(self.bot)

    async def review(self, interaction: discord.Interaction, game: str, match_id: int | None) -> None:
        match = await self.resolve(interaction, game, match_id, statuses=("active", "finished", "aborted", "abandoned"))
        if match is None:
            return
        await self.review_match(interaction, match)

    async def review_button(self, interaction: discord.Interaction, match_id: int) -> None:
        await self.review_match(interaction, await self.service.get(match_id))

    async def review_match(self, interaction: discord.Interaction, match: Match) -> None:
        job = await self.service.review_job(match.id)
        here = match.home_channel_id in (None, interaction.channel_id)
        locale = public_locale(interaction) if here else self.boards.match_locale(match)
        await interaction.response.defer(thinking=True, ephemeral=not here)
        if await self.service.stored_review(match.id) is None:
            note = Text(
                "Reviewing {title} #{id}: the computer judges every one of its {moves} moves. "
                "This takes a minute or two…",
                title=match.title,
                id=match.id,
                moves=job_moves(job),
            )
            await interaction.edit_original_response(**outgoing(say(note, interaction.locale if not here else locale)))
        try:
            review = await self.reviewer.review(job)
            png = await asyncio.to_thread(self._review_png, match, review, locale, job)
        except Exception:  # noqa: BLE001 - the player must hear something either way
            log.exception("no review for match %s", match.id)
            await interaction.edit_original_response(
                **outgoing(
                    say(
                        Text(
                            "The review of {title} #{id} could not be made just now; try again later.",
                            title=match.title,
                            id=match.id,
                        ),
                        interaction.locale,
                    )
                )
            )
            return
        content = say(review_text(match, review, match.game), locale)
        file = self._review_file(match, png, locale)
        if here:
            await interaction.edit_original_response(**outgoing(content, attachments=[file]))
            return
        channel = self.bot.get_channel(match.home_channel_id) or await self.bot.fetch_channel(match.home_channel_id)
        posted = await channel.send(**outgoing(content, file=file))
        await interaction.edit_original_response(
            **outgoing(
                say(
                    Text(
                        "The review of {title} #{id} is in its channel: {link}",
                        title=match.title,
                        id=match.id,
                        link=Verbatim(posted.jump_url),
                    ),
                    interaction.locale,
                )
            )
        )

    def _review_png(self, match: Match, review: dict[str, Any], locale, job: Reviewing) -> bytes:
        from ai.review import Review
        from engines.record import Record
        from render.review_chart import review_chart

        sayer = functools.partial(say, locale=locale, escaped=False)
        done = Review.from_json(review)
        done.players = present.said_names(match, sayer)
        return encode_png(review_chart(done, Record.from_dict(job.record), say=sayer))

    def _review_file(self, match: Match, png: bytes, locale) -> discord.File:
        words = Text(
            "Chart of every player's chance to win before each move in {title} #{id}, mistakes and blunders marked",
            title=match.title,
            id=match.id,
        )
        result = result_words(match)  # as the chart's own result line and the score chart's description
        if result is not None:
            words = Text("{chart}. {result}", chart=words, result=result)
        description = spoken(say(words, locale, escaped=False))
        return discord.File(
            io.BytesIO(png),
            filename=f"{match.game}-{match.id}-review.png",
            description=fit(description, DESCRIPTION_MAX),
        )


def job_moves(job: Reviewing) -> int:
    return len(job.record.get("moves", []))
