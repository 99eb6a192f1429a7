"""The moments the service's components hook into: declared in order, run inside the transaction
of the change, and the vetoes asked before an action (both backends, tests/conftest.py)."""

import re
from pathlib import Path

import pytest

from matches import ServiceError

from .conftest import ANN, BOB

README = Path(__file__).resolve().parents[2] / "matches" / "README.md"


async def fem(service):
    """Tactori FEM, ann first; ann has played +c3 and stored a reply, bob is to move."""
    match = await service.create_challenge("tactori-fem", 10, 20, ANN, [BOB], first="me")
    match = await service.accept(match.id, BOB.id)
    match = (await service.move(match.id, ANN.id, "+c3")).match
    await service.add_conditional(match.id, ANN.id, "+a1; +e5")
    return match


def table_rows(heading: str) -> dict[str, list[str]]:
    """The rows of the README's table under ``heading``: first cell -> the names of the second."""
    text = README.read_text(encoding="utf-8").split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) >= 2:
            rows[cells[0].strip("`")] = [n.strip() for n in cells[1].split(",")]
    return rows


def test_the_readme_lists_each_moments_listeners_and_vetoes_in_their_order(service):
    declared = {m.name: m.names for m in service.moments.all()}
    assert declared["match_ended"] == ["tournaments", "ladders", "conditional"]
    assert declared["abort_veto"] == ["tournaments"]
    for heading in ("Moments and their listeners, in order", "Vetoes"):
        rows = table_rows(heading)
        assert rows, heading
        assert {name: declared[name] for name in rows} == rows
    listed = re.findall(r"`(\w+)` \(", README.read_text(encoding="utf-8").split("## Wakeups", 1)[1])
    assert listed == declared["wakeups"]


async def test_the_listeners_of_a_match_ending_run_in_order_inside_its_transaction(service):
    match = await fem(service)
    ended = service.moments.match_ended
    seen = []

    def watching(owner, listener):
        def run(tx, ending):
            # inside the ending transaction: its own write is visible, nothing is committed yet
            status = tx.fetchone("SELECT status FROM matches WHERE id = ?", (ending.id,))["status"]
            lines = tx.fetchone("SELECT COUNT(*) AS n FROM conditional_lines WHERE match_id = ?", (ending.id,))["n"]
            seen.append((owner, status, lines))
            listener(tx, ending)

        return run

    ended._listeners = [(owner, watching(owner, listener)) for owner, listener in ended._listeners]
    result = await service.resign(match.id, BOB.id)
    assert result.match.status == "finished"
    # conditional drops the lines last: the listeners before it still see them
    assert seen == [("tournaments", "finished", 1), ("ladders", "finished", 1), ("conditional", "finished", 1)]
    assert await service.conditional_lines(match.id, ANN.id) == []


async def test_a_failing_listener_rolls_the_ending_back(service):
    match = await fem(service)
    series_before = await service.series(match.series_id)

    def failing(tx, ending):
        raise RuntimeError("a listener failed")

    service.moments.match_ended.listen("failing", failing)
    with pytest.raises(RuntimeError, match="a listener failed"):
        await service.resign(match.id, BOB.id)
    after = await service.get(match.id)
    assert after.status == "active" and after.version == match.version and after.resignations == []
    # what ran before it in that transaction is undone too: the series points, the lines' deletion
    assert (await service.series(match.series_id)).points == series_before.points
    assert [line.moves for line in await service.conditional_lines(match.id, ANN.id)] == [["+a1", "+e5"]]
    # without it, the same resignation ends the match
    service.moments.match_ended._listeners.pop()
    assert (await service.resign(match.id, BOB.id)).match.status == "finished"


async def test_a_declared_veto_refuses_an_abort_and_changes_nothing(service):
    kept = await fem(service)
    other = await service.accept((await service.create_challenge("architekton", 10, 20, ANN, [BOB])).id, BOB.id)

    async def keep(match_id):
        if match_id == kept.id:
            raise ServiceError("this match is kept")

    service.moments.abort_veto.listen("keeper", keep)
    assert service.moments.abort_veto.names == ["tournaments", "keeper"]
    with pytest.raises(ServiceError, match="this match is kept"):
        await service.abort(kept.id, 10)
    after = await service.get(kept.id)
    assert after.status == "active" and after.version == kept.version
    assert [line.moves for line in await service.conditional_lines(kept.id, ANN.id)] == [["+a1", "+e5"]]
    # the veto speaks for its match only: another aborts, and its aborted listeners ran
    assert (await service.abort(other.id, 10)).status == "aborted"


async def test_next_wakeup_is_the_earliest_any_component_declares(service, clock):
    assert await service.next_wakeup() is None
    match = await service.create_challenge("architekton", 10, 20, ANN, [BOB])  # expires: timekeeping's
    assert await service.next_wakeup() == match.expires_at
    await service.set_reminder_settings(ANN.id, reminders="digest", digest_hour=int(clock.now % 86400 // 3600))
    digest = (await service.user_settings(ANN.id)).digest_next_at  # the digests'
    assert digest < match.expires_at and await service.next_wakeup() == digest
