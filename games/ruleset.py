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

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple, Protocol

from core.errors import RuleViolation
from core.errors import gettext_noop as _
from games.dice import Dice

State = dict[str, Any]
Command = dict[str, Any]
Event = dict[str, Any]
#: The campaign's characters as plain data: id -> {"name", "house", "attributes", "player", ...}.
Roster = dict[int, dict[str, Any]]

REFEREE = "referee"
PLAYER = "player"
SPECTATOR = "spectator"


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


class Bot(Protocol):
    """A strategy: one of ``offered`` for ``seat``, seeing only ``view``; or ``None`` to
    wait (a bot never calls a game off on its own, and may have nothing else to do).

    ``people`` are the seats people play (held by a person, or by nobody, the referee
    relaying them): a bot at the referee's seat waits for them as a referee waits for
    the players at the table, rather than moving the game on past them.
    """

    def choose(
        self,
        view: State,
        seat: str,
        offered: list[Command],
        rng: random.Random,
        *,
        people: frozenset[str] = frozenset(),
    ) -> Command | None: ...


class Ruleset:
    """Base class of a rule system; subclasses override the hooks they need.

    Everything here is pure: the platform (``games``) calls these hooks to
    create, play, show, narrate and audit a game of any ruleset, and the
    conformance suite (``games.conformance``) holds every ruleset to them.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    #: Dice rolled for these purposes decide hidden things (a shuffle, a draw): their
    #: faces are shown to nobody until the game is over.
    secret_roll_purposes: ClassVar[frozenset[str]] = frozenset()
    #: Actions by which the players call a game off before its rules end it (proposing or
    #: agreeing to end, conceding): a bot never proposes one, and a game ended by one did
    #: not end by the rules.
    ending_actions: ClassVar[frozenset[str]] = frozenset()
    #: Whether the referee gives the commands of a seat nobody holds (a Chat-Quidditch
    #: referee relays the chat); ``False`` where only a seat's holder may (a hidden hand).
    referee_relays: ClassVar[bool] = True

    def setup(self, config: dict) -> State:
        """Validate ``config`` and build the initial state (rolls no dice).

        Raises :class:`RuleViolation` with code ``invalid_config`` for a bad config.
        """
        raise NotImplementedError

    def seats(self, state: State) -> list[str]:
        """The participants a user or a bot may hold, in the order a page lists them."""
        return []

    def seat_of(self, command: Command, state: State) -> str | None:
        """The seat that gives ``command``; ``None`` for the referee's own commands."""
        return command.get("player")

    def apply(
        self, state: State, command: Command, *, actor: Actor, dice: Dice, now: float
    ) -> Outcome:
        """Resolve one command; must not mutate ``state``."""
        raise NotImplementedError

    def allowed_commands(self, state: State, actor: Actor, *, now: float | None = None) -> list:
        """Every command ``actor`` may submit now, each complete and submittable as it is.

        A plugin draws them as buttons and a bot chooses among them, so each
        one must be accepted by ``apply`` at ``now`` (when given) without a change.
        """
        return []

    def view(self, state: State, actor: Actor) -> State:
        """The part of ``state`` that ``actor`` may see (hides hidden information).

        Only while the game runs: once it is over the platform shows everything.
        """
        return state

    def view_event(self, record: dict, actor: Actor) -> dict:
        """A stored event (``submitted``, ``command``, ``dice``, ``events``) as ``actor`` sees it.

        The default hides the faces of rolls made for a secret purpose, and then
        the dice a table entered with the record too (a shuffle entered as its new
        order); a ruleset with hidden hands also masks its commands and events.
        Narration is written from what this returns, so it must narrate a masked
        event too.
        """
        if not self.secret_roll_purposes or not record.get("dice"):
            return record
        dice = [hide_roll(roll, self.secret_roll_purposes) for roll in record["dice"]]
        submitted = record["submitted"]
        if "dice" in submitted and dice != record["dice"]:
            submitted = {**submitted, "dice": [None] * len(submitted["dice"])}
        return {**record, "dice": dice, "submitted": submitted}

    def is_over(self, state: State) -> bool:
        return bool(state.get("over"))

    def result(self, state: State) -> dict | None:
        """The final result a league or campaign needs, once the game is over."""
        return None

    def wakes_at(self, state: State) -> float | None:
        """When time alone changes what may be done in ``state`` (POSIX seconds, as
        ``now`` is given to the rules): a window to answer in closing. The platform asks
        the game's bots again then, with nobody acting (``games.wakes``). ``None``: nothing
        waits on the clock."""
        return None


def hide_roll(roll: dict, purposes: frozenset[str]) -> dict:
    """A roll with its face hidden (``None``) when it was made for a secret purpose."""
    return {**roll, "face": None} if roll["purpose"] in purposes else roll


