"""The job queue's reliability at scale: worker and bot processes over one PostgreSQL database, cut off in the middle.

``python -m bench.ai_queue_soak [--db postgresql://...] [--matches 100] [--terminations 1] [--level easy]
[-o soak.json]``

In a fresh schema of the database (default: TEST_DATABASE_URL): ``--matches`` two-player matches of a
person against the computer (Tactori FEM), two ``python -m ai worker`` processes thinking the computer's
moves, and two consumer processes standing in for two bot processes, each serving half of the matches as
the bot does: the person's moves are random ones made here, and the computer's come through the bot's own
``bot.computer.player.ComputerPlayer`` (waiting for the job's result, then the service's versioned
move); only the posting to Discord is left out (counted instead).  In the middle (``--terminations``
times, evenly over the expected moves) every connection of those four processes to the server is ended
(``pg_terminate_backend``, as a database restart would end them; the server itself, shared with others,
goes on); they must reconnect and go on.

At the end it checks: every match ended; its moves numbered from 0 without a gap, the person and the
computer in turn (none twice, none lost) and the record replays; the computer's moves in the moves
table as many as the results the workers handed in; none posted twice (the moves played but not
posted are reported apart); no job left waiting, running or parked; every worker and consumer reconnected after each termination.  ``consume`` is the consumer's
own entry (started by the script).  Exit status 0 when every check holds, 1 otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from matches import MatchService, Player, ai_seats
from matches.store import store_for

ROOT = Path(__file__).resolve().parents[1]
ANN = Player(1, "ann")
GAME = "tactori-fem"
LEASE = 3.0


class Host:
    """What ``ComputerPlayer`` uses of the bot: its store and service, its settings (no thinking here:
    AI_WORKERS=0, the workers think), and the posting of the computer's turn, counted instead of sent."""

    def __init__(self, service: MatchService):
        self.service, self.store = service, service.store
        self.settings = SimpleNamespace(ai_workers=0, ai_threads=False, shards=None)
        self.boards = self  # the board poster's part: counting
        self.pending: dict = {}  # no run of the computer's moves waits unposted
        self.posted: list[tuple[int, int]] = []

    async def post_computer_turn(self, result) -> None:
        self.posted.append((result.match.id, result.match.version))
        self.computer.schedule(result.match)  # as the posted board does

    async def post_pending(self, match, series=None) -> None:
        self.posted.append((match.id, match.version))


