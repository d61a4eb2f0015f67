"""What can be checked of a deployment without a Docker engine or a real server."""

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest
import yaml
from django.core.management import call_command
from knox.models import AuthToken

from campaign.models import Campaign, Membership
from campaign.services import campaign_create
from config.routes import is_stream
from tests.serving import Nginx, free_port, nginx_binary, nginx_config

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def compose():
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_names_the_services(compose):
    assert set(compose["services"]) == {
        *("postgres", "redis", "migrate"),
        *("web", "streams", "proxy"),
        *("worker", "webhooks", "beat"),
    }


def test_compose_migrates_once_before_anything_serves_or_runs_tasks(compose):
    services = compose["services"]
    assert services["migrate"]["command"] == ["python", "manage.py", "migrate", "--noinput"]
    assert services["migrate"]["restart"] == "no"
    for name in ("web", "streams", "worker", "webhooks", "beat"):
        waits_for = services[name]["depends_on"]
        assert waits_for["migrate"] == {"condition": "service_completed_successfully"}


def test_compose_serves_commands_and_streams_apart_behind_one_port(compose):
    """``web`` runs the image's command (config.wsgi), ``streams`` config.streams on
    uvicorn workers, and only ``proxy`` publishes a port, with the repository's config."""
    services = compose["services"]
    assert services["web"]["command"] == dockerfile_command()
    streams = services["streams"]["command"]
    assert streams[:2] == ["gunicorn", "config.streams"]
    assert streams[streams.index("--worker-class") + 1] == "uvicorn_worker.UvicornWorker"
    proxy = services["proxy"]
    assert proxy["image"].startswith("nginx:")
    assert "./deploy/nginx.conf:/etc/nginx/nginx.conf:ro" in proxy["volumes"]
    published = {name for name, service in services.items() if "ports" in service}
    assert published == {"proxy"}
    assert proxy["ports"] == ["8000:8000"]


