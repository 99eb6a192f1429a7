"""The play feature's persistent buttons on a match: answering a challenge, a decision within a
turn, resigning, a rematch, claiming, answering an offer.  Each one's click does its own work.

Their custom_ids (``bg:<action>:<match id>:<version>``) are what messages already posted carry:
the formats never change, so a button in an old message still works (or is refused privately).
"""

from __future__ import annotations

import discord

from engines import Text
from matches import ServiceError

from ..messages import present
from ..persistent import PREFIX, Persistent, view_of
from ..replies import acknowledge_quietly, edit_clicked, in_time, reply_error

__all__ = ["PREFIX", "view_of"]  # the play feature's modules take them from here too
Style = discord.ButtonStyle


def _template(action: str) -> str:
    return rf"{PREFIX}:{action}:(?P<id>[0-9]+):(?P<v>[0-9]+)"


def _timely(interaction: discord.Interaction, call):
    """A slow store: the click is acknowledged quietly, the clicked message edited later."""
    return in_time(interaction, call, acknowledge_quietly)


class MatchButton(Persistent):
    """A button on a match: the match id and the version it was shown at are in its custom_id."""

    action = ""
    label: Text
    style = Style.secondary

    def __init__(self, match_id: int, version: int = 0, label: Text | None = None):
        self.match_id, self.version = match_id, version
        if label is not None:  # words that depend on the position (what keeping a house costs)
            self.label = label
        super().__init__(
            discord.ui.Button(
                label=self.label, style=self.style, custom_id=f"{PREFIX}:{self.action}:{match_id}:{version}"
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]), int(match["v"]))


class _Answer(MatchButton):
    """Accept or Decline on a challenge (or a rematch offer)."""

    async def clicked(self, interaction: discord.Interaction) -> None:
        actions = interaction.client.actions
        answer = actions.service.accept if self.action == "accept" else actions.service.decline
        try:
            match = await _timely(interaction, answer(self.match_id, interaction.user.id))
        except ServiceError:
            await actions._challenge_refused(interaction, self.match_id)
            raise
        await actions._challenge_answered(interaction, match)


class AcceptButton(_Answer, discord.ui.DynamicItem[discord.ui.Button], template=_template("accept")):
    action, label, style = "accept", Text("Accept"), Style.success


class DeclineButton(_Answer, discord.ui.DynamicItem[discord.ui.Button], template=_template("decline")):
    action, label, style = "decline", Text("Decline"), Style.secondary


