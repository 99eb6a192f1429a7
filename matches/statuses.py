"""What a match's status is, in words: one clause per status, for the sentences
that refuse a request because of it ("Match #5 {state}; ...")."""

from __future__ import annotations

from engines.text import Text

STATE = {
    "challenge": Text("has not started yet"),
    "active": Text("is running"),
    "finished": Text("is finished"),
    "void": Text("is void"),
    "declined": Text("was declined"),
    "cancelled": Text("was withdrawn"),
    "expired": Text("has expired"),
    "aborted": Text("was aborted"),
    "abandoned": Text("was closed as abandoned"),
}


def state_of(status: str) -> Text:
    return STATE[status]
