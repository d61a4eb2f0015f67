"""Imports point one way and a game is a package named once (docs/architecture.md; issue 31).

``settings.GAMES`` is the one list of games: ``INSTALLED_APPS``, the registry of
rulesets, the import contracts (``config.import_contracts``) and the README's table of
rulesets follow from it, and these tests fail when they disagree. import-linter reads
every module's imports: ``core`` <- ``games`` <- ``campaign`` <- the games <- ``league``,
``webhooks`` <- ``pages``; no game imports another; the pure modules import no Django.
"""

import re
import subprocess
import sys
from pathlib import Path

from django.apps import apps
from django.conf import settings

from games.manifest import manifest_of
from games.packages import GameConfig
from games.ruleset import package_of, ruleset_names

ROOT = Path(__file__).resolve().parents[2]


def test_every_import_contract_is_kept():
    run = subprocess.run(
        [sys.executable, "-m", "config.import_contracts"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:]
    assert "4 kept, 0 broken" in run.stdout


def test_every_game_in_the_one_list_is_an_installed_game_package():
    configs = {config.name: config for config in apps.get_app_configs()}
    assert all(isinstance(configs.get(game), GameConfig) for game in settings.GAMES)
    assert [name for name, config in configs.items() if isinstance(config, GameConfig)] == list(
        settings.GAMES
    ), "no game is installed but through the list"


def test_the_registry_holds_the_rulesets_of_the_listed_games_and_no_other_games():
    """A ruleset comes from a listed game, or is a log an app writes itself (the campaign's
    table log), never a game that is not in the list (but the toys tests register)."""
    packages = {
        name: package_of(name)
        for name in ruleset_names()
        if not package_of(name).startswith(("tests.", "games.testing"))
    }
    games = {name for name, package in packages.items() if package in settings.GAMES}
    assert {packages[name] for name in games} == set(settings.GAMES), "each game registers"
    others = set(packages) - games
    assert all(not manifest_of(name).played_by_commands for name in others), others


def test_the_readme_lists_every_game_with_its_rules_page():
    readme = (ROOT / "README.md").read_text()
    listed = dict(re.findall(r"^\| `([a-z-]+)` \| [^|]+ \| `(docs/rules/[^`]+)`", readme, re.M))
    games = {name for name in ruleset_names() if package_of(name) in settings.GAMES}
    assert set(listed) == games
    assert all((ROOT / page).exists() for page in listed.values())
