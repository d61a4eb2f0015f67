"""Every write to a game: creating it, submitting commands, seeds, ending it.

Each service owns its transaction and locks the game row it changes, so that
commands to one game are applied one at a time in the order the database
grants the lock; the event's unique ``(game, seq)`` makes a lost update
impossible even if a lock were skipped.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import prefetch_related_objects

from campaign.models import Campaign, Membership, Role
from core.errors import Conflict, Forbidden, RuleViolation
from games.chain import canonical_json, canonical_state, event_body, event_hash
from games.dice import Dice, EnteredDice, ServerDice, commitment
from games.models import EnteredDice as EnteredDiceMode
from games.models import Game, GameEvent, GameStatus, IdempotentAnswer, Seat
from games.ruleset import PLAYER, REFEREE, SPECTATOR, Actor, find_ruleset
from games.signals import game_finished


def actor_for(game: Game, user) -> Actor:
    """How the rules see ``user`` in ``game``: referee, player of their seats, or spectator."""
    if user is None or not user.is_authenticated:
        return Actor(SPECTATOR)
    if (
        game.referee_id == user.pk
        or Membership.objects.filter(
            campaign_id=game.campaign_id, user=user, role=Role.STORYGUIDE
        ).exists()
    ):
        return Actor(REFEREE)
    # All the game's seats in one query, kept on the game: rendering it needs them again.
    prefetch_related_objects([game], "seats")
    seats = frozenset(seat.participant for seat in game.seats.all() if seat.user_id == user.pk)
    return Actor(PLAYER, seats) if seats else Actor(SPECTATOR)


def game_create(
    *,
    campaign: Campaign,
    ruleset: str,
    config: dict,
    created_by,
    now: datetime,
    title: str = "",
    seats: dict[str, int] | None = None,
    public: bool = False,
    entered_dice: str = EnteredDiceMode.NEVER,
    referee=None,
    client_seed: str | None = None,
) -> Game:
    """Set up a game: validate the config, draw and commit to a secret seed."""
    rules = find_ruleset(ruleset)
    state = rules.setup(config)
    server_seed = secrets.token_bytes(32)
    with transaction.atomic():
        game = Game.objects.create(
            campaign=campaign,
            kind=rules.kind,
            ruleset=ruleset,
            title=title,
            config=config,
            state=state,
            public=public,
            entered_dice=entered_dice,
            referee=referee,
            server_seed=server_seed.hex(),
            seed_commitment=commitment(server_seed),
            client_seed=client_seed if client_seed is not None else secrets.token_hex(16),
            last_hash=commitment(server_seed),
            created_by=created_by,
            created_at=now,
        )
        Seat.objects.bulk_create(
            Seat(game=game, participant=participant, user_id=user_id)
            for participant, user_id in (seats or {}).items()
        )
    return game


def game_set_client_seed(*, game_id: int, user, client_seed: str) -> Game:
    """Participants may choose the client seed, but only before the first die is rolled."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if actor_for(game, user).role == SPECTATOR:
            raise Forbidden("Only the referee and the game's participants set the seed.")
        if game.next_nonce:
            raise RuleViolation(
                "dice_already_rolled", "The client seed is fixed once the first die is rolled."
            )
        game.client_seed = client_seed
        game.save(update_fields=["client_seed"])
    return game


@dataclass(frozen=True)
class Submission:
    """A command as a client sent it: a typed line or a structured command."""

    text: str | None = None
    command: dict | None = None
    dice: list[int] | None = None
    expected_version: int | None = None

    def as_json(self) -> dict:
        data = {"text": self.text} if self.text is not None else {"command": self.command}
        if self.dice is not None:
            data["dice"] = self.dice
        return data

    def fingerprint(self) -> str:
        return hashlib.sha256(canonical_json(self.__dict__)).hexdigest()


@dataclass(frozen=True)
class Answer:
    status_code: int
    body: dict