class _Decision(MatchButton):
    """Keep or Remove a building enclosed by one's own placement (A5): a move within the turn."""

    async def clicked(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service
        result = await _timely(
            interaction, service.move(self.match_id, interaction.user.id, self.action, expected_version=self.version)
        )
        await edit_clicked(interaction, view=None)
        await interaction.client.boards.post_move(interaction, result)


# Their labels say what each costs in the position (decision_buttons); these stand for them after a restart.
class KeepButton(_Decision, discord.ui.DynamicItem[discord.ui.Button], template=_template("keep")):
    action, label, style = "keep", Text("Keep"), Style.primary


class RemoveButton(_Decision, discord.ui.DynamicItem[discord.ui.Button], template=_template("remove")):
    action, label, style = "remove", Text("Remove"), Style.secondary


class _TurnChange(MatchButton):
    """A click that ends or changes the turn: the clicked message loses its buttons, a board follows."""

    done: Text | None = None  # what the clicked message says then (None: it keeps its words)

    def call(self, service, user: int):
        raise NotImplementedError

    async def clicked(self, interaction: discord.Interaction) -> None:
        result = await _timely(interaction, self.call(interaction.client.service, interaction.user.id))
        if self.done is not None:
            await edit_clicked(interaction, content=self.done, view=None)
        else:
            await edit_clicked(interaction, view=None)
        await interaction.client.boards.post_turn(interaction, result.match, result.description, result.series)


class ResignButton(_TurnChange, discord.ui.DynamicItem[discord.ui.Button], template=_template("resign")):
    action, label, style, done = "resign", Text("Yes, resign"), Style.danger, Text("You resigned.")

    def call(self, service, user: int):
        return service.resign(self.match_id, user, expected_version=self.version)


class ClaimButton(_TurnChange, discord.ui.DynamicItem[discord.ui.Button], template=_template("claim")):
    action, label, style = "claim", Text("Claim the win"), Style.danger

    def call(self, service, user: int):
        return service.claim(self.match_id, user)


class DrawYesButton(_TurnChange, discord.ui.DynamicItem[discord.ui.Button], template=_template("draw-yes")):
    action, label, style = "draw-yes", Text("Accept the draw"), Style.success

    def call(self, service, user: int):
        return service.answer(self.match_id, user, "draw", True, expected_version=self.version)


class UndoYesButton(_TurnChange, discord.ui.DynamicItem[discord.ui.Button], template=_template("undo-yes")):
    action, label, style = "undo-yes", Text("Allow the takeback"), Style.success

    def call(self, service, user: int):
        return service.answer(self.match_id, user, "undo", True, expected_version=self.version)


class _Refusal(MatchButton):
    """Declining a draw or a takeback: the offer's message says so and loses its buttons."""

    kind = ""

    async def clicked(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service
        await _timely(
            interaction,
            service.answer(self.match_id, interaction.user.id, self.kind, False, expected_version=self.version),
        )
        await edit_clicked(interaction, content=Text("Declined."), view=None)


class DrawNoButton(_Refusal, discord.ui.DynamicItem[discord.ui.Button], template=_template("draw-no")):
    action, label, style, kind = "draw-no", Text("Decline"), Style.secondary, "draw"


class UndoNoButton(_Refusal, discord.ui.DynamicItem[discord.ui.Button], template=_template("undo-no")):
    action, label, style, kind = "undo-no", Text("Refuse"), Style.secondary, "undo"


class RematchButton(MatchButton, discord.ui.DynamicItem[discord.ui.Button], template=_template("rematch")):
    """Under a finished match: the same table again, seats swapped."""

    action, label, style = "rematch", Text("Rematch"), Style.primary

    async def clicked(self, interaction: discord.Interaction) -> None:
        actions, user = interaction.client.actions, interaction.user.id
        service = actions.service
        match = await _timely(interaction, service.rematch(self.match_id, user))
        await edit_clicked(interaction, view=None)
        standing = present.series_line(match, await service.series(match.series_id))
        intro = (
            Text("Rematch of #{id}, seats swapped. {standing}", id=self.match_id, standing=standing)
            if standing
            else Text("Rematch of #{id}, seats swapped.", id=self.match_id)
        )
        if match.status == "active":  # against the computer alone: it accepted at once
            await actions.boards.post_turn(interaction, match, intro)
            return
        if not await actions.post_challenge(interaction, match, intro):
            await service.decline(match.id, user)
            await reply_error(interaction, Text("I could not post the rematch; check my permissions in that channel."))


ALL = (
    AcceptButton,
    DeclineButton,
    KeepButton,
    RemoveButton,
    ResignButton,
    RematchButton,
    ClaimButton,
    DrawYesButton,
    DrawNoButton,
    UndoYesButton,
    UndoNoButton,
)


def decision_buttons(match_id: int, version: int, mismatches: int) -> tuple[MatchButton, MatchButton]:
    """Keep and Remove for a building enclosed with ``mismatches`` mismatched sides (A5): keeping
    costs one chip per mismatch, taking the house back one fewer, so with one mismatch it is free."""
    keep = KeepButton(match_id, version, Text("Keep (pay {chips})", chips=_chips(mismatches)))
    remove = RemoveButton(
        match_id,
        version,
        Text("Remove (free)") if mismatches == 1 else Text("Remove (pay {chips})", chips=_chips(mismatches - 1)),
    )
    return keep, remove


def _chips(count: int) -> Text:
    return Text("{count} chip", count=count) if count == 1 else Text("{count} chips", count=count)
