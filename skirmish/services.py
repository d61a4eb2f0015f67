"""Every write to a skirmish: creating it, adding participants, and keeping sheets in step.

A skirmish is a game on the shared storage (``games.services``); what this
module adds is the campaign around it. Participants come from the campaign's
characters (the rules field their sheets from the campaign's roster, and
their players hold their seats) or are ad-hoc (a name and the attributes the
skirmish needs); the campaign's sheet rules give the die and the categories
of action with their Finesse attributes, unless the storyguide names others;
and whenever a character's participant's Health changes in the skirmish (a
hit, the storyguide's hand), the character's sheet changes with it, in the
same transaction (:func:`sheets_follow_health`).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from campaign.models import Campaign
from campaign.rules.sheet import SheetRules
from campaign.services import character_health_change
from core.errors import Forbidden, Invalid, RuleViolation
from core.errors import gettext_noop as _
from games.campaign_app import campaign_app
from games.models import EnteredDice, Game, GameEvent
from games.services import actor_for, game_apply, game_create
from skirmish.manifest import MANIFEST
from skirmish.rules.config import field_character, next_key

RULESET = "skirmish"


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
    seats: dict[str, int] | None = None,
    bots: dict[str, str] | None = None,
    started_by_member: bool = False,
    **settings,
) -> Game:
    """Gather a skirmish of the campaign, before its initiating action.

    ``participants`` are ``{"character": id}`` (a character of this campaign:
    its sheet's attributes and Health; its player holds its seat) or
    ``{"name", "attributes", "health"?, ...}`` (ad-hoc; the storyguide runs it,
    unless ``seats`` or ``bots`` say otherwise), each with a ``side`` and a
    ``key`` if wished. ``settings`` are the rules' (``die_size``,
    ``categories``, ``defence_attribute``, ...: docs/rules/skirmish.md); the die
    and the categories default to the campaign's sheet rules, the others to the
    rules' defaults. ``seats`` and ``bots`` are :func:`games.services.game_create`'s.
    """
    rules = campaign.sheet_rules
    _check_attributes(rules, settings, participants)
    config = {
        "die_size": rules.die_size,
        "categories": rules.categories,
        **{name: value for name, value in settings.items() if value is not None},
        "participants": participants,
    }
    return game_create(
        campaign=campaign,
        ruleset=RULESET,
        config=config,
        created_by=created_by,
        now=now,
        title=title,
        seats=seats,
        bots=bots,
        public=public,
        friendly=friendly,
        entered_dice=entered_dice,
        client_seed=client_seed,
        started_by_member=started_by_member,
    )


def _check_attributes(rules: SheetRules, settings: dict, participants: list[dict]) -> None:
    """Every attribute the storyguide names is one of the campaign's: a typo would only
    surface at the first roll that needs it."""
    known = set(rules.attributes)
    defence = settings.get("defence_attribute")
    if defence is not None and defence not in known:
        raise Invalid.field(
            "defence_attribute",
            _("%(attribute)s is not an attribute of the campaign."),
            params={"attribute": defence},
        )
    finesse = sorted(set((settings.get("categories") or {}).values()) - known)
    if finesse:
        raise Invalid.field(
            "categories",
            _("%(attributes)s: not an attribute of the campaign."),
            params={"attributes": ", ".join(finesse)},
        )
    for participant in participants:
        unknown = sorted(set(participant.get("attributes", {})) - known)
        if unknown:
            raise Invalid.field(
                "participants",
                _("%(participant)s: %(attributes)s is not an attribute of the campaign.")
                if len(unknown) == 1
                else _("%(participant)s: %(attributes)s are not attributes of the campaign."),
                params={
                    "participant": participant.get("name", ""),
                    "attributes": ", ".join(unknown),
                },
            )


def skirmish_add_participant(*, game_id: int, by, participant: dict, now: datetime) -> GameEvent:
    """The storyguide brings a character or an ad-hoc participant into a skirmish.

    Through the rules' ``add_participant`` command, so that it is in the log
    and a replay rebuilds it; a character's player gets its seat in the same
    transaction. Mid-skirmish a newcomer rolls no initiative (the rules let it
    re-enter as if it had delayed).
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id, kind=MANIFEST.kind)
        actor = actor_for(game, by)
        if not actor.is_referee:
            raise Forbidden(_("Only the storyguide adds participants to a skirmish."))
        _check_attributes(game.campaign.sheet_rules, {}, [participant])
        present = game.state["participants"]
        character = participant.get("character")
        roster = campaign_app().roster(game.campaign_id) if character is not None else {}
        if character is not None and any(p["character"] == character for p in present.values()):
            name = roster.get(character, {}).get("name", character)
            raise RuleViolation(
                "duplicate_participant",
                _("%(participant)s already takes part."),
                params={"participant": name},
            )
        if character is not None and character not in roster:
            raise Invalid.field(
                "participants",
                _("No character %(character)s in %(campaign)s."),
                params={"character": character, "campaign": game.campaign.name},
            )
        entry = {"key": next_key(present), **field_character(participant, roster)}
        command = {"action": "add_participant", "participant": entry}
        event = game_apply(
            game,
            by=by,
            actor=actor,
            command=command,
            submitted={"participant": participant},
            now=now,
        )
        player = roster.get(character, {}).get("player")
        if player is not None:  # through the game, so that its loaded seats are read again
            game.seats.create(participant=entry["key"], user_id=player)
    return event


def sheets_follow_health(sender, *, game: Game, event: GameEvent, **kwargs) -> None:
    """A character's participant's Health changed in a skirmish: the character's sheet
    changes by as much, kept within 0 and its maximum (``games.signals.event_appended``,
    inside the transaction of the event, whoever gave the command: a person, a bot, a task).

    The sheet takes the *change*, not the skirmish's number: a sheet healed elsewhere
    since the skirmish began keeps that healing. Ad-hoc participants, and characters
    deleted since they joined, have no sheet to change.
    """
    participants = game.state["participants"]
    for item in event.events:
        if item["type"] != "health_changed":
            continue
        character_id = participants[item["participant"]]["character"]
        if character_id is not None:
            character_health_change(
                campaign_id=game.campaign_id, character_id=character_id, by=item["by"]
            )
