"""The streams in the contract (issue 40, "Everything in the contract": each stream
operation declares its security and documents its messages, event names and the schema
of each ``data``, with ``end`` and ``revoked``).
"""

import json

import pytest
from drf_spectacular.generators import SchemaGenerator
from openapi_schema_validator import OAS30ReadValidator
from openapi_spec_validator import validate as validate_spec

from tests.api.test_contract import SERVED
from tests.games.conftest import GameTable
from tests.games.test_platform_api import submit
from tests.games.test_streams import token
from tests.streams import asgi_server, read_stream

#: Each stream operation: who may open it without credentials, and its messages.
STREAMS = {
    "/api/matches/{id}/stream/": ("matches_stream", True, ["message", "end", "revoked"]),
    "/api/skirmishes/{id}/stream/": ("skirmishes_stream", True, ["message", "end", "revoked"]),
    "/api/table-logs/{id}/stream/": ("table_logs_stream", True, ["message", "end", "revoked"]),
    "/api/campaigns/{id}/stream/": ("campaigns_stream", False, ["message", "revoked"]),
    "/api/campaigns/{id}/games/stream/": ("campaigns_games_stream", True, ["message", "revoked"]),
    "/api/cup-years/{id}/stream/": ("cup_years_stream", True, ["message", "revoked"]),
}


@pytest.fixture(scope="module")
def contract() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def stream(contract, path) -> dict:
    return contract["paths"][path]["get"]


def messages_of(contract, path) -> dict:
    return stream(contract, path)["responses"]["200"]["content"]["text/event-stream"][
        "x-stream-messages"
    ]


def test_the_contract_with_its_streams_validates_as_openapi_3_0(contract):
    validate_spec(json.loads(json.dumps(contract)))


def test_every_stream_is_in_the_contract_once(contract):
    served = {path for path in contract["paths"] if path.endswith("/stream/")}
    assert served == set(STREAMS)
    assert {p: stream(contract, p)["operationId"] for p in STREAMS} == {
        p: operation for p, (operation, _, _) in STREAMS.items()
    }


@pytest.mark.parametrize("path", STREAMS)
def test_a_stream_declares_the_token_the_session_and_the_stream_token(contract, path):
    """Anyone (``{}``) only where a stream serves what is public (a public game, a cup)."""
    anonymous = STREAMS[path][1]
    assert stream(contract, path)["security"] == [
        {"cookieAuth": []},
        {"knoxApiToken": []},
        {"streamToken": []},
        *([{}] if anonymous else []),
    ]
    assert contract["components"]["securitySchemes"]["streamToken"] == {
        "type": "apiKey",
        "in": "query",
        "name": "stream_token",
        "description": "From `POST /api/auth/stream-token/`, for a browser's `EventSource`, "
        "which cannot send the `Authorization` header (never put the API token in a URL).",
    }


@pytest.mark.parametrize("path", STREAMS)
def test_a_stream_names_its_messages_and_the_schema_of_each_data(contract, path):
    operation, _, names = STREAMS[path]
    messages = messages_of(contract, path)
    assert list(messages) == names
    assert messages["revoked"]["schema"] == {"$ref": "#/components/schemas/Error"}
    if "end" in messages:
        assert messages["end"]["schema"] == {"$ref": "#/components/schemas/StreamEnd"}
    data = contract["components"]["schemas"][operation.title().replace("_", "") + "Data"]
    for name, message in messages.items():
        assert message["description"]
        members = message["schema"].get("anyOf", [message["schema"]])
        assert all(member in data["anyOf"] for member in members), name
        for member in members:
            assert (
                member["$ref"].removeprefix("#/components/schemas/")
                in (contract["components"]["schemas"])
            )


def test_a_games_message_is_a_record_of_a_ruleset_of_its_kind(contract):
    records = [
        member["$ref"].rsplit("/", 1)[1]
        for member in messages_of(contract, "/api/matches/{id}/stream/")["message"]["schema"][
            "anyOf"
        ]
    ]
    assert {"ChatQuidditchRecord", "CardQuidditchRecord", "DiceQuidditchRecord"} <= set(records)
    assert "SkirmishRecord" not in records and "TableLogRecord" not in records
    assert messages_of(contract, "/api/skirmishes/{id}/stream/")["message"]["schema"] == {
        "anyOf": [{"$ref": "#/components/schemas/SkirmishRecord"}]
    }


def test_a_campaigns_games_message_is_told_apart_by_its_ruleset(contract):
    schemas = contract["components"]["schemas"]
    union = schemas["CampaignRecord"]
    assert set(union["discriminator"]["mapping"]) >= set(SERVED)
    assert union["discriminator"]["mapping"]["chat-quidditch"] == (
        "#/components/schemas/ChatQuidditchCampaignRecord"
    )
    assert schemas["ChatQuidditchCampaignRecord"]["properties"]["record"] == {
        "$ref": "#/components/schemas/ChatQuidditchRecord"
    }


@pytest.mark.django_db(transaction=True)
def test_the_messages_sent_hold_to_their_schemas(contract, settings):
    """A game's messages and the end, and a campaign's games message, as sent, validate
    against the schema their event name has in the contract."""
    settings.STREAM_POLL_SECONDS = 0.05
    table = GameTable()
    game = table.create_game(config={"target": 10**9})["id"]
    submit(table, table.player, game, {"action": "roll"})
    submit(table, table.storyguide, game, {"action": "finish"})
    document = json.loads(json.dumps(contract))
    with asgi_server() as server:
        sent = {
            "/api/matches/{id}/stream/": read_stream(  # finished: read to its end
                f"{server}/api/matches/{game}/stream/",
                headers=token(table.player),
                until=lambda m: False,
            ),
            "/api/campaigns/{id}/games/stream/": read_stream(
                f"{server}/api/campaigns/{table.campaign.pk}/games/stream/",
                headers=token(table.player),
                until=lambda m: sum(1 for s in m if s.id) >= 2,
            ),
        }
    checked = []
    for path, received in sent.items():
        for sse in filter(lambda sse: sse.data, received):
            schema = messages_of(document, path)[sse.event]["schema"]
            validator = OAS30ReadValidator(
                {"allOf": [schema], "components": document["components"]}
            )
            validator.validate(json.loads(sse.data))
            checked.append((path, sse.event))
    assert checked == [
        ("/api/matches/{id}/stream/", "message"),
        ("/api/matches/{id}/stream/", "message"),
        ("/api/matches/{id}/stream/", "end"),
        ("/api/campaigns/{id}/games/stream/", "message"),
        ("/api/campaigns/{id}/games/stream/", "message"),
    ]
