"""The small core every game engine shares.

A game is declared as data (:class:`Game`) and registered by name; a match
position is a :class:`State`.  States are pure values: no I/O, no Discord, no
global randomness.  A move is always exchanged as canonical text, so the move
history is the serialised form of a match (as in OpenSpiel and PGN).
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from .text import Text


def clone_json(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars), faster than copy.deepcopy."""
    if isinstance(value, dict):
        return {k: clone_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone_json(v) for v in value]
    return value


class MoveError(ValueError):
    """A move was refused.  The message is written for the player, as a :class:`~engines.text.Text`
    so that it can be said in the player's language."""

    @property
    def text(self) -> str:
        return self.args[0] if self.args else ""


class InvalidMove(MoveError):
    """The text is not a move in the game's notation."""


class IllegalMove(MoveError):
    """The text is a move, but not a legal one in this position."""


class SetupError(ValueError):
    """A record or match request cannot be set up (bad options, player count)."""

    text = MoveError.text


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended.

    ``winners`` lists every seat that shares the best result (so a two-player
    draw lists both seats); ``end`` is a short reason word from ``records.md``.
    """

    winners: tuple[int, ...]
    end: str
    scores: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        return len(self.winners) != 1


class State:
    """Interface of a match position.  Subclasses implement the rules."""

    game: ClassVar[Game]

    def current_player(self) -> int | None:
        """Seat that must act next, or ``None`` when the match is over."""
        raise NotImplementedError

    def legal_moves(self) -> list[str]:
        """Every legal move of :meth:`current_player`, canonical and sorted."""
        raise NotImplementedError

    def play(self, text: str) -> str:
        """Parse, validate and apply a move; return its canonical text.

        Raises :class:`MoveError` and leaves the state untouched when the move
        cannot be played.
        """
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        raise NotImplementedError

    def scores(self) -> list[int]:
        """Scores as ``records.md`` defines them for the replay output."""
        raise NotImplementedError

    def resign(self, seat: int) -> None:
        """The player in ``seat`` gives up.  Two-player default: the other wins."""
        raise NotImplementedError

    def has_hidden(self) -> bool:
        """Whether anything in this position is hidden from the player to move (face-down
        tiles or boards): :meth:`resample_hidden` then draws it afresh."""
        return False

    def resample_hidden(self, rng: random.Random) -> State:
        """A copy in which what the player to move cannot see is a fresh random arrangement of
        what he can know about it (determinisation, for searches and reviews that must not peek).

        Only the public contents of the hidden parts are read, never their order or split, so two
        states that differ only in hidden things give identical copies for the same ``rng``.
        Games with hidden information override this beside their state; the default copies."""
        return self.copy()

    def revealed(self) -> int:
        """How many hidden random items (tiles drawn, boards laid) are known so far.

        A takeback must not cross a move that revealed one (never undo a draw).
        """
        return 0

    def describe(self, move: str, names: list[str]) -> str:
        """The canonical ``move`` (just played) in words, for the turn message."""
        return move

    def prompt(self) -> str:
        """What the player to move has to do now, in words ("" when it is a plain move)."""
        return ""

    def summary(self, names: list[str]) -> str:
        """The score breakdown in words (one line per player), for the end of a match."""
        return ""

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        raise NotImplementedError

    def sample_move(self, rng: random.Random) -> str:
        """One legal move for :meth:`current_player`, drawn with ``rng`` (for random playouts).

        Always an element of :meth:`legal_moves`, in the same canonical text; every legal
        move has a chance, not necessarily the same one; the same ``rng`` state gives the
        same move.  Games override this where listing every move is expensive.
        """
        return rng.choice(self.legal_moves())

    def play_trusted(self, text: str) -> str:
        """:meth:`play` for a move known to be legal here (from :meth:`legal_moves` or
        :meth:`sample_move` of this very position): games may skip the validation.
        Anything else gives undefined results; player input always goes through :meth:`play`."""
        return self.play(text)

    def copy(self) -> State:
        """An independent state equal to this one (same JSON).  Games override this with a
        direct copy: searches copy a state for every playout."""
        return type(self).from_json(self.to_json())

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None


@dataclass(frozen=True)
class Option:
    """One option a player chooses when he sets up a match, as the commands offer it.

    ``/<game> challenge`` and ``/tournament create`` are generated from these: the command option
    ``name`` with its English ``description`` (the game's command catalogue translates it; ``event`` is the
    description in ``/tournament create``, where the options of every game meet), its ``choices``
    (label, record value) or none for a yes/no flag, and the ``default`` label.  The value chosen
    becomes the record option ``key`` (``variant: buildup`` -> ``{"buildup": True}``).
    """

    name: str
    key: str
    description: str
    event: str
    choices: tuple[tuple[str, Any], ...] = ()
    default: Any = False

    @property
    def type(self) -> type:
        return str if self.choices else bool

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(label for label, _ in self.choices)

    def value(self, chosen: Any) -> Any:
        """The record option for the command's value (its default when not given)."""
        chosen = self.default if chosen is None else chosen
        return dict(self.choices)[chosen] if self.choices else bool(chosen)


