"""Writes of what the service keeps of a person beyond Django's user: their preferences
and their API tokens."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from knox.models import AuthToken
from knox.settings import knox_settings
from knox.signals import token_expired

from core.models import Preferences, TokenScope


def preferences_update(*, user, language: str) -> Preferences:
    """Set the user's language (``""``: the browser's), making their preferences if they
    have none yet."""
    preferences, _ = Preferences.objects.update_or_create(
        user=user, defaults={"language": language}
    )
    return preferences


@dataclass(frozen=True)
class Issued:
    """A token just made: its scope's row (with knox's token) and the token itself, which
    is shown this once: only its digest is kept."""

    scope: TokenScope
    token: str


def token_issue(
    user,
    *,
    name: str,
    campaigns: list[int] | None,
    plays: bool,
    lifetime: timedelta | None,
) -> Issued:
    """A new API token for ``user``, named, reaching ``campaigns`` (``None``: all of the
    user's), playing or only reading, for ``lifetime`` (knox keeps its expiry)."""
    with transaction.atomic():
        auth_token, token = AuthToken.objects.create(user, expiry=lifetime)
        scope = TokenScope.objects.create(
            token=auth_token,
            name=name,
            campaigns=None if campaigns is None else sorted(set(campaigns)),
            plays=plays,
        )
    return Issued(scope, token)


def token_create(user) -> str:
    """A token made with the password (or at sign-up): it reaches everything its user
    may, for knox's default lifetime. Answers the token itself."""
    return token_issue(
        user, name="", campaigns=None, plays=True, lifetime=knox_settings.TOKEN_TTL
    ).token


def token_revoke(auth_token: AuthToken) -> None:
    """Revoke one token: deleted (which clears it from the cache, ``core.auth``), so the
    streams it opened and the stream tokens made from it end (``core.streams``); the
    user's other tokens, and what they opened, go on."""
    auth_token.delete()


def token_expire(auth_token: AuthToken, *, sender=None) -> None:
    """An expired token found on a request goes, as knox's own clean-up would have it:
    deleted (which clears it from the cache, ``core.auth``), and ``token_expired`` sent."""
    username = auth_token.user.get_username()
    auth_token.delete()
    token_expired.send(sender=sender or AuthToken, username=username, source="auth_token")
