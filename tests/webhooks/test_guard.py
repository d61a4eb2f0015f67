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
from webhooks.models import Delivery, DeliveryStatus, Endpoint

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
@pytest.mark.parametrize(
    "rebound",
    [
        "127.0.0.1",
        # Issue 37, part 4: the metadata service through NAT64.
        "64:ff9b::a9fe:a9fe",
    ],
)
def test_a_name_that_turns_private_after_saving_is_refused_at_send(table, monkeypatch, rebound):
    """DNS rebinding: public when saved, private when sent: nothing goes out, the try
    failed, and what the storyguide reads names no address."""
    resolving_to(monkeypatch, "93.184.215.14")
    endpoint = endpoint_create(
        campaign=table.campaign,
        url="https://hooks.example.org/hook",
        event_types=["house_points"],
        now=timezone.now(),
    )
    resolving_to(monkeypatch, rebound)
    award(table)
    send_due(now=timezone.now())
    delivery = Delivery.objects.get(endpoint=endpoint)
    assert delivery.status == DeliveryStatus.FAILED
    (attempt,) = delivery.tries.all()
    assert attempt.status_code is None
    assert "hooks.example.org is not allowed" in attempt.error
    assert rebound not in attempt.error


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


# --- IPv6 addresses that carry an IPv4 address (issue 37, part 4) ----------------------
#
# Each URL names, in its comment, the IPv4 address its IPv6 address carries and how.

CARRYING_A_PRIVATE_IPV4 = [
    "http://[::127.0.0.1]/hook",  # IPv4-compatible ::a.b.c.d: 127.0.0.1
    "http://[::ffff:0:7f00:1]/hook",  # IPv4-translated ::ffff:0:a.b.c.d: 127.0.0.1
    "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/",  # NAT64 64:ff9b::/96: 169.254.169.254
    "http://[64:ff9b::a00:5]/hook",  # NAT64 64:ff9b::/96: 10.0.0.5
    "http://[64:ff9b:1::a00:5]/hook",  # local-use NAT64 64:ff9b:1::/48, a /96 prefix: 10.0.0.5
    "http://[64:ff9b:1:a00:0:500::]/hook",  # local-use NAT64, a /48 prefix: 10.0.0.5
    "http://[2002:7f00:1::]/hook",  # 6to4 2002:aabb:ccdd::/48: 127.0.0.1
    "http://[2002:c0a8:101::1]/hook",  # 6to4: 192.168.1.1
    "http://[2001:0:4136:e378:8000:63bf:f5ff:fffa]/hook",  # Teredo, its client: 10.0.0.5
]


@pytest.mark.parametrize("url", CARRYING_A_PRIVATE_IPV4)
def test_ipv6_addresses_carrying_a_private_ipv4_address_are_refused(url):
    """Issue 37, part 4: the guard judged only IPv4-mapped addresses by the IPv4 address
    inside; every other form that carries one was let through to it."""
    with pytest.raises(Invalid) as refused:
        checked_target(url)
    assert refused.value.code == "unsafe_target"
    assert "public addresses only" in refused.value.detail


CARRYING_THE_METADATA_SERVICE = [
    "http://[::a9fe:a9fe]/",  # IPv4-compatible
    "http://[::ffff:169.254.169.254]/",  # IPv4-mapped
    "http://[::ffff:0:a9fe:a9fe]/",  # IPv4-translated
    "http://[64:ff9b::a9fe:a9fe]/",  # NAT64, well-known prefix
    "http://[64:ff9b:1:a9fe:a9:fe00::]/",  # local-use NAT64, a /48 prefix
    "http://[64:ff9b:1:a9:fe:a9fe::]/",  # local-use NAT64, a /56 prefix
    "http://[64:ff9b:1:0:a9:fea9:fe00:0]/",  # local-use NAT64, a /64 prefix
    "http://[64:ff9b:1::a9fe:a9fe]/",  # local-use NAT64, a /96 prefix
    "http://[2002:a9fe:a9fe::]/",  # 6to4
    "http://[2001:0:4136:e378:8000:63bf:5601:5601]/",  # Teredo, its client
]


@pytest.mark.parametrize("url", CARRYING_THE_METADATA_SERVICE)
def test_the_metadata_service_in_any_ipv6_form_is_refused_even_with_private_targets(url, settings):
    """Issue 37, part 4: with ``WEBHOOKS_ALLOW_PRIVATE_TARGETS`` (a self-hosted table) the
    metadata service 169.254.169.254 stays refused in every IPv6 form that carries it."""
    settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS = True
    with pytest.raises(Invalid) as refused:
        checked_target(url)
    assert refused.value.code == "unsafe_target"


@pytest.mark.parametrize(
    ("url", "address"),
    [
        ("https://[64:ff9b::808:808]/hook", "64:ff9b::808:808"),  # NAT64: 8.8.8.8
        ("https://[::ffff:8.8.8.8]/hook", "::ffff:808:808"),  # IPv4-mapped: 8.8.8.8
        ("https://[::ffff:0:808:808]/hook", "::ffff:0:808:808"),  # IPv4-translated: 8.8.8.8
        ("https://[2001:4860:4860::8888]/hook", "2001:4860:4860::8888"),  # carries none
    ],
)
def test_ipv6_addresses_carrying_a_public_ipv4_address_stay_allowed(url, address):
    """Issue 37, part 4: judging the IPv4 address inside refuses only what it should; a
    public IPv4 address reached through NAT64 (64:ff9b::808:808 is 8.8.8.8) is public."""
    assert str(checked_target(url).address) == address


def test_with_private_targets_a_nat64_address_of_the_own_network_is_allowed(settings):
    """Issue 37, part 4: a self-hosted table may reach its own network through NAT64 as it
    may directly (10.0.0.5 here); only the metadata service is never allowed."""
    settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS = True
    assert str(checked_target("http://[64:ff9b::a00:5]/hook").address) == "64:ff9b::a00:5"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/",  # NAT64: 169.254.169.254
        "http://[::127.0.0.1]:8000/hook",  # IPv4-compatible: 127.0.0.1
        "http://[2002:a00:5::]/hook",  # 6to4: 10.0.0.5
        "http://[::ffff:0:c0a8:101]/hook",  # IPv4-translated: 192.168.1.1
    ],
)
def test_registering_a_webhook_to_an_ipv6_form_of_a_private_address_answers_400(table, url):
    """Issue 37, part 4: the API refuses these URLs when a webhook is registered, and
    registers nothing."""
    response = table.client(table.storyguide).post(
        f"/api/campaigns/{table.campaign.pk}/webhooks/",
        {"url": url, "event_types": ["house_points"]},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "unsafe_target"
    assert Endpoint.objects.count() == 0


@pytest.mark.django_db
def test_a_name_resolving_to_an_ipv6_form_of_a_private_address_is_refused(table, monkeypatch):
    """Issue 37, part 4: the same for a name whose only address is 6to4's form of
    127.0.0.1: refused at registration, the address not named."""
    resolving_to(monkeypatch, "2002:7f00:1::")
    response = table.client(table.storyguide).post(
        f"/api/campaigns/{table.campaign.pk}/webhooks/",
        {"url": "https://hooks.example.org/hook", "event_types": ["house_points"]},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "unsafe_target"
    assert "2002:" not in str(response.json())
    assert Endpoint.objects.count() == 0
