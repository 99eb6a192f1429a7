"""Persistent buttons: their state lives in ``custom_id`` and the store, so they
keep working after a restart (discord.py ``DynamicItem``)."""
from __future__ import annotations

import discord

from engines import Text

from ..locales import say

PREFIX = "bg"
Style = discord.ButtonStyle


class _MatchButton:
    """Mixin for DynamicItem buttons: parses the match id and version from the
    custom_id and hands the click to the bot's actions."""

    action = ""
    label: Text
    style = Style.secondary

    def __init__(self, match_id: int, version: int = 0, label: Text | None = None):
        self.match_id, self.version = match_id, version
        if label is not None:       # words that depend on the position (what keeping a house costs)
            self.label = label
        super().__init__(discord.ui.Button(label=self.label, style=self.style,
                                           custom_id=f"{PREFIX}:{self.action}:{match_id}:{version}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["id"]), int(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.actions.button(interaction, self.action, self.match_id, self.version)


def _button(action: str, label: Text, style: Style) -> type:
    class Button(_MatchButton, discord.ui.DynamicItem[discord.ui.Button],
                 template=rf"{PREFIX}:{action}:(?P<id>[0-9]+):(?P<v>[0-9]+)"):
        pass

    Button.action, Button.label, Button.style = action, label, style
    Button.__name__ = Button.__qualname__ = "".join(p.title() for p in action.split("-")) + "Button"
    return Button


AcceptButton = _button("accept", Text("Accept"), Style.success)
DeclineButton = _button("decline", Text("Decline"), Style.secondary)
# Their labels say what each costs in the position (decision_buttons); these stand for them after a restart.
KeepButton = _button("keep", Text("Keep"), Style.primary)
RemoveButton = _button("remove", Text("Remove"), Style.secondary)
ResignButton = _button("resign", Text("Yes, resign"), Style.danger)
RematchButton = _button("rematch", Text("Rematch"), Style.primary)
ReviewButton = _button("review", Text("Review"), Style.secondary)
ClaimButton = _button("claim", Text("Claim the win"), Style.danger)
DrawYesButton = _button("draw-yes", Text("Accept the draw"), Style.success)
DrawNoButton = _button("draw-no", Text("Decline"), Style.secondary)
UndoYesButton = _button("undo-yes", Text("Allow the takeback"), Style.success)
UndoNoButton = _button("undo-no", Text("Refuse"), Style.secondary)

ALL = (AcceptButton, DeclineButton, KeepButton, RemoveButton, ResignButton, RematchButton, ClaimButton,
       DrawYesButton, DrawNoButton, UndoYesButton, UndoNoButton, ReviewButton)


def decision_buttons(match_id: int, version: int, mismatches: int) -> tuple[_MatchButton, _MatchButton]:
    """Keep and Remove for a building enclosed with ``mismatches`` mismatched sides (A5): keeping
    costs one chip per mismatch, taking the house back one fewer, so with one mismatch it is free."""
    keep = KeepButton(match_id, version, Text("Keep (pay {chips})", chips=_chips(mismatches)))
    remove = RemoveButton(match_id, version, Text("Remove (free)") if mismatches == 1 else
                          Text("Remove (pay {chips})", chips=_chips(mismatches - 1)))
    return keep, remove


def _chips(count: int) -> Text:
    return Text("{count} chip", count=count) if count == 1 else Text("{count} chips", count=count)


def view_of(*items: discord.ui.Item, locale=None) -> discord.ui.View:
    """The items as a persistent view, their labels in the language of ``locale``."""
    view = discord.ui.View(timeout=None)
    for item in items:
        button = getattr(item, "item", item)
        if isinstance(button, discord.ui.Button) and isinstance(getattr(item, "label", None), Text):
            button.label = say(item.label, locale, escaped=False)[:80]     # Discord's limit for a label
        view.add_item(item)
    return view
