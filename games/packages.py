"""A game is a package: a Django app that registers its manifest, whose modules are pure.

``settings.GAMES`` names the installed games once (docs/architecture.md, "How to add a
game"). ``INSTALLED_APPS`` takes them from there; each game's app (a :class:`GameConfig`)
registers the game's manifest (its rules, words, table and bots, :mod:`games.manifest`)
when Django starts; and the import contracts
(:mod:`config.import_contracts`) are made from the same list: every module of a game is
pure (no Django, no DRF) but those that face Django, and no game imports another.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

from django.apps import AppConfig
from django.conf import settings
from django.urls import include, path

from games.manifest import register_manifest


class GameConfig(AppConfig):
    """The app of a game package. Its ``apps.py`` names it as ``packages.GameConfig``, so
    that Django finds the package's own subclass as the one app config of the module."""

    #: The package's modules that face Django; every other one is held to be pure.
    django_modules: frozenset[str] = frozenset(
        {
            "apps",
            "admin",
            "apis",
            "demo",
            "migrations",
            "models",
            "page_urls",
            "receivers",
            "serializers",
            "services",
            "streams",
            "tasks",
            "templatetags",
            "urls",
            "views",
        }
    )

    def ready(self) -> None:
        """Register the game: its manifest (``manifest.py``, :mod:`games.manifest`)."""
        register_manifest(import_module(f"{self.name}.manifest").MANIFEST)


def games_urls(module: str) -> list:
    """The URLs the games add, each from its package's ``module`` (``urls`` under /api/,
    ``page_urls`` for the pages) where it has one, in the order of the list of games."""
    return [
        path("", include(f"{game}.{module}"))
        for game in settings.GAMES
        if find_spec(f"{game}.{module}") is not None
    ]
