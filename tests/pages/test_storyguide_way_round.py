"""Issue 38, "The storyguide's way round": the site's header leads a storyguide to the
dashboard and to each of their campaigns' games, invitations and ledger there (a player
sees no dashboard); "My campaigns" lists the finished games with their results in words
and links, and a storyguide's open invitations with the link to send and its copy button.

Games are played to their end by the random bot on seeds made from each test's name
(``tests/conftest.py``), so each result below is the same in every run.
"""

import html
import re

import pytest
from django.test import Client
from django.utils import timezone

from campaign import invitations
from campaign.models import Character, Role
from campaign.rules.sheet import SheetRules
from campaign.services import campaign_create, house_points_award
from games.bots import EVERY_SEAT
from games.manifest import manifest_for
from games.models import Game, GameStatus
from games.ruleset import find_ruleset
from games.services import game_create, game_seat_bots
from tests.factories import UserFactory
from tests.support import Table, dashboard_client, fix_server_seed

pytestmark = pytest.mark.django_db

INLINE = re.compile(r"<wbr>|</?span[^>]*>")
"""Tags that break no word: a reader reads the text around them as one."""

DASHBOARD = "/admin/"


@pytest.fixture
def table(db):
    world = Table()
    dashboard_client(world.storyguide)  # staff, in the storyguides' group
    return world


def page(user, url: str, language: str = "en") -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(url, {"lang": language})
    assert response.status_code == 200, url
    return response.content.decode()


def text(markup: str) -> str:
    """What a reader reads of some HTML: its text, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", INLINE.sub("", markup))).split())


def header(markup: str) -> str:
    return re.search(r'<nav class="site">(.*?)</nav>', markup, re.S).group(1)


def links(markup: str) -> dict[str, str]:
    """Each link's words -> where it leads (the last of several with the same words)."""
    return {
        text(words): html.unescape(href)
        for href, words in re.findall(r'<a[^>]* href="([^"]*)"[^>]*>(.*?)</a>', markup, re.S)
    }


def section(markup: str, heading: str) -> str:
    """The part of "My campaigns" under a heading, to the next heading."""
    found = re.search(rf"<h3>{re.escape(heading)}</h3>(.*?)(?=<h[23]>|$)", markup, re.S)
    return found.group(1) if found else ""


def played_out(game: Game) -> Game:
    """The game played to its end by the random bot at every seat (bots seated when it
    was made may have played it to its end already); the seats people held are theirs
    again, as if they had played them."""
    held = {seat.participant: seat.user_id for seat in game.seats.all() if seat.user_id}
    if game.status == GameStatus.ACTIVE:
        fix_server_seed(game, 1)
        game_seat_bots(game_id=game.pk, bots={EVERY_SEAT: "random"}, now=timezone.now())
    for participant, user_id in held.items():
        game.seats.filter(participant=participant).update(user_id=user_id, bot="")
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    return game


def dice_match(table, **extra) -> Game:
    return game_create(
        campaign=table.campaign,
        ruleset="dice-quidditch",
        config={"snitch_to_catch": 1},
        created_by=table.storyguide,
        now=timezone.now(),
        seats={"red": table.player.pk},
        **extra,
    )


def bots_match(table, ruleset: str, **settings) -> Game:
    """A game of ``ruleset`` the bots play at every seat, to its end at once."""
    rules = find_ruleset(ruleset)
    return game_create(
        campaign=table.campaign,
        ruleset=ruleset,
        config={**manifest_for(rules).contract.example, **settings},
        created_by=table.storyguide,
        now=timezone.now(),
        bots={EVERY_SEAT: "random"},
    )


# --- the header ------------------------------------------------------------------------


def test_the_header_leads_a_storyguide_to_the_dashboard_and_each_campaigns_rows_there(table):
    second = campaign_create(
        name="Hogwarts 1996", slug="hogwarts-1996", storyguide=table.storyguide
    )
    first = table.campaign.pk
    nav = header(page(table.storyguide, "/me/"))
    assert '<details class="desk"><summary>Dashboard</summary>' in nav
    assert text(nav).count("Games · Invitations · House points ledger") == 2
    found = links(nav)
    assert found["The dashboard's home"] == DASHBOARD
    menu = re.search(r'<details class="desk">(.*?)</details>', nav, re.S).group(1)
    assert re.findall(r"<strong>(.*?)</strong>", menu) == ["Hogwarts 1996", "Test campaign"]
    assert f'href="/admin/games/game/?campaign__id__exact={first}"' in nav
    assert f'href="/admin/campaign/invitation/?campaign__id__exact={first}"' in nav
    assert f'href="/admin/campaign/housepointentry/?campaign__id__exact={first}"' in nav
    assert f'href="/admin/games/game/?campaign__id__exact={second.pk}"' in nav
    assert f"campaign__id__exact={table.other_campaign.pk}" not in nav  # not theirs


