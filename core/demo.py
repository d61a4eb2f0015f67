"""The demo data, told by each app in turn.

Each app that has something to show keeps it in its own ``demo`` module and
registers a step here; ``seed_demo`` finds those modules in the order of
``INSTALLED_APPS`` (an app after those it builds on), so that ``core`` seeds
the campaign, its skirmish and its house cup without importing any of them.
Every step is idempotent: seeding again changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.utils.module_loading import autodiscover_modules


@dataclass
class Demo:
    """What the steps hand on: the demo storyguide, and lines to tell whoever seeded;
    ``url`` is where the service is served, for those lines."""

    url: str = "http://127.0.0.1:8000/"
    storyguide: Any = None
    notes: list[str] = field(default_factory=list)


Step = Callable[[Demo], None]
_steps: list[Step] = []


def step(seed: Step) -> Step:
    """Decorator: a step of the demo, run after those of the apps listed before."""
    _steps.append(seed)
    return seed


def seed(url: str = Demo.url) -> Demo:
    autodiscover_modules("demo")
    order = [config.name for config in apps.get_app_configs()]
    demo = Demo(url=url)
    for seed_step in sorted(_steps, key=lambda s: order.index(_app_of(s))):
        seed_step(demo)
    return demo


def _app_of(seed_step: Step) -> str:
    return apps.get_containing_app_config(seed_step.__module__).name
