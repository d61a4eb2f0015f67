"""Token authentication, without a database query on the hot path.

knox looks a token up by its key prefix, compares digests and, on every
request, reads all of the user's tokens to delete the expired ones. Here a
request checks only its own token's expiry (``core.tasks.purge_expired_tokens``
sweeps the rest every hour), and a token once found is kept in the cache under
its digest, with its user and its scope (``core.tokens``): a command by a bot or a
plugin costs no query to authenticate. Revoking a token (logout, logout-all,
expiry, the sweep) and changing its user (deactivated, password changed) clear it
from the cache at once (the receivers below), so the cache never lets in what the
database would refuse. Several server processes must share the cache (``CACHE_URL``).
"""

import binascii
from datetime import datetime

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.crypto import hash_token
from knox.models import AuthToken
from rest_framework.exceptions import AuthenticationFailed

from core.cache import forget, remember
from core.credentials import renew
from core.models import TokenScope
from core.services import token_expire
from core.tokens import Scope, note_use, refuse_writes, seen_from

#: How long a found token is trusted from the cache, at most (and never past its expiry).
CACHE_SECONDS = 300


def cache_key(digest: str) -> str:
    return f"auth-token:{digest}"


def scope_id(auth_token: AuthToken) -> int | None:
    """The id of the token's scope row as found with it (``None``: it has none)."""
    return getattr(auth_token, "found_scope_id", None)


def scope(auth_token: AuthToken) -> Scope | None:
    """The token's scope as found with it (``None``: it reaches everything)."""
    return getattr(auth_token, "found_scope", None)


def _found(auth_token: AuthToken) -> AuthToken:
    """knox's token read from the database, with its scope, kept in the cache."""
    row = TokenScope.objects.filter(token=auth_token).first()
    auth_token.found_scope_id = row.pk if row else None
    auth_token.found_scope = Scope.of(row)
    remember(cache_key(auth_token.digest), auth_token, _seconds_left(auth_token.expiry))
    return auth_token


def live_token(digest: str) -> AuthToken | None:
    """The token of ``digest`` (with its user and scope) if it is neither revoked nor
    expired (from the cache, else one query): what a stream made from it asks while it
    is open."""
    auth_token = cache.get(cache_key(digest))
    if auth_token is None:
        auth_token = AuthToken.objects.select_related("user").filter(digest=digest).first()
        if auth_token is None:
            return None
        _found(auth_token)
    if auth_token.expiry is not None and auth_token.expiry < timezone.now():
        return None
    return auth_token


class TokenAuthentication(KnoxTokenAuthentication):
    """knox's, with found tokens kept in the cache and only the request's own token's
    expiry checked; the token's scope goes on the request's user (``core.tokens``)."""

    def authenticate(self, request):
        authenticated = super().authenticate(request)
        if authenticated is None:
            return None
        user, auth_token = authenticated
        view = (getattr(request, "parser_context", None) or {}).get("view")
        refuse_writes(request, scope(auth_token), view=view)
        seen_from(user, scope(auth_token), request)
        if scope_id(auth_token) is not None:
            note_use(scope_id(auth_token))
        return user, auth_token

    def authenticate_credentials(self, token: bytes):
        try:
            digest = hash_token(token.decode())
        except (TypeError, ValueError, binascii.Error):
            raise AuthenticationFailed("Invalid token.") from None
        auth_token = cache.get(cache_key(digest))
        if auth_token is None:
            _, auth_token = super().authenticate_credentials(token)
            _found(auth_token)
        elif self._cleanup_token(auth_token):
            raise AuthenticationFailed("Invalid token.")
        return self.validate_user(auth_token)

    def _cleanup_token(self, auth_token) -> bool:
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            token_expire(auth_token, sender=self.__class__)
            return True
        return False


def _seconds_left(expiry: datetime | None) -> int:
    if expiry is None:
        return CACHE_SECONDS
    return max(1, min(CACHE_SECONDS, int((expiry - timezone.now()).total_seconds())))


@receiver(post_delete, sender=AuthToken)
def forget_revoked_token(sender, instance, **kwargs) -> None:
    forget(cache_key(instance.digest))


@receiver(post_save, sender=get_user_model())
def forget_changed_users_tokens(sender, instance, created, update_fields, **kwargs) -> None:
    """A user changed (deactivated, a new password): their tokens are looked up afresh,
    and their open streams and stream tokens end (``core.credentials``). A login, which
    only stamps ``last_login``, changes nothing a token depends on."""
    if not created and set(update_fields or ()) != {"last_login"}:
        for digest in AuthToken.objects.filter(user=instance).values_list("digest", flat=True):
            forget(cache_key(digest))
        renew(instance.pk)


class TokenScheme(KnoxTokenScheme):
    """The OpenAPI security scheme of knox's tokens, for this subclass too."""

    target_class = "core.auth.TokenAuthentication"
