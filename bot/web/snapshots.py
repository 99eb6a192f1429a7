"""The match's JSON as the web board serves it, kept per match version and per kind of viewer.

Building it (the moves read, the scene, the steps of the mover's moves, the words said) costs
about a millisecond; when a hundred pages open at once, or every open page of a match asks for
it after a move, that is what they would wait for one after the other.  So each answer is kept,
as the bytes sent, under the match's id and its ``version`` (which every change of the match
counts up: a move, a takeback, a resignation, a timeout, a new deadline), and under what makes
two viewers' answers differ: the link's role, the viewer's seat and his language.  Two players
never share an answer (the steps, and whatever of a hidden position they reveal, go to the
mover alone), and an answer for an older version is never served: the version is read afresh
with every request, when the link is checked.

Concurrent requests for an answer not built yet wait for the one build.  A commit's notice
(``forget``) drops the match's answers; at most ``size`` matches and ``budget`` bytes are kept,
the least recently asked for go first.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable

SIZE = 2_000  # matches
BUDGET = 32 * 1024 * 1024  # bytes of answers: a few kilobytes each, tens of kilobytes for a long match


class Snapshots:
    def __init__(self, size: int = SIZE, budget: int = BUDGET):
        self.size, self.budget = size, budget
        self.bytes = 0  # of the answers kept
        # match id -> (version, {viewer key: bytes or the future of a build under way})
        self.matches: OrderedDict[int, tuple[int, dict[Hashable, bytes | asyncio.Future]]] = OrderedDict()
        self.built = self.served = 0  # builds, and answers served without one

    async def get(self, match_id: int, version: int, key: Hashable, build: Callable[[], Awaitable[bytes]]) -> bytes:
        """The answer for ``key`` at ``version`` of the match: kept, or built now (once)."""
        held = self.matches.get(match_id)
        if held is None or held[0] != version:
            if held is not None and held[0] > version:
                # a request that read the match before a newer one did: answer it, keep the newer
                self.built += 1
                return await build()
            held = (version, {})
            self._drop(match_id)
            self.matches[match_id] = held
            self._trim()
        else:
            self.matches.move_to_end(match_id)
        answers = held[1]
        found = answers.get(key)
        if isinstance(found, bytes):
            self.served += 1
            return found
        if found is not None:
            try:
                body = await asyncio.shield(found)
            except asyncio.CancelledError:
                if not found.cancelled():
                    raise  # this request went away
                return await build()  # the build it waited for went away with its request
            self.served += 1
            return body
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        answers[key] = future
        self.built += 1
        try:
            body = await build()
        except BaseException as exc:
            if answers.get(key) is future:
                del answers[key]
            if isinstance(exc, Exception):
                future.set_exception(exc)
                future.exception()  # marked as retrieved: the waiters, if any, get it
            else:
                future.cancel()
            raise
        if answers.get(key) is future:
            answers[key] = body
            if self.matches.get(match_id) is held:
                self.bytes += len(body)
                self._trim()
        future.set_result(body)
        return body

    def _drop(self, match_id: int) -> None:
        held = self.matches.pop(match_id, None)
        if held is not None:
            self.bytes -= sum(len(a) for a in held[1].values() if isinstance(a, bytes))

    def _trim(self) -> None:
        while self.matches and (len(self.matches) > self.size or self.bytes > self.budget):
            self._drop(next(iter(self.matches)))

    def forget(self, match_id: int) -> None:
        self._drop(match_id)

    def __len__(self) -> int:
        return sum(len(answers) for _, answers in self.matches.values())
