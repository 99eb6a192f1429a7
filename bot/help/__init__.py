"""Short rules summaries for ``/<game> rules``."""
from importlib import resources


def rules_text(game: str) -> str:
    return resources.files(__package__).joinpath(f"{game}.md").read_text("utf-8")
