"""The New game page: a game of any ruleset started from the browser (issue 28, "Starting
a game"): the ruleset, its setup as a form in words made from its settings (issue 38, "A
setup made for people"), its seats (members, bots, or the referee where the rules let them
relay), then the game's page. What a test posts is what the page offers, read from its
HTML (``tests.pages.forms_on_page``), changed where the test says."""

import re

import pytest
from django.test import Client

from campaign.demo import seed_characters
from campaign.models import HousePointEntry, Role
from games.models import Game
from tests.factories import MembershipFactory
from tests.pages.forms_on_page import sent
from tests.support import Table, dashboard_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(db):
    return Table()


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def setup_page(table, user, ruleset, **data):
    url = f"/campaigns/{table.campaign.slug}/games/new/{ruleset}/"
    return browser(user).post(url, data) if data else browser(user).get(url)


def offered(table, user, ruleset, **changed) -> dict:
    """The setup the New game page offers ``user``, as a browser sends it, with ``changed``."""
    return {**sent(setup_page(table, user, ruleset).content.decode()), **changed}


def test_my_campaigns_leads_a_storyguide_to_every_ruleset_a_game_of_can_be_started(table):
    me = browser(table.storyguide).get("/me/").content.decode()
    url = f"/campaigns/{table.campaign.slug}/games/new/"
    assert f'href="{url}"' in me
    listed = re.findall(
        r'href="/campaigns/[^/]+/games/new/([a-z-]+)/"',
        browser(table.storyguide).get(url).content.decode(),
    )
    assert {
        "chat-quidditch",
        "card-quidditch",
        "dice-quidditch",
        "rpg-quidditch",
        "tabletop-quidditch",
        "skirmish",
    } <= set(listed)
    assert "table-log" not in listed, "a log the services write is started by nobody"


def test_the_setup_is_a_form_of_its_settings_with_the_first_presets_values(table):
    """The dice game opens on its first preset, "the game as printed": five snitch points."""
    html = setup_page(table, table.storyguide, "dice-quidditch").content.decode()
    assert sent(html)["snitch_to_catch"] == "5" and sent(html)["preset"] == "printed"
    assert 'type="number" name="snitch_to_catch"' in html
    assert '<p><button type="submit" name="seats" value="1">Next: who plays</button></p>' in html


def test_the_seats_are_offered_once_the_setup_is_taken_then_the_game_is_started(table):
    setup = offered(table, table.storyguide, "dice-quidditch", snitch_to_catch="1")
    seats = setup_page(table, table.storyguide, "dice-quidditch", **setup, seats="1")
    html = seats.content.decode()
    assert 'name="seat:red"' in html and 'name="seat:blue"' in html
    started = setup_page(
        table,
        table.storyguide,
        "dice-quidditch",
        **setup,
        create="1",
        **{"seat:red": f"user:{table.player.pk}", "seat:blue": "bot:sensible"},
    )
    game = Game.objects.get()
    assert started.status_code == 302 and started["Location"] == f"/matches/{game.pk}/"
    assert game.config["snitch_to_catch"] == 1
    assert {s.participant: (s.user_id, s.bot) for s in game.seats.all()} == {
        "red": (table.player.pk, ""),
        "blue": (None, "sensible"),
    }


def test_a_refusal_is_shown_beside_the_field_it_names_and_nothing_is_started(table):
    setup = offered(table, table.storyguide, "dice-quidditch", snitch_to_catch="0")
    html = setup_page(table, table.storyguide, "dice-quidditch", **setup, seats="1").content
    field = re.search(r'<p class="field">.*?name="snitch_to_catch".*?</p>', html.decode(), re.S)
    assert "Snitch points to catch it must be a whole number from 1 to 10." in field.group()
    assert 'name="seat:red"' not in html.decode(), "no seats for a setup refused"
    assert not Game.objects.exists()


def test_a_player_starts_a_game_only_where_the_campaign_lets_players(table):
    assert setup_page(table, table.player, "dice-quidditch").status_code == 404
    assert "games/new" not in browser(table.player).get("/me/").content.decode()
    table.campaign.players_start_games = True
    table.campaign.save()
    setup = offered(table, table.player, "dice-quidditch")
    html = setup_page(table, table.player, "dice-quidditch", **setup, seats="1").content.decode()
    assert 'name="friendly"' not in html, "a player's game is always friendly"
    assert re.search(r'<option value="me" selected>', html), "the player takes the first seat"
    setup_page(
        table,
        table.player,
        "dice-quidditch",
        **setup,
        create="1",
        **{"seat:red": "me", "seat:blue": "bot:sensible"},
    )
    game = Game.objects.get()
    assert game.friendly and game.created_by == table.player
    assert {s.participant: s.bot for s in game.seats.all() if s.bot} == {
        "blue": "sensible",
        "referee": "sensible",
    }


