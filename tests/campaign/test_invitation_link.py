"""Issue 38, "The storyguide's way round": saving an invitation in the dashboard shows the
link to send, with a button that copies it (``storyguide/copy.js``: the page runs only its
own scripts); the list of invitations shows each link with its button too."""

import html
import re

import pytest
from django.utils import timezone

from campaign import invitations
from campaign.models import Invitation
from tests.factories import UserFactory
from tests.support import Table, dashboard_client

pytestmark = pytest.mark.django_db

INLINE = re.compile(r"<wbr>|</?span[^>]*>")
"""Tags that break no word: a reader reads the text around them as one."""

INVITATIONS = "/admin/campaign/invitation/"
COPY_JS = '<script src="/static/storyguide/copy.js"></script>'


@pytest.fixture
def table(db):
    return Table()


def text(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", INLINE.sub("", markup))).split())


def link_to_send(markup: str) -> str:
    found = re.search(r'<div class="invitation-to-send">(.*?)</div>', markup, re.S)
    return text(found.group(1)) if found else ""


def button(invitation: Invitation, copy="Copy link", copied="Copied!") -> str:
    return (
        f'<button type="button" class="button" data-copy="invitation-link-{invitation.pk}"'
        f' data-copied="{copied}" hidden>{copy}</button>'
    )


def test_saving_an_invitation_shows_its_link_to_send_with_a_copy_button(table):
    dashboard = dashboard_client(table.storyguide)
    answer = dashboard.post(
        f"{INVITATIONS}add/",
        {"campaign": table.campaign.pk, "role": "player", "max_uses": "1", "allow_signup": "on"},
        follow=True,
    )
    invitation = Invitation.objects.get(campaign=table.campaign)
    assert answer.redirect_chain == [(INVITATIONS, 302)]  # on to the list, as the dashboard does
    markup = answer.content.decode()
    messages = re.search(r'<ul class="messagelist">(.*?)</ul>', markup, re.S).group(1)
    link = f"http://testserver/join/{invitations.grouped(invitation.code)}/"
    assert text(messages) == (
        f"The invitation “{invitation}” was added successfully."
        f" Send its link to whoever you invite: {link} Copy link"
    )
    saved = f"invitation-link-{invitation.pk}-saved"
    assert (
        f'<code id="{saved}" class="link">{on_two_lines(link)}</code> <button type="button"'
        f' class="button" data-copy="{saved}" data-copied="Copied!" hidden>Copy link</button>'
    ) in messages
    assert COPY_JS in markup


def test_an_invitations_page_shows_its_link_to_send_first(table):
    invitation = invitations.invitation_create(
        campaign=table.campaign, created_by=table.storyguide, now=timezone.now()
    )
    answer = dashboard_client(table.storyguide).get(f"{INVITATIONS}{invitation.pk}/change/")
    markup = answer.content.decode()
    link = f"http://testserver/join/{invitations.grouped(invitation.code)}/"
    assert link_to_send(markup) == (
        f"The link to send {link} Copy link Whoever opens it joins the campaign as the"
        " invitation says, signing up first if they have no account and the invitation"
        " allows it."
    )
    code = f'<code id="invitation-link-{invitation.pk}" class="link">{on_two_lines(link)}</code>'
    assert f"{code} {button(invitation)}" in markup
    assert COPY_JS in markup


def test_the_list_shows_each_link_to_send_with_its_copy_button(table):
    now = timezone.now()
    first, second = (
        invitations.invitation_create(campaign=table.campaign, created_by=table.storyguide, now=now)
        for _ in range(2)
    )
    markup = dashboard_client(table.storyguide).get(INVITATIONS).content.decode()
    assert "<span>Code and link to send</span>" in markup
    for invitation in (first, second):
        code = invitations.grouped(invitation.code)
        assert (
            f'<td class="field-code_to_hand_out"><code>{code}</code> · <a'
            f' id="invitation-link-{invitation.pk}" href="http://testserver/join/{code}/">link</a>'
            f" {button(invitation)}</td>"
        ) in markup
    assert COPY_JS in markup


def test_an_invitation_that_can_no_longer_be_used_says_so_above_its_link(table):
    now = timezone.now()
    invitation = invitations.invitation_create(
        campaign=table.campaign, created_by=table.storyguide, now=now
    )
    invitations.invitation_accept(code=invitation.code, user=UserFactory(), now=now)
    markup = dashboard_client(table.storyguide).get(f"{INVITATIONS}{invitation.pk}/change/")
    assert link_to_send(markup.content.decode()).startswith(
        "The link to send This invitation has already been used. http://testserver/join/"
    )


def test_the_link_to_send_is_in_the_dashboards_language(table):
    invitation = invitations.invitation_create(
        campaign=table.campaign, created_by=table.storyguide, now=timezone.now()
    )
    dashboard = dashboard_client(table.storyguide)
    code = invitations.grouped(invitation.code)
    said = {}
    for language in ("de", "fr"):
        page = dashboard.get(
            f"{INVITATIONS}{invitation.pk}/change/", headers={"accept-language": language}
        )
        said[language] = link_to_send(page.content.decode())
    link = f"http://testserver/join/{code}/"
    assert said == {
        "de": f"Der Link zum Verschicken {link} Link kopieren Wer ihn öffnet, tritt der Kampagne"
        " bei, wie die Einladung es sagt; wer noch kein Konto hat, meldet sich zuerst an, wenn"
        " die Einladung es erlaubt.",
        "fr": f"Le lien à envoyer {link} Copier le lien Qui l'ouvre rejoint la campagne comme le"
        " dit l'invitation ; sans compte, on s'inscrit d'abord, si l'invitation le permet.",
    }


def on_two_lines(link: str) -> str:
    """A link to send as a page writes it: a phone may break its line after ``/join/``,
    and nowhere in the code."""
    site, code = link.split("/join/")
    return f'{site}/join/<wbr><span style="white-space:nowrap">{code}</span>'
