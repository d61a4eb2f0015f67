from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class WebhooksConfig(AppConfig):
    """Outgoing webhooks of a campaign: endpoints, the outbox, deliveries and their attempts."""

    name = "webhooks"
    verbose_name = gettext_lazy("Webhooks")

    def ready(self) -> None:
        from campaign.activity import activity_recorded
        from games.signals import event_appended
        from webhooks import outbox

        activity_recorded.connect(outbox.activity_recorded, dispatch_uid="webhooks-activity")
        event_appended.connect(outbox.event_appended, dispatch_uid="webhooks-game-event")
