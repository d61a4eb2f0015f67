"""Reads of games that take more than one query or a computation."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from functools import cached_property
from hashlib import sha256
from typing import NamedTuple

from django.core.cache import cache
from django.db.models import Q, QuerySet
from rest_framework import serializers

from core import languages
from games import awaiting
from games.bots import REFEREE_SEAT, offers, strategies
from games.campaign_app import campaign_app
from games.chain import HASHED_FIELDS, canonical_state, timestamp
from games.foresight import command_dice
from games.manifest import manifest_of
from games.models import EnteredDice, Game, GameEvent, GameStatus
from games.ruleset import Actor, Ruleset, State, find_ruleset
from games.verification import GameRecord, Report, replay_command, verify
from games.wire import (
    AS_THE_MODEL,
    ActorSerializer,
    DiceAwaitedSerializer,
    NeedSerializer,
    Part,
    RollSerializer,
    Shape,
    SubmittedSerializer,
)
from games.words import Words


def games_visible_to(request, kind: str) -> QuerySet[Game]:
    """Public games, and every game of the caller's campaigns (the rule of ``visible``)."""
    readable = Q(public=True) | Q(campaign_id__in=list(campaign_app().roles(request)))
    return Game.objects.filter(readable, kind=kind)


def visible(game: Game, roles: dict[int, str]) -> bool:
    """May a caller with these campaign roles read ``game``? ``games_visible_to``'s rule,
    for a game already in hand (the command path reads it once, locked)."""
    return game.public or game.campaign_id in roles


class Awaited(NamedTuple):
    """Who the game waits for: the seats that may act now, and whether the referee's own
    commands are among what may be given (a Chat-Quidditch referee's ``Chatende``)."""

    seats: list[str]
    referee: bool


def awaited_seats(game: Game) -> Awaited:
    """Whose move it is in a running game, by the rules' own offers to each seat."""
    rules = find_ruleset(game.ruleset)
    state = game.state
    seats = [seat for seat in rules.seats(state) if offers(rules, state, seat)]
    return Awaited(seats, bool(offers(rules, state, REFEREE_SEAT)))


def state_as_seen(game: Game, actor: Actor, state: State | None = None) -> State:
    """The state (``game.state``, or an earlier one of its log) as ``actor`` may see it:
    the ruleset's ``view`` while the game runs, everything after."""
    state = game.state if state is None else state
    if game.status != GameStatus.ACTIVE:
        return state
    return find_ruleset(game.ruleset).view(state, actor)


def state_at(game: Game, seq: int) -> State:
    """The state just after event ``seq`` (``0``: before the first), replayed from the log.

    The log is the record: replaying its commands on their recorded faces
    rebuilds any earlier state, so no snapshot per event is stored.
    """
    if seq >= game.version:
        return game.state
    rules = find_ruleset(game.ruleset)
    state = rules.setup(game.config)
    for event in game_events(game, until=seq):
        event = {**event, "created_at": timestamp(event["created_at"])}
        state = replay_command(rules, state, event)[0].state
    return state


def event_as_seen(game: Game, event: dict, actor: Actor) -> dict:
    """A stored event (its ``EVENT_FIELDS``) as ``actor`` may see it: a :data:`RECORD`,
    narrated, ``created_at`` exactly as hashed.

    While the game runs, the ruleset's ``view_event`` hides what is secret from
    this actor (another seat's cards, the dice of a shuffle), and the narration
    is written from what remains; once it is over, everything is public. A
    record of dice awaited is the platform's own (``games.awaiting``): it shows
    a secret shuffle's items only to whoever enters its new order.
    """
    return RECORD.build(_seen_record(game, event, actor))


def _seen_record(game: Game, event: dict, actor: Actor) -> SeenRecord:
    rules = find_ruleset(game.ruleset)
    words = manifest_of(game.ruleset).words
    waits = awaiting.awaits(event["events"])
    if game.status == GameStatus.ACTIVE:
        event = rules.view_event(event, actor)
        if waits:
            awaited = event["events"][0]
            enters = game.takes_dice_from(actor)
            event = {**event, "events": [awaiting.awaited_as_seen(awaited, rules, enters=enters)]}
    narration = (
        [awaiting.narrate(event["events"][0], words, state_as_seen(game, actor))]
        if waits
        else [words.narrate(item) for item in event["events"]]
    )
    return SeenRecord(event, narration)


