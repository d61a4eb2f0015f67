"""Webhooks cannot reach the service's own network (SSRF): refused when saved, and
again at every send, after resolving the name; the connection goes to the address
that was checked."""

import socket

import pytest
from django.utils import timezone

from core.errors import Invalid
from tests.webhooks.support import Receiver, award
from webhooks.delivery import send_due
from webhooks.endpoints import endpoint_create
from webhooks.guard import checked_target
from webhooks.models import Delivery, DeliveryStatus

REFUSED = [
    "http://127.0.0.1/hook",
    "http://127.8.9.10:8000/hook",
    "http://10.1.2.3/hook",
    "http://172.16.0.1/hook",
    "http://192.168.1.1/hook",
    "http://100.64.0.1/hook",  # shared address space (carrier-grade NAT)
    "http://169.254.169.254/latest/meta-data/",  # the cloud metadata service
    "http://0.0.0.0/hook",
    "http://224.0.0.1/hook",  # multicast
    "http://240.0.0.1/hook",  # reserved
    "http://[::1]/hook",
    "http://[fd00:ec2::254]/hook",  # the IPv6 metadata service
    "http://[fe80::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",  # IPv4 loopback, written as IPv6
]


def resolving_to(monkeypatch, *addresses):
    """Every name resolves to ``addresses`` (as socket.getaddrinfo answers)."""

    def getaddrinfo(host, port, *args, **kwargs):
        return [
            (
                socket.AF_INET6 if ":" in a else socket.AF_INET,
                socket.SOCK_STREAM,
                6,
                "",
                (a, port),
            )
            for a in addresses
        ]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


@pytest.mark.parametrize("url", REFUSED)
def test_loopback_private_link_local_reserved_and_metadata_addresses_are_refused(url):
    with pytest.raises(Invalid) as refused:
        checked_target(url)
    assert refused.value.code == "unsafe_target"
    assert "public addresses only" in refused.value.detail


def test_a_public_address_is_allowed():
    target = checked_target("https://93.184.215.14/hook")
    assert str(target.address) == "93.184.215.14" and target.port == 443


def test_a_name_resolving_to_a_private_address_is_refused_without_naming_it(monkeypatch):
    """The refusal says the name's address is not allowed, never which address it is: a
    storyguide cannot look up the service's internal names through it (issue 27)."""
    resolving_to(monkeypatch, "192.168.0.10")
    with pytest.raises(Invalid, match=r"hooks\.example\.org is not allowed") as refused:
        checked_target("https://hooks.example.org/hook")
    assert "192.168" not in refused.value.detail
    assert "192.168" not in str(refused.value.errors)


def test_a_name_with_one_private_address_among_public_ones_is_refused(monkeypatch):
    resolving_to(monkeypatch, "93.184.215.14", "10.0.0.7")
    with pytest.raises(Invalid, match=r"hooks\.example\.org is not allowed") as refused:
        checked_target("https://hooks.example.org/hook")
    assert "10.0.0.7" not in refused.value.detail


def test_a_name_that_does_not_resolve_is_refused(monkeypatch):
    def getaddrinfo(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    with pytest.raises(Invalid, match="cannot be found"):
        checked_target("https://nowhere.example.org/hook")


@pytest.mark.parametrize(
    "url", ["ftp://93.184.215.14/hook", "https:///hook", "https://user:pw@93.184.215.14/"]
)
def test_only_plain_http_and_https_urls(url):
    with pytest.raises(Invalid):
        checked_target(url)


def test_the_setting_allows_private_targets_but_never_the_metadata_service(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS = True
    assert str(checked_target("http://127.0.0.1:8000/hook").address) == "127.0.0.1"
    assert str(checked_target("http://10.1.2.3/hook").address) == "10.1.2.3"
    for url in ("http://169.254.169.254/", "http://[fd00:ec2::254]/"):
        with pytest.raises(Invalid):
            checked_target(url)


@pytest.mark.django_db
def test_creating_an_endpoint_to_a_private_address_answers_400_with_the_reason(table):
    response = table.client(table.storyguide).post(
        f"/api/campaigns/{table.campaign.pk}/webhooks/",
        {"url": "http://10.0.0.5/hook", "event_types": ["house_points"]},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "unsafe_target"
    assert "10.0.0.5" in response.json()["errors"]["url"][0]


@pytest.mark.django_db
def test_a_name_that_turns_private_after_saving_is_refused_at_send(table, monkeypatch):
    """DNS rebinding: public when saved, private when sent: nothing goes out."""
    resolving_to(monkeypatch, "93.184.215.14")
    endpoint = endpoint_create(
        campaign=table.campaign,
        url="https://hooks.example.org/hook",
        event_types=["house_points"],
        now=timezone.now(),
    )
    resolving_to(monkeypatch, "127.0.0.1")
    award(table)
    send_due(now=timezone.now())
    delivery = Delivery.objects.get(endpoint=endpoint)
    assert delivery.status == DeliveryStatus.FAILED
    (attempt,) = delivery.tries.all()
    assert attempt.status_code is None
    assert "hooks.example.org is not allowed" in attempt.error
    assert "127.0.0.1" not in attempt.error  # what the storyguide reads says no address


@pytest.mark.django_db
def test_the_request_goes_to_the_checked_address_under_the_name(table, settings, monkeypatch):
    """The name resolves once, in the guard; the connection goes to that address with
    the name in the Host header (and in TLS's SNI for https)."""
    settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS = True
    with Receiver() as receiver:
        resolving_to(monkeypatch, "127.0.0.1")
        url = f"http://hooks.example.org:{receiver.port}/hook?team=gryffindor"
        endpoint_create(
            campaign=table.campaign, url=url, event_types=["house_points"], now=timezone.now()
        )
        award(table)
        send_due(now=timezone.now())
    (request,) = receiver.received
    assert request.headers["host"] == f"hooks.example.org:{receiver.port}"
    assert request.path == "/hook?team=gryffindor"
