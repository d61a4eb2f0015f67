"""The people's pages (issue 18): landing, league index, log in, joining, my campaigns,
and friendly error pages."""

import pytest
from django.test import Client
from django.utils import timezone

from campaign import invitations
from campaign.models import Character, Membership, Role
from campaign.services import house_points_award
from tests.factories import PASSWORD
from tests.support import Table

pytestmark = pytest.mark.django_db

STRONG = "Hippogriff-Feather-77"


@pytest.fixture
def table():
    return Table()


@pytest.fixture
def neville(table):
    return Character.objects.create(
        campaign=table.campaign, name="Neville", house=table.house(), attributes={"Wits": 5}
    )


def browser(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def invitation(table, **options):
    return invitations.invitation_create(
        campaign=table.campaign, created_by=table.storyguide, now=timezone.now(), **options
    )


def test_the_landing_page_says_what_this_is_and_offers_log_in_and_a_code_box():
    html = browser().get("/").content.decode()
    assert "Log in" in html and 'action="/join/"' in html


def test_the_league_index_lists_each_campaigns_cup(table):
    response = browser().get("/league/")
    assert response.status_code == 200


def test_anyone_with_an_account_logs_in_on_the_login_page_and_lands_on_my_campaigns(table):
    client = Client()
    response = client.post(
        "/accounts/login/", {"username": table.player.username, "password": PASSWORD}
    )
    assert response.status_code == 302 and response.url == "/me/"
    assert "Test campaign" in client.get("/me/").content.decode()


def test_my_campaigns_needs_a_login():
    response = browser().get("/me/")
    assert response.status_code == 302 and response.url == "/accounts/login/?next=/me/"


def test_my_campaigns_shows_my_characters_house_points_and_not_others_campaigns(table, neville):
    neville.player = table.player
    neville.save()
    house_points_award(
        house=table.house("Hufflepuff"),
        amount=40,
        reason="herbology",
        awarded_by=table.storyguide,
        now=timezone.now(),
    )
    html = browser(table.player).get("/me/").content.decode()
    assert "Neville" in html and "Popularity" in html
    assert 'Hufflepuff</td><td class="n">40' in html
    assert "Elsewhere" not in html


def test_a_newcomer_signs_up_through_the_link_and_is_a_member_with_the_character(table, neville):
    code = invitations.grouped(invitation(table, character=neville).code)
    client = Client()
    offer = client.get(f"/join/{code}/")
    assert offer.status_code == 200 and "Neville" in offer.content.decode()
    done = client.post(f"/join/{code}/", {"username": "longbottom", "password": STRONG})
    assert done.status_code == 302 and done.url == "/me/"
    me = client.get("/me/").content.decode()
    assert "Welcome to Test campaign!" in me and "Neville" in me
    neville.refresh_from_db()
    assert neville.player.username == "longbottom"


def test_a_weak_password_is_explained_on_the_join_page_and_nothing_is_written(table):
    code = invitation(table).code
    response = Client().post(f"/join/{code}/", {"username": "longbottom", "password": "123"})
    assert response.status_code == 400
    assert "This password is too short." in response.content.decode()
    assert not Membership.objects.filter(user__username="longbottom").exists()


def test_a_logged_in_person_accepts_with_one_click(table, user_factory):
    someone = user_factory()
    code = invitation(table, role=Role.SPECTATOR).code
    response = browser(someone).post(f"/join/{code}/")
    assert response.status_code == 302
    assert Membership.objects.get(user=someone, campaign=table.campaign).role == Role.SPECTATOR


def test_a_used_up_invitation_page_says_so(table, user_factory):
    made = invitation(table)
    browser(user_factory()).post(f"/join/{made.code}/")
    response = browser().get(f"/join/{made.code}/")
    assert response.status_code == 410
    assert "This invitation has already been used." in response.content.decode()


def test_an_unknown_code_page_is_a_404_that_says_what_to_do():
    response = browser().get("/join/ZZZZ-ZZZZ-ZZZZ/")
    assert response.status_code == 404
    assert "check it with whoever gave it to you" in response.content.decode()


def test_the_code_box_leads_to_the_invitations_page():
    response = browser().get("/join/", {"code": " k7qm-3xrd-9zpa "})
    assert response.status_code == 302 and response.url == "/join/k7qm-3xrd-9zpa/"


def test_a_missing_page_is_friendly_when_debug_is_off(settings):
    settings.DEBUG = False
    response = browser().get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Nothing here" in html and "No such resource." in html and 'href="/"' in html
    assert 'data-code="not_found"' in html  # the code the API answers with


# --- in the reader's language (issue 29, "Three languages": "refusals and the pages' own text")


def test_a_used_up_invitation_page_says_so_in_german(table, user_factory):
    made = invitation(table)
    browser(user_factory()).post(f"/join/{made.code}/")
    response = browser().get(f"/join/{made.code}/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 410
    assert "Diese Einladung wurde schon verwendet." in response.content.decode()


def test_an_expired_invitation_says_when_in_french(table):
    made = invitation(table)
    made.expires_at = timezone.now()
    made.save()
    page = browser().get(f"/join/{made.code}/?lang=fr").content.decode()
    assert "Cette invitation a expiré le " in page and " UTC." in page


def test_a_taken_username_is_refused_beside_its_field_in_french(table):
    code = invitation(table).code
    response = Client().post(
        f"/join/{code}/?lang=fr", {"username": table.player.username, "password": STRONG}
    )
    assert response.status_code == 400
    assert (
        response.content.decode().count(
            "Ce nom d&#x27;utilisateur est déjà pris ; choisissez-en un autre."
        )
        == 2
    ), "above the form and beside the username"


def test_the_welcome_after_signing_up_is_in_the_readers_language(table):
    code = invitation(table).code
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    client.post(f"/join/{code}/", {"username": "longbottom", "password": STRONG})
    assert "Bienvenue dans Test campaign !" in client.get("/me/").content.decode()


def test_declining_an_invitation_is_said_in_the_readers_language(table, user_factory):
    someone = user_factory()
    made = invitations.invitation_address(
        campaign=table.campaign,
        username=someone.username,
        role=Role.SPECTATOR,
        created_by=table.storyguide,
        now=timezone.now(),
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(someone)
    me = client.get("/me/").content.decode()
    assert "<strong>Test campaign</strong> lädt dich als Zuschauer ein" in me
    client.post(f"/join/{made.code}/decline/")
    me = client.get("/me/").content.decode()
    assert "Du hast die Einladung zu Test campaign abgelehnt." in me
