"""The served-apart shape as real processes on this machine, for the tests and benches
that need it: gunicorn command servers (``config.wsgi``), the streams server
(``config.streams`` under uvicorn workers) and nginx in front, with the
deployment's own ``deploy/nginx.conf``.

Each process runs in a process group of its own and is stopped by its id; every
wait is bounded.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
HOST = "127.0.0.1"
UPSTREAMS = {"commands": "web:8000", "streams": "streams:8000"}
"""The upstreams as ``deploy/nginx.conf`` names them (compose's services)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def answers(port: int, path: str = "/api/health/") -> bool:
    try:
        conn = http.client.HTTPConnection(HOST, port, timeout=2)
        conn.request("GET", path)
        status = conn.getresponse().status
        conn.close()
        return status == 200
    except (OSError, http.client.HTTPException):
        return False


class Process:
    """A server in a process group of its own, its output in a log file."""

    name = "server"

    def __init__(self, command: list[str], *, env: dict, port: int, logdir: Path | None = None):
        self.command = command
        self.env = env
        self.port = port
        logdir = logdir or Path(tempfile.gettempdir())
        self.logfile = logdir / f"{self.name}-{port}.log"
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def start(self):
        log = open(self.logfile, "ab")  # noqa: SIM115 (the child owns it)
        self.process = subprocess.Popen(
            self.command,
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        return self

    def log(self) -> str:
        try:
            return self.logfile.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def wait_ready(self, path: str = "/api/health/", timeout: float = 60.0):
        deadline = time.monotonic() + timeout
        while not answers(self.port, path):
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited:\n{self.log()[-3000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.name} not ready after {timeout:.0f} s:\n{self.log()}")
            time.sleep(0.1)
        return self

    def children(self) -> list[int]:
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, IndexError, ValueError):
                if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == self.pid:
                    found.append(int(stat.parent.name))
        return found

    def kill(self) -> None:
        """SIGKILL to the whole group: the server dies as a machine would, mid-request."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self, timeout: float = 10.0) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout)
        with contextlib.suppress(ProcessLookupError):  # workers left behind, if any
            os.killpg(self.pid, signal.SIGKILL)
        if self.process.poll() is None:
            self.process.wait(5)


class Gunicorn(Process):
    """gunicorn serving ``app`` on a free port (``--keep-alive 5`` as deployed)."""

    name = "gunicorn"

    def __init__(
        self,
        app: str,
        *,
        env: dict,
        worker_class: str,
        workers: int,
        threads: int = 1,
        port: int = 0,
        logdir: Path | None = None,
    ):
        port = port or free_port()
        command = [
            sys.executable, "-m", "gunicorn", app, "--bind", f"{HOST}:{port}",
            "--workers", str(workers), "--worker-class", worker_class,
            "--keep-alive", "5", "--graceful-timeout", "5", "--log-level", "warning",
        ]  # fmt: skip
        if worker_class == "gthread":
            command += ["--threads", str(threads)]
        self.name = f"gunicorn-{app.rpartition('.')[2]}"
        super().__init__(command, env=env, port=port, logdir=logdir)

    @classmethod
    def commands(cls, *, env, worker_class="gthread", workers=2, threads=4, **kwargs):
        """A command server: ``config.wsgi`` on WSGI workers."""
        return cls(
            "config.wsgi",
            env=env,
            worker_class=worker_class,
            workers=workers,
            threads=threads,
            **kwargs,
        )

    @classmethod
    def streams(cls, *, env, workers=1, **kwargs):
        """The streams server: ``config.streams`` on uvicorn workers."""
        return cls(
            "config.streams",
            env=env,
            worker_class="uvicorn_worker.UvicornWorker",
            workers=workers,
            **kwargs,
        )


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx",) if os.access(path, os.X_OK)), None
    )


def nginx_config(*, listen: int, commands: int, streams: int) -> str:
    """``deploy/nginx.conf`` with this machine's ports for compose's names and port."""
    text = NGINX_CONF.read_text()
    for upstream, port in (("commands", commands), ("streams", streams)):
        named = UPSTREAMS[upstream]
        if named not in text:
            raise AssertionError(f"deploy/nginx.conf no longer names {named}")
        text = text.replace(named, f"{HOST}:{port}")
    return text.replace("listen 8000;", f"listen {HOST}:{listen};")


class Nginx(Process):
    """nginx with ``deploy/nginx.conf`` in front of servers on this machine."""

    name = "nginx"

    def __init__(self, *, commands: int, streams: int, port: int = 0, logdir: Path | None = None):
        port = port or free_port()
        self.prefix = Path(tempfile.mkdtemp(prefix="nginx-"))
        conf = self.prefix / "nginx.conf"
        conf.write_text(nginx_config(listen=port, commands=commands, streams=streams))
        directives = "daemon off; pid nginx.pid;"
        command = [nginx_binary(), "-p", str(self.prefix), "-c", str(conf), "-e", "stderr"]
        command += ["-g", directives]
        super().__init__(command, env=dict(os.environ), port=port, logdir=logdir)

    def stop(self, timeout: float = 10.0) -> None:
        super().stop(timeout)
        shutil.rmtree(self.prefix, ignore_errors=True)
