"""Signatures as the Standard Webhooks specification defines them.

A secret is ``whsec_`` and the base64 of random bytes; the key is those
bytes. Each delivery carries ``webhook-id``, ``webhook-timestamp`` (Unix
seconds) and ``webhook-signature``: ``v1,`` and the base64 of the HMAC-SHA256
of ``id.timestamp.body``. While a rotated secret is still valid, the header
holds one signature per secret, separated by a space, so a receiver with
either key accepts the message.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

PREFIX = "whsec_"
KEY_BYTES = 24


def new_secret() -> str:
    return PREFIX + base64.b64encode(secrets.token_bytes(KEY_BYTES)).decode()


def new_webhook_id() -> str:
    """A message id, ``msg_`` and 26 random characters: the same on every retry."""
    return "msg_" + secrets.token_hex(13)


def signature(secret: str, webhook_id: str, timestamp: int, body: bytes) -> str:
    key = base64.b64decode(secret.removeprefix(PREFIX))
    signed = f"{webhook_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()


def headers(secrets_: list[str], webhook_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    """The three headers of a delivery, signed with each valid secret."""
    return {
        "webhook-id": webhook_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": " ".join(
            signature(secret, webhook_id, timestamp, body) for secret in secrets_
        ),
    }
