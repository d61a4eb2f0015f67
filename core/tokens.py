"""What a request's token lets it reach: the token's scope, seen from where it came.

A token a player makes for a plugin names the campaigns it reaches and whether it
plays or only reads (``core.models.TokenScope``); a token made with the password,
and a session, reach everything their user may. Authentication (``core.auth``,
``core.streams.authenticate``) puts the ``Scope`` on the request's user
(``user.token_scope``), with the ``Origin`` of a page of another site that sent
the request. Two places read it, one for each half:

- whether a token plays is decided here, once, for every write: a reading token
  is refused any unsafe method (``refuse_writes``) but its own stream tokens and
  its own revocation;
- which campaigns it reaches is decided where a caller's roles are read
  (``campaign.roles``): a campaign outside its scope is not there (404, as for a
  stranger), and from another site's page only a campaign that allows that site
  is (else 403).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone
from rest_framework.exceptions import PermissionDenied

from core.errors import Forbidden, gettext_noop
from core.models import TokenScope

#: How often a token's last use is written, at most: a command costs no write for it.
LAST_USE_EVERY_SECONDS = 60


@dataclass(frozen=True)
class Scope:
    """What one token reaches. ``campaigns``: the ids it is limited to, ``None`` for
    every campaign of its user; ``origin``: the other site whose page sent the request
    (``""``: none, or the site itself, or one the operators allow)."""

    campaigns: frozenset[int] | None = None
    plays: bool = True
    origin: str = ""

    @classmethod
    def of(cls, row: TokenScope | None) -> Scope | None:
        """A token's scope as kept in its row; ``None`` for a token without one (made
        before scopes, or by knox alone), which reaches everything."""
        if row is None:
            return None
        campaigns = None if row.campaigns is None else frozenset(row.campaigns)
        return cls(campaigns=campaigns, plays=row.plays)

    @property
    def limited(self) -> bool:
        """Whether the token is limited at all (to campaigns, or to reading)."""
        return self.campaigns is not None or not self.plays

    def reaches(self, campaign_id: int) -> bool:
        return self.campaigns is None or campaign_id in self.campaigns


FULL = Scope()
"""A session's, or a token's made with the password."""


def scope_of(user) -> Scope:
    """The scope the request's ``user`` came with (``FULL`` for a session)."""
    return getattr(user, "token_scope", None) or FULL


def seen_from(user, scope: Scope | None, request) -> None:
    """Put ``scope`` on ``user`` as the request sees it: with the ``Origin`` of a page of
    another site that sent it."""
    origin = foreign_origin(request)
    if scope is not None or origin:
        user.token_scope = replace(scope or FULL, origin=origin)


def foreign_origin(request) -> str:
    """The ``Origin`` of the request if a page of another site sent it: not the site's
    own address, nor one of the operators' ``CORS_ALLOWED_ORIGINS`` (which reach every
    campaign); ``""`` otherwise."""
    origin = request.headers.get("Origin", "")
    if not origin or origin == "null":
        return origin
    if origin in settings.CORS_ALLOWED_ORIGINS:
        return ""
    own = f"{'https' if request.is_secure() else 'http'}://{request.get_host()}"
    return "" if origin == own else origin


#: The refusal of a write made with a token that only reads.
READS_ONLY = gettext_noop(
    "This token may only read; make a token that plays to send commands and changes."
)


def refuse_writes(request, scope: Scope | None, *, view=None) -> None:
    """A token that only reads makes no write: 403 ``read_only_token``, but for the views
    that say reading tokens may post to them (``reading_tokens_may_post``: its stream
    tokens, its own revocation)."""
    if scope is None or scope.plays or request.method in ("GET", "HEAD", "OPTIONS"):
        return
    if getattr(view, "reading_tokens_may_post", False):
        return
    raise PermissionDenied(READS_ONLY, code="read_only_token")


def note_use(scope_id: int) -> None:
    """Write the token's last use, at most once a ``LAST_USE_EVERY_SECONDS``."""
    if cache.add(f"token-used:{scope_id}", 1, LAST_USE_EVERY_SECONDS):
        TokenScope.objects.filter(pk=scope_id).update(last_used_at=timezone.now())


#: The refusal of what only a person's full credential may do: manage their tokens.
LIMITED = gettext_noop(
    "A token limited to campaigns or to reading cannot manage tokens; use the site, or a "
    "token made with your password."
)


def require_full(user) -> None:
    """Tokens are managed with the site or a token made with the password, never with a
    limited token (which could otherwise make itself a wider one): 403 ``limited_token``."""
    if scope_of(user).limited:
        raise Forbidden(LIMITED, code="limited_token")
