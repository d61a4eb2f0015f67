"""The house cup's news on its campaign's activity line (and the cup year's stream)."""

from django.db import models

from campaign.activity import Kind, register


class CupNews(models.TextChoices):
    FIXTURE_STARTED = "fixture_started", "Cup game started"
    FIXTURE_FINISHED = "fixture_finished", "Cup game finished"
    STANDINGS_CHANGED = "standings_changed", "Standings changed"
    PROJECTIONS_CHANGED = "projections_changed", "Cup odds recomputed"


SENTENCES = {
    CupNews.FIXTURE_STARTED: "Cup game: {home} against {away} has begun.",
    CupNews.FIXTURE_FINISHED: "Cup game: {home} against {away} is over.",
    CupNews.STANDINGS_CHANGED: "The standings of {name} have changed.",
    CupNews.PROJECTIONS_CHANGED: "",
}

register(*(Kind(news.value, news.label, SENTENCES[news]) for news in CupNews))