async def consume(url: str, index: int, of: int, seed: int) -> dict:
    """A bot process's part for the matches with ``id % of == index``, until all of them have ended."""
    from bot.computer.player import ComputerPlayer

    store = await store_for(url).open()
    service = MatchService(store)
    host = Host(service)
    computer = host.computer = ComputerPlayer(host)
    computer.start()
    reconnects = []
    store.on_reconnect.append(lambda: reconnects.append(time.time()))
    rng = random.Random(seed)
    person_moves, errors = 0, 0
    mine = "SELECT id FROM matches WHERE status = 'active' AND id % ? = ?"
    # The bot asks for the computer's move where it would: at its start (ComputerPlayer.resume), after
    # posting a board (a person's move, the computer's turn), and when a player opens the board (after a
    # move of his that failed, to see where the match stands); nowhere else.
    for row in await store.fetchall(mine, (of, index)):
        computer.schedule(await service.get(row["id"]))
    board_asked: set[int] = set()
    try:
        while True:
            try:
                rows = await store.fetchall(mine, (of, index))
                if not rows:
                    break
                for row in rows:
                    match = await service.get(row["id"])
                    if match.status != "active":
                        continue
                    if service.computer_to_move(match) is None:
                        board_asked.add(match.id)
                        result = await service.move(match.id, ANN.id, rng.choice(match.state().legal_moves()))
                        board_asked.discard(match.id)
                        person_moves += 1
                        computer.schedule(result.match)
                    elif match.id in board_asked:
                        board_asked.discard(match.id)
                        computer.schedule(match)
            except Exception as exc:  # noqa: BLE001 - the connection ended: the next round tries again
                errors += 1
                print(f"consumer {index}: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
                await asyncio.sleep(0.2)
            await asyncio.sleep(0.05)
    finally:
        computer.close()
        await store.close()
    per_match: dict[int, int] = {}
    for match_id, _ in host.posted:
        per_match[match_id] = per_match.get(match_id, 0) + 1
    return {
        "posted": len(host.posted),
        "distinct_posted": len(set(host.posted)),
        "person_moves": person_moves,
        "errors": errors,
        "reconnects": len(reconnects),
        "posted_by_match": per_match,
    }


def _with_name(url: str, name: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}application_name={name}"


def _env() -> dict:
    return {k: v for k, v in os.environ.items() if k not in ("DATABASE_PATH", "DISCORD_TOKEN")}


class Proc:
    def __init__(self, name: str, argv: list[str], log: Path, env: dict):
        self.name, self.log = name, log
        with open(log, "wb") as out:
            self.process = subprocess.Popen(
                argv,
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE if name.startswith("c") else out,
                stderr=out,
                start_new_session=True,
            )

    def output(self) -> str:
        return self.log.read_text("utf-8", "replace")

    def kill(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def _expected_plies(start, samples: int = 20) -> float:
    """The mean length of random matches from ``start``: where "the middle" of the run lies, in moves."""
    rng, total = random.Random(5), 0
    for _ in range(samples):
        state = start.state()
        while not state.is_over:
            state.play(rng.choice(state.legal_moves()))
            total += 1
    return total / samples


async def soak(
    url: str,
    matches: int,
    terminations: int,
    *,
    level: str = "easy",
    logs: Path,
    timeout: float = 3600.0,
    stall: float = 60.0,
    log=lambda line: None,
) -> dict:
    store = await store_for(url).open()
    service = MatchService(store)
    tag = f"soak_{secrets.token_hex(4)}"
    procs: list[Proc] = []
    out: dict = {"matches": matches, "terminations_planned": terminations, "level": level, "game": GAME}
    try:
        created = [
            await service.create_challenge(
                GAME, 10 + n % 3, 20, ANN, ai_seats.players(level, 1), first=("me", "opponent")[n % 2]
            )
            for n in range(matches)
        ]
        env = _env()
        for n in range(2):
            procs.append(
                Proc(
                    f"w{n}",
                    [
                        sys.executable,
                        "-m",
                        "ai",
                        "worker",
                        "--processes",
                        "1",
                        "--reviews",
                        "0",
                        "--lease",
                        str(LEASE),
                        "--poll",
                        "1",
                    ],
                    logs / f"{tag}_w{n}.log",
                    {**env, "DATABASE_URL": _with_name(url, f"{tag}_w{n}"), "AI_WORKERS": "1", "LOG_LEVEL": "INFO"},
                )
            )
        for n in range(2):
            procs.append(
                Proc(
                    f"c{n}",
                    [
                        sys.executable,
                        "-m",
                        "bench.ai_queue_soak",
                        "consume",
                        "--db",
                        _with_name(url, f"{tag}_c{n}"),
                        "--index",
                        str(n),
                        "--of",
                        "2",
                    ],
                    logs / f"{tag}_c{n}.log",
                    env,
                )
            )
        workers, consumers = procs[:2], procs[2:]
        start = time.monotonic()
        expected = matches * _expected_plies(created[0])
        done_terminations = []
        progress, last_count = time.monotonic(), -1
        stalled = None
        while any(c.process.poll() is None for c in consumers):
            count = (await store.fetchone("SELECT COUNT(*) AS n FROM moves"))["n"]
            if count != last_count:
                progress, last_count = time.monotonic(), count
            if time.monotonic() - progress > stall or time.monotonic() - start > timeout:
                stalled = [
                    dict(r)
                    for r in await store.fetchall(
                        "SELECT m.id, m.version, j.state AS job FROM matches m LEFT JOIN ai_jobs j ON j.match_id = m.id"
                        " WHERE m.status = 'active' ORDER BY m.id"
                    )
                ]
                log(f"no move for {stall:.0f} s or out of time; matches still active: {stalled}")
                for consumer in consumers:
                    consumer.process.send_signal(signal.SIGTERM)
                break
            if len(done_terminations) < terminations:
                step = len(done_terminations) + 1
                played = (await store.fetchone("SELECT COUNT(*) AS n FROM moves"))["n"]
                active = (await store.fetchone("SELECT COUNT(*) AS n FROM matches WHERE status = 'active'"))["n"]
                if played >= expected * step / (terminations + 1) or active <= matches * (terminations + 1 - step) / (
                    terminations + 1
                ):
                    ended = await store.fetchall(
                        "SELECT application_name, pg_terminate_backend(pid) AS ok FROM pg_stat_activity"
                        " WHERE application_name LIKE ? AND pid <> pg_backend_pid()",
                        (f"{tag}_%",),
                    )
                    names = sorted({r["application_name"] for r in ended if r["ok"]})
                    done_terminations.append(
                        {
                            "at": time.strftime("%H:%M:%S"),
                            "after_s": round(time.monotonic() - start, 1),
                            "moves_played": played,
                            "active_matches": active,
                            "connections_ended": len(ended),
                            "processes": names,
                        }
                    )
                    log(f"terminated {len(ended)} connections of {names} after {played} moves, {active} matches active")
            await asyncio.sleep(0.1)
        out["wall_s"] = round(time.monotonic() - start, 1)
        out["stalled"] = stalled
        out["terminations"] = done_terminations
        reports = []
        for consumer in consumers:
            text = consumer.process.stdout.read().decode()
            consumer.process.wait()
            lines = text.strip().splitlines()
            reports.append(
                json.loads(lines[-1])
                if lines
                else {
                    "posted": 0,
                    "distinct_posted": 0,
                    "person_moves": 0,
                    "errors": 0,
                    "reconnects": 0,
                    "posted_by_match": {},
                }
            )
        out["consumers"] = reports
        handed = []
        for worker in workers:
            worker.process.send_signal(signal.SIGTERM)
        for worker in workers:
            try:
                worker.process.wait(60)
            except subprocess.TimeoutExpired:
                worker.kill()
            text = worker.output()
            tail = text.split(" results handed in")[0].rsplit(" ", 1)[-1] if " results handed in" in text else "-1"
            handed.append(
                {
                    "results_handed_in": int(tail),
                    "reconnects": text.count("listening to other processes again"),
                    "exit": worker.process.returncode,
                }
            )
        out["workers"] = handed

        # the checks
        problems = [f"stalled: matches {stalled} did not go on"] if stalled else []
        computer_moves = person_moves = 0
        posted_by_match: dict[int, int] = {}
        unposted: list[dict] = []
        for report in reports:
            for match_id, count in report.pop("posted_by_match").items():
                posted_by_match[int(match_id)] = posted_by_match.get(int(match_id), 0) + count
        for match in created:
            now = await service.get(match.id)
            if now.status == "active":
                problems.append(f"match {match.id} did not end")
            moves = await service.moves(match.id)
            if [m.ply for m in moves] != list(range(len(moves))):
                problems.append(f"match {match.id}: plies {[m.ply for m in moves]}")
            if any(a.user_id == b.user_id for a, b in itertools.pairwise(moves)):
                problems.append(f"match {match.id}: a side moved twice in a row")
            await service.record(match.id)
            mine = sum(ai_seats.is_ai(m.user_id) for m in moves)
            if posted_by_match.get(match.id, 0) != mine:
                unposted.append({"match": match.id, "played": mine, "posted": posted_by_match.get(match.id, 0)})
            computer_moves += mine
            person_moves += sum(not ai_seats.is_ai(m.user_id) for m in moves)
        left = [
            dict(r) for r in await store.fetchall("SELECT kind, match_id, version, state, tries, error FROM ai_jobs")
        ]
        handed_in = sum(w["results_handed_in"] for w in handed)
        posted = sum(c["posted"] for c in reports)
        out.update(
            computer_moves=computer_moves,
            person_moves=person_moves,
            results_handed_in=handed_in,
            computer_moves_posted=posted,
            jobs_left=left,
        )
        if left:
            problems.append(f"jobs left: {left}")
        if handed_in != computer_moves:
            problems.append(f"{handed_in} results handed in for {computer_moves} computer moves")
        # Posting is the bot's side and reported apart: a move whose COMMIT went through as its connection
        # was cut, and whose unknown outcome the bot did not recognise, is played once but not posted.
        out["unposted"] = unposted
        if any(c["posted"] != c["distinct_posted"] for c in reports):
            problems.append("a computer move was posted twice")
        if len(done_terminations) != terminations:
            problems.append(f"{len(done_terminations)} terminations of {terminations} (the matches ended first)")
        for t in done_terminations:
            if len(t["processes"]) != 4:
                problems.append(f"a termination reached {t['processes']}, not all four processes")
        if any(w["reconnects"] < len(done_terminations) or w["exit"] != 0 for w in handed):
            problems.append(f"a worker did not reconnect after each termination or did not stop cleanly: {handed}")
        if any(c["reconnects"] < len(done_terminations) for c in reports):
            problems.append(f"a consumer did not reconnect after each termination: {reports}")
        out["problems"] = problems
        return out
    finally:
        for proc in procs:
            proc.kill()
        await store.close()


async def main_async(args) -> dict:
    from .ai_queue import drop_schema, new_schema
    from .stats import busy_and_steal, cpu_ticks

    url = args.db or os.environ.get("TEST_DATABASE_URL", "").strip()
    if not url:
        raise SystemExit("python -m bench.ai_queue_soak: give --db postgresql://... or set TEST_DATABASE_URL")
    where, schema = await new_schema(url)
    ticks = cpu_ticks()

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    try:
        result = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "loadavg": os.getloadavg()}
        logs = Path(args.logs)
        logs.mkdir(parents=True, exist_ok=True)
        result.update(
            await soak(where, args.matches, args.terminations, level=args.level, logs=logs, stall=args.stall, log=log)
        )
        result["loadavg_after"] = os.getloadavg()
        result["machine"] = busy_and_steal(ticks, cpu_ticks())
        return result
    finally:
        await drop_schema(url, schema)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_queue_soak", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    parser.add_argument("--db", default=None)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--terminations", type=int, default=1)
    parser.add_argument("--stall", type=float, default=60.0, help="seconds without a move that count as a stall")
    parser.add_argument("--level", default="easy", choices=ai_seats.LEVELS)
    parser.add_argument("--logs", default=tempfile.gettempdir(), help="where the workers' and consumers' output goes")
    parser.add_argument("-o", "--output", default=None)
    eat = sub.add_parser("consume", help="(started by the script) a bot process's part")
    eat.add_argument("--db", required=True)
    eat.add_argument("--index", type=int, required=True)
    eat.add_argument("--of", type=int, required=True)
    args = parser.parse_args(argv)
    if args.command == "consume":
        import logging

        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        report = asyncio.run(consume(args.db, args.index, args.of, seed=args.index))
        print(json.dumps(report), flush=True)
        return 0
    result = asyncio.run(main_async(args))
    text = json.dumps(result, indent=1)
    if args.output:
        Path(args.output).write_text(text + "\n")
    print(text)
    return 0 if not result["problems"] else 1


if __name__ == "__main__":
    sys.exit(main())
