from rest_framework.routers import SimpleRouter

from webhooks import apis

WEBHOOKS = r"campaigns/(?P<campaign_pk>[0-9]+)/webhooks"

router = SimpleRouter()
router.register(WEBHOOKS, apis.WebhookViewSet, basename="webhook")
router.register(
    rf"{WEBHOOKS}/(?P<webhook_pk>[0-9]+)/deliveries",
    apis.DeliveryViewSet,
    basename="webhook-delivery",
)

urlpatterns = router.urls
