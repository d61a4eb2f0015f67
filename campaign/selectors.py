"""Reads of campaigns that need more than one query or a computation."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import IntegerField, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from campaign.models import Campaign, Character, House, HousePointEntry, PopularityAdjustment
from campaign.permissions import campaign_roles
from campaign.rules.sheet import SheetRules


def campaigns_of(request) -> QuerySet[Campaign]:
    return Campaign.objects.filter(pk__in=list(campaign_roles(request)))


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
