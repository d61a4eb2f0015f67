"""Quidditch matches on the shared game resources."""

from django.utils import timezone
from drf_spectacular.utils import extend_schema

from games import services as game_services
from games.apis import PlayableGameViewSet
from games.serializers import GameSerializer
from quidditch import services
from quidditch.serializers import MatchCreateSerializer


class MatchViewSet(PlayableGameViewSet):
    """Quidditch matches under any of the quidditch rulesets."""

    kind = "match"

    @extend_schema(
        request=MatchCreateSerializer,
        responses={201: GameSerializer},
    )
    def create(self, request):
        """Set up a match; only a storyguide of the campaign may.

        Chat-Quidditch matches are built from two houses and their characters
        (nicks per §4.1.1, each character's player commanding its nick).
        """
        incoming = MatchCreateSerializer(
            data=request.data, context={"request": request, "kind": self.kind}
        )
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        common = {
            "campaign": data["campaign"],
            "title": data["title"],
            "public": data["public"],
            "entered_dice": data["entered_dice"],
            "client_seed": data.get("client_seed"),
            "created_by": request.user,
            "now": timezone.now(),
        }
        if data["ruleset"] == services.CHAT_QUIDDITCH:
            teams = [
                services.Team(
                    house=team["house"],
                    players=[(p["character"], p["position"]) for p in team["players"]],
                    captain=team["captain"],
                    experience={p["character"].pk: p["xp"] for p in team["players"] if "xp" in p},
                )
                for team in data["teams"]
            ]
            game = services.match_create(teams=teams, settings=data["settings"], **common)
        else:
            game = game_services.game_create(
                ruleset=data["ruleset"], config=data["config"], seats=data.get("seats"), **common
            )
        return self._answer(game, status=201)
