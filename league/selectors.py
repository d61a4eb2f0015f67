"""Reads of the house cup: the standings, frauds, barred players, the points race, and
what the projections are computed from and how they read.

The standings are computed from the fixtures' results on every read, in a
fixed number of queries whatever the number of games.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import asdict, dataclass
from datetime import datetime

from django.db.models import Q, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext

from campaign.models import HousePointEntry, Role
from campaign.selectors import role_of
from core.errors import Forbidden, gettext_noop
from league.cups import score_bounds
from league.models import (
    CupYear,
    Fixture,
    FixtureStatus,
    Fraud,
    LineUp,
    Offence,
    Projection,
    Stage,
)
from league.rules import fraud as fraud_rules
from league.rules import house_points, scheduling
from league.rules.bounds import ScoreBounds
from league.rules.clinch import Mark
from league.rules.lots import Lot
from league.rules.results import GameResult
from league.rules.simulation import CupYearNow
from league.rules.standings import REASONS, Standings, standings

HALVES = (Stage.FIRST_HALF, Stage.SECOND_HALF)
FINALS = (Stage.FINAL, Stage.THIRD_PLACE)
RULE_OF = {Offence.DICE_FRAUD: "§8.7", Offence.FORBIDDEN_TOOL: "§8.9"}


ONLY_A_STORYGUIDE = gettext_noop("Only a storyguide of the campaign may do this.")
ONLY_A_CAPTAIN = gettext_noop(
    "Only the house's captain or a storyguide of the campaign chooses its line-up (§8.5)."
)
ONLY_THE_REFEREE = gettext_noop("Only the referee or a storyguide of the campaign may do this.")


def _runs_every_campaign(user) -> bool:
    """A superuser runs every campaign's cup, as the dashboard shows them every cup."""
    return user is not None and user.is_active and user.is_superuser


def require_cup_storyguide(user, campaign_id: int) -> None:
    """Who may write a campaign's cup: its storyguides. The cup is public, so anyone
    else (a member without the role, or someone outside the campaign) is forbidden."""
    if role_of(user, campaign_id) != Role.STORYGUIDE and not _runs_every_campaign(user):
        raise Forbidden(ONLY_A_STORYGUIDE)


def require_referee(user, fixture: Fixture) -> None:
    """The campaign's storyguides referee cup games; a game's own referee may too."""
    if role_of(user, fixture.cup_year.campaign_id) == Role.STORYGUIDE:
        return
    if fixture.game_id and user is not None and fixture.game.referee_id == user.pk:
        return
    if not _runs_every_campaign(user):
        raise Forbidden(ONLY_THE_REFEREE)


def may_referee(user, fixture: Fixture) -> bool:
    try:
        require_referee(user, fixture)
    except Forbidden:
        return False
    return True


def require_line_up_chooser(user, fixture: Fixture, house=None) -> None:
    """Who chooses a house's line-up for a cup game (§8.5): the storyguide, every house's;
    the house's captain (the player of the character the house names its captain, while
    they play in the campaign), their own house's. Without ``house``: whether the person
    may choose either house's. A player of another house, a spectator and anyone outside
    the campaign are refused."""
    houses = (fixture.home, fixture.away) if house is None else (house,)
    if not any(may_choose_for(user, fixture, house) for house in houses):
        raise Forbidden(ONLY_A_CAPTAIN)


def may_choose_for(user, fixture: Fixture, house) -> bool:
    """Whether ``user`` may choose ``house``'s line-up for ``fixture`` (see
    :func:`require_line_up_chooser`)."""
    campaign_id = fixture.cup_year.campaign_id
    role = role_of(user, campaign_id)
    if role == Role.STORYGUIDE or _runs_every_campaign(user):
        return True
    return role == Role.PLAYER and is_captain_of(user, house)


def is_captain_of(user, house) -> bool:
    """The house's captain is the player of its captain character, while that character
    is still of the house (a character moved to another house captains it no more)."""
    captain = house.captain
    return (
        captain is not None
        and user is not None
        and captain.player_id == user.pk
        and captain.house_id == house.pk
    )


def may_choose_line_ups(user, fixture: Fixture) -> bool:
    try:
        require_line_up_chooser(user, fixture)
    except Forbidden:
        return False
    return True


def is_in_campaign(user, campaign_id: int) -> bool:
    """A member of the campaign (or a superuser, who runs every campaign's cup): who may
    see a page of the campaign's that is not public, such as a game's line-ups."""
    return role_of(user, campaign_id) is not None or _runs_every_campaign(user)


def line_ups_of(fixture: Fixture) -> dict[int, LineUp]:
    """The line-ups chosen for a cup game so far, by house id."""
    return {line_up.house_id: line_up for line_up in fixture.line_ups.all()}


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
    played = (
        cup_year.fixtures.exclude(result=None)
        .filter(stage__in=[*HALVES, Stage.DECIDER])
        .values_list("key", "stage", "result", "home_id", "away_id")
    )
    results = {
        (stage, key): game_result(key, result, names[home], names[away])
        for key, stage, result, home, away in played
    }
    return _table(cup_year, names, results, frauds_of(cup_year))


def standings_rows(table: Standings) -> list[dict]:
    """The table's rows as a reader gets them: each says why it is ahead of the next in
    the language of the answer or page (the cup year page, its API and CSV)."""
    return [
        {**row.to_json(), "why": gettext(REASONS[row.reason]) if row.reason else ""}
        for row in table.rows
    ]


