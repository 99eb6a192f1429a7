"""Property tests of the match service: random sequences of requests, invariants after every step.

Each test runs a small world (five players, two servers and DMs, up to three
live matches of one family of games) through a few hundred requests drawn from
a seeded ``random.Random``: legal moves (sometimes typed in another case and
spacing), illegal and garbage moves, moves out of turn or by a stranger, stale
``expected_version`` buttons, resignations (3-4 players: the others play on),
takebacks and draw offers with their answers, time claims after the test clock
passed the deadline, challenges accepted / declined / expired, rematches.

Every request has an expected verdict, worked out from the engine (the oracle
for moves) and the rules in the service's docstrings: accepted, or refused with
a given ServiceError subclass and a message.  After every request the tables
(matches, moves, series, ratings, match_players) are read and checked
(:func:`check_step`, :func:`check_world`):

* a refusal changes nothing at all (all those tables compared; the one
  exception is touching an expired challenge, which closes it and says so);
* an accepted change moves the version of its match by exactly one (offers,
  declined offers and a rematch offer on the old match: by none, with the
  board, moves and status unchanged), and no other match changes;
* the snapshot of every changed match equals ``replay(record).to_json()``
  (:class:`Replays`) and round-trips through the engine's ``from_json``;
* the moves are plies 0..n-1 without gap and ``plies == n``;
* an offer never outlives its position; the mover's clock restarts exactly when
  the seat to move changes, and the seat to move never left the match;
* statuses only go challenge -> active / declined / cancelled / expired and
  active -> finished / void; a finished match has a result with valid, distinct
  winners that did not leave; a match that ended before any move is void,
  without result, and scores nothing;
* series points only grow, by exactly the victory points of the matches that
  just finished; the winner (once set it stays) has >= target points;
* ratings: per server, game and player, ``played`` (and wins / losses / draws)
  counts exactly the finished matches of a server, and ``mu`` and ``sigma`` are
  what replaying those matches' rankings in the order they ended gives.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from engines import MoveError, Record, State, game_names, get_game, replay
from matches import IllegalMoveError, Match, MatchClosed, NotAPlayer, NotYourTurn, Player, ServiceError, StaleRequest
from matches.competitions.skill import RatedGame
from matches.competitions.skill import replay as replay_skills
from matches.core import CHALLENGE_TTL, SERIES_TARGET
from matches.ratings import places
from matches.timing import DAY, DAYS_CHOICES, DEFAULT_DAYS

PEOPLE = tuple(Player(i, name) for i, name in enumerate(("ann", "bob", "cat", "dan", "eve"), start=1))
STRANGER = Player(99, "zed")
GUILDS = (10, 11, None)  # None: a match in DMs, never rated

# Per family of games: every (game, players, options) a world of it may create.
FAMILIES: dict[str, list[tuple[str, int, dict[str, Any]]]] = {
    "architekton": [("architekton", 2, {})],
    "atacama-2p": [("atacama", 2, {"buildup": b, "tactics": t}) for b in (False, True) for t in (False, True)],
    "atacama-4p": [("atacama", 4, {"buildup": False, "tactics": t}) for t in (False, True)],
    "tactori": [("tactori", n, {"chase": c, "centre": k}) for n in (2, 3, 4) for c in (False, True) for k in (0, 1, 2)],
    "tactori-fem": [("tactori-fem", 2, {"stacks": s, "chase": c}) for s in (False, True) for c in (False, True)],
}
SEEDS = (1, 2, 3)
# Requests per test, weight of a legal move (against about 30 for the rest), live matches at most:
# Tactori matches run long (FEM: hundreds of plies), so they get more moves in fewer matches.
PACE = {
    "architekton": (260, 40, 3),
    "atacama-2p": (260, 40, 3),
    "atacama-4p": (260, 40, 3),
    "tactori": (400, 60, 2),
    "tactori-fem": (450, 80, 2),
}

# Statuses each status may turn into (itself included).
TRANSITIONS = {
    "challenge": {"challenge", "active", "declined", "cancelled", "expired"},
    "active": {"active", "finished", "void"},
    "finished": {"finished"},
    "void": {"void"},
    "declined": {"declined"},
    "cancelled": {"cancelled"},
    "expired": {"expired"},
}
ENDED = ("finished", "void")
# Texts that are no move at all, or a move of another game, or only sometimes legal.
JUNK = (
    "",
    "   ",
    "hello",
    "pass",
    "keep",
    "remove",
    "discard",
    "resign",
    "e5",
    "e5*",
    "z9",
    "+z9",
    "a1-a1",
    "2c3-c7x1",
    "=c3e3",
    "x=c3e3",
    "B99@0,0r0",
    "B07@1,0r9",
    "W@99,99",
    "buy cols",
    "buy",
    "e5**",
    "\N{SLIGHTLY SMILING FACE}",
    "a" * 300,
    "1,2",
    "-",
    "@",
    "+a1 pass",
)


def spelling(move: str) -> str:
    """How the service compares a resubmission with the last move (case and spaces aside)."""
    return "".join(move.split()).lower()


def respell(rng: random.Random, move: str) -> str:
    """``move`` as a player might type it: any case, spaces around separators, at the ends, doubled."""
    out = []
    for ch in move:
        if ch in "@,*=" and rng.random() < 0.4:
            out.append(" ")
        out.append(ch.upper() if rng.random() < 0.5 else ch.lower())
        if ch in "@," and rng.random() < 0.4:
            out.append(" ")
        if ch == " ":
            out.append(" " * rng.randint(0, 2))
    return rng.choice(("", " ", "\t")) + "".join(out) + rng.choice(("", " ", "  "))


def mangle(rng: random.Random, move: str) -> str:
    """A typo of ``move``: a character dropped, doubled or changed (may still be legal; the engine decides)."""
    if not move:
        return "x"
    i = rng.randrange(len(move))
    return rng.choice(
        (move[:i] + move[i + 1 :], move[:i] + move[i] + move[i:], move[:i] + rng.choice("09az@,-=+*x ") + move[i + 1 :])
    )


# ----------------------------------------------------------------- the database as values
@dataclass(frozen=True)
class Snapshot:
    """Every row the service keeps, read at one moment (so ``before == after`` means nothing changed)."""

    matches: dict[int, dict]
    moves: dict[int, list[tuple]]  # match id -> (ply, move, user_id, played_at) in ply order
    series: dict[int, dict]
    ratings: dict[tuple, dict]  # (guild, game, user) -> row
    seats: frozenset  # match_players: (user_id, match_id, pings)
    parsed: dict[int, Match] = field(default_factory=dict, compare=False, repr=False)

    def match(self, match_id: int) -> Match:
        """The row as a Match, parsed once per snapshot (look, do not change)."""
        if match_id not in self.parsed:
            self.parsed[match_id] = Match.from_row(self.matches[match_id])
        return self.parsed[match_id]


async def read_all(store) -> Snapshot:
    matches = {r["id"]: dict(r) for r in await store.fetchall("SELECT * FROM matches ORDER BY id")}
    moves: dict[int, list[tuple]] = {}
    for r in await store.fetchall("SELECT match_id, ply, move, user_id, played_at FROM moves ORDER BY match_id, ply"):
        moves.setdefault(r["match_id"], []).append((r["ply"], r["move"], r["user_id"], r["played_at"]))
    series = {r["id"]: dict(r) for r in await store.fetchall("SELECT * FROM series ORDER BY id")}
    ratings = {(r["guild_id"], r["game"], r["user_id"]): dict(r) for r in await store.fetchall("SELECT * FROM ratings")}
    seats = frozenset(tuple(r) for r in await store.fetchall("SELECT user_id, match_id, pings FROM match_players"))
    return Snapshot(matches, moves, series, ratings, seats)


def points(series_row: dict) -> dict[int, int]:
    return {int(k): v for k, v in json.loads(series_row["points"]).items()}


# ----------------------------------------------------------------- invariants
def check_step(before: Snapshot, after: Snapshot, targets: dict[int, int], created: int, refused: bool) -> None:
    """What one request may change: only its ``targets`` (match id -> version bump) and ``created`` new matches.

    A bump of 0 (an offer, a declined offer, a rematch offer on the old match) leaves the
    board, moves, plies, status and result alone.  A challenge that closes frees the match
    it was the rematch of (only its ``rematch_id`` goes back to NULL).
    """
    if refused and not targets:
        assert after == before, "a refused request changed the database"
        return
    freed = {
        m["id"]
        for m in before.matches.values()
        if m["rematch_id"] in targets
        and after.matches[m["rematch_id"]]["status"] in ("declined", "cancelled", "expired")
    }
    new_ids = sorted(set(after.matches) - set(before.matches))
    assert len(new_ids) == created, f"expected {created} new matches, got {new_ids}"
    for match_id, old in before.matches.items():
        new = after.matches[match_id]
        if match_id in targets:
            assert new["version"] == old["version"] + targets[match_id], (
                f"#{match_id}: version {old['version']} -> {new['version']}, expected +{targets[match_id]}"
            )
            if targets[match_id] == 0:
                for column in ("state", "status", "plies", "result", "resignations", "deadline", "players"):
                    assert new[column] == old[column], f"#{match_id}: {column} changed without a new version"
                assert after.moves.get(match_id) == before.moves.get(match_id)
        elif match_id in freed:
            assert new == {**old, "rematch_id": None}, f"#{match_id}: more than its rematch link changed"
        else:
            assert new == old, f"#{match_id} changed, but the request was about {sorted(targets)}"
            assert after.moves.get(match_id) == before.moves.get(match_id), f"moves of #{match_id} changed"


async def check_world(
    service, replays: Replays, before: Snapshot, after: Snapshot, now: float, finished: list[int]
) -> None:
    """The invariants that hold after every request, whatever it was (see the module docstring).

    A match is looked at again when its row or moves changed (the test clock only moves forward,
    so what held for an unchanged match still holds).  ``finished``: the ids of the finished
    matches in the order they finished, which the ratings follow.
    """
    for match_id, row in after.matches.items():
        old = before.matches.get(match_id)
        if old == row and after.moves.get(match_id) == before.moves.get(match_id):
            continue
        match = after.match(match_id)
        if old is not None:
            assert match.status in TRANSITIONS[old["status"]], f"#{match_id}: {old['status']} -> {match.status}"
            assert match.version >= old["version"]
        else:
            assert match.status == "challenge" and match.version == 0, f"#{match_id} was born {match.status}"
        check_match(match, after, now)
        if old is not None:
            check_clock(before.match(match_id), match, now)
        await replays.check(service, match, full=match.status != "active")
    check_series(before, after)
    check_ratings(after, finished)


def check_match(match: Match, snap: Snapshot, now: float) -> None:
    """One match on its own: moves without gap, status, result, clock, offer, player index."""
    moves = snap.moves.get(match.id, [])
    n = len(match.players)
    assert [m[0] for m in moves] == list(range(len(moves))), f"#{match.id}: plies {[m[0] for m in moves]}"
    assert match.plies == len(moves), f"#{match.id}: plies {match.plies}, {len(moves)} moves stored"
    assert all(m[2] in match.players for m in moves)
    assert {(u, m) for u, m, _ in snap.seats if m == match.id} == {(u, match.id) for u in match.players}
    assert len(set(match.players)) == n == len(match.names)
    assert match.offer is None or match.offer["version"] == match.version, f"#{match.id}: offer outlived its position"
    seats = [s for _, s in match.resignations]
    assert len(set(seats)) == len(seats) and all(0 <= s < n for s in seats)
    assert all(0 <= ply <= match.plies for ply, _ in match.resignations)
    if match.state_json is not None:
        assert match.position.to_json() == match.state_json, f"#{match.id}: the snapshot does not round-trip"
    if match.status == "challenge":
        assert match.state_json is None and match.plies == 0 and match.result is None
        assert match.challenger_id in match.accepted and set(match.accepted) < set(match.players)
        assert match.version == len(match.accepted) - 1, "a challenge's version counts its acceptances"
        assert match.expires_at is not None
    elif match.status in ("declined", "cancelled", "expired"):
        assert match.state_json is None and match.plies == 0 and match.result is None
    elif match.status == "active":
        assert match.result is None and set(match.accepted) == set(match.players) and match.series_id is not None
        assert match.position.outcome() is None
        seat = match.to_move_seat()
        assert seat is not None and seat not in match.resigned_seats, f"#{match.id}: seat {seat} to move"
        assert match.deadline == match.clock_start + match.days * DAY and match.clock_start <= now
        assert match.next_event_at is not None
    else:
        assert match.status in ENDED and match.ended_at is not None
        assert match.deadline is None and match.next_event_at is None
        if match.status == "void":
            assert match.plies == 0 and match.result is None, f"#{match.id}: void after {match.plies} moves"
        else:
            assert match.plies > 0, f"#{match.id}: finished without a move"
            winners = match.result["winners"]
            assert winners and winners == sorted(set(winners)) and all(0 <= s < n for s in winners), winners
            assert len(match.result["scores"]) == n and isinstance(match.result["end"], str)
            if n > 2:
                assert not set(winners) & match.resigned_seats, f"#{match.id}: a seat that left won"
            if match.result["end"] == "agreed":
                assert winners == [0, 1] and match.position.outcome() is None
            else:
                outcome = match.position.outcome()
                assert outcome is not None, f"#{match.id}: finished but the board is not"
                assert list(outcome.winners) == winners and list(outcome.scores) == match.result["scores"]


def check_clock(old: Match, new: Match, now: float) -> None:
    """The mover's clock starts when his turn starts (nobody is on vacation here) and runs on otherwise."""
    if new.status != "active":
        return
    if old.status != "active" or old.to_move_seat() != new.to_move_seat():
        assert (new.clock_start, new.sent, new.last_reminded_at) == (now, 0, None), f"#{new.id}: clock not restarted"
    else:
        assert (new.clock_start, new.deadline) == (old.clock_start, old.deadline), f"#{new.id}: clock restarted"


