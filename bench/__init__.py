"""Benchmark suite: ``python -m bench [--quick] [--only SECTIONS] [-o bench/results.json]``.

Sections (each measured per registered game where it makes sense):

- ``engine``  -- ``play()``, ``legal_moves()``, JSON round-trip, record replay;
- ``playouts`` -- full random playouts per second: ``sample_move`` vs ``legal_moves``;
- ``render``  -- one board PNG: time, size, pixel size; outside --quick also the
  base commit's renderer against today's in turns (``bench.render_compare``,
  ``--render-base REV``) and the RSS after 2,000 boards;
- ``replay``  -- the animated replay of each game's longest playout and its score chart;
- ``command`` -- ``/<game> move`` through the real bot under SimCord;
- ``store``   -- sustained moves/s with many active matches, 8 concurrent writers;
- ``memory``  -- resident memory of the started bot (fresh subprocess);
- ``large``   -- 100,000 matches with real move histories (2,000 in quick mode):
  64 simultaneous users' /move, autocomplete and /games, 8 writers, 10,000
  reminders due at once; the old match look-up beside the new;
- ``review-quality`` -- does a match review tell good play from bad: random and easy
  against hard, hard against hard (``bench.review_quality``; records and reviews cached
  under ``BENCH_CACHE``, default the system temp folder).

Positions come from seeded random legal playouts (:mod:`bench.positions`).
Nothing here changes the project; a game without a renderer or bot command is
skipped with a printed note.
"""

SECTIONS = ("engine", "playouts", "render", "replay", "command", "store", "memory", "large", "ai", "review-quality")