def _table(
    cup_year: CupYear,
    names: dict[int, str],
    results: dict[tuple[str, str], GameResult],
    frauds: list[fraud_rules.Fraud],
) -> Standings:
    """The table of the played games' ``results`` by (stage, key)."""
    return standings(
        sorted(names.values()),
        [result for (stage, _), result in results.items() if stage in HALVES],
        frauds=frauds,
        deciders=[result for (stage, _), result in results.items() if stage == Stage.DECIDER],
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


@dataclass(frozen=True)
class ProjectionInputs:
    """Everything a cup year's projections are computed from (league.rules.projections)."""

    now: CupYearNow
    played: list[GameResult]
    bounds: ScoreBounds
    houses: dict[int, str]

    def canonical(self, *, seasons: int) -> bytes:
        """The inputs as canonical JSON: equal bytes, equal figures."""
        data = {
            "method": PROJECTION_METHOD,
            "seasons": seasons,
            "bounds": self.bounds.to_json(),
            "table": self.now.table.to_json(),
            "remaining": self.now.remaining,
            "house_points": self.now.house_points,
            "deciders": [asdict(result) for result in self.now.deciders],
            "lots": [lot.to_json() for lot in self.now.lots],
            "finals": {key: asdict(result) for key, result in self.now.finals.items()},
            "placings_credited": self.now.placings_credited,
            "played": [asdict(result) for result in self.played],
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str).encode()


PROJECTION_METHOD = "model-1"
"""Names the way figures are computed; a change of the model or the simulation renames it,
so that stored figures from before are not taken for new ones."""


def projection_inputs(cup_year: CupYear) -> ProjectionInputs:
    """The table now, the games still to play, the tiebreaks and finals on record, each
    house's house points (the ledger, and this year's cup credits still owed), and every
    cup game the campaign has played by this year's rules, for the model."""
    names = house_names(cup_year)
    games = list(
        Fixture.objects.filter(
            cup_year__campaign_id=cup_year.campaign_id, cup_year__ruleset=cup_year.ruleset
        )
        .order_by("cup_year_id", "key")
        .values_list(
            "cup_year_id",
            "key",
            "stage",
            "result",
            "home_id",
            "away_id",
            "published_at",
            "credited_at",
        )
    )
    frauds = frauds_of(cup_year)
    this_year = [game for game in games if game[0] == cup_year.pk]
    results = {
        (stage, key): game_result(key, result, names[home], names[away])
        for _, key, stage, result, home, away, *_ in this_year
        if result is not None
    }
    table = _table(cup_year, names, results, frauds)
    totals: dict[str, int] = defaultdict(int)
    for _, key, stage, result, _, _, published_at, credited_at in this_year:
        if result is not None and credited_at is None:
            for credit in house_points.game_credits(
                cup_key(cup_year),
                results[stage, key],
                published_at=published_at,
                frauds=[fraud for fraud in frauds if fraud.game == key],
            ):
                totals[credit.house] += credit.amount
    ledger = (
        HousePointEntry.objects.filter(campaign_id=cup_year.campaign_id)
        .values_list("house_id")
        .annotate(total=Sum("amount"))
    )
    for house, total in ledger:
        totals[names[house]] += total
    now = CupYearNow(
        table=table,
        remaining=tuple(
            (names[home], names[away])
            for _, _, stage, result, home, away, *_ in this_year
            if stage in HALVES and result is None
        ),
        house_points={name: totals[name] for name in sorted(names.values())},
        deciders=tuple(r for (stage, _), r in results.items() if stage == Stage.DECIDER),
        lots=tuple(lots_drawn(cup_year, names)),
        finals={key: r for (stage, key), r in results.items() if stage in FINALS},
        placings_credited=cup_year.placings_credited_at is not None,
    )
    played = [
        game_result(key, result, names[home], names[away])
        for _, key, _, result, home, away, *_ in games
        if result is not None
    ]
    return ProjectionInputs(now, played, score_bounds(cup_year.ruleset), names)


def latest_projection(cup_year: CupYear) -> Projection | None:
    return cup_year.projections.order_by("-computed_at", "-id").first()


def projection_figures(projection: Projection) -> dict:
    """The stored figures as a reader gets them: each house by its name now, with its
    marks in words in the language of the answer or page (``GET
    /api/cup-years/{id}/projections/``, the cup year page)."""
    names = house_names(projection.cup_year)
    figures = projection.figures
    houses = []
    for figure in figures["houses"]:
        if figure["house"] not in names:  # a house gone from the campaign since
            continue
        name = names[figure["house"]]
        marks = [Mark.from_json(mark) for mark in figure["marks"]]
        houses.append(
            {
                **figure,
                "house": name,
                "house_id": figure["house"],
                "marks": [
                    {**mark.to_json(), "sentence": mark.sentence(name, gettext)} for mark in marks
                ],
                "model": figures["model"]["houses"][str(figure["house"])],
            }
        )
    return {
        "cup_year": projection.cup_year_id,
        "seed": projection.seed,
        "seasons": projection.seasons,
        "computed_at": projection.computed_at,
        "games_played": projection.games_played,
        "games_remaining": projection.games_remaining,
        "model": {k: figures["model"][k] for k in ("games", "goals", "caught")},
        "houses": houses,
    }
