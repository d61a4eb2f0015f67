"""The house cup's public pages: a cup year and a cup game, read without a login."""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from campaign.models import House
from league import selectors, services
from league.models import CupYear, Fixture, Stage
from league.rules.house_points import CREDIT_DELAY
from tests.league.conftest import SEPTEMBER
from tests.league.test_services import play

pytestmark = pytest.mark.django_db


def record(fixture, home_goals, away_goals, *, snitch=None):
    """Write a result as the match engine reports it (§7), published a week into the window.

    ``snitch`` is 0 or 1 for the side that caught it, None for nobody.
    """
    goals = (home_goals, away_goals)
    score = [10 * goals[i] + 50 * (snitch == i) for i in (0, 1)]
    winner = None if score[0] == score[1] else int(score[1] > score[0])
    teams = [
        {
            "house": house.name,
            "initial": house.initial,
            "goals": goals[i],
            "goals_conceded": goals[1 - i],
            "snitch": snitch == i,
            "bonus": 100 if winner == i else 0,
            "points": score[i] + (100 if winner == i else 0),
        }
        for i, house in enumerate((fixture.home, fixture.away))
    ]
    fixture.result = {
        "teams": teams,
        "points": [team["points"] for team in teams],
        "winner": winner,
        "rounds_played": 10,
        "ended_by": "rounds",
    }
    fixture.status = "played"
    fixture.published_at = fixture.window_starts + timedelta(days=7)
    fixture.credit_due_at = fixture.published_at + CREDIT_DELAY
    fixture.save()
    return fixture


def game(cup, home, away):
    return cup.cup.fixtures.get(stage=Stage.FIRST_HALF, home__name=home, away__name=away)


def between(cup, a, b):
    return cup.cup.fixtures.filter(stage=Stage.FIRST_HALF).get(
        home__name__in=[a, b], away__name__in=[a, b]
    )


def year_url(cup):
    return f"/league/{cup.campaign.slug}/{cup.cup.slug}/"


def cup_table(html):
    return re.search(r'<table id="standings">(.*?)</table>', html, re.S).group(1)


def table_order(html):
    return re.findall(r'<tr data-house="([^"]+)">', cup_table(html))


def why_of(html, house):
    row = re.search(rf'<tr data-house="{house}">(.*?)</tr>', cup_table(html), re.S).group(1)
    found = re.search(r'<span class="why">([^<]*)</span>', row)
    return found.group(1) if found else None


def test_the_cup_table_is_in_standings_order_and_says_why_each_house_is_ahead(cup, client):
    record(between(cup, "Gryffindor", "Slytherin"), 5, 0)  # G 150, S 0
    record(between(cup, "Hufflepuff", "Ravenclaw"), 0, 0, snitch=0)  # H 150 with the snitch
    page = client.get(year_url(cup))
    assert page.status_code == 200
    html = page.content.decode()
    assert table_order(html) == list(selectors.cup_standings(cup.cup).order)
    assert table_order(html) == ["Hufflepuff", "Gryffindor", "Ravenclaw", "Slytherin"]
    assert why_of(html, "Hufflepuff") == "ahead on snitch catches"
    assert why_of(html, "Gryffindor") == "ahead on points"
    assert why_of(html, "Ravenclaw") == "fewer goals conceded"
    assert why_of(html, "Slytherin") is None
    assert "After 2 of 12 games." in html


def test_a_house_founded_after_the_fixtures_were_drawn_still_shows(cup, client):
    House.objects.create(campaign=cup.campaign, name="Durmstrang", initial="D", colour="brown")
    html = client.get(year_url(cup)).content.decode()
    assert "Durmstrang" in table_order(html)
    assert ">Durmstrang: " in html  # in the chart's legend


def test_the_page_is_for_phones_and_loads_nothing_else(cup, client):
    html = client.get(year_url(cup)).content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    # One script, the service's own, which follows the cup's stream (issue 19).
    assert re.findall(r"<script[^>]*>", html) == ['<script src="/static/storyguide/live.js" defer>']
    assert not re.search(r'(src|href)="(https?:)?//', html)
    # One stylesheet, the site's own, as every page has (with the site's navigation).
    assert re.findall(r"<link[^>]*>", html) == [
        '<link rel="stylesheet" href="/static/storyguide/site.css">'
    ]
    assert client.post(year_url(cup)).status_code == 405  # read-only


