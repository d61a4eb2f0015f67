"""Every write to a skirmish: creating it, adding participants, and keeping sheets in step.

A skirmish is a game on the shared storage (``games.services``); what this
module adds is the campaign around it. Participants come from the campaign's
characters (their sheets, their owning players' seats) or are ad-hoc (just a
name and the attributes the skirmish needs); the campaign's sheet rules give
the die and the categories of action with their Finesse attributes; and a
Health change the storyguide applies to a character's participant changes
the character's sheet in the same transaction.

Participant keys are ``p01``, ``p02``, ... in the order participants join.
Keys of one width, numbered in join order, keep the participants in the same
order however the state is stored: PostgreSQL's ``jsonb`` gives an object's
keys back shortest first, then bytewise, and the rules roll initiative in the
order of the participants, so any other keys (``c7``, ``c12``, ``a1``) would
roll the same dice for other participants on a replay than in play.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from campaign.models import Campaign, Character
from campaign.rules.sheet import SheetRules
from campaign.services import character_health_change
from core.errors import Forbidden, Invalid, NotFound, RuleViolation
from games.models import EnteredDice, Game, GameEvent
from games.services import (
    Answer,
    actor_for,
    game_apply,
    game_create,
    game_submit_command,
)
from skirmish.rules import Skirmish

RULESET = "skirmish"
MAX_PARTICIPANTS = 99  # keys are two digits wide (see above)


def skirmish_create(
    *,
    campaign: Campaign,
    participants: list[dict],
    created_by,
    now: datetime,
    title: str = "",
    public: bool = False,
    friendly: bool = False,
    entered_dice: str = EnteredDice.NEVER,
    client_seed: str | None = None,
    defence_attribute: str | None = None,
    max_interveners: int | None = None,
    defended_difficulty_base: int | None = None,
    started_by_member: bool = False,
) -> Game:
    """Gather a skirmish of the campaign, before its initiating action.

    ``participants`` are ``{"character": id}`` (a character of this campaign:
    its sheet's attributes and Health; its player commands it) or
    ``{"name", "attributes", "health"?}`` (ad-hoc; only the storyguide, as
    referee, commands it). The other settings are the rules' (see
    docs/rules/skirmish.md); left out, the rules' defaults hold.
    """
    rules = campaign.sheet_rules
    if defence_attribute is not None and defence_attribute not in rules.attributes:
        raise Invalid.field(
            "defence_attribute", f"{defence_attribute} is not an attribute of the campaign."
        )
    characters = _characters(campaign, participants)
    entries: list[dict] = []
    seats: dict[str, int] = {}
    for participant in participants:
        entry, player_id = _entry(rules, participant, characters, number=len(entries) + 1)
        entries.append(entry)
        if player_id is not None:
            seats[entry["key"]] = player_id
    settings = {
        "defence_attribute": defence_attribute,
        "max_interveners": max_interveners,
        "defended_difficulty_base": defended_difficulty_base,
    }
    config = {
        "die_size": rules.die_size,
        "categories": rules.categories,
        **{name: value for name, value in settings.items() if value is not None},
        "participants": entries,
    }
    return game_create(
        campaign=campaign,
        ruleset=RULESET,
        config=config,
        created_by=created_by,
        now=now,
        title=title,
        seats=seats,
        public=public,
        friendly=friendly,
        entered_dice=entered_dice,
        client_seed=client_seed,
        started_by_member=started_by_member,
    )


def skirmish_add_participant(*, game_id: int, user, participant: dict, now: datetime) -> GameEvent:
    """The storyguide brings a character or an ad-hoc participant into a skirmish.

    Through the rules' ``add_participant`` command, so that it is in the log
    and a replay rebuilds it; a character's player gets its seat in the same
    transaction. Mid-skirmish a newcomer rolls no initiative (the rules let it
    re-enter as if it had delayed).
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id, kind=Skirmish.kind)
        actor = actor_for(game, user)
        if not actor.is_referee:
            raise Forbidden("Only the storyguide adds participants to a skirmish.")
        characters = _characters(game.campaign, [participant])
        present = game.state["participants"]
        for character in characters.values():
            if any(p["character"] == character.pk for p in present.values()):
                raise RuleViolation(
                    "duplicate_participant", f"{character.name} already takes part."
                )
        entry, player_id = _entry(
            game.campaign.sheet_rules, participant, characters, number=len(present) + 1
        )
        command = {"action": "add_participant", "participant": entry}
        event = game_apply(
            game,
            user=user,
            actor=actor,
            command=command,
            submitted={"participant": participant},
            now=now,
        )
        if player_id is not None:  # through the game, so that its loaded seats are read again
            game.seats.create(participant=entry["key"], user_id=player_id)
    return event