def config_settings(
    config: object, defaults: dict, *, besides=(), rule: str = "", schema: dict | None = None
) -> dict:
    """A config's settings: an object whose keys are among ``defaults`` (or ``besides``,
    which the ruleset reads itself and which are left out), with the defaults filled in.

    ``schema`` is the config's JSON Schema (the ruleset's ``contract.config``): each setting
    it describes is held to the bounds it states there (:func:`within_bounds`), so that the
    schema is the one place a setting's bounds are written. What else each setting may be
    is the ruleset's to check; ``rule`` names its section."""
    if not isinstance(config, dict):
        raise RuleViolation("invalid_config", _("the config must be an object"), rule)
    unknown = sorted(set(config) - set(defaults) - set(besides))
    if unknown:
        raise RuleViolation(
            "invalid_config",
            _("unknown settings: %(settings)s"),
            rule,
            params={"settings": ", ".join(unknown)},
        )
    settings = {**defaults, **{k: v for k, v in config.items() if k not in besides}}
    properties = (schema or {}).get("properties", {})
    for name, value in settings.items():
        if name in properties:
            within_bounds(name, value, properties[name], rule)
    return settings


#: Every bound a ruleset's config schema states, in words (issue 37 §3: "Every setting of
#: every ruleset has bounds a real table would use"): ``name`` is the setting as the config
#: names it (``snitch_to_catch``), or where it lies in the config (``Harry: health``).
BOUNDS = {
    "integer": _("%(name)s must be a whole number from %(least)s to %(most)s."),
    "number": _("%(name)s must be a number from %(least)s to %(most)s."),
    "string": _("%(name)s must be a text of at most %(most)s characters."),
    "entries": _("%(name)s may hold at most %(most)s entries."),
}

#: The bounds of a setting that names a house or a character of the campaign by its id (a
#: ``"x-picks"`` setting): the database's ids (a ``BigAutoField``). ``prepare`` holds the
#: id to the campaign's roster, a tighter bound still.
CAMPAIGN_ID = {"minimum": 1, "maximum": 2**63 - 1}


def within_bounds(
    name: str, value: object, schema: dict, rule: str = "", *, code: str = "invalid_config"
) -> None:
    """Refuse ``value`` where it passes a bound its ``schema`` states, with ``code``: an
    integer (a whole number) or a number from its ``minimum`` to its ``maximum``, a text of
    at most ``maxLength`` characters, a list of at most ``maxItems`` entries, an object of
    at most ``maxProperties``. ``None`` passes where the schema is ``nullable``.

    Only the bounds, and that a bounded number or text is one: not a JSON Schema engine.
    Whether a list's entries or an object's values are right is the ruleset's to check,
    where it reads them (each with this, against its own part of the schema)."""
    if value is None and schema.get("nullable"):
        return
    kind = schema.get("type")
    if kind in ("integer", "number") and "minimum" in schema and "maximum" in schema:
        least, most = schema["minimum"], schema["maximum"]
        number = int if kind == "integer" else (int, float)
        if isinstance(value, bool) or not isinstance(value, number) or not least <= value <= most:
            raise RuleViolation(
                code, BOUNDS[kind], rule, params={"name": name, "least": least, "most": most}
            )
    elif kind == "string" and "maxLength" in schema:
        if not isinstance(value, str) or len(value) > schema["maxLength"]:
            raise RuleViolation(
                code, BOUNDS["string"], rule, params={"name": name, "most": schema["maxLength"]}
            )
    elif kind in ("array", "object"):
        most = schema.get("maxItems" if kind == "array" else "maxProperties")
        if most is not None and isinstance(value, list | dict) and len(value) > most:
            raise RuleViolation(code, BOUNDS["entries"], rule, params={"name": name, "most": most})


_REGISTRY: dict[str, Ruleset] = {}


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Class decorator: make a ruleset findable by its ``name`` (a test's toy; a game
    package registers its manifest, :mod:`games.manifest`, which registers its rules)."""
    register_rules(cls())
    return cls


def register_rules(rules: Ruleset) -> Ruleset:
    """Make ``rules`` findable by its ``name``."""
    _REGISTRY[rules.name] = rules
    return rules


def package_of(name: str) -> str:
    """The package a registered ruleset comes from (``quidditch.chat``): the part of its
    module before ``rules``."""
    module = type(_REGISTRY[name]).__module__
    return module.split(".rules", 1)[0]


def find_ruleset(name: str) -> Ruleset:
    """The registered ruleset called ``name``; ``KeyError`` if there is none."""
    return _REGISTRY[name]


def ruleset_names() -> list[str]:
    return sorted(_REGISTRY)
