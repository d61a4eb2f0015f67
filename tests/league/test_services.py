"""The house cup's services: fixtures, dates, cup games, credits, fraud (§8)."""

from datetime import timedelta
from unittest import mock

import pytest

from campaign.models import HousePointEntry
from core.errors import RuleViolation
from games.models import Game
from league import selectors, services
from league.models import Fixture, FixtureStatus, Stage
from league.rules.house_points import CREDIT_DELAY
from tests.league.conftest import SEPTEMBER
from tests.support import play_out

pytestmark = pytest.mark.django_db


def play(cup, fixture, *, seed=1, start=None):
    """Start a fixture and play its game out; returns the fixture, played."""
    start = start or fixture.window_starts + timedelta(days=8)
    fixture = services.fixture_start(
        fixture=fixture,
        rosters=cup.rosters(fixture),
        settings={},
        created_by=cup.storyguide,
        now=start,
    )
    play_out(fixture.game, now=start, seed=seed)
    fixture.refresh_from_db()
    return fixture


def test_8_1_a_cup_year_has_six_games_a_half_home_and_away_swapped(cup):
    halves = {
        stage: list(cup.cup.fixtures.filter(stage=stage))
        for stage in (Stage.FIRST_HALF, Stage.SECOND_HALF)
    }
    assert [len(games) for games in halves.values()] == [6, 6]
    first = {(f.home.name, f.away.name) for f in halves[Stage.FIRST_HALF]}
    second = {(f.away.name, f.home.name) for f in halves[Stage.SECOND_HALF]}
    assert first == second and len(first) == 6


def test_8_4_windows_last_four_weeks_and_open_with_their_half(cup):
    for fixture in cup.cup.fixtures.all():
        assert fixture.window_ends - fixture.window_starts == timedelta(weeks=4)
    first = cup.cup.fixtures.filter(stage=Stage.FIRST_HALF).order_by("window_starts").first()
    assert first.window_starts == SEPTEMBER


def test_8_4_a_date_must_be_fixed_seven_days_ahead(cup):
    fixture = cup.cup.fixtures.order_by("window_starts", "id").first()
    game_day = fixture.window_starts + timedelta(days=10)
    with pytest.raises(RuleViolation) as refused:
        services.fixture_set_date(fixture=fixture, date=game_day, now=game_day - timedelta(days=3))
    assert refused.value.rule == "§8.4"
    fixture.refresh_from_db()
    assert fixture.date is None
    services.fixture_set_date(fixture=fixture, date=game_day, now=game_day - timedelta(days=7))
    fixture.refresh_from_db()
    assert (fixture.date, fixture.status) == (game_day, FixtureStatus.SCHEDULED)
    assert fixture.key not in [d.game for d in selectors.dates_needed(cup.cup, now=SEPTEMBER)]


def test_8_5_fewer_than_three_players_postpones_the_game(cup):
    fixture = cup.cup.fixtures.first()
    rosters = cup.rosters(fixture)
    rosters[1] = rosters[1].__class__(house=rosters[1].house, players=rosters[1].players[:2])
    fixture = services.fixture_start(
        fixture=fixture, rosters=rosters, settings={}, created_by=cup.storyguide, now=SEPTEMBER
    )
    assert fixture.status == FixtureStatus.POSTPONED and fixture.game is None
    assert "at least 3" in fixture.status_reason


def test_8_5_the_bigger_team_sits_players_out(cup):
    fixture = cup.cup.fixtures.first()
    home, away = cup.rosters(fixture)
    away = away.__class__(house=away.house, players=away.players[:4])
    fixture = services.fixture_start(
        fixture=fixture, rosters=[home, away], settings={}, created_by=cup.storyguide, now=SEPTEMBER
    )
    players = fixture.game.state["players"]
    assert sum(p["team"] == 0 for p in players.values()) == 6
    assert sum(p["team"] == 1 for p in players.values()) == 4


def test_8_3_a_finished_game_is_announced_published_and_due_in_48_hours(cup):
    fixture = play(cup, cup.cup.fixtures.first())
    assert fixture.status == FixtureStatus.PLAYED
    assert fixture.game.public and fixture.game.seed_revealed
    announced = fixture.game.events.last().events[-1]  # the referee's "Spielende" (§7)
    assert announced["type"] == "game_over"
    assert [team["points"] for team in fixture.result["teams"]] == announced["points"]
    assert fixture.result["winner"] == announced["winner"]
    assert fixture.credit_due_at == fixture.published_at + CREDIT_DELAY


def ledger_of(fixture):
    return HousePointEntry.objects.filter(source_key__startswith=f"cup-{fixture.cup_year_id}:")


def expected_points(result):
    return {
        team["house"]: 10 * team["goals"] + 50 * team["snitch"] + (100 if team["bonus"] else 0)
        for team in result["teams"]
    }