def skirmish_submit_command(*, game_id: int, **command) -> Answer:
    """Submit a command (``games.services.game_submit_command``, which takes the same
    arguments), and let sheets follow Health.

    A ``change_health`` on a character's participant changes the character's
    Health too, by the same amount, clamped to 0..``health_max`` (the rules'
    own Health track is unclamped). The sheet follows only events this call
    appended: a retry answered from its Idempotency-Key changes no sheet twice.
    """
    with transaction.atomic():
        seen = (
            Game.objects.select_for_update().filter(pk=game_id).values_list("version", flat=True)
        ).first()
        if seen is None:
            raise NotFound("No such game, or not one you may read.")
        answer = game_submit_command(game_id=game_id, **command)
        game = Game.objects.get(pk=game_id)
        for event in GameEvent.objects.filter(game=game, seq__gt=seen).order_by("seq"):
            _sheets_follow(game, event.events)
    return answer


def _sheets_follow(game: Game, events: list[dict]) -> None:
    """Apply the Health changes of a character's participant to the character's sheet."""
    participants = game.state["participants"]
    for item in events:
        if item["type"] != "health_changed":
            continue
        character_id = participants[item["participant"]]["character"]
        if character_id is None:
            continue
        character_health_change(
            campaign_id=game.campaign_id, character_id=character_id, by=item["by"]
        )


def _characters(campaign: Campaign, participants: list[dict]) -> dict[int, Character]:
    """The campaign's characters the participants name; any other id is a field error."""
    wanted = [p["character"] for p in participants if p.get("character") is not None]
    found = {c.pk: c for c in Character.objects.filter(campaign=campaign, pk__in=wanted)}
    strangers = [str(pk) for pk in wanted if pk not in found]
    if strangers:
        raise Invalid.field(
            "participants", f"No character {', '.join(strangers)} in {campaign.name}."
        )
    twice = sorted({str(pk) for pk in wanted if wanted.count(pk) > 1})
    if twice:
        raise Invalid.field(
            "participants", f"Character {', '.join(twice)} is named more than once."
        )
    return found


def _entry(
    rules: SheetRules,
    participant: dict,
    characters: dict[int, Character],
    *,
    number: int,
) -> tuple[dict, int | None]:
    """The ``number``-th participant's entry for the rules, and the user who commands it.

    The user is None for the storyguide's own characters and ad-hoc participants.
    """
    if number > MAX_PARTICIPANTS:
        raise Invalid.field(
            "participants", f"A skirmish has at most {MAX_PARTICIPANTS} participants."
        )
    key = f"p{number:02d}"
    if participant.get("character") is not None:
        character = characters[participant["character"]]
        entry = {
            "key": key,
            "name": character.name,
            "character": character.pk,
            "attributes": dict(character.attributes),
            "health": character.health,
        }
        return entry, character.player_id
    attributes = participant.get("attributes", {})
    unknown = sorted(set(attributes) - set(rules.attributes))
    if unknown:
        raise Invalid.field(
            "participants",
            f"{participant['name']}: {', '.join(unknown)} "
            f"{'is not an attribute' if len(unknown) == 1 else 'are not attributes'} "
            "of the campaign.",
        )
    entry = {
        "key": key,
        "name": participant["name"],
        "character": None,
        "attributes": dict(attributes),
        "health": participant.get("health"),
    }
    return entry, None