class SeenRecord(NamedTuple):
    """What a :data:`RECORD` is read from: the stored event as its reader may see it, and
    its narration."""

    event: dict
    narration: list[dict]


#: A record of a game's log, as every path that carries one gives it (the log's pages, a
#: command's answer, the streams, the webhooks): its stored columns as the reader may see
#: them, and its narration.
RECORD = Shape(
    lambda seen, name: seen.event[name],
    seq=Part(serializers.IntegerField(), stored=True),
    actor=Part(ActorSerializer(), stored=True),
    submitted=Part(
        SubmittedSerializer(), stored=True, per_ruleset=lambda shapes: shapes.ref("Submitted")
    ),
    command=Part(
        serializers.DictField(help_text="The command as the rules applied it."),
        stored=True,
        per_ruleset=lambda shapes: shapes.ref("Command"),
    ),
    dice=Part(RollSerializer(many=True), stored=True),
    events=Part(
        serializers.ListField(child=serializers.DictField()),
        stored=True,
        per_ruleset=lambda shapes: shapes.array_of(shapes.ref("Event")),
    ),
    narration=Part(
        serializers.ListField(
            child=serializers.DictField(child=serializers.CharField()),
            help_text="Each event as a line of the referee's transcript, per language.",
        ),
        read=lambda seen: seen.narration,
        per_ruleset=lambda shapes: shapes.array_of(shapes.ref("Narration")),
    ),
    created_at=Part(
        serializers.CharField(help_text="UTC with microseconds, exactly as hashed."),
        read=lambda seen: timestamp(seen.event["created_at"]),
        stored=True,
    ),
    hash=Part(serializers.CharField(), stored=True),
)
#: The columns of a stored event that a record is made of.
EVENT_FIELDS = RECORD.stored


def dice_awaited_as_seen(game: Game, actor: Actor) -> dict | None:
    """The command the game waits on and the dice it waits for, as ``actor`` may see them
    (``None`` when it waits for none): the event that said so, narrated, with whether
    ``actor`` may enter them."""
    waiting = game.dice_awaited
    if waiting is None or game.status != GameStatus.ACTIVE:
        return None
    record = {
        "seq": waiting["seq"],
        "actor": waiting["actor"],
        "submitted": {"command": waiting["command"]},
        "command": waiting["command"],
        "dice": [],
        "events": [{"type": awaiting.DICE_AWAITED, "dice": waiting["dice"]}],
        "created_at": datetime.fromisoformat(waiting["given_at"]),
    }
    seen = _seen_record(game, record, actor)
    return {
        "seq": seen.event["seq"],
        "actor": seen.event["actor"],
        "command": seen.event["command"],
        "dice": seen.event["events"][0]["dice"],
        "narration": seen.narration[0],
        "may_enter": game.takes_dice_from(actor),
    }


def allowed_dice(game: Game, actor: Actor, commands: list, *, now: float) -> list | None:
    """For each of ``commands``, the dice it will roll as far as can be told
    (``games.foresight``), as ``actor`` may see them; ``None`` for a game that rolls
    its own dice (nothing to enter, and trying every command out is not free)."""
    if game.entered_dice == EnteredDice.NEVER:
        return None
    rules = find_ruleset(game.ruleset)
    state = canonical_state(game.state)
    enters = game.takes_dice_from(actor)
    return [
        [
            awaiting.need_as_seen(need.to_json(), rules, enters=enters)
            for need in command_dice(
                rules, state, command, actor, now=now, start_nonce=game.next_nonce
            )
        ]
        for command in commands
    ]


def game_events(
    game: Game, *, after: int = 0, until: int | None = None, limit: int | None = None
) -> list[dict]:
    """The stored events after sequence number ``after`` (up to ``until``), in order."""
    rows = GameEvent.objects.filter(game=game, seq__gt=after)
    if until is not None:
        rows = rows.filter(seq__lte=until)
    rows = rows.order_by("seq").values_list(*EVENT_FIELDS)
    if limit is not None:
        rows = rows[:limit]
    return [dict(zip(EVENT_FIELDS, row, strict=True)) for row in rows]


VERIFIED_FOR_SECONDS = 600
"""How long a report is kept for the log it was made of."""


