"""The rule of bot/messages/mentions.py and bot/replies.outgoing, checked on the code and on its output."""

import ast
from pathlib import Path

import discord
import pytest

from bot.messages.mentions import NOBODY, named, pinging, shown
from bot.replies import BUTTON_LABEL_MAX, CONTENT_MAX, EMBED_TOTAL_MAX, OPTION_TEXT_MAX, OPTIONS_MAX, fit, outgoing
from engines import Text, Verbatim, excerpt

BOT = Path(__file__).resolve().parent.parent / "bot"
SENDS = {"send", "send_message", "edit_message", "edit_original_response", "edit"}


def _calls_without_outgoing(root: Path = BOT):
    """Every send or edit call in bot/ whose arguments do not come from ``outgoing(...)``."""
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for func in ast.walk(tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            built = {
                t.id
                for node in ast.walk(func)
                if isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "id", "") == "outgoing"
                for t in node.targets
                if isinstance(t, ast.Name)
            }
            for call in ast.walk(func):
                if not (
                    isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in SENDS
                ):
                    continue
                spread = [k.value for k in call.keywords if k.arg is None]
                if any(isinstance(v, ast.Call) and getattr(v.func, "id", "") == "outgoing" for v in spread):
                    continue
                if any(isinstance(v, ast.Name) and v.id in built for v in spread):
                    continue
                # A thread's edit (archiving it) is a channel's, not a message's.
                if call.func.attr == "edit" and {k.arg for k in call.keywords} == {"archived"}:
                    continue
                yield f"{path.relative_to(root.parent)}:{call.lineno}"


def test_every_send_and_edit_in_the_bot_goes_through_outgoing():
    """A new send without stated mentions or fitting to Discord's limits fails here."""
    assert list(_calls_without_outgoing()) == []


def test_the_scan_finds_calls_that_bypass_outgoing(tmp_path):
    (tmp_path / "bot").mkdir()
    (tmp_path / "bot" / "bad.py").write_text(
        "async def f(channel, m):\n    await channel.send('hi')\n    await m.edit(**outgoing(view=None))\n"
    )
    assert list(_calls_without_outgoing(tmp_path / "bot")) == ["bot/bad.py:2"]


def test_only_mentioned_players_are_pinged_and_never_everyone_or_roles():
    content = "<@111> and <@222>, also <@333> (@everyone <@&444>)"
    allowed = outgoing(content, notify=[111, 333, 555])["allowed_mentions"]
    assert allowed.everyone is False and allowed.roles is False and allowed.replied_user is False
    assert sorted(u.id for u in allowed.users) == [111, 333]
    assert named(content, [222]) == [222]
    assert outgoing(content)["allowed_mentions"] is NOBODY
    assert pinging([]) is NOBODY
    assert outgoing(content, ephemeral=True)["allowed_mentions"].to_dict() == {"parse": []}


def test_content_over_discords_limit_is_cut_with_an_ellipsis():
    long = "x" * 5000
    assert len(outgoing(long)["content"]) == CONTENT_MAX and outgoing(long)["content"].endswith("…")
    assert outgoing("short")["content"] == "short"
    assert "content" not in outgoing(view=None)  # an edit of the view alone keeps the text
    assert fit(None, 10) is None


def test_components_and_embeds_are_fitted():
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="b" * 200))
    view.add_item(
        discord.ui.Select(
            options=[discord.SelectOption(label=f"{i}" * 150, value=str(i), description="d" * 300) for i in range(40)]
        )
    )
    embed = discord.Embed(title="t" * 400, description="d" * 5000)
    for _i in range(30):
        embed.add_field(name="n" * 300, value="v" * 2000)
    out = outgoing("x", view=view, embed=embed)
    button, select = out["view"].children
    assert len(button.label) == BUTTON_LABEL_MAX and button.label.endswith("…")
    assert len(select.options) == OPTIONS_MAX
    assert all(len(o.label) <= OPTION_TEXT_MAX and len(o.description) <= OPTION_TEXT_MAX for o in select.options)
    assert len(out["embed"]) <= EMBED_TOTAL_MAX and len(out["embed"].fields) <= 25


@pytest.mark.parametrize(
    "name, visible",
    [
        ("@everyone", "@\u200beveryone"),
        ("@here", "@\u200bhere"),
        ("<@&123>", "<@\u200b&123>"),
        ("<@456>", "<@\u200b456>"),
        ("**bold**", "\\*\\*bold\\*\\*"),
        ("a_b_c", "a\\_b\\_c"),
        ("x`", "x\\`"),
        ("# big", "\\# big"),
        ("> quote", "\\> quote"),
        ("back\\slash", "back\\\\slash"),
        ("alice", "alice"),
        ("-1,0", "-1,0"),
        ("[a](http://x)", "\\[a](http://x)"),
        ("B20@2,1r0", "B20@2,1r0"),
    ],
)
def test_names_are_shown_escaped_but_readable(name, visible):
    assert str(shown(name)) == visible


def test_a_text_escapes_its_plain_parameters_but_not_what_the_code_wrote():
    text = Text(
        "{player}, {me} offers a draw {when}.", player=Verbatim("<@111>"), me="@everyone", when=Verbatim("<t:5:R>")
    )
    assert text.render(lambda t: None, shown) == "<@111>, @\u200beveryone offers a draw <t:5:R>."
    assert str(text) == "<@111>, @everyone offers a draw <t:5:R>."  # images and logs keep the raw name


def test_a_refusal_quotes_a_short_visible_excerpt():
    assert excerpt("\u200b" * 300 + "\u202e" * 300) == ""
    assert excerpt("  e5 \u200b\n  f6\t") == "e5 f6"
    cut = excerpt("a" * 500)
    assert len(cut) == 32 and cut.endswith("…")


def test_board_images_and_labels_keep_names_raw_while_messages_escape_them():
    """Pictures and button labels show text literally: there a backslash would be seen."""
    from bot.locales import say

    text = Text("{name} to move", name="**x** @everyone")
    assert say(text, "en", escaped=False) == "**x** @everyone to move"
    assert say(text, "en") == "\\*\\*x\\*\\* @\u200beveryone to move"
    assert say(text, "de").startswith("\\*\\*x\\*\\* @\u200beveryone")