class Replays:
    """Checks that ``replay(await service.record(id)).to_json()`` equals the match's snapshot.

    A long match (Tactori FEM runs to hundreds of plies) would cost a replay from scratch at
    every step, so while a match is active and its record only grew, the replay of the shorter
    record is carried on: the same engine object, never rebuilt from JSON, fed the new moves and
    resignations in ``engines.replay``'s order.  That is ``replay`` of the longer record; an ended
    match (``full``) and every match at the end of a test are replayed from scratch.
    """

    def __init__(self):
        self.done: dict[int, tuple[Record, State]] = {}

    async def check(self, service, match: Match, full: bool = False) -> None:
        if match.state_json is None:
            return
        record = await service.record(match.id)
        state = None if full else self.carried_on(match.id, record)
        if state is None:
            state = replay(record)
        self.done[match.id] = (record, state)
        assert state.to_json() == match.state_json, f"#{match.id}: the record does not replay to its snapshot"

    def carried_on(self, match_id: int, record: Record) -> State | None:
        """The replay of ``record`` from the one of an earlier record it extends, or None."""
        if match_id not in self.done:
            return None
        old, state = self.done[match_id]
        n = len(old.moves)
        if (
            record.moves[:n] != old.moves
            or record.resignations[: len(old.resignations)] != old.resignations
            or any(ply < n for ply, _ in record.resignations[len(old.resignations) :])
            or (record.game, record.players, record.seed, record.options, record.setup)
            != (old.game, old.players, old.seed, old.options, old.setup)
        ):
            return None
        new = record.resignations[len(old.resignations) :]
        for ply in range(n, len(record.moves) + 1):
            for seat in [seat for at, seat in new if at == ply]:
                state.resign(seat)
            if ply < len(record.moves):
                state.play(record.moves[ply])
        return state


