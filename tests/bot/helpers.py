"""Helpers for the end-to-end bot tests: start matches, plan random play, check replies.

Everything here drives the real bot through SimCord actors or reads the store
through ``world.service``; nothing is mocked.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from dataclasses import dataclass

PNG_MAGIC = b"\x89PNG"
GAME = "architekton"


def decision_labels(state) -> list[str]:
    """The Keep and Remove buttons' labels for the pending building: what each costs (A5: a chip per
    mismatched side to keep the house, one fewer to take it back)."""
    k = state.mismatches(tuple(state.pending))

    def chips(n: int) -> str:
        return f"{n} chip" if n == 1 else f"{n} chips"

    return [f"Keep (pay {chips(k)})", "Remove (free)" if k == 1 else f"Remove (pay {chips(k - 1)})"]


def reproducible_seeds(service, start: int) -> None:
    """Seeds (tile orders) from a counter, so a failing test fails again on the next run."""
    counter = itertools.count(start)
    service.seeds = lambda: next(counter)


def deterministic_seeds(world, start: int = 1000) -> None:
    """Restart the running bot's seeds at ``start``."""
    reproducible_seeds(world.service, start)


async def challenge(world, challenger, opponent, *, channel=None, **options):
    """``/architekton challenge`` as ``challenger``; returns the InteractionResult."""
    return await challenger.slash(channel or world.channel, f"{GAME} challenge", opponent=opponent, **options)


async def start_match(world, *, first: str = "me", seed: int = 1000, challenger=None, opponent=None):
    """ann challenges bob (``first`` decides the seats) and bob accepts.

    Returns ``(match, accept_result)``.
    """
    deterministic_seeds(world, seed)
    challenger = challenger or world.ann
    opponent = opponent or world.bob
    offered = await challenge(world, challenger, opponent, first=first)
    assert not offered.ephemeral, offered.response.content
    accepted = await opponent.click(offered.response, label="Accept")
    match = await world.service.get(final_match_id(offered.response))
    assert match.status == "active"
    return match, accepted


async def rematch_through_the_bot(world, final, clicker, others):
    """``clicker`` presses Rematch on ``final``; the rematch is a challenge that starts once
    ``others`` all click Accept.  Returns ``(offer_text, board_message, rematch)``."""
    pressed = await clicker.click(final, label="Rematch")
    assert final.components == [], "the Rematch button goes once pressed"
    [offer] = pressed.followups
    assert not offer.ephemeral and button_labels(offer) == ["Accept", "Decline"]
    offered = await world.service.get(final_match_id(offer))
    assert offered.status == "challenge" and offered.deadline is None  # nobody's clock runs yet
    text = offer.content
    for other in others:
        accepted = await other.click(offer, label="Accept")
    [board] = accepted.followups
    rematch = await world.service.get(offered.id)
    assert rematch.status == "active" and rematch.message_id == board.id
    return text, board, rematch


def final_match_id(offer) -> int:
    """The match a challenge message is about: from its Accept button while it has
    one, else from the words ("(match #12) was accepted", in any language)."""
    for row in offer.components:
        for item in row.children if hasattr(row, "children") else row.get("components", []):
            custom_id = item.custom_id if hasattr(item, "custom_id") else item.get("custom_id", "")
            if custom_id and custom_id.startswith("bg:accept:"):
                return int(custom_id.split(":")[2])
    return int(re.search(r"\((?:match|Partie|partie) #(\d+)", offer.content).group(1))


def member_of(world, user_id: int):
    return {m.id: m for m in (world.ann, world.bob, world.cat)}[user_id]


async def snapshot(world, match_id: int):
    """What must not change when the bot refuses something."""
    match = await world.service.get(match_id)
    return match.version, match.state_json, len(await world.service.moves(match_id)), match.status


@dataclass
class Plan:
    """Random legal moves from a position, found on a copy of the state."""

    seed: int
    moves: list[str]
    state: object  # the engine state after the moves


