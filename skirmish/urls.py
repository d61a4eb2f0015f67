from rest_framework.routers import SimpleRouter

from skirmish.apis import SkirmishViewSet

router = SimpleRouter()
router.register("skirmishes", SkirmishViewSet, basename="skirmish")

urlpatterns = router.urls
