from django.urls import path
from rest_framework.routers import SimpleRouter

from core.numbers import ID_PATTERN
from webhooks import apis

WEBHOOKS = rf"campaigns/(?P<campaign_pk>{ID_PATTERN})/webhooks"

router = SimpleRouter()
router.register(WEBHOOKS, apis.WebhookViewSet, basename="webhook")
router.register(
    rf"{WEBHOOKS}/(?P<webhook_pk>{ID_PATTERN})/deliveries",
    apis.DeliveryViewSet,
    basename="webhook-delivery",
)

urlpatterns = [
    path("webhooks/schema/", apis.PayloadSchemaView.as_view(), name="webhook-payload-schema"),
    *router.urls,
]
