from django.apps import AppConfig


class CampaignConfig(AppConfig):
    """Campaigns and their members' roles, houses, characters and the house points ledger."""

    name = "campaign"

    def ready(self) -> None:
        # Importing the rules registers the table log with games.ruleset.find_ruleset.
        import campaign.rules.table_log  # noqa: F401
        from campaign.hosting import CampaignHost
        from games.hosting import register_host

        register_host(CampaignHost())
