"""Every interaction Discord sends is signed with the application's Ed25519 key: the
signature (``X-Signature-Ed25519``) is over the timestamp (``X-Signature-Timestamp``)
followed by the body, and the public key is the one the developer portal shows. The
signature is the request's only authentication, so a bad one, or a good one too old to
be fresh (a replay), is refused with 401. PyNaCl (libsodium) checks it."""

from __future__ import annotations

from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey

from core.errors import Unauthenticated, gettext_noop

BAD_SIGNATURE = gettext_noop("The interaction's signature does not verify.")
STALE = gettext_noop("The interaction's timestamp is too old or in the future.")


def verify(
    public_key: str, *, signature: str, timestamp: str, body: bytes, now: float, max_age: float
) -> None:
    """Refuse (401) unless ``signature`` signs ``timestamp + body`` by ``public_key`` and
    ``timestamp`` (seconds since the epoch) is within ``max_age`` seconds of ``now``."""
    try:
        key = VerifyKey(bytes.fromhex(public_key))
        key.verify(timestamp.encode() + body, bytes.fromhex(signature))
    except (BadSignatureError, ValueError, TypeError):
        raise Unauthenticated(BAD_SIGNATURE, code="bad_signature") from None
    if not timestamp.isdigit() or abs(now - int(timestamp)) > max_age:
        raise Unauthenticated(STALE, code="stale_signature")
