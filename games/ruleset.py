"""The shape every rule system has, and the registry that finds one by name.

A rules module is pure Python: no Django, no database, no clock, no global
random. State is a JSON-compatible dict so that the service can store a
snapshot, and a replay of the stored commands must rebuild it exactly.

    state = ruleset.setup(config)
    outcome = ruleset.apply(state, command, actor=actor, dice=dice, now=now)

The service passes ``now`` (POSIX seconds from its own clock) so that time
rules can be judged without a rules module ever reading the clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from games.dice import Dice

State = dict[str, Any]
Command = dict[str, Any]
Event = dict[str, Any]

REFEREE = "referee"
PLAYER = "player"
SPECTATOR = "spectator"


class RuleViolation(Exception):
    """A well-formed command that the rules forbid, naming the rule it breaks."""

    def __init__(self, code: str, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_json(self) -> dict:
        return {"code": self.code, "detail": self.message, "rule": self.rule}


@dataclass(frozen=True)
class Actor:
    """Who submits a command, as the rules need to know it.

    ``role`` is ``referee`` (the storyguide or a match's referee: may give referee
    commands and relay any participant's), ``player`` (may command the
    participants in ``controls``) or ``spectator`` (may command nothing).
    """

    role: str
    controls: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_referee(self) -> bool:
        return self.role == REFEREE

    def may_command(self, participant: str) -> bool:
        return self.is_referee or participant in self.controls

    def to_json(self) -> dict:
        return {"role": self.role, "controls": sorted(self.controls)}

    @classmethod
    def from_json(cls, data: dict) -> Actor:
        return cls(role=data["role"], controls=frozenset(data.get("controls", ())))


class Outcome(NamedTuple):
    """What one command did: the new state and the events to append to the log.

    A named tuple: one is made for every command, so it must be cheap.
    """

    state: State
    events: list[Event]


class Ruleset:
    """Base class of a rule system; subclasses override the hooks they need."""

    name: ClassVar[str]
    title: ClassVar[str]
    #: Which resource serves its games: ``match`` (/api/matches/) or ``skirmish``.
    kind: ClassVar[str] = "match"

    def setup(self, config: dict) -> State:
        """Validate ``config`` and build the initial state (rolls no dice).

        Raises :class:`RuleViolation` with code ``invalid_config`` for a bad config.
        """
        raise NotImplementedError

    def apply(
        self, state: State, command: Command, *, actor: Actor, dice: Dice, now: float
    ) -> Outcome:
        """Resolve one command; must not mutate ``state``."""
        raise NotImplementedError

    def parse(self, text: str, *, state: State, actor: Actor) -> Command:
        """Turn a command typed as text into its structured form."""
        raise RuleViolation("text_not_supported", f"{self.title} takes commands as JSON only.")

    def allowed_commands(self, state: State, actor: Actor) -> list[dict]:
        """The commands ``actor`` may submit now, for clients to offer."""
        return []

    def view(self, state: State, actor: Actor) -> State:
        """The part of ``state`` that ``actor`` may see (hides hidden information)."""
        return state

    def is_over(self, state: State) -> bool:
        return bool(state.get("over"))

    def result(self, state: State) -> dict | None:
        """The final result a league or campaign needs, once the game is over."""
        return None

    def narrate(self, event: Event) -> dict[str, str]:
        """The event as a line of the referee's transcript, per language code."""
        return {"en": event.get("type", "")}


_REGISTRY: dict[str, Ruleset] = {}


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Class decorator: make a ruleset findable by its ``name``."""
    _REGISTRY[cls.name] = cls()
    return cls


def find_ruleset(name: str) -> Ruleset:
    """The registered ruleset called ``name``; ``KeyError`` if there is none."""
    return _REGISTRY[name]


def ruleset_names() -> list[str]:
    return sorted(_REGISTRY)
