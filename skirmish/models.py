"""Skirmishes as the dashboard lists them: the shared game rows of the skirmish kind.

A skirmish is stored as a :class:`games.models.Game` like every other game;
this proxy only gives the dashboard its own list, one that never shows a
quidditch match or a table log.
"""

from django.db import models

from games.models import Game

KIND = "skirmish"


class SkirmishManager(models.Manager):
    def get_queryset(self):
        return super().get_queryset().filter(kind=KIND)


class Skirmish(Game):
    objects = SkirmishManager()

    class Meta:
        proxy = True
        verbose_name = "skirmish"
        verbose_name_plural = "skirmishes"
