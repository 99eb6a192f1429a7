"""The match service fixtures of tests/matches, for the tests that read its words in German and French."""

from tests.matches.conftest import clock, service, store  # noqa: F401  (fixtures)
