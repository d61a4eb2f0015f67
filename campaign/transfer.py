"""Export and import of a whole campaign as one JSON document.

The document holds the campaign and its rules, houses, characters, members
(by username), the whole house points ledger and Popularity adjustments, so
that an import into an empty database shows the same totals. Objects refer to
each other by keys inside the document (a house's initial, a character's and
an entry's exported id), never by database ids of the target.

Importing makes nobody a member and gives nobody a character without their
consent: each person the document names (but the importer) is sent an
invitation addressed to them, with their role, and one for each character
they played, which becomes theirs when they accept it; until then it has no
player. Nobody else's account is named in the ledger either. What an import
does never depends on which names have accounts here. Only an operator
restoring a backup (``import_campaign --restore-members``) puts the members
and players back as they were.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from campaign.invitations import invitation_address
from campaign.models import (
    Campaign,
    Character,
    House,
    HousePointEntry,
    Membership,
    PopularityAdjustment,
    Role,
)
from campaign.services import campaign_set_rules, character_save
from core.errors import Invalid
from core.errors import gettext_noop as _

FORMAT = "storyguide-campaign"
VERSION = 1

SHEET_FIELDS = (
    "name",
    "year",
    "attributes",
    "health",
    "health_max",
    "popularity_base",
    "curriculum",
    "spells",
    "virtues",
    "flaws",
    "background",
    "secret_notes",
    "quidditch_position",
)


def campaign_export(campaign: Campaign) -> dict:
    users = dict(get_user_model().objects.values_list("pk", "username"))
    houses = dict(campaign.houses.values_list("pk", "initial"))
    characters = list(campaign.characters.order_by("pk"))
    return {
        "format": FORMAT,
        "version": VERSION,
        "campaign": {"name": campaign.name, "slug": campaign.slug, "rules": campaign.rules},
        "members": [
            {"username": users[user_id], "role": role}
            for user_id, role in campaign.memberships.order_by("pk").values_list("user", "role")
        ],
        "houses": [
            {"name": house.name, "initial": house.initial, "colour": house.colour}
            for house in campaign.houses.order_by("pk")
        ],
        "characters": [
            {
                "key": character.pk,
                "house": houses.get(character.house_id),
                "player": users.get(character.player_id),
                **{field: getattr(character, field) for field in SHEET_FIELDS},
            }
            for character in characters
        ],
        "ledger": [
            {
                "key": entry.pk,
                "house": houses[entry.house_id],
                "amount": entry.amount,
                "reason": entry.reason,
                "source": entry.source,
                "source_key": entry.source_key,
                "character": entry.character_id,
                "attributed_to": [character.pk for character in entry.attributed_to.all()],
                "awarded_by": users.get(entry.awarded_by_id),
                "credit_at": entry.credit_at.isoformat(),
                "created_at": entry.created_at.isoformat(),
                "reverses": entry.reverses_id,
            }
            for entry in campaign.ledger.order_by("pk").prefetch_related("attributed_to")
        ],
        "popularity_adjustments": [
            {
                "character": adjustment.character_id,
                "amount": adjustment.amount,
                "reason": adjustment.reason,
                "adjusted_by": users.get(adjustment.adjusted_by_id),
                "created_at": adjustment.created_at.isoformat(),
            }
            for adjustment in PopularityAdjustment.objects.filter(
                character__campaign=campaign
            ).order_by("pk")
        ],
    }


def campaign_import(
    document: dict, *, storyguide=None, now: datetime | None = None, restore_members=False
) -> Campaign:
    """Recreate a campaign from :func:`campaign_export`; all or nothing.

    The importing user (if any) becomes a storyguide, and keeps what the
    document gives their own username. Everybody else it names is invited
    (``campaign.invitations.invitation_address``): the members with their
    roles, each character's player to play it. With ``restore_members`` (an
    operator restoring a backup) the members and players whose usernames exist
    here are put back at once instead, and the ledger names its users.
    """
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise Invalid.field("format", _("Not a %(format)s document."), params={"format": FORMAT})
    if document.get("version") != VERSION:
        raise Invalid.field(
            "version", _("Only version %(version)s can be imported."), params={"version": VERSION}
        )
    try:
        with transaction.atomic():
            return _import(document, storyguide, now or timezone.now(), restore_members)
    except (KeyError, TypeError, ValueError):
        raise Invalid.field(
            "document", _("The document is incomplete or malformed: it is not a campaign export.")
        ) from None


def _import(document: dict, storyguide, now: datetime, restore_members: bool) -> Campaign:
    head = document["campaign"]
    if Campaign.objects.filter(slug=head["slug"]).exists():
        raise Invalid.field(
            "slug", _("A campaign %(slug)s exists already."), params={"slug": head["slug"]}
        )
    campaign = Campaign.objects.create(name=head["name"], slug=head["slug"])
    campaign = campaign_set_rules(campaign=campaign, rules=head["rules"])
    if restore_members:
        users = {
            user.username: user
            for user in get_user_model().objects.filter(username__in=_usernames(document))
        }
    else:
        users = {storyguide.username: storyguide} if storyguide is not None else {}
    for member in document["members"]:
        if member["username"] in users:
            Membership.objects.create(
                campaign=campaign, user=users[member["username"]], role=Role(member["role"])
            )
    if storyguide is not None:
        Membership.objects.update_or_create(
            campaign=campaign, user=storyguide, defaults={"role": Role.STORYGUIDE}
        )
    houses = {
        house["initial"]: House.objects.create(campaign=campaign, **house)
        for house in document["houses"]
    }
    characters = {}
    for sheet in document["characters"]:
        character = Character(
            campaign=campaign,
            house=houses[sheet["house"]] if sheet["house"] else None,
            player=users.get(sheet["player"]),
        )
        characters[sheet["key"]] = character_save(
            character=character, **{field: sheet[field] for field in SHEET_FIELDS}
        )
    entries: dict[int, HousePointEntry] = {}
    for line in document["ledger"]:
        entries[line["key"]] = HousePointEntry.objects.create(
            campaign=campaign,
            house=houses[line["house"]],
            amount=int(line["amount"]),
            reason=line["reason"],
            source=line["source"],
            source_key=line["source_key"],
            character=characters.get(line["character"]),
            awarded_by=users.get(line["awarded_by"]),
            credit_at=datetime.fromisoformat(line["credit_at"]),
            created_at=datetime.fromisoformat(line["created_at"]),
            reverses=entries[line["reverses"]] if line["reverses"] else None,
        )
        entries[line["key"]].attributed_to.set(
            characters[key] for key in line.get("attributed_to", [])
        )
    PopularityAdjustment.objects.bulk_create(
        PopularityAdjustment(
            character=characters[adjustment["character"]],
            amount=int(adjustment["amount"]),
            reason=adjustment["reason"],
            adjusted_by=users.get(adjustment["adjusted_by"]),
            created_at=datetime.fromisoformat(adjustment["created_at"]),
        )
        for adjustment in document["popularity_adjustments"]
    )
    if not restore_members:
        _invite(document, campaign, characters, users, storyguide, now)
    return campaign


def _invite(document: dict, campaign: Campaign, characters: dict, users: dict, by, now) -> None:
    """An invitation to each person the document names and the import did not place: to
    play each of their characters, and with their role if they have none."""
    roles = {member["username"]: Role(member["role"]) for member in document["members"]}
    playing = set()
    for sheet in document["characters"]:
        player = sheet["player"]
        if player and player not in users:
            invitation_address(
                campaign=campaign,
                username=player,
                role=roles.get(player, Role.PLAYER),
                character=characters[sheet["key"]],
                created_by=by,
                now=now,
            )
            playing.add(player)
    for username, role in roles.items():
        if username not in users and username not in playing:
            invitation_address(
                campaign=campaign, username=username, role=role, created_by=by, now=now
            )


def _usernames(document: dict) -> set[str]:
    names = {member["username"] for member in document["members"]}
    names |= {sheet["player"] for sheet in document["characters"] if sheet["player"]}
    names |= {line["awarded_by"] for line in document["ledger"] if line["awarded_by"]}
    return names
