"""The layers of the code, checked on every module's imports.

The games' rules (``engines``) sit at the bottom; the pictures (``render``) and the computer player
(``ai``) build on them alone; the matches (``matches``) use the rules and the computer; the bot
(``bot``, with its web board) sits on top.  Nothing in the product imports ``bench`` or ``tests``.
Inside ``bot/`` the same holds between its parts (``BOT_MAY_IMPORT``).

Every import counts, those inside functions too: a deferred import is still a dependency.  Imports
under ``if TYPE_CHECKING:`` are left out: they name a type for the checker and load nothing.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("engines", "render", "ai", "matches", "bot")
OURS = (*PRODUCT, "bench", "tests")

# What each top-level package may import besides itself (the standard library and third-party
# packages are not checked here).  ``bench`` may use the whole product; ``tests`` anything.
MAY_IMPORT: dict[str, set[str]] = {
    "engines": set(),
    "render": {"engines"},
    "ai": {"engines"},
    "matches": {"engines", "ai"},
    "bot": {"engines", "render", "ai", "matches"},
    "bench": set(PRODUCT),
    "tests": set(OURS),
}

# The few modules allowed to reach above their layer: (file, imported module or package) -> why.
EXCEPTIONS: dict[tuple[str, str], str] = {
    ("ai/worker.py", "matches"): "the worker process (python -m ai worker) leases its jobs from the match store",
    ("ai/worker.py", "bot.setup.settings"): "the worker reads the database from the bot's own settings",
    ("ai/review_cli.py", "render.review_chart"): "python -m ai review --chart draws the review's chart",
    ("matches/__main__.py", "bot.setup.settings"): "the matches CLI finds the bot's database as the bot does",
}

# Inside bot/: what each part may import besides itself.  A module takes the row of the longest key
# that names it or a package holding it; every part of bot/ needs a row (a new one fails the test
# below until it gets one).  The ground floor (the words, the one way out to Discord, the refusal
# path, the persistent items' base, the board poster) sits at the bottom; the features stand on it
# and never import one another (they reach each other at run time through the client); the client
# that assembles them is on top (bot/README.md).
GROUND = {
    "bot.replies",
    "bot.errors",
    "bot.persistent",
    "bot.lookup",
    "bot.options",
    "bot.messages",
    "bot.locales",
    "bot.help",
}
FEATURES = ("bot.play", "bot.history", "bot.tournaments", "bot.community", "bot.clock", "bot.computer", "bot.web")
BOT_MAY_IMPORT: dict[str, set[str]] = {
    **{part: GROUND for part in GROUND},
    **{feature: GROUND for feature in FEATURES},
    # the assembly (the client, its settings and start-up checks, the entry points) may use every part
    "bot.setup": {"bot"},
    "bot.__main__": {"bot"},
    "bot": {"bot"},
}


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import in the tree, at any depth, except under ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        if isinstance(child, ast.If) and _is_type_checking(child):
            for other in child.orelse:
                yield from _imports(ast.Module(body=[other], type_ignores=[]))
            continue
        yield from _imports(child)


def imports_of(path: Path, root: Path, ours: tuple[str, ...] = OURS) -> Iterator[tuple[int, str]]:
    """(line, module) for each of our modules the file imports; ``from package import name`` gives
    ``package.name`` when that is a module of the tree."""
    here = module_name(path, root).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    for node in _imports(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
            targets = []
            for alias in node.names:
                sub = f"{base}.{alias.name}" if base else alias.name
                as_path = root.joinpath(*sub.split("."))
                targets.append(sub if as_path.with_suffix(".py").exists() or as_path.is_dir() else base)
        for target in dict.fromkeys(targets):
            if target.split(".")[0] in ours:
                yield node.lineno, target


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _row(name: str, table: dict[str, set[str]]) -> str | None:
    keys = [key for key in table if _within(name, key)]
    return max(keys, key=len) if keys else None


def violations(
    root: Path = ROOT,
    may_import: dict[str, set[str]] = MAY_IMPORT,
    bot_may_import: dict[str, set[str]] = BOT_MAY_IMPORT,
    exceptions: dict[tuple[str, str], str] = EXCEPTIONS,
) -> list[str]:
    """``file:line imports module (why not)`` for each import against the layers."""
    found = []
    for top in may_import:
        for path in sorted((root / top).rglob("*.py")) if (root / top).is_dir() else []:
            where = path.relative_to(root).as_posix()
            name = module_name(path, root)
            for line, target in imports_of(path, root, tuple(may_import)):
                other = target.split(".")[0]
                if any(f == where and _within(target, t) for f, t in exceptions):
                    continue
                if other != top and other not in may_import[top]:
                    found.append(f"{where}:{line} imports {target} ({top} may not import {other})")
                elif top == other == "bot":
                    row = _row(name, bot_may_import)
                    allowed = {row} | bot_may_import[row] if row else set()
                    if not any(_within(target, a) for a in allowed):
                        found.append(
                            f"{where}:{line} imports {target} ({row} may import only "
                            f"{', '.join(sorted(bot_may_import.get(row, ()))) or 'itself'})"
                        )
    return found


def test_every_import_keeps_to_the_layers():
    problems = violations()
    assert not problems, "imports against the layers (tests/test_layers.py):\n" + "\n".join(problems)


def test_every_part_of_the_bot_has_a_row():
    parts = {
        module_name(p, ROOT) for p in (ROOT / "bot").iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()
    }
    assert sorted(part for part in parts if _row(part, BOT_MAY_IMPORT) in (None, "bot") and part != "bot") == []


def test_the_exceptions_are_still_needed():
    """An exception the code no longer uses is struck off, so the list stays short."""
    used = set()
    for where, target in EXCEPTIONS:
        used |= {(where, target) for _, imported in imports_of(ROOT / where, ROOT) if _within(imported, target)}
    assert sorted(set(EXCEPTIONS) - used) == []


# ------------------------------------------------------------- the checker itself, on a planted tree
def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return root


def test_the_checker_finds_planted_violations(tmp_path):
    root = _tree(
        tmp_path,
        {
            "engines/__init__.py": "",
            "engines/rules.py": "import os\n\ndef draw():\n    from render import board\n",
            "render/__init__.py": "",
            "render/board.py": "from engines import rules\nfrom ai.search import best\n",
            "ai/__init__.py": "",
            "ai/search.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from matches import Match\n"
            "else:\n    import bench.timing\n",
            "bot/__init__.py": "",
            "bot/texts/__init__.py": "from ..feature import button\n",
            "bot/feature/__init__.py": "",
            "bot/feature/button.py": "from .. import texts\nfrom . import other\n",
            "bot/feature/other.py": "",
            "bench/__init__.py": "",
            "bench/timing.py": "",
        },
    )
    layers = {
        "engines": set(),
        "render": {"engines"},
        "ai": {"engines"},
        "matches": {"ai"},
        "bot": {"engines"},
        "bench": set(),
    }
    bot = {"bot": set(), "bot.texts": set(), "bot.feature": {"bot.texts"}}
    assert violations(root, layers, bot, {}) == [
        "engines/rules.py:4 imports render.board (engines may not import render)",
        "render/board.py:2 imports ai.search (render may not import ai)",
        "ai/search.py:5 imports bench.timing (ai may not import bench)",
        "bot/texts/__init__.py:1 imports bot.feature.button (bot.texts may import only itself)",
    ]
    assert violations(root, layers, bot, {("render/board.py", "ai"): "a reason"})[1].startswith("ai/search.py:5")
