"""Competitions: Swiss, league, knockout and ratings as pure functions.

Nothing here touches a store or Discord: the service keeps the entrants and
rounds (:mod:`.model`) and calls these functions to pair the next round,
build a schedule, advance a bracket, compute the standings or rate a game.
Every function is deterministic: the same input gives the same output.

- :func:`pair_swiss` -- the next Swiss round (:mod:`.swiss`);
- :func:`standings` -- points, Buchholz, Sonneborn-Berger, rating (:mod:`.standings`);
- :func:`league_schedule` / :func:`round_robin` -- a league (:mod:`.league`);
- :func:`knockout_bracket` / :func:`knockout_next` -- a knockout (:mod:`.knockout`);
- :func:`rate` / :func:`replay` -- OpenSkill ratings (:mod:`.skill`);
- :func:`page_of` -- one page of the standings and the reader's own row (:mod:`.pages`).
"""

from .knockout import (
    Advance,
    Bout,
    bracket_order,
    knockout_bracket,
    knockout_next,
    knockout_rounds,
    series_first_move,
    series_winner,
)
from .league import default_league_rounds, forfeit_remaining, league_schedule, pair_count_spread, round_robin
from .model import BYE_POINTS, Entrant, PlayerId, Round, Table, forfeit, met_counts, placement_points, table_sizes_for
from .pages import NoSuchPage, Page, page_count, page_of
from .skill import RatedGame, Skill, rate, replay, replay_history
from .standings import Standing, standings
from .swiss import default_rounds, pair_swiss

__all__ = [
    "Advance",
    "BYE_POINTS",
    "Bout",
    "Entrant",
    "NoSuchPage",
    "Page",
    "PlayerId",
    "RatedGame",
    "Round",
    "Skill",
    "Standing",
    "Table",
    "bracket_order",
    "default_league_rounds",
    "default_rounds",
    "forfeit",
    "forfeit_remaining",
    "knockout_bracket",
    "knockout_next",
    "knockout_rounds",
    "league_schedule",
    "met_counts",
    "page_count",
    "page_of",
    "pair_count_spread",
    "pair_swiss",
    "placement_points",
    "rate",
    "replay",
    "replay_history",
    "round_robin",
    "series_first_move",
    "series_winner",
    "standings",
    "table_sizes_for",
]
