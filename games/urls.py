from django.urls import path
from rest_framework.routers import SimpleRouter

from games.apis import MatchViewSet, RulesetViewSet
from games.streams import GameStreamView

router = SimpleRouter()
router.register("rulesets", RulesetViewSet, basename="ruleset")
router.register("matches", MatchViewSet, basename="match")

urlpatterns = [
    path("matches/<int:pk>/stream/", GameStreamView.as_view(kind="match"), name="match-stream"),
    *router.urls,
]