@pytest.mark.skipif(not shutil.which("docker-compose"), reason="needs docker-compose")
def test_compose_file_passes_compose_own_validation():
    """``docker-compose config`` checks the file against the Compose schema; no engine."""
    result = subprocess.run(
        ["docker-compose", "config", "--quiet"],
        cwd=ROOT,
        env={**os.environ, "SECRET_KEY": "x", "POSTGRES_PASSWORD": "y"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def dockerfile_command() -> list[str]:
    line = (ROOT / "Dockerfile").read_text().split("CMD ", 1)[1].replace("\\\n", " ")
    return json.loads(line.splitlines()[0])


def on_this_machine(command: list[str], port: int) -> list[str]:
    """A server's command from the Dockerfile or compose, on a free port, one worker."""
    command = list(command)
    command[command.index("--bind") + 1] = f"127.0.0.1:{port}"
    command[command.index("--workers") + 1] = "1"
    return [sys.executable, "-m", *command]


@pytest.mark.django_db(transaction=True)
def test_the_images_command_and_composes_streams_command_serve_the_service_apart(
    settings, compose, django_user_model
):
    """The Dockerfile's CMD (a command server) and compose's ``streams`` command, run
    here: the command server answers the API and refuses a stream (421, not a worker
    held for hours); the streams server streams a campaign's activity."""
    storyguide = django_user_model.objects.create_user("deploy-storyguide", password=None)
    campaign = campaign_create(name="Deployed", storyguide=storyguide)
    auth = {"Authorization": f"Token {AuthToken.objects.create(user=storyguide)[1]}"}
    env = {**os.environ, "DATABASE_URL": database_url(settings.DATABASES["default"]), "DEBUG": "1"}
    commands = {"web": dockerfile_command(), "streams": compose["services"]["streams"]["command"]}
    ports = {name: free_port() for name in commands}
    servers = [
        subprocess.Popen(
            on_this_machine(command, ports[name]),
            cwd=ROOT,
            env=env,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        for name, command in commands.items()
    ]
    web, streams = (f"http://127.0.0.1:{ports[name]}" for name in ("web", "streams"))
    stream = f"/api/campaigns/{campaign.pk}/stream/"
    try:
        wait_until_up(web + "/api/health/")
        wait_until_up(streams + "/api/health/")
        with httpx.Client(base_url=web, timeout=5) as client:
            assert client.get("/api/rulesets/").status_code == 200
            assert client.get("/api/health/").json()["database"] == "ok"
            refused = client.get(stream, headers=auth)
            assert (refused.status_code, refused.json()["code"]) == (421, "misdirected_request")
        with (
            httpx.Client(base_url=streams, timeout=5) as client,
            client.stream("GET", stream, headers=auth) as live,
        ):
            assert live.status_code == 200
            assert live.headers["content-type"].startswith("text/event-stream")
            assert next(live.iter_bytes()).startswith(b"retry: 3000")
    finally:
        for server in servers:
            os.killpg(server.pid, signal.SIGTERM)
        for server in servers:
            server.wait(10)


def database_url(database: dict) -> str:
    if database["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{database['NAME']}"
    user, host, port = database["USER"], database["HOST"], database["PORT"]
    return f"postgres://{user}@{host}:{port}/{database['NAME']}"


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


def test_compose_runs_one_worker_and_exactly_one_beat(compose):
    assert compose["services"]["worker"]["command"][:4] == ["celery", "-A", "config", "worker"]
    beat = compose["services"]["beat"]
    assert beat["command"][:4] == ["celery", "-A", "config", "beat"]
    assert beat["deploy"]["replicas"] == 1


def test_compose_wires_the_app_to_postgres_and_redis(compose):
    for name in ("migrate", "web", "streams", "worker", "webhooks", "beat"):
        service = compose["services"][name]
        environment = service["environment"]
        assert "@postgres:5432/" in environment["DATABASE_URL"]
        assert environment["CELERY_BROKER_URL"].startswith("redis://redis:6379/")
        assert environment["CACHE_URL"].startswith("redis://redis:6379/")  # one for all
        assert environment["DEBUG"] == "0"
        assert "SECRET_KEY" in environment
        assert {"postgres", "redis"} <= set(service["depends_on"])
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


# --- the proxy (deploy/nginx.conf) ---------------------------------------------------

needs_nginx = pytest.mark.skipif(
    not nginx_binary(), reason="needs nginx (apt-get install nginx; .ci/run installs it)"
)


@needs_nginx
def test_the_proxy_config_passes_nginxs_own_validation(tmp_path):
    """``deploy/nginx.conf`` as nginx reads it, compose's names for this machine's
    addresses (nginx resolves the command servers' name when it starts)."""
    conf = tmp_path / "nginx.conf"
    conf.write_text(nginx_config(listen=free_port(), commands=free_port(), streams=free_port()))
    validate = [nginx_binary(), "-t", "-c", str(conf), "-e", "stderr"]
    result = subprocess.run(
        [*validate, "-g", f"pid {tmp_path / 'nginx.pid'};"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


class Upstream(ThreadingHTTPServer):
    """A stand-in for the command servers or the streams server: it answers what it
    was asked and with which headers; as the streams server, it sends that as a first
    message and then holds the stream open until ``release``."""

    daemon_threads = True

    def __init__(self, name: str):
        super().__init__(("127.0.0.1", 0), _Answer)
        self.name = name
        self.release = threading.Event()

    @property
    def port(self) -> int:
        return self.server_address[1]


class _Answer(BaseHTTPRequestHandler):
    def do_GET(self):
        seen = json.dumps(
            {
                "upstream": self.server.name,
                "path": self.path,
                "host": self.headers["Host"],
                "x_forwarded_for": self.headers["X-Forwarded-For"],
                "x_forwarded_proto": self.headers["X-Forwarded-Proto"],
            }
        ).encode()
        self.send_response(200)
        if self.server.name == "streams":
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            self.wfile.write(b"data: " + seen + b"\n\n")
            self.wfile.flush()
            self.server.release.wait(30)
        else:
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(seen)))
            self.end_headers()
            self.wfile.write(seen)

    def log_message(self, format, *args):
        pass


@contextlib.contextmanager
def upstream(name: str):
    server = Upstream(name)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.release.set()
        server.shutdown()
        server.server_close()


@needs_nginx
def test_the_proxy_sends_streams_to_the_streams_server_at_once_and_the_rest_to_commands():
    """By ``config.routes.is_stream``'s rule; a stream's first message passes while the
    stream is still open (nothing buffered: the stand-in does not say
    ``X-Accel-Buffering``); the host, the TLS terminator's ``X-Forwarded-Proto`` and
    ``X-Forwarded-For`` with the proxy's peer appended reach the service."""
    paths = [
        "/api/matches/7/stream/?after=3",
        "/api/cup-years/1/stream/",
        "/api/auth/stream-token/",
        "/api/matches/7/commands/",
        "/api/streams/",
        "/me/",
    ]
    sent = {"Host": "quidditch.example.org", "X-Forwarded-Proto": "https"}
    sent["X-Forwarded-For"] = "203.0.113.7"  # as the TLS terminator in front writes it
    with upstream("commands") as commands, upstream("streams") as streams:
        proxy = Nginx(commands=commands.port, streams=streams.port).start()
        try:
            proxy.wait_ready()
            for path in paths:
                with httpx.stream("GET", proxy.url + path, headers=sent, timeout=5) as answer:
                    first = next(answer.iter_lines())
                seen = json.loads(first.removeprefix("data: "))
                expected = "streams" if is_stream(path.partition("?")[0]) else "commands"
                assert seen == {
                    "upstream": expected,
                    "path": path,
                    "host": "quidditch.example.org",
                    "x_forwarded_for": "203.0.113.7, 127.0.0.1",
                    "x_forwarded_proto": "https",
                }, path
        finally:
            proxy.stop()


@needs_nginx
def test_the_proxy_passes_the_host_with_its_port():
    """Issue 37 (nginx's ``Host $host`` drops a non-default port): the ``Host`` a browser
    sends to a proxy on another port, ``quidditch.example.org:8443``, reaches the command
    servers and the streams server as it was sent, port and all."""
    sent = {"Host": "quidditch.example.org:8443", "X-Forwarded-Proto": "https"}
    with upstream("commands") as commands, upstream("streams") as streams:
        proxy = Nginx(commands=commands.port, streams=streams.port).start()
        try:
            proxy.wait_ready()
            for path in ("/accounts/login/", "/api/matches/7/stream/"):
                with httpx.stream("GET", proxy.url + path, headers=sent, timeout=5) as answer:
                    seen = json.loads(next(answer.iter_lines()).removeprefix("data: "))
                assert seen["host"] == "quidditch.example.org:8443", path
        finally:
            proxy.stop()


@needs_nginx
@pytest.mark.django_db(transaction=True)
def test_a_login_posted_through_the_proxy_on_another_port_passes_the_origin_check():
    """Issue 37 (nginx's ``Host $host`` drops a non-default port, so form posts fail
    Django's origin check): the service behind ``deploy/nginx.conf`` listening on a port of
    its own; a browser opens the login page there and posts it with its ``Origin``
    (``http://127.0.0.1:<port>``): the login is taken (302 to "My campaigns"), not refused
    by the CSRF check (403)."""
    from tests.factories import PASSWORD, UserFactory
    from tests.streams import asgi_server

    UserFactory(username="oliver")
    with asgi_server() as service:
        port = int(service.rsplit(":", 1)[1])
        proxy = Nginx(commands=port, streams=port).start()
        try:
            proxy.wait_ready()
            with httpx.Client(base_url=proxy.url, timeout=10) as browser:
                form = browser.get("/accounts/login/")
                # The header's language form carries a token too; any of them passes.
                token = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text)[-1]
                answer = browser.post(
                    "/accounts/login/",
                    data={"username": "oliver", "password": PASSWORD, "csrfmiddlewaretoken": token},
                    headers={"Origin": proxy.url, "Referer": f"{proxy.url}/accounts/login/"},
                )
        finally:
            proxy.stop()
    assert answer.status_code == 302, answer.text[:500]
    assert answer.headers["Location"] == "/me/"


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
    for name in ("web", "streams", "worker", "webhooks", "beat"):
        environment = compose["services"][name]["environment"]
        assert environment["FORWARDED_ALLOW_IPS"] == ""
        assert environment["TRUSTED_PROXIES"] == "${TRUSTED_PROXIES:-172.30.0.10}"
    proxy = compose["services"]["proxy"]["networks"]["default"]
    assert proxy["ipv4_address"] == "172.30.0.10", "compose's nginx is the proxy it trusts"


# --- the README's deployment steps -----------------------------------------------------


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
    say, on a database and ports of their own: after them, the command server answers the
    pages, the dashboard and the API docs with 200, their static files too (issue 27:
    collectstatic was missing, and every page answered 500), and the streams server a
    stream."""
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
    ports = {"8001": free_port(), "8002": free_port()}  # the README's: commands, streams
    ours = {
        "DATABASE_URL": database_url({**database, "NAME": name}),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
        "CACHE_URL": settings.CELERY_BROKER_URL,
    }
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "DJANGO_SETTINGS_MODULE")}
    servers = []
    try:
        for line in readme_deployment_lines():
            command = line.split("  #")[0]
            if command.startswith("export "):
                for assignment in shlex.split(command)[1:]:
                    key, _, value = assignment.partition("=")
                    env[key] = ours.get(key, value)
            elif "gunicorn" in command:
                for readme_port, port in ports.items():
                    command = command.replace(f"127.0.0.1:{readme_port}", f"127.0.0.1:{port}")
                servers.append(
                    subprocess.Popen(
                        shlex.split(command), cwd=project, env=env, stderr=subprocess.DEVNULL
                    )
                )
            elif "celery" not in command:
                done = subprocess.run(
                    shlex.split(command), cwd=project, env=env, capture_output=True, text=True
                )
                assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"
        assert env.get("DEBUG") == "0", "the steps deploy for production: DEBUG=0"
        assert len(servers) == 2, "the steps start a command server and a streams server"
        commands, streams = (f"http://127.0.0.1:{port}" for port in ports.values())
        # As the TLS-terminating proxy in front sends them (with DEBUG=0 the service
        # insists on HTTPS, and knows only its own host name).
        host = env["ALLOWED_HOSTS"].split(",")[0]
        headers = {"Host": host, "X-Forwarded-Proto": "https"}
        wait_until_up(commands + "/api/health/", headers=headers)
        with httpx.Client(base_url=commands, headers=headers, timeout=10) as client:
            for path in ("/", "/admin/login/", "/api/docs/", "/league/"):
                page = client.get(path)
                assert page.status_code == 200, (path, page.status_code, page.text[:300])
                for asset in re.findall(r'(?:href|src)="(/static/[^"]+)"', page.text)[:3]:
                    assert client.get(asset).status_code == 200, asset
        wait_until_up(streams + "/api/health/", headers=headers)
        with (
            httpx.Client(base_url=streams, headers=headers, timeout=10) as client,
            client.stream("GET", "/api/cup-years/999/stream/") as answer,
        ):
            assert answer.status_code == 404, "the streams server answers streams"
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)
        with psycopg.connect(dbname="postgres", autocommit=True, **admin) as server:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
