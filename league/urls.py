from django.urls import path
from rest_framework.routers import SimpleRouter

from league import apis
from league.streams import CupYearStreamView

router = SimpleRouter()
router.register("cup-years", apis.CupYearViewSet, basename="cup-year")
router.register("fixtures", apis.FixtureViewSet, basename="fixture")

urlpatterns = [
    path("cup-years/<int:pk>/stream/", CupYearStreamView.as_view(), name="cup-year-stream"),
    *router.urls,
]
