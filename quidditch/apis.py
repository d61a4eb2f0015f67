"""Quidditch matches on the shared game resources."""

from games.apis import PlayableGameViewSet


class MatchViewSet(PlayableGameViewSet):
    """Quidditch matches under any of the quidditch rulesets."""

    kind = "match"
