from django.urls import path
from rest_framework.routers import SimpleRouter

from campaign import apis
from campaign.game_streams import CampaignGamesStreamView
from campaign.streams import CampaignStreamView
from games.streams import GameStreamView

router = SimpleRouter()
router.register("campaigns", apis.CampaignViewSet, basename="campaign")
router.register("memberships", apis.MembershipViewSet, basename="membership")
router.register("invitations", apis.InvitationViewSet, basename="invitation")
router.register("houses", apis.HouseViewSet, basename="house")
router.register("characters", apis.CharacterViewSet, basename="character")
router.register("house-points", apis.LedgerViewSet, basename="house-points")
router.register("table-logs", apis.TableLogViewSet, basename="table-log")

urlpatterns = [
    path("me/", apis.MeView.as_view(), name="me"),
    path("games/<int:pk>/counting/", apis.GameCountingView.as_view(), name="game-counting"),
    path("campaigns/<int:pk>/stream/", CampaignStreamView.as_view(), name="campaign-stream"),
    path(
        "campaigns/<int:pk>/games/stream/",
        CampaignGamesStreamView.as_view(),
        name="campaign-games-stream",
    ),
    path(
        "table-logs/<int:pk>/stream/",
        GameStreamView.as_view(kind="log"),
        name="table-log-stream",
    ),
    *router.urls,
]