def game_verify(game: Game, *, fresh: bool = False) -> Report:
    """Audit a game's whole log (see games.verification), or give the report made of this
    very log a moment ago.

    Auditing costs time in proportion to the log, and anyone may ask; a log only
    grows and its last hash names all of it, so the report is kept under that
    hash (and whether the seed was revealed to check the rolls with) for
    ``VERIFIED_FOR_SECONDS``. A row changed in the database behind the service's
    back is found by the next report made after that, or at once by a ``fresh``
    one (``manage.py verify_game``, the operator's audit).
    """
    key = f"verify:{game.pk}:{game.last_hash}:{int(game.seed_revealed)}"
    report = None if fresh else cache.get(key)
    if report is None:
        report = _verify(game)
        cache.set(key, report, VERIFIED_FOR_SECONDS)
    return report


def _verify(game: Game) -> Report:
    record = GameRecord(
        config=game.config,
        state=game.state,
        seed_commitment=game.seed_commitment,
        client_seed=game.client_seed,
        server_seed=game.server_seed if game.seed_revealed else None,
    )
    events = [
        {
            **{name: event[name] for name in HASHED_FIELDS},
            "created_at": timestamp(event["created_at"]),
            "hash": event["hash"],
        }
        for event in game_events(game)
    ]
    return verify(record, events, find_ruleset(game.ruleset))


def ruleset_description(name: str) -> dict:
    """What ``/api/rulesets/`` says of a ruleset: enough for a client to set up and play one,
    and the schemas of every shape its games take (where they are served is the API's)."""
    manifest = manifest_of(name)
    rules, words, contract = manifest.rules, manifest.words, manifest.contract
    seats = rules.seats(rules.setup(contract.example)) if manifest.played_by_commands else []
    return {
        "name": rules.name,
        "title": rules.title,
        "kind": manifest.kind,
        "languages": list(words.languages),
        "seats": seats,
        "bots": sorted(strategies(rules)),
        "takes_text": type(words).parse is not Words.parse,
        "config_schema": contract.config,
        "command_schema": contract.command,
        "command_schemas": contract.commands,
        "state_schema": contract.state,
        "event_schemas": contract.events,
        "result_schema": result_schema_as_served(contract.result),
        "example_config": contract.example,
    }


#: A game's own fields, as a list of games gives them (``GameSummarySerializer``).
SUMMARY_FIELDS = (
    "id",
    "campaign",
    "kind",
    "ruleset",
    "title",
    "status",
    "version",
    "public",
    "friendly",
    "seed_commitment",
    "created_at",
    "finished_at",
)


def seats_held_by_others(game: Game, actor: Actor) -> frozenset[str]:
    """The seats of ``game`` a person holds who is not ``actor``: their holder plays them
    alone, and the referee relays only the seats nobody holds (a seat whose holder has
    left the campaign stays theirs until the storyguide hands it on)."""
    held = frozenset(seat.participant for seat in game.seats.all() if seat.user_id is not None)
    return held - actor.controls


def offered_commands(game: Game, actor: Actor, *, now: datetime) -> list[dict]:
    """What ``actor`` may send now: the rules' ``allowed_commands``, but none for a seat
    another person holds; nothing once the game is over, or while it waits for dice."""
    if game.status != GameStatus.ACTIVE or game.dice_awaited is not None:
        return []
    rules = find_ruleset(game.ruleset)
    offered = rules.allowed_commands(game.state, actor, now=now.timestamp())
    others = seats_held_by_others(game, actor) if actor.is_referee else frozenset()
    if not others:
        return offered
    return [command for command in offered if rules.seat_of(command, game.state) not in others]


#: What the platform adds to every ruleset's result as it serves it (issue 39).
SENTENCE = {
    "type": "string",
    "description": "Who won and why, in one sentence, with the score's parts as the rules "
    "count them, in the answer's language: for a plugin to show as it is (empty where the "
    "ruleset has no winner to name).",
}


def result_schema_as_served(schema: dict) -> dict:
    """A ruleset's result schema as the API serves results (:func:`result_as_served`): its
    own object with ``sentence`` among its required properties, in the one object rather
    than an ``allOf`` beside it, so that a generated client types the sentence with the
    rest."""
    return {
        **schema,
        "properties": {**schema.get("properties", {}), "sentence": SENTENCE},
        "required": [*schema.get("required", []), "sentence"],
    }


