"""Importing this module registers every game with the core registry."""
from . import architekton  # noqa: F401
