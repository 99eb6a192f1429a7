"""Importing this module registers every game with the core registry: each package of
``engines/`` is a game (or a family of games) that registers itself when imported."""

import importlib
import pkgutil
from pathlib import Path

for _module in pkgutil.iter_modules([str(Path(__file__).parent)]):
    if _module.ispkg:
        importlib.import_module(f"{__package__}.{_module.name}")
