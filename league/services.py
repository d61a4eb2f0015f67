"""Every write of the house cup: fixtures, dates, starting games, results, credits, fraud,
and the projections computed from them.

The pure rules (``league.rules``) decide; these functions load what they
need, call them, and write the outcome in one transaction each.

Who may is decided here too (``league.selectors.require_cup_storyguide``,
``require_referee``): a service a person asks for takes them as ``by`` and refuses
anyone else with :class:`core.errors.Forbidden` (the cup is public, so someone
outside the campaign is refused too, not answered 404); ``by=None`` is the service
itself (the demo, a task, another service).
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from django.db import transaction

from campaign import activity
from campaign.models import Campaign, Character
from campaign.services import house_points_award, table_log_for
from campaign.teams import Team
from core.errors import Invalid, RuleViolation, gettext_noop
from core.slugs import unique_slug
from games.dice import Roll
from games.models import EnteredDice, Game
from games.ruleset import REFEREE, Actor
from games.services import game_abandon, game_apply, game_create
from league import selectors
from league.activity_kinds import CupNews
from league.cups import cup_rules, cup_rulesets, default_cup_ruleset
from league.models import CupYear, Fixture, FixtureStatus, Fraud, Offence, Projection, Stage
from league.rules import fixtures, house_points, lots, projections, scheduling, teams
from league.rules.finals import final_placing, finals

HALF_STAGES = {1: Stage.FIRST_HALF, 2: Stage.SECOND_HALF}
FINAL_STAGES = {"cup-final": Stage.FINAL, "third-place-final": Stage.THIRD_PLACE}
FINAL_GAMES = (Stage.FINAL, Stage.THIRD_PLACE, Stage.DECIDER)


def cup_year_create(
    *,
    campaign: Campaign,
    name: str,
    first_half_starts: datetime,
    second_half_starts: datetime,
    ruleset: str = "",
    slug: str = "",
    by=None,
) -> CupYear:
    """A cup year with its fixtures: every house meets every other once a half (§8.1),
    each game's four-week window announced with its half (§8.4). Its games are played
    by ``ruleset``, one that plays cups; left out, the first game of the project's list
    that does (``league.cups.default_cup_ruleset``). Only a storyguide makes one."""
    if by is not None:
        selectors.require_cup_storyguide(by, campaign.pk)
    ruleset = ruleset or default_cup_ruleset()
    if ruleset not in cup_rulesets():
        raise Invalid.field(
            "ruleset",
            gettext_noop("A cup is played by %(cup_rulesets)s, not %(ruleset)s."),
            params={"cup_rulesets": " / ".join(cup_rulesets()), "ruleset": ruleset},
        )
    houses = {house.name: house for house in campaign.houses.order_by("name")}
    if len(houses) < 2:
        raise RuleViolation(
            "too_few_houses", gettext_noop("A cup needs at least two houses."), "§8.1"
        )
    if second_half_starts <= first_half_starts:
        raise RuleViolation(
            "halves_out_of_order",
            gettext_noop("The second half starts after the first."),
            "§8.1",
        )
    planned = fixtures.games(fixtures.cup_year(list(houses)))
    starts = {1: first_half_starts, 2: second_half_starts}
    windows = {}
    for half, start in starts.items():
        windows.update(scheduling.half_windows([g for g in planned if g.half == half], start=start))
    with transaction.atomic():
        taken = CupYear.objects.filter(campaign=campaign)
        if slug and taken.filter(slug=slug).exists():
            raise Invalid.field(
                "slug", gettext_noop("The campaign has a cup year with this slug already.")
            )
        cup_year = CupYear.objects.create(
            campaign=campaign,
            name=name,
            slug=slug
            or unique_slug(name, taken=lambda s: taken.filter(slug=s).exists(), fallback="cup"),
            first_half_starts=first_half_starts,
            second_half_starts=second_half_starts,
            ruleset=ruleset,
        )
        Fixture.objects.bulk_create(
            Fixture(
                cup_year=cup_year,
                key=game.key,
                stage=HALF_STAGES[game.half],
                match_day=game.match_day,
                home=houses[game.home],
                away=houses[game.away],
                window_starts=windows[game.key].start,
                window_ends=windows[game.key].end,
            )
            for game in planned
        )
    return cup_year


def cup_year_rename(*, cup_year: CupYear, name: str, by=None) -> CupYear:
    """A cup year's new name (its dates made its windows, so only the name changes);
    only a storyguide of its campaign may."""
    if by is not None:
        selectors.require_cup_storyguide(by, cup_year.campaign_id)
    with transaction.atomic():
        cup_year.name = name
        cup_year.save(update_fields=["name"])
    return cup_year


def _referee(by, fixture: Fixture) -> None:
    if by is not None:
        selectors.require_referee(by, fixture)


OPEN = (FixtureStatus.UNSCHEDULED, FixtureStatus.SCHEDULED, FixtureStatus.POSTPONED)
"""A game that has not started: its date can be fixed, it can start or be postponed."""
CLOSED = {
    FixtureStatus.PLAYING: gettext_noop("The game is playing."),
    FixtureStatus.PLAYED: gettext_noop("The game is played."),
    FixtureStatus.ABANDONED: gettext_noop("The game is abandoned."),
}
"""Why a game past ``OPEN`` refuses what only an open one allows, by its status: one
sentence a status, so that a catalogue says the status in its own words."""


def _locked(fixture: Fixture, *, allowed: tuple[str, ...], rule: str) -> Fixture:
    """The fixture, locked, if its status allows what the caller is about to do."""
    fixture = Fixture.objects.select_for_update().select_related("cup_year").get(pk=fixture.pk)
    if fixture.status not in allowed:
        raise RuleViolation("fixture_closed", CLOSED[fixture.status], rule)
    return fixture


def fixture_set_date(*, fixture: Fixture, date: datetime, now: datetime, by=None) -> Fixture:
    """Fix the date: inside the window and announced at least seven days ahead (§8.4).
    The referee or a storyguide does (``by``), as every write of a fixture."""
    _referee(by, fixture)
    with transaction.atomic():
        fixture = _locked(fixture, allowed=OPEN, rule="§8.4")
        window = scheduling.Window(fixture.window_starts, fixture.window_ends)
        scheduling.check_date(now=now, date=date, window=window)
        fixture.date, fixture.date_fixed_at = date, now
        fixture.status = FixtureStatus.SCHEDULED
        fixture.save(update_fields=["date", "date_fixed_at", "status"])
    return fixture


def fixture_postpone(
    *, fixture: Fixture, reason: str, window_starts: datetime | None = None, by=None
) -> Fixture:
    """Postpone a game (§2.1, §8.5); a new window gives it a new four weeks."""
    _referee(by, fixture)
    with transaction.atomic():
        fixture = _locked(fixture, allowed=OPEN, rule="§2.1")
        fixture.status, fixture.status_reason, fixture.date = FixtureStatus.POSTPONED, reason, None
        if window_starts is not None:
            window = scheduling.Window.starting(window_starts)
            fixture.window_starts, fixture.window_ends = window.start, window.end
        fixture.save()
    return fixture


def fixture_abandon(*, fixture: Fixture, reason: str, now: datetime, by) -> Fixture:
    """The referee (``by``) aborts a game (§2.1); a game under way is ended, by them, and
    its seed revealed."""
    _referee(by, fixture)
    with transaction.atomic():
        fixture = _locked(fixture, allowed=(*OPEN, FixtureStatus.PLAYING), rule="§2.1")
        if fixture.game_id is not None:
            game_abandon(game_id=fixture.game_id, by=by, now=now)
        fixture.status, fixture.status_reason = FixtureStatus.ABANDONED, reason
        fixture.save(update_fields=["status", "status_reason"])
    return fixture


def fixture_start(
    *,
    fixture: Fixture,
    rosters: list[Team],
    settings: dict,
    created_by,
    now: datetime,
    sitting_out: list[int] = (),
    entered_dice: str = EnteredDice.NEVER,
    by=None,
) -> Fixture:
    """Start a cup game: check the line-ups (§8.5, §8.7) and set up its public match.

    Finals and deciders are played with the ``final`` setting (§8.2). A team of
    fewer than three postpones the game instead (§8.5). A game played at a
    physical table takes the dice its referee enters (``entered_dice``), as a
    friendly match can. Settings the match's rules refuse (more than ten rounds,
    §5.1) are refused with the rule, and nothing is started.
    """
    _referee(by, fixture)
    with transaction.atomic():
        fixture = _locked(fixture, allowed=OPEN, rule="§8.4")
        scheduling.check_start(
            now=now, window=scheduling.Window(fixture.window_starts, fixture.window_ends)
        )
        if [team.house.pk for team in rosters] != [fixture.home_id, fixture.away_id]:
            raise RuleViolation(
                "wrong_teams", gettext_noop("Give the home team first, then the away team.")
            )
        barred = selectors.barred_players(fixture)
        names = {character.pk: character.name for team in rosters for character, _ in team.players}
        line_up = teams.line_up(
            tuple(
                [teams.Player(character.name, position) for character, position in team.players]
                for team in rosters
            ),
            sitting_out=[names[pk] for pk in sitting_out if pk in names],
            barred=barred,
        )
        if line_up.postponed:
            fixture.status, fixture.status_reason, fixture.date = (
                FixtureStatus.POSTPONED,
                line_up.reason,
                None,
            )
            fixture.save(update_fields=["status", "status_reason", "date"])
            return fixture
        out = {player.name for side in line_up.sitting_out for player in side}
        playing = [
            Team(
                house=team.house,
                players=[(c, p) for c, p in team.players if c.name not in out],
                captain=team.captain if team.captain and team.captain.name not in out else None,
                experience=team.experience,
            )
            for team in rosters
        ]
        rules = cup_rules(fixture.cup_year.ruleset)
        fixture.game = game_create(
            campaign=fixture.cup_year.campaign,
            ruleset=rules.name,
            config=rules.cup_config(
                {"teams": [team.to_config() for team in playing], **settings},
                final=fixture.stage in FINAL_GAMES,
            ),
            title=f"{fixture.home.name} v {fixture.away.name}, {fixture.get_stage_display()}",
            public=True,
            entered_dice=entered_dice,
            created_by=created_by,
            now=now,
        )
        fixture.status = FixtureStatus.PLAYING
        fixture.save(update_fields=["game", "status"])
        _tell(fixture, CupNews.FIXTURE_STARTED, now, game=fixture.game_id)
    return fixture


def _tell(fixture: Fixture, kind: CupNews, now: datetime, **data) -> None:
    """Put a cup game's news on its campaign's activity line."""
    activity.record(
        campaign_id=fixture.cup_year.campaign_id,
        kind=kind,
        data={
            "cup_year": fixture.cup_year_id,
            "fixture": fixture.pk,
            "key": fixture.key,
            "home": fixture.home.name,
            "away": fixture.away.name,
            **data,
        },
        now=now,
    )


def fixture_record_result(*, game: Game, now: datetime) -> None:
    """A cup game has ended: announce its result, publish its log, fix when it credits.

    Called inside the transaction that ends the game (§8.3: the points are due
    48 hours after the log is published).
    """
    fixture = Fixture.objects.select_for_update().filter(game=game).first()
    if fixture is None or fixture.status == FixtureStatus.PLAYED:
        return
    fixture.result = cup_rules(game.ruleset).cup_result(game.state)
    fixture.status = FixtureStatus.PLAYED
    fixture.published_at = now
    fixture.credit_due_at = house_points.credit_due(now)
    fixture.save(update_fields=["result", "status", "published_at", "credit_due_at"])
    _tell(fixture, CupNews.FIXTURE_FINISHED, now, result=fixture.named_result)
    _standings_changed(fixture.cup_year, now)


def _standings_changed(cup_year: CupYear, now: datetime) -> None:
    activity.record(
        campaign_id=cup_year.campaign_id,
        kind=CupNews.STANDINGS_CHANGED,
        data={"cup_year": cup_year.pk, "name": cup_year.name},
        now=now,
    )


def credit_due_points(*, now: datetime) -> int:
    """Credit every game whose points are due, and the placings once the finals are.

    Each fixture is credited in its own transaction; its ledger entries carry
    source keys, so a crash before the commit loses nothing (the next run does
    it again) and a second run, or two at once, counts nothing twice.
    """
    credited = 0
    due = Fixture.objects.filter(credited_at__isnull=True, credit_due_at__lte=now)
    for fixture_id in due.values_list("pk", flat=True):
        with transaction.atomic():
            fixture = (
                Fixture.objects.select_for_update(skip_locked=True)
                .filter(pk=fixture_id, credited_at__isnull=True)
                .select_related("cup_year")
                .first()
            )
            if fixture is None:
                continue
            _credit(fixture.cup_year.campaign, game_credits(fixture), now=now, game=fixture.game)
            fixture.credited_at = now
            fixture.save(update_fields=["credited_at"])
            credited += 1
    for cup_year in CupYear.objects.filter(placings_credited_at__isnull=True):
        credited += _credit_placings(cup_year, now=now)
    return credited


def game_credits(fixture: Fixture) -> list[house_points.Credit]:
    return house_points.game_credits(
        selectors.cup_key(fixture.cup_year),
        selectors.fixture_result(fixture),
        published_at=fixture.published_at,
        frauds=selectors.frauds_of(fixture.cup_year, fixture=fixture),
    )


def _credit(
    campaign: Campaign, credits: list[house_points.Credit], *, now: datetime, game=None
) -> None:
    """Write credits to the ledger, linked to the ``game`` whose result they are, if any;
    their source keys make a repeated write a no-op."""
    houses = {house.name: house for house in campaign.houses.all()}
    for credit in credits:
        house_points_award(
            house=houses[credit.house],
            amount=credit.amount,
            reason=credit.reason,
            source=credit.source,
            source_key=credit.source_key,
            credit_at=credit.credit_at,
            game=game,
            awarded_by=None,
            now=now,
        )


def _credit_placings(cup_year: CupYear, *, now: datetime) -> int:
    with transaction.atomic():
        cup_year = (
            CupYear.objects.select_for_update(skip_locked=True)
            .filter(pk=cup_year.pk, placings_credited_at__isnull=True)
            .first()
        )
        if cup_year is None:
            return 0
        played = {
            fixture.key: fixture
            for fixture in cup_year.fixtures.filter(stage__in=FINAL_STAGES.values()).select_related(
                "home", "away"
            )
        }
        table = selectors.cup_standings(cup_year)
        expected = [final.key for final in finals(table)] if table.settled else []
        if not expected or any(
            key not in played or played[key].credited_at is None for key in expected
        ):
            return 0
        placing = final_placing(
            table,
            {key: selectors.fixture_result(played[key]) for key in expected},
        )
        credit_at = max(played[key].credit_due_at for key in expected)
        _credit(
            cup_year.campaign,
            house_points.placement_credits(
                selectors.cup_key(cup_year), placing, credit_at=credit_at
            ),
            now=now,
        )
        cup_year.placings_credited_at = now
        cup_year.save(update_fields=["placings_credited_at"])
    return 1


def fraud_record(
    *,
    fixture: Fixture,
    character: Character,
    offence: str,
    recorded_by,
    now: datetime,
    note: str = "",
    by=None,
) -> Fraud:
    """Record dice fraud or a forbidden tool (§8.7, §8.9), even after the game.

    The player is barred from this game and the team's next two; the team loses
    100 points from this game's result. If the game's points were credited
    already, the penalty is credited at once.
    """
    _referee(by, fixture)
    if character.house_id not in (fixture.home_id, fixture.away_id):
        raise RuleViolation(
            "not_in_game",
            gettext_noop("%(character)s plays for neither team."),
            "§8.7",
            params={"character": character.name},
        )
    if offence not in Offence.values:
        raise RuleViolation("unknown_offence", gettext_noop("Unknown offence."), "§8.7")
    with transaction.atomic():
        fixture = _locked(fixture, allowed=tuple(FixtureStatus.values), rule="§8.7")
        fraud = Fraud.objects.create(
            fixture=fixture,
            character=character,
            house_id=character.house_id,
            offence=offence,
            note=note,
            recorded_by=recorded_by,
            recorded_at=now,
        )
        if fixture.credited_at is not None:
            _credit(fixture.cup_year.campaign, game_credits(fixture), now=now, game=fixture.game)
        _standings_changed(fixture.cup_year, now)
    return fraud


def cup_draw_lots(*, cup_year: CupYear, now: datetime, by) -> list[lots.Lot]:
    """Draw the lots the standings need (§8.2), on the campaign's table log's fair dice;
    a storyguide of the campaign (``by``) does, and the log says so."""
    selectors.require_cup_storyguide(by, cup_year.campaign_id)
    with transaction.atomic():
        cup_year = CupYear.objects.select_for_update().get(pk=cup_year.pk)
        table = selectors.cup_standings(cup_year)
        if not table.lots_needed:
            raise RuleViolation(
                "no_lots_needed", gettext_noop("No teams are level where lots decide."), "§8.2"
            )
        log = table_log_for(cup_year.campaign, created_by=by, now=now)
        drawn = []
        for group in table.lots_needed:
            level = tuple(sorted(group))
            event = game_apply(
                log,
                by=by,
                actor=Actor(REFEREE),
                command={
                    "action": "draw_lots",
                    "names": list(level),
                    "purpose": lots.purpose(level),
                },
                submitted={"cup_year": cup_year.pk},
                now=now,
            )
            drawn.append(
                lots.Lot(
                    houses=level,
                    order=tuple(event.events[0]["order"]),
                    rolls=tuple(Roll.from_json(roll) for roll in event.dice),
                )
            )
        ids = {name: pk for pk, name in selectors.house_names(cup_year).items()}
        cup_year.lots = [*cup_year.lots, *(_by_house_id(lot.to_json(), ids) for lot in drawn)]
        cup_year.save(update_fields=["lots"])
        _standings_changed(cup_year, now)
    return drawn


def _by_house_id(lot: dict, ids: dict[str, int]) -> dict:
    """A drawn lot as it is kept: by house id, so that a renamed house keeps its place."""
    return {
        **lot,
        "houses": [ids[name] for name in lot["houses"]],
        "order": [ids[name] for name in lot["order"]],
    }


def cup_schedule_finals(*, cup_year: CupYear, by=None) -> list[Fixture]:
    """Once the table is settled, set up the finals (§8.2); or the deciders it needs.
    A storyguide of the campaign does."""
    if by is not None:
        selectors.require_cup_storyguide(by, cup_year.campaign_id)
    with transaction.atomic():
        cup_year = CupYear.objects.select_for_update().get(pk=cup_year.pk)
        table = selectors.cup_standings(cup_year)
        houses = {house.name: house for house in cup_year.campaign.houses.all()}
        last = cup_year.fixtures.order_by("-window_ends").first()
        window = scheduling.Window.starting(
            last.window_ends if last else cup_year.second_half_starts
        )
        if table.deciders_needed:
            wanted = [
                (f"decider-{'-'.join(sorted(pair))}", Stage.DECIDER, sorted(pair))
                for pair in table.deciders_needed
            ]
        elif table.settled:
            wanted = [
                (final.key, FINAL_STAGES[final.key], list(final.teams)) for final in finals(table)
            ]
        else:
            raise RuleViolation(
                "table_not_settled", gettext_noop("The table is not settled yet."), "§8.2"
            )
        made = []
        for key, stage, (home, away) in wanted:
            fixture, created = Fixture.objects.get_or_create(
                cup_year=cup_year,
                key=key,
                defaults={
                    "stage": stage,
                    "home": houses[home],
                    "away": houses[away],
                    "window_starts": window.start,
                    "window_ends": window.end,
                },
            )
            if created:
                made.append(fixture)
    return made


SEASONS = 10_000
"""Seasons a projection draws: a chance's standard error is then at most half a point in
a hundred (docs/rules/league.md)."""


def cup_year_project(*, cup_year: CupYear, now: datetime, seasons: int = SEASONS) -> Projection:
    """Compute the cup year's marks and odds from its state now, store them and tell the
    cup year's stream; a state computed before is found, not computed again.

    The simulation runs outside any transaction (it takes a second or so); the write is
    one short transaction, whose unique basis makes a concurrent second run a no-op.
    """
    inputs = selectors.projection_inputs(cup_year)
    basis = hashlib.sha256(inputs.canonical(seasons=seasons)).hexdigest()
    known = cup_year.projections.filter(basis=basis).first()
    if known is not None:
        return known
    figures = projections.project(
        inputs.now,
        inputs.played,
        inputs.bounds,
        seasons=seasons,
        seed=projections.seed_of(basis),
    ).to_json()
    ids = {name: pk for pk, name in inputs.houses.items()}
    for house in figures["houses"]:
        house["house"] = ids[house["house"]]
    figures["model"]["houses"] = {
        str(ids[name]): rates for name, rates in figures["model"]["houses"].items() if name in ids
    }
    with transaction.atomic():
        projection, created = Projection.objects.get_or_create(
            cup_year=cup_year,
            basis=basis,
            defaults={
                "seed": figures["seed"],
                "seasons": seasons,
                "games_played": sum(row.played for row in inputs.now.table.rows) // 2,
                "games_remaining": len(inputs.now.remaining),
                "figures": figures,
                "computed_at": now,
            },
        )
        if created:
            activity.record(
                campaign_id=cup_year.campaign_id,
                kind=CupNews.PROJECTIONS_CHANGED,
                data={
                    "cup_year": cup_year.pk,
                    "name": cup_year.name,
                    "projection": projection.pk,
                    "seed": projection.seed,
                    "games_played": projection.games_played,
                },
                now=now,
            )
    return projection


def cup_year_projection(*, cup_year: CupYear, now: datetime) -> Projection:
    """The cup year's latest projections; computed now if it has none yet (a new year,
    or one whose task has not run)."""
    return selectors.latest_projection(cup_year) or cup_year_project(cup_year=cup_year, now=now)
