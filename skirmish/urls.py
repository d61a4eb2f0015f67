from django.urls import path
from rest_framework.routers import SimpleRouter

from games.streams import GameStreamView
from skirmish.apis import SkirmishViewSet

router = SimpleRouter()
router.register("skirmishes", SkirmishViewSet, basename="skirmish")

urlpatterns = [
    path(
        "skirmishes/<int:pk>/stream/",
        GameStreamView.as_view(kind="skirmish"),
        name="skirmish-stream",
    ),
    *router.urls,
]
