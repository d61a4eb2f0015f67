"""The typed stream reader of the clients' docs (issue 40: "the generated clients get a
typed reader"): the Python helper in ``docs/streams.md``, as written there, reads the
streams of a live server (``config.asgi`` under uvicorn) with the client
openapi-python-client generated from the contract, and gives each message's data as
the generated type its event name has in the contract.
"""

import re
from pathlib import Path

import pytest
from django.conf import settings
from knox.models import AuthToken

from tests.api.test_contract import contract, generated  # noqa: F401  (the fixtures)
from tests.games.conftest import GameTable
from tests.games.test_platform_api import submit
from tests.streams import asgi_server

pytestmark = pytest.mark.django_db(transaction=True)

DOCS = Path(settings.BASE_DIR) / "docs" / "streams.md"


@pytest.fixture(scope="module")
def follow():
    """The helper ``follow`` as the docs write it (the block that names its file)."""
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(), re.DOTALL)
    (helper,) = [block for block in blocks if block.startswith("# storyguide_stream.py")]
    namespace: dict = {}
    exec(compile(helper, str(DOCS), "exec"), namespace)
    return namespace["follow"]


def test_the_docs_reader_gives_each_message_as_its_generated_type(generated, follow, settings):  # noqa: F811
    settings.STREAM_POLL_SECONDS = 0.05
    table = GameTable()
    game = table.create_game(config={"target": 10**9})["id"]
    submit(table, table.player, game, {"action": "roll"})
    submit(table, table.storyguide, game, {"action": "finish"})
    models = generated.models
    token = AuthToken.objects.create(user=table.player)[1]
    with asgi_server() as server:
        client = generated.package.AuthenticatedClient(base_url=server, token=token, prefix="Token")
        of_the_game = list(
            follow(
                client,
                f"/api/matches/{game}/stream/",
                {"message": models.TallyRecord.from_dict, "end": models.StreamEnd.from_dict},
            )
        )
        of_the_campaign = []
        for message in follow(
            client,
            f"/api/campaigns/{table.campaign.pk}/games/stream/",
            {
                "message": lambda data: {"tally": models.TallyCampaignRecord}[
                    data["ruleset"]
                ].from_dict(data),
                "revoked": models.Error.from_dict,
            },
            after=0,
        ):
            of_the_campaign.append(message)
            if len(of_the_campaign) == 2:
                break
    assert [(event, type(data).__name__) for event, data in of_the_game] == [
        ("message", "TallyRecord"),
        ("message", "TallyRecord"),
        ("end", "StreamEnd"),
    ]
    assert [data.seq for _, data in of_the_game[:2]] == [1, 2]
    assert of_the_game[2][1].after == 2
    assert [(type(data).__name__, data.game, data.record.seq) for _, data in of_the_campaign] == [
        ("TallyCampaignRecord", game, 1),
        ("TallyCampaignRecord", game, 2),
    ]
