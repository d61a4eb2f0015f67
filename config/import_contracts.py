"""The import contracts, made from the one list of games, and checked by import-linter.

``python -m config.import_contracts`` (``.ci/run``, and
``tests/core/test_architecture.py``) writes the contracts for this project's apps and
``settings.GAMES`` to a temporary import-linter file and runs ``lint-imports`` on it:

- the layers: ``core`` <- ``games`` <- ``campaign`` <- the games <- ``league``,
  ``webhooks`` <- ``pages``, ``discord_bridge``;
- the games are independent of one another: no game package imports a sibling;
- the pure modules import neither Django nor DRF: the platform's rules, dice, chain,
  verifier, bots, tables and texts, the campaign's and the league's rules, and every
  module of every game but those that face Django (``GameConfig.django_modules``);
- a game's rules (its ``rules/``) import nothing of its package outside ``rules/``: not
  its words, narration, table, bots or manifest (issue 41), which read the rules, never
  the reverse.

A new game is held to all three by its line in ``settings.GAMES``, and nothing else.
"""

from __future__ import annotations

import os
import pkgutil
import subprocess
import sys
import tempfile
from importlib import import_module
from pathlib import Path

#: The platform's and the apps' own pure modules (the games' come from the list of games).
PURE = (
    "core.errors",
    "games.ruleset",
    "games.dice",
    "games.foresight",
    "games.awaiting",
    "games.bots",
    "games.chain",
    "games.verification",
    "games.conformance",
    "games.texts",
    "games.tables",
    "campaign.rules",
    "league.rules",
)
LAYERS = ("pages | discord_bridge", "league | webhooks", "{games}", "campaign", "games", "core")


def game_modules(game: str) -> list[str]:
    """The pure modules of a game package: all of its own but those that face Django."""
    from django.apps import apps

    config = next(c for c in apps.get_app_configs() if c.name == game)
    package = import_module(game)
    return [
        f"{game}.{info.name}"
        for info in pkgutil.iter_modules(package.__path__)
        if info.name not in config.django_modules
    ]


def outside_the_rules(game: str) -> list[str]:
    """The modules of a game package that are not its rules: what ``rules/`` never imports."""
    package = import_module(game)
    return [
        f"{game}.{info.name}"
        for info in pkgutil.iter_modules(package.__path__)
        if info.name != "rules"
    ]


def contracts(games: list[str]) -> str:
    """The import-linter configuration (INI) for these games."""
    roots = sorted(
        {"core", "games", "campaign", "league", "webhooks", "pages", "discord_bridge"}
        | {game.split(".")[0] for game in games}
    )
    layers = [layer.format(games=" | ".join(games)) for layer in LAYERS]
    pure = [*PURE, *(module for game in games for module in game_modules(game))]
    return "\n".join(
        [
            "[importlinter]",
            "root_packages =",
            *(f"    {root}" for root in roots),
            "include_external_packages = True",
            "",
            "[importlinter:contract:layers]",
            "name = Layers: core <- games <- campaign <- the games <- league, webhooks"
            " <- pages, discord_bridge",
            "type = layers",
            "layers =",
            *(f"    {layer}" for layer in layers),
            "",
            "[importlinter:contract:games]",
            "name = The games are independent of one another",
            "type = independence",
            "modules =",
            *(f"    {game}" for game in games),
            "",
            "[importlinter:contract:pure]",
            "name = Pure rules: no Django, no DRF",
            "type = forbidden",
            "source_modules =",
            *(f"    {module}" for module in pure),
            "forbidden_modules =",
            "    django",
            "    rest_framework",
            "",
            "[importlinter:contract:rules]",
            "name = A game's rules import nothing of its package outside rules/",
            "type = forbidden",
            "source_modules =",
            *(f"    {game}.rules" for game in games),
            "forbidden_modules =",
            *(f"    {module}" for game in games for module in outside_the_rules(game)),
            "",
        ]
    )


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.conf import settings

    django.setup()
    with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False) as config:
        config.write(contracts(settings.GAMES))
    try:
        lint = Path(sys.executable).with_name("lint-imports")
        return subprocess.run([str(lint), "--no-cache", config.name], check=False).returncode
    finally:
        os.unlink(config.name)


if __name__ == "__main__":
    sys.exit(main())
