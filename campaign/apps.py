from django.apps import AppConfig


class CampaignConfig(AppConfig):
    """Campaigns and their members' roles, houses, characters and the house points ledger."""

    name = "campaign"
