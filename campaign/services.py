"""Every write to a campaign: members, rules, houses, characters, checks, the ledger.

Each service owns its transaction and takes ``now`` from its caller. Sheet
rules are checked here (not in serializers) so that the admin, the API and
imports all go through the same door.

Who may is decided here too, as in ``games.services``: a service a person asks for
takes them as ``by`` and refuses them with ``core.errors`` (someone outside the
campaign sees :class:`~core.errors.NotFound`, a member without the role
:class:`~core.errors.Forbidden`; ``campaign.selectors.require_role``). ``by=None``
is the service itself: an import, the demo, a task, another service.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils import timezone, translation

from campaign import activity
from campaign.models import (
    ActivityKind,
    Campaign,
    Character,
    House,
    HousePointEntry,
    Membership,
    PopularityAdjustment,
    Role,
    Source,
)
from campaign.rules.houses import DEFAULT_HOUSES
from campaign.rules.sheet import SheetRules, SheetRulesError
from campaign.rules.table_log import TableLog
from campaign.selectors import require_role, require_storyguide_asking
from core.errors import Forbidden, Invalid, Localized, RuleViolation
from core.errors import gettext_noop as _
from core.slugs import unique_slug
from games.models import Game, GameEvent, GameStatus
from games.ruleset import REFEREE, Actor
from games.services import game_apply, game_create


def _sheet_error(error: SheetRulesError) -> Invalid:
    return Invalid.field(error.field, error.template, params=error.params)


def in_each_language(say: Callable[[], str]) -> Localized:
    """A text of ours inside a refusal (the sheet's reason, a role): what ``say`` answers
    in each of the service's languages.

    Where a refusal is answered, its template is translated but its values are not, so
    such a value is said here in every language and the answer takes the reader's; as
    plain text (``detail``, a log) it reads in English, the messages' own language.
    """
    spellings = {}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            spellings[language] = str(say())
    with translation.override("en"):
        return Localized(spellings, fallback=str(say()))


def _sheet_reason(error: SheetRulesError) -> Localized:
    """Why a sheet does not fit the rules, to be said inside another refusal."""
    return in_each_language(lambda: translation.gettext(error.template) % error.params)


def campaign_create(
    *,
    name: str,
    storyguide,
    slug: str = "",
    rules: dict | None = None,
    players_start_games: bool = False,
) -> Campaign:
    """A new campaign with its rules (default: Draco Dormiens) and the four houses;
    its creator is its storyguide. Without a slug, one is made from the name."""
    try:
        sheet_rules = SheetRules.from_json(rules or {})
    except SheetRulesError as error:
        raise _sheet_error(error) from None
    with transaction.atomic():
        slug = slug or unique_slug(
            name, taken=lambda s: Campaign.objects.filter(slug=s).exists(), fallback="campaign"
        )
        campaign = Campaign.objects.create(
            name=name,
            slug=slug,
            rules=sheet_rules.to_json(),
            players_start_games=players_start_games,
        )
        Membership.objects.create(campaign=campaign, user=storyguide, role=Role.STORYGUIDE)
        House.objects.bulk_create(House(campaign=campaign, **house) for house in DEFAULT_HOUSES)
    return campaign


def campaign_set_rules(*, campaign: Campaign, rules: dict, by=None) -> Campaign:
    """Change the sheet rules, refusing a change that existing characters would not fit."""
    require_storyguide_asking(by, campaign.pk)
    try:
        sheet_rules = SheetRules.from_json(rules)
    except SheetRulesError as error:
        raise _sheet_error(error) from None
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
        for character in campaign.characters.only("name", "attributes", "curriculum"):
            try:
                sheet_rules.check_attributes(character.attributes)
                sheet_rules.check_curriculum(character.curriculum)
            except SheetRulesError as error:
                raise Invalid.field(
                    "rules",
                    _("%(character)s would no longer fit: %(reason)s"),
                    params={"character": character.name, "reason": _sheet_reason(error)},
                ) from None
        campaign.rules = sheet_rules.to_json()
        campaign.save(update_fields=["rules"])
    return campaign


def campaign_update(
    *,
    campaign: Campaign,
    name: str | None = None,
    slug: str | None = None,
    rules: dict | None = None,
    players_start_games: bool | None = None,
    by=None,
) -> Campaign:
    """Rename a campaign, change its rules, or whether its players start friendly games
    themselves; all or nothing. Only its storyguide may."""
    require_storyguide_asking(by, campaign.pk)
    with transaction.atomic():
        if rules is not None:
            campaign = campaign_set_rules(campaign=campaign, rules=rules)
        changed = {key: value for key, value in (("name", name), ("slug", slug)) if value}
        if players_start_games is not None:
            changed["players_start_games"] = players_start_games
        for key, value in changed.items():
            setattr(campaign, key, value)
        if changed:
            campaign.save(update_fields=list(changed))
    return campaign


def campaign_rename(*, campaign: Campaign, name: str, slug: str, by=None) -> Campaign:
    """Give the campaign a new name and slug (the dashboard's form), as they are given;
    only its storyguide may."""
    require_storyguide_asking(by, campaign.pk)
    with transaction.atomic():
        campaign.name, campaign.slug = name, slug
        campaign.save(update_fields=["name", "slug"])
    return campaign


def membership_set(*, campaign: Campaign, user, role: str, by=None) -> Membership:
    """Add a member, or change their role; a campaign keeps at least one storyguide.
    Only a storyguide may."""
    require_storyguide_asking(by, campaign.pk)
    with transaction.atomic():
        Campaign.objects.select_for_update().get(pk=campaign.pk)
        membership, joined = Membership.objects.update_or_create(
            campaign=campaign, user=user, defaults={"role": role}
        )
        _keep_a_storyguide(campaign)
        if joined:
            member_joined(membership)
    return membership


def member_joined(membership: Membership) -> None:
    activity.record(
        campaign_id=membership.campaign_id,
        kind=ActivityKind.MEMBER_JOINED,
        data={"username": membership.user.username, "role": membership.role},
        now=timezone.now(),
    )


def membership_remove(*, membership: Membership, by=None) -> None:
    """Remove a member (a storyguide may); the member who leaves is the service's own
    (``campaign.invitations.membership_leave``)."""
    require_storyguide_asking(by, membership.campaign_id)
    with transaction.atomic():
        Campaign.objects.select_for_update().get(pk=membership.campaign_id)
        membership.delete()
        _keep_a_storyguide(membership.campaign)
        activity.record(
            campaign_id=membership.campaign_id,
            kind=ActivityKind.MEMBER_LEFT,
            data={"username": membership.user.username},
            now=timezone.now(),
        )


def _keep_a_storyguide(campaign: Campaign) -> None:
    if not campaign.memberships.filter(role=Role.STORYGUIDE).exists():
        raise RuleViolation("last_storyguide", _("A campaign needs at least one storyguide."))


ONLY_STORYGUIDE_AND_PLAYERS_CREATE = _("Only the storyguide and players create characters.")
ONLY_STORYGUIDE_AND_ITS_PLAYER = _("Only the storyguide and the character's player change it.")


def character_save(*, character: Character, by=None, **fields) -> Character:
    """Create or update a character, its sheet checked against the campaign's rules.

    ``by`` who asks: a storyguide creates and changes any character; a player creates
    their own (they become its player) and changes only their own.
    """
    if by is not None:
        _may_write_character(character, by, fields)
    for name, value in fields.items():
        setattr(character, name, value)
    rules = character.campaign.sheet_rules
    try:
        rules.check_attributes(character.attributes)
        rules.check_curriculum(character.curriculum)
    except SheetRulesError as error:
        raise _sheet_error(error) from None
    if character.health > character.health_max:
        raise Invalid.field("health", _("Health cannot exceed its maximum."))
    if character.house is not None and character.house.campaign_id != character.campaign_id:
        raise Invalid.field("house", _("The house belongs to another campaign."))
    character.save()
    return character


def _may_write_character(character: Character, by, fields: dict) -> None:
    campaign = fields.get("campaign") or character.campaign
    if character.pk is None:
        role = require_role(
            by, campaign.pk, {Role.STORYGUIDE, Role.PLAYER}, ONLY_STORYGUIDE_AND_PLAYERS_CREATE
        )
        if role == Role.PLAYER:
            fields["player"] = by
        return
    require_character_player(character, by)


def require_character_player(character: Character, by) -> None:
    """A storyguide of its campaign, or the player who owns the character; a spectator
    or another player is forbidden, someone outside the campaign sees 404."""
    role = require_role(
        by,
        character.campaign_id,
        {Role.STORYGUIDE, Role.PLAYER, Role.SPECTATOR},
        ONLY_STORYGUIDE_AND_ITS_PLAYER,
    )
    if role == Role.STORYGUIDE:
        return
    if role != Role.PLAYER or character.player_id != by.pk:
        raise Forbidden(ONLY_STORYGUIDE_AND_ITS_PLAYER)


def table_log_for(campaign: Campaign, *, created_by, now: datetime) -> Game:
    """The campaign's open table log, locked; opens a new one if none is open."""
    Campaign.objects.select_for_update().get(pk=campaign.pk)
    game = (
        Game.objects.select_for_update()
        .filter(campaign=campaign, ruleset=TableLog.name, status=GameStatus.ACTIVE)
        .first()
    )
    if game is None:
        game = game_create(
            campaign=campaign,
            ruleset=TableLog.name,
            config={},
            title=f"Table log of {campaign.name}",
            created_by=created_by,
            now=now,
        )
    return game


def character_check(
    *,
    character: Character,
    user,
    attribute: str,
    now: datetime,
    stress: bool = False,
    bonus: int = 0,
    difficulty: int | None = None,
    by=None,
) -> GameEvent:
    """Test a character's attribute with provably fair dice, logged in the table log.
    ``by``: its player or a storyguide asks."""
    if by is not None:
        require_character_player(character, by)
    rules = character.campaign.sheet_rules
    if attribute not in character.attributes:
        raise Invalid.field(
            "attribute",
            _("%(character)s has no attribute %(attribute)s."),
            params={"character": character.name, "attribute": attribute},
        )
    command = {
        "action": "check",
        "character": character.pk,
        "name": character.name,
        "attribute": attribute,
        "value": character.attributes[attribute],
        "bonus": bonus,
        "stress": stress,
        "die_size": rules.die_size,
        "difficulty": difficulty,
    }
    with transaction.atomic():
        game = table_log_for(character.campaign, created_by=user, now=now)
        return game_apply(
            game,
            by=user,
            actor=Actor(REFEREE),
            command=command,
            submitted={"command": command},
            now=now,
        )


def house_points_award(
    *,
    house: House,
    amount: int,
    reason: str,
    awarded_by,
    now: datetime,
    source: str = Source.MANUAL,
    character: Character | None = None,
    attributed_to: Sequence[Character] = (),
    credit_at: datetime | None = None,
    source_key: str = "",
    game=None,
    by=None,
) -> HousePointEntry:
    """Append an entry to the ledger; it counts from ``credit_at`` (default: now).

    ``character`` earned the points; ``attributed_to`` are characters besides
    them to whom the points are attributed for Popularity, each as if they had
    earned them all, while the house counts them once. ``game`` is the game
    whose result credits them, which the entry links to and whose page tells them.
    With a ``source_key`` the award happens at most once: a second call with
    the same key returns the first entry instead of crediting again.
    Only a storyguide awards (``by``); the cup's credits are the service's own.
    """
    require_storyguide_asking(by, house.campaign_id)
    if amount == 0:
        raise Invalid.field("amount", _("An award of zero points changes nothing."))
    named = [("character", character)] if character is not None else []
    for field, someone in [*named, *(("attributed_to", c) for c in attributed_to)]:
        if someone.campaign_id != house.campaign_id:
            raise Invalid.field(field, _("The character belongs to another campaign."))
        if someone.house_id != house.pk:
            raise Invalid.field(
                field,
                _("%(character)s is not of %(house)s: award their own house."),
                params={"character": someone.name, "house": house.name},
            )
    if character is not None and character in attributed_to:
        raise Invalid.field(
            "attributed_to",
            _("%(character)s earned the points already."),
            params={"character": character.name},
        )
    fields = {
        "campaign_id": house.campaign_id,
        "house": house,
        "amount": amount,
        "reason": reason,
        "source": source,
        "character": character,
        "awarded_by": awarded_by,
        "game": game,
        "credit_at": credit_at or now,
        "created_at": now,
    }
    try:
        with transaction.atomic():
            entry = HousePointEntry.objects.create(source_key=source_key, **fields)
            if attributed_to:
                entry.attributed_to.set(attributed_to)
            _points_recorded(entry, now)
    except IntegrityError:
        if not source_key:
            raise
        return HousePointEntry.objects.get(campaign_id=house.campaign_id, source_key=source_key)
    return entry


def _points_recorded(entry: HousePointEntry, now: datetime) -> None:
    activity.record(
        campaign_id=entry.campaign_id,
        kind=ActivityKind.HOUSE_POINTS,
        data={
            "entry": entry.pk,
            "house": entry.house.name,
            "amount": entry.amount,
            "reason": entry.reason,
            "character": entry.character.name if entry.character_id else None,
            "credit_at": entry.credit_at.isoformat(),
            "reverses": entry.reverses_id,
        },
        now=now,
    )


def house_points_reverse(
    *,
    entry: HousePointEntry,
    reason: str,
    reversed_by,
    now: datetime,
    by=None,
    source_key: str = "",
) -> HousePointEntry:
    """Cancel an entry with its opposite; a pending entry is cancelled when it would count.
    Only a storyguide may. ``source_key`` marks who reversed it (``campaign.counting``)."""
    require_storyguide_asking(by, entry.campaign_id)
    if entry.source == Source.REVERSAL:
        raise RuleViolation(
            "reversal_of_reversal", _("A reversal cannot be reversed; award the points again.")
        )
    try:
        with transaction.atomic():
            reversal = HousePointEntry.objects.create(
                campaign_id=entry.campaign_id,
                house_id=entry.house_id,
                amount=-entry.amount,
                reason=reason,
                source=Source.REVERSAL,
                character_id=entry.character_id,
                awarded_by=reversed_by,
                credit_at=max(entry.credit_at, now),
                created_at=now,
                reverses=entry,
                game_id=entry.game_id,
                source_key=source_key,
            )
            if attributed := list(entry.attributed_to.all()):
                reversal.attributed_to.set(attributed)
            _points_recorded(reversal, now)
    except IntegrityError:
        raise RuleViolation(
            "already_reversed", _("This entry has already been reversed.")
        ) from None
    return reversal


def popularity_adjust(
    *, character: Character, amount: int, reason: str, adjusted_by, now: datetime, by=None
) -> PopularityAdjustment:
    """The storyguide moves a character's Popularity, giving a reason."""
    require_storyguide_asking(by, character.campaign_id)
    if amount == 0:
        raise Invalid.field("amount", _("An adjustment of zero changes nothing."))
    with transaction.atomic():
        adjustment = PopularityAdjustment.objects.create(
            character=character,
            amount=amount,
            reason=reason,
            adjusted_by=adjusted_by,
            created_at=now,
        )
        activity.record(
            campaign_id=character.campaign_id,
            kind=ActivityKind.POPULARITY,
            data={
                "character": character.name,
                "character_id": character.pk,
                "amount": amount,
                "reason": reason,
            },
            now=now,
        )
    return adjustment


def house_create(
    *, campaign: Campaign, name: str, initial: str, colour: str = "", by=None
) -> House:
    """A house for a campaign beyond the four it starts with (its storyguide's)."""
    require_storyguide_asking(by, campaign.pk)
    with transaction.atomic():
        Campaign.objects.select_for_update().get(pk=campaign.pk)
        _check_house_is_its_own(campaign.pk, name=name, initial=initial)
        return House.objects.create(campaign=campaign, name=name, initial=initial, colour=colour)


def house_update(*, house: House, by=None, **fields) -> House:
    """Rename or recolour a house, or name its captain, one of its characters (its
    storyguide): everything that refers to it keeps it by id.

    The league, the ledger and the games know a house by its id, so a renamed
    house keeps its standings, its points and its place in every game.
    """
    require_storyguide_asking(by, house.campaign_id)
    with transaction.atomic():
        Campaign.objects.select_for_update().get(pk=house.campaign_id)
        house = House.objects.get(pk=house.pk)
        _check_house_is_its_own(
            house.campaign_id, name=fields.get("name"), initial=fields.get("initial"), house=house
        )
        if (captain := fields.get("captain")) is not None and captain.house_id != house.pk:
            raise Invalid.field(
                "captain",
                _("%(character)s is not of %(house)s: a house's captain is its own."),
                params={"character": captain.name, "house": house.name},
            )
        for name, value in fields.items():
            setattr(house, name, value)
        house.save(update_fields=list(fields) or None)
    return house


def _check_house_is_its_own(
    campaign_id: int, *, name: str | None, initial: str | None, house: House | None = None
) -> None:
    """No other house of the campaign has this name, nor this initial (it names the
    house's players' nicks, Chat-Quidditch §4.1.1). The caller holds the campaign's lock,
    so that two houses cannot take one name or initial at once."""
    others = House.objects.filter(campaign_id=campaign_id)
    if house is not None:
        others = others.exclude(pk=house.pk)
    if name is not None and others.filter(name=name).exists():
        raise Invalid.field(
            "name", _("The campaign has a house called %(name)s already."), params={"name": name}
        )
    taken = others.filter(initial=initial).first() if initial is not None else None
    if taken is not None:
        raise Invalid.field(
            "initial",
            _("The campaign has a house with the initial %(initial)s already (%(house)s)."),
            params={"initial": initial, "house": taken.name},
        )


def character_delete(*, character: Character, by=None) -> None:
    """A character leaves the campaign, unless the ledger holds points credited to them;
    only a storyguide deletes one."""
    require_storyguide_asking(by, character.campaign_id)
    with transaction.atomic():
        try:
            character.delete()
        except ProtectedError:
            raise RuleViolation(
                "character_has_history",
                _("The character has house points in the ledger; it cannot be deleted."),
            ) from None


def character_health_change(*, campaign_id: int, character_id: int, by: int) -> Character | None:
    """A game moves a character's Health (a skirmish's blow, a bludger): kept within 0..its
    maximum. ``None`` when the character has left the campaign since: the game keeps its name.
    """
    character = (
        Character.objects.select_for_update()
        .filter(pk=character_id, campaign_id=campaign_id)
        .first()
    )
    if character is None:
        return None
    character.health = max(0, min(character.health_max, character.health + by))
    character.save(update_fields=["health", "updated_at"])
    return character
