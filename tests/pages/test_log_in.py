"""Logging in lands on "My campaigns" (issue 29, "Around the table": "Every page has the
site's navigation; logging in lands on 'My campaigns'"), unless the person came to read a
page that asked them to log in first (a game page), or to come back (an invitation).

Each way is followed as a person would: the link on a page, then the form it opens, posted
with what it carries.
"""

import html
import re

import pytest
from django.test import Client
from django.utils import timezone

from campaign import invitations
from games.services import game_create
from tests.factories import PASSWORD
from tests.support import Table

pytestmark = pytest.mark.django_db

LOG_IN_LINK = re.compile(r'href="(/accounts/login/[^"]*)"')
#: The login form's own ``next`` (the header's language form carries one too).
NEXT = re.compile(r'id="id_password"[^>]*>\s*<input type="hidden" name="next" value="([^"]*)">')


@pytest.fixture
def table():
    return Table()


def log_in_links(client: Client, address: str) -> list[str]:
    return LOG_IN_LINK.findall(client.get(address).content.decode())


def log_in_through(client: Client, link: str, user) -> str:
    """Open the login page at ``link``, post its form as it is, and say where it leads."""
    form = client.get(html.unescape(link)).content.decode()
    (carried,) = NEXT.findall(form)
    answer = client.post(
        "/accounts/login/",
        {"username": user.username, "password": PASSWORD, "next": html.unescape(carried)},
    )
    assert answer.status_code == 302, answer.content.decode()
    return answer.url


@pytest.mark.parametrize(("address", "links"), [("/", 2), ("/?lang=de", 2), ("/league/", 1)])
def test_every_log_in_link_of_the_landing_page_and_the_cup_index_lands_on_my_campaigns(
    table, address, links
):
    """The navigation's link, which names the page it is on, and the landing page's own."""
    found = log_in_links(Client(), address)
    assert len(found) == links, found
    assert [log_in_through(Client(), link, table.player) for link in found] == ["/me/"] * links


def test_logging_in_with_next_the_landing_page_lands_on_my_campaigns(table):
    assert log_in_through(Client(), "/accounts/login/?next=/", table.player) == "/me/"


def test_a_visitor_sent_to_log_in_by_a_game_page_comes_back_to_it(table):
    game = game_create(
        campaign=table.campaign,
        ruleset="dice-quidditch",
        config={},
        created_by=table.storyguide,
        now=timezone.now(),
    )
    visitor = Client()
    sent = visitor.get(f"/matches/{game.pk}/")
    assert (sent.status_code, sent.url) == (302, f"/accounts/login/?next=/matches/{game.pk}/")
    assert log_in_through(visitor, sent.url, table.player) == f"/matches/{game.pk}/"


def test_the_log_in_link_of_a_game_page_comes_back_to_it(table):
    game = game_create(
        campaign=table.campaign,
        ruleset="dice-quidditch",
        config={},
        created_by=table.storyguide,
        now=timezone.now(),
        public=True,
    )
    visitor = Client()
    (link,) = log_in_links(visitor, f"/matches/{game.pk}/")
    assert log_in_through(visitor, link, table.player) == f"/matches/{game.pk}/"


def test_the_log_in_link_of_an_invitation_comes_back_to_it(table):
    made = invitations.invitation_create(
        campaign=table.campaign, created_by=table.storyguide, now=timezone.now()
    )
    page = f"/join/{made.code}/"
    links = log_in_links(Client(), page)
    assert [log_in_through(Client(), link, table.other_player) for link in links] == [page] * 2


def test_someone_logged_in_who_opens_the_login_from_the_landing_page_is_on_my_campaigns(table):
    client = Client()
    client.force_login(table.player)
    answer = client.get("/accounts/login/?next=/")
    assert (answer.status_code, answer.url) == (302, "/me/")