@dataclass(frozen=True)
class Game:
    """A game declared as data; ``new_state`` builds the initial position."""

    name: str
    title: str
    min_players: int
    max_players: int
    default_options: dict[str, Any]
    # new_state(players, rng, setup, options) -> State
    new_state: Callable[[int, random.Random, dict[str, Any], dict[str, Any]], State]
    state_from_json: Callable[[dict[str, Any]], State]
    validate_options: Callable[[dict[str, Any], int], None] = field(default=lambda options, players: None)
    # False when points mean nothing (Tactori FEM: the first loop wins)
    has_scores: bool = True
    # a setup that makes seat 0 start, for games where the starting seat is a setup choice
    starting_setup: dict[str, Any] = field(default_factory=dict)
    # full_setup(players, rng, setup, options) -> the setup with every random choice filled in
    full_setup: Callable[[int, random.Random, dict[str, Any], dict[str, Any]], dict[str, Any]] = field(
        default=lambda players, rng, setup, options: dict(setup)
    )
    # victory_points(outcome, players) -> points per seat for a rematch series
    victory_points: Callable[[Outcome, int], list[int]] = field(
        default=lambda outcome, players: [
            1 if seat in outcome.winners and len(outcome.winners) == 1 else 0 for seat in range(players)
        ]
    )
    # What the game is, as OpenSpiel's GameType says it (the rest of the product reads these
    # instead of naming games).  The player counts a match may seat (default: min to max):
    seats: tuple[int, ...] = ()
    # whether every player sees everything, and whether chance acts during play (tiles or boards
    # drawn after the setup), for a match with these options
    perfect_information: Callable[[dict[str, Any]], bool] = field(default=lambda options: True)
    chance: Callable[[dict[str, Any]], bool] = field(default=lambda options: False)
    # why nobody can decide a reply in advance in such a match (said when conditional moves are refused)
    unforeseeable: Callable[[dict[str, Any]], Text | None] = field(default=lambda options: None)
    # the options a player chooses, as the commands offer them (:class:`Option`)
    option_specs: tuple[Option, ...] = ()
    # ``/<game> challenge``'s description, and those of its second and further opponents
    challenge: str = ""
    opponents: tuple[str, ...] = ()
    # (players, options) worth testing and measuring: together every seat count and every option
    variants: tuple[tuple[int, dict[str, Any]], ...] = ()
    # the folder of the game's parts: engines/<package>/, render/<package>/ (set by :func:`register`)
    package: str = ""
    # A game that lives outside the product's folders (a plug-in, a test game): the dotted name of
    # the package that holds all its parts (:meth:`part`, :meth:`folder`); "" for the product's games.
    home: str = ""

    def __post_init__(self) -> None:
        if not self.seats:
            object.__setattr__(self, "seats", tuple(range(self.min_players, self.max_players + 1)))
        if not self.variants:
            object.__setattr__(self, "variants", tuple((n, {}) for n in self.seats))

    def part(self, kind: str) -> str:
        """The module name of one of the game's parts, by convention (``engines/README.md``):
        ``engine`` (its rules package), ``steps`` (its notation's parts), ``render`` (the board),
        ``profile`` (the computer player) and ``web`` (the web board's scene).  A game with a
        :attr:`home` keeps them all there (``<home>.render``, ``<home>.profile``...)."""
        if self.home:
            return self.home if kind == "engine" else f"{self.home}.{kind}"
        return {
            "engine": f"engines.{self.package}",
            "steps": f"engines.{self.package}.steps",
            "render": f"render.{self.package}",
            "profile": f"ai.profiles.{self.name.replace('-', '_')}",
            "web": f"render.{self.package}.web",
        }[kind]

    def folder(self, kind: str) -> Path | None:
        """Where a game with a :attr:`home` keeps its ``help`` pages (``<name>.md``, ``de/<name>.md``,
        ``fr/<name>.md``) and its ``locales`` (``de/*.json``, ``fr/*.json``); None for the product's
        games, whose pages and catalogues are in ``bot/help`` and ``bot/locales``."""
        if not self.home:
            return None
        spec = importlib.util.find_spec(self.home)
        if spec is None or not spec.submodule_search_locations:
            return None
        return Path(list(spec.submodule_search_locations)[0]) / kind

    def foreseeable(self, options: dict[str, Any]) -> bool:
        """Nothing hidden and nothing drawn during play: a reply can be decided in advance."""
        return self.perfect_information(options) and not self.chance(options)

    def command_options(self, chosen: dict[str, Any]) -> dict[str, Any]:
        """The record options for the values of a command's options (``{"variant": "buildup"}``);
        options of other games and values not given are left to the defaults."""
        return {spec.key: spec.value(chosen.get(spec.name)) for spec in self.option_specs}

    def options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """``given`` completed with defaults; unknown keys are refused."""
        given = dict(given or {})
        unknown = sorted(set(given) - set(self.default_options))
        if unknown:
            raise SetupError(Text("{game} has no option {options}", game=self.name, options=", ".join(unknown)))
        merged = {**self.default_options, **given}
        for key, default in self.default_options.items():
            if type(merged[key]) is not type(default):
                raise SetupError(
                    Text("option {option} must be of type {type}", option=key, type=type(default).__name__)
                )
        return merged

    def setup(
        self, players: int, seed: int, setup: dict[str, Any] | None = None, options: dict[str, Any] | None = None
    ) -> State:
        opts = self.check(players, options)
        return self.new_state(players, random.Random(seed), dict(setup or {}), opts)

    def resolve_setup(
        self, players: int, seed: int, setup: dict[str, Any] | None = None, options: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The complete setup a match with this seed gets, to store in its record."""
        opts = self.check(players, options)
        return self.full_setup(players, random.Random(seed), dict(setup or {}), opts)

    def check(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Options completed with defaults, after checking them and the player count."""
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                raise SetupError(
                    Text(
                        "{game} is played by {count} players, not {players}",
                        game=self.title,
                        count=self.min_players,
                        players=players,
                    )
                )
            raise SetupError(
                Text(
                    "{game} is played by {low} to {high} players, not {players}",
                    game=self.title,
                    low=self.min_players,
                    high=self.max_players,
                    players=players,
                )
            )
        opts = self.options(options)
        self.validate_options(opts, players)
        return opts


_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the registry.

    The product's games call this from their package (``engines/<package>/``), whose name becomes
    the game's :attr:`Game.package` unless it declares one.  A game from any other package (a
    plug-in, a test game) declares its :attr:`Game.home`, the package holding all its parts, and is
    registered by whoever wants it played: ``register(Game(..., home="plugins.mygame"))``; once
    registered, every command, menu, image, computer level and catalogue offers it.  Registering a
    name again replaces the game."""
    if not game.package:
        import sys

        module = sys._getframe(1).f_globals.get("__name__", "")
        game = replace(game, package=module.split(".")[1] if module.startswith("engines.") else game.name)
    _REGISTRY[game.name] = game
    return game


def unregister(name: str) -> Game | None:
    """Take the game ``name`` out of the registry again (a plug-in unloaded, a test's game after
    the test); returns it, or None when it was not registered."""
    return _REGISTRY.pop(name, None)


def registered() -> tuple[Game, ...]:
    """Every registered game, by name."""
    from . import games  # noqa: F401

    return tuple(_REGISTRY[name] for name in sorted(_REGISTRY))


def get_game(name: str) -> Game:
    from . import games  # noqa: F401  (imports register every game)

    try:
        return _REGISTRY[name]
    except KeyError:
        raise SetupError(
            Text("unknown game {name!r}; known: {games}", name=name, games=", ".join(sorted(_REGISTRY)))
        ) from None


def game_names() -> list[str]:
    from . import games  # noqa: F401

    return sorted(_REGISTRY)
