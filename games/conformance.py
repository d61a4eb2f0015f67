"""The conformance suite's checks: what every registered ruleset must do, in pure Python.

``tests/games/test_conformance.py`` runs these over every ruleset in the
registry, so a new ruleset is held to them the day it registers:

1. random legal play, choosing only among ``allowed_commands``, reaches the
   end from its contract's ``example`` within ``max_commands`` and without a rule error;
   and the ruleset's bot that plays to win, in every seat, ends its games by the
   rules (:func:`ended_by_the_rules`) in nearly every seed;
2. the log it leaves verifies: the chain, every server roll re-derived from the
   revealed seed (shuffles included), and the replay rebuilding the snapshot;
3. every event narrates in every language the ruleset claims, with no
   placeholder or Python value left in the text;
4. no seat's secrets (``Playtest.secrets``) reach any other actor, in the state,
   the commands offered to it, an event or a die, at any step, and no roll made for a secret purpose
   shows its face before the end;
5. every command offered to anyone is one the rules take, so that no button on
   a web table leads to a refusal;
6. every shape a client meets holds to the ruleset's schemas (the contract): the
   state as each actor sees it, each offered command, each event, the result;
7. everything a person reads is in words in each of German, English and French:
   each offered command, each form a page makes of them, each seat, each die's
   purpose, with no code in the text.

A play is recorded as the storage would keep it (``PlayedGame.events``), so the
same records serve the verifier and the hidden-information checks.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime

from games.bots import RANDOM, REFEREE_SEAT, next_bot_move, seat_actor
from games.chain import canonical_state, event_body, event_hash
from games.dice import ServerDice, commitment
from games.manifest import manifest_for, manifest_of
from games.ruleset import REFEREE, SPECTATOR, Actor, Ruleset
from games.verification import GameRecord, Report, verify

START = 1_700_000_000.0

#: What a narration line must not contain: unfilled placeholders (``%(name)s``, and the
#: braces of ``str.format``'s) and Python values.
LEAKED_CODE = re.compile(
    r"%\(\w+\)|[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|<[a-z_.]+ object|\\u[0-9a-f]{4}"
)


class ConformanceError(AssertionError):
    """A ruleset broke one of the platform's promises."""


@dataclass
class PlayedGame:
    """A game played to its end by random bots, kept as the storage keeps games."""

    rules: Ruleset
    config: dict
    server_seed: bytes
    client_seed: str
    states: list[dict] = field(default_factory=list)  # after setup, then after each event
    events: list[dict] = field(default_factory=list)  # stored records, hashed

    @property
    def final_state(self) -> dict:
        return self.states[-1]

    def record(self) -> GameRecord:
        return GameRecord(
            config=self.config,
            state=self.final_state,
            seed_commitment=commitment(self.server_seed),
            client_seed=self.client_seed,
            server_seed=self.server_seed.hex(),
        )


def play_randomly(rules: Ruleset, config: dict, seed: int) -> PlayedGame:
    """Every seat and the referee's duties held by the random bot, from setup to the end."""
    return play(rules, config, seed, RANDOM)


def play(rules: Ruleset, config: dict, seed: int, bot: str) -> PlayedGame:
    """Every seat and the referee's duties held by ``bot``, from setup to the end."""
    rng = random.Random(seed)
    server_seed = rng.randbytes(32)
    game = PlayedGame(rules, config, server_seed, f"conformance-{seed}")
    state = canonical_state(rules.setup(config))
    game.states.append(state)
    bots = dict.fromkeys([*rules.seats(state), REFEREE_SEAT], bot)
    dice = ServerDice(server_seed, game.client_seed)
    previous = commitment(server_seed)
    now, playtest = START, manifest_for(rules).playtest
    for seq in range(1, playtest.max_commands + 1):
        now += playtest.seconds_per_command
        move = next_bot_move(rules, state, bots, rng, now=now)
        if move is None:
            if rules.is_over(state):
                return game
            raise ConformanceError(f"step {seq}: nobody may act, yet the game is not over")
        first_roll = len(dice.rolls)
        try:
            outcome = rules.apply(state, move.command, actor=move.actor, dice=dice, now=now)
        except Exception as error:  # any error at all is a broken promise
            raise ConformanceError(
                f"step {seq}: the offered command {move.command} was refused: {error!r}"
            ) from error
        moment = datetime.fromtimestamp(now, UTC)
        body = event_body(
            seq=seq,
            actor=move.actor.to_json(),
            submitted={"command": move.command},
            command=move.command,
            dice=[roll.to_json() for roll in dice.rolls[first_roll:]],
            events=outcome.events,
            created_at=moment,
        )
        previous = event_hash(previous, body)
        game.events.append({**body, "hash": previous})
        state = canonical_state(outcome.state)
        game.states.append(state)
        if rules.is_over(state):
            return game
    raise ConformanceError(f"no end after max_commands={playtest.max_commands} commands")


