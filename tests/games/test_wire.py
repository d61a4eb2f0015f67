"""One owner for each wire shape (issue 41): a game as seen and a record of its log are
each declared once (``games.selectors.GAME``, ``RECORD``), and the answer, the serializer
that documents it and each ruleset's component are all made from that declaration."""

from rest_framework import serializers

from games.schema import RulesetShapes
from games.selectors import EVENT_FIELDS, GAME, RECORD
from games.serializers import EventSerializer, GameSerializer
from games.wire import Part, Shape, ShapedSerializer
from quidditch.cards.rules.ruleset import CardQuidditch


def test_the_serializers_document_the_shapes_parts_in_their_order():
    assert list(GameSerializer().fields) == list(GAME.names)
    assert list(EventSerializer().fields) == list(RECORD.names)


def test_a_record_is_made_of_the_stored_events_columns_and_its_narration():
    assert EVENT_FIELDS == (
        "seq",
        "actor",
        "submitted",
        "command",
        "dice",
        "events",
        "created_at",
        "hash",
    )
    assert [name for name in RECORD.names if name not in EVENT_FIELDS] == ["narration"]


def test_a_rulesets_game_types_its_state_commands_and_result_as_its_own():
    typed = GAME.per_ruleset(RulesetShapes(CardQuidditch()))
    assert typed["state"] == {"$ref": "#/components/schemas/CardQuidditchState"}
    assert typed["allowed_commands"] == {
        "type": "array",
        "items": {"$ref": "#/components/schemas/CardQuidditchCommand"},
    }
    assert typed["ruleset"] == {"type": "string", "enum": ["card-quidditch"]}


class Tide(ShapedSerializer):
    shape = Shape(
        lambda seen, name: seen[name],
        height=Part(serializers.IntegerField(help_text="In feet.")),
        rising=Part(serializers.BooleanField(), read=lambda seen: seen["height"] > 3),
    )


def test_a_part_added_to_a_shape_is_in_the_answer_and_in_the_serializer_at_once():
    assert Tide.shape.build({"height": 5}) == {"height": 5, "rising": True}
    fields = Tide().fields
    assert list(fields) == ["height", "rising"]
    assert fields["height"].help_text == "In feet."
