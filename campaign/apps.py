from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class CampaignConfig(AppConfig):
    """Campaigns and their members' roles, houses, characters and the house points ledger."""

    name = "campaign"
    verbose_name = gettext_lazy("Campaigns")

    def ready(self) -> None:
        # Importing the rules registers the table log with games.ruleset.find_ruleset.
        import campaign.rules.table_log  # noqa: F401
        from campaign import receivers
        from campaign.for_games import CampaignApp
        from campaign.roles import roles_key
        from core.throttling import READ_WITH_A_WRITE
        from games.campaign_app import register_campaign_app
        from games.signals import game_abandoned, game_finished, game_started

        register_campaign_app(CampaignApp())
        if roles_key not in READ_WITH_A_WRITE:  # a write's caller's roles, read ahead
            READ_WITH_A_WRITE.append(roles_key)
        game_started.connect(receivers.game_started, dispatch_uid="campaign-game-started")
        game_finished.connect(receivers.game_finished, dispatch_uid="campaign-game-finished")
        game_abandoned.connect(receivers.game_finished, dispatch_uid="campaign-game-abandoned")