def ended_by_the_rules(game: PlayedGame) -> bool:
    """Whether the game came to its end by its rules' own ending (the snitch, the last
    ball), not called off: no command of the game was one of its ``ending_actions``
    (proposing or agreeing to end, conceding)."""
    ending = game.rules.ending_actions
    return game.rules.is_over(game.final_state) and not any(
        record["command"].get("action") in ending for record in game.events
    )


def check_log(game: PlayedGame) -> Report:
    """The log verifies: chain, seed, every server roll, and the replay."""
    report = verify(game.record(), game.events, game.rules)
    if not report.ok:
        raise ConformanceError(f"the log does not verify: {report.problems}")
    return report


def check_narration(game: PlayedGame) -> None:
    """Every event narrates in every claimed language, with no code in the text."""
    words = manifest_of(game.rules.name).words
    for record in game.events:
        for event in record["events"]:
            lines = words.narrate(event)
            for language in words.languages:
                text = lines.get(language)
                if not text or not text.strip():
                    raise ConformanceError(f"{event['type']!r} has no {language} narration")
                if LEAKED_CODE.search(text):
                    raise ConformanceError(f"{event['type']!r} narrates code: {text!r}")


def viewers(rules: Ruleset, state: dict) -> list[Actor]:
    """Everyone who may look: a spectator, the referee, each seat's holder, and the
    referee holding a seat (a storyguide playing), who may see the union and no more."""
    seats = rules.seats(state)
    return [
        Actor(SPECTATOR),
        Actor(REFEREE),
        *(seat_actor(s) for s in seats),
        *(Actor(REFEREE, frozenset((s,))) for s in seats),
    ]


def leaves(value) -> set[str]:
    """Every string in a JSON value, keys included: where a secret could show."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.update(str(key) for key in item)
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str):
            found.add(item)
    return found


def check_hidden_information(game: PlayedGame) -> None:
    """No seat's secrets reach another actor; no secret roll shows its face before the end."""
    rules, secrets_of = game.rules, manifest_for(game.rules).playtest.secrets
    for index, state in enumerate(game.states):
        record = game.events[index - 1] if index else None
        secrets = secrets_of(state)
        if not secrets and not rules.secret_roll_purposes:
            continue
        for viewer in viewers(rules, state):
            seen = leaves(rules.view(state, viewer))
            seen |= leaves(rules.allowed_commands(state, viewer))
            event_view = rules.view_event(record, viewer) if record is not None else None
            if event_view is not None:
                seen |= leaves(_without_hash(event_view))
                _check_rolls_hidden(rules, event_view, viewer)
            for seat, hidden in secrets.items():
                if seat in viewer.controls:  # a seat's holder, the referee holding it too
                    continue
                shown = seen & set(hidden)
                if shown:
                    raise ConformanceError(
                        f"after event {index}, {viewer.to_json()} sees {sorted(shown)[:5]} "
                        f"that only {seat!r} may see"
                    )


