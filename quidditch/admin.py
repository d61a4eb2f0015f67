"""The storyguide's view of matches: the game admin, plus where the match stands.

The change page links to the referee's page (``/matches/<id>/``), which shows
the whole state and the transcript on a phone; here a panel shows the score,
the round and possession above the log.
"""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from games.admin import GameAdminBase
from quidditch.models import Match
from quidditch.services import CHAT_QUIDDITCH
from quidditch.views import match_board


@admin.register(Match)
class MatchAdmin(GameAdminBase):
    """Matches of the storyguide's campaigns, each with its state, log and proof."""

    change_form_template = "admin/quidditch/match/change_form.html"
    list_display = [*GameAdminBase.list_display, "page"]

    @admin.display(description="referee's page")
    def page(self, game):
        if game.ruleset != CHAT_QUIDDITCH:
            return "—"
        return format_html('<a href="{}">view</a>', reverse("match-page", args=[game.pk]))

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = extra_context or {}
        game = self.get_object(request, object_id)
        if game is not None and game.ruleset == CHAT_QUIDDITCH:
            extra["board"] = match_board(game.state)
            extra["page_url"] = reverse("match-page", args=[game.pk])
        return super().change_view(request, object_id, form_url, extra_context=extra)