def test_a_spectator_never_starts_one(table):
    spectator = MembershipFactory(campaign=table.campaign, role=Role.SPECTATOR).user
    table.campaign.players_start_games = True
    table.campaign.save()
    assert browser(spectator).get(f"/campaigns/{table.campaign.slug}/games/new/").status_code == 404


def test_the_dashboards_add_game_leads_to_the_new_game_page(table):
    """ "The same from the dashboard (Games: Add)"."""
    dashboard = dashboard_client(table.storyguide)
    assert 'href="/admin/games/game/add/"' in dashboard.get("/admin/games/game/").content.decode()
    response = dashboard.get("/admin/games/game/add/")
    assert (response.status_code, response["Location"]) == (
        302,
        f"/campaigns/{table.campaign.slug}/games/new/",
    )


def test_my_campaigns_says_whose_move_it_is_by_the_seats_names(table):
    """ "My campaigns" says whose move it is in words (issue 28, "Holding a seat"): a card
    game waiting for Gryffindor says so, not ``gryffindor``."""
    table.client(table.storyguide).post(
        "/api/matches/",
        {
            "campaign": table.campaign.pk,
            "ruleset": "card-quidditch",
            "config": {},
            "seats": {"gryffindor": table.player.pk, "slytherin": table.storyguide.pk},
        },
        format="json",
    )
    me = browser(table.player).get("/me/", {"lang": "en"}).content.decode()
    assert "Quidditch card game" in me
    assert re.search(r"Your move|waiting for (Gryffindor|Slytherin)", me)
    assert "waiting for gryffindor" not in me and "waiting for slytherin" not in me


def test_a_quidditch_match_started_with_the_defaults_counts_for_the_campaigns_houses(
    table, django_capture_on_commit_callbacks
):
    """Issue 38, "Games that count": the RPG quidditch's New game page offers two of the
    campaign's houses with their characters in their positions (every house of the demo
    fields seven: the first two, Gryffindor and Hufflepuff), as "House: [Gryffindor]" and
    rows of "Character [..] Position [..]"; the match started with those defaults, bots in
    every seat and the referee's duties, is played to its end and its winner's house is
    credited."""
    seed_characters(table.campaign)
    setup = offered(table, table.storyguide, "rpg-quidditch")
    houses = {str(h.pk): h.name for h in table.campaign.houses.all()}
    chosen = [houses[setup[f"teams-{team}-house"]] for team in (0, 1)]
    assert chosen == ["Gryffindor", "Hufflepuff"], "House: [Gryffindor], House: [Hufflepuff]"
    characters = {str(c.pk): c for c in table.campaign.characters.all()}
    for team, house in enumerate(chosen):
        players = [characters[setup[f"teams-{team}-{row}-character"]] for row in range(7)]
        assert {p.house.name for p in players} == {house}, "seven of the house's characters"
        positions = [setup[f"teams-{team}-{row}-position"] for row in range(7)]
        assert sorted(positions) == sorted(["chaser"] * 3 + ["beater"] * 2 + ["keeper", "seeker"])

    seats = setup_page(table, table.storyguide, "rpg-quidditch", **setup, seats="1").content
    seats = seats.decode()
    bots = {name: "bot:sensible" for name in re.findall(r'name="(seat:[^"]+)"', seats)}
    assert len(bots) == 6, "a beater's two and a seeker's seat a side"
    with django_capture_on_commit_callbacks(execute=True):
        setup_page(
            table,
            table.storyguide,
            "rpg-quidditch",
            **setup,
            referee="on",
            create="1",
            **bots,
        )
    game = Game.objects.get()
    assert game.status == "finished"
    score, winner = game.state["score"], game.state["winner"]
    won_by = abs(score["home"] - score["away"])
    house = chosen[("home", "away").index(winner)]
    credited = HousePointEntry.objects.filter(house__campaign=table.campaign)
    assert [(e.house.name, e.amount) for e in credited] == [(house, won_by)], "the winner's"
    team = ("home", "away").index(winner)
    assert sorted(c.pk for c in credited[0].attributed_to.all()) == sorted(
        int(setup[f"teams-{team}-{row}-character"]) for row in range(7)
    ), "for Popularity, every player of the team"

    page = browser(table.storyguide).get(f"/matches/{game.pk}/", {"lang": "en"}).content.decode()
    gave = page[page.index('<section id="gave">') : page.index('<section id="transcript">')]
    assert f"<li>{house}: +{won_by} house points</li>" in gave