def game_submit_command(
    *,
    game_id: int,
    user,
    submission: Submission,
    now: datetime,
    idempotency_key: str | None = None,
    render,
) -> Answer:
    """Apply one command to a game, or return the first answer to a retried one.

    ``render(game, event, actor)`` builds the answer's body; it is stored with
    the Idempotency-Key so that a retry gets exactly the first answer.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if idempotency_key:
            earlier = IdempotentAnswer.objects.filter(game=game, key=idempotency_key).first()
            if earlier is not None:
                if earlier.fingerprint != submission.fingerprint():
                    raise RuleViolation(
                        "idempotency_key_reused",
                        "This Idempotency-Key was used with another request body.",
                    )
                return Answer(earlier.status_code, earlier.body)
        if submission.expected_version is not None and submission.expected_version != game.version:
            raise Conflict(
                f"The game is at version {game.version}, not {submission.expected_version}.",
                current_version=game.version,
            )
        actor = actor_for(game, user)
        if actor.role == SPECTATOR:
            raise Forbidden("Only the referee and the game's participants send commands.")
        command = (
            find_ruleset(game.ruleset).parse(submission.text, state=game.state, actor=actor)
            if submission.text is not None
            else submission.command
        )
        event = game_apply(
            game,
            user=user,
            actor=actor,
            command=command,
            submitted=submission.as_json(),
            dice=_dice_for(game, actor, submission),
            now=now,
        )
        answer = Answer(201, render(game, event, actor))
        if idempotency_key:
            IdempotentAnswer.objects.create(
                game=game,
                key=idempotency_key,
                fingerprint=submission.fingerprint(),
                status_code=answer.status_code,
                body=answer.body,
            )
    return answer


def game_apply(
    game: Game,
    *,
    user,
    actor: Actor,
    command: dict,
    submitted: dict,
    now: datetime,
    dice: Dice | None = None,
) -> GameEvent:
    """Run the rules on a game row the caller has locked, append the event, save the snapshot.

    The caller owns the transaction: if anything after this fails, nothing is
    kept. ``dice`` defaults to the game's server dice.
    """
    if game.status != GameStatus.ACTIVE:
        raise RuleViolation("game_over", f"The game is {game.status}.")
    if dice is None:
        dice = ServerDice(
            bytes.fromhex(game.server_seed), game.client_seed, start_nonce=game.next_nonce
        )
    rules = find_ruleset(game.ruleset)
    state = canonical_state(game.state)
    outcome = rules.apply(state, command, actor=actor, dice=dice, now=now.timestamp())
    if isinstance(dice, EnteredDice) and dice.unused:
        raise RuleViolation(
            "too_many_dice",
            f"{dice.unused} of the entered dice were not needed by the command.",
        )
    event = _append_event(game, user, actor, submitted, command, dice, outcome.events, now)
    game.state = outcome.state
    game.next_nonce = dice.next_nonce
    update = ["state", "version", "next_nonce", "last_hash"]
    over = rules.is_over(outcome.state)
    if over:
        game.status = GameStatus.FINISHED
        game.finished_at = game.seed_revealed_at = now
        update += ["status", "finished_at", "seed_revealed_at"]
    game.save(update_fields=update)
    if over:
        game_finished.send(sender=Game, game=game, now=now)
    return event


def _dice_for(game: Game, actor: Actor, submission: Submission) -> Dice | None:
    if submission.dice is None:
        return None
    allowed = game.entered_dice == EnteredDiceMode.PLAYERS or (
        game.entered_dice == EnteredDiceMode.REFEREE and actor.is_referee
    )
    if not allowed:
        raise RuleViolation(
            "entered_dice_refused", "This game does not take entered dice from you."
        )
    return EnteredDice(submission.dice, start_nonce=game.next_nonce)


def _append_event(game, user, actor, submitted, command, dice, events, now) -> GameEvent:
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
    return GameEvent.objects.create(
        game=game, user=user, created_at=now, hash=game.last_hash, **fields
    )


def game_abandon(*, game_id: int, user, now: datetime) -> Game:
    """The storyguide ends a game early; its seed is revealed so its rolls can be checked."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if not actor_for(game, user).is_referee:
            raise Forbidden("Only the referee or a storyguide may abandon a game.")
        if game.status != GameStatus.ACTIVE:
            raise RuleViolation("game_over", f"The game is already {game.status}.")
        game.status = GameStatus.ABANDONED
        game.finished_at = game.seed_revealed_at = now
        game.save(update_fields=["status", "finished_at", "seed_revealed_at"])
    return game
