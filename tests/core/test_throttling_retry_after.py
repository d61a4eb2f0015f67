"""Every 429 of the API carries ``Retry-After`` (issue 40, "HTTP as plugin authors
expect": "``Retry-After`` on every 429").

With every rate limit at nothing (``0/min``), each endpoint, method and role of the
API is called once (the authorization matrix's calls, ``tests/api``): every answer
that is refused for its rate holds ``Retry-After``, a whole number of seconds no
longer than the window. The failed-login limit (``core.logins``), which counts
apart from the throttles, is held to the same.
"""

from unittest import mock

import pytest

from core.throttling import AnnouncedRateThrottle
from tests.api.test_authorization_matrix import api_endpoints, call
from tests.api.world import ROLES, World
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

SCOPES = ("writes", "login", "verify", "invitations")


def every_throttle() -> set[str]:
    """The scopes of every rate limit the API applies (each subclass of the one throttle)."""
    found, classes = set(), [AnnouncedRateThrottle]
    while classes:
        throttle = classes.pop()
        classes += throttle.__subclasses__()
        if getattr(throttle, "scope", None):
            found.add(throttle.scope)
    return found


def test_the_scopes_called_here_are_every_rate_limit_there_is():
    assert every_throttle() == set(SCOPES)


def test_every_429_of_every_endpoint_says_when_to_try_again():
    world = World()
    refused, without = [], []
    with mock.patch.object(AnnouncedRateThrottle, "THROTTLE_RATES", dict.fromkeys(SCOPES, "0/min")):
        for name, _, methods in api_endpoints():
            for method in methods:
                for role in ROLES:
                    response = call(world, role, name, method)
                    if response.status_code != 429:
                        continue
                    refused.append((name, method))
                    if not 0 < int(response.get("Retry-After", "0")) <= 60:
                        without.append(f"{method.upper()} {name} as {role}")
    assert without == []
    # Each limit was met: the writes, the token login, an audit, an invitation's code.
    assert {
        ("campaign-list", "post"),
        ("auth-token", "post"),
        ("match-verify", "get"),
        ("invitation-detail", "get"),
    } <= set(refused)


def test_too_many_failed_logins_say_when_to_try_again(api_client, settings):
    """``core.logins``: past the failures a window allows (here 2), even the right
    password is refused, with ``Retry-After`` the rest of the window."""
    UserFactory(username="forgetful")
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "login": "2/min",
        },
    }
    with mock.patch.object(AnnouncedRateThrottle, "THROTTLE_RATES", {"login": "100/min"}):
        for _ in range(2):
            api_client.post(
                "/api/auth/token/", {"username": "forgetful", "password": "x"}, format="json"
            )
        refused = api_client.post(
            "/api/auth/token/", {"username": "forgetful", "password": PASSWORD}, format="json"
        )
    assert (refused.status_code, refused.json()["code"]) == (429, "too_many_logins")
    assert 0 < int(refused["Retry-After"]) <= 60
