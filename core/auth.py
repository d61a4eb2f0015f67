"""Token authentication without knox's per-request sweep of the user's other tokens."""

from django.utils import timezone
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.signals import token_expired


class TokenAuthentication(KnoxTokenAuthentication):
    """knox's, except that a request checks only its own token's expiry.

    knox reads all the user's tokens on every request to delete the expired
    ones; ``core.tasks.purge_expired_tokens`` does that every hour instead.
    """

    def _cleanup_token(self, auth_token) -> bool:
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            username = auth_token.user.get_username()
            auth_token.delete()
            token_expired.send(sender=self.__class__, username=username, source="auth_token")
            return True
        return False


class TokenScheme(KnoxTokenScheme):
    """The OpenAPI security scheme of knox's tokens, for this subclass too."""

    target_class = "core.auth.TokenAuthentication"
