"""Reads of campaigns that need more than one query or a computation."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from django.db.models import F, IntegerField, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.urls import reverse

from campaign.models import (
    Campaign,
    Character,
    House,
    HousePointEntry,
    Invitation,
    Membership,
    PopularityAdjustment,
    Role,
)
from campaign.roles import campaign_roles, through_token
from campaign.rules.sheet import SheetRules
from core.errors import Forbidden, NotFound
from core.errors import gettext_noop as _

#: The refusal of what only a campaign's storyguide may do (the API's, the dashboard's).
ONLY_THE_STORYGUIDE = _("Only the campaign's storyguide may do this.")


def campaigns_of(request) -> QuerySet[Campaign]:
    return Campaign.objects.filter(pk__in=list(campaign_roles(request)))


#: The largest key a row can have (64 bits, signed): an id in a URL beyond it names no
#: campaign, and the database would refuse to compare with it rather than find nothing.
LARGEST_ID = 2**63 - 1


def role_of(user, campaign_id: int) -> str | None:
    """``user``'s role in the campaign, or ``None`` (not a member, or nobody logged in).

    Read from the database, not the roles cache: a service asks inside its transaction,
    which may have changed memberships (a storyguide hands over, then leaves) or be
    rolled back (a dashboard form's verdict), and what it reads there must not be
    cached for other requests. Seen through the request's token (``through_token``).
    """
    if user is None or not user.is_authenticated or not 0 < campaign_id <= LARGEST_ID:
        return None
    role = (
        Membership.objects.filter(campaign_id=campaign_id, user_id=user.pk)
        .values_list("role", flat=True)
        .first()
    )
    return through_token(user, campaign_id, role)


def require_role(user, campaign_id: int, roles, refusal: str = ONLY_THE_STORYGUIDE) -> str:
    """Who may, decided once for the services: ``user`` acts in the campaign with one of
    ``roles``, else someone outside it sees 404 and a member without the role 403.

    A superuser runs every campaign, as the dashboard shows them every campaign's rows.
    Answers the role (``Role.STORYGUIDE`` for a superuser who is not a member).
    """
    role = role_of(user, campaign_id)
    if role in roles:
        return role
    if user is not None and user.is_active and user.is_superuser:
        runs = through_token(user, campaign_id, role or Role.STORYGUIDE)
        if runs is not None:
            return runs
    if role is None:
        raise NotFound(_("No campaign %(campaign)s among yours."), params={"campaign": campaign_id})
    raise Forbidden(refusal)


def require_storyguide(user, campaign_id: int) -> None:
    """Only a storyguide of the campaign may; another member is forbidden; anyone else 404."""
    require_role(user, campaign_id, {Role.STORYGUIDE})


def require_storyguide_asking(by, campaign_id: int) -> None:
    """A service's check of who asks: ``by`` (a person) must be a storyguide of the
    campaign; ``None`` is the service itself (a task, the demo, a test's set-up)."""
    if by is not None:
        require_storyguide(by, campaign_id)


def run_by_storyguide(campaign: Campaign, *, by) -> Campaign:
    """The campaign, for what only its storyguide reads (its export); else refused."""
    require_storyguide(by, campaign.pk)
    return campaign


def members_of(campaign: Campaign, *, search: str = "") -> QuerySet[Membership]:
    """The campaign's memberships by username; ``search``: part of a username."""
    members = campaign.memberships.select_related("user").order_by("user__username")
    if search:
        members = members.filter(user__username__icontains=search)
    return members


def invitations_run_by(request) -> QuerySet[Invitation]:
    """The invitations of the campaigns the caller is storyguide of: theirs to manage."""
    mine = [pk for pk, role in campaign_roles(request).items() if role == Role.STORYGUIDE]
    return Invitation.objects.filter(campaign_id__in=mine).select_related("campaign")


def open_invitations(queryset: QuerySet[Invitation], *, now: datetime) -> QuerySet[Invitation]:
    """The invitations that may still be accepted: neither revoked nor declined, not
    expired and not used up (what ``invitations.why_unusable`` holds, in one query)."""
    return queryset.filter(
        Q(expires_at__isnull=True) | Q(expires_at__gt=now),
        Q(max_uses__isnull=True) | Q(uses__lt=F("max_uses")),
        revoked_at__isnull=True,
        declined_at__isnull=True,
    )


def invitation_link(request, invitation: Invitation) -> str:
    """The link a storyguide sends: the invitation's page on the site, where it is
    accepted, as an absolute address (its code grouped as people read it)."""
    from campaign.invitations import grouped  # it reads the campaign's roles from here

    return request.build_absolute_uri(reverse("join", args=[grouped(invitation.code)]))


def award_targets(
    request, *, campaign_id: int, house_id: int, character_id: int | None
) -> tuple[House, Character | None]:
    """The house (and character) an award names, of a campaign of the caller's; else 404."""
    if campaign_id not in campaign_roles(request):
        raise NotFound(
            _("No campaign %(campaign)s in your campaign."), params={"campaign": campaign_id}
        )
    house = House.objects.filter(pk=house_id, campaign_id=campaign_id).first()
    if house is None:
        raise NotFound(_("No house %(house)s in your campaign."), params={"house": house_id})
    if character_id is None:
        return house, None
    character = Character.objects.filter(pk=character_id, campaign_id=campaign_id).first()
    if character is None:
        raise NotFound(
            _("No character %(character)s in your campaign."), params={"character": character_id}
        )
    return house, character


def houses_with_totals(queryset: QuerySet[House], *, now: datetime) -> QuerySet[House]:
    """Each house with ``points`` (effective entries) and ``pending`` (credited later)."""
    return queryset.annotate(
        points=Coalesce(Sum("ledger__amount", filter=Q(ledger__credit_at__lte=now)), Value(0)),
        pending=Coalesce(Sum("ledger__amount", filter=Q(ledger__credit_at__gt=now)), Value(0)),
    )


def _total(queryset, key: str):
    """The sum of ``amount`` over a correlated queryset, as one subquery (no join blow-up)."""
    sums = queryset.order_by().values(key).annotate(total=Sum("amount")).values("total")
    return Coalesce(Subquery(sums, output_field=IntegerField()), Value(0))


def characters_with_popularity(
    queryset: QuerySet[Character], *, now: datetime
) -> QuerySet[Character]:
    """Annotate ``earned_points`` (effective, credited or attributed to them) and
    ``adjustments``."""
    effective = HousePointEntry.objects.filter(credit_at__lte=now)
    return queryset.annotate(
        earned_points=_total(effective.filter(character=OuterRef("pk")), "character")
        + _total(effective.filter(attributed_to=OuterRef("pk")), "attributed_to"),
        adjustments=_total(
            PopularityAdjustment.objects.filter(character=OuterRef("pk")), "character"
        ),
    )


def popularity(character: Character, rules: SheetRules) -> int:
    """Popularity: the sheet's base, moved by earned house points and by adjustments."""
    return (
        character.popularity_base
        + rules.popularity_from_points(character.earned_points)
        + character.adjustments
    )


def ledger_with_running_totals(queryset: QuerySet[HousePointEntry]) -> QuerySet[HousePointEntry]:
    """Entries with ``running_total``: their house's total once the entry counts.

    A correlated subquery rather than a window: a window sums only the rows the
    query keeps, so a page, a filter or a single entry would see a wrong total.
    """
    counted_by_then = (
        HousePointEntry.objects.filter(house_id=OuterRef("house_id"))
        .filter(
            Q(credit_at__lt=OuterRef("credit_at"))
            | Q(credit_at=OuterRef("credit_at"), id__lte=OuterRef("id"))
        )
        .order_by()
        .values("house_id")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    return queryset.annotate(running_total=Subquery(counted_by_then))


@dataclass(frozen=True)
class PopularityStep:
    """One change to a character's Popularity: house points credited to them, or an
    adjustment by the storyguide; ``popularity`` is the value once it counts."""

    at: datetime
    kind: str  # "house_points" or "adjustment"
    amount: int
    reason: str
    popularity: int


def popularity_history(character: Character, *, now: datetime) -> list[PopularityStep]:
    """Every change to the character's Popularity up to ``now``, oldest first.

    House points move Popularity through the sheet rules' steps, so a step's
    effect is read off the running totals rather than from its own amount.
    """
    rules = character.campaign.sheet_rules
    changes = [
        (entry.credit_at, "house_points", entry.amount, entry.reason)
        for entry in HousePointEntry.objects.filter(
            Q(character=character) | Q(attributed_to=character), credit_at__lte=now
        ).distinct()
    ] + [
        (adjustment.created_at, "adjustment", adjustment.amount, adjustment.reason)
        for adjustment in PopularityAdjustment.objects.filter(character=character)
    ]
    earned = adjusted = 0
    steps = []
    for at, kind, amount, reason in sorted(changes, key=lambda change: change[0]):
        if kind == "house_points":
            earned += amount
        else:
            adjusted += amount
        value = character.popularity_base + rules.popularity_from_points(earned) + adjusted
        steps.append(PopularityStep(at, kind, amount, reason, value))
    return steps


@dataclass(frozen=True)
class GameCredit:
    """What a game's result gave a house: its points, counted from ``credit_at``."""

    house: str
    amount: int
    credit_at: datetime


@dataclass(frozen=True)
class PopularityMove:
    """How far a game's points moved a character's Popularity (the sheet rules' steps)."""

    character: str
    steps: int


EVER = datetime.max.replace(tzinfo=UTC)
"""A moment after every credit: all of a character's points, counted or still to count."""


def what_a_game_gave(game_id: int) -> tuple[list[GameCredit], list[PopularityMove]]:
    """The house points a game's result credited, by house, and how far they move the
    Popularity of each character they were credited or attributed to: the steps the
    game's points add to what the character earned from everything else."""
    entries = list(
        HousePointEntry.objects.filter(game_id=game_id, reversed_by__isnull=True, reverses=None)
        .select_related("house", "character", "campaign")
        .prefetch_related("attributed_to")
        .order_by("house__name", "id")
    )
    credits: dict[str, GameCredit] = {}
    earned: dict[Character, int] = {}
    for entry in entries:
        credit = credits.get(entry.house.name)
        credits[entry.house.name] = GameCredit(
            entry.house.name,
            entry.amount + (credit.amount if credit else 0),
            max(entry.credit_at, credit.credit_at) if credit else entry.credit_at,
        )
        for character in [entry.character, *entry.attributed_to.all()]:
            if character is not None:
                earned[character] = earned.get(character, 0) + entry.amount
    moves = []
    if earned:
        rules = SheetRules.from_json(entries[0].campaign.rules)
        others = characters_with_popularity(
            Character.objects.filter(pk__in=[c.pk for c in earned]), now=EVER
        )
        for character in sorted(others, key=lambda c: c.name):
            before = character.earned_points - earned[character]
            steps = rules.popularity_from_points(character.earned_points) - (
                rules.popularity_from_points(before)
            )
            if steps:
                moves.append(PopularityMove(character.name, steps))
    return list(credits.values()), moves
