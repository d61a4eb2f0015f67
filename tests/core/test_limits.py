"""Limits: rate limits on writes with RateLimit headers, and the request body size."""

from unittest import mock

import pytest

from core.throttling import LoginRateThrottle, WriteRateThrottle
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_writes_are_limited_per_user_and_announced(api_client):
    user = UserFactory()
    other = UserFactory()
    api_client.force_authenticate(user)
    with mock.patch.object(WriteRateThrottle, "THROTTLE_RATES", {"writes": "2/min"}):
        first = api_client.post("/api/campaigns/", {"name": "A", "slug": "a"}, format="json")
        assert first.status_code == 201
        assert first["RateLimit"].startswith("limit=2, remaining=1")
        assert first["RateLimit-Policy"] == "2;w=60"
        api_client.post("/api/campaigns/", {"name": "B", "slug": "b"}, format="json")
        refused = api_client.post("/api/campaigns/", {"name": "C", "slug": "c"}, format="json")
        assert refused.status_code == 429
        assert refused.json()["code"] == "throttled"
        assert int(refused["Retry-After"]) > 0
        assert refused["RateLimit"].startswith("limit=2, remaining=0")
        # Reads are not counted, and another user has a budget of their own.
        assert api_client.get("/api/campaigns/").status_code == 200
        api_client.force_authenticate(other)
        assert (
            api_client.post(
                "/api/campaigns/", {"name": "D", "slug": "d"}, format="json"
            ).status_code
            == 201
        )


def test_token_logins_are_limited_per_address(api_client):
    UserFactory(username="guesser")
    with mock.patch.object(LoginRateThrottle, "THROTTLE_RATES", {"login": "3/min"}):
        codes = [
            api_client.post(
                "/api/auth/token/", {"username": "guesser", "password": "x"}, format="json"
            ).status_code
            for _ in range(4)
        ]
        assert codes == [400, 400, 400, 429]
        right = api_client.post(
            "/api/auth/token/", {"username": "guesser", "password": PASSWORD}, format="json"
        )
        assert right.status_code == 429


def test_a_body_over_the_limit_is_413_before_it_is_read(api_client, settings):
    user = UserFactory()
    api_client.force_authenticate(user)
    big = {"name": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1), "slug": "big"}
    response = api_client.post("/api/campaigns/", big, format="json")
    assert response.status_code == 413
    assert response.json()["code"] == "request_too_large"


def test_page_size_is_capped_at_200(api_client):
    from campaign.models import Campaign, Membership, Role

    user = UserFactory()
    campaigns = Campaign.objects.bulk_create(
        Campaign(name=f"C{i}", slug=f"c{i}") for i in range(201)
    )
    Membership.objects.bulk_create(
        Membership(campaign=c, user=user, role=Role.PLAYER) for c in campaigns
    )
    api_client.force_authenticate(user)
    assert api_client.get("/api/campaigns/?page_size=100000").status_code == 400
    body = api_client.get("/api/campaigns/?page_size=200").json()
    assert body["count"] == 201 and len(body["results"]) == 200
    assert len(api_client.get("/api/campaigns/").json()["results"]) == 50


def test_malformed_paging_and_filters_are_400_not_ignored(api_client):
    api_client.force_authenticate(UserFactory())
    for query in ("page=", "page=x", "page_size=", "page_size=0", "campaign=", "campaign=0.5"):
        response = api_client.get(f"/api/matches/?{query}")
        assert response.status_code == 400, query
        assert response.json()["code"] == "invalid"
