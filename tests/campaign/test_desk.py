"""Issue 38, "The storyguide's way round": the dashboard opens on the storyguide's desk
(``campaign.desk``), each of their campaigns at a glance: its house standings and
Popularity movers, the games waiting on them (as referee, or for dice they enter) and the
others in progress, the next cup games and their windows, the invitations to send and
what happened lately, each a link to where it is acted on; the plumbing in a settings
corner. Another storyguide's campaign is not on it; a superuser's desk has every campaign.
The desk takes as many queries for three campaigns as for one.
"""

import html
import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from campaign import invitations
from campaign.demo import storyguide_group
from campaign.models import Character, Role
from campaign.services import campaign_create, house_points_award, popularity_adjust
from games.manifest import manifest_for
from games.ruleset import find_ruleset
from games.services import Submission, game_create, game_submit_command
from league.services import cup_year_create
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

DESK = "/admin/"
INLINE = re.compile(r"<wbr>|</?span[^>]*>|</?strong[^>]*>")


def text(markup: str) -> str:
    """What a reader reads of some HTML: its text, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", INLINE.sub("", markup))).split())


def links(markup: str) -> dict[str, str]:
    """Each link's words -> where it leads (the last of several with the same words)."""
    return {
        text(words): html.unescape(href)
        for href, words in re.findall(r'<a[^>]* href="([^"]*)"[^>]*>(.*?)</a>', markup, re.S)
    }


def card(page: str, campaign) -> str:
    """A campaign's card on the desk."""
    found = re.search(
        rf'<section class="desk-card" id="desk-campaign-{campaign.pk}".*?</section>', page, re.S
    )
    assert found, f"no card for {campaign.name}"
    return found.group(0)


def part(markup: str, name: str) -> str:
    """One part of a card (``desk-houses``, ``desk-waiting`` ...)."""
    found = re.search(rf'<div class="desk-part {name}">(.*?)</div>', markup, re.S)
    assert found, f"no part {name}"
    return found.group(1)


def storyguide(username: str):
    user = UserFactory(username=username, is_staff=True)
    user.groups.add(storyguide_group())
    return user


def desk(user, language: str = "en") -> str:
    client = Client()
    client.force_login(user)
    response = client.get(DESK, {"lang": language})
    assert response.status_code == 200
    return response.content.decode()


def skirmish(campaign, by, title: str):
    """A skirmish opens with the storyguide gathering its participants: their move, as
    the referee."""
    rules = find_ruleset("skirmish")
    return game_create(
        campaign=campaign,
        ruleset="skirmish",
        config=manifest_for(rules).contract.example,
        created_by=by,
        now=timezone.now(),
        title=title,
    )


def match(campaign, by, title: str, ruleset: str, *, entered_dice: str = "never"):
    """A match whose two teams two players hold: theirs to move (``ruleset``'s example)."""
    rules = find_ruleset(ruleset)
    seats = rules.seats(rules.setup(manifest_for(rules).contract.example))
    players = [MembershipFactory(campaign=campaign, role=Role.PLAYER).user for _ in seats]
    game = game_create(
        campaign=campaign,
        ruleset=ruleset,
        config=manifest_for(rules).contract.example,
        created_by=by,
        now=timezone.now(),
        title=title,
        seats={seat: player.pk for seat, player in zip(seats, players, strict=True)},
        entered_dice=entered_dice,
    )
    return game, players[0]


