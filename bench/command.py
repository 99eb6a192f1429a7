"""Command section: ``/<game> move`` through the real bot under SimCord.

Each ``member.slash(...)`` call is timed from the interaction to the settled
reply: deferred "thinking", the service's store commit, the board rendered in a
thread, the follow-up with the PNG attachment, the message id saved.  Wrappers
around ``Actions.move``, ``MatchService.move`` and ``BoardPoster.board_file`` split
the time into the bot's own work and what SimCord adds around it, and
``/<game> rules`` (one ephemeral text reply: no store, no image) is the
baseline of a trivial command.

SimCord overhead: after every actor call SimCord settles the loop; when a bot
task has just finished, its own task-done callback is still queued and the
settle loop sleeps one idle interval (``idle=0.05`` s, simcord/env.py) before it
looks again.  So ~50 ms of every call is SimCord's poll, not the bot.  A second,
smaller series per game ("idle 1 ms") runs with that poll interval patched to
1 ms in this process, which measures the bot's path more directly.  The
budgets are judged on the unpatched series.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import random
import shutil
import tempfile
import time

import simcord
from simcord.env import Env

import render as boards
from bot import Settings, create_bot
from engines import get_game
from matches import Player

from .stats import summarize

# A deadline, not a wait: settle() returns as soon as the bot is quiet, so the timings do not
# depend on it; a short one only made a loaded machine's slow board a failed section.
SETTLE_TIMEOUT = 30.0
FAST_IDLE = 0.001
PNG_MAGIC = b"\x89PNG"


def _wrap(obj, name: str, sink: list[float]) -> None:
    original = getattr(obj, name)

    async def timed(*args, **kwargs):
        start = time.perf_counter_ns()
        try:
            return await original(*args, **kwargs)
        finally:
            sink.append((time.perf_counter_ns() - start) / 1e6)

    setattr(obj, name, timed)


@contextlib.contextmanager
def fast_idle(interval: float = FAST_IDLE):
    """SimCord's settle poll interval set to ``interval`` (default 50 ms) for actor calls."""
    original = Env._settle_internal

    async def settle(self, *, timeout=None, idle=interval, dispatch=None, _deadline=None):
        return await original(self, timeout=timeout, idle=min(idle, interval), dispatch=dispatch, _deadline=_deadline)

    Env._settle_internal = settle
    try:
        yield
    finally:
        Env._settle_internal = original


def _has_renderer(game: str) -> str | None:
    """None when the game can be drawn, else why not."""
    spec = get_game(game)
    state = spec.setup(spec.min_players, 1, None, None)
    try:
        boards.render_png(state, ["ann", "bob", "cat", "dan"][: spec.min_players])
    except boards.NoRenderer as exc:
        return f"no renderer: {exc}"
    return None


async def close_bot(bot) -> None:
    """SimCord detaches the bot without closing it; aiosqlite's threads would keep the process alive."""
    bot.scheduler.stop()
    await bot.store.close()


class Session:
    """The running bot in one guild with two members, and the timing wrappers."""

    def __init__(self, env):
        self.env = env
        self.guild = env.create_guild("Bench")
        self.lobby = self.guild.create_text_channel("lobby")
        self.ann = self.guild.add_member(env.create_user("ann"))
        self.bob = self.guild.add_member(env.create_user("bob"))
        self.members = {self.ann.id: self.ann, self.bob.id: self.bob}
        self.service = env.bot.service
        seeds = itertools.count(1000)
        self.service.seeds = lambda: next(seeds)
        self.handler_ms: list[float] = []
        self.service_ms: list[float] = []
        self.board_ms: list[float] = []
        self.rules_ms: list[float] = []
        _wrap(env.bot.actions, "move", self.handler_ms)
        _wrap(env.bot.actions, "rules", self.rules_ms)
        _wrap(env.bot.boards, "board_file", self.board_ms)
        _wrap(self.service, "move", self.service_ms)
        self.available = set(self.ann.available_commands(self.lobby))

    async def rules(self, game: str, calls: int) -> dict:
        await self.ann.slash(self.lobby, f"{game} rules")  # warm-up
        self.rules_ms.clear()
        totals = []
        for _ in range(calls):
            start = time.perf_counter_ns()
            result = await self.ann.slash(self.lobby, f"{game} rules")
            totals.append((time.perf_counter_ns() - start) / 1e6)
            assert result.acknowledged and result.ephemeral
        return {
            "total": summarize(totals, "ms"),
            "handler": summarize(self.rules_ms, "ms"),
            "simcord_overhead": summarize([t - h for t, h in zip(totals, self.rules_ms)], "ms"),
        }

    async def moves(self, game: str, channel, count: int, rng: random.Random, state: dict) -> dict:
        """``count`` timed moves (new matches as needed); ``state`` carries the match between calls."""
        samples = {k: [] for k in ("total", "handler", "service", "board", "kb", "ply")}
        failures = state.setdefault("failures", [])
        while len(samples["total"]) < count and len(failures) < 5:
            match = state.get("match")
            if match is None or match.status != "active":
                created = await self.service.create_challenge(
                    game,
                    self.guild.id,
                    channel.id,
                    Player(self.ann.id, "ann"),
                    [Player(self.bob.id, "bob")],
                    first="me",
                )
                match = state["match"] = await self.service.accept(created.id, self.bob.id)
                state["matches"] = state.get("matches", 0) + 1
                await self.env.settle()
            mover = self.members[match.to_move_id()]
            move = rng.choice(match.state().legal_moves())
            for sink in (self.handler_ms, self.service_ms, self.board_ms):
                sink.clear()
            start = time.perf_counter_ns()
            result = await mover.slash(channel, f"{game} move", move=move)
            total = (time.perf_counter_ns() - start) / 1e6
            after = state["match"] = await self.service.get(match.id)
            reply = result.response
            attachments = reply.attachments if reply is not None else []
            # a step within the mover's own turn (Architekton's first placement) is answered to him
            # alone, with the board; the turn's last step posts it in the channel
            own_turn = after.to_move_id() == match.to_move_id()
            if not (
                result.acknowledged
                and (own_turn or not result.ephemeral)
                and after.version == match.version + 1
                and len(attachments) == 1
                and attachments[0].filename.endswith(".png")
            ):
                failures.append(
                    f"ply {match.plies} {move!r}: reply {(reply.content[:120] if reply is not None else None)!r}"
                )
                continue
            if "first_ms" not in state:  # the first move of a game warms up (imports, fonts): not counted
                state["first_ms"] = round(total, 2)
                assert (await attachments[0].read()).startswith(PNG_MAGIC)
                continue
            samples["total"].append(total)
            samples["handler"].append(sum(self.handler_ms))
            samples["service"].append(sum(self.service_ms))
            samples["board"].append(sum(self.board_ms))
            samples["kb"].append(attachments[0].size / 1024)
            samples["ply"].append(match.plies)
        return samples


