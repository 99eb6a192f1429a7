"""Board links: the credential of the web board.

A link names one match, one user and a role (a player of the match or a
spectator), the generation of that user's links (``/settings links:renew``
counts it up) and when it expires, signed with HMAC-SHA256 under WEB_SECRET.
The link is checked in constant time; nothing in it is secret but the
signature, and it is only ever sent privately to its user.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

ROLES = ("player", "spectator")
_SHAPE = re.compile(r"[A-Za-z0-9_-]{8,120}\.[A-Za-z0-9_-]{43}")


@dataclass(frozen=True)
class Link:
    match_id: int
    user_id: int
    role: str  # "player" or "spectator"
    generation: int
    expires: int  # seconds since the epoch

    def payload(self) -> bytes:
        return f"{self.match_id}.{self.user_id}.{self.role[0]}.{self.generation}.{self.expires}".encode()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _mac(secret: str, payload: bytes) -> bytes:
    return hmac.new(secret.encode(), b"board-link\0" + payload, hashlib.sha256).digest()


def sign(secret: str, link: Link) -> str:
    payload = link.payload()
    return f"{_b64(payload)}.{_b64(_mac(secret, payload))}"


def read(secret: str, token: str) -> Link | None:
    """The link ``token`` stands for, or None when it is not one signed with ``secret``
    (its expiry and generation are the caller's to check)."""
    if not isinstance(token, str) or not _SHAPE.fullmatch(token):
        return None
    body, mac = token.split(".")
    try:
        payload, given = _unb64(body), _unb64(mac)
    except ValueError:
        return None
    if not hmac.compare_digest(_mac(secret, payload), given):
        return None
    try:
        match_id, user_id, role, generation, expires = payload.decode().split(".")
        role = {"p": "player", "s": "spectator"}[role]
        return Link(int(match_id), int(user_id), role, int(generation), int(expires))
    except (ValueError, KeyError):
        return None


def fingerprint(token: str) -> str:
    """A short stand-in for a link where one is needed as a key (rate limits): never the link itself."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]
