"""The Discord-free match service: each public method is one transaction.

:class:`MatchService` is a thin facade: it builds the components (one per feature, each in its
module) over one core (the store, the clock, reading a match and :meth:`Core._commit`, the one
place that writes a change of one) and one registry of moments (:mod:`matches.moments`), and hands
every public call to the component that owns it.  The components are built in a fixed order, and
that order is the order in which their listeners run; ``matches/README.md`` lists them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines.record import Record
from engines.text import Text

from .challenges import Challenges
from .community import Community, Stats
from .computer import Computer, Thinking, think
from .conditional import Conditional, ConditionalLine, ConditionalRefused
from .core import CHALLENGE_TTL, Core, Matches
from .digests import DIGEST_LEASE, DigestClaim, Digests
from .health import BrokenMatch, Health
from .jobs import LEASE, MOVE, RETRY_DELAY, REVIEW, Claim, Job, Jobs, JobState, ParkedJob, QueueStatus
from .ladder import Ladder, LadderResult, Ladders
from .models import GuildSettings, Match, MoveResult, MoveRow, Player, Rating, Series, UserSettings
from .moments import Moments
from .offers import Offers
from .play import IllegalMoveError, Play
from .practice import Practice, PracticeAnswer, PracticeItem, PracticePosition, PracticeStats
from .reliability import Reliabilities, Reliability
from .reviews import Reviewing, Reviews, review_record
from .seasons import Season, SeasonNews, SeasonPlayer, Seasons
from .shards import Shards
from .store import Store
from .timekeeping import CLAIM_LEASE, Timekeeping
from .timing import ClockEvent
from .tournaments import Tournament, TournamentNews, Tournaments, TournamentView
from .web_links import WebLinks

__all__ = [
    "ConditionalLine",
    "ConditionalRefused",
    "IllegalMoveError",
    "MatchService",
    "Reviewing",
    "Thinking",
    "review_record",
    "think",
]


@dataclass
class Components:
    """The features of the service, in the order they are built (their listeners' order)."""

    play: Play
    challenges: Challenges
    reliability: Reliabilities
    tournaments: Tournaments
    seasons: Seasons
    ladders: Ladders
    conditional: Conditional
    reviews: Reviews
    practice: Practice
    jobs: Jobs
    computer: Computer
    offers: Offers
    timekeeping: Timekeeping
    digests: Digests
    community: Community
    health: Health
    web_links: WebLinks


class MatchService:
    """create_challenge, accept, decline, move, resign, claim, offer/answer,
    rematch, abort; the computer's turns, takebacks and hints; reminders and
    vacations; conditional moves; daily digests and private notes; lists, leaderboards, statistics;
    broken matches; tournaments; seasons; ladders; reviews and practice of ended matches;
    the computer's thinking as jobs."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] | None = None,
        challenge_ttl: float = CHALLENGE_TTL,
    ):
        self.moments = Moments()
        core = self.core = Core(store, clock, seeds, challenge_ttl, self.moments)
        # The order of construction is the order of every moment's listeners (see matches/README.md):
        # match_ended runs tournaments, then ladders, then conditional.
        play = Play(core)
        challenges = Challenges(core)
        reliability = Reliabilities(core)
        tournaments = Tournaments(core, play, challenges, reliability)
        seasons = Seasons(core, tournaments, reliability)
        ladders = Ladders(core, play, challenges, reliability)
        conditional = Conditional(core, play)
        reviews = Reviews(core)
        self.components = Components(
            play=play,
            challenges=challenges,
            reliability=reliability,
            tournaments=tournaments,
            seasons=seasons,
            ladders=ladders,
            conditional=conditional,
            reviews=reviews,
            practice=Practice(core, reviews),
            jobs=Jobs(core, reviews),
            computer=Computer(core, play),
            offers=Offers(core),
            timekeeping=Timekeeping(core),
            digests=Digests(core),
            community=Community(core),
            health=Health(core),
            web_links=WebLinks(core),
        )

    # The core's settings, read by every component at each use (tests and benches set them).
    @property
    def store(self) -> Store:
        return self.core.store

    @store.setter
    def store(self, store: Store) -> None:
        self.core.store = store

    @property
    def clock(self) -> Callable[[], float]:
        return self.core.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.core.clock = clock

    @property
    def seeds(self) -> Callable[[], int]:
        return self.core.seeds

    @seeds.setter
    def seeds(self, seeds: Callable[[], int]) -> None:
        self.core.seeds = seeds

    @property
    def challenge_ttl(self) -> float:
        return self.core.challenge_ttl

    @challenge_ttl.setter
    def challenge_ttl(self, ttl: float) -> None:
        self.core.challenge_ttl = ttl

    # ------------------------------------------------------------- moments asked of every component
    async def next_wakeup(self) -> float | None:
        """When something is next due: the earliest wakeup any component declares (a reminder, a
        deadline, a challenge's expiry, a digest, a tournament's or season's sign-up closing, a
        round's limit)."""
        return await self.moments.wakeups.soonest()

    async def time_out(self, match_id: int) -> MoveResult | None:
        """A player out of time in a match whose rules make him lose by himself (a tournament's, a
        ladder's): dropped like a resignation.  None when no rule applies, or nobody is late any more."""
        return await self.moments.time_out.first_answer(match_id)

    # ------------------------------------------------------------- each component's own calls
    # Digests (digests)
    async def set_reminder_settings(
        self, user_id: int, *, reminders: str | None = None, digest_hour: int | None = None, timezone: str | None = None
    ) -> UserSettings:
        return await self.components.digests.set_reminder_settings(
            user_id, reminders=reminders, digest_hour=digest_hour, timezone=timezone
        )

    async def set_reminders(self, user_id: int, mode: str) -> None:
        return await self.components.digests.set_reminders(user_id, mode)

    async def claim_due_digests(
        self, owner: str, *, limit: int = 200, lease: float = DIGEST_LEASE
    ) -> list[DigestClaim]:
        return await self.components.digests.claim_due_digests(owner, limit=limit, lease=lease)

    async def waiting_for(self, user_id: int) -> list[Match]:
        return await self.components.digests.waiting_for(user_id)

    async def confirm_digest(self, claim: DigestClaim) -> bool:
        return await self.components.digests.confirm_digest(claim)

    async def mark_digest_sent(self, claim: DigestClaim) -> bool:
        return await self.components.digests.mark_digest_sent(claim)

    async def set_note(self, match_id: int, user_id: int, text: str) -> None:
        return await self.components.digests.set_note(match_id, user_id, text)

    async def note(self, match_id: int, user_id: int) -> str | None:
        return await self.components.digests.note(match_id, user_id)

    # Ladders (ladders)
    async def ladder(self, guild_id: int, game: str) -> Ladder:
        return await self.components.ladders.ladder(guild_id, game)

    async def ladders(self, guild_id: int) -> list[Ladder]:
        return await self.components.ladders.ladders(guild_id)

    async def ladder_names(self, ladder_id: int) -> dict[int, str]:
        return await self.components.ladders.ladder_names(ladder_id)

    async def ladder_record(self, ladder_id: int) -> dict[int, tuple[int, int]]:
        return await self.components.ladders.ladder_record(ladder_id)

    async def ladder_of_match(self, match_id: int) -> Ladder | None:
        return await self.components.ladders.ladder_of_match(match_id)

    async def create_ladder(
        self,
        guild_id: int,
        channel_id: int | None,
        organiser: Player,
        game: str,
        *,
        reach: int | None = None,
        days: int | None = None,
        min_reliability: float | None = None,
    ) -> Ladder:
        return await self.components.ladders.create_ladder(
            guild_id, channel_id, organiser, game, reach=reach, days=days, min_reliability=min_reliability
        )

    async def join_ladder(self, guild_id: int, game: str, player: Player) -> tuple[Ladder, int]:
        return await self.components.ladders.join_ladder(guild_id, game, player)

    async def ladder_challenge(
        self, guild_id: int, channel_id: int | None, game: str, challenger: Player, defender: Player
    ) -> Match:
        return await self.components.ladders.ladder_challenge(guild_id, channel_id, game, challenger, defender)

    async def settle_closed_ladder_challenges(self, match_id: int | None = None) -> None:
        return await self.components.ladders.settle_closed_ladder_challenges(match_id)

    async def claim_ladder_news(self) -> list[LadderResult]:
        return await self.components.ladders.claim_ladder_news()

    # Seasons (seasons)
    async def season(self, season_id: int) -> Season:
        return await self.components.seasons.season(season_id)

    async def seasons(self, guild_id: int, statuses: tuple[str, ...] = ("open", "running", "finished")) -> list[Season]:
        return await self.components.seasons.seasons(guild_id, statuses)

    async def season_players(self, season_id: int) -> list[SeasonPlayer]:
        return await self.components.seasons.season_players(season_id)

    async def division_events(self, season_id: int, number: int) -> list[Tournament]:
        return await self.components.seasons.division_events(season_id, number)

    async def season_of_event(self, event_id: int) -> Season | None:
        return await self.components.seasons.season_of_event(event_id)

    async def create_season(
        self,
        guild_id: int,
        channel_id: int | None,
        organiser: Player,
        game: str,
        *,
        name: str | None = None,
        divisions: int | None = None,
        size: int | None = None,
        days: int | None = None,
        promote: int | None = None,
        relegate: int | None = None,
        signup_days: int | None = None,
        min_reliability: float | None = None,
    ) -> Season:
        return await self.components.seasons.create_season(
            guild_id,
            channel_id,
            organiser,
            game,
            name=name,
            divisions=divisions,
            size=size,
            days=days,
            promote=promote,
            relegate=relegate,
            signup_days=signup_days,
            min_reliability=min_reliability,
        )

    async def join_season(self, season_id: int, player: Player) -> tuple[Season, bool]:
        return await self.components.seasons.join_season(season_id, player)

    async def add_season_computer(self, season_id: int, level: str) -> Player:
        return await self.components.seasons.add_season_computer(season_id, level)

    async def leave_season(self, season_id: int, user_id: int) -> bool:
        return await self.components.seasons.leave_season(season_id, user_id)

    async def end_season_series(self, season_id: int) -> Season:
        return await self.components.seasons.end_season_series(season_id)

    async def start_due_seasons(self) -> list[tuple[Season, bool]]:
        return await self.components.seasons.start_due_seasons()

    async def claim_season_news(self) -> list[SeasonNews]:
        return await self.components.seasons.claim_season_news()

    # Tournaments (tournaments)
    async def cancel_event(self, event_id: int) -> Tournament:
        return await self.components.tournaments.cancel_event(event_id)

    async def event(self, event_id: int) -> Tournament:
        return await self.components.tournaments.event(event_id)

    async def event_view(self, event_id: int) -> TournamentView:
        return await self.components.tournaments.event_view(event_id)

    async def events(
        self, guild_id: int, statuses: tuple[str, ...] = ("open", "running", "finished")
    ) -> list[Tournament]:
        return await self.components.tournaments.events(guild_id, statuses)

    async def events_of(self, guild_id: int, user_id: int, statuses: tuple[str, ...]) -> list[Tournament]:
        return await self.components.tournaments.events_of(guild_id, user_id, statuses)

    async def event_of_match(self, match_id: int) -> tuple[Tournament, int] | None:
        return await self.components.tournaments.event_of_match(match_id)

    async def create_event(
        self,
        guild_id: int,
        channel_id: int | None,
        organiser: Player,
        game: str,
        fmt: str,
        *,
        name: str | None = None,
        rounds: int | None = None,
        table: int = 2,
        days: int | None = None,
        signup_days: int | None = None,
        options: dict[str, Any] | None = None,
        clock: str = "move",
        bank: float | None = None,
        increment: float | None = None,
        round_days: int | None = None,
        min_reliability: float | None = None,
    ) -> Tournament:
        return await self.components.tournaments.create_event(
            guild_id,
            channel_id,
            organiser,
            game,
            fmt,
            name=name,
            rounds=rounds,
            table=table,
            days=days,
            signup_days=signup_days,
            options=options,
            clock=clock,
            bank=bank,
            increment=increment,
            round_days=round_days,
            min_reliability=min_reliability,
        )

    async def set_event_message(self, event_id: int, message_id: int) -> None:
        return await self.components.tournaments.set_event_message(event_id, message_id)

    async def join_event(self, event_id: int, player: Player) -> Tournament:
        return await self.components.tournaments.join_event(event_id, player)

    async def add_computer(self, event_id: int, level: str) -> Player:
        return await self.components.tournaments.add_computer(event_id, level)

    async def leave_event(self, event_id: int, user_id: int) -> tuple[Tournament, list[MoveResult]]:
        return await self.components.tournaments.leave_event(event_id, user_id)

    async def start_event(self, event_id: int) -> TournamentView:
        return await self.components.tournaments.start_event(event_id)

    async def start_due_events(self) -> list[tuple[Tournament, TournamentView | None]]:
        return await self.components.tournaments.start_due_events()

    async def end_late_matches(self) -> list[MoveResult]:
        return await self.components.tournaments.end_late_matches()

    async def claim_news(self) -> list[TournamentNews]:
        return await self.components.tournaments.claim_news()

    async def claim_unposted_matches(self) -> list[Match]:
        return await self.components.tournaments.claim_unposted_matches()

    # Challenges (challenges)
    async def rematch(self, match_id: int, user_id: int) -> Match:
        return await self.components.challenges.rematch(match_id, user_id)

    async def create_challenge(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int | None,
        challenger: Player,
        opponents: list[Player],
        *,
        options: dict[str, Any] | None = None,
        first: str = "random",
        days: int | None = None,
        clock: str = "move",
        bank: float | None = None,
        increment: float | None = None,
    ) -> Match:
        return await self.components.challenges.create_challenge(
            game,
            guild_id,
            channel_id,
            challenger,
            opponents,
            options=options,
            first=first,
            days=days,
            clock=clock,
            bank=bank,
            increment=increment,
        )

    async def accept(self, match_id: int, user_id: int) -> Match:
        return await self.components.challenges.accept(match_id, user_id)

    async def decline(self, match_id: int, user_id: int) -> Match:
        return await self.components.challenges.decline(match_id, user_id)

    async def expire_challenges(self) -> list[Match]:
        return await self.components.challenges.expire_challenges()

    async def set_message(self, match_id: int, message_id: int, thread_id: int | None = None) -> None:
        return await self.components.challenges.set_message(match_id, message_id, thread_id)

    # Play (play)
    async def abort(self, match_id: int, guild_id: int | None) -> Match:
        return await self.components.play.abort(match_id, guild_id)

    async def move(self, match_id: int, user_id: int, text: str, expected_version: int | None = None) -> MoveResult:
        return await self.components.play.move(match_id, user_id, text, expected_version)

    async def resign(self, match_id: int, user_id: int, expected_version: int | None = None) -> MoveResult:
        return await self.components.play.resign(match_id, user_id, expected_version)

    async def claim(self, match_id: int, user_id: int) -> MoveResult:
        return await self.components.play.claim(match_id, user_id)

    # Reliabilities (reliability)
    async def reliability(self, guild_id: int, user_id: int) -> Reliability:
        return await self.components.reliability.reliability(guild_id, user_id)

    async def reliabilities(self, guild_id: int, user_ids) -> dict[int, Reliability]:
        return await self.components.reliability.reliabilities(guild_id, user_ids)

    # Timekeeping (timekeeping)
    async def mark_sent(self, match: Match, event: ClockEvent) -> Match | None:
        return await self.components.timekeeping.mark_sent(match, event)

    async def due(self, limit: int = 10, per_channel: int | None = None) -> list[tuple[Match, ClockEvent]]:
        return await self.components.timekeeping.due(limit, per_channel)

    async def claim_due(
        self,
        owner: str,
        *,
        limit: int = 10,
        per_channel: int | None = None,
        shards: Shards | None = None,
        lease: float = CLAIM_LEASE,
    ) -> list[tuple[Match, ClockEvent]]:
        return await self.components.timekeeping.claim_due(
            owner, limit=limit, per_channel=per_channel, shards=shards, lease=lease
        )

    async def confirm_claim(self, match: Match, *, lease: float = CLAIM_LEASE) -> bool:
        return await self.components.timekeeping.confirm_claim(match, lease=lease)

    async def set_match_pings(self, match_id: int, user_id: int, on: bool) -> None:
        return await self.components.timekeeping.set_match_pings(match_id, user_id, on)

    async def match_pings(self, match_id: int, user_id: int) -> bool:
        return await self.components.timekeeping.match_pings(match_id, user_id)

    async def remember_language(self, user_id: int, language: str) -> None:
        return await self.components.timekeeping.remember_language(user_id, language)

    async def start_vacation(self, user_id: int, days: int) -> float:
        return await self.components.timekeeping.start_vacation(user_id, days)

    async def set_guild_settings(
        self,
        guild_id: int,
        *,
        default_days: int | None = None,
        challenge_channel_id: int | None = None,
        threads: bool | None = None,
        language: str | None = None,
    ) -> None:
        return await self.components.timekeeping.set_guild_settings(
            guild_id,
            default_days=default_days,
            challenge_channel_id=challenge_channel_id,
            threads=threads,
            language=language,
        )

    # Conditional (conditional)
    async def add_conditional(self, match_id: int, user_id: int, text: str) -> list[str]:
        return await self.components.conditional.add_conditional(match_id, user_id, text)

    async def conditional_lines(self, match_id: int, user_id: int) -> list[ConditionalLine]:
        return await self.components.conditional.conditional_lines(match_id, user_id)

    async def remove_conditional(self, match_id: int, user_id: int, line_id: int) -> bool:
        return await self.components.conditional.remove_conditional(match_id, user_id, line_id)

    # Jobs (jobs)
    async def ensure_move_job(self, job: Thinking) -> bool:
        return await self.components.jobs.ensure_move_job(job)

    async def queue_review(self, job: Reviewing, owner: str | None = None, *, lease: float = LEASE) -> Job | None:
        return await self.components.jobs.queue_review(job, owner, lease=lease)

    async def job_state(self, kind: str, match_id: int, version: int) -> JobState | None:
        return await self.components.jobs.job_state(kind, match_id, version)

    async def claim_job(self, owner: str, kinds: tuple[str, ...] = (MOVE, REVIEW), *, lease: float = LEASE) -> Claim:
        return await self.components.jobs.claim_job(owner, kinds, lease=lease)

    async def renew_job(self, job: Job, *, lease: float = LEASE) -> bool:
        return await self.components.jobs.renew_job(job, lease=lease)

    async def finish_move_job(self, job: Job, move: str) -> bool:
        return await self.components.jobs.finish_move_job(job, move)

    async def finish_review_job(self, job: Job, review: dict[str, Any]) -> bool:
        return await self.components.jobs.finish_review_job(job, review)

    async def fail_job(self, job: Job, reason: str, *, retry_delay: float = RETRY_DELAY) -> str | None:
        return await self.components.jobs.fail_job(job, reason, retry_delay=retry_delay)

    async def hand_back(self, job: Job) -> bool:
        return await self.components.jobs.hand_back(job)

    async def heartbeat(
        self, name: str, host: str, pid: int, processes: int, running: int, done: int, started_at: float
    ) -> None:
        return await self.components.jobs.heartbeat(name, host, pid, processes, running, done, started_at)

    async def worker_gone(self, name: str) -> None:
        return await self.components.jobs.worker_gone(name)

    async def queue_status(self, guild_id: int | None = None) -> QueueStatus:
        return await self.components.jobs.queue_status(guild_id)

    async def park_result(self, match_id: int, version: int, reason: str) -> None:
        return await self.components.jobs.park_result(match_id, version, reason)

    async def parked_jobs(self) -> list[ParkedJob]:
        return await self.components.jobs.parked_jobs()

    async def retry_parked(self, job_id: int) -> bool:
        return await self.components.jobs.retry_parked(job_id)

    # Computer (computer)
    @staticmethod
    def has_computer(match: Match) -> bool:
        return Computer.has_computer(match)

    @staticmethod
    def computer_to_move(match: Match) -> Thinking | None:
        return Computer.computer_to_move(match)

    async def computer_turns(self, shards: Shards | None = None) -> list[Thinking]:
        return await self.components.computer.computer_turns(shards)

    async def computer_move(self, job: Thinking, move: str) -> MoveResult:
        return await self.components.computer.computer_move(job, move)

    async def take_back(self, match_id: int, user_id: int) -> MoveResult:
        return await self.components.computer.take_back(match_id, user_id)

    async def hint(self, match_id: int, user_id: int) -> Thinking:
        return await self.components.computer.hint(match_id, user_id)

    async def hint_words(self, job: Thinking, move: str) -> Text:
        return await self.components.computer.hint_words(job, move)

    # Practice (practice)
    async def store_review(self, job: Reviewing, review: dict[str, Any]) -> None:
        return await self.components.practice.store_review(job, review)

    async def practice_position(self, user_id: int, game: str | None = None) -> PracticePosition:
        return await self.components.practice.practice_position(user_id, game)

    async def practice_hint(self, user_id: int) -> PracticeItem:
        return await self.components.practice.practice_hint(user_id)

    async def practice_legal_moves(self, user_id: int) -> list[str]:
        return await self.components.practice.practice_legal_moves(user_id)

    async def practice_answer(self, user_id: int, move: str) -> PracticeAnswer:
        return await self.components.practice.practice_answer(user_id, move)

    async def practice_stats(self, user_id: int) -> PracticeStats:
        return await self.components.practice.practice_stats(user_id)

    # Reviews (reviews)
    async def review_job(self, match_id: int) -> Reviewing:
        return await self.components.reviews.review_job(match_id)

    async def stored_review(self, match_id: int) -> dict[str, Any] | None:
        return await self.components.reviews.stored_review(match_id)

    # Offers (offers)
    async def offer(self, match_id: int, user_id: int, kind: str) -> Match:
        return await self.components.offers.offer(match_id, user_id, kind)

    async def answer(
        self, match_id: int, user_id: int, kind: str, accept: bool, expected_version: int | None = None
    ) -> MoveResult | Match:
        return await self.components.offers.answer(match_id, user_id, kind, accept, expected_version)

    # Community (community)
    async def waiting_list(self, user_id: int) -> Matches:
        return await self.components.community.waiting_list(user_id)

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
        return await self.components.community.leaderboard(guild_id, game, limit)

    async def stats(self, guild_id: int, user_id: int) -> Stats:
        return await self.components.community.stats(guild_id, user_id)

    async def rating_history(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> dict[str, list[tuple[float, float]]]:
        return await self.components.community.rating_history(guild_id, user_id, game)

    async def against_computer(self, guild_id: int, user_id: int) -> dict[str, list[int]]:
        return await self.components.community.against_computer(guild_id, user_id)

    # Health (health)
    async def broken_matches(self) -> list[BrokenMatch]:
        return await self.components.health.broken_matches()

    async def find_broken(self, progress: Callable[[str], None] = lambda line: None) -> list[int]:
        return await self.components.health.find_broken(progress)

    async def readable(self, row) -> bool:
        return await self.components.health.readable(row)

    async def take_back_repaired(self, match_id: int) -> str | None:
        return await self.components.health.take_back_repaired(match_id)

    # Core (core): reading matches
    async def get(self, match_id: int) -> Match:
        return await self.core.get(match_id)

    async def mark_broken(self, match_id: int, reason: str) -> bool:
        return await self.core.mark_broken(match_id, reason)

    async def checked_record(self, match: Match, moves: list[str]) -> tuple[Record, Any]:
        return await self.core.checked_record(match, moves)

    async def moves(self, match_id: int) -> list[MoveRow]:
        return await self.core.moves(match_id)

    async def record(self, match_id: int) -> Record:
        return await self.core.record(match_id)

    async def replay(self, match_id: int):
        return await self.core.replay(match_id)

    async def series(self, series_id: int | None) -> Series | None:
        return await self.core.series(series_id)

    async def user_matches(
        self,
        user_id: int,
        *,
        channel_id: int | None = None,
        game: str | None = None,
        statuses: tuple[str, ...] = ("active",),
    ) -> Matches:
        return await self.core.user_matches(user_id, channel_id=channel_id, game=game, statuses=statuses)

    async def user_settings(self, user_id: int) -> UserSettings:
        return await self.core.user_settings(user_id)

    async def time_per_move(self, guild_id: int | None, days: int | None) -> int:
        return await self.core.time_per_move(guild_id, days)

    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        return await self.core.guild_settings(guild_id)

    async def server_languages(self) -> dict[int, str]:
        return await self.core.server_languages()

    # WebLinks (web_links)
    async def link_generation(self, user_id: int) -> int:
        return await self.components.web_links.link_generation(user_id)

    async def board_look(self, match_id: int, user_id: int) -> tuple[int, str | None, Match | None]:
        return await self.components.web_links.board_look(match_id, user_id)

    async def renew_links(self, user_id: int) -> int:
        return await self.components.web_links.renew_links(user_id)
