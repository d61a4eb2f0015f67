"""An Idempotency-Key on every POST that creates: a retry gets the first answer, and
creates nothing more.

A client that lost the answer to a create (a game, a skirmish, an invitation,
a webhook, a token) sends it again with the same ``Idempotency-Key`` and is
given the first answer, status and body, instead of a second thing made. The
same key with another request (another body, or another endpoint) is refused
(422 ``idempotency_key_reused``), as a command's retry is. Keys are the user's
own: another user's key of the same text is another key.

What a create answered is kept in the database (:class:`core.models.CreatedOnce`)
for :data:`LIFETIME`, then deleted: every create that brings a key first
deletes the expired ones, so the table holds one day of keyed creates and no
sweep is needed. The database rather than the cache, because the row is
written in the create's own transaction: the thing made and the answer kept
for its key commit together or not at all, and a second request with the same
key waits on the first one's row (the unique constraint) and then replays it,
where two requests reading an empty cache would both create. (The command path
keeps its answers with the command's own event, ``games.services``.)

An answer may hold a secret shown once (a new token, a webhook's signing
secret), so it is kept sealed: XORed with a stream that only the request's key
opens (SHAKE-256 of an HMAC of the key under ``SECRET_KEY``), and the key is
kept only as its digest. Reading the table gives neither the keys nor the
secrets; only the client holding the key is answered them again.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter
from rest_framework.response import Response

from core.errors import Invalid, RuleViolation, gettext_noop
from core.models import CreatedOnce

#: How long a key's answer is kept (as long as Stripe's): a retry comes within minutes.
LIFETIME = timedelta(hours=24)

#: The longest Idempotency-Key taken.
MAX_KEY = 200

PARAMETER = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    description="A retry with the same key and body returns the first answer, and creates "
    f"nothing more (kept for {LIFETIME.days * 24} hours; at most {MAX_KEY} characters).",
)


def asked_key(request) -> str | None:
    """The request's Idempotency-Key, if it sent one; refused (400) if longer than kept."""
    key = request.headers.get("Idempotency-Key") or None
    if key is not None and len(key) > MAX_KEY:
        raise Invalid.field(
            "Idempotency-Key",
            gettext_noop("An Idempotency-Key has at most %(most)s characters."),
            params={"most": MAX_KEY},
            code="idempotency_key_too_long",
        )
    return key


def reused() -> RuleViolation:
    """The refusal of a key sent again with another request."""
    return RuleViolation(
        "idempotency_key_reused",
        gettext_noop("This Idempotency-Key was used with another request body."),
    )


def created_once(request, create: Callable[[], Response]) -> Response:
    """``create()``'s answer, or, for a key the user sent before, the first answer.

    ``create`` makes the thing (through its service) and answers it; it runs in
    the transaction that keeps its answer. A refusal keeps nothing: the key may
    be sent again with a corrected request.
    """
    key = asked_key(request)
    user = request.user
    if key is None or not user.is_authenticated:
        return create()
    digest = hashlib.sha256(key.encode()).hexdigest()
    fingerprint = _fingerprint(request)
    now = timezone.now()
    CreatedOnce.objects.filter(created_at__lt=now - LIFETIME).delete()
    with transaction.atomic():
        kept = CreatedOnce.objects.filter(user=user, key_digest=digest).first()
        if kept is None:
            try:
                with transaction.atomic():
                    kept = CreatedOnce.objects.create(
                        user=user, key_digest=digest, fingerprint=fingerprint, created_at=now
                    )
            except IntegrityError:  # another request with this key committed meanwhile
                kept = CreatedOnce.objects.get(user=user, key_digest=digest)
            else:
                response = create()
                kept.status = response.status_code
                kept.sealed = _seal(key, user.pk, json.dumps(response.data).encode())
                kept.save(update_fields=["status", "sealed"])
                return response
    if kept.fingerprint != fingerprint:
        raise reused()
    return _replay(kept, key)


def _replay(kept: CreatedOnce, key: str) -> Response:
    data = json.loads(_seal(key, kept.user_id, bytes(kept.sealed)))
    return Response(data, status=kept.status)


def _fingerprint(request) -> str:
    """The request a key stands for: its method, path and body."""
    data = request.data
    body = dict(data.lists()) if hasattr(data, "lists") else data
    text = json.dumps([request.method, request.path, body], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _seal(key: str, user_id: int, data: bytes) -> bytes:
    """``data`` XORed with a stream that only ``key`` (and the server's secret) makes: the
    same call seals and opens. Each stream seals one answer only (one key, one user)."""
    secret = hmac.new(
        settings.SECRET_KEY.encode(), f"idempotency:{user_id}:{key}".encode(), hashlib.sha256
    ).digest()
    stream = hashlib.shake_256(secret).digest(len(data))
    return bytes(a ^ b for a, b in zip(data, stream, strict=True))
