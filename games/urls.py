from rest_framework.routers import SimpleRouter

from games.apis import MatchViewSet, RulesetViewSet

router = SimpleRouter()
router.register("rulesets", RulesetViewSet, basename="ruleset")
router.register("matches", MatchViewSet, basename="match")

urlpatterns = router.urls
