from rest_framework.routers import SimpleRouter

from campaign import apis

router = SimpleRouter()
router.register("campaigns", apis.CampaignViewSet, basename="campaign")
router.register("memberships", apis.MembershipViewSet, basename="membership")
router.register("invitations", apis.InvitationViewSet, basename="invitation")
router.register("houses", apis.HouseViewSet, basename="house")
router.register("characters", apis.CharacterViewSet, basename="character")
router.register("house-points", apis.LedgerViewSet, basename="house-points")
router.register("table-logs", apis.TableLogViewSet, basename="table-log")

urlpatterns = router.urls
