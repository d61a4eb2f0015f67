"""What can be checked of a deployment without a Docker engine or a real server."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command

from campaign.models import Campaign, Membership

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def compose():
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_names_the_five_services(compose):
    assert set(compose["services"]) == {"postgres", "redis", "web", "worker", "beat"}


def test_compose_web_migrates_then_serves_with_gunicorn(compose):
    command = compose["services"]["web"]["command"]
    assert command.index("migrate --noinput") < command.index("gunicorn config.wsgi")


def test_compose_runs_one_worker_and_exactly_one_beat(compose):
    assert compose["services"]["worker"]["command"][:4] == ["celery", "-A", "config", "worker"]
    beat = compose["services"]["beat"]
    assert beat["command"][:4] == ["celery", "-A", "config", "beat"]
    assert beat["deploy"]["replicas"] == 1


def test_compose_wires_the_app_to_postgres_and_redis(compose):
    for name in ("web", "worker", "beat"):
        service = compose["services"][name]
        environment = service["environment"]
        assert "@postgres:5432/" in environment["DATABASE_URL"]
        assert environment["CELERY_BROKER_URL"].startswith("redis://redis:6379/")
        assert environment["DEBUG"] == "0"
        assert "SECRET_KEY" in environment
        assert set(service["depends_on"]) == {"postgres", "redis"}
    assert compose["services"]["postgres"]["image"].startswith("postgres:")
    assert compose["services"]["redis"]["image"].startswith("redis:")


def test_check_deploy_passes_with_production_settings():
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "a-real-secret-" + "x" * 50,
        "ALLOWED_HOSTS": "quidditch.example.org",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_without_a_secret_key():
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**env, "DEBUG": "0"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.django_db
def test_seed_demo_is_idempotent(capsys):
    call_command("seed_demo", force=True)
    first = (Campaign.objects.count(), Membership.objects.count())
    call_command("seed_demo", force=True)
    assert (Campaign.objects.count(), Membership.objects.count()) == first
    assert "storyguide / lumos-maxima" in capsys.readouterr().out


@pytest.mark.django_db
def test_demo_storyguide_can_log_in_to_the_admin(client):
    call_command("seed_demo", force=True)
    assert client.login(username="storyguide", password="lumos-maxima")
    assert client.get("/admin/").status_code == 200
    assert client.get("/admin/campaign/campaign/").status_code == 200