def check_series(before: Snapshot, after: Snapshot) -> None:
    """Points only grow, by the victory points of the matches that finished in this step."""
    gained: dict[int, dict[int, int]] = {}
    for match_id, row in after.matches.items():
        old = before.matches.get(match_id)
        if row["status"] == "finished" and (old is None or old["status"] != "finished"):
            match = after.match(match_id)
            vp = get_game(match.game).victory_points(match.outcome(), len(match.players))
            into = gained.setdefault(match.series_id, {})
            for seat, p in enumerate(vp):
                into[match.players[seat]] = into.get(match.players[seat], 0) + p
    for series_id, row in after.series.items():
        now = points(row)
        old_row = before.series.get(series_id)
        old = points(old_row) if old_row else {p: 0 for p in now}
        assert all(now[p] >= old.get(p, 0) for p in now), f"series {series_id} lost points: {old} -> {now}"
        if old_row is not None and old_row["winner_id"] is not None:
            assert now == old and row["winner_id"] == old_row["winner_id"], (
                f"series {series_id} changed after it was won"
            )
        else:
            want = {p: old.get(p, 0) + gained.get(series_id, {}).get(p, 0) for p in now}
            assert now == want, f"series {series_id}: points {old} -> {now}, expected {want}"
        if row["winner_id"] is not None:
            assert now[row["winner_id"]] >= row["target"] and now[row["winner_id"]] == max(now.values())
        else:
            assert all(v < row["target"] for v in now.values()), f"series {series_id}: {now} and no winner"
        assert row["target"] == SERIES_TARGET
    for match_id, row in after.matches.items():
        if row["series_id"] is not None:
            series = after.series[row["series_id"]]
            assert series["game"] == row["game"] and series["guild_id"] == row["guild_id"]
            assert set(points(series)) == set(after.match(match_id).players)


