"""Importing this module registers every game with the core registry."""
from . import architekton  # noqa: F401
from . import atacama  # noqa: F401
from . import tactori  # noqa: F401
