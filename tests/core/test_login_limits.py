"""Issue 37, part 4, "The page logins (/accounts/login/, /admin/login/) have no rate limit:
30 wrong passwords a minute, then the right one logs in".

The pages' logins are limited as the token login is (``LOGIN_RATE_LIMIT``): failed logins
counted per client address and per name typed, in windows of the cache (``core.logins``).
Over the limit even the right password is refused, on the form, with 429 and
``Retry-After``; the refusal ends by itself with its window. Time is moved with the
windows' clock, never slept.
"""

import pytest
from django.conf import settings
from django.test import Client

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

PAGES = ["/accounts/login/", "/admin/login/"]
ATTACKER = "203.0.113.66"
START = 1_800_000_000 - 1_800_000_000 % 86_400
"""A moment at the start of a window of any length up to a day."""


def rate() -> tuple[int, int]:
    """The failed logins a window allows, and the window in seconds (``20/min``)."""
    number, period = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["login"].split("/")
    return int(number), {"s": 1, "m": 60, "h": 3600, "d": 86_400}[period[0]]


@pytest.fixture
def clock(monkeypatch):
    """The windows' clock, stopped at ``START``; ``clock.move(seconds)`` moves it on."""

    class Clock:
        now = float(START)

        def move(self, seconds: float) -> None:
            self.now += seconds

    stopped = Clock()
    monkeypatch.setattr("core.logins.clock", lambda: stopped.now)
    return stopped


def staff(username: str):
    return UserFactory(username=username, is_staff=True)


def log_in(page: str, username: str, password: str, address: str = ATTACKER):
    """A fresh browser posting the login form of ``page`` from ``address``."""
    client = Client()
    answer = client.post(
        page, {"username": username, "password": password, "next": "/me/"}, REMOTE_ADDR=address
    )
    answer.logged_in = "_auth_user_id" in client.session
    return answer


def fail(page: str, username: str, times: int, address: str = ATTACKER) -> None:
    for _ in range(times):
        answer = log_in(page, username, "wrong-password", address)
        assert answer.status_code == 200 and not answer.logged_in


@pytest.mark.parametrize("page", PAGES)
def test_wrong_passwords_then_the_right_one_is_refused_until_the_window_passes(clock, page):
    """Issue 37 (page logins without a rate limit): after the limit's number of wrong
    passwords, the right one is refused with 429, ``Retry-After`` and the form's message
    "Too many failed logins ..."; once the window has passed, the right one logs in."""
    number, seconds = rate()
    staff("hermione")
    fail(page, "hermione", number)

    refused = log_in(page, "hermione", PASSWORD)
    assert refused.status_code == 429
    assert not refused.logged_in
    assert refused["Retry-After"] == str(seconds)
    assert "Too many failed logins" in refused.content.decode()
    assert 'name="password"' in refused.content.decode()  # the form, to try again later

    clock.move(seconds - 1)
    assert log_in(page, "hermione", PASSWORD).status_code == 429

    clock.move(1)
    answer = log_in(page, "hermione", PASSWORD)
    assert answer.status_code == 302 and answer.logged_in


def test_failures_on_either_page_and_on_the_token_login_count_together(clock):
    """Issue 37 (page logins without a rate limit): the two login pages and the token login
    share one count, so switching between them gains no guesses: after the limit's number
    of failures spread over both pages, both pages and ``POST /api/auth/token/`` refuse the
    right password (429, code ``too_many_logins``)."""
    number, _ = rate()
    staff("ron")
    fail("/accounts/login/", "ron", number // 2)
    fail("/admin/login/", "ron", number - number // 2)

    for page in PAGES:
        assert log_in(page, "ron", PASSWORD).status_code == 429, page
    token = Client().post(
        "/api/auth/token/",
        {"username": "ron", "password": PASSWORD},
        content_type="application/json",
        REMOTE_ADDR=ATTACKER,
    )
    assert token.status_code == 429
    assert token.json()["code"] == "too_many_logins"


@pytest.mark.parametrize("page", PAGES)
def test_guessing_one_name_from_many_addresses_is_limited_per_name(clock, page):
    """Issue 37 (page logins without a rate limit): wrong passwords for one name, each from
    another address, count for the name: the right password is refused (429) from yet
    another address until the window passes, then it logs in."""
    number, seconds = rate()
    staff("neville")
    for attempt in range(number):
        fail(page, "neville", 1, address=f"198.51.100.{attempt + 1}")

    assert log_in(page, "neville", PASSWORD, address="192.0.2.200").status_code == 429
    clock.move(seconds)
    assert log_in(page, "neville", PASSWORD, address="192.0.2.200").logged_in


@pytest.mark.parametrize("page", PAGES)
def test_another_users_login_from_another_address_is_not_affected(clock, page):
    """Issue 37 (page logins without a rate limit): while the attacker's address and the
    attacked name are refused, another user logging in from another address logs in
    (302), at once."""
    number, _ = rate()
    staff("hermione")
    staff("luna")
    fail(page, "hermione", number)
    assert log_in(page, "hermione", PASSWORD).status_code == 429

    answer = log_in(page, "luna", PASSWORD, address="192.0.2.10")
    assert answer.status_code == 302 and answer.logged_in


@pytest.mark.parametrize("page", PAGES)
def test_guessing_many_names_from_one_address_is_limited_per_address(clock, page):
    """Issue 37 (page logins without a rate limit): wrong passwords for many names from one
    address count for the address: a right password from that address is refused (429),
    the same user from their own address logs in."""
    number, _ = rate()
    staff("ginny")
    for attempt in range(number):
        fail(page, f"nobody{attempt}", 1)

    assert log_in(page, "ginny", PASSWORD).status_code == 429
    assert log_in(page, "ginny", PASSWORD, address="192.0.2.11").logged_in