def check_ratings(snap: Snapshot, finished: list[int]) -> None:
    """Ratings count exactly the finished (not void) matches on a server; DMs are never rated; each
    rating is the replay of those matches' rankings in the order they finished (``finished``: the
    test clock stands still between requests, so the end times alone cannot tell)."""
    want: dict[tuple, list[int]] = {}  # (guild, game, user) -> [played, wins, losses, draws]
    for match_id in snap.matches:
        match = snap.match(match_id)
        if match.status != "finished" or match.guild_id is None:
            continue
        winners = match.result["winners"]
        for seat, user in enumerate(match.players):
            tally = want.setdefault((match.guild_id, match.game, user), [0, 0, 0, 0])
            tally[0] += 1
            tally[1 if winners == [seat] else 3 if len(winners) > 1 and seat in winners else 2] += 1
    got = {key: [r["played"], r["wins"], r["losses"], r["draws"]] for key, r in snap.ratings.items()}
    assert got == want, f"ratings {got}, finished rated matches say {want}"
    rated: dict[tuple, list] = {}  # (guild, game) -> [RatedGame in the order they finished]
    for match_id in finished:
        match = snap.match(match_id)
        if match.guild_id is not None:
            ranking = places(match.game, len(match.players), match.result, match.resignations)
            rated.setdefault((match.guild_id, match.game), []).append(RatedGame(tuple(match.players), ranking))
    for (guild, game), games in rated.items():
        for user, skill in replay_skills(games).items():
            row = snap.ratings[guild, game, user]
            assert (row["mu"], row["sigma"], row["rating"]) == pytest.approx((skill.mu, skill.sigma, skill.display)), (
                f"rating of {user} in {game} on {guild}: {row}, the replayed results say {skill}"
            )


