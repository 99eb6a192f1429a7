"""Errors of the match service.  Every message is meant for the player."""


class ServiceError(Exception):
    """A request was refused; nothing changed.  The message is a :class:`~engines.text.Text`."""

    @property
    def text(self) -> str:
        return self.args[0] if self.args else ""


class NotFound(ServiceError):
    pass


class NotAPlayer(ServiceError):
    pass


class NotYourTurn(ServiceError):
    pass


class MatchClosed(ServiceError):
    pass


class StaleRequest(ServiceError):
    """Someone else changed the match first (double click, simultaneous move)."""


class MatchBroken(ServiceError):
    """The match's stored data cannot be read or does not agree with itself; it is marked broken
    and left alone (``python -m matches broken`` lists it), the player's other matches go on."""
