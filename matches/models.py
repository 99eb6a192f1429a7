"""Plain values the match service hands to the Discord layer."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engines import Joined, Outcome, Record, State, Text, get_game

from . import ai_seats
from .competitions.skill import PROVISIONAL_GAMES


class DamagedRow(Exception):
    """A match's stored data cannot be read; ``reason`` says what failed (for the operator).
    ``known``: the row was already marked broken."""

    def __init__(self, match_id: int, reason: str, known: bool = False):
        super().__init__(match_id, reason)
        self.match_id, self.reason, self.known = match_id, reason, known


def describe(exc: BaseException) -> str:
    """An exception in one line, for a broken match's reason."""
    return " ".join(f"{type(exc).__name__}: {exc}".split())[:300]


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    bot: bool = False


@dataclass
class Match:
    id: int
    game: str
    guild_id: int | None
    channel_id: int | None
    status: str
    challenger_id: int
    players: list[int]
    names: list[str]  # by seat; a computer seat's is a Text built from its id (ai_seats.display_names)
    accepted: list[int]
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any]
    state_json: dict[str, Any] | None
    version: int
    result: dict[str, Any] | None
    series_id: int | None
    rematch_id: int | None
    message_id: int | None
    created_at: float
    updated_at: float
    expires_at: float | None
    resignations: list[list[int]] = field(default_factory=list)
    days: int = 3
    plies: int = 0
    clock_start: float | None = None
    deadline: float | None = None
    last_reminded_at: float | None = None
    sent: int = 0
    next_event_at: float | None = None
    thread_id: int | None = None
    offer: dict[str, Any] | None = None
    ended_at: float | None = None
    # The claim on the match's due work (matches.timekeeping.claim_due): the process and the claim's token.
    claimed_by: str | None = None
    claim_token: str | None = None
    claimed_until: float | None = None
    # Time banks (None: time per move): the starting bank and cap, the increment, what each seat has left (s).
    bank: float | None = None
    increment: float | None = None
    banks: list[float] | None = None
    # The snapshot as an engine state, parsed once, for questions such as who is to move.
    _position: State | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def from_row(cls, row: Mapping[str, Any], snapshot: dict[str, Any] | None = None) -> Match:
        """A match from its database row; ``snapshot`` is the decoded ``state`` column if the caller has it."""
        if snapshot is None and row["state"]:
            snapshot = json.loads(row["state"])
        players = json.loads(row["players"])
        return cls(
            id=row["id"],
            game=row["game"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            status=row["status"],
            challenger_id=row["challenger_id"],
            # The computer's seats are named from their ids, in the reader's language when said.
            players=players,
            names=ai_seats.display_names(players, json.loads(row["names"])),
            accepted=json.loads(row["accepted"]),
            options=json.loads(row["options"]),
            seed=row["seed"],
            setup=json.loads(row["setup"]),
            state_json=snapshot,
            version=row["version"],
            result=json.loads(row["result"]) if row["result"] else None,
            series_id=row["series_id"],
            rematch_id=row["rematch_id"],
            message_id=row["message_id"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            expires_at=row["expires_at"],
            resignations=json.loads(row["resignations"]),
            days=row["days"],
            plies=row["plies"],
            clock_start=row["clock_start"],
            deadline=row["deadline"],
            last_reminded_at=row["last_reminded_at"],
            sent=row["sent"],
            next_event_at=row["next_event_at"],
            thread_id=row["thread_id"],
            offer=json.loads(row["offer"]) if row["offer"] else None,
            ended_at=row["ended_at"],
            claimed_by=row["claimed_by"],
            claim_token=row["claim_token"],
            claimed_until=row["claimed_until"],
            bank=row["bank"],
            increment=row["increment"],
            banks=json.loads(row["banks"]) if row["banks"] else None,
        )

    @classmethod
    def load(cls, row: Mapping[str, Any]) -> Match:
        """A match from its row, checked as far as reading it goes: every column decodes and the
        engine loads the snapshot.  :class:`DamagedRow` (with the match's id) otherwise, and for
        a row already marked broken."""
        row = dict(row)
        if row.get("broken"):
            raise DamagedRow(row["id"], row["broken"], known=True)
        try:
            match = cls.from_row(row)
            if match.state_json is not None:
                match.position.current_player()
        except Exception as exc:  # noqa: BLE001 - whatever the data makes the decoder or engine raise
            raise DamagedRow(row["id"], describe(exc)) from exc
        return match

    @property
    def turn_days(self) -> float:
        """The limit of this turn in days, for reminders and the quarter warning: the time per move,
        or with a time bank the mover's bank as his turn began."""
        if self.bank is None or self.deadline is None or self.clock_start is None:
            return self.days
        return (self.deadline - self.clock_start) / 86400

    def bank_left(self, seat: int, now: float) -> float:
        """What the seat's bank holds at ``now`` (its clock runs only on its turn, not before it starts)."""
        left = (self.banks or [0.0] * len(self.players))[seat]
        if self.status == "active" and seat == self.to_move_seat() and self.clock_start is not None:
            left -= max(0.0, now - self.clock_start)
        return max(0.0, left)

    @property
    def title(self) -> str:
        return get_game(self.game).title

    def state(self) -> State:
        """A fresh engine state from the snapshot (callers may play on it)."""
        if self.state_json is None:
            raise ValueError("the match has not started")
        return get_game(self.game).state_from_json(self.state_json)

    @property
    def position(self) -> State:
        """The snapshot as an engine state, parsed once and shared: look at it, never play on it."""
        if self._position is None:
            self._position = self.state()
        return self._position

    def to_move_seat(self) -> int | None:
        """The seat to move in the snapshot (None before the start and after the end)."""
        return None if self.state_json is None else self.position.current_player()

    @property
    def resigned_seats(self) -> set[int]:
        return {seat for _, seat in self.resignations}

    @property
    def home_channel_id(self) -> int | None:
        """Where the match is played: its thread if it has one."""
        return self.thread_id or self.channel_id

    def seat_of(self, user_id: int) -> int | None:
        return self.players.index(user_id) if user_id in self.players else None

    def name_of(self, user_id: int) -> str:
        """The display name a player had when the match was made."""
        return self.names[self.players.index(user_id)]

    def others(self, user_id: int) -> str:
        """The names of everyone but ``user_id``, for "#12 vs bob, cat" (each a field of its own, so that
        a person's name is escaped and the computer's said in the reader's language)."""
        return Joined((Text("{name}", name=n) for p, n in zip(self.players, self.names) if p != user_id), ", ")

    def to_move_id(self) -> int | None:
        if self.status != "active":
            return None
        seat = self.to_move_seat()
        return None if seat is None else self.players[seat]

    def outcome(self) -> Outcome | None:
        if not self.result:
            return None
        return Outcome(tuple(self.result["winners"]), self.result["end"], tuple(self.result["scores"]))

    def record(self, moves: list[str]) -> Record:
        return Record(
            self.game,
            list(self.names),
            self.seed,
            dict(self.options),
            dict(self.setup),
            list(moves),
            [list(r) for r in self.resignations],
        )


@dataclass
class Series:
    id: int
    game: str
    players: list[int]
    points: dict[int, int]
    target: int
    winner_id: int | None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Series:
        return cls(
            row["id"],
            row["game"],
            json.loads(row["players"]),
            {int(k): v for k, v in json.loads(row["points"]).items()},
            row["target"],
            row["winner_id"],
        )


@dataclass
class UserSettings:
    user_id: int
    reminders: str = "mention"  # mention, dm, off
    vacation_until: float | None = None
    vacation_year: int | None = None
    vacation_used: float = 0.0
    language: str | None = None  # en, de, fr: the player's Discord language, for DMs
    digest_hour: int = 8  # reminders = digest: the local hour of the daily digest
    timezone: str = "UTC"  # an IANA zone name
    digest_next_at: float | None = None
    digest_claimed_by: str | None = None
    digest_claim_token: str | None = None
    digest_sent_on: str | None = None  # the local day (YYYY-MM-DD) of the last digest sent


@dataclass
class GuildSettings:
    guild_id: int
    default_days: int | None = None
    challenge_channel_id: int | None = None
    threads: bool = False
    language: str | None = None  # en, de, fr; None: the server's Discord language


@dataclass
class Rating:
    """A player's rating on a server: the number shown (OpenSkill's, 1500 for a new player), his
    rated matches and their record."""

    user_id: int
    rating: float
    played: int
    wins: int
    losses: int
    draws: int

    @property
    def provisional(self) -> bool:
        """Too few rated matches for the number to mean much yet (shown with a "?")."""
        return self.played < PROVISIONAL_GAMES


@dataclass
class MoveResult:
    match: Match
    move: str
    description: str  # a Text: what happened, for the players
    series: Series | None = None


@dataclass
class MoveRow:
    ply: int
    move: str
    user_id: int
    played_at: float
