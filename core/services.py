"""Writes of what the service keeps of a person beyond Django's user: their preferences
and their API tokens."""

from __future__ import annotations

from knox.models import AuthToken
from knox.signals import token_expired

from core.models import Preferences


def preferences_update(*, user, language: str) -> Preferences:
    """Set the user's language (``""``: the browser's), making their preferences if they
    have none yet."""
    preferences, _ = Preferences.objects.update_or_create(
        user=user, defaults={"language": language}
    )
    return preferences


def token_create(user) -> str:
    """A new API token for ``user`` (knox's, with its default expiry); answers the token
    itself, which is shown once: only its digest is kept."""
    return AuthToken.objects.create(user)[1]


def token_expire(auth_token: AuthToken, *, sender=None) -> None:
    """An expired token found on a request goes, as knox's own clean-up would have it:
    deleted (which clears it from the cache, ``core.auth``), and ``token_expired`` sent."""
    username = auth_token.user.get_username()
    auth_token.delete()
    token_expired.send(sender=sender or AuthToken, username=username, source="auth_token")
