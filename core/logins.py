"""Password logins limited: failed logins counted per client address and per user name.

Every login with a password asks ``django.contrib.auth.authenticate``: the login page
(``/accounts/login/``), the dashboard's (``/admin/login/``) and the API's token login
(``/api/auth/token/``). The first of ``AUTHENTICATION_BACKENDS``, :class:`LoginLimit`,
refuses while the client's address (``core.client_address``) or the name typed has failed
as often as the token login's rate allows (``LOGIN_RATE_LIMIT``, DRF's throttle rate
``login``: 20 a minute), the right password too: it raises ``TooManyRequests`` (429,
``Retry-After``), which the API answers as it answers any refusal and the login forms
(:class:`LimitedLogins`) show as the form's error. Each failure is counted when Django
says so (the ``user_login_failed`` signal); a refused login is not counted.

The counts live in the cache, in fixed windows (as ``core.throttling``'s): a refusal ends
by itself when its window does, and nothing is written to the database. So nobody can
lock a user out for good: someone who keeps guessing one name from many addresses keeps
that name refused only in the windows they go on guessing in, and gets no more than the
limit's guesses in each. The token login keeps its own limit per address on every
request besides (``core.throttling.LoginRateThrottle``).
"""

from __future__ import annotations

import hashlib
import math
import time
from functools import wraps

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_login_failed
from django.core.cache import cache
from django.core.exceptions import ValidationError

from core.client_address import client_address
from core.errors import TooManyRequests, gettext_noop
from core.responses import error_body

TOO_MANY_LOGINS = gettext_noop(
    "Too many failed logins for this name or from your address; try again in %(seconds)s seconds."
)
PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
"""The periods of a DRF rate (``20/min``: its first letter), in seconds."""

clock = time.time
"""Where the windows take the time from (a test moves it)."""


def limit() -> tuple[int, int]:
    """How many failed logins a window allows, and the window's length in seconds: the
    token login's rate (``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["login"]``)."""
    rate = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["login"]
    number, period = rate.split("/")
    return int(number), PERIODS[period[0]]


def _counters(request, username: str | None, window: int) -> list[str]:
    """The cache keys this login's failures are counted under: the client's address, and
    the name typed (case folded, hashed: any text fits a key)."""
    keys = [f"login-failures:address:{client_address(request)}:{window}"]
    if username:
        name = hashlib.sha256(username.casefold().encode()).hexdigest()[:32]
        keys.append(f"login-failures:name:{name}:{window}")
    return keys


def refusal(request, username: str | None) -> TooManyRequests | None:
    """Why a login from ``request`` as ``username`` is refused now, if it is."""
    number, seconds = limit()
    now = clock()
    counts = cache.get_many(_counters(request, username, int(now // seconds)))
    if max(counts.values(), default=0) < number:
        return None
    wait = max(math.ceil(seconds - now % seconds), 1)
    return TooManyRequests(
        TOO_MANY_LOGINS,
        code="too_many_logins",
        params={"seconds": wait},
        headers={"Retry-After": str(wait)},
    )


def count_failure(request, username: str | None) -> None:
    """One more failed login from ``request``'s address and for ``username``. ``incr`` counts
    atomically (in Redis; within a process in memory); a key outlives its window."""
    _, seconds = limit()
    for key in _counters(request, username, int(clock() // seconds)):
        cache.add(key, 0, seconds)
        try:
            cache.incr(key)
        except ValueError:  # the key expired between add and incr
            cache.add(key, 1, seconds)


def _counted(sender, credentials, request=None, **kwargs) -> None:
    if request is not None:
        count_failure(request, credentials.get("username"))


user_login_failed.connect(_counted, dispatch_uid="core.logins.count_failure")


class LoginLimit:
    """The first of ``AUTHENTICATION_BACKENDS``: refuses a login over the limit, whatever
    its password, else leaves it to the backends after it.

    It authenticates nobody and holds no sessions (no ``get_user``: a session names the
    backend that logged its user in)."""

    def authenticate(self, request, username=None, **credentials):
        if request is not None and (refused := refusal(request, username)):
            raise refused
        return None

    async def aauthenticate(self, request, username=None, **credentials):
        return await sync_to_async(self.authenticate)(request, username, **credentials)


class LimitedLogins:
    """A login form on which a refusal for too many failed logins is the form's error, in
    the reader's language; ``refusal`` keeps it for the answer's status and headers
    (``answered_as_refused``)."""

    refusal: TooManyRequests | None = None

    def clean(self):
        try:
            return super().clean()
        except TooManyRequests as refused:
            self.refusal = refused
            raise ValidationError(error_body(refused)["detail"], code=refused.code) from None


class LogInForm(LimitedLogins, AuthenticationForm):
    """The login page's form (``pages.views.LogIn``)."""


class AdminLogInForm(LimitedLogins, AdminAuthenticationForm):
    """The dashboard's login form (``admin.site.login_form``)."""


def answered_as_refused(response):
    """``response`` (a login page drawn with its form) with the refusal's status (429) and
    ``Retry-After`` when its form was refused for too many failed logins."""
    form = (getattr(response, "context_data", None) or {}).get("form")
    refused = getattr(form, "refusal", None)
    if refused is not None:
        response.status_code = refused.status
        for name, value in refused.headers.items():
            response[name] = value
    return response


def limited(view):
    """``view`` (a login view) answering 429 when it refuses for too many failed logins."""

    @wraps(view)
    def limited_view(request, *args, **kwargs):
        return answered_as_refused(view(request, *args, **kwargs))

    return limited_view
