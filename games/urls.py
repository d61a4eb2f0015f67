from rest_framework.routers import SimpleRouter

from games.apis import MatchViewSet, SkirmishViewSet

router = SimpleRouter()
router.register("matches", MatchViewSet, basename="match")
router.register("skirmishes", SkirmishViewSet, basename="skirmish")

urlpatterns = router.urls
