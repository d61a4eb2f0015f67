"""Issue 40, "Done when": TypeScript types that openapi-typescript generates from the
contract with its default options compile under ``tsc --strict`` together with the sample
plugin of ``clients/typescript/``, and the plugin, compiled, plays one game of each kind
against a live server under node, following each game's stream, to its end. No
``command`` in the types is typed as nothing (``{}``, ``Omit<…Command, "action">``).

The pinned tools (``package-lock.json``) are installed by ``npm ci`` into a scratch copy
of the plugin. Without node and npm, or without the npm registry, the tests are skipped,
saying why.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from django.conf import settings
from django.test import Client

from tests.factories import PASSWORD, UserFactory
from tests.support import games_played

CLIENT = Path(settings.BASE_DIR) / "clients" / "typescript"
#: The rulesets the service serves itself, one game of each (the toys tests register are
#: played too, but not asked for).
SERVED = set(games_played())
#: What npm says when the registry cannot be reached.
UNREACHABLE = re.compile(r"ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH")

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("node", "npm", "npx")),
    reason="needs node, npm and npx on the PATH (the TypeScript sample plugin)",
)


def run(command: list[str], folder: Path, *, timeout: float = 120, **env) -> str:
    """Run ``command`` in ``folder``; its output, or the test fails with it (and with what
    it said before it ran out of time)."""
    try:
        done = subprocess.run(
            command,
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
            env={**os.environ, **env},
        )
    except subprocess.TimeoutExpired as late:
        said = (late.stdout or b"").decode(errors="replace") if late.stdout else ""
        pytest.fail(f"{' '.join(command)} still ran after {timeout} s; it had said:\n{said}")
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    """The sample plugin in a scratch folder, with its pinned tools (``npm ci``)."""
    folder = tmp_path_factory.mktemp("typescript")
    for name in ("package.json", "package-lock.json", "tsconfig.json"):
        shutil.copy(CLIENT / name, folder / name)
    shutil.copytree(CLIENT / "src", folder / "src", ignore=shutil.ignore_patterns("*.d.ts"))
    installed = subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    said = installed.stdout + installed.stderr
    if installed.returncode != 0 and UNREACHABLE.search(said):
        pytest.skip(f"npm ci cannot reach the npm registry: {said.strip()[-300:]}")
    assert installed.returncode == 0, said
    return folder


@pytest.fixture(scope="module")
def types(plugin) -> str:
    """``src/storyguide.d.ts``: openapi-typescript's output for ``/api/schema/``, by its
    default options (as ``npm run types`` makes it)."""
    schema = Client().get("/api/schema/", {"format": "json"})
    assert schema.status_code == 200
    (plugin / "openapi.json").write_bytes(schema.content)
    run(["npx", "openapi-typescript", "openapi.json", "--output", "src/storyguide.d.ts"], plugin)
    return (plugin / "src" / "storyguide.d.ts").read_text()


def test_every_command_is_typed_as_its_ruleset_s_command(types):
    """Issue 40: ``command`` was ``{}`` in 18 places (``*SubmissionRequest``, ``*Record``,
    ``*DiceAwaited``), an ``allOf`` around the ruleset's union read as
    ``Omit<XCommand, "action">``. Each is now the ruleset's command, its union of actions."""
    typed_as = re.findall(r"^\s*(?:readonly )?command\??: (.+);$", types, re.MULTILINE)
    named = [
        t for t in typed_as if re.fullmatch(r'components\["schemas"\]\["\w+Command(Request)?"\]', t)
    ]
    assert typed_as == named, sorted(set(typed_as) - set(named))
    for ruleset in ("ChatQuidditch", "Skirmish", "TabletopQuidditch"):
        for component in ("SubmissionRequest", "Record", "DiceAwaited"):
            block = types.split(f"        {ruleset}{component}: {{\n", 1)[1].split("\n        }")[0]
            command = rf'command\??: components\["schemas"\]\["{ruleset}Command(Request)?"\];'
            assert re.search(command, block), (ruleset, component)


def test_a_new_game_s_optional_fields_stay_optional_in_the_types(types):
    """Issue 40: with a ``default`` in the schema, openapi-typescript made ``title``,
    ``public``, ``friendly`` and ``entered_dice`` required in every create body, and a
    ruleset's own settings (a chat match's ``rounds``) in its config."""
    optional = {
        "ChatQuidditchGameCreateRequest": ("title", "public", "friendly", "entered_dice"),
        "SkirmishCreateRequest": ("title", "public", "friendly", "entered_dice"),
        "ChatQuidditchConfigRequest": ("rounds", "answer_seconds", "referee_releases"),
    }
    for component, fields in optional.items():
        block = types.split(f"        {component}: {{\n", 1)[1].split("\n        }")[0]
        for field in fields:
            assert re.search(rf"^\s*{field}\?: ", block, re.MULTILINE), (component, field)
    answered = types.split("        ChatQuidditchConfig: {\n", 1)[1].split("\n        }")[0]
    assert re.search(r"^\s*rounds: number;", answered, re.MULTILINE), "an answer has them all"


@pytest.fixture(scope="module")
def built(plugin, types) -> Path:
    """The types and the plugin compiled under ``tsc --strict`` into ``build/`` (nothing is
    written where anything fails to compile: ``noEmitOnError``)."""
    run(["npx", "tsc", "--strict", "--noEmitOnError"], plugin)
    return plugin / "build"


def test_the_types_and_the_sample_plugin_compile_under_tsc_strict(built):
    """The plugin holds a line that must not compile (a command without its action,
    under ``@ts-expect-error``): with ``command`` typed as nothing, it would."""
    assert sorted(path.name for path in built.glob("*.js")) == ["play.js", "stream.js"]


def test_the_sample_plugin_plays_one_game_of_each_kind_following_its_stream(
    plugin, built, live_service, settings, figures
):
    """Under node, against the live server, with a storyguide's token: each ruleset's game,
    created from its example config (two shortened), played from its offered commands to
    its end; the stream sent every record of the game and then its ``end``."""
    settings.STREAM_POLL_SECONDS = 0.05
    storyguide = UserFactory()
    with httpx.Client(base_url=live_service.url, timeout=30) as http:
        token = http.post(
            "/api/auth/token/", json={"username": storyguide.username, "password": PASSWORD}
        ).json()["token"]
        campaign = http.post(
            "/api/campaigns/",
            json={"name": "Plugins", "slug": "plugins"},
            headers={"Authorization": f"Token {token}"},
        ).json()["id"]
    started = time.monotonic()
    out = run(
        ["node", "build/play.js"],
        plugin,
        timeout=120,
        STORYGUIDE_URL=live_service.url,
        STORYGUIDE_TOKEN=token,
        STORYGUIDE_CAMPAIGN=str(campaign),
    )
    played = {game["ruleset"]: game for game in map(json.loads, out.splitlines())}
    figures.append(
        f"typescript: the sample plugin played {len(played)} games under node in "
        f"{time.monotonic() - started:.1f} s"
    )
    assert set(played) >= SERVED, out
    for name in SERVED:
        game = played[name]
        assert game["status"] == "finished", game
        assert game["sentence"] is not None, game  # the result's, once over
        assert (game["streamed"], game["last_streamed"], game["ended"]) == (
            game["version"],
            game["version"],
            True,
        ), game
