from django.urls import path

from discord_bridge import webpages as pages

urlpatterns = [
    path("discord/link/", pages.link, name="discord-link"),
    path("campaigns/<slug:slug>/discord/", pages.connect, name="discord-connect"),
]
