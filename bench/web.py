"""The web board under load, and its screenshots.

``python -m bench.web load [--pages 100] [--streams 1000] [--matches 100] [--moves 40] [-o bench/web.json]``
``python -m bench.web screens [docs/web]``

``load`` runs the web board as the bot does (bot/web/server.py: its own thread and event loop,
every service call handed to the "bot's" loop, here the main loop with the match service on a
fresh SQLite file) and drives it from a separate client process (aiohttp):

1. page first byte: ``--pages`` pages (GET /m/<link>) asked for at once, time to the first byte;
   then the same pages' JSON (GET /api/m/<link>) at once, as a page's script asks for it (built
   ahead while the page was served, bot/web/snapshots.py), and the JSON of as many spectators'
   links no page was opened with (built on the request); with each, the server process's CPU
   time per request (both its loops and the database's thread: what the machine's other load
   does not change much);
2. ``--streams`` open event streams spread over ``--matches`` matches; ``--moves`` moves made one
   after the other on the bot's loop (as a Discord /move is): the time from the move's start to
   its ``ply`` event on every stream of its match;
3. POST /api/m/<link>/move latency, and the lateness of a 10 ms ticker on the bot's loop, once
   with no stream open and once beside the open streams.

``screens`` draws each game at 360x740 in Chromium (Playwright, Debian's chromium) into the folder.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

from matches import MatchService, Player
from matches.store import store_for

SECRET = "bench-" + "x" * 40
HOST = "127.0.0.1"
DAY = 86_400


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def cpu_stat() -> tuple[int, int] | None:
    """(all, steal) jiffies of the machine from /proc/stat (None where there is none)."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(v) for v in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    return sum(fields), (fields[7] if len(fields) > 7 else 0)


def steal_percent(before, after) -> float | None:
    if before is None or after is None or after[0] == before[0]:
        return None
    return round(100 * (after[1] - before[1]) / (after[0] - before[0]), 2)


def summary(values: list[float]) -> dict:
    return {
        "count": len(values),
        "p50_ms": round(pct(values, 0.5) * 1000, 2),
        "p99_ms": round(pct(values, 0.99) * 1000, 2),
        "max_ms": round(max(values) * 1000, 2) if values else None,
    }


class BenchSettings:
    web_secret, web_link_days, web_host, web_port = SECRET, 30, HOST, 0

    def __init__(self, base: str):
        self.web_base_url = base


class BenchBot:
    """What WebBoard needs of the bot: settings, the service and its store."""

    def __init__(self, service, base: str):
        self.settings, self.service, self.store = BenchSettings(base), service, service.store


async def setup(folder: str, matches: int):
    from bot.web import links

    store = await store_for(os.path.join(folder, "bench.sqlite3")).open()
    seeds = iter(range(1000, 10_000_000))
    service = MatchService(store, seeds=lambda: next(seeds))
    made = []
    for i in range(matches):
        a, b = Player(10 + 2 * i, f"p{2 * i}"), Player(11 + 2 * i, f"p{2 * i + 1}")
        match = await service.create_challenge("tactori-fem", 1, 2, a, [b], first="me")
        made.append(await service.accept(match.id, b.id))

    def link(match, user_id, role="player"):
        return links.sign(SECRET, links.Link(match.id, user_id, role, 0, int(time.time() + DAY)))

    return store, service, made, link


def start_board(service, base: str):
    from bot.web import WebBoard

    class BenchBoard(WebBoard):
        def after_move(self, result):  # no Discord here: nothing to post
            pass

    return BenchBoard(BenchBot(service, base))


async def ticker(stop: asyncio.Event, lateness: list[float]) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        due = loop.time() + 0.01
        await asyncio.sleep(0.01)
        lateness.append(max(0.0, loop.time() - due))


# ------------------------------------------------------------------ the client process
def client_main(base: str, plan: dict, results, ready, go) -> None:  # pragma: no cover - a child process
    asyncio.run(_client(base, plan, results, ready, go))