@pytest.fixture
def world():
    """mcgonagall runs two campaigns; snape runs another."""
    now = timezone.now()
    mcgonagall = storyguide("mcgonagall")
    hogwarts = campaign_create(name="Hogwarts 1995", slug="hogwarts-1995", storyguide=mcgonagall)
    durmstrang = campaign_create(
        name="Durmstrang 1994", slug="durmstrang-1994", storyguide=mcgonagall
    )
    snape = storyguide("snape")
    elsewhere = campaign_create(name="Spinner's End", slug="spinners-end", storyguide=snape)

    gryffindor = hogwarts.houses.get(name="Gryffindor")
    harry = Character.objects.create(
        campaign=hogwarts, name="Harry Potter", house=gryffindor, attributes={}
    )
    house_points_award(
        house=gryffindor,
        amount=100,
        reason="Saved the Stone",
        character=harry,
        awarded_by=mcgonagall,
        now=now,
    )
    house_points_award(
        house=hogwarts.houses.get(name="Slytherin"),
        amount=-5,
        reason="Late for Potions",
        awarded_by=mcgonagall,
        now=now,
    )
    ravenclaw = durmstrang.houses.get(name="Ravenclaw")
    house_points_award(
        house=ravenclaw, amount=30, reason="Won the duel", awarded_by=mcgonagall, now=now
    )
    krum = Character.objects.create(
        campaign=durmstrang, name="Viktor Krum", house=ravenclaw, attributes={}
    )
    popularity_adjust(
        character=krum, amount=-1, reason="Sulked at the ball", adjusted_by=mcgonagall, now=now
    )
    house_points_award(
        house=elsewhere.houses.get(name="Gryffindor"),
        amount=777,
        reason="Snape's secret",
        awarded_by=snape,
        now=now,
    )

    gathering = skirmish(hogwarts, mcgonagall, "Duel in the corridor")
    tabletop, _home = match(hogwarts, mcgonagall, "Home v Away at noon", "tabletop-quidditch")
    entered, red = match(
        durmstrang, mcgonagall, "Dice by hand", "dice-quidditch", entered_dice="referee"
    )
    game_submit_command(
        game_id=entered.pk,
        by=red,
        submission=Submission(command={"action": "roll_off"}),
        now=now,
    )
    hidden = skirmish(elsewhere, snape, "Snape's own skirmish")

    invitation = invitations.invitation_create(campaign=hogwarts, created_by=mcgonagall, now=now)
    spectators = invitations.invitation_create(
        campaign=durmstrang,
        created_by=mcgonagall,
        now=now,
        role=Role.SPECTATOR,
        max_uses=None,
        expires_at=now + timedelta(days=7),
    )
    revoked = invitations.invitation_create(campaign=durmstrang, created_by=mcgonagall, now=now)
    invitations.invitation_revoke(invitation=revoked, now=now)
    theirs = invitations.invitation_create(campaign=elsewhere, created_by=snape, now=now)

    starts = (now + timedelta(days=20)).replace(microsecond=0)
    cup_year = cup_year_create(
        campaign=hogwarts,
        name="1995/96",
        slug="1995-96",
        first_half_starts=starts,
        second_half_starts=starts + timedelta(days=120),
        ruleset="chat-quidditch",
    )
    return {
        "mcgonagall": mcgonagall,
        "snape": snape,
        "hogwarts": hogwarts,
        "durmstrang": durmstrang,
        "elsewhere": elsewhere,
        "harry": harry,
        "krum": krum,
        "gathering": gathering,
        "tabletop": tabletop,
        "entered": entered,
        "hidden": hidden,
        "invitation": invitation,
        "spectators": spectators,
        "revoked": revoked,
        "theirs": theirs,
        "cup_year": cup_year,
    }


def test_each_campaign_shows_its_house_standings_with_links_to_the_ledger(world):
    page = desk(world["mcgonagall"])
    hogwarts = part(card(page, world["hogwarts"]), "desk-houses")
    standings = text(hogwarts)
    assert "Gryffindor 100" in standings and "Slytherin -5" in standings
    assert (
        standings.index("Gryffindor") < standings.index("Hufflepuff") < standings.index("Slytherin")
    ), "the leader first, the last last"
    gryffindor = world["hogwarts"].houses.get(name="Gryffindor")
    assert links(hogwarts)["Gryffindor"] == (
        f"/admin/campaign/housepointentry/?house__id__exact={gryffindor.pk}"
    )
    assert f"/admin/campaign/housepointentry/add/?campaign={world['hogwarts'].pk}&amp;house=" in (
        hogwarts
    ), "each house's award link"
    durmstrang = text(part(card(page, world["durmstrang"]), "desk-houses"))
    assert "Ravenclaw 30" in durmstrang and "Gryffindor 0" in durmstrang


