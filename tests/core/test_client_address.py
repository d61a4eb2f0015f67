"""The client's address (issue 27, finding 2): the connection's own unless it comes from a
trusted proxy; only then is ``X-Forwarded-For`` read, from the right. Rate limits key on
it, so a header the client writes buys no new budget."""

from unittest import mock

import httpx
import pytest
from django.test import RequestFactory

from core.client_address import client_address
from core.throttling import InvitationRateThrottle, LoginRateThrottle
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.2"


def address_of(remote: str, forwarded: str | None = None) -> str:
    headers = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    return client_address(RequestFactory().get("/", **headers))


def test_by_default_the_address_is_the_connections_and_the_header_is_ignored(settings):
    settings.TRUSTED_PROXIES = []
    assert address_of("203.0.113.7") == "203.0.113.7"
    assert address_of("203.0.113.7", "198.51.100.1") == "203.0.113.7"


def test_behind_a_trusted_proxy_the_header_is_read_from_the_right(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    # The proxy appended the address it was connected from; the client wrote the rest.
    assert address_of(PROXY, "198.51.100.1, 203.0.113.7") == "203.0.113.7"
    assert address_of(PROXY, "203.0.113.7") == "203.0.113.7"
    # Two proxies in a row, both trusted: the first untrusted hop from the right.
    assert address_of(PROXY, "198.51.100.1, 203.0.113.7, 10.1.2.3") == "203.0.113.7"
    # No header, or garbage where a proxy's entry should be: the nearest trusted hop.
    assert address_of(PROXY) == PROXY
    assert address_of(PROXY, "203.0.113.7, not-an-address") == PROXY


def test_a_connection_not_from_a_trusted_proxy_is_its_own_address(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    assert address_of("203.0.113.9", "198.51.100.1") == "203.0.113.9"


def test_a_forged_header_buys_no_new_login_attempts(api_client, settings):
    settings.TRUSTED_PROXIES = []
    UserFactory(username="guesser")
    with mock.patch.object(LoginRateThrottle, "THROTTLE_RATES", {"login": "3/min"}):
        codes = [
            api_client.post(
                "/api/auth/token/",
                {"username": "guesser", "password": "wrong"},
                format="json",
                headers={"X-Forwarded-For": f"10.9.{i}.1"},
            ).status_code
            for i in range(4)
        ]
    assert codes == [400, 400, 400, 429]


def test_a_forged_header_buys_no_new_invitation_lookups(api_client, settings):
    settings.TRUSTED_PROXIES = []
    with mock.patch.object(InvitationRateThrottle, "THROTTLE_RATES", {"invitations": "3/min"}):
        codes = [
            api_client.get(
                f"/api/invitations/AAAA-AAAA-AAA{i}/", headers={"X-Forwarded-For": f"10.9.{i}.1"}
            ).status_code
            for i in range(4)
        ]
    assert codes == [404, 404, 404, 429]


def test_behind_a_trusted_proxy_each_client_has_its_own_budget(api_client, settings):
    """Through the proxy, a client's forged left entries change nothing, while another
    client (another address appended by the proxy) keeps a budget of its own."""
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]

    def lookup(forwarded):
        return api_client.get(
            "/api/invitations/AAAA-AAAA-AAAA/",
            headers={"X-Forwarded-For": forwarded},
            REMOTE_ADDR=PROXY,
        ).status_code

    with mock.patch.object(InvitationRateThrottle, "THROTTLE_RATES", {"invitations": "2/min"}):
        codes = [lookup(f"10.9.{i}.1, 203.0.113.7") for i in range(3)]
        other = lookup("203.0.113.8")
    assert (codes, other) == ([404, 404, 429], 404)


@pytest.mark.django_db(transaction=True)
def test_anonymous_streams_are_counted_per_client_behind_a_trusted_proxy(settings):
    """A public cup year's stream, one per anonymous client at most: two clients behind
    the (trusted) proxy each get theirs; a third stream of the first is refused."""
    from django.utils import timezone

    from campaign.services import campaign_create
    from league.services import cup_year_create
    from tests.streams import asgi_server

    settings.TRUSTED_PROXIES = ["127.0.0.1"]  # the test server's connections come from here
    settings.STREAMS_PER_USER = 1
    settings.STREAM_HEARTBEAT_SECONDS = 0.5
    campaign = campaign_create(name="Cup", slug="cup", storyguide=UserFactory())
    now = timezone.now()
    cup_year = cup_year_create(
        campaign=campaign,
        name="This year",
        slug="this-year",
        first_half_starts=now,
        second_half_starts=now + timezone.timedelta(days=100),
    )
    url = f"/api/cup-years/{cup_year.pk}/stream/"
    with asgi_server() as server, httpx.Client(base_url=server, timeout=10) as client:

        def open_stream(forwarded):
            return client.stream("GET", url, headers={"X-Forwarded-For": forwarded})

        with open_stream("203.0.113.7") as first, open_stream("203.0.113.8") as second:
            assert (first.status_code, second.status_code) == (200, 200)
            reading = [first.iter_bytes(), second.iter_bytes()]  # kept: dropped, they close
            assert all(next(chunks) for chunks in reading)  # both are streaming
            with open_stream("198.51.100.1, 203.0.113.7") as third:
                assert third.status_code == 429
                assert third.read() and third.json()["code"] == "too_many_streams"
