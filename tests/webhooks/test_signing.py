"""Signatures checked by the Standard Webhooks specification's reference library."""

import json
import time

import pytest
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from webhooks import signing

BODY = json.dumps({"type": "house_points", "data": {"amount": 10}}).encode()


def test_a_new_secret_is_whsec_and_base64():
    secret = signing.new_secret()
    assert secret.startswith("whsec_")
    Webhook(secret)  # the reference library accepts it as a key


def test_the_reference_library_verifies_a_signed_delivery():
    secret = signing.new_secret()
    headers = signing.headers([secret], "msg_1", int(time.time()), BODY)
    assert Webhook(secret).verify(BODY, headers) == json.loads(BODY)


def test_during_a_rotation_both_secrets_verify_the_same_delivery():
    """Two signatures separated by a space: a receiver with either key accepts it."""
    new, old = signing.new_secret(), signing.new_secret()
    headers = signing.headers([new, old], "msg_1", int(time.time()), BODY)
    assert len(headers["webhook-signature"].split(" ")) == 2
    assert Webhook(new).verify(BODY, headers) == json.loads(BODY)
    assert Webhook(old).verify(BODY, headers) == json.loads(BODY)


def test_another_secret_or_a_changed_body_does_not_verify():
    secret = signing.new_secret()
    headers = signing.headers([secret], "msg_1", int(time.time()), BODY)
    with pytest.raises(WebhookVerificationError):
        Webhook(signing.new_secret()).verify(BODY, headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(BODY + b" ", headers)
