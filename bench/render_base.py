"""The renderer of another commit, importable beside the current one.

``git archive`` writes that commit's ``render/`` into a temporary directory and
it is imported under another package name (:data:`PACKAGE`), so that both
renderers live in one process, each with its own caches, and can be timed on
the same positions in turns.  Its modules import each other relatively, and
``engines`` absolutely (the current engines make the states both draw).
"""

from __future__ import annotations

import importlib
import importlib.util
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "render_base"


def git(*args: str) -> str:
    return subprocess.run(["git", "-C", ROOT, *args], capture_output=True, text=True, check=True).stdout.strip()


# main before any of the render speed-up work (the packages, the layer cache, the
# faster encoding): the renderer that work is measured against.  A fixed commit,
# not the merge-base with main, which is HEAD itself once that work is merged.
DEFAULT_BASE = "86c7c8381ff29e1f0c570487590d5340513b3081"


class BaseRenderer:
    """``render_png(state, names, ...)`` as drawn by the renderer of ``commit``."""

    def __init__(self, commit: str):
        self.commit = git("rev-parse", "--verify", f"{commit}^{{commit}}")
        self.tmp = tempfile.mkdtemp(prefix="bench-render-base-")
        archive = subprocess.run(
            ["git", "-C", ROOT, "archive", "--format=tar", self.commit, "render"], capture_output=True, check=True
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(self.tmp, filter="data")
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]
        folder = os.path.join(self.tmp, "render")
        spec = importlib.util.spec_from_file_location(
            PACKAGE, os.path.join(folder, "__init__.py"), submodule_search_locations=[folder]
        )
        self.package = importlib.util.module_from_spec(spec)
        sys.modules[PACKAGE] = self.package
        spec.loader.exec_module(self.package)
        self.common = importlib.import_module(PACKAGE + ".common")

    def module(self, game: str):
        """That commit's module for ``game`` (its RENDERERS name moved under :data:`PACKAGE`)."""
        name = self.package.RENDERERS[game]
        return importlib.import_module(PACKAGE + name[len("render") :])

    def render_png(self, state, names: list[str], *, perspective: int | None = None, say: Callable = str) -> bytes:
        """As ``render.render_png`` of that commit, whose own lookup would import today's modules."""
        image = self.module(state.game.name).render(state, list(names), perspective=perspective, say=say)
        return self.common.encode_png(image)

    def close(self) -> None:
        self.package = self.common = None  # its caches go with it
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> BaseRenderer:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
