"""The German and French catalogues cover every player-facing template in the code.

Templates are found in the source: the literal first argument of every
``Text(...)`` call.  Refusals must be Texts: raising a move, setup or service
error with a plain string or f-string is reported, since it could not be
translated.
"""

import ast
import json
import string
from pathlib import Path

import pytest

from bot.locales import HERE, LANGUAGES, catalogue

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [p for folder in ("engines", "matches", "bot", "render") for p in sorted((ROOT / folder).rglob("*.py"))]
# Errors whose message a player reads; each must be raised with a Text.
PLAYER_ERRORS = {
    "MoveError",
    "InvalidMove",
    "IllegalMove",
    "SetupError",
    "ServiceError",
    "NotFound",
    "NotAPlayer",
    "NotYourTurn",
    "MatchClosed",
    "StaleRequest",
    "IllegalMoveError",
}


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def scan() -> tuple[dict[str, str], list[str]]:
    """Every template with the file that uses it first, and every call that breaks the rules."""
    templates: dict[str, str] = {}
    problems: list[str] = []
    for path in SOURCES:
        where = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            first = node.args[0] if node.args else None
            if name == "Text":
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    templates.setdefault(first.value, f"{where}:{node.lineno}")
                else:
                    problems.append(f"{where}:{node.lineno}: Text() needs a literal template")
            elif name in PLAYER_ERRORS and isinstance(first, (ast.Constant, ast.JoinedStr, ast.BinOp)):
                problems.append(f"{where}:{node.lineno}: {name}() with a plain string cannot be translated")
    return templates, problems


TEMPLATES, PROBLEMS = scan()


def fields(template: str) -> list[tuple[str, str, str]]:
    return sorted(
        (name, spec or "", conv or "") for _, name, spec, conv in string.Formatter().parse(template) if name is not None
    )


def test_player_facing_messages_are_texts_with_literal_templates():
    assert PROBLEMS == []


def test_the_scan_finds_the_templates_of_every_layer():
    layers = {where.split("/")[0] for where in TEMPLATES.values()}
    assert {"engines", "matches", "bot"} <= layers


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_template_is_translated(lang):
    missing = {t: where for t, where in TEMPLATES.items() if t not in catalogue(lang)}
    assert missing == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_fields_of_their_template(lang):
    wrong = {t: tr for t, tr in catalogue(lang).items() if fields(t) != fields(tr)}
    assert wrong == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalogue_entry_is_left_over(lang):
    stale = [t for t in catalogue(lang) if t not in TEMPLATES]
    assert stale == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_files_hold_distinct_templates(lang):
    seen: dict[str, str] = {}
    clashes = []
    for path in sorted((HERE / lang).glob("*.json")):
        for template in json.loads(path.read_text(encoding="utf-8")):
            if template in seen:
                clashes.append((template, seen[template], path.name))
            seen[template] = path.name
    assert clashes == []
