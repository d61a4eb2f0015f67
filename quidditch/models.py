"""Matches as the dashboard lists them: the shared game rows of the match kind.

A quidditch match is stored as a :class:`games.models.Game` like every other
game, and served by ``/api/matches/``; this proxy gives the dashboard its own
list of the same games, one that never shows a skirmish or a table log.
"""

from django.db import models

from games.models import Game

KIND = "match"


class MatchManager(models.Manager):
    def get_queryset(self):
        return super().get_queryset().filter(kind=KIND)


class Match(Game):
    objects = MatchManager()

    class Meta:
        proxy = True
        verbose_name = "match"
        verbose_name_plural = "matches"
