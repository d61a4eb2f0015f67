"""Draco Dormiens skirmishes on the shared game resources."""

from games.apis import PlayableGameViewSet


class SkirmishViewSet(PlayableGameViewSet):
    """Draco Dormiens skirmishes."""

    kind = "skirmish"