def plan_random(state, stop: Callable[[object], bool], *, seeds=range(500), max_moves: int = 400) -> Plan:
    """Search rng seeds for a random line of play from ``state`` that reaches ``stop``.

    ``stop(state)`` is checked after every move; the first seed whose line
    reaches it wins.  The real match is untouched: this plays on copies.
    """
    for seed in seeds:
        rng = random.Random(seed)
        s = state.copy()
        moves: list[str] = []
        while s.outcome() is None and len(moves) < max_moves:
            move = rng.choice(s.legal_moves())
            s.play(move)
            moves.append(move)
            if stop(s):
                return Plan(seed, moves, s)
    raise AssertionError("no seed reached the wanted position")


def non_mover_decides(state) -> bool:
    """A keep/remove decision is pending and its owner is not the player whose turn it is."""
    return (
        state.outcome() is None
        and state.pending is not None
        and state.houses[tuple(state.pending)] != state.turn_player
    )


def ends_normally_with_a_winner(state) -> bool:
    outcome = state.outcome()
    return outcome is not None and outcome.end == "normal" and not outcome.is_draw


def ends_early(state) -> bool:
    outcome = state.outcome()
    return outcome is not None and outcome.end == "early"


async def play_through_service(world, match_id: int, moves: list[str]) -> None:
    """Play ``moves`` through the match service, each by whoever is to act."""
    for move in moves:
        match = await world.service.get(match_id)
        await world.service.move(match_id, match.to_move_id(), move)


async def assert_png(message) -> bytes:
    """The message carries the board, a real PNG, as its first attachment and nothing else but,
    at the end of a match, its replay and score chart; returns the board's bytes."""
    attachment, *extras = message.attachments
    assert [a.filename.split("-")[-1] for a in extras] in ([], ["replay.gif", "chart.png"]), extras
    assert attachment.filename.endswith(".png")
    assert attachment.content_type == "image/png"
    data = await attachment.read()
    assert data.startswith(PNG_MAGIC) and len(data) > 100
    return data


def mentioned_ids(message) -> set[int]:
    """The users mentioned in a message's content (Discord's ``mentions``; who is
    actually notified also depends on ``allowed_mentions``, see ``pinged_ids``)."""
    msg = getattr(message, "message", message)
    return {u.id for u in msg.mentions}


def button_labels(message) -> list[str]:
    return [c.get("label") for row in message.components for c in row.get("components", [])]


async def advance(env, seconds: float, step: float = 12 * 3600) -> None:
    """``env.advance_time`` in steps: each call has its own real-time settle budget,
    and every background wake-up on the way costs a little real time."""
    while seconds > 0:
        chunk = min(step, seconds)
        await env.advance_time(chunk)
        seconds -= chunk


def pinged_ids(env, message) -> set[int]:
    """Users the message really notifies: its mentions as filtered by the
    ``allowed_mentions`` the bot sent with it (read from SimCord's HTTP log)."""
    mentioned = mentioned_ids(message)
    bodies = []
    for request in env.http_requests:
        body = request.json if isinstance(request.json, dict) else {}
        body = body.get("data", body) if "type" in body else body  # interaction callbacks nest it
        if isinstance(body, dict) and body.get("content") == message.content:
            bodies.append(body)
    assert bodies, "no request of the bot produced this message"
    allowed = bodies[-1].get("allowed_mentions")
    if allowed is None or "users" in allowed.get("parse", []):
        return mentioned
    return mentioned & {int(u) for u in allowed.get("users", [])}


async def reach_decision_by_the_non_mover(w):
    """Play random legal moves until the mover's placement encloses a building of
    the other player; the last placement goes through the bot.

    Returns ``(match, board message, mover, owner)``.
    """
    match, _ = await start_match(w, seed=1000)
    plan = plan_random(match.state(), non_mover_decides)
    await play_through_service(w, match.id, plan.moves[:-1])
    match = await w.service.get(match.id)
    mover = member_of(w, match.to_move_id())
    placed = await mover.slash(w.channel, f"{GAME} move", move=plan.moves[-1])
    assert not placed.ephemeral, placed.response.content
    match = await w.service.get(match.id)
    state = match.state()
    assert state.pending is not None
    owner = member_of(w, match.players[state.houses[tuple(state.pending)]])
    assert owner.id != mover.id and owner.id == match.to_move_id()
    return match, placed.response, mover, owner