# ----------------------------------------------------------------- the random world
@dataclass
class World:
    service: Any
    store: Any
    clock: Any
    rng: random.Random
    setups: list[tuple[str, int, dict[str, Any]]]
    move_weight: int = 40
    live: int = 3
    snap: Snapshot | None = None
    steps: int = 0
    tally: dict[str, int] = field(default_factory=dict)
    replays: Replays = field(default_factory=Replays)
    budget: int = 0
    finished: list[int] = field(default_factory=list)  # match ids in the order they finished

    # -------------------------------------------------------- one checked request
    async def request(
        self,
        what: str,
        call: Callable[[], Awaitable[Any]],
        *,
        refused: type[ServiceError] | tuple | None = None,
        targets: dict[int, int] | None = None,
        created: int = 0,
    ) -> Any:
        """Run one service call, check its verdict, what it changed, and the world's invariants."""
        self.steps += 1
        before = self.snap
        where = f"step {self.steps}: {what}"
        try:
            result = await call()
        except ServiceError as exc:
            result = exc
            assert refused is not None, f"{where} was refused: {exc!r}"
            assert isinstance(exc, refused), f"{where}: expected {refused}, got {exc!r}"
            assert refused is not ServiceError or type(exc) is ServiceError, f"{where}: {exc!r}"
            assert str(exc), f"{where}: a refusal without a reason"
            self.tally["refused"] = self.tally.get("refused", 0) + 1
        else:
            assert refused is None, f"{where}: accepted, but {refused} was expected"
            self.tally[what.split()[0]] = self.tally.get(what.split()[0], 0) + 1
        after = await read_all(self.store)
        self.finished += sorted(
            i
            for i, row in after.matches.items()
            if row["status"] == "finished" and (i not in before.matches or before.matches[i]["status"] != "finished")
        )
        try:
            check_step(before, after, targets or {}, created, refused is not None)
            await check_world(self.service, self.replays, before, after, self.clock.now, self.finished)
        except AssertionError as exc:
            raise AssertionError(f"{where}: {exc}") from None
        self.snap = after
        return result

    def matches(self, *statuses: str) -> list[Match]:
        return [self.snap.match(i) for i, row in self.snap.matches.items() if row["status"] in statuses]

    def expired(self, match: Match) -> bool:
        return match.expires_at is not None and self.clock.now >= match.expires_at

    async def run(self, steps: int) -> None:
        self.snap, self.budget = await read_all(self.store), steps
        while self.steps < steps:
            await self.rng.choices(*zip(*self.ops()))[0]()
        for match_id in self.snap.matches:  # a last full pass over every match
            await self.replays.check(self.service, self.snap.match(match_id), full=True)

    def ops(self) -> list[tuple[Callable, float]]:
        active, open_ = self.matches("active"), self.matches("challenge")
        ops: list[tuple[Callable, float]] = [(self.bad_challenge, 0.5)]
        if len(active) + len(open_) < self.live:
            ops.append((self.challenge, 4))
        if open_:
            ops += [(self.accept, 10), (self.decline, 1), (self.expire, 0.4)]
        if active:
            ops += [
                (self.legal_move, self.move_weight),
                (self.play_on, 2),
                (self.garbage_move, 5),
                (self.out_of_turn, 5),
                (self.stale_button, 3),
                (self.resign, 1.5),
                (self.undo, 4),
                (self.draw, 1.5),
                (self.claim, 1.5),
            ]
        if self.matches(*ENDED):
            ops += [(self.rematch, 5)]
        if self.matches("finished", "void", "declined", "cancelled", "expired", "challenge"):
            ops += [(self.closed, 1.5)]
        return ops

    # -------------------------------------------------------- challenges
    async def challenge(self) -> None:
        """A valid challenge: options given in part (defaults fill in), any seat order, time and server."""
        rng = self.rng
        game, n, options = rng.choice(self.setups)
        people = rng.sample(PEOPLE, n)
        given = {k: v for k, v in options.items() if rng.random() < 0.6} or rng.choice((None, {}))
        first, days, guild = (
            rng.choice(("me", "opponent", "random")),
            rng.choice((None, *DAYS_CHOICES)),
            rng.choice(GUILDS),
        )
        match = await self.request(
            f"challenge {game} {n}p {given}",
            lambda: self.service.create_challenge(
                game, guild, 20, people[0], people[1:], options=given, first=first, days=days
            ),
            created=1,
        )
        assert match.options == {**get_game(game).default_options, **(given or {})}
        assert match.accepted == [people[0].id] and match.challenger_id == people[0].id
        assert match.days == (days or DEFAULT_DAYS) and match.expires_at == self.clock.now + CHALLENGE_TTL
        ids = [p.id for p in people]
        if first == "me":
            assert match.players == ids
        elif first == "opponent":
            assert match.players == ids[1:] + ids[:1]
        else:
            assert sorted(match.players) == sorted(ids)

    async def bad_challenge(self) -> None:
        """Challenges the service must refuse (creating nothing): self, twice, bots, counts, options, days."""
        rng = self.rng
        game, n, options = rng.choice(self.setups)
        people = list(rng.sample(PEOPLE, n))
        kind = rng.choice(("self", "twice", "bot", "count", "option", "type", "days", "first"))
        days, first, opts = None, "random", dict(options)
        if kind == "self":
            people[-1] = people[0]
        elif kind == "twice" and n > 2:
            people[-1] = people[1]
        elif kind in ("twice", "bot"):
            people[-1] = Player(98, "robo", bot=True)
        elif kind == "count":
            spec = get_game(game)
            count = rng.choice(
                [k for k in range(1, 6) if not spec.min_players <= k <= spec.max_players]
                + ([3] if game == "atacama" else [])
            )
            people = list(rng.sample(PEOPLE, count))
        elif kind == "option":
            opts = rng.choice(
                [{**opts, "colour": "red"}]
                + ([{"buildup": True}] if game == "atacama" and n == 4 else [])
                + ([{"centre": 3}] if game == "tactori" else [])
            )
        elif kind == "type":
            opts = {k: str(v) for k, v in opts.items()} or {"colour": 1}
        elif kind == "days":
            days = rng.choice((0, 4, 30))
        else:
            first = "last"
        await self.request(
            f"bad challenge ({kind})",
            lambda: self.service.create_challenge(
                game, rng.choice(GUILDS), 20, people[0], people[1:], options=opts, first=first, days=days
            ),
            refused=ServiceError,
        )

    async def accept(self) -> None:
        """An invitee accepts (the last one starts the match); the challenger, a repeat or a stranger is refused."""
        match = self.rng.choice(self.matches("challenge"))
        pending = [u for u in match.players if u not in match.accepted]
        user = self.rng.choice(pending * 4 + match.accepted + [STRANGER.id])
        call = lambda: self.service.accept(match.id, user)  # noqa: E731
        if self.expired(match):
            await self.request("accept (expired)", call, refused=MatchClosed, targets={match.id: 1})
            assert self.snap.match(match.id).status == "expired"
        elif user not in match.players or user == match.challenger_id:
            await self.request("accept by non-invitee", call, refused=NotAPlayer)
        elif user in match.accepted:
            await self.request("accept twice", call, refused=StaleRequest)
        else:
            new = await self.request("accept", call, targets={match.id: 1})
            if set(new.accepted) != set(new.players):
                assert new.status == "challenge"
                return
            assert new.status == "active" and new.to_move_seat() == 0 and new.plies == 0
            assert new.deadline == self.clock.now + new.days * DAY
            if match.series_id is not None:  # a rematch in a series not yet won
                assert new.series_id == match.series_id
            else:  # a new series
                assert new.series_id not in {m["series_id"] for m in self.snap.matches.values() if m["id"] != match.id}

    async def decline(self) -> None:
        """An invitee declines (declined) or the challenger withdraws (cancelled); a stranger cannot."""
        match = self.rng.choice(self.matches("challenge"))
        user = self.rng.choice(match.players + [STRANGER.id])
        call = lambda: self.service.decline(match.id, user)  # noqa: E731
        if self.expired(match):
            await self.request("decline (expired)", call, refused=MatchClosed, targets={match.id: 1})
        elif user not in match.players:
            await self.request("decline by stranger", call, refused=NotAPlayer)
        else:
            new = await self.request("decline", call, targets={match.id: 1})
            assert new.status == ("cancelled" if user == match.challenger_id else "declined")

    async def expire(self) -> None:
        """Two weeks later every open challenge expires (and frees the match it was the rematch of)."""
        self.clock.now += CHALLENGE_TTL + self.rng.uniform(0, DAY)
        due = [m.id for m in self.matches("challenge") if self.expired(m)]
        done = await self.request("expire challenges", self.service.expire_challenges, targets={i: 1 for i in due})
        assert sorted(m.id for m in done) == due and all(m.status == "expired" for m in done)

    # -------------------------------------------------------- moves
    def mover(self, match: Match) -> int:
        return match.players[match.to_move_seat()]

    async def legal_move(self) -> None:
        """The player to move plays a random legal move, sometimes respelled, sometimes with the current version."""
        match = self.rng.choice(self.matches("active"))
        legal = match.position.legal_moves()
        assert legal and legal == sorted(set(legal)), "legal moves: canonical, sorted, each once"
        canonical = self.rng.choice(legal)
        text = respell(self.rng, canonical) if self.rng.random() < 0.3 else canonical
        assert match.state().play(text) == canonical, f"the engine refuses {text!r}, a spelling of {canonical!r}"
        expected = match.version if self.rng.random() < 0.5 else None
        await self.play(match, text, canonical, expected)
        if self.rng.random() < 0.15:
            await self.resubmit(match.id, self.mover(match), text)

    async def resubmit(self, match_id: int, user: int, text: str) -> None:
        """The same move sent again (Discord lost the answer): told it counted, unless it is legal again."""
        match = self.snap.match(match_id)
        call = lambda: self.service.move(match_id, user, text)  # noqa: E731
        if match.status != "active":
            await self.request("resubmit after the end", call, refused=MatchClosed)
        elif match.to_move_id() != user:
            error = await self.request("resubmit out of turn", call, refused=NotYourTurn)
            assert "played and counted" in str(error)
        else:
            try:
                canonical = match.state().play(text)
            except MoveError:
                error = await self.request("resubmit on turn", call, refused=StaleRequest)
                assert "counted once" in str(error)
            else:
                await self.play(match, text, canonical, None)

    async def play_on(self) -> None:
        """A run of legal moves in one match (each a checked step), so matches also end by the rules."""
        match = self.rng.choice(self.matches("active"))
        for _ in range(self.rng.randint(5, 60)):
            if match.status != "active" or self.steps >= self.budget:
                return
            move = self.rng.choice(match.position.legal_moves())
            await self.play(match, move, move, match.version)
            match = self.snap.match(match.id)

    async def play(self, match: Match, text: str, canonical: str, expected_version: int | None) -> None:
        user = self.mover(match)
        done = await self.request(
            f"move {text!r} in #{match.id}",
            lambda: self.service.move(match.id, user, text, expected_version),
            targets={match.id: 1},
        )
        assert done.move == canonical and done.match.plies == match.plies + 1 and done.description
        assert self.snap.moves[match.id][-1][:3] == (match.plies, canonical, user)
        if done.match.status == "finished":
            assert done.series is not None and done.series.id == done.match.series_id
            assert done.series.points == points(self.snap.series[done.series.id])

    async def garbage_move(self) -> None:
        """Junk, typos, other games' moves and old moves by the player to move: the engine is the oracle."""
        rng = self.rng
        match = rng.choice(self.matches("active"))
        legal = match.position.legal_moves()
        earlier = [m[1] for m in self.snap.moves.get(match.id, [])]
        text = rng.choice([rng.choice(JUNK), mangle(rng, rng.choice(legal)), rng.choice(earlier or list(JUNK))])
        try:
            canonical = match.state().play(text)
        except MoveError:
            canonical = None
        if canonical is not None:  # a typo can be another legal move
            await self.play(match, text, canonical, None)
            return
        user = self.mover(match)
        last = (self.snap.moves.get(match.id) or [None])[-1]
        repeat = last is not None and last[2] == user and spelling(last[1]) == spelling(text)
        error = await self.request(
            f"illegal move {text[:40]!r}",
            lambda: self.service.move(match.id, user, text),
            refused=StaleRequest if repeat else IllegalMoveError,
        )
        assert str(error)

    async def out_of_turn(self) -> None:
        """A player not to move (or one who resigned, or a stranger) tries a move: refused."""
        rng = self.rng
        match = rng.choice(self.matches("active"))
        mover = self.mover(match)
        user = rng.choice([u for u in match.players if u != mover] + [STRANGER.id])
        text = rng.choice(match.position.legal_moves() + list(JUNK[:3]))
        seat = match.seat_of(user)
        refused = NotAPlayer if seat is None or seat in match.resigned_seats else NotYourTurn
        error = await self.request(
            f"move by {user}, not to move",
            lambda: self.service.move(match.id, user, text, rng.choice((None, match.version))),
            refused=refused,
        )
        last = (self.snap.moves.get(match.id) or [None])[-1]
        if refused is NotYourTurn and last is not None and last[2] == user:
            assert "played and counted" in str(error)

    async def stale_button(self) -> None:
        """A button of an earlier position (move or resignation) is refused."""
        rng = self.rng
        match = rng.choice(self.matches("active"))
        old = rng.randrange(match.version)
        if rng.random() < 0.7:
            text = rng.choice(match.position.legal_moves())
            call = lambda: self.service.move(match.id, self.mover(match), text, old)  # noqa: E731
        else:
            seat = rng.choice([s for s in range(len(match.players)) if s not in match.resigned_seats])
            call = lambda: self.service.resign(match.id, match.players[seat], old)  # noqa: E731
        await self.request(f"stale button v{old} < v{match.version}", call, refused=StaleRequest)

    # -------------------------------------------------------- leaving the match
    async def resign(self) -> None:
        """A seat resigns: two players, the other wins; more, the others play on until one is left."""
        rng = self.rng
        match = rng.choice(self.matches("active"))
        user = rng.choice(match.players * 3 + [STRANGER.id])
        seat = match.seat_of(user)
        call = lambda: self.service.resign(match.id, user, rng.choice((None, match.version)))  # noqa: E731
        if seat is None or seat in match.resigned_seats:
            await self.request("resign again / stranger", call, refused=NotAPlayer)
            return
        done = await self.request(f"resign seat {seat} of #{match.id}", call, targets={match.id: 1})
        self.check_left(match, done.match, seat)

    @staticmethod
    def check_left(match: Match, new: Match, seat: int) -> None:
        """After ``seat`` left (resigned or timed out): recorded at this ply; two players, the other won
        (void before any move); more, the last one left won, or the rest play on."""
        assert new.resignations == match.resignations + [[match.plies, seat]] and new.plies == match.plies
        left = [s for s in range(len(match.players)) if s not in new.resigned_seats]
        if len(match.players) == 2:
            assert new.status == ("void" if match.plies == 0 else "finished")
            if new.status == "finished":
                assert new.result["winners"] == [1 - seat]
        elif len(left) == 1:
            assert new.status in ENDED
            assert new.status == "void" or new.result["winners"] == left
        elif new.status == "active":
            assert new.to_move_seat() in left

    async def claim(self) -> None:
        """Before the deadline nobody may claim; after it, any other player still in drops the late one."""
        rng = self.rng
        match = rng.choice(self.matches("active"))
        late = match.to_move_seat()
        if rng.random() < 0.7:
            self.clock.now = max(self.clock.now, match.deadline + rng.uniform(0, 2 * DAY))
        user = rng.choice(match.players * 2 + [STRANGER.id])
        seat = match.seat_of(user)
        call = lambda: self.service.claim(match.id, user)  # noqa: E731
        if seat is None or seat in match.resigned_seats:
            await self.request("claim by stranger / resigned", call, refused=NotAPlayer)
        elif seat == late or self.clock.now < match.deadline:
            await self.request("claim against self / in time", call, refused=ServiceError)
        else:
            done = await self.request(f"claim against seat {late} of #{match.id}", call, targets={match.id: 1})
            self.check_left(match, done.match, late)
            if done.match.status == "finished":
                # the claim's end, unless the departure merely completed the engine's own end
                engine_end = replay(await self.service.record(match.id)).outcome().end
                assert done.match.result["end"] == ("timeout" if engine_end == "resign" else engine_end)

    # -------------------------------------------------------- offers
    def undo_allowed(self, match: Match, user: int) -> bool:
        """offers.py: only your own last move, before anyone else moved, and not across a revealed tile."""
        moves = self.snap.moves.get(match.id, [])
        if not moves or moves[-1][2] != user:
            return False
        if match.resignations and match.resignations[-1][0] == match.plies:
            return False
        before = replay(match.record([m[1] for m in moves[:-1]]))
        return before.revealed() == match.position.revealed()

    async def offer(self, kind: str) -> Match | None:
        """A draw / takeback offer by a random player; returns the match if the offer stands."""
        match = self.rng.choice(self.matches("active"))
        user = self.rng.choice(match.players * 3 + [STRANGER.id])
        call = lambda: self.service.offer(match.id, user, kind)  # noqa: E731
        current = match.offer if match.offer and match.offer["version"] == match.version else None
        if user not in match.players:
            await self.request(f"{kind} offer by stranger", call, refused=NotAPlayer)
        elif len(match.players) != 2:
            await self.request(f"{kind} offer with {len(match.players)} players", call, refused=ServiceError)
        elif current and current["user"] == user:
            await self.request(f"{kind} offer twice", call, refused=StaleRequest)
        elif kind == "undo" and not self.undo_allowed(match, user):
            await self.request("undo offer not allowed", call, refused=ServiceError)
        else:
            new = await self.request(f"offer-{kind} by {user} in #{match.id}", call, targets={match.id: 0})
            assert new.offer == {"kind": kind, "user": user, "version": match.version}
            return new
        return None

    async def answer(self, match: Match, kind: str) -> Match | None:
        """The opponent accepts or refuses; the offerer himself, a wrong kind or a stale button is refused.
        Returns the match if the offer was accepted."""
        rng = self.rng
        offerer = match.offer["user"]
        other = next(u for u in match.players if u != offerer)
        how = rng.choice(("accept", "accept", "refuse", "refuse", "own", "kind", "stale", "none"))
        if how == "none":  # left open: the next change voids it
            return None
        user, asked, accept, version = other, kind, how != "refuse", rng.choice((None, match.version))
        if how == "own":
            user = offerer
        elif how == "kind":
            asked = "draw" if kind == "undo" else "undo"
        elif how == "stale":
            version = rng.randrange(match.version)
        call = lambda: self.service.answer(match.id, user, asked, accept, version)  # noqa: E731
        if how in ("kind", "stale"):
            await self.request(f"answer {how}", call, refused=StaleRequest)
        elif how == "own":
            await self.request("answer own offer", call, refused=NotAPlayer)
        elif not accept:
            new = await self.request(f"answer-no to {kind}", call, targets={match.id: 0})
            assert new.offer is None
        else:
            done = await self.request(f"answer-yes to {kind} in #{match.id}", call, targets={match.id: 1})
            return done.match
        return None

    async def undo(self) -> None:
        """A takeback: the last move is gone, the board is the one before it, the clock restarts if needed."""
        match = await self.offer("undo")
        if match is None:
            return
        moves = self.snap.moves[match.id]
        new = await self.answer(match, "undo")
        if new is not None:
            assert new.plies == match.plies - 1 and self.snap.moves.get(match.id, []) == moves[:-1]
            assert new.state_json == replay(match.record([m[1] for m in moves[:-1]])).to_json()
            assert new.status == "active" and new.to_move_id() == moves[-1][2]

    async def draw(self) -> None:
        """An agreed draw: both seats win (void if nobody had moved yet)."""
        match = await self.offer("draw")
        if match is None:
            return
        new = await self.answer(match, "draw")
        if new is not None:
            assert new.state_json == match.state_json
            if match.plies == 0:
                assert new.status == "void"
            else:
                assert new.status == "finished" and new.result == {
                    "winners": [0, 1],
                    "end": "agreed",
                    "scores": match.position.scores(),
                }

    # -------------------------------------------------------- after the end
    async def rematch(self) -> None:
        """A player of a finished match offers the next one: seats rotate, options and days kept, series
        continued unless won (a void match, too); once on, a second offer is refused."""
        match = self.rng.choice(self.matches(*ENDED))
        user = self.rng.choice(match.players * 3 + [STRANGER.id])
        call = lambda: self.service.rematch(match.id, user)  # noqa: E731
        if user not in match.players:
            await self.request("rematch by stranger", call, refused=NotAPlayer)
        elif match.rematch_id is not None:
            await self.request("rematch twice", call, refused=StaleRequest)
        else:
            new = await self.request(f"rematch of #{match.id}", call, targets={match.id: 0}, created=1)
            assert self.snap.matches[match.id]["rematch_id"] == new.id
            assert new.status == "challenge" and new.accepted == [user] and new.challenger_id == user
            assert (
                new.players == match.players[1:] + match.players[:1] and new.names == match.names[1:] + match.names[:1]
            )
            assert (new.options, new.days, new.guild_id, new.game) == (
                match.options,
                match.days,
                match.guild_id,
                match.game,
            )
            won = self.snap.series[match.series_id]["winner_id"] is not None
            assert new.series_id == (None if won else match.series_id)

    async def closed(self) -> None:
        """Nothing can be played in a match that is not active: moves, resignations, claims, offers."""
        rng = self.rng
        match = rng.choice(self.matches("finished", "void", "declined", "cancelled", "expired", "challenge"))
        user = rng.choice(match.players)
        what = rng.choice(("move", "resign", "claim", "offer", "answer"))
        calls = {
            "move": lambda: self.service.move(match.id, user, rng.choice(JUNK)),
            "resign": lambda: self.service.resign(match.id, user),
            "claim": lambda: self.service.claim(match.id, user),
            "offer": lambda: self.service.offer(match.id, user, rng.choice(("draw", "undo"))),
            "answer": lambda: self.service.answer(match.id, user, "draw", True),
        }
        await self.request(f"{what} in a {match.status} match", calls[what], refused=MatchClosed)
        if match.status != "challenge":
            await self.request(
                f"accept a {match.status} match", lambda: self.service.accept(match.id, user), refused=MatchClosed
            )


# ----------------------------------------------------------------- the tests
def test_the_families_cover_every_game_and_player_count():
    """Every registered game, every player count it allows, every option, appears in some family."""
    covered = {(game, n) for setups in FAMILIES.values() for game, n, _ in setups}
    for name in game_names():
        spec = get_game(name)
        counts = [n for n in range(spec.min_players, spec.max_players + 1) if not (name == "atacama" and n == 3)]
        assert {(name, n) for n in counts} <= covered, name
        options = {k for setups in FAMILIES.values() for game, _, opts in setups if game == name for k in opts}
        assert options == set(spec.default_options), name


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("family", sorted(FAMILIES))
async def test_random_requests_keep_the_invariants(service, store, clock, family, seed):
    steps, move_weight, live = PACE[family]
    world = World(service, store, clock, random.Random(f"{family}/{seed}"), FAMILIES[family], move_weight, live)
    started = time.perf_counter()
    await world.run(steps)
    print(f"{family}/{seed}: {time.perf_counter() - started:.2f}s {world.tally}")
    # The walk was not vacuous: moves were played and refused, and matches ended.
    assert world.tally.get("move", 0) > 20 and world.tally.get("refused", 0) > 20
    assert world.matches(*ENDED)
