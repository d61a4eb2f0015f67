"""Issue 31: the authenticator writes nothing itself. An expired token found on a request
is expired by ``core.services.token_expire`` (deleted, the ``token_expired`` signal sent),
whether it came from the database or from the cache."""

from datetime import timedelta
from unittest import mock

import pytest
from django.core.cache import cache
from django.utils import timezone
from knox.crypto import hash_token
from knox.models import AuthToken
from knox.signals import token_expired
from rest_framework.test import APIClient

from core import auth, services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def me(token: str):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.get("/api/me/")


def test_token_expire_deletes_the_token_and_says_so():
    user = UserFactory()
    instance, _ = AuthToken.objects.create(user=user, expiry=timedelta(seconds=-1))
    heard = []

    def listener(sender, username, source, **kwargs):
        heard.append((username, source))

    token_expired.connect(listener)
    try:
        services.token_expire(instance)
    finally:
        token_expired.disconnect(listener)
    assert not AuthToken.objects.filter(pk=instance.pk).exists()
    assert heard == [(user.username, "auth_token")]


def test_an_expired_token_is_expired_through_the_service():
    user = UserFactory()
    _, token = AuthToken.objects.create(user=user, expiry=timedelta(seconds=-1))
    with mock.patch.object(auth, "token_expire", wraps=services.token_expire) as spy:
        response = me(token)
    assert response.status_code == 401
    assert spy.call_count == 1
    assert not AuthToken.objects.filter(user=user).exists()


def test_a_cached_token_past_its_expiry_is_expired_through_the_service():
    user = UserFactory()
    instance, token = AuthToken.objects.create(user=user, expiry=timedelta(minutes=5))
    assert me(token).status_code == 200  # now in the cache
    instance.expiry = timezone.now() - timedelta(seconds=1)
    cache.set(auth.cache_key(hash_token(token)), instance, 60)
    with mock.patch.object(auth, "token_expire", wraps=services.token_expire) as spy:
        response = me(token)
    assert response.status_code == 401
    assert spy.call_count == 1
    assert not AuthToken.objects.filter(user=user).exists()


def test_sign_up_answers_a_token_made_by_the_service():
    assert len(services.token_create(UserFactory())) > 20
    assert AuthToken.objects.count() == 1
