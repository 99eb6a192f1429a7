"""Game-independent checks on engine states, shared by every game's test helpers."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest

from engines import IllegalMove, Record, get_game, replay


def snapshot(state: Any) -> str:
    """The whole state as canonical JSON text: equal texts, equal positions."""
    return json.dumps(state.to_json(), sort_keys=True)


def assert_refused(state: Any, move: str, *words: str, error: type[Exception] = IllegalMove) -> Exception:
    """``move`` raises ``error`` mentioning ``words``, and the state is unchanged
    (architekton.md A11 says so for every refused move; the engines share the rule)."""
    before = snapshot(state)
    with pytest.raises(error) as info:
        state.play(move)
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    assert snapshot(state) == before, "a refused move changed the state"
    return info.value


def accepted_moves(state: Any, candidates: Iterable[str], error: type[Exception] = ValueError) -> set[str]:
    """The canonical forms of the ``candidates`` that ``state`` accepts.

    Each is tried on a fresh copy made through JSON text, so one accepted move
    cannot hide the next; a refused one must leave its copy as it was.
    """
    base = json.dumps(state.to_json())
    rebuild = type(state).from_json
    accepted = set()
    work = rebuild(json.loads(base))
    for text in candidates:
        try:
            accepted.add(work.play(text))
        except error:
            assert json.dumps(work.to_json()) == base
            continue
        work = rebuild(json.loads(base))
    return accepted


def replay_match(record: Record, initial: str | None = None) -> Any:
    """The final position of a recorded match.

    The record goes through its text form, as stored and exported.  A match
    set up off the record (fewer houses or towers than the rules give) instead
    replays its moves from ``initial``, the JSON text of its first position.
    """
    if initial is None:
        return replay(Record.loads(record.dumps()))
    state = get_game(record.game).state_from_json(json.loads(initial))
    for move in record.moves:
        state.play(move)
    return state
