"""What can be checked of a deployment without a Docker engine or a real server."""

import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
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


def test_compose_web_migrates_then_serves_the_asgi_application_with_uvicorn_workers(compose):
    command = compose["services"]["web"]["command"]
    assert command.index("migrate --noinput") < command.index("gunicorn config.asgi")
    assert "--worker-class uvicorn_worker.UvicornWorker" in command


def dockerfile_command() -> list[str]:
    line = (ROOT / "Dockerfile").read_text().split("CMD ", 1)[1].replace("\\\n", " ")
    return json.loads(line.splitlines()[0])


@pytest.mark.django_db(transaction=True)
def test_the_images_command_serves_the_api_and_a_live_stream(settings):
    """The Dockerfile's CMD, run here on a free port: the API answers, a stream streams."""
    port = free_port()
    command = dockerfile_command()
    command[command.index("--bind") + 1] = f"127.0.0.1:{port}"
    command[command.index("--workers") + 1] = "1"
    database = settings.DATABASES["default"]
    env = {**os.environ, "DATABASE_URL": database_url(database), "DEBUG": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", *command], cwd=ROOT, env=env, stderr=subprocess.DEVNULL
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_up(base + "/api/health/")
        with httpx.Client(base_url=base, timeout=5) as client:
            assert client.get("/api/rulesets/").status_code == 200
            with client.stream("GET", "/api/cup-years/1/stream/") as stream:
                assert stream.status_code == 404  # no cup year: a JSON answer, not a hang
            assert client.get("/api/health/").json()["database"] == "ok"
    finally:
        server.terminate()
        server.wait(10)


def database_url(database: dict) -> str:
    if database["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{database['NAME']}"
    user, host, port = database["USER"], database["HOST"], database["PORT"]
    return f"postgres://{user}@{host}:{port}/{database['NAME']}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_up(url: str, seconds: float = 30, headers: dict | None = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=2, headers=headers).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"nothing answered {url} within {seconds} s")


def test_dev_serve_on_another_port_prints_the_login_there(tmp_path):
    """``./dev serve --port N`` serves on N and prints the demo login at N (issue 27)."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'dev.sqlite3'}"}
    server = subprocess.Popen(
        ["./dev", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        login = next(line for line in server.stdout if "Log in at" in line)
        assert f"Log in at http://127.0.0.1:{port}/admin/ as storyguide" in login
        wait_until_up(f"http://127.0.0.1:{port}/api/health/")
    finally:
        server.terminate()
        server.wait(10)


def test_compose_leaves_the_client_address_to_the_service(compose):
    """The servers do not rewrite the connection's address from X-Forwarded-For; the
    service reads it only from the proxies ``TRUSTED_PROXIES`` names (issue 27)."""
    for name in ("web", "worker", "beat"):
        environment = compose["services"][name]["environment"]
        assert environment["FORWARDED_ALLOW_IPS"] == ""
        assert environment["TRUSTED_PROXIES"] == "${TRUSTED_PROXIES:-}"


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
        assert environment["CACHE_URL"].startswith("redis://redis:6379/")  # one for all
        assert environment["DEBUG"] == "0"
        assert "SECRET_KEY" in environment
        assert set(service["depends_on"]) == {"postgres", "redis"}
    assert compose["services"]["postgres"]["image"].startswith("postgres:")
    assert compose["services"]["redis"]["image"].startswith("redis:")


PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-real-secret-" + "x" * 50,
    "ALLOWED_HOSTS": "quidditch.example.org",
    "CACHE_URL": "redis://127.0.0.1:6379/2",
}


def check_deploy(env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_check_deploy_passes_with_production_settings():
    result = check_deploy(PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_warns_when_each_process_has_its_own_cache():
    result = check_deploy({**PRODUCTION, "CACHE_URL": ""})
    assert result.returncode != 0 and "storyguide.W001" in result.stdout + result.stderr


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


def readme_deployment_lines() -> list[str]:
    """The shell lines of the README's block under "Running against PostgreSQL and Redis"."""
    section = (ROOT / "README.md").read_text().split("## Running against PostgreSQL and Redis")[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


@pytest.mark.postgres
@pytest.mark.broker
@pytest.mark.django_db(transaction=True)
def test_the_readmes_deployment_steps_work_as_written(settings, tmp_path):
    """The README's lines, run in a shell in a copy of the project with ``DEBUG=0`` as they
    say, on a database of their own and a free port: after them, the pages, the dashboard
    and the API docs answer 200, their static files too (issue 27: collectstatic was
    missing, and every page answered 500)."""
    import shlex

    import psycopg

    project = tmp_path / "storyguide"
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, files.split("\0")):
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_bytes((ROOT / name).read_bytes())
    (project / ".venv").symlink_to(ROOT / ".venv")

    database = settings.DATABASES["default"]
    name = f"{database['NAME']}_readme"
    admin = {"host": database["HOST"], "port": database["PORT"], "user": database["USER"]}
    with psycopg.connect(dbname="postgres", autocommit=True, **admin) as server:
        server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        server.execute(f'CREATE DATABASE "{name}"')
    port = free_port()
    ours = {
        "DATABASE_URL": database_url({**database, "NAME": name}),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
        "CACHE_URL": settings.CELERY_BROKER_URL,
    }
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "DJANGO_SETTINGS_MODULE")}
    gunicorn = None
    try:
        for line in readme_deployment_lines():
            command = line.split("  #")[0]
            if command.startswith("export "):
                for assignment in shlex.split(command)[1:]:
                    key, _, value = assignment.partition("=")
                    env[key] = ours.get(key, value)
            elif "gunicorn" in command:
                command = command.replace("127.0.0.1:8000", f"127.0.0.1:{port}")
                gunicorn = subprocess.Popen(
                    shlex.split(command), cwd=project, env=env, stderr=subprocess.DEVNULL
                )
            elif "celery" not in command:
                done = subprocess.run(
                    shlex.split(command), cwd=project, env=env, capture_output=True, text=True
                )
                assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"
        assert env.get("DEBUG") == "0", "the steps deploy for production: DEBUG=0"
        assert gunicorn is not None, "the steps start the server"
        base = f"http://127.0.0.1:{port}"
        # As the TLS-terminating proxy in front sends them (with DEBUG=0 the service
        # insists on HTTPS, and knows only its own host name).
        host = env["ALLOWED_HOSTS"].split(",")[0]
        headers = {"Host": host, "X-Forwarded-Proto": "https"}
        wait_until_up(base + "/api/health/", headers=headers)
        with httpx.Client(base_url=base, headers=headers, timeout=10) as client:
            for path in ("/", "/admin/login/", "/api/docs/", "/league/"):
                page = client.get(path)
                assert page.status_code == 200, (path, page.status_code, page.text[:300])
                for asset in re.findall(r'(?:href|src)="(/static/[^"]+)"', page.text)[:3]:
                    assert client.get(asset).status_code == 200, asset
    finally:
        if gunicorn is not None:
            gunicorn.terminate()
            gunicorn.wait(10)
        with psycopg.connect(dbname="postgres", autocommit=True, **admin) as server:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
