from django.urls import path
from rest_framework.routers import SimpleRouter

from core.numbers import ID_PATTERN
from discord_bridge import views

router = SimpleRouter()
router.register(
    rf"campaigns/(?P<campaign_pk>{ID_PATTERN})/discord/channels",
    views.ChannelViewSet,
    basename="discord-channel",
)

urlpatterns = [
    path("discord/interactions/", views.InteractionsView.as_view(), name="discord-interactions"),
    path(
        "campaigns/<int:campaign_pk>/discord/",
        views.ApplicationView.as_view(),
        name="discord-application",
    ),
    *router.urls,
]