def test_8_3_credits_land_once_not_before_they_are_due(cup):
    fixture = play(cup, cup.cup.fixtures.first())
    assert services.credit_due_points(now=fixture.credit_due_at - timedelta(seconds=1)) == 0
    assert not ledger_of(fixture).exists()
    assert services.credit_due_points(now=fixture.credit_due_at) == 1
    assert services.credit_due_points(now=fixture.credit_due_at + timedelta(hours=1)) == 0
    by_house = {}
    for entry in ledger_of(fixture):
        by_house[entry.house.name] = by_house.get(entry.house.name, 0) + entry.amount
        assert entry.credit_at == fixture.credit_due_at
    wanted = {house: points for house, points in expected_points(fixture.result).items() if points}
    assert by_house == wanted


def test_8_3_a_crash_before_the_commit_loses_nothing_and_counts_nothing_twice(cup):
    fixture = play(cup, cup.cup.fixtures.first())
    crash = RuntimeError("worker killed")
    with mock.patch.object(Fixture, "save", side_effect=crash), pytest.raises(RuntimeError):
        services.credit_due_points(now=fixture.credit_due_at)
    assert not ledger_of(fixture).exists()  # rolled back with the crash
    services.credit_due_points(now=fixture.credit_due_at)
    services.credit_due_points(now=fixture.credit_due_at)
    total = sum(entry.amount for entry in ledger_of(fixture))
    assert total == sum(expected_points(fixture.result).values())


def test_8_7_fraud_after_crediting_takes_100_points_and_bars_the_player(cup):
    fixture = play(cup, cup.cup.fixtures.first())
    services.credit_due_points(now=fixture.credit_due_at)
    cheat = cup.players[fixture.home.name][2]
    services.fraud_record(
        fixture=fixture,
        character=cheat,
        offence="dice_fraud",
        note="loaded dice",
        recorded_by=cup.storyguide,
        now=fixture.credit_due_at + timedelta(days=1),
    )
    penalty = ledger_of(fixture).get(source="penalty")
    assert penalty.amount == -100 and penalty.house == fixture.home
    row = next(r for r in selectors.cup_standings(cup.cup).rows if r.house == fixture.home.name)
    assert row.points_deducted == 100
    # Barred from the team's next two games: the next one refuses them.
    next_game = (
        (
            cup.cup.fixtures.filter(status=FixtureStatus.UNSCHEDULED).filter(home=fixture.home)
            | cup.cup.fixtures.filter(status=FixtureStatus.UNSCHEDULED, away=fixture.home)
        )
        .order_by("window_starts", "id")
        .first()
    )
    with pytest.raises(RuleViolation) as refused:
        services.fixture_start(
            fixture=next_game,
            rosters=cup.rosters(next_game),
            settings={},
            created_by=cup.storyguide,
            now=next_game.window_starts,
        )
    assert refused.value.code == "player_barred"


def test_8_2_finals_are_played_with_the_final_setting_and_placings_credited(cup):
    for seed, fixture in enumerate(cup.cup.fixtures.order_by("window_starts", "id"), start=1):
        play(cup, fixture, seed=seed)
    table = settle(cup)
    finals = services.cup_schedule_finals(cup_year=cup.cup)
    assert {f.stage for f in finals} == {Stage.FINAL, Stage.THIRD_PLACE}
    final = next(f for f in finals if f.stage == Stage.FINAL)
    assert {final.home.name, final.away.name} == set(table.order[:2])
    played = [play(cup, fixture, seed=50 + i) for i, fixture in enumerate(finals)]
    assert all(f.game.config["final"] for f in played)
    assert all(f.result["winner"] is not None for f in played)
    last_due = max(f.credit_due_at for f in played)
    services.credit_due_points(now=last_due)
    places = HousePointEntry.objects.filter(source="cup_placement")
    assert sorted(e.amount for e in places) == [250, 500, 750, 1250]
    assert services.credit_due_points(now=last_due + timedelta(days=1)) == 0
    assert Game.objects.filter(public=True).count() >= 14


FEB_END = SEPTEMBER + timedelta(days=300)


def settle(cup):
    """Draw the lots and play the deciders the table needs, until it is settled (§8.2)."""
    table = selectors.cup_standings(cup.cup)
    while not table.settled:
        if table.lots_needed:
            services.cup_draw_lots(cup_year=cup.cup, now=FEB_END, by=cup.storyguide)
        else:
            for decider in services.cup_schedule_finals(cup_year=cup.cup):
                play(cup, decider, seed=99)
        table = selectors.cup_standings(cup.cup)
    return table


def test_8_4_a_game_cannot_start_before_its_window_opens(cup):
    fixture = cup.cup.fixtures.order_by("window_starts", "id").first()
    with pytest.raises(RuleViolation) as refused:
        services.fixture_start(
            fixture=fixture,
            rosters=cup.rosters(fixture),
            settings={},
            created_by=cup.storyguide,
            now=fixture.window_starts - timedelta(minutes=1),
        )
    assert (refused.value.code, refused.value.rule) == ("window_not_open", "§8.4")
    assert refused.value.detail == (
        "The game's window opens 2026-09-01 00:00 UTC; it cannot start before then"
    )
    fixture.refresh_from_db()
    assert fixture.game is None