def test_popularity_movers_of_the_week(world):
    page = desk(world["mcgonagall"])
    hogwarts = part(card(page, world["hogwarts"]), "desk-houses")
    assert "Harry Potter +2 now 2 · Gryffindor" in text(hogwarts), "100 points: two steps"
    assert links(hogwarts)["Harry Potter"] == (
        f"/admin/campaign/character/{world['harry'].pk}/change/"
    )
    durmstrang = text(part(card(page, world["durmstrang"]), "desk-houses"))
    assert "Viktor Krum -1 now -1" in durmstrang


def test_games_waiting_on_the_storyguide_link_to_their_pages(world):
    page = desk(world["mcgonagall"])
    hogwarts = card(page, world["hogwarts"])
    waiting = part(hogwarts, "desk-waiting")
    assert text(waiting) == (
        "Waiting on you Duel in the corridor (Draco Dormiens skirmish) Your move (as referee)."
    )
    assert links(waiting)["Duel in the corridor"] == f"/skirmishes/{world['gathering'].pk}/"
    in_progress = part(hogwarts, "desk-games")
    assert "Home v Away at noon (Table Top Quidditch) Waiting for Home, Away." in text(in_progress)
    assert links(in_progress)["Home v Away at noon"] == f"/matches/{world['tabletop'].pk}/"
    assert "2 games in progress in all" in text(in_progress)

    durmstrang = part(card(page, world["durmstrang"]), "desk-waiting")
    assert "Dice by hand (Quidditch dice game) Your dice to enter. Waiting for dice:" in text(
        durmstrang
    )
    assert links(durmstrang)["Dice by hand"] == f"/matches/{world['entered'].pk}/"


def test_pending_invitations_with_their_link_to_send(world):
    page = desk(world["mcgonagall"])
    hogwarts = part(card(page, world["hogwarts"]), "desk-invitations")
    code = invitations.grouped(world["invitation"].code)
    shown = re.search(r'<code id="desk-invitation-\d+" class="link">(.*?)</code>', hogwarts, re.S)
    assert text(shown.group(1)) == f"http://testserver/join/{code}/"
    assert "To join as a player · 0 of 1 used" in text(hogwarts)
    assert 'data-copy="desk-invitation-' in hogwarts
    assert links(hogwarts)["To join as a player"] == (
        f"/admin/campaign/invitation/{world['invitation'].pk}/change/"
    )
    durmstrang = part(card(page, world["durmstrang"]), "desk-invitations")
    assert "To follow the campaign as a spectator · 0 used, no limit · until" in text(durmstrang)
    assert invitations.grouped(world["revoked"].code) not in durmstrang, "revoked: not to send"


def test_next_cup_games_and_their_windows(world):
    page = desk(world["mcgonagall"])
    fixtures = part(card(page, world["hogwarts"]), "desk-fixtures")
    said = text(fixtures)
    assert said.startswith("Next cup games ")
    assert said.count("Fix its date by") == 4, "the next four, each waiting for a date"
    assert " against " in said and "First half" in said and "(window " in said
    first = world["cup_year"].fixtures.order_by("window_starts", "pk").first()
    assert f'href="/admin/league/fixture/{first.pk}/change/"' in fixtures
    assert links(fixtures)["Every fixture of 1995/96"] == (
        f"/admin/league/fixture/?cup_year__id__exact={world['cup_year'].pk}"
    )
    assert links(fixtures)["The cup's page"] == "/league/hogwarts-1995/1995-96/"
    none = text(part(card(page, world["durmstrang"]), "desk-fixtures"))
    assert "No house cup yet. Start a house cup" in none


def test_recent_activity_in_words_with_links(world):
    page = desk(world["mcgonagall"])
    activity = part(card(page, world["hogwarts"]), "desk-activity")
    said = text(activity)
    assert "+100 house points to Gryffindor: Saved the Stone · Harry Potter" in said
    assert "-5 house points to Slytherin: Late for Potions" in said
    assert "Duel in the corridor has begun." in said
    assert links(activity)["Duel in the corridor has begun."] == (
        f"/skirmishes/{world['gathering'].pk}/"
    )
    durmstrang = part(card(page, world["durmstrang"]), "desk-activity")
    assert "Popularity of Viktor Krum -1: Sulked at the ball" in text(durmstrang)
    assert links(durmstrang)["Popularity of Viktor Krum -1: Sulked at the ball"] == (
        f"/admin/campaign/character/{world['krum'].pk}/change/"
    )