def test_the_headers_links_open_the_dashboards_rows_of_that_campaign(table):
    game = dice_match(table, title="Red against Blue")
    invitation = invitations.invitation_create(
        campaign=table.campaign, created_by=table.storyguide, now=timezone.now()
    )
    house_points_award(
        house=table.house("Gryffindor"),
        amount=10,
        reason="Caught a boggart",
        awarded_by=table.storyguide,
        now=timezone.now(),
    )
    dashboard = dashboard_client(table.storyguide)
    nav = header(page(table.storyguide, "/"))
    for words, shows in (
        ("Games", "Red against Blue"),
        ("Invitations", invitations.grouped(invitation.code)),
        ("House points ledger", "Caught a boggart"),
    ):
        href = re.search(rf'<a href="([^"]*)">{words}</a>', nav).group(1)
        answer = dashboard.get(html.unescape(href))
        assert answer.status_code == 200, href
        assert shows in answer.content.decode(), href
    assert game.title == "Red against Blue"


def test_the_header_is_in_the_readers_language(table):
    assert "<summary>Schreibtisch</summary>" in page(table.storyguide, "/me/", "de")
    french = header(page(table.storyguide, "/me/", "fr"))
    assert "<summary>Tableau de bord</summary>" in french
    assert "Parties · Invitations · Registre des points des maisons" in text(french)


def test_a_player_and_a_visitor_see_no_dashboard(table):
    game = dice_match(table)
    for user in (table.player, table.spectator, None):
        for url in ("/", "/league/", f"/matches/{game.pk}/", *(["/me/"] if user else [])):
            if user is None and url.startswith("/matches/"):
                continue  # a visitor is sent to log in
            markup = page(user, url)
            assert DASHBOARD not in markup, (user, url)
            assert "Dashboard" not in text(header(markup)), (user, url)


def test_a_storyguide_who_may_not_use_the_dashboard_sees_no_link_to_it(table):
    """Made storyguide through the API, without the dashboard's staff status."""
    storyguide = UserFactory()
    campaign_create(name="By the API", slug="by-the-api", storyguide=storyguide)
    assert DASHBOARD not in page(storyguide, "/me/")


def test_the_game_pages_header_leads_to_the_game_and_its_campaign_in_the_dashboard(table):
    game = dice_match(table)
    nav = header(page(table.storyguide, f"/matches/{game.pk}/"))
    found = links(nav)
    assert found == {
        "Storyguide": "/",
        "House cups": "/league/",
        "My campaigns": "/me/",
        "Plugins": "/me/plugins/",
        "The dashboard's home": DASHBOARD,
        "This game in the dashboard": f"/admin/games/game/{game.pk}/change/",
        "Games": f"/admin/games/game/?campaign__id__exact={table.campaign.pk}",
        "Invitations": f"/admin/campaign/invitation/?campaign__id__exact={table.campaign.pk}",
        "House points ledger": (
            f"/admin/campaign/housepointentry/?campaign__id__exact={table.campaign.pk}"
        ),
    }
    assert DASHBOARD not in page(table.player, f"/matches/{game.pk}/")


# --- finished games on "My campaigns" -----------------------------------------------------


def test_my_campaigns_lists_finished_games_with_their_results_in_words_and_links(table):
    dice = played_out(dice_match(table, title="Red v Blue at dusk"))
    chat = played_out(bots_match(table, "chat-quidditch", rounds=1))
    cards = played_out(bots_match(table, "card-quidditch"))  # its table words no result
    markup = page(table.storyguide, "/me/")
    finished = section(markup, "Finished games")
    assert text(finished) == (
        f"{cards.title} (Quidditch card game) Gryffindor wins 250 to 60: Gryffindor caught the"
        " Golden Snitch (150 points) in round 35 and scored 100 in Quaffles and Goal Cards"
        " (10 points each), Slytherin 60."
        f" {chat.title} (Chat-Quidditch) Gryffindor wins 110 to 0, after round 1, the last:"
        " 1 × 10 for goals and 100 for the win (§7); Slytherin: no points."
        " Red v Blue at dusk (Quidditch dice game) Red wins on goal points, 115 to 20, the"
        " catch's bonus included: Red caught the snitch in round 3, with 2 snitch points to 0."
    )
    assert links(finished) == {
        chat.title: f"/matches/{chat.pk}/",
        cards.title: f"/matches/{cards.pk}/",
        dice.title: f"/matches/{dice.pk}/",
    }
    assert dice.title not in section(markup, "Games in progress")


