from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    """Outgoing webhooks of a campaign: endpoints, the outbox, deliveries and their attempts."""

    name = "webhooks"

    def ready(self) -> None:
        from campaign.activity import activity_recorded
        from games.signals import event_appended
        from webhooks import outbox

        activity_recorded.connect(outbox.activity_recorded, dispatch_uid="webhooks-activity")
        event_appended.connect(outbox.event_appended, dispatch_uid="webhooks-game-event")
