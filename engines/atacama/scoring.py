"""Atacama scoring (T4, T6): what a row or column is worth under a right."""

from __future__ import annotations

from .boards import RIGHTS, SIZE, THRESHOLD, Field, Ore, line_fields

Towers = dict[Field, tuple[int, bool]]  # field -> (seat, other colour)


def line_value(towers: Towers, ores: dict[Field, Ore], axis: str, index: int, colour: str) -> tuple[int, int]:
    """``(towers, value)`` of a line for the ``colour`` right: the towers it
    holds and the sum of their fields' values with the right's signs, an
    other-colour tower counting double (T6).  The value is what the line
    scores once it holds at least four towers (T4)."""
    signs = RIGHTS[colour]
    count = value = 0
    for field in line_fields(axis, index):
        tower = towers.get(field)
        if tower is None:
            continue
        ore, points = ores[field]
        count += 1
        value += signs[ore] * points * (2 if tower[1] else 1)
    return count, value


def right_score(towers: Towers, ores: dict[Field, Ore], axis: str, colour: str) -> int:
    """T4: the sum over the lines of ``axis`` with at least four towers."""
    return rights_scores(towers, ores, [(axis, colour)])[0]


def rights_scores(towers: Towers, ores: dict[Field, Ore], rights: list[tuple[str, str] | None]) -> list[int]:
    """:func:`right_score` for every right at once (0 for None), in one pass over the towers."""
    counts = {"cols": [0] * SIZE, "rows": [0] * SIZE}
    sums = {
        "cols": [dict.fromkeys("GSC", 0) for _ in range(SIZE)],
        "rows": [dict.fromkeys("GSC", 0) for _ in range(SIZE)],
    }
    for (c, r), (_, other) in towers.items():
        ore, points = ores[(c, r)]
        points *= 2 if other else 1
        counts["cols"][c] += 1
        counts["rows"][r] += 1
        sums["cols"][c][ore] += points
        sums["rows"][r][ore] += points
    out = []
    for right in rights:
        if right is None:
            out.append(0)
            continue
        axis, colour = right
        signs = RIGHTS[colour]
        out.append(
            sum(
                signs["G"] * line["G"] + signs["S"] * line["S"] + signs["C"] * line["C"]
                for n, line in zip(counts[axis], sums[axis])
                if n >= THRESHOLD
            )
        )
    return out