def test_a_result_is_in_the_readers_language(table):
    played_out(dice_match(table, title="Rot gegen Blau"))
    german = text(section(page(table.player, "/me/", "de"), "Beendete Spiele"))
    assert german == (
        "Rot gegen Blau (Quidditch-Würfelspiel) Blau gewinnt nach Torpunkten, 70 zu 35, obwohl"
        " Rot in Runde 2 den Schnatz gefangen hat, mit 1 Schnatzpunkt zu 0, und den Bonus für"
        " den Fang bekam."
    )
    french = text(section(page(table.player, "/me/", "fr"), "Parties terminées"))
    assert french == (
        "Rot gegen Blau (Jeu de dés de Quidditch) Bleu gagne aux points de but, 70 à 35, bien"
        " que Rouge ait attrapé le Vif d'Or à la manche 2, avec 1 point Vif d'Or à 0, et reçu"
        " le bonus de la capture."
    )


def test_a_player_sees_the_finished_games_they_played_and_an_abandoned_one_says_so(table):
    played_out(dice_match(table, title="Mine"))
    theirs = dice_match(table, title="Not mine")
    theirs.seats.update(user=table.other_player)
    played_out(theirs)
    left = dice_match(table, title="Left unfinished")
    Game.objects.filter(pk=left.pk).update(status=GameStatus.ABANDONED, finished_at=timezone.now())
    finished = text(section(page(table.player, "/me/"), "Finished games"))
    assert finished.startswith(
        "Left unfinished (Quidditch dice game) abandoned Mine (Quidditch dice game) "
    )
    assert "Not mine" not in finished
    assert "Not mine" in text(section(page(table.storyguide, "/me/"), "Finished games"))


def test_no_finished_game_yet(table):
    dice_match(table)
    assert text(section(page(table.player, "/me/"), "Finished games")) == (
        "No game of yours has ended yet."
    )


# --- invitations to send ------------------------------------------------------------------


def test_my_campaigns_shows_a_storyguide_each_open_invitations_link_with_a_copy_button(table):
    now = timezone.now()
    open_one = invitations.invitation_create(
        campaign=table.campaign, created_by=table.storyguide, now=now, max_uses=None
    )
    used_up = invitations.invitation_create(
        campaign=table.campaign, created_by=table.storyguide, now=now
    )
    invitations.invitation_accept(code=used_up.code, user=UserFactory(), now=now)
    revoked = invitations.invitation_create(
        campaign=table.campaign, created_by=table.storyguide, now=now
    )
    invitations.invitation_revoke(invitation=revoked, now=now, by=table.storyguide)
    markup = page(table.storyguide, "/me/")
    to_send = section(markup, "Invitations to send")
    link = f"http://testserver/join/{invitations.grouped(open_one.code)}/"
    assert (
        text(to_send) == f"To join as a player · 0 used, no limit {link} Copy link New invitation"
    )
    assert (
        f'<code id="invitation-link-{open_one.pk}" class="link">{on_two_lines(link)}</code> <button'
        f' type="button" data-copy="invitation-link-{open_one.pk}" data-copied="Copied!"'
        " hidden>Copy link</button>"
    ) in to_send
    assert links(to_send)["New invitation"] == (
        f"/admin/campaign/invitation/add/?campaign={table.campaign.pk}"
    )
    assert '<script src="/static/storyguide/copy.js" defer></script>' in markup
    for gone in (used_up, revoked):
        assert invitations.grouped(gone.code) not in markup


def test_a_players_page_has_no_invitations_to_send(table):
    invitations.invitation_create(
        campaign=table.campaign, created_by=table.storyguide, now=timezone.now()
    )
    assert "Invitations to send" not in page(table.player, "/me/")


def test_an_invitation_for_a_character_and_a_person_says_so_in_each_language(table):
    """Harry Potter is offered to someone who is not a member yet, by name."""
    attributes = {name: 4 for name in SheetRules.from_json({}).attributes}
    harry = Character.objects.create(
        campaign=table.campaign, name="Harry Potter", attributes=attributes
    )
    invitations.invitation_address(
        campaign=table.campaign,
        username="oliver",
        role=Role.PLAYER,
        created_by=table.storyguide,
        now=timezone.now(),
        character=harry,
    )
    said = {
        language: text(section(page(table.storyguide, "/me/", language), heading)).split(" http")[0]
        for language, heading in (
            ("en", "Invitations to send"),
            ("de", "Einladungen zum Verschicken"),
            ("fr", "Invitations à envoyer"),
        )
    }
    assert said == {
        "en": "To play Harry Potter, for oliver only · 0 of 1 used",
        "de": "Um Harry Potter zu spielen, nur für oliver · 0 von 1 genutzt",
        "fr": "Pour jouer Harry Potter, pour oliver seulement · utilisations : 0 sur 1",
    }


def on_two_lines(link: str) -> str:
    """A link to send as a page writes it: a phone may break its line after ``/join/``,
    and nowhere in the code."""
    site, code = link.split("/join/")
    return f'{site}/join/<wbr><span class="code">{code}</span>'
