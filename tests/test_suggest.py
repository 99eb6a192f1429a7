"""Autocomplete filtering of legal moves (at most 25 Discord choices)."""

from bot.play.suggest import LIMIT, suggest

LEGAL = sorted(
    [f"B{b:02d}@{x},{y}r{r}" for b in (3, 6, 9) for x in range(-3, 4) for y in (1, -1) for r in range(2)]
    + [f"{t}@{x},0" for t in "EMW" for x in range(-4, 5, 2)]
)


def test_prefix_filter_ignores_case_and_spaces():
    got = suggest(LEGAL, "b06 @1")
    assert got and all(m.startswith("B06@1") for m in got)


def test_at_most_25_and_every_tile_reachable_when_nothing_typed():
    got = suggest(LEGAL, "")
    assert len(got) == LIMIT
    assert {m.split("@")[0] for m in got} == {"B03", "B06", "B09", "E", "M", "W"}
    assert got == sorted(got) and set(got) <= set(LEGAL)


def test_short_list_is_returned_whole():
    assert suggest(["keep", "remove"], "") == ["keep", "remove"]
    assert suggest(["keep", "remove"], "RE") == ["remove"]


def test_falls_back_to_substring_for_a_square():
    got = suggest(LEGAL, "2,0")
    assert got == [m for m in LEGAL if "2,0" in m] and "E@2,0" in got and "E@-2,0" in got


def test_nothing_matches():
    assert suggest(LEGAL, "zzz") == []


def test_a_positions_legal_moves_are_computed_once_per_version_and_few_are_kept():
    """Every keystroke in /move's autocomplete asks for the legal moves of the same position."""
    from types import SimpleNamespace

    import engines
    from bot.play.suggest import RecentMoves

    class Counting:
        def __init__(self, state):
            self.state, self.calls = state, 0

        def legal_moves(self):
            self.calls += 1
            return self.state.legal_moves()

    spec = engines.get_game("architekton")
    position = Counting(spec.setup(2, 1, None, None))
    match = SimpleNamespace(id=7, version=0, position=position)
    recent = RecentMoves(size=3)
    first = recent.of(match)
    assert recent.of(match) is first and position.calls == 1
    assert suggest(first, "") == suggest(position.state.legal_moves(), "")
    assert suggest(first, "b0") == suggest(position.state.legal_moves(), "b0")
    match.version = 1  # a move, an undo, a vacation: a new position
    assert recent.of(match) is not first and position.calls == 2
    for n in range(5):
        recent.of(SimpleNamespace(id=100 + n, version=0, position=position))
    assert len(recent) == 3
    recent.of(SimpleNamespace(id=7, version=0, position=position))
    assert position.calls == 8  # the oldest was let go
