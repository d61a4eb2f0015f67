"""The storyguide's view of games: every game of their campaigns, of every ruleset, in one list.

Read-only: games change only through commands (a new one is added through the New game
page, ``pages.new_game``, the same steps as from "My campaigns"); a running one can be
abandoned (its seed is then revealed), and only a game nobody has played a
command in can be deleted, so no log that might be audited disappears. The change page shows where
the game stands (the ruleset's own board, if it draws one), whether its log
verifies, and the log as the referee's transcript, each event as the
referee may see it while the game runs.
"""

from django.contrib import admin, messages
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import AppError
from core.responses import error_body
from games.campaign_app import REFEREE_ROLE, campaign_app
from games.models import Game
from games.ruleset import REFEREE, Actor
from games.selectors import event_as_seen, game_events, game_verify
from games.services import game_abandon

REFEREE_ACTOR = Actor(REFEREE)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "campaign", "ruleset", "status", "version", "created_at", "page"]
    # The campaigns of the games the user sees (get_queryset), never every campaign's name.
    list_filter = ["kind", "ruleset", "status", ("campaign", admin.RelatedOnlyFieldListFilter)]
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

    def get_queryset(self, request):
        """The games of the campaigns the user is storyguide of; all for a superuser."""
        games = super().get_queryset(request)
        if request.user.is_superuser:
            return games
        run = [pk for pk, role in campaign_app().roles(request).items() if role == REFEREE_ROLE]
        return games.filter(campaign_id__in=run)

    actions = ["abandon"]

    def has_add_permission(self, request):
        """A storyguide adds a game through the New game page of one of their campaigns."""
        return super().has_add_permission(request) and bool(self._campaigns_run(request))

    def add_view(self, request, form_url="", extra_context=None):
        """Games: Add leads to the New game page (the same steps as from "My campaigns"),
        of the campaign the storyguide runs, or of the one they choose."""
        campaigns = self._campaigns_run(request)
        if len(campaigns) == 1:
            return redirect("new-game", campaigns[0].slug)
        context = {
            **self.admin_site.each_context(request),
            "title": _("Add game"),
            "campaigns": [(c, reverse("new-game", args=[c.slug])) for c in campaigns],
        }
        return render(request, "admin/games/game/choose_campaign.html", context)

    @staticmethod
    def _campaigns_run(request) -> list:
        """The campaigns the user is storyguide of (the platform does not import their model)."""
        run = [pk for pk, role in campaign_app().roles(request).items() if role == REFEREE_ROLE]
        campaign_model = Game._meta.get_field("campaign").related_model
        return list(campaign_model.objects.filter(pk__in=run).order_by("name"))

    def has_delete_permission(self, request, obj=None):
        """Only an untouched game (no event in its log) can be deleted, one at a time."""
        if obj is None:
            return False  # no bulk delete: the list's action would skip this check
        return obj.version == 0 and super().has_delete_permission(request, obj)

    @admin.action(description=gettext_lazy("Abandon the selected games (reveals their seeds)"))
    def abandon(self, request, queryset):
        now = timezone.now()
        for game in queryset:
            try:
                game_abandon(game_id=game.pk, by=request.user, now=now)
            except AppError as refusal:
                said = error_body(refusal)["detail"]  # in the dashboard's language
                self.message_user(request, f"{game}: {said}", messages.WARNING)
            else:
                said = _("%(game)s: abandoned; its seed is revealed.") % {"game": game}
                self.message_user(request, said)

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description=gettext_lazy("seed (once revealed)"))
    def revealed_seed(self, game):
        return game.server_seed if game.seed_revealed else _("secret until the game ends")

    @admin.display(description=gettext_lazy("page"))
    def page(self, game):
        try:
            url = reverse(f"{game.kind}-page", args=[game.pk])
        except NoReverseMatch:  # a table log has no page of its own
            return "—"
        return format_html('<a href="{}">{}</a>', url, _("view"))

    def change_view(self, request, object_id, form_url="", extra_context=None):
        game = self.get_object(request, object_id)
        extra = extra_context or {}
        if game is not None:
            extra["log"] = [
                event_as_seen(game, event, REFEREE_ACTOR) for event in game_events(game)
            ]
            extra["verification"] = game_verify(game).to_json()
        return super().change_view(request, object_id, form_url, extra_context=extra)
