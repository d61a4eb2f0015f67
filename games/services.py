"""Every write to a game: creating it, submitting commands, seeds, ending it.

Each service owns its transaction and locks the game row it changes, so that
commands to one game are applied one at a time in the order the database
grants the lock; the event's unique ``(game, seq)`` makes a lost update
impossible even if a lock were skipped.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import time
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

import orjson
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.text import Truncator

from core.errors import Conflict, Forbidden, Invalid, NotFound, RuleViolation, gettext_noop
from games import seeds, wakes
from games import tasks as games_tasks
from games.awaiting import awaited_event
from games.bots import EVERY_SEAT, REFEREE_SEAT, next_bot_move, strategies
from games.campaign_app import PLAYER_ROLE, REFEREE_ROLE, campaign_app
from games.chain import canonical_json, canonical_state, event_body, event_hash, timestamp
from games.dice import Dice, DiceAwaited, EnteredDice, Need, ServerDice, commitment
from games.foresight import command_dice
from games.manifest import manifest_for, manifest_of
from games.models import EnteredDice as EnteredDiceMode
from games.models import Game, GameEvent, GameStatus, Seat
from games.ruleset import PLAYER, REFEREE, SPECTATOR, Actor, Ruleset, find_ruleset
from games.selectors import (
    AskedLanguage,
    command_answer,
    dice_awaited_as_seen,
    seats_held_by_others,
    visible,
)
from games.signals import event_appended, game_abandoned, game_finished, game_started
from games.statements import insert_events, lock_game, read_seats, update_game
from games.validation import check_command

#: A title fits its column; an automatic one (four long names) is cut short with "…".
TITLE_LENGTH = Game._meta.get_field("title").max_length


def actor_for(game: Game, user, *, roles: dict[int, str] | None = None) -> Actor:
    """How the rules see ``user`` in ``game``: the referee, a player of their seats, or a
    spectator. A storyguide who holds seats is the referee *and* plays them
    (``Actor(REFEREE, seats)``): the rules give them the union of what each may see and
    do, and nothing more. A seat counts only while its holder plays in the campaign: one
    removed from it, or made a spectator, keeps the seat (their storyguide may hand it
    on) but neither sees nor commands it, and watches a public game as anyone does.

    ``roles`` are the user's campaign roles where the caller has them at hand
    (cached on the request); else the game's campaign is asked.
    """
    if user is None or not user.is_authenticated:
        return Actor(SPECTATOR)
    role = (
        roles.get(game.campaign_id)
        if roles is not None
        else campaign_app().role(user, game.campaign_id)
    )
    # All the game's seats in one statement, kept on the game: rendering it needs them again.
    read_seats(game)
    if game.referee_id == user.pk or role == REFEREE_ROLE:
        return Actor(REFEREE, _held(game, user))
    seats = _held(game, user) if role == PLAYER_ROLE else frozenset()
    return Actor(PLAYER, seats) if seats else Actor(SPECTATOR)


def _held(game: Game, user) -> frozenset[str]:
    """The participants of ``game`` whose seats ``user`` holds."""
    return frozenset(seat.participant for seat in game.seats.all() if seat.user_id == user.pk)


def game_create(
    *,
    campaign,
    ruleset: str,
    config: dict,
    created_by,
    now: datetime,
    title: str = "",
    seats: dict[str, int] | None = None,
    bots: dict[str, str] | None = None,
    public: bool = False,
    friendly: bool = False,
    entered_dice: str = EnteredDiceMode.NEVER,
    referee=None,
    client_seed: str | None = None,
    started_by_member: bool = False,
) -> Game:
    """Set up a game of any ruleset: its config, its seats, a secret seed committed to.

    The config a client sends is made self-contained by the ruleset's
    ``prepare`` (which may field the campaign's characters); each seat a
    character plays is held by that character's player, unless ``seats``
    (seat -> user) or ``bots`` (seat -> strategy) say otherwise. Bots that
    may act at once do so before the game is handed back.

    ``started_by_member``: ``created_by`` starts it from a request (the API, the
    New game page), so whether they may is decided here (:func:`_may_start`);
    otherwise the caller is the service's own (a cup game, a table log, the demo).
    """
    manifest = manifest_of(ruleset)
    rules, cast = manifest.rules, manifest.cast
    roster = campaign_app().roster(campaign.pk) if cast.reads_the_roster else {}
    config = cast.prepare(config, roster)
    state = rules.setup(config)
    starter = _starter_role(campaign.pk, created_by) if started_by_member else None
    holders = _holders(rules, state, roster, campaign.pk, seats or {}, bots or {})
    if started_by_member:
        friendly = _may_start(starter, created_by, holders, friendly)
    server_seed, drawn_client_seed = seeds.fresh()
    with transaction.atomic():
        game = Game.objects.create(
            campaign=campaign,
            kind=manifest.kind,
            ruleset=ruleset,
            title=Truncator(title or manifest.words.game_title(state)).chars(TITLE_LENGTH),
            config=config,
            state=state,
            public=public,
            friendly=friendly,
            entered_dice=entered_dice,
            referee=referee,
            server_seed=server_seed.hex(),
            seed_commitment=commitment(server_seed),
            client_seed=client_seed if client_seed is not None else drawn_client_seed,
            last_hash=commitment(server_seed),
            created_by=created_by,
            created_at=now,
        )
        Seat.objects.bulk_create(
            Seat(game=game, participant=participant, **holder)
            for participant, holder in holders.items()
        )
        game_started.send(sender=type(rules), game=game, now=now)
        let_bots_act(game, now=now)
    return game


def _starter_role(campaign_id: int, user) -> str:
    """``user``'s role, if it lets them start a game here at all (else 403, before anything
    about the game is judged): a storyguide starts any game; where the campaign lets
    players start friendly games (``players_start_games``), a player starts one. Anyone
    else may start none."""
    role = campaign_app().role(user, campaign_id)
    if role == REFEREE_ROLE or (
        role == PLAYER_ROLE and campaign_app().players_start_games(campaign_id)
    ):
        return role
    raise Forbidden(gettext_noop("Only the campaign's storyguide starts games here."))


def _may_start(role: str, user, holders: dict[str, dict], friendly: bool) -> bool:
    """Whether the game ``user`` (of ``role``: :func:`_starter_role`) starts is friendly,
    once it is sure they may start it: a player's game seats them, against bots or with
    one other player, and is friendly whatever they asked, so it touches neither the cup
    nor house points."""
    if role == REFEREE_ROLE:
        return friendly
    people = {holder["user_id"] for holder in holders.values() if "user_id" in holder}
    if user.pk not in people:
        raise Invalid.field(
            "seats", gettext_noop("A game you start seats you."), code="starter_unseated"
        )
    if len(people) > 2:
        raise Invalid.field(
            "seats",
            gettext_noop("A friendly game is one person against bots, or two players."),
            code="too_many_players",
        )
    return True


def _holders(rules, state, roster, campaign_id, seats, bots) -> dict[str, dict]:
    """Seat -> ``{"user_id": ...}`` or ``{"bot": ...}``: characters' players, then the choices."""
    known = set(rules.seats(state))
    bots = _every_seat(bots, known - set(seats))
    for name, chosen in (("seats", seats), ("bots", bots)):
        unknown = sorted(set(chosen) - known - ({REFEREE_SEAT} if name == "bots" else set()))
        if unknown:
            raise _no_seat(name, unknown)
    both = sorted(set(seats) & set(bots))
    if both:
        raise Invalid.field(
            "bots",
            gettext_noop("%(seats)s cannot be held by a user and a bot."),
            params={"seats": ", ".join(both)},
        )
    offered = strategies(rules)
    unknown_bots = sorted({strategy for strategy in bots.values()} - set(offered))
    if unknown_bots:
        raise Invalid.field(
            "bots",
            gettext_noop("This game has no bot %(bots)s (it has: %(offered)s)."),
            params={"bots": ", ".join(unknown_bots), "offered": ", ".join(sorted(offered))},
        )
    may_hold = campaign_app().seat_holders(campaign_id) if seats else set()
    refused = sorted(str(user) for user in seats.values() if user not in may_hold)
    if refused:
        raise Invalid.field(
            "seats",
            gettext_noop(
                "User %(users)s cannot hold a seat: only the campaign's players and its "
                "storyguide play its games."
            ),
            code="not_a_player",
            params={"users": ", ".join(refused)},
        )
    holders: dict[str, dict] = {
        seat: {"user_id": roster[character]["player"]}
        for seat, character in manifest_for(rules).cast.characters(state).items()
        if roster.get(character, {}).get("player") is not None
    }
    holders.update((seat, {"user_id": user}) for seat, user in seats.items())
    holders.update((seat, {"bot": strategy}) for seat, strategy in bots.items())
    unheld = [seat for seat in rules.seats(state) if seat not in holders]
    if unheld and not rules.referee_relays:
        raise Invalid.field(
            "seats",
            gettext_noop("Nobody would play %(seats)s: name a member or a bot for each seat."),
            code="seat_unheld",
            params={"seats": ", ".join(unheld)},
        )
    return holders