#: The language the reader of an answer asked for, or ``None``: asked only when the answer
#: has words to say (a finished game's sentence), for the reader's preferences cost a
#: query that the command path makes no other time.
AskedLanguage = Callable[[], str | None]


def asked_language(request) -> AskedLanguage:
    """The language the reader of ``request`` asks for (``core.languages``: their
    preferences, ``?lang=``, ``Accept-Language``), to be read when it is needed."""
    return lambda: languages.requested(request) if request is not None else None


def words_language(words: Words, asked: AskedLanguage | None) -> str:
    """The language of an answer's ``words`` about a game: the one asked for where the
    game is written in it, else the game's own (its first), as the game's page chooses."""
    chosen = asked() if asked is not None else None
    return chosen if chosen in words.languages else words.languages[0]


def result_as_served(
    rules: Ruleset, state: State, asked: AskedLanguage | None = None
) -> dict | None:
    """The ruleset's ``result`` with its ending as ``sentence`` (issue 39: who won and why,
    for a plugin to show as it is), in the language asked for (:func:`words_language`);
    ``None`` while the game runs. The rules' own ``result`` stays as the ruleset's
    ``contract.result`` says it."""
    result = rules.result(state)
    if result is None:
        return None
    words = manifest_of(rules.name).words
    return {**result, "sentence": words.ending(result, words_language(words, asked))}


class SeenGame:
    """What a :data:`GAME` is read from: a game, who reads it, when, in which language;
    what more than one part reads (the offers, the seats) read once."""

    def __init__(self, game: Game, actor: Actor, now: datetime, language: AskedLanguage | None):
        self.game, self.actor, self.now, self.language = game, actor, now, language

    @cached_property
    def offered(self) -> list[dict]:
        return offered_commands(self.game, self.actor, now=self.now)

    @cached_property
    def seats(self) -> list:
        return list(self.game.seats.all())


#: A game as every answer about it gives it (``GameSerializer`` documents it): the row's
#: own fields (a game in a list: ``SUMMARY_FIELDS``) and what the reader may see and do.
GAME = Shape(
    lambda seen, name: getattr(seen.game, name),
    id=Part(AS_THE_MODEL, read=lambda seen: seen.game.pk),
    campaign=Part(AS_THE_MODEL, read=lambda seen: seen.game.campaign_id),
    kind=Part(AS_THE_MODEL, per_ruleset=lambda shapes: shapes.kind_type),
    ruleset=Part(AS_THE_MODEL, per_ruleset=lambda shapes: shapes.name_type),
    title=Part(AS_THE_MODEL),
    status=Part(AS_THE_MODEL),
    version=Part(AS_THE_MODEL),
    public=Part(AS_THE_MODEL),
    friendly=Part(AS_THE_MODEL),
    seed_commitment=Part(AS_THE_MODEL),
    created_at=Part(AS_THE_MODEL, read=lambda seen: _moment(seen.game.created_at)),
    finished_at=Part(AS_THE_MODEL, read=lambda seen: _moment(seen.game.finished_at)),
    entered_dice=Part(AS_THE_MODEL),
    client_seed=Part(AS_THE_MODEL),
    server_seed=Part(
        serializers.CharField(
            read_only=True, allow_null=True, help_text="Secret until the game ends or is abandoned."
        ),
        read=lambda seen: seen.game.server_seed if seen.game.seed_revealed else None,
    ),
    next_nonce=Part(AS_THE_MODEL),
    seats=Part(
        serializers.DictField(
            child=serializers.IntegerField(),
            read_only=True,
            help_text="Seat -> the user id holding it.",
        ),
        read=lambda seen: {seat.participant: seat.user_id for seat in seen.seats if seat.user_id},
    ),
    bots=Part(
        serializers.DictField(
            child=serializers.CharField(), read_only=True, help_text="Seat -> the bot holding it."
        ),
        read=lambda seen: {seat.participant: seat.bot for seat in seen.seats if seat.bot},
        per_ruleset=lambda shapes: shapes.map_of(shapes.bot_type),
    ),
    bots_moving=Part(AS_THE_MODEL),
    state=Part(
        serializers.DictField(read_only=True, help_text="The state as you may see it."),
        read=lambda seen: state_as_seen(seen.game, seen.actor),
        per_ruleset=lambda shapes: shapes.ref("State"),
    ),
    dice_awaited=Part(
        DiceAwaitedSerializer(
            read_only=True,
            allow_null=True,
            help_text="The command the game waits on and the dice it waits for, when it takes "
            "entered dice and a command's were not all given (else null). Until they are "
            'entered (POST commands/ with {"dice": [...]} alone) the game takes no other '
            "command.",
        ),
        read=lambda seen: dice_awaited_as_seen(seen.game, seen.actor),
        per_ruleset=lambda shapes: shapes.nullable(shapes.ref("DiceAwaited")),
    ),
    allowed_commands=Part(
        serializers.ListField(
            child=serializers.DictField(),
            read_only=True,
            help_text="Complete commands you may submit as they are (for buttons, or a bot); "
            "none while the game waits for dice.",
        ),
        read=lambda seen: seen.offered,
        per_ruleset=lambda shapes: shapes.array_of(shapes.ref("Command")),
    ),
    allowed_dice=Part(
        serializers.ListField(
            child=NeedSerializer(many=True),
            read_only=True,
            allow_null=True,
            help_text="In a game that takes entered dice: for each of allowed_commands, in the "
            "same order, the dice it will roll, as far as can be told before a die falls (the "
            "first is certain; a die that hangs on an earlier face is asked for when it comes). "
            "Null in a game that rolls its own dice.",
        ),
        read=lambda seen: allowed_dice(
            seen.game, seen.actor, seen.offered, now=seen.now.timestamp()
        ),
    ),
    result=Part(
        serializers.DictField(read_only=True, allow_null=True),
        read=lambda seen: result_as_served(
            find_ruleset(seen.game.ruleset), seen.game.state, seen.language
        ),
        per_ruleset=lambda shapes: shapes.nullable(shapes.ref("Result")),
    ),
)


