"""Machine info, budgets (PASS/MISS), the printed tables and the JSON report."""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import platform
import sqlite3
import subprocess
import sys
from importlib import metadata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def machine() -> dict:
    model, logical = None, 0
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name") and model is None:
                    model = line.split(":", 1)[1].strip()
                if line.startswith("processor"):
                    logical += 1
    except OSError:
        pass
    versions = {}
    for dist in ("discord.py", "Pillow", "aiosqlite", "simcord"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = None
    versions["sqlite"] = sqlite3.sqlite_version
    try:
        commit = (
            subprocess.run(
                ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=10
            ).stdout.strip()
            or None
        )
        dirty = bool(
            subprocess.run(
                ["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True, timeout=10
            ).stdout.strip()
        )
    except (OSError, subprocess.SubprocessError):
        commit, dirty = None, None
    return {
        "cpu_model": model,
        "cores": os.cpu_count(),
        "cpuinfo_processors": logical,
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
        "versions": versions,
        "git_commit": commit,
        "git_dirty": dirty,
    }


# ------------------------------------------------------------------ budgets
def _entry(name, section, game, metric, value, limit, op, unit):
    if value is None:
        status = "SKIP"
    else:
        status = "PASS" if (value < limit if op == "<" else value >= limit) else "MISS"
    return {
        "budget": name,
        "section": section,
        "game": game,
        "metric": metric,
        "value": value,
        "limit": limit,
        "op": op,
        "unit": unit,
        "status": status,
    }


def budgets(report: dict) -> list[dict]:
    out = []
    s = report["sections"]
    for game, r in s.get("engine", {}).get("games", {}).items():
        out.append(_entry("play() median < 1 ms", "engine", game, "play.median", r["play"].get("median"), 1, "<", "ms"))
        out.append(
            _entry(
                "legal_moves() < 10 ms in any position",
                "engine",
                game,
                "legal_moves.max",
                r["legal_moves"].get("max"),
                10,
                "<",
                "ms",
            )
        )
        out.append(
            _entry(
                "replay of a record < 50 ms (slowest record)",
                "engine",
                game,
                "replay.max",
                r["replay"].get("max"),
                50,
                "<",
                "ms",
            )
        )
    for game, r in s.get("render", {}).get("games", {}).items():
        if "skipped" in r:
            out.append(_entry("board image", "render", game, "skipped", None, 0, "<", ""))
            continue
        out.append(
            _entry("board image median < 80 ms", "render", game, "time.median", r["time"]["median"], 80, "<", "ms")
        )
        out.append(
            _entry("board image < 300 KB (largest)", "render", game, "size_kb.max", r["size_kb"]["max"], 300, "<", "KB")
        )
        out.append(
            _entry(
                "board image >= 800 px shorter side (smallest)",
                "render",
                game,
                "shorter_side_px.min",
                r["shorter_side_px"]["min"],
                800,
                ">=",
                "px",
            )
        )
    compare = s.get("render", {}).get("compare", {})
    for game, r in compare.get("games", {}).items():
        out.append(
            _entry(
                "board image median <= 2/3 of the base commit's (same run)",
                "render",
                game,
                "compare.ratio",
                r["ratio"],
                round(2 / 3 + 0.0005, 3),
                "<",
                "x",
            )
        )
    if "memory" in compare:
        m = compare["memory"]
        out.append(
            _entry(
                f"RSS < 200 MB after {m['boards']:,} boards",
                "render",
                None,
                "compare.memory.rss_mb",
                m["rss_mb"],
                200,
                "<",
                "MB",
            )
        )
    for game, r in s.get("replay", {}).get("games", {}).items():
        out.append(_entry("replay of the longest match < 5 s", "replay", game, "seconds", r["seconds"], 5, "<", "s"))
        out.append(_entry("replay of the longest match < 8 MB", "replay", game, "mb", r["mb"], 8, "<", "MB"))
        out.append(
            _entry("score chart median < 100 ms", "replay", game, "chart.median", r["chart"]["median"], 100, "<", "ms")
        )
    for game, r in s.get("command", {}).get("games", {}).items():
        if "skipped" in r:
            out.append(_entry("/move path", "command", game, "skipped", None, 0, "<", ""))
            continue
        out.append(
            _entry(
                "/move path median < 150 ms", "command", game, "total.median", r["total"].get("median"), 150, "<", "ms"
            )
        )
        out.append(
            _entry("/move path p99 < 400 ms", "command", game, "total.p99", r["total"].get("p99"), 400, "<", "ms")
        )
    store = s.get("store", {}).get("runs", {})
    if store:
        count = max(store, key=int)
        out.append(
            _entry(
                f">= 500 moves/s at {int(count):,} matches",
                "store",
                None,
                f"runs.{count}.moves_per_s",
                store[count]["moves_per_s"],
                500,
                ">=",
                "moves/s",
            )
        )
    large = s.get("large")
    # The large-database budgets hold on both backends: SQLite's half, then PostgreSQL's when a server was there.
    for half in [large, (large or {}).get("postgresql")]:
        if half:
            out.extend(_large_budgets(half))
    for game, row in s.get("review-quality", {}).get("games", {}).items():
        out.extend(_review_budgets(game, row))
    memory = s.get("memory")
    if memory and "loaded" in memory:
        out.append(
            _entry(
                f"RSS < 200 MB with {memory['matches']:,} matches",
                "memory",
                None,
                "loaded.rss_mb",
                memory["loaded"]["rss_mb"],
                200,
                "<",
                "MB",
            )
        )
    return out


# ------------------------------------------------------------------ tables
def _table(headers: list[str], rows: list[list]) -> str:
    cells = [[str(h) for h in headers]] + [["" if c is None else str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = []
    for n, row in enumerate(cells):
        lines.append("  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))))
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _f(value, digits=2):
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def text(report: dict) -> str:
    s = report["sections"]
    m = report["machine"]
    parts = [
        f"Machine: {m['cpu_model']}, {m['cores']} cores, Python {m['python']}, {m['date']}"
        f" (mode: {report['mode']}, {report['seconds']:.0f} s; load average at start "
        f"{m.get('load_average_at_start', ['?'])[0]})"
    ]
    if "engine" in s:
        rows = []
        for game, r in s["engine"]["games"].items():
            rows.append(
                [
                    game,
                    r["positions"]["count"],
                    r["positions"]["max_legal_moves"],
                    _f(r["play"].get("median"), 3),
                    _f(r["play"].get("p99"), 3),
                    _f(r["legal_moves"].get("median"), 3),
                    _f(r["legal_moves"].get("max"), 3),
                    _f(r["json_roundtrip"].get("median"), 3),
                    _f(r["json_roundtrip"].get("max"), 3),
                    _f(r["replay"].get("median"), 2),
                    _f(r["replay"].get("max"), 2),
                    _f(r["replay"]["record_plies"].get("max"), 0),
                ]
            )
        parts.append(
            "Engine (ms)\n"
            + _table(
                [
                    "game",
                    "positions",
                    "max legal",
                    "play med",
                    "play p99",
                    "legal med",
                    "legal max",
                    "json med",
                    "json max",
                    "replay med",
                    "replay max",
                    "max plies",
                ],
                rows,
            )
        )
    if "render" in s:
        rows = []
        for game, r in s["render"]["games"].items():
            if "skipped" in r:
                rows.append([game, "skipped: " + r["skipped"]] + [""] * 7)
                continue
            rows.append(
                [
                    game,
                    _f(r["time"]["median"], 1),
                    _f(r["time"]["p90"], 1),
                    _f(r["time"]["max"], 1),
                    _f(r["first_call_ms"], 1),
                    _f(r["size_kb"]["median"], 1),
                    _f(r["size_kb"]["max"], 1),
                    f"{r['width_px']['median']:.0f}x{r['height_px']['median']:.0f}",
                    _f(r["shorter_side_px"]["min"], 0),
                ]
            )
        parts.append(
            "Render\n"
            + _table(
                ["game", "ms med", "ms p90", "ms max", "first ms", "KB med", "KB max", "px (med)", "min short px"], rows
            )
        )
        compare = s["render"].get("compare", {})
        if compare.get("games"):
            rows = [
                [
                    game,
                    _f(r["old"]["median"], 2),
                    _f(r["new"]["median"], 2),
                    _f(r["old"]["p90"], 2),
                    _f(r["new"]["p90"], 2),
                    _f(r["ratio"], 3),
                    r["drawn_pixels_differing"],
                    r["png_pixels_differing"],
                    r["png_largest_channel_difference"],
                    # palette rounding: each PNG against its own drawing, largest and mean channel difference
                    f"{r['png_error']['old']['largest']} / {r['png_error']['new']['largest']}",
                    f"{r['png_error']['old']['mean']:.3f} / {r['png_error']['new']['mean']:.3f}",
                ]
                for game, r in compare["games"].items()
            ]
            parts.append(
                f"Render, base {compare['base'][:10]} (old) against today (new), steal "
                f"{compare.get('cpu', {}).get('steal_pct', '?')} %\n"
                + _table(
                    [
                        "game",
                        "old med",
                        "new med",
                        "old p90",
                        "new p90",
                        "ratio",
                        "drawn px diff",
                        "png px diff",
                        "max level diff",
                        "err max old/new",
                        "err mean old/new",
                    ],
                    rows,
                )
            )
    if "replay" in s:
        rows = [
            [
                game,
                r["players"],
                r["plies"],
                r["frames"],
                r["most_merged"],
                _f(r["seconds"]),
                _f(r["ms_per_frame"], 1),
                _f(r["mb"]),
                _f(r["chart"]["median"], 1),
                _f(r["chart_kb"], 1),
                _f(r["cpu"].get("steal_pct"), 1),
            ]
            for game, r in s["replay"]["games"].items()
        ]
        parts.append(
            "Replay of the longest playout (GIF) and score chart (PNG)\n"
            + _table(
                [
                    "game",
                    "players",
                    "plies",
                    "frames",
                    "moves/frame",
                    "s",
                    "ms/frame",
                    "MB",
                    "chart ms",
                    "chart KB",
                    "steal %",
                ],
                rows,
            )
        )
    if "command" in s:
        c = s["command"]
        rows = []
        for game, r in c["games"].items():
            if "skipped" in r:
                rows.append([game, "skipped: " + r["skipped"]] + [""] * 9)
                continue
            t = r["total"]
            rows.append(
                [
                    game,
                    t.get("count"),
                    _f(t.get("median"), 1),
                    _f(t.get("p90"), 1),
                    _f(t.get("p99"), 1),
                    _f(t.get("max"), 1),
                    _f(r["handler"].get("median"), 1),
                    _f(r["service_move"].get("median"), 1),
                    _f(r["board_file"].get("median"), 1),
                    _f(r["simcord_overhead"].get("median"), 1),
                    _f(r.get("idle_1ms", {}).get("total", {}).get("median"), 1),
                ]
            )
        if "baseline" in c:
            b = c["baseline"]
            rows.append(
                [
                    b["command"] + " (baseline)",
                    b["total"]["count"],
                    _f(b["total"]["median"], 1),
                    _f(b["total"]["p90"], 1),
                    _f(b["total"]["p99"], 1),
                    _f(b["total"]["max"], 1),
                    _f(b["handler"]["median"], 1),
                    "",
                    "",
                    _f(b["simcord_overhead"]["median"], 1),
                    _f(b.get("idle_1ms", {}).get("total", {}).get("median"), 1),
                ]
            )
        parts.append(
            "Command /<game> move under SimCord (ms; handler = the bot's Actions.move incl. SimCord's fake HTTP;"
            " SimCord ovh = total - handler; idle 1ms = median with SimCord's 50 ms settle poll patched to 1 ms)\n"
            + _table(
                [
                    "game",
                    "n",
                    "med",
                    "p90",
                    "p99",
                    "max",
                    "handler med",
                    "service.move",
                    "board_file",
                    "SimCord ovh",
                    "idle 1ms med",
                ],
                rows,
            )
        )
    if "playouts" in s:
        rows = []
        for label, r in s["playouts"]["variants"].items():
            rows.append(
                [
                    label,
                    _f(r["legal"]["per_second"], 1),
                    _f(r["sample"]["per_second"], 1),
                    _f(r["speedup"], 2),
                    _f(r["legal"]["plies_per_playout"], 0),
                    _f(r["sample"]["plies_per_playout"], 0),
                    _f(r["copy"].get("median"), 1),
                    _f(r["cpu"].get("steal_pct"), 1),
                ]
            )
        parts.append(
            "Random playouts per second, one core (legal = rng.choice(legal_moves()) + play; "
            "sample = sample_move(rng) + play_trusted; each from initial.copy())\n"
            + _table(
                ["variant", "legal/s", "sample/s", "speed-up", "plies legal", "plies sample", "copy us", "steal %"],
                rows,
            )
        )
    if "store" in s:
        rows = []
        for count, r in s["store"]["runs"].items():
            creation = r.get("creation") or {}
            rows.append(
                [
                    f"{int(count):,}",
                    r["moves"],
                    _f(r["moves_per_s"], 0),
                    _f(r["move_latency"].get("median"), 1),
                    _f(r["move_latency"].get("p99"), 1),
                    _f(r.get("write_transaction", {}).get("median"), 2),
                    _f(r.get("cpu_ms_per_move"), 2),
                    _f(r["db_bytes_per_match_created"], 0),
                    _f(r["db_bytes_per_match_after_moves"], 0),
                    _f(creation.get("matches_per_s"), 0),
                ]
            )
        parts.append(
            "Store (8 writers, one MatchService/Store)\n"
            + _table(
                [
                    "matches",
                    "moves",
                    "moves/s",
                    "lat med ms",
                    "lat p99 ms",
                    "write tx med ms",
                    "CPU ms/move",
                    "B/match",
                    "B/match after",
                    "created/s",
                ],
                rows,
            )
        )
    if "memory" in s:
        r = s["memory"]
        parts.append(
            "Memory (VmRSS of the started bot, fresh subprocess)\n"
            + _table(
                ["store", "RSS MB", "peak MB", "after imports MB"],
                [
                    ["empty", r["empty"]["rss_mb"], r["empty"]["hwm_mb"], r["empty"]["after_imports_mb"]],
                    [
                        f"{r['loaded']['active_matches']:,} active",
                        r["loaded"]["rss_mb"],
                        r["loaded"]["hwm_mb"],
                        r["loaded"]["after_imports_mb"],
                    ],
                ],
            )
        )
    if "large" in s:
        parts.append(large_table(s["large"]))
        if "postgresql" in s["large"]:
            parts.append("[PostgreSQL] " + large_table(s["large"]["postgresql"]))
    if "review-quality" in s:
        rows = []
        for game, row in s["review-quality"]["games"].items():
            for pair, r in row.items():
                weak = pair.split("-")[0]
                rows.append(
                    [
                        game,
                        pair,
                        r["matches"],
                        r.get(f"{weak}_below_hard", "-") if weak != "hard" else "-",
                        r.get(f"{weak}_median_accuracy", "-") if weak != "hard" else "-",
                        r.get("hard_median_accuracy", "-"),
                        _f(r.get("median_abs_change_points")),
                        r["last_ply_is_result"],
                        _f(r["review_cpu_s"], 1),
                    ]
                )
        parts.append(
            "Review quality (bench/review_quality.py; accuracies in %, change in points)\n"
            + _table(
                [
                    "game",
                    "pairing",
                    "matches",
                    "weaker below hard",
                    "weaker median",
                    "hard median",
                    "best: median |change|",
                    "last ply = result",
                    "review CPU s",
                ],
                rows,
            )
        )
    rows = [
        [b["status"], b["section"], b["game"] or "", b["budget"], _f(b["value"], 2), b["unit"]]
        for b in report["budgets"]
    ]
    parts.append("Budgets\n" + _table(["", "section", "game", "budget", "measured", "unit"], rows))
    cpu = report.get("section_cpu") or {}
    if cpu:
        parts.append(
            "CPU stolen by the hypervisor while each section ran (other VMs; high steal = noisy timings): "
            + ", ".join(f"{k} {v.get('steal_pct', '?')} %" for k, v in cpu.items())
        )
    if report["notes"]:
        parts.append("Notes\n" + "\n".join(f"- {n}" for n in report["notes"]))
    return "\n\n".join(parts)


def _review_budgets(game: str, row: dict) -> list[dict]:
    """A review's quality (bench/review_quality.py), scaled to the matches measured: the weaker side's
    accuracy below hard's in 19 of 20 matches against random play and 16 of 20 against easy, random's
    median at most 60, and the mover's chance moving at most 5 points (median) over the search's best
    move, played, in hard against hard; the last ply's chances the result in every match."""
    out = []
    for pair, share in (("random-hard", 19 / 20), ("easy-hard", 16 / 20)):
        r = row.get(pair)
        if r:
            weak = pair.split("-")[0]
            need = math.ceil(share * r["matches"] - 1e-9)
            out.append(
                _entry(
                    f"{weak} below hard in >= {need} of {r['matches']}",
                    "review-quality",
                    game,
                    f"{pair}.{weak}_below_hard",
                    r[f"{weak}_below_hard"],
                    need,
                    ">=",
                    "matches",
                )
            )
    r = row.get("random-hard")
    if r:
        out.append(
            _entry(
                "random's median accuracy <= 60",
                "review-quality",
                game,
                "random-hard.random_median_accuracy",
                r["random_median_accuracy"],
                60.05,
                "<",
                "%",
            )
        )
    r = row.get("hard-hard")
    if r:
        out.append(
            _entry(
                "best move: mover's chance changes <= 5 points (median)",
                "review-quality",
                game,
                "hard-hard.median_abs_change_points",
                r["median_abs_change_points"],
                5.005,
                "<",
                "points",
            )
        )
    for pair, r in row.items():
        out.append(
            _entry(
                "last ply's chances = the result, every match",
                "review-quality",
                game,
                f"{pair}.last_ply_is_result",
                r["last_ply_is_result"],
                r["matches"],
                ">=",
                "matches",
            )
        )
    return out


def _large_budgets(half: dict) -> list[dict]:
    out = []
    backend = half.get("backend", "sqlite")
    prefix = "postgresql." if backend == "postgresql" else ""  # where the figure sits in the section
    if "crowd" in half:
        at = f"at {half['matches']:,} matches, {half['users']} users at once"
        new = half["crowd"]["new"]
        out.append(
            _entry(
                f"/move p99 < 400 ms {at} (service)",
                "large",
                backend,
                prefix + "crowd.new.move.latency.p99",
                new["move"]["latency"].get("p99"),
                400,
                "<",
                "ms",
            )
        )
        out.append(
            _entry(
                f"autocomplete p99 < 50 ms {at} (service)",
                "large",
                backend,
                prefix + "crowd.new.autocomplete.latency.p99",
                new["autocomplete"]["latency"].get("p99"),
                50,
                "<",
                "ms",
            )
        )
    if "reminders" in half:
        r = half["reminders"]
        out.append(
            _entry(
                f"{r['due']:,} due reminders sent < 600 s (Discord's clock)",
                "large",
                backend,
                prefix + "reminders.simulated_s",
                r["simulated_s"] if not r["left_due"] else None,
                600,
                "<",
                "s",
            )
        )
    if backend == "postgresql" and "writers" in half:
        out.append(
            _entry(
                f">= 1,000 moves/s on PostgreSQL at {half['matches']:,} matches, 8 writers",
                "large",
                backend,
                prefix + "writers.moves_per_s",
                half["writers"]["moves_per_s"],
                1000,
                ">=",
                "moves/s",
            )
        )
    return out


def large_table(r: dict) -> str:
    rows = []
    look = r.get("lookup", {})
    for name, key in (("user_matches, one call", "user_matches"), ("/stats series won, one call", "stats_series_won")):
        if key in look:
            old, new = look[key]["old"], look[key]["new"]
            rows.append(
                [
                    name,
                    _f(old.get("median"), 3),
                    _f(old.get("p99"), 3),
                    _f(new.get("median"), 3),
                    _f(new.get("p99"), 3),
                    "",
                ]
            )
    crowd = r.get("crowd", {})
    if "old" in crowd and "new" in crowd:
        for what in ("move", "autocomplete", "games"):
            old, new = crowd["old"][what]["latency"], crowd["new"][what]["latency"]
            rows.append(
                [
                    f"/{what} ({r['users']} users at once)"
                    if what != "autocomplete"
                    else f"autocomplete ({r['users']} users at once)",
                    _f(old.get("median"), 1),
                    _f(old.get("p99"), 1),
                    _f(new.get("median"), 1),
                    _f(new.get("p99"), 1),
                    crowd["new"].get("steal_pct"),
                ]
            )
    if "new_with_board" in crowd:
        b = crowd["new_with_board"]["latency"]
        rows.append(
            [
                f"/move incl. board image ({r['users']} users at once)",
                "",
                "",
                _f(b.get("median"), 1),
                _f(b.get("p99"), 1),
                crowd["new_with_board"].get("steal_pct"),
            ]
        )
    bot = r.get("commands", {})
    for what in ("move", "autocomplete"):
        if what in bot:
            old, new = bot[what]["old"], bot[what]["new"]
            rows.append(
                [
                    f"{what} under SimCord, one at a time",
                    _f(old.get("median"), 1),
                    _f(old.get("p99"), 1),
                    _f(new.get("median"), 1),
                    _f(new.get("p99"), 1),
                    "",
                ]
            )
    parts = [
        f"Large database: {r['matches']:,} matches (ms; old = the match look-up before it started from match_players)\n"
        + _table(["", "old med", "old p99", "new med", "new p99", "steal %"], rows)
    ]
    if "writers" in r:
        w = r["writers"]
        parts.append(
            f"Store at {r['matches']:,} matches, 8 writers: {w['moves_per_s']} moves/s, latency median "
            f"{w['latency'].get('median')} ms, p99 {w['latency'].get('p99')} ms (steal {w.get('steal_pct')} %)"
        )
    if "reminders" in r:
        m = r["reminders"]
        parts.append(
            f"{m['due']:,} reminders due at once in {m['channels']} channels: sent in {m['simulated_s']} s "
            f"on Discord's clock, {m['real_s']} s of real work (5 every 30 s took "
            f"{m['before_this_change_s'] / 3600:.1f} h); at most {m['most_in_a_channel_per_5s']} messages "
            f"per channel in 5 s, {m['most_per_1s']} per second in all"
        )
    return "\n".join(parts)


def write(report: dict, path: str) -> None:
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as fh:
        json.dump(report, fh, indent=1, sort_keys=False)
        fh.write("\n")
