"""The house cup's news on its campaign's activity line (and the cup year's stream)."""

from django.db import models
from django.utils.translation import gettext_noop as _

from campaign.activity import ID, TEXT, WHOLE, Kind, fields, nullable, register


class CupNews(models.TextChoices):
    FIXTURE_STARTED = "fixture_started", "Cup game started"
    FIXTURE_FINISHED = "fixture_finished", "Cup game finished"
    STANDINGS_CHANGED = "standings_changed", "Standings changed"
    PROJECTIONS_CHANGED = "projections_changed", "Cup odds recomputed"


#: Each kind in a sentence, marked for the catalogues (told in a reader's language).
SENTENCES = {
    CupNews.FIXTURE_STARTED: _("Cup game: %(home)s against %(away)s has begun."),
    CupNews.FIXTURE_FINISHED: _("Cup game: %(home)s against %(away)s is over."),
    CupNews.STANDINGS_CHANGED: _("The standings of %(name)s have changed."),
    CupNews.PROJECTIONS_CHANGED: "",
}

FIXTURE = {
    "cup_year": ID,
    "fixture": ID,
    "key": {**TEXT, "description": "The fixture's place in the cup year's plan."},
    "home": {**TEXT, "description": "The home house's name."},
    "away": {**TEXT, "description": "The away house's name."},
}
CUP_YEAR = {"cup_year": ID, "name": {**TEXT, "description": "The cup year's name."}}
RESULT = {
    "type": "object",
    "description": "The game's result as its ruleset gives the cup (its cup_result), "
    "each team named by its house's name now, the home team first.",
    "properties": {
        "teams": {
            "type": "array",
            "items": {"type": "object", "properties": {"house": TEXT}, "required": ["house"]},
        }
    },
    "required": ["teams"],
}

DATA = {
    CupNews.FIXTURE_STARTED: fields("A cup game began.", **FIXTURE, game=ID),
    CupNews.FIXTURE_FINISHED: fields(
        "A cup game ended; its result is published.", **FIXTURE, result=nullable(RESULT)
    ),
    CupNews.STANDINGS_CHANGED: fields("The cup's table changed.", **CUP_YEAR),
    CupNews.PROJECTIONS_CHANGED: fields(
        "The cup year's odds were computed again (GET /api/cup-years/{id}/projections/).",
        **CUP_YEAR,
        projection=ID,
        seed={**WHOLE, "description": "The seed the simulated seasons were played with."},
        games_played=WHOLE,
    ),
}

register(*(Kind(news.value, news.label, SENTENCES[news], DATA[news]) for news in CupNews))
