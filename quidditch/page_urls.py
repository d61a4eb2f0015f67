"""Pages for people rather than clients, included at the site's root (not under /api/)."""

from django.urls import path

from quidditch import views

urlpatterns = [
    path("matches/<int:pk>/", views.match_page, name="match-page"),
]
