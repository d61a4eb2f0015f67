"""Reads of the house cup: the standings, frauds, barred players, the points race.

The standings are computed from the fixtures' results on every read, in a
fixed number of queries whatever the number of games.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q
from django.db.models.functions import Coalesce

from campaign.models import HousePointEntry
from league.models import CupYear, Fixture, FixtureStatus, Fraud, Offence, Stage
from league.rules import fraud as fraud_rules
from league.rules import scheduling
from league.rules.lots import Lot
from league.rules.results import GameResult
from league.rules.standings import Standings, standings

HALVES = (Stage.FIRST_HALF, Stage.SECOND_HALF)
RULE_OF = {Offence.DICE_FRAUD: "§8.7", Offence.FORBIDDEN_TOOL: "§8.9"}


def cup_key(cup_year: CupYear) -> str:
    """Names the cup year in ledger source keys: ``cup-12:game-7:Gryffindor:goals``."""
    return f"cup-{cup_year.pk}"


def frauds_of(cup_year: CupYear, *, fixture: Fixture | None = None) -> list[fraud_rules.Fraud]:
    records = Fraud.objects.filter(fixture__cup_year=cup_year).select_related(
        "fixture", "house", "character"
    )
    if fixture is not None:
        records = records.filter(fixture=fixture)
    return [
        fraud_rules.Fraud(
            key=str(record.pk),
            game=record.fixture.key,
            house=record.house.name,
            player=record.character.name,
            rule=RULE_OF[record.offence],
            recorded_at=record.recorded_at,
        )
        for record in records
    ]


def game_result(key: str, result: dict, home: str, away: str) -> GameResult:
    """A cup game's result with the houses as they are called now.

    The league knows a game's houses by the fixture's ``home`` and ``away``
    (the first team of its match is the home team): the house names written in
    the match's own log are labels of that day, and a house renamed since is
    still the same house.
    """
    teams = [
        {**team, "house": house} for team, house in zip(result["teams"], (home, away), strict=True)
    ]
    return GameResult.from_match(key, {**result, "teams": teams})


def fixture_result(fixture: Fixture) -> GameResult:
    return game_result(fixture.key, fixture.result, fixture.home.name, fixture.away.name)


def house_names(cup_year: CupYear) -> dict[int, str]:
    return dict(cup_year.campaign.houses.values_list("pk", "name"))


def lots_drawn(cup_year: CupYear, names: dict[int, str]) -> list[Lot]:
    """The recorded lots, kept by house id, with the houses as they are called now."""
    return [
        Lot.from_json(
            {
                **lot,
                "houses": [names[pk] for pk in lot["houses"]],
                "order": [names[pk] for pk in lot["order"]],
            }
        )
        for lot in cup_year.lots
    ]


def cup_standings(cup_year: CupYear) -> Standings:
    """The table with its tiebreak reasons (§8.1, §8.2); never draws lots itself."""
    names = house_names(cup_year)
    played = list(
        cup_year.fixtures.exclude(result=None)
        .filter(stage__in=[*HALVES, Stage.DECIDER])
        .values_list("key", "stage", "result", "home_id", "away_id")
    )
    results = {
        key: game_result(key, result, names[home], names[away])
        for key, _, result, home, away in played
    }
    return standings(
        sorted(names.values()),
        [results[key] for key, stage, *_ in played if stage in HALVES],
        frauds=frauds_of(cup_year),
        deciders=[results[key] for key, stage, *_ in played if stage == Stage.DECIDER],
        lots=lots_drawn(cup_year, names),
    )


def barred_players(fixture: Fixture) -> set[str]:
    """Names barred from ``fixture`` for fraud: in the game of the fraud and the team's
    next two, counted in the order the team plays them, across cup years (§8.7)."""
    records = frauds_of(fixture.cup_year)
    if not records:
        return set()
    barred: set[str] = set()
    for house in (fixture.home, fixture.away):
        games = (
            Fixture.objects.filter(cup_year__campaign_id=fixture.cup_year.campaign_id)
            .filter(Q(home=house) | Q(away=house))
            .order_by(Coalesce("date", "window_starts"), "id")
            .values_list("key", flat=True)
        )
        barred |= fraud_rules.barred_players(
            records, house=house.name, game=fixture.key, house_games=list(games)
        )
    return barred


def dates_needed(cup_year: CupYear, *, now: datetime) -> list[scheduling.DateNeeded]:
    """Games still without a date, most urgent first, flagged when overdue (§8.4)."""
    open_games = cup_year.fixtures.filter(
        date__isnull=True, status__in=[FixtureStatus.UNSCHEDULED, FixtureStatus.POSTPONED]
    ).values_list("key", "window_starts", "window_ends")
    return scheduling.dates_needed(
        [
            scheduling.ScheduledGame(key, scheduling.Window(starts, ends), None)
            for key, starts, ends in open_games
        ],
        now=now,
    )


def points_race(cup_year: CupYear, *, now: datetime) -> dict[str, list[tuple[datetime, int]]]:
    """Each house's effective total when the cup year began, then after every entry
    that counted since."""
    entries = (
        HousePointEntry.objects.filter(campaign=cup_year.campaign, credit_at__lte=now)
        .order_by("credit_at", "id")
        .values_list("house__name", "credit_at", "amount")
    )
    names = cup_year.campaign.houses.order_by("name").values_list("name", flat=True)
    start = cup_year.first_half_starts
    race: dict[str, list[tuple[datetime, int]]] = {name: [] for name in names}
    totals = dict.fromkeys(race, 0)
    for house, moment, amount in entries:
        if moment >= start and not race[house]:
            race[house].append((start, totals[house]))
        totals[house] += amount
        if moment >= start:
            race[house].append((moment, totals[house]))
    if now >= start:
        for house, points in race.items():
            if not points:
                points.append((start, totals[house]))
    return race
