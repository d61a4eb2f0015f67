from rest_framework.routers import SimpleRouter

from quidditch.apis import MatchViewSet

router = SimpleRouter()
router.register("matches", MatchViewSet, basename="match")

urlpatterns = router.urls