def game_as_seen(
    game: Game, actor: Actor, *, now: datetime, language: AskedLanguage | None = None
) -> dict:
    """A game as ``actor`` may see it, with what they may do now: the body of every answer
    about a game (:data:`GAME`), its words in the ``language`` the reader asks for
    (:func:`words_language`)."""
    return GAME.build(SeenGame(game, actor, now, language))


def command_answer(
    game: Game,
    event: GameEvent,
    actor: Actor,
    *,
    now: datetime,
    language: AskedLanguage | None = None,
) -> dict:
    """The answer to a command (``CommandAnswerSerializer``): its event and the game as
    it now stands, bots' moves included, both as ``actor`` may see them, its words in
    ``language``."""
    stored = {name: getattr(event, name) for name in EVENT_FIELDS}
    return {
        "ruleset": game.ruleset,
        "event": event_as_seen(game, stored, actor),
        "game": game_as_seen(game, actor, now=now, language=language),
    }


def game_etag(game: Game, actor: Actor, *, language: str, now: datetime, part: str = "") -> str:
    """The ETag of an answer about ``game`` (its state, or ``part`` of it: a page of its
    log), from what makes the answer differ, so that a ``304`` costs no rendering: the
    log (its version and last hash stand for the state and every event), the row's other
    fields the answer shows, its seats, who reads it (role and seats: a player and a
    spectator see different states), the language of its words, and whether time alone
    changed what may be done (``Ruleset.wakes_at`` passed)."""
    rules = find_ruleset(game.ruleset)
    wakes = rules.wakes_at(game.state) if game.status == GameStatus.ACTIVE else None
    seats = sorted((seat.participant, seat.user_id or 0, seat.bot) for seat in game.seats.all())
    parts = (
        (game.pk, game.version, game.last_hash, game.status, game.title, game.public),
        (game.friendly, game.entered_dice, game.client_seed, game.next_nonce),
        (str(game.seed_revealed_at), game.bots_moving, seats),
        (actor.role, sorted(actor.controls), language, part),
        wakes is not None and now.timestamp() >= wakes,
    )
    return '"' + sha256(repr(parts).encode()).hexdigest()[:32] + '"'


def _moment(value: datetime | None) -> str | None:
    """A moment as the API writes it (DRF's DateTimeField: ISO 8601, ``Z`` for UTC)."""
    if value is None:
        return None
    text = value.astimezone(UTC).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text