async def _client(base, plan, results, ready, go):
    import aiohttp

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=None)) as http:
        if plan["kind"] in ("pages", "json"):

            async def first_byte(token):
                start = time.perf_counter()
                async with http.get(f"{base}/m/{token}") as response:
                    await response.content.readany()
                    return time.perf_counter() - start, response.status

            async def whole_json(token):  # the match's JSON, read to its end
                start = time.perf_counter()
                async with http.get(f"{base}/api/m/{token}") as response:
                    await response.read()
                    return time.perf_counter() - start, response.status

            ask = first_byte if plan["kind"] == "pages" else whole_json
            async with http.get(f"{base}/favicon.ico") as response:  # the interpreter warmed up, then
                await response.read()
            ready.set()
            await asyncio.get_running_loop().run_in_executor(None, go.wait)  # all at once, on the word
            answers = await asyncio.gather(*(ask(t) for t in plan["tokens"]))
            results.put({"first_byte": [a[0] for a in answers], "statuses": sorted({a[1] for a in answers})})
            return
        if plan["kind"] == "streams":
            received: list[tuple[int, int, float]] = []
            opened = 0

            async def listen(match_id, token):
                nonlocal opened
                async with http.get(f"{base}/api/m/{token}/events") as response:
                    await response.content.readuntil(b"\n\n")
                    opened += 1
                    while True:
                        chunk = await response.content.readuntil(b"\n\n")
                        if chunk.startswith(b"event: ply"):
                            received.append((match_id, json.loads(chunk.split(b"data: ")[1])["ply"], time.time()))

            tasks = [asyncio.create_task(listen(m, t)) for m, t in plan["streams"]]
            while opened < len(tasks):
                await asyncio.sleep(0.05)
            ready.set()
            await asyncio.get_running_loop().run_in_executor(None, go.wait)
            await asyncio.sleep(1.5)  # the last move's events
            for task in tasks:
                task.cancel()
            results.put({"received": received, "opened": opened})
            return
        if plan["kind"] == "moves":
            times = []
            for token, move, ply in plan["moves"]:
                start = time.perf_counter()
                async with http.post(
                    f"{base}/api/m/{token}/move", json={"move": move, "ply": ply}, headers={"Origin": base}
                ) as response:
                    await response.read()
                    assert response.status == 200, (response.status, await response.text())
                times.append(time.perf_counter() - start)
            results.put({"move": times})


def run_client(base: str, plan: dict, wait_ready: bool = False):
    context = multiprocessing.get_context("spawn")
    results, ready, go = context.Queue(), context.Event(), context.Event()
    process = context.Process(target=client_main, args=(base, plan, results, ready, go), daemon=True)
    process.start()
    return process, results, ready, go


async def wait_for(event, timeout: float = 120.0) -> None:
    await asyncio.get_running_loop().run_in_executor(None, event.wait, timeout)


async def queue_get(queue, timeout: float = 600.0):
    return await asyncio.get_running_loop().run_in_executor(None, queue.get, True, timeout)


async def http_moves(service, made, link, count: int, base: str) -> list[float]:
    """POST /move ``count`` times over the matches (from the client process); their latencies."""
    plan = []
    for match in made[:count]:
        fresh = await service.get(match.id)
        state = fresh.state()
        move = random.Random(fresh.plies).choice(state.legal_moves())
        plan.append((link(fresh, fresh.to_move_id()), move, fresh.plies))
    client = run_client(base, {"kind": "moves", "moves": plan})  # held whole: its events live in the child
    answer = await queue_get(client[1])
    client[0].join(10)
    return answer["move"]


