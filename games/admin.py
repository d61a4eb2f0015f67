"""The storyguide's view of games: every game of their campaigns, its state and its log."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from campaign.admin import StoryguideScopedAdmin
from games.models import Game
from games.ruleset import find_ruleset
from games.selectors import game_events, game_verify

API_BASENAMES = {"match": "match", "skirmish": "skirmish", "log": "table-log"}


class GameAdminBase(StoryguideScopedAdmin):
    """Read-only: games change only through commands. Subclasses add ruleset panels."""

    list_display = ["__str__", "campaign", "ruleset", "status", "version", "created_at", "api"]
    list_filter = ["status", "ruleset", "campaign"]
    list_select_related = ["campaign"]
    search_fields = ["title"]
    change_form_template = "admin/games/game/change_form.html"
    readonly_fields = [
        "campaign",
        "ruleset",
        "title",
        "status",
        "version",
        "public",
        "entered_dice",
        "seed_commitment",
        "client_seed",
        "revealed_seed",
        "next_nonce",
        "created_at",
        "finished_at",
    ]
    exclude = ["config", "state", "server_seed", "last_hash", "referee", "created_by"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description="seed (once revealed)")
    def revealed_seed(self, game):
        return game.server_seed if game.seed_revealed else "secret until the game ends"

    @admin.display(description="API")
    def api(self, game):
        url = reverse(f"{API_BASENAMES[game.kind]}-detail", args=[game.pk])
        return format_html(
            '<a href="{}">state</a> · <a href="{}events/">log</a> · <a href="{}verify/">verify</a>',
            url,
            url,
            url,
        )

    def change_view(self, request, object_id, form_url="", extra_context=None):
        game = self.get_object(request, object_id)
        extra = extra_context or {}
        if game is not None:
            rules = find_ruleset(game.ruleset)
            extra["log"] = [
                {**event, "narration": [rules.narrate(item) for item in event["events"]]}
                for event in game_events(game)
            ]
            extra["verification"] = game_verify(game).to_json()
            extra["state_view"] = game.state
        return super().change_view(request, object_id, form_url, extra_context=extra)


@admin.register(Game)
class GameAdmin(GameAdminBase):
    """All games of the storyguide's campaigns."""