def test_a_campaign_address_shows_its_newest_cup_year_and_links_the_others(cup, client):
    newer = services.cup_year_create(
        campaign=cup.campaign,
        name="1996/97",
        slug="1996-97",
        first_half_starts=SEPTEMBER + timedelta(days=365),
        second_half_starts=SEPTEMBER + timedelta(days=520),
    )
    html = client.get(f"/league/{cup.campaign.slug}/").content.decode()
    assert "<h1>House cup 1996/97</h1>" in html
    assert f'href="/league/{cup.campaign.slug}/1995-96/"' in html
    past = client.get(year_url(cup)).content.decode()
    assert "<h1>House cup 1995/96</h1>" in past
    assert f'href="/league/{cup.campaign.slug}/{newer.slug}/"' in past


@pytest.mark.parametrize(
    "path",
    [
        "/league/nowhere/",
        "/league/nowhere/1995-96/",
        "/league/{campaign}/1066-67/",
        "/league/{campaign}/1995-96/games/game-99/",
        "/league/{other}/",
    ],
)
def test_unknown_names_and_campaigns_without_a_cup_year_are_404(cup, client, path):
    assert not CupYear.objects.filter(campaign=cup.other_campaign).exists()
    path = path.format(campaign=cup.campaign.slug, other=cup.other_campaign.slug)
    assert client.get(path).status_code == 404


def test_fixtures_are_listed_by_half_and_match_day_with_results_and_windows(cup, client):
    played = play(cup, game(cup, "Gryffindor", "Slytherin"))
    html = client.get(year_url(cup)).content.decode()
    assert "Times in UTC;" in html
    halves = re.split(r"<h3>(First half|Second half)</h3>", html)
    assert [halves[1], halves[3]] == ["First half", "Second half"]
    for section in (halves[2], halves[4]):
        days = re.findall(r"Match day (\d+)</th>", section)
        assert days == ["1", "2", "3"]
        assert section.count("<tr id=") == 6
    row = re.search(rf'<tr id="{played.key}">(.*?)</tr>', html, re.S).group(1)
    home, away = played.result["points"]
    assert re.search(rf">{home}</span> : <span[^>]*>{away}</span>", row)
    assert f'href="/matches/{played.game_id}/"' in row
    assert f'href="/league/{cup.campaign.slug}/1995-96/games/{played.key}/"' in row
    waiting = re.search(r'<tr id="game-2">(.*?)</tr>', html, re.S).group(1)
    assert "window 1 Sep – 28 Sep 2026" in waiting
    assert "Needs a date" in waiting and "date overdue" in waiting  # it is past 21 Sep


def test_lots_still_needed_are_shown(cup, client):
    for fixture in cup.cup.fixtures.all():
        record(fixture, 1, 1)
    html = client.get(year_url(cup)).content.decode()
    assert "The second half is over." in html
    assert "Lots are to be drawn between Gryffindor, Hufflepuff, Ravenclaw, Slytherin" in html
    assert why_of(html, "Gryffindor") == "level: lots are to be drawn"


def settle(cup):
    """Every game of both halves played, each house on its own number of goals."""
    goals = {"Gryffindor": 4, "Hufflepuff": 3, "Ravenclaw": 2, "Slytherin": 1}
    for fixture in cup.cup.fixtures.all():
        record(fixture, goals[fixture.home.name], goals[fixture.away.name])


def test_the_finals_are_shown_once_the_places_are_decided_then_once_set(cup, client):
    html = client.get(year_url(cup)).content.decode()
    assert "once the second half is over and the places are decided" in html
    settle(cup)
    html = client.get(year_url(cup)).content.decode()
    assert "Cup final: Gryffindor v Hufflepuff, to be scheduled" in html
    assert "For third place: Ravenclaw v Slytherin, to be scheduled" in html
    services.cup_schedule_finals(cup_year=cup.cup)
    html = client.get(year_url(cup)).content.decode()
    finals = re.search(r'<table id="finals">(.*?)</table>', html, re.S).group(1)
    assert re.search(r"Final: <a [^>]*>Gryffindor v Hufflepuff</a>", finals)
    assert re.search(r"Third place: <a [^>]*>Ravenclaw v Slytherin</a>", finals)


