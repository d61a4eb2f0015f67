"""Issue 37, part 4, "the browsable API is served with DEBUG=0 (serve JSON only unless a
setting asks)".

The renderers are chosen when the settings are read, and DRF's views keep the list they
were given, so each case reads the settings afresh in a process of its own, with the
environment of a deployment (``DEBUG=0``) and without.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
"""What a browser asks for when it opens a link."""
BROWSABLE = "rest_framework.renderers.BrowsableAPIRenderer"

ASK = """
import json, sys
import django
django.setup()
from django.conf import settings
from django.test import Client

answers = []
for accept in sys.argv[1:]:
    client = Client(raise_request_exception=False)
    answer = client.get("/api/rulesets/", HTTP_ACCEPT=accept, secure=True)
    answers.append([answer.status_code, answer["Content-Type"]])
renderers = settings.REST_FRAMEWORK["DEFAULT_RENDERER_CLASSES"]
print(json.dumps({"renderers": renderers, "answers": answers}))
"""


def served(tmp_path, environment: dict[str, str], *accepts: str) -> dict:
    """The renderers the settings name and, for each ``Accept``, the status and type of
    ``GET /api/rulesets/`` (anonymous, no database), in a process with ``environment``."""
    env = {key: value for key, value in os.environ.items() if key not in {"DEBUG", "BROWSABLE_API"}}
    env |= {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": "a-secret-for-this-test-only-" * 2,
        "ALLOWED_HOSTS": "testserver",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}",
        **environment,
    }
    env.pop("CACHE_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", ASK, *accepts],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_with_debug_off_a_request_for_html_to_the_api_answers_json(tmp_path):
    """Issue 37 (the browsable API served with DEBUG=0): with ``DEBUG=0`` the API renders
    JSON only: a browser's ``Accept`` gets 200 ``application/json``, a bare
    ``Accept: text/html`` gets JSON too (406 ``not_acceptable``, the one format it has),
    and no HTML page of DRF's."""
    seen = served(tmp_path, {"DEBUG": "0"}, BROWSER, "text/html")
    assert seen["answers"] == [[200, "application/json"], [406, "application/json"]]
    assert seen["renderers"] == ["core.renderers.FastJSONRenderer"]


def test_the_browsable_api_is_served_when_a_setting_asks_and_in_development(tmp_path):
    """Issue 37 (the browsable API served with DEBUG=0): ``BROWSABLE_API=1`` turns DRF's
    HTML pages on with ``DEBUG=0``; ``DEBUG=1`` has them by default, ``BROWSABLE_API=0``
    turns them off there too."""
    assert BROWSABLE in served(tmp_path, {"DEBUG": "0", "BROWSABLE_API": "1"})["renderers"]
    development = served(tmp_path, {"DEBUG": "1"}, BROWSER)
    assert BROWSABLE in development["renderers"]
    assert development["answers"] == [[200, "text/html; charset=utf-8"]]
    assert BROWSABLE not in served(tmp_path, {"DEBUG": "1", "BROWSABLE_API": "0"})["renderers"]
