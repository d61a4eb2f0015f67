from rest_framework.routers import SimpleRouter

from league import apis

router = SimpleRouter()
router.register("cup-years", apis.CupYearViewSet, basename="cup-year")
router.register("fixtures", apis.FixtureViewSet, basename="fixture")

urlpatterns = router.urls