def test_the_points_race_has_a_line_per_house_in_its_colour(cup, client):
    settle(cup)
    services.credit_due_points(now=SEPTEMBER + timedelta(days=400))
    html = client.get(year_url(cup)).content.decode()
    svg = re.search(r"<svg [^>]*class=\"race\".*?</svg>", html, re.S).group(0)
    lines = dict(re.findall(r'data-house="([^"]+)" points="[^"]+" fill="none" stroke="(\w+)"', svg))
    assert lines == {
        "Gryffindor": "red",
        "Hufflepuff": "yellow",
        "Ravenclaw": "blue",
        "Slytherin": "green",
    }
    race = selectors.points_race(cup.cup, now=timezone.now())
    for house, points in race.items():
        assert points, f"{house} has points in the race"
        assert f"{house}: {points[-1][1]} points" in svg


def test_a_played_cup_game_links_its_match_log_and_the_dice_check(cup, client):
    played = play(cup, game(cup, "Gryffindor", "Slytherin"))
    page = client.get(f"/league/{cup.campaign.slug}/1995-96/games/{played.key}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f'<a href="/matches/{played.game_id}/">' in html
    assert f'<a href="/matches/{played.game_id}/verify/">Verify the dice</a>' in html
    result = re.search(r'<table id="result">(.*?)</table>', html, re.S).group(1)
    rows = re.findall(r'<tr><td( class="won")?>(\w+)</td><td class="n">(\d+)', result)
    assert rows == [
        (' class="won"' if team["bonus"] else "", team["house"], str(team["goals"]))
        for team in played.result["teams"]
    ]
    for player in played.game.state["players"].values():
        assert f"<td>{player['name']}</td>" in html
    assert client.get(f"/matches/{played.game_id}/").status_code == 200  # public, no login
    assert client.get(f"/matches/{played.game_id}/verify/").status_code == 200


def test_a_cup_game_not_yet_started_has_no_links_and_shows_its_window(cup, client):
    fixture = game(cup, "Hufflepuff", "Ravenclaw")
    html = client.get(f"/league/{cup.campaign.slug}/1995-96/games/{fixture.key}/").content.decode()
    assert "The game has not started" in html
    assert "/matches/" not in html
    assert "window 1 Sep – 28 Sep 2026" in html


def test_a_fraud_shows_on_the_game_and_in_the_table(cup, client):
    fixture = record(between(cup, "Gryffindor", "Slytherin"), 5, 0)
    cheat = cup.players["Gryffindor"][2]
    services.fraud_record(
        fixture=fixture,
        character=cheat,
        offence="dice_fraud",
        note="loaded dice",
        recorded_by=cup.storyguide,
        now=fixture.published_at,
    )
    html = client.get(f"/league/{cup.campaign.slug}/1995-96/games/{fixture.key}/").content.decode()
    assert f"Dice fraud (§8.7): {cheat.name} (Gryffindor), 100 points off" in html
    table = client.get(year_url(cup)).content.decode()
    row = re.search(r'<tr data-house="Gryffindor">(.*?)</tr>', table, re.S).group(1)
    assert '50<span class="why">−100 fraud</span>' in row


def queries_for(client, url):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_cup_year_page_costs_the_same_queries_however_many_games(cup, client):
    first = play(cup, game(cup, "Gryffindor", "Slytherin"))
    services.cup_year_project(cup_year=cup.cup, now=SEPTEMBER, seasons=100)  # as the task does
    few = queries_for(client, year_url(cup))
    for fixture in cup.cup.fixtures.exclude(pk=first.pk):
        record(fixture, 3, 2, snitch=1)
    services.credit_due_points(now=SEPTEMBER + timedelta(days=400))
    services.fraud_record(
        fixture=first,
        character=cup.players[first.home.name][3],
        offence="forbidden_tool",
        note="",
        recorded_by=cup.storyguide,
        now=SEPTEMBER + timedelta(days=400),
    )
    if selectors.cup_standings(cup.cup).lots_needed:  # the first game's dice may tie the table
        services.cup_draw_lots(
            cup_year=cup.cup, now=SEPTEMBER + timedelta(days=400), by=cup.storyguide
        )
    services.cup_schedule_finals(cup_year=cup.cup)
    assert Fixture.objects.filter(cup_year=cup.cup).count() > 12
    services.cup_year_project(cup_year=cup.cup, now=SEPTEMBER, seasons=100)
    many = queries_for(client, year_url(cup))
    assert many == few
    assert few <= 11  # with the stored projections and the houses they name