async def load(args) -> dict:
    folder = tempfile.mkdtemp(prefix="bench-web-")
    store, service, made, link = await setup(folder, args.matches)
    board = start_board(service, "http://placeholder")
    await board.start()
    base = f"http://{HOST}:{board.address[1]}"
    board.base_url, board.origin = base, base
    report = {
        "pages": args.pages,
        "streams": args.streams,
        "matches": args.matches,
        "moves": args.moves,
        "cores": os.cpu_count(),
        "load_average": os.getloadavg(),
    }
    stat_start = cpu_stat()
    try:
        # 1. pages opening at once, then their JSON at once: built, then kept
        tokens = [link(made[i % len(made)], made[i % len(made)].players[i % 2]) for i in range(args.pages)]
        # spectators' links no page was opened with: their JSON is built on the request
        watching = [link(made[i % len(made)], 8_000_000 + i, "spectator") for i in range(args.pages)]
        # the setup's garbage collected now, not by chance inside one of the rounds (a full collection
        # takes tens of milliseconds here; the bot's own comes as rarely, and as unpredictably)
        gc.collect()
        for name, kind, asked in (
            ("page_first_byte", "pages", tokens),
            ("json", "json", tokens),
            ("json_built", "json", watching),
        ):
            client = run_client(base, {"kind": kind, "tokens": asked})
            await wait_for(client[2])  # the client process is up and connected
            cpu = time.process_time()
            client[3].set()
            answers = await queue_get(client[1])
            while board.web._building:  # the JSON built ahead for the pages counts as theirs
                await asyncio.sleep(0.001)
            cpu = time.process_time() - cpu
            client[0].join(10)
            report[name] = {
                **summary(answers["first_byte"]),
                "statuses": answers["statuses"],
                "server_cpu_ms_per_request": round(cpu * 1000 / len(tokens), 3),
            }

        # 3a. /move and the loop's lateness with nothing open
        stop, late = asyncio.Event(), []
        tick = asyncio.create_task(ticker(stop, late))
        quiet_moves = await http_moves(service, made, link, args.moves, base)
        stop.set()
        await tick
        report["quiet"] = {"move": summary(quiet_moves), "loop_lateness": summary(late)}

        # 2. streams open, moves on the bot's loop
        streams = [
            (made[i % len(made)].id, link(made[i % len(made)], 9_000_000 + i, "spectator")) for i in range(args.streams)
        ]
        process, results, ready, go = run_client(base, {"kind": "streams", "streams": streams})
        await wait_for(ready)
        report["open_streams_at_server"] = board.hub.open_streams
        stop, late = asyncio.Event(), []
        tick = asyncio.create_task(ticker(stop, late))
        started: dict[tuple[int, int], float] = {}
        rng = random.Random(1)
        for i in range(args.moves):
            match = await service.get(made[(i * 7) % len(made)].id)
            move = rng.choice(match.state().legal_moves())
            started[(match.id, match.plies + 1)] = time.time()
            await service.move(match.id, match.to_move_id(), move)
            await asyncio.sleep(0.05)
        # 3b. /move beside the open streams
        others = made[len(made) // 2 :] + made[: len(made) // 2]  # positions the quiet run left alone first
        loaded_moves = await http_moves(service, others, link, args.moves, base)
        stop.set()
        await tick
        go.set()
        streamed = await queue_get(results)
        process.join(10)
        per_stream = {m: sum(1 for mm, _ in streams if mm == m) for m, _ in streams}
        delays, missing = [], 0
        for (match_id, ply), at in started.items():
            heard = [t for m, p, t in streamed["received"] if m == match_id and p == ply]
            missing += per_stream[match_id] - len(heard)
            delays += [t - at for t in heard]
        report["event_delivery"] = {
            **summary(delays),
            "expected": sum(per_stream[m] for m, _ in started),
            "missing": missing,
        }
        report["loaded"] = {"move": summary(loaded_moves), "loop_lateness": summary(late)}
    finally:
        await board.stop()
        await store.close()
        shutil.rmtree(folder, ignore_errors=True)  # repeated runs leave nothing behind
    report["load_average_after"] = os.getloadavg()
    report["steal_percent"] = steal_percent(stat_start, cpu_stat())
    return report


# ------------------------------------------------------------------ screenshots
async def screens(folder: Path) -> list[str]:
    from aiohttp.test_utils import TestServer
    from playwright.async_api import async_playwright

    from bot.web import links
    from bot.web.api import Hub, WebApp

    tmp = tempfile.mkdtemp(prefix="web-screens-")
    store = await store_for(os.path.join(tmp, "s.sqlite3")).open()
    seeds = iter(range(1000, 100000))
    service = MatchService(store, seeds=lambda: next(seeds))

    class Host:
        secret, link_days, hub = SECRET, 30, Hub()
        origin = ""

        def __init__(self):
            self.service = service

        def clock(self):
            return time.time()

        async def call(self, work):
            return await work()

        def after_move(self, result):
            pass

    host = Host()
    server = TestServer(WebApp(host).app(), host=HOST)
    await server.start_server()
    base = f"http://{HOST}:{server.port}"
    host.origin = base
    plan = {"architekton": 9, "atacama": 14, "tactori": 14, "tactori-fem": 12}
    names = [Player(1, "Anna"), Player(2, "Bernd"), Player(3, "Chloé")]
    written = []
    folder.mkdir(parents=True, exist_ok=True)
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for game, plies in plan.items():
            players = names[:3] if game == "tactori" else names[:2]
            match = await service.create_challenge(game, 1, 2, players[0], players[1:], first="me")
            for p in players[1:]:
                match = await service.accept(match.id, p.id)
            rng = random.Random(4)
            for _ in range(plies):
                match = await service.get(match.id)
                await service.move(match.id, match.to_move_id(), rng.choice(match.state().legal_moves()))
            match = await service.get(match.id)
            token = links.sign(SECRET, links.Link(match.id, match.to_move_id(), "player", 0, int(time.time() + DAY)))
            page = await browser.new_page(viewport={"width": 360, "height": 740})
            await page.goto(f"{base}/m/{token}")
            await page.wait_for_selector("[data-role=ply]")
            path = folder / f"{game}-360.png"
            await page.screenshot(path=str(path), full_page=True)
            written.append(str(path))
            await page.close()
        await browser.close()
    await server.close()
    await store.close()
    shutil.rmtree(tmp, ignore_errors=True)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("load")
    run.add_argument("--pages", type=int, default=100)
    run.add_argument("--streams", type=int, default=1000)
    run.add_argument("--matches", type=int, default=100)
    run.add_argument("--moves", type=int, default=40)
    run.add_argument("-o", "--output", default=os.path.join("bench", "web.json"))
    shots = sub.add_parser("screens")
    shots.add_argument("folder", nargs="?", default=os.path.join("docs", "web"))
    args = parser.parse_args(argv)
    if args.command == "screens":
        for path in asyncio.run(screens(Path(args.folder))):
            print(path)
        return 0
    report = asyncio.run(load(args))
    Path(args.output).write_text(json.dumps(report, indent=1))
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
