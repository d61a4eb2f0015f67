import pytest

import games.testing  # noqa: F401  (registers the "tally" ruleset)
import tests.games.toy  # noqa: F401  (registers the "high-card" ruleset)
from tests.support import Table


class GameTable(Table):
    def create_game(self, **extra) -> dict:
        body = {
            "campaign": self.campaign.pk,
            "ruleset": "tally",
            "config": {"target": 1000},
            "seats": {"alice": self.player.pk},
            **extra,
        }
        response = self.client(self.storyguide).post("/api/matches/", body, format="json")
        assert response.status_code == 201, response.json()
        return response.json()


@pytest.fixture
def table(db):
    return GameTable()