def _no_seat(name: str, unknown: list[str]) -> Invalid:
    """The refusal of seats (or bots, field ``name``) the game does not have."""
    return Invalid.field(
        name, gettext_noop("This game has no seat %(seats)s."), params={"seats": ", ".join(unknown)}
    )


def _every_seat(bots: dict[str, str], free: set[str]) -> dict[str, str]:
    """``{"*": strategy}`` spelled out: that bot in every free seat and the referee's."""
    if EVERY_SEAT not in bots:
        return bots
    strategy = bots[EVERY_SEAT]
    named = {seat: chosen for seat, chosen in bots.items() if seat != EVERY_SEAT}
    return {**dict.fromkeys(sorted(free | {REFEREE_SEAT}), strategy), **named}


def game_seat_bots(*, game_id: int, bots: dict[str, str], now: datetime, by=None) -> Game:
    """Hand seats of a running game to bots (a player left the table), who act at once.

    ``{"*": "random"}`` hands every seat and the referee's duties to the random
    player, which plays the game out: the demo's matches are played so. Only
    the referee may; ``by=None`` is the service itself (demo data, tests).
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if by is not None and not actor_for(game, by).is_referee:
            raise Forbidden(gettext_noop("Only the referee or a storyguide seats bots."))
        _check_active(game)
        rules = find_ruleset(game.ruleset)
        known = set(rules.seats(game.state))
        bots = _every_seat(bots, known)
        unknown = sorted(set(bots) - known - {REFEREE_SEAT})
        if unknown:
            raise _no_seat("bots", unknown)
        offered = strategies(rules)
        if not set(bots.values()) <= set(offered):
            raise Invalid.field(
                "bots",
                gettext_noop("This game has the bots %(offered)s."),
                params={"offered": ", ".join(sorted(offered))},
            )
        Seat.objects.filter(game=game, participant__in=list(bots)).delete()
        Seat.objects.bulk_create(
            Seat(game=game, participant=seat, bot=strategy) for seat, strategy in bots.items()
        )
        held = Seat.objects.filter(game=game).exclude(bot="").values_list("participant", "bot")
        let_bots_act(game, now=now, bots=dict(held))
    return game


def let_bots_act(
    game: Game,
    *,
    now: datetime,
    bots: dict[str, str] | None = None,
    changes: Changes | None = None,
) -> None:
    """Let the game's bots act, one command at a time, until a person must act or the end,
    or until ``BOT_SECONDS`` of bot work are spent: then a task plays on
    (:func:`games.tasks.bots_move`) after a pause of ``BOT_PAUSE_SECONDS``, so that no
    request waits on a long run of bot moves and a game of bots alone takes at most
    about half of a worker; the game says ``bots_moving`` until they are done.

    The caller has locked the game row; ``bots`` (seat -> strategy) defaults to
    the game's seats as loaded. Every bot command goes through the
    same ``apply`` and server dice as a person's, logged with the bot as the
    one who sent it; the moves join ``changes`` (the request's own, written at its end),
    else they are written here. A bot's choices are drawn from the secret seed, so
    nobody can foresee them before the end, and anyone can see afterwards that they
    were not steered.
    """
    if bots is None:
        bots = {seat.participant: seat.bot for seat in game.seats.all() if seat.bot}
    written_here = changes is None
    changes = changes or Changes(game)
    moving = False
    if bots and game.status == GameStatus.ACTIVE:
        rules = find_ruleset(game.ruleset)
        draw = hmac.new(bytes.fromhex(game.server_seed), f"bots:{game.version}".encode(), "sha256")
        rng = random.Random(draw.digest())
        deadline = time.monotonic() + settings.BOT_SECONDS
        while game.status == GameStatus.ACTIVE and game.dice_awaited is None:
            state = canonical_state(game.state)  # the bot's choice and its move see one copy
            move = next_bot_move(rules, state, bots, rng, now=now.timestamp())
            if move is None:
                break
            _resolve(
                changes,
                state=state,
                user=None,
                waiting=Waiting(move.actor, move.command, now, [], []),
                submitted={"command": move.command, "bot": bots[move.seat]},
                idempotency=None,
                now=now,
            )
            if game.status == GameStatus.ACTIVE and time.monotonic() >= deadline:
                moving = True
                break
    if moving != game.bots_moving:
        game.bots_moving = moving
        changes.fields.add("bots_moving")
    if written_here:
        changes.write()
    if bots and not moving and game.status == GameStatus.ACTIVE:
        at = find_ruleset(game.ruleset).wakes_at(game.state)
        if at is not None:
            wakes.wake_at(game, at)
    if moving:
        transaction.on_commit(
            lambda: games_tasks.bots_move.apply_async(
                (game.pk,), countdown=settings.BOT_PAUSE_SECONDS
            )
        )


def game_bots_move(*, game_id: int, now: datetime) -> Game | None:
    """Play on for bots a request left moving (the task behind ``let_bots_act``): another
    stretch of at most ``BOT_SECONDS``, committed, and a task for the rest. Playing a game
    whose bots have stopped changes nothing, so the task may run twice."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id, bots_moving=True).first()
        if game is None:
            return None
        let_bots_act(game, now=now)
    return game


def game_bots_wake(*, game_id: int, version: int, now: datetime) -> Game | None:
    """The game's bots asked again, at ``now``, for what time alone has changed (the
    task behind ``games.wakes``): nothing if the game has moved on from ``version``,
    whose own move has set its own wake."""
    with transaction.atomic():
        game = (
            Game.objects.select_for_update()
            .filter(pk=game_id, version=version, status=GameStatus.ACTIVE)
            .first()
        )
        if game is None:
            return None
        let_bots_act(game, now=now)
    return game


def game_set_client_seed(*, game_id: int, by, client_seed: str) -> Game:
    """Participants may choose the client seed, but only before the first die is rolled."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if actor_for(game, by).role == SPECTATOR:
            raise Forbidden(
                gettext_noop("Only the referee and the game's participants set the seed.")
            )
        if game.next_nonce:
            raise RuleViolation(
                "dice_already_rolled",
                gettext_noop("The client seed is fixed once the first die is rolled."),
            )
        game.client_seed = client_seed
        game.save(update_fields=["client_seed"])
    return game


@dataclass(frozen=True)
class Submission:
    """A command as a client sent it: a typed line or a structured command, with the dice
    entered for it; or dice alone, for the command the game waits on."""

    text: str | None = None
    command: dict | None = None
    dice: list | None = None
    expected_version: int | None = None
    #: The ruleset the client typed the command by; another than the game's is refused.
    ruleset: str | None = None

    @property
    def enters_dice_only(self) -> bool:
        return self.text is None and self.command is None

    def as_json(self) -> dict:
        if self.text is not None:
            data = {"text": self.text}
        else:
            data = {} if self.command is None else {"command": self.command}
        if self.dice is not None:
            data["dice"] = self.dice
        return data

    def fingerprint(self) -> str:
        return hashlib.sha256(canonical_json(self.__dict__)).hexdigest()


class Played(NamedTuple):
    """What a submitted command did: the game as it now stands (bots' moves included), the
    command's own event, and how the rules saw its sender; or, for a retry of a command
    sent with an Idempotency-Key, the answer that command was given (``answered``)."""

    game: Game | None
    event: GameEvent | None
    actor: Actor | None
    answered: dict | None = None


def game_submit_command(
    *,
    game_id,
    by,
    submission: Submission,
    now: datetime,
    idempotency_key: str | None = None,
    kind: str | None = None,
    roles: dict[int, str] | None = None,
    language: AskedLanguage | None = None,
) -> Played:
    """Apply one command to a game, and let its bots move; or give a retry its first answer.

    The hot path of the service, in as few statements as its guarantees allow:
    the game is locked and read together with any earlier event the same user
    sent with the same Idempotency-Key; who may see and command it comes from
    the caller's ``roles`` (cached) and the game's seats; the command and the
    bots' moves after it are applied in memory, then written at once (one insert
    of their events, one update of the game: :class:`Changes`). The answer is built
    from what this returns (``games.selectors.command_answer``), after the lock,
    except for a command sent with a key, whose answer is kept with its event for
    its retries and so is built before the events are written.

    A key is its sender's own: the same key from another user is another
    command, judged on its own, and never gets the first user's answer.

    ``kind`` and ``roles`` come from a request (the API); without them the
    caller is the service's own (demo data, tests) and the roles are looked up.
    ``language`` is the one the reader asks for, that of the answer's words.

    Retries of one key at once: each waits for the game's lock, but its look
    for an earlier event was made before the first committed (PostgreSQL reads
    a statement's subquery as the statement began). Such a retry then finds the
    game moved on: a stale ``expected_version`` (409), a move the rules no
    longer allow (422), or the key's unique constraint on insert. Before any of
    those is answered, the event is looked for once more, in a new statement
    that sees the first one committed, and its answer is given.
    """
    try:
        return _submit(
            game_id=game_id,
            user=by,
            submission=submission,
            now=now,
            idempotency_key=idempotency_key,
            kind=kind,
            roles=roles,
            language=language,
        )
    except (IntegrityError, Conflict, RuleViolation):
        if idempotency_key:
            earlier = GameEvent.objects.filter(
                game_id=game_id, user=by, idempotency_key=idempotency_key
            ).first()
            if earlier is not None:
                return _first_answer(earlier, submission)
        raise


def _submit(*, game_id, user, submission, now, idempotency_key, kind, roles, language) -> Played:
    with transaction.atomic():
        game = _lock_visible(game_id, kind, roles, user, idempotency_key)
        if game.earlier is not None:
            return _first_answer(GameEvent.objects.get(pk=game.earlier), submission)
        if submission.ruleset not in (None, game.ruleset):
            raise Invalid.field(
                "ruleset",
                gettext_noop("This game is played by %(ruleset)s, not %(sent)s."),
                code="wrong_ruleset",
                params={"ruleset": game.ruleset, "sent": submission.ruleset},
            )
        if submission.expected_version is not None and submission.expected_version != game.version:
            raise Conflict(
                gettext_noop("The game is at version %(version)s, not %(expected)s."),
                params={"version": game.version, "expected": submission.expected_version},
                current_version=game.version,
            )
        actor = actor_for(game, user, roles=roles)
        if actor.role == SPECTATOR:
            raise Forbidden(
                gettext_noop("Only the referee and the game's participants send commands.")
            )
        bots = {seat.participant: seat.bot for seat in game.seats.all() if seat.bot}
        changes = Changes(game)
        sent = {
            "user": user,
            "actor": actor,
            "submitted": submission.as_json(),
            "entered": _entered(game, actor, submission),
            "now": now,
            "idempotency": (
                Idempotency(idempotency_key, submission.fingerprint()) if idempotency_key else None
            ),
        }
        if submission.enters_dice_only:
            event = _enter_dice(changes, **sent)
        else:
            manifest = manifest_of(game.ruleset)
            if submission.text is not None:
                command = manifest.words.parse(submission.text, state=game.state, actor=actor)
            else:
                command = submission.command
                check_command(manifest.rules, command)
            event = _apply(changes, command=command, **sent)
        if bots:
            let_bots_act(game, now=now, bots=bots, changes=changes)
        answered = None
        if idempotency_key:  # kept with the event, for its retries
            answered = command_answer(game, event, actor, now=now, language=language)
            event.answer = _kept(answered)
        changes.write()
    return Played(game, event, actor, answered)


def _kept(answer: dict) -> str:
    """An answer as its event keeps it for the retries of its key: the text of its JSON,
    encoded by orjson, which the database stores as it is. Kept as jsonb, the same answer
    was encoded by the standard library's encoder and parsed again by PostgreSQL, under
    the game's lock, for a retry that seldom comes (``bench/README.md``); a retry now
    reads it back with its keys in the order it was given."""
    return orjson.dumps(answer, option=orjson.OPT_NON_STR_KEYS).decode()


def _first_answer(earlier: GameEvent, submission: Submission) -> Played:
    """A retry's answer: the one its key's event was given, if the request is the same."""
    if earlier.fingerprint != submission.fingerprint():
        raise RuleViolation(
            "idempotency_key_reused",
            gettext_noop("This Idempotency-Key was used with another request body."),
        )
    return Played(None, None, None, orjson.loads(earlier.answer))


def _lock_visible(game_id, kind, roles, user, idempotency_key: str | None):
    """The game locked and read, if the caller may see it (else 404), with ``earlier``: the
    id of its event ``user`` sent with ``idempotency_key``, if any, found in the same
    statement (``games.statements``)."""
    game = lock_game(
        game_id=game_id,
        kind=kind,
        user_id=user.pk if user is not None else None,
        key=idempotency_key,
    )
    if game is None or (roles is not None and not visible(game, roles)):
        raise NotFound(gettext_noop("No such game, or not one you may read."))
    return game


@dataclass(frozen=True)
class Idempotency:
    """What a command sent with an Idempotency-Key keeps for its retries."""

    key: str
    fingerprint: str


def game_apply(
    game: Game,
    *,
    by,
    actor: Actor,
    command: dict,
    submitted: dict,
    now: datetime,
    entered: list | None = None,
    idempotency: Idempotency | None = None,
) -> GameEvent:
    """Run the rules on a game row the caller has locked, append the event, save the snapshot.

    The caller owns the transaction: if anything after this fails, nothing is
    kept. The dice are the game's own: the server's, or in a game that takes
    entered dice, the faces ``entered`` with the command; where those run out,
    the command waits for the rest (a submission that enters them) and the game
    takes no other command until it has them (409 ``dice_awaited``).
    """
    changes = Changes(game)
    event = _apply(
        changes,
        user=by,
        actor=actor,
        command=command,
        submitted=submitted,
        now=now,
        entered=entered,
        idempotency=idempotency,
    )
    changes.write()
    return event


def _apply(changes: Changes, *, user, actor, command, submitted, now, entered, idempotency):
    game = changes.game
    _check_active(game)
    if game.dice_awaited is not None:
        raise _dice_first(game, actor)
    state = canonical_state(game.state)  # the one copy the checks and the command see
    _not_held_by_another(game, state, actor, command)
    if entered and not actor.is_referee:
        rules = find_ruleset(game.ruleset)
        ahead = command_dice(
            rules,
            state,
            command,
            actor,
            now=now.timestamp(),
            start_nonce=game.next_nonce,
        )
        _own_dice(actor, [need.to_json() for need in ahead], entered)
    waiting = Waiting(actor, command, now, entered or [], [None] * len(entered or []))
    return _resolve(
        changes,
        state=state,
        user=user,
        waiting=waiting,
        submitted=submitted,
        idempotency=idempotency,
        now=now,
    )


def _not_held_by_another(game: Game, state: dict, actor: Actor, command: dict) -> None:
    """A seat a person holds is played by that person alone: the referee relays only the
    seats nobody holds (``referee_relays``), as a storyguide's command for a held seat
    would take the player's turn, or their secret choice (docs/architecture.md, "Who may
    do what with a seat")."""
    if not actor.is_referee:
        return
    others = seats_held_by_others(game, actor)
    if not others:
        return
    seat = find_ruleset(game.ruleset).seat_of(command, state)
    if isinstance(seat, str) and seat in others:
        raise Forbidden(
            gettext_noop(
                "That seat is played by the one who holds it: the referee gives the "
                "commands of the seats nobody holds."
            ),
            code="seat_held",
        )


def _enter_dice(
    changes: Changes, *, user, actor, entered, submitted, now, idempotency
) -> GameEvent:
    """Dice entered for the command the game waits on (``actor`` enters them), all that
    it still needs or some of them: the command is resolved again on every face entered
    for it so far. It is applied once it has all it rolls, as if they had been given
    with it (its own actor and time, so that a replay is exact); until then another
    record says what it still waits for."""
    game = changes.game
    _check_active(game)
    if game.dice_awaited is None:
        raise RuleViolation(
            "no_dice_awaited", gettext_noop("The game waits for no dice: send a command.")
        )
    _own_dice(actor, game.dice_awaited["dice"], entered or [])
    waiting = Waiting.from_json(game.dice_awaited)
    return _resolve(
        changes,
        state=canonical_state(game.state),
        user=user,
        waiting=waiting.entering(entered or [], game.dice_awaited["dice"]),
        # The record replays as the command's giver's; it says who entered these dice.
        submitted={**submitted, "entered_by": actor.to_json()},
        idempotency=idempotency,
        now=now,
    )


def _own_dice(actor: Actor, needs: list[dict], entered: list) -> None:
    """A player enters only the dice that their own seats roll, and the table's (a die of
    no seat); the referee enters any, and alone enters a shuffle, whose order would let a
    player choose hidden hands (docs/architecture.md, "Who may do what with a seat").
    ``needs`` are the dice the game waits for, in order, as far as can be told: the faces
    entered fill them one by one, and a player enters none beyond them."""
    if actor.is_referee:
        return
    left, theirs = len(entered), {None, *actor.controls}
    for need in needs:
        if left <= 0 or need["shuffle"] or need["by"] not in theirs:
            break
        left -= need["count"]
    if left <= 0:
        return
    raise Forbidden(
        gettext_noop(
            "Those dice are not yours to enter: each player enters the dice of their own "
            "seats, and the referee enters a shuffle."
        ),
        code="not_your_dice",
    )


class Waiting(NamedTuple):
    """A command being resolved on the game's dice: who gave it, and when (its time under
    the rules, however long its dice take to be entered), and what was entered for it."""

    actor: Actor
    command: dict
    given_at: datetime
    entered: list
    #: The purpose each entered face was entered for, as far as known (``EnteredDice``).
    meant: list

    def to_json(self) -> dict:
        return {
            "actor": self.actor.to_json(),
            "command": self.command,
            "given_at": timestamp(self.given_at),
            "entered": self.entered,
            "meant": self.meant,
        }

    @classmethod
    def from_json(cls, data: dict) -> Waiting:
        return cls(
            Actor.from_json(data["actor"]),
            data["command"],
            datetime.fromisoformat(data["given_at"]),
            data["entered"],
            data.get("meant", [None] * len(data["entered"])),
        )

    def entering(self, faces: list, needs: list[dict]) -> Waiting:
        """With ``faces`` entered for the dice awaited, ``needs`` (each face meant for
        the roll it answers, in order)."""
        purposes = [need["purpose"] for need in needs for _ in range(need.get("count", 1))]
        meant = [*purposes[: len(faces)], *[None] * (len(faces) - len(purposes))]
        return self._replace(entered=[*self.entered, *faces], meant=[*self.meant, *meant])


#: The refusal of a command to a game no longer played, by its status: a template for each,
#: so that the status reads in the reader's language.
OVER = {
    GameStatus.FINISHED: gettext_noop("The game is finished."),
    GameStatus.ABANDONED: gettext_noop("The game is abandoned."),
}
#: The refusal to abandon a game no longer played, by its status.
ALREADY_OVER = {
    GameStatus.FINISHED: gettext_noop("The game is already finished."),
    GameStatus.ABANDONED: gettext_noop("The game is already abandoned."),
}


def _check_active(game: Game, refusals: dict[str, str] = OVER) -> None:
    if game.status != GameStatus.ACTIVE:
        raise RuleViolation("game_over", refusals[game.status])


def _dice_first(game: Game, actor: Actor) -> Conflict:
    """The refusal of a command while the game waits for the dice of another: it names
    them as the game does (``dice_awaited``), in the rules' words."""
    return Conflict(
        gettext_noop("The game waits for the dice of an earlier command: they are entered first."),
        code="dice_awaited",
        current_version=game.version,
        dice_awaited=dice_awaited_as_seen(game, actor),
    )


def _resolve(
    changes: Changes, *, state: dict, user, waiting: Waiting, submitted, idempotency, now
) -> GameEvent:
    """Apply ``waiting`` on the game's dice, or where the dice entered for it run out,
    record what it waits for and keep it on the game: either way one event, chained,
    at the command's own time, added to ``changes``. ``state`` is the game's, as the
    rules see it (``games.chain.canonical_state``): one copy for each command, which
    the caller has checked the command against, and which ``apply`` does not change."""
    game = changes.game
    rules = find_ruleset(game.ruleset)
    dice = _dice(game, waiting)
    try:
        outcome = rules.apply(
            state, waiting.command, actor=waiting.actor, dice=dice, now=waiting.given_at.timestamp()
        )
    except DiceAwaited as awaited:
        needs = _awaited(rules, state, waiting, awaited.need, start_nonce=game.next_nonce)
        event = _record(game, user, waiting, submitted, dice, [awaited_event(needs)], idempotency)
        game.dice_awaited = {"seq": event.seq, **waiting.to_json(), "dice": event.events[0]["dice"]}
        changes.add(event, "version", "last_hash", "dice_awaited")
        _stop_at_the_limit(changes, now)
        return event
    if isinstance(dice, EnteredDice) and dice.unused:
        raise RuleViolation(
            "too_many_dice",
            gettext_noop("%(count)s of the entered dice were not needed by the command."),
            params={"count": dice.unused},
        )
    event = _record(game, user, waiting, submitted, dice, outcome.events, idempotency)
    _seats_follow_their_characters(game, rules, state, outcome.state)
    game.state = outcome.state
    game.next_nonce = dice.next_nonce
    changes.add(event, "state", "version", "next_nonce", "last_hash")
    if game.dice_awaited is not None:
        game.dice_awaited = None
        changes.fields.add("dice_awaited")
    if rules.is_over(outcome.state):
        changes.fields.update(_close(game, GameStatus.FINISHED, now))
        changes.finished_at = now
    _stop_at_the_limit(changes, now)
    return event


def _seats_follow_their_characters(game: Game, rules: Ruleset, before, after) -> None:
    """A seat whose character changed (a substitution, Chat-Quidditch §8.6) passes to
    the new character's player, or to nobody (the referee relays it) where the character
    has none, or where nobody plays the seat any more: the person who left it no longer
    commands it. A seat a bot holds stays the bot's unless a player comes in."""
    characters = manifest_for(rules).cast.characters
    was, now = characters(before), characters(after)
    # (A seat new to the game, a skirmish's newcomer, is seated by whoever brings it in.)
    changed = {seat for seat in was if was[seat] != now.get(seat)}
    if not changed:
        return
    roster = campaign_app().roster(game.campaign_id)
    seats = {seat.participant: seat for seat in game.seats.all()}
    for seat in sorted(changed):
        player = roster.get(now.get(seat), {}).get("player")
        held = seats.get(seat)
        if player is not None:
            Seat.objects.update_or_create(
                game=game, participant=seat, defaults={"user_id": player, "bot": ""}
            )
        elif held is not None and held.user_id is not None:
            held.delete()
    # The game's seats as loaded are stale now: the answer reads them afresh.
    getattr(game, "_prefetched_objects_cache", {}).pop("seats", None)


def _stop_at_the_limit(changes: Changes, now: datetime) -> None:
    """A game whose log has reached ``GAME_EVENT_LIMIT`` events ends there, abandoned,
    whatever its rules say: no request, bot or setting makes a game that writes without
    end (docs/architecture.md, "Bounded work"). The longest games the rules make run
    to a few hundred events."""
    game = changes.game
    if game.status == GameStatus.ACTIVE and game.version >= settings.GAME_EVENT_LIMIT:
        changes.fields.update(_close(game, GameStatus.ABANDONED, now))
        changes.abandoned_at = now


def _close(game: Game, status: str, now: datetime) -> tuple[str, ...]:
    """End a game: its seed is revealed, so that anyone can check its rolls, and a command
    still waiting for its dice is never applied. The fields it changed."""
    game.status = status
    game.finished_at = game.seed_revealed_at = now
    game.dice_awaited = None
    return ("status", "finished_at", "seed_revealed_at", "dice_awaited")


def _awaited(rules: Ruleset, state, waiting: Waiting, need: Need, *, start_nonce: int):
    """What a command waits for: first ``need``, its next roll's, then what it rolls after
    that whatever falls (``games.foresight``); the record of it says so
    (``games.awaiting``), and the game keeps the command until they are entered."""
    ahead = command_dice(
        rules,
        state,
        waiting.command,
        waiting.actor,
        now=waiting.given_at.timestamp(),
        entered=waiting.entered,
        start_nonce=start_nonce,
    )
    return ahead or [need]


def _record(game: Game, user, waiting: Waiting, submitted, dice, events, idempotency) -> GameEvent:
    event = _next_event(
        game, user, waiting.actor, submitted, waiting.command, dice, events, waiting.given_at
    )
    if idempotency is not None:
        event.idempotency_key, event.fingerprint = idempotency.key, idempotency.fingerprint
    return event


class Changes:
    """What one request (or one stretch of bots' moves) does to a game, written at its end:
    the events it appends, in one insert, and the game's fields they changed, in one
    update; then the signals, in order (the outbox, the sheets), and the end of the game
    if it came (the league, the campaign)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.events: list[GameEvent] = []
        self.fields: set[str] = set()
        self.finished_at: datetime | None = None
        self.abandoned_at: datetime | None = None

    def add(self, event: GameEvent, *fields: str) -> None:
        self.events.append(event)
        self.fields.update(fields)

    def write(self) -> None:
        game = self.game
        rules = type(find_ruleset(game.ruleset))
        insert_events(self.events)
        if self.fields:
            update_game(game, sorted(self.fields))
        for event in self.events:
            event_appended.send(sender=rules, game=game, event=event)
        if self.finished_at is not None:
            game_finished.send(sender=rules, game=game, now=self.finished_at)
        if self.abandoned_at is not None:
            game_abandoned.send(sender=rules, game=game, now=self.abandoned_at)
        self.events, self.fields = [], set()
        self.finished_at = self.abandoned_at = None


def _dice(game: Game, waiting: Waiting) -> Dice:
    """The game's dice for one command: the server's, or the faces entered for it."""
    if game.entered_dice == EnteredDiceMode.NEVER:
        return ServerDice(
            bytes.fromhex(game.server_seed), game.client_seed, start_nonce=game.next_nonce
        )
    return EnteredDice(waiting.entered, start_nonce=game.next_nonce, meant=waiting.meant)


def _entered(game: Game, actor: Actor, submission: Submission) -> list | None:
    """The dice a submission enters, if its sender may enter dice in this game."""
    if submission.dice is None:
        return None
    if not game.takes_dice_from(actor):
        raise RuleViolation(
            "entered_dice_refused", gettext_noop("This game does not take entered dice from you.")
        )
    return submission.dice


def _next_event(game, user, actor, submitted, command, dice, events, now) -> GameEvent:
    """The game's next event, chained to its last; the game's version and hash move on."""
    seq = game.version + 1
    fields = {
        "seq": seq,
        "actor": actor.to_json(),
        "submitted": submitted,
        "command": command,
        "dice": [roll.to_json() for roll in dice.rolls],
        "events": events,
    }
    game.last_hash = event_hash(game.last_hash, event_body(**fields, created_at=now))
    game.version = seq
    return GameEvent(game=game, user=user, created_at=now, hash=game.last_hash, **fields)


def game_abandon(*, game_id: int, by, now: datetime) -> Game:
    """The storyguide ends a game early; its seed is revealed so its rolls can be checked."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if not actor_for(game, by).is_referee:
            raise Forbidden(gettext_noop("Only the referee or a storyguide may abandon a game."))
        _check_active(game, ALREADY_OVER)
        game.save(update_fields=_close(game, GameStatus.ABANDONED, now))
        game_abandoned.send(sender=type(find_ruleset(game.ruleset)), game=game, now=now)
    return game