def test_another_storyguides_campaign_is_not_on_the_desk(world):
    page = desk(world["mcgonagall"])
    assert "Spinner&#x27;s End" not in page and "Spinner's End" not in page
    for secret in ("Snape&#x27;s secret", "777", "Snape&#x27;s own skirmish"):
        assert secret not in page
    assert invitations.grouped(world["theirs"].code) not in page
    assert f"desk-campaign-{world['elsewhere'].pk}" not in page
    theirs = desk(world["snape"])
    assert f"desk-campaign-{world['elsewhere'].pk}" in theirs
    assert f"desk-campaign-{world['hogwarts'].pk}" not in theirs


def test_a_superuser_sees_every_campaign(world):
    root = UserFactory(username="dumbledore", is_staff=True, is_superuser=True)
    page = desk(root)
    for name in ("hogwarts", "durmstrang", "elsewhere"):
        assert f"desk-campaign-{world[name].pk}" in page
    assert "Snape&#x27;s own skirmish" in part(card(page, world["elsewhere"]), "desk-waiting")


def test_campaigns_jump_list_and_the_settings_corner(world):
    page = desk(world["mcgonagall"])
    jump = re.search(r'<nav class="desk-jump".*?</nav>', page, re.S).group(0)
    assert text(jump) == ("Durmstrang 1994 1 game waits on you · Hogwarts 1995 1 game waits on you")
    lists = re.search(r'<section class="desk-lists".*?</section>', page, re.S).group(0)
    assert links(lists)["House points ledger"] == "/admin/campaign/housepointentry/"
    corner = re.search(r'<details class="desk-corner">.*?</details>', page, re.S).group(0)
    assert links(corner)["Webhooks"] == "/admin/webhooks/endpoint/"
    assert "tell a Discord channel or another service what happens" in text(corner)
    assert "Webhooks" not in text(lists)


def test_a_storyguide_without_campaigns(db):
    page = desk(storyguide("newcomer"))
    assert "You run no campaign yet. Start one" in text(page)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "de",
            [
                "Schreibtisch",
                "Wartet auf dich",
                "Du bist am Zug (als Schiedsrichter).",
                "Stand der Häuser",
                "Einstellungsecke",
            ],
        ),
        (
            "fr",
            [
                "Tableau de bord",
                "Vous attend",
                "À vous de jouer (comme arbitre).",
                "Classement des maisons",
                "Coin des réglages",
            ],
        ),
    ],
)
def test_the_desk_in_the_readers_language(world, language, words):
    page = text(desk(world["mcgonagall"], language))
    for word in words:
        assert word in page


def test_queries_do_not_grow_with_the_campaigns(world):
    """One campaign or three, with games, houses, movers, invitations, fixtures and
    activity in each: the same number of queries."""
    alone = storyguide("alone")
    only = campaign_create(name="Only", slug="only", storyguide=alone)
    fill(only, alone)
    many = storyguide("many")
    for number in range(3):
        fill(campaign_create(name=f"Many {number}", slug=f"many-{number}", storyguide=many), many)

    counts = {}
    for user in (alone, many):
        client = Client()
        client.force_login(user)
        client.get(DESK)  # the roles and permissions, cached as on any later page
        with CaptureQueriesContext(connection) as queries:
            response = client.get(DESK)
        assert response.status_code == 200
        counts[user.username] = len(queries)
    assert counts["alone"] == counts["many"], counts
    assert counts["many"] <= 20, counts


def fill(campaign, by):
    now = timezone.now()
    house = campaign.houses.get(name="Hufflepuff")
    character = Character.objects.create(
        campaign=campaign, name="Cedric", house=house, attributes={}
    )
    house_points_award(
        house=house, amount=50, reason="Fair play", character=character, awarded_by=by, now=now
    )
    skirmish(campaign, by, "Gathering")
    match(campaign, by, "A match", "tabletop-quidditch")
    invitations.invitation_create(campaign=campaign, created_by=by, now=now)
    starts = (now + timedelta(days=20)).replace(microsecond=0)
    cup_year_create(
        campaign=campaign,
        name="Year",
        first_half_starts=starts,
        second_half_starts=starts + timedelta(days=120),
        ruleset="chat-quidditch",
    )
