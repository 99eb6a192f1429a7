"""The moments the features of the match service hook into, each an explicit, ordered list.

A component (``matches/*.py``, composed by :class:`matches.service.MatchService`) says what it
does when a match ends, a move is played, a challenge closes ... by registering a listener here
when it is built; the components are built in one fixed order, so each moment's listeners run in
that order (``names`` lists them; ``matches/README.md`` too).  Listeners of a moment that happens
in a transaction run synchronously *inside* it, on the writer thread, with its
:class:`~matches.unit_of_work.Transaction`: what they write commits with the change, and a
listener that raises rolls the whole change back.

Vetoes are declared the same way: each component that may forbid an abort, a rematch or a
tournament's cancellation says so, and the service asks every one before it acts.  Wakeups: each
component that keeps something due declares when its next thing is; the timekeeping loop sleeps
until the earliest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class Moment:
    """Something that happens, and the listeners that run when it does, in the order registered."""

    def __init__(self, name: str, what: str) -> None:
        self.name = name
        self.what = what
        self._listeners: list[tuple[str, Callable[..., Any]]] = []

    def listen(self, owner: str, listener: Callable[..., Any]) -> None:
        self._listeners.append((owner, listener))

    @property
    def names(self) -> list[str]:
        """The components listening, in the order their listeners run."""
        return [owner for owner, _ in self._listeners]

    def __call__(self, *args: Any) -> None:
        for _, listener in self._listeners:
            listener(*args)

    def first_answer(self, *args: Any) -> Any:
        """The first listener's answer that is not None (the later ones are not asked), else None."""
        for _, listener in self._listeners:
            answer = listener(*args)
            if answer is not None:
                return answer
        return None


class AsyncRules(Moment):
    """Asked in order, outside any transaction: the first answer that is not None stands."""

    async def first_answer(self, *args: Any) -> Any:  # type: ignore[override]
        for _, rule in self._listeners:
            answer = await rule(*args)
            if answer is not None:
                return answer
        return None


class Veto(Moment):
    """Components that may forbid an action: each raises its refusal (a ServiceError) or returns."""

    async def check(self, *args: Any) -> None:
        for _, veto in self._listeners:
            await veto(*args)


class Wakeups(Moment):
    """When something is next due: the earliest of what each component declares (None: nothing)."""

    async def soonest(self) -> float | None:
        times = [await when() for _, when in self._listeners]
        return min((t for t in times if t is not None), default=None)


@dataclass
class Moments:
    """Every moment of the match service (one registry per service)."""

    match_ended: Moment = field(
        default_factory=lambda: Moment(
            "match_ended", "a match finished or became void, in the transaction that ended it (after its scoring)"
        )
    )
    position_written: Moment = field(
        default_factory=lambda: Moment(
            "position_written",
            "any change of a match written by Core._commit (or a repaired match taken back), after match_ended",
        )
    )
    move_played: Moment = field(
        default_factory=lambda: Moment(
            "move_played",
            "a move was played, in its transaction: the first listener to answer plays a reply "
            "(returns the match after it and what to say)",
        )
    )
    player_dropped: Moment = field(
        default_factory=lambda: Moment(
            "player_dropped", "a player left a match (resignation, time-out, withdrawal), in that transaction"
        )
    )
    aborted: Moment = field(
        default_factory=lambda: Moment("aborted", "an admin aborted a match or challenge, in that transaction")
    )
    abandoned: Moment = field(
        default_factory=lambda: Moment(
            "abandoned", "a match was closed as abandoned (30 days past its deadline), in that transaction"
        )
    )
    challenge_closed: Moment = field(
        default_factory=lambda: Moment(
            "challenge_closed", "a challenge was declined, taken back, cancelled or expired, in that transaction"
        )
    )
    review_stored: Moment = field(
        default_factory=lambda: Moment(
            "review_stored",
            "the computer's review of an ended match was stored (by the bot or a worker), in that transaction",
        )
    )
    tournament_finished: Moment = field(
        default_factory=lambda: Moment(
            "tournament_finished", "a tournament finished, in the transaction of its last result"
        )
    )
    time_out: AsyncRules = field(
        default_factory=lambda: AsyncRules(
            "time_out", "a player is out of time: the first rule that makes him lose by himself (no claim) stands"
        )
    )
    abort_veto: Veto = field(default_factory=lambda: Veto("abort_veto", "this match may not be aborted"))
    rematch_veto: Veto = field(default_factory=lambda: Veto("rematch_veto", "this match has no rematch"))
    cancel_tournament_veto: Veto = field(
        default_factory=lambda: Veto("cancel_tournament_veto", "this tournament is not cancelled alone")
    )
    wakeups: Wakeups = field(default_factory=lambda: Wakeups("wakeups", "when the timekeeping loop must look next"))

    def all(self) -> list[Moment]:
        return [getattr(self, f) for f in self.__dataclass_fields__]