def check_offers(game: PlayedGame, *, states: int = 40) -> int:
    """Every command ``allowed_commands`` offers any viewer is taken by ``apply``, at up to
    ``states`` points of the game spread over its whole length; returns how many were tried."""
    rules, tried = game.rules, 0
    seconds = manifest_for(rules).playtest.seconds_per_command
    step = max(1, len(game.states) // states)
    for index in range(0, len(game.states), step):
        state, now = game.states[index], START + index * seconds
        for viewer in viewers(rules, state):
            for command in rules.allowed_commands(state, viewer, now=now):
                tried += 1
                dice = ServerDice(game.server_seed, f"offer-{index}")
                try:
                    rules.apply(state, command, actor=viewer, dice=dice, now=now)
                except Exception as error:  # a refusal of an offer is a broken promise
                    raise ConformanceError(
                        f"after event {index}, {command} offered to {viewer.to_json()} "
                        f"is refused: {error!r}"
                    ) from error
    return tried


def _without_hash(record: dict) -> dict:
    return {key: value for key, value in record.items() if key != "hash"}


def _check_rolls_hidden(rules: Ruleset, record: dict, viewer: Actor) -> None:
    for roll in record.get("dice", []):
        if roll["purpose"] in rules.secret_roll_purposes and roll["face"] is not None:
            raise ConformanceError(
                f"event {record['seq']}: {viewer.to_json()} sees the face of a "
                f"{roll['purpose']!r} roll before the end"
            )


#: Every game speaks the three languages its rule texts come in.
LANGUAGES = frozenset({"de", "en", "fr"})


def check_contract(game: PlayedGame, *, states: int = 40) -> int:
    """The state as each viewer sees it, each offered command, each event, the records of
    the log as each viewer sees them and the result hold to the ruleset's schemas, at up to
    ``states`` points; returns how many shapes were checked. A ruleset that names no schema
    for a shape is not checked for it."""
    from openapi_schema_validator import OAS30Validator  # a test's dependency

    rules, checked = game.rules, 0
    contract = manifest_for(rules).contract

    def holds(schema: dict, value, what: str) -> None:
        nonlocal checked
        error = next(OAS30Validator(schema).iter_errors(value), None)
        if error is not None:
            path = "/".join(map(str, error.absolute_path))
            raise ConformanceError(f"{what} breaks its schema at {path!r}: {error.message}")
        checked += 1

    step = max(1, len(game.states) // states)
    for index in range(0, len(game.states), step):
        state = game.states[index]
        for viewer in viewers(rules, state):
            holds(contract.state, rules.view(state, viewer), f"the state {index} seen")
            if not contract.commands:
                continue
            for command in rules.allowed_commands(state, viewer):
                schema = contract.commands.get(command.get("action"))
                if schema is None:
                    raise ConformanceError(f"no schema for the offered {command}")
                holds(schema, command, f"the offered {command}")

    def events_hold(record: dict, seen: str) -> None:
        for event in record["events"]:
            schema = contract.events.get(event.get("type"))
            if schema is None:
                raise ConformanceError(f"no schema for the event type {event.get('type')!r}")
            holds(schema, event, f"the event {event}{seen}")

    if contract.events:
        for record in game.events:
            events_hold(record, "")
    # A record of the log as a reader sees it while the game runs (a card face down): its
    # command is still one of the ruleset's commands, its events of the ruleset's events.
    step = max(1, len(game.events) // states)
    for record in game.events[::step]:
        for viewer in viewers(rules, game.final_state):
            seen = rules.view_event(record, viewer)
            if contract.commands:
                command = seen["command"]
                schema = contract.commands.get(command.get("action"))
                if schema is None:
                    raise ConformanceError(f"no schema for the logged {command}")
                holds(schema, command, f"the logged {command} seen by {viewer.to_json()}")
            if contract.events:
                events_hold(seen, f" seen by {viewer.to_json()}")
    holds(contract.result, rules.result(game.final_state), "the result")
    return checked


def check_words(game: PlayedGame, *, states: int = 20) -> int:
    """Everything a page shows a person is in words in German, English and French: the
    offered commands (as buttons, and as the forms :func:`games.tables.offer_forms`
    makes of those the ruleset's table does not draw itself), the seats, the purposes
    of the dice; returns how many texts were read."""
    from games import tables

    rules, read = game.rules, 0
    manifest = manifest_of(rules.name)
    said = manifest.words
    if set(said.languages) != LANGUAGES:
        raise ConformanceError(f"the game speaks {said.languages}, not German, English, French")

    def words(text: str, what: str) -> None:
        nonlocal read
        if not isinstance(text, str) or not text.strip():
            raise ConformanceError(f"{what} has no words")
        if LEAKED_CODE.search(text):
            raise ConformanceError(f"{what} reads as code: {text!r}")
        read += 1

    step = max(1, len(game.states) // states)
    for index in range(0, len(game.states), step):
        state = game.states[index]
        for viewer in viewers(rules, state):
            view = rules.view(state, viewer)
            commands = rules.allowed_commands(state, viewer)
            for language in said.languages:
                offered = tables.in_words(said, view, commands, language)
                for offer in offered:
                    words(offer.text, f"{offer.command} in {language}")
                drawn = manifest.table.draws if manifest.table else frozenset()  # the table's own
                for item in tables.offer_forms(said, view, offered, language, skip=drawn):
                    if isinstance(item, tables.CommandForm):
                        words(item.heading, f"the form of {item.action!r} in {language}")
                        for choice in item.choices:
                            words(choice.label, f"the field {choice.field!r} in {language}")
                            for _, text in choice.options:
                                words(text, f"a choice of {choice.field!r} in {language}")
                for seat in rules.seats(state):
                    words(said.seat(seat, view, language), f"the seat {seat} in {language}")
    purposes = {roll["purpose"] for record in game.events for roll in record["dice"]}
    for purpose in purposes:
        for language in said.languages:
            words(said.purpose(purpose, language), f"the purpose {purpose!r} in {language}")
    return read
