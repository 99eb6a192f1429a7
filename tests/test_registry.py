"""The game registry is complete, and the product reads games only through it.

Every registered game declares what the rest of the product needs (``engines/README.md``) and
has its parts where they are looked up by convention: the renderer (``render/<package>/``), the
computer player's profile (``ai/profiles/<game>.py``) and the ``/<game> rules`` pages in three
languages (``bot/help/``).  A game added without one of them fails here, not silently in play.
Outside the games' own folders, ``ai/`` and ``matches/`` never test a state's class: what differs
between games is asked of the state or of its declaration.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import engines
from ai.levels import LEVELS, budget
from ai.profiles import Profile, profile
from engines.core import State

ROOT = Path(__file__).resolve().parent.parent
GAMES = engines.game_names()


def all_subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub} | all_subclasses(sub)
    return found


def test_every_engine_package_registers_a_game():
    packages = {p.parent.name for p in (ROOT / "engines").glob("*/__init__.py")}
    assert {engines.get_game(name).package for name in GAMES} == packages


@pytest.mark.parametrize("name", GAMES)
def test_the_declaration_is_complete_and_consistent(name):
    game = engines.get_game(name)
    assert game.seats and set(game.seats) <= set(range(game.min_players, game.max_players + 1))
    assert {min(game.seats), max(game.seats)} == {game.min_players, game.max_players}
    assert game.challenge and len(game.opponents) == max(game.seats) - 2
    # the option specs are the record options, their defaults the record defaults
    assert {spec.key for spec in game.option_specs} == set(game.default_options)
    assert game.command_options({}) == game.default_options
    for spec in game.option_specs:
        assert spec.description and spec.event and spec.type in (bool, str)
        assert spec.default in (spec.labels if spec.choices else (False, True))
    # the variants are legal, seat every count and set every option to each of its values
    for players, options in game.variants:
        game.check(players, options)
    assert {players for players, _ in game.variants} == set(game.seats)
    for key, default in game.default_options.items():
        values = {options.get(key, default) for _, options in game.variants}
        spec = next(spec for spec in game.option_specs if spec.key == key)
        assert values == ({value for _, value in spec.choices} if spec.choices else {False, True})


@pytest.mark.parametrize("name", GAMES)
def test_hidden_information_is_declared_and_redrawn_by_the_state(name):
    game = engines.get_game(name)
    for players, options in game.variants:
        state = game.setup(players, 1, options=options)
        hidden = not game.perfect_information(game.check(players, options))
        assert state.has_hidden() == hidden
        if not game.foreseeable(game.check(players, options)):
            assert game.unforeseeable(game.check(players, options)) is not None
        if hidden:
            assert type(state).resample_hidden is not State.resample_hidden
        again = state.resample_hidden(random.Random(3))
        assert again is not state and again.legal_moves() == state.legal_moves()
        assert again.to_json() == state.resample_hidden(random.Random(3)).to_json()
        if not hidden:
            assert again.to_json() == state.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_renderer_a_profile_and_help_pages(name):
    from render import RENDERERS, renderer

    game = engines.get_game(name)
    assert RENDERERS[name] == f"render.{game.package}"
    assert callable(renderer(name).render)
    assert isinstance(profile(name), Profile)
    evaluator = profile(name).evaluator
    assert callable(evaluator.value) and hasattr(evaluator, "DEPTH")
    for players in game.seats:
        for level in LEVELS:
            assert budget(name, level, players).iterations >= 1
    for folder in ("", "de/", "fr/"):
        page = ROOT / "bot" / "help" / f"{folder}{name}.md"
        assert page.is_file() and page.read_text("utf-8").strip(), page


def test_no_state_class_is_tested_outside_the_games():
    """``isinstance(x, SomeState)`` (or ``type(x) is SomeState``) in ai/ or matches/ would make a
    new game silently take another's path; what differs is asked of the state or the declaration."""
    state_classes = {cls.__name__ for cls in all_subclasses(State)} | {"State"}
    assert {"ArchitektonState", "AtacamaState", "TactoriState", "FemState"} <= state_classes
    found = []
    for folder in ("ai", "matches"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                names = []
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("isinstance", "issubclass"):
                    names = [n for n in ast.walk(node.args[1])]
                elif isinstance(node, ast.Compare) and any(isinstance(op, (ast.Is, ast.Eq)) for op in node.ops):
                    names = [n for side in (node.left, *node.comparators) for n in ast.walk(side)]
                for n in names:
                    name = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else None
                    if name in state_classes - {"State"} or (name == "State" and isinstance(node, ast.Call)):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_ai_and_matches_import_no_game_state_module():
    """At run time: an import under ``if TYPE_CHECKING:`` names a type for mypy and loads nothing
    (as tests/test_layers.py reads imports)."""
    from tests.test_layers import _imports

    found = []
    for folder in ("ai", "matches"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in _imports(ast.parse(path.read_text("utf-8"))):
                if (
                    isinstance(node, ast.ImportFrom)
                    and (node.module or "").startswith("engines.")
                    and (
                        node.module.split(".")[-1].endswith("state")
                        or any(a.name.endswith("State") and a.name != "State" for a in node.names)
                    )
                ):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_the_commands_offer_every_declared_option():
    """``/<game> challenge`` is generated from the declaration: its opponents, every option with its
    description, choices and default."""
    from bot.play.commands import build_groups

    for group in build_groups(None):
        game = engines.get_game(group.name)
        command = group.get_command("challenge")
        assert command.description == game.challenge
        params = {p.name: p for p in command.parameters}
        opponents = [n for n in params if n.startswith("opponent")]
        assert len(opponents) == max(game.seats) - 1
        for spec in game.option_specs:
            param = params[spec.name]
            assert param.description == spec.description and param.default == spec.default
            assert [c.value for c in param.choices] == list(spec.labels)


def test_event_tables_follow_the_declared_seats():
    """An event seats only counts the game declares; a table of more than two may seat one fewer
    where the field does not divide, if the game is played by that many."""
    from matches.tournaments import table_sizes

    for name in GAMES:
        for table in engines.get_game(name).seats:
            sizes = table_sizes(name, table)
            assert table in sizes and set(sizes) <= set(engines.get_game(name).seats)
            assert min(sizes) > 2 or sizes == (table,)
    assert table_sizes("tactori", 4) == (3, 4) and table_sizes("tactori", 3) == (3,)
    assert table_sizes("atacama", 4) == (4,)


def test_a_game_registered_from_elsewhere_brings_all_its_parts_and_leaves_none_behind():
    """``engines.register`` with a ``home``: a game outside the product's folders (tests/dotsboxes) is
    found by every lookup while registered, and by none after ``engines.unregister``."""
    from ai.levels import budget
    from bot.help import rules_text
    from bot.locales import catalogue, say
    from bot.web.scene import scene
    from engines.builder import steps
    from engines.text import Text
    from render import RENDERERS, renderer
    from tests.dotsboxes import GAME

    game = engines.register(GAME)
    try:
        assert "dotsboxes" in engines.game_names() and game.package == "dotsboxes"
        assert RENDERERS["dotsboxes"] == "tests.dotsboxes.render" and callable(renderer("dotsboxes").render)
        assert profile("dotsboxes").budgets == {"easy": 4, "medium": 8, "hard": 16}
        assert budget("dotsboxes", "hard", 4).iterations == 16
        assert [s.text for s in steps("a1-b1", "dotsboxes")] == ["a1", "-b1"]
        assert "Kästchen" in rules_text("dotsboxes", "de") and "`a1-b1`" in rules_text("dotsboxes", "en")
        assert say(Text("{line} is drawn already", line="a1-b1"), "fr") == "a1-b1 est déjà tracé"
        assert scene("dotsboxes", game.setup(2, 1)) is None  # no web board: the page shows none
    finally:
        assert engines.unregister("dotsboxes") is game
    assert "dotsboxes" not in engines.game_names() and "dotsboxes" not in RENDERERS
    assert "{line} is drawn already" not in catalogue("de")
    assert engines.unregister("dotsboxes") is None


def test_no_product_file_names_the_test_game():
    """Everything Dots and Boxes needs, it brings from tests/: no product file mentions it."""
    found = [
        str(path.relative_to(ROOT))
        for folder in ("ai", "bot", "engines", "matches", "render", "bench")
        for path in sorted((ROOT / folder).rglob("*"))
        if path.is_file()
        and path.suffix in (".py", ".json", ".md", ".js", ".html", ".css")
        and "dotsboxes" in path.read_text("utf-8", errors="ignore").lower()
    ]
    assert found == []


def test_the_docs_option_table_is_the_one_the_declarations_make():
    """docs/playing.md's table of game options is ``python -m engines options``'s output: a game's
    new or changed option shows there only by its declaration (run the command and paste it)."""
    from engines.options_table import options_table

    text = (ROOT / "docs" / "playing.md").read_text("utf-8")
    start = text.index("<!-- options: python -m engines options -->\n") + len(
        "<!-- options: python -m engines options -->\n"
    )
    assert text[start : text.index("<!-- /options -->")] == options_table()
    for name in engines.game_names():
        for option in engines.get_game(name).option_specs:
            assert f"| {engines.get_game(name).title} | `{option.name}` |" in options_table()