async def _drive(
    bot, games: list[str], moves_per_game: int, fast_moves: int, baseline_calls: int, log, out: dict
) -> dict:
    async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT, check_errors=False) as env:
        s = Session(env)
        rules_game = next((g for g in games if f"{g} rules" in s.available), None)
        if rules_game:
            out["baseline"] = {"command": f"/{rules_game} rules", **await s.rules(rules_game, baseline_calls)}
            with fast_idle():
                out["baseline"]["idle_1ms"] = await s.rules(rules_game, baseline_calls)
            b = out["baseline"]
            log(
                f"  command baseline /{rules_game} rules: median {b['total']['median']} ms "
                f"(bot handler {b['handler']['median']} ms; with SimCord idle poll 1 ms: "
                f"{b['idle_1ms']['total']['median']} ms)"
            )
        runs = {}
        for game in games:
            why = None
            if f"{game} move" not in s.available:
                why = f"the bot has no /{game} move command yet"
            else:
                why = _has_renderer(game)
            if why:
                out["games"][game] = {"skipped": why}
                out["notes"].append(f"command {game}: skipped ({why})")
                log(f"  NOTE command {game}: skipped ({why})")
                continue
            runs[game] = {
                "channel": s.guild.create_text_channel(f"bench-{game}"),
                "rng": random.Random(7),
                "state": {},
                "normal": {},
                "fast": {},
            }
        # Round-robin over the games, one move each per round, so background load on the
        # machine hits every game alike instead of whichever game happens to run then.
        started = time.perf_counter()
        for series, count, patched in (("normal", moves_per_game, False), ("fast", fast_moves, True)):
            with fast_idle() if patched else contextlib.nullcontext():
                for _ in range(count):
                    for game, r in runs.items():
                        got = await s.moves(game, r["channel"], 1, r["rng"], r["state"])
                        for key, values in got.items():
                            r[series].setdefault(key, []).extend(values)
        for game, r in runs.items():
            m, f, state = r["normal"], r["fast"], r["state"]
            out["games"][game] = res = {
                "total": summarize(m.get("total", []), "ms"),
                "handler": summarize(m.get("handler", []), "ms"),
                "service_move": summarize(m.get("service", []), "ms"),
                "board_file": summarize(m.get("board", []), "ms"),
                "simcord_overhead": summarize([t - h for t, h in zip(m.get("total", []), m.get("handler", []))], "ms"),
                "idle_1ms": {
                    "total": summarize(f.get("total", []), "ms"),
                    "handler": summarize(f.get("handler", []), "ms"),
                },
                "attachment_kb": summarize(m.get("kb", []), "KB", 1),
                "first_call_ms": state.get("first_ms"),
                "matches": state.get("matches", 0),
                "plies": summarize(m.get("ply", []), "ply", 0),
                "failures": state.get("failures", []),
            }
            for failure in res["failures"]:
                out["notes"].append(f"command {game}: {failure}")
                log(f"  NOTE command {game}: {failure}")
            log(
                f"  command {game}: median {res['total'].get('median')} ms, p99 {res['total'].get('p99')} ms "
                f"(bot handler {res['handler'].get('median')} ms; service.move {res['service_move'].get('median')} ms; "
                f"board {res['board_file'].get('median')} ms; idle 1 ms: {res['idle_1ms']['total'].get('median')} ms)"
            )
        log(f"  command: {time.perf_counter() - started:.1f} s for {len(runs)} games")
        errors = list(env.errors)
        if errors:
            out["notes"].append(f"command: the bot raised {len(errors)} error(s), first: {errors[0]!r}"[:300])
            log(f"  NOTE {out['notes'][-1]}")
    return out


async def _bench(games: list[str], moves_per_game: int, fast_moves: int, baseline_calls: int, log) -> dict:
    out: dict = {"games": {}, "notes": [], "settle_timeout_s": SETTLE_TIMEOUT}
    tmp = tempfile.mkdtemp(prefix="bench-command-")
    bot = create_bot(Settings(token=None, database_path=os.path.join(tmp, "bot.sqlite3")))
    try:
        return await _drive(bot, games, moves_per_game, fast_moves, baseline_calls, log, out)
    finally:
        await close_bot(bot)
        shutil.rmtree(tmp, ignore_errors=True)


def run(games: list[str], quick: bool, log) -> dict:
    logging.getLogger("discord").setLevel(logging.WARNING)
    return asyncio.run(
        _bench(
            games,
            moves_per_game=6 if quick else 100,
            fast_moves=3 if quick else 40,
            baseline_calls=5 if quick else 40,
            log=log,
        )
    )
