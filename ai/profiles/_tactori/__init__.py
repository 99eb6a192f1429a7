"""The search hooks of the Tactori family (``ai/hooks.py``), shared by its profiles.

Not a profile: a game's profile is ``ai/profiles/<game>.py`` (``tactori.py``, ``tactori_fem.py``),
and the leading underscore keeps this package apart from any game's name.

- ``whole_turns``: turns with several bridges, which ``legal_moves()`` does not list (Tactori and
  FEM: both profiles' ``turns``).
- ``fem_tactics``: FEM's exact tactics, the first closed loop winning (the FEM profile's ``tactics``).
"""
