"""A wire shape: an answer's parts, each declared once with its type and how it is read.

An answer about a game (the game as seen, a record of its log) is written in one place
and described in two: the service builds it, DRF's serializer documents it, and the
OpenAPI contract types it for each ruleset. A :class:`Shape` holds, for each part, its
name on the wire, its type (a DRF field, which drf-spectacular reads), how the answer
reads it, and where each ruleset has a type of its own for it, that type. The answer,
the serializer and the components are all made from it, so a part added, renamed or
dropped is so everywhere at once (issue 41: one owner for each wire shape).

The parts' own pieces (a die awaited, a roll, who gave a command) are below: they are
types the shapes use, and nothing else does.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.schema import NULL
from games.dice import ENTERED, SCRIPTED, SERVER
from games.ruleset import PLAYER, REFEREE, SPECTATOR

#: A part whose type is its model field's, as DRF's ``ModelSerializer`` writes it.
AS_THE_MODEL = None


@dataclass(frozen=True)
class Part:
    """One part of an answer.

    ``field`` is its type in the contract (``AS_THE_MODEL``: the model field's of the same
    name); ``read`` takes what the answer is read from (the shape's *seen*) and gives the
    part, ``None`` reading it as the shape's ``plain`` reading does (a column of the row or
    of the stored record, as it is); ``per_ruleset`` gives a ruleset's own type for it,
    from the ruleset's components (``games.schema.RulesetShapes``); ``stored`` says that
    the part is a column of the stored record, read as it is."""

    field: serializers.Field | None
    read: Callable[[Any], Any] | None = None
    per_ruleset: Callable[[Any], dict] | None = None
    stored: bool = False


class Shape:
    """An answer's parts in their order on the wire, and how each is read: by its own
    ``read``, or else by ``plain(seen, name)``."""

    def __init__(self, plain: Callable[[Any, str], Any], **parts: Part):
        self.plain = plain
        self.parts = parts

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.parts)

    @property
    def stored(self) -> tuple[str, ...]:
        """The parts that are columns of the stored record, in order."""
        return tuple(name for name, part in self.parts.items() if part.stored)

    def build(self, seen) -> dict:
        """The answer, every part read from ``seen``."""
        plain = self.plain
        return {
            name: plain(seen, name) if part.read is None else part.read(seen)
            for name, part in self.parts.items()
        }

    def declared_fields(self) -> dict[str, serializers.Field]:
        """The parts' types for a serializer (a fresh field each: DRF binds them)."""
        return {
            name: copy.deepcopy(part.field)
            for name, part in self.parts.items()
            if part.field is not AS_THE_MODEL
        }

    def per_ruleset(self, shapes) -> dict[str, dict]:
        """Each part's type for one ruleset where it has its own (``shapes``: its
        components)."""
        return {
            name: part.per_ruleset(shapes)
            for name, part in self.parts.items()
            if part.per_ruleset is not None
        }


class ShapedSerializer(serializers.Serializer):
    """The documentation of a :class:`Shape`: its fields are the shape's parts."""

    shape: ClassVar[Shape]

    def get_fields(self):
        return self.shape.declared_fields()


class ShapedModelSerializer(serializers.ModelSerializer):
    """A :class:`Shape` of a model's row: parts typed ``AS_THE_MODEL`` are the model's
    fields as DRF writes them, the others the shape's."""

    shape: ClassVar[Shape]

    def get_field_names(self, declared_fields, info):
        return list(self.shape.names)

    def get_fields(self):
        self._declared_fields = self.shape.declared_fields()
        return super().get_fields()


class NeedSerializer(serializers.Serializer):
    """Dice a command waits for or will roll (``games.dice.Need``)."""

    purpose = serializers.CharField(
        help_text="What they are rolled for, as the rules name it (the narration says it in "
        "words, in each language)."
    )
    sides = serializers.IntegerField(help_text="A die's faces; for a shuffle, how many items.")
    count = serializers.IntegerField(help_text="How many such dice; a shuffle: 1, its new order.")
    by = serializers.CharField(
        allow_null=True, help_text="The seat that rolls them; null: the table or the referee."
    )
    shuffle = serializers.BooleanField(
        help_text="A shuffle, entered as one list: the items' 1-based places before it in their "
        "new order, or the items themselves (where they are text) in their new order."
    )
    order = serializers.ListField(
        child=serializers.JSONField(),
        allow_null=True,
        help_text="A shuffle's items in their order before it; null for a roll, and for a "
        "secret shuffle (a deck) to anyone but who enters it.",
    )


class DiceAwaitedSerializer(serializers.Serializer):
    """The command a game waits on, and the dice it waits for."""

    seq = serializers.IntegerField(help_text="The event that says so.")
    actor = serializers.DictField(help_text="Who gave the command, as the rules see them.")
    command = serializers.DictField(help_text="The command that waits, as you may see it.")
    dice = NeedSerializer(
        many=True,
        help_text="What it waits for, in order: first its next roll, then what it rolls after "
        "that whatever falls, as far as can be told; a die that hangs on an earlier face is "
        "asked for when it comes.",
    )
    narration = serializers.DictField(
        child=serializers.CharField(), help_text="The same in words: language -> line."
    )
    may_enter = serializers.BooleanField(help_text="Whether you may enter them.")


#: One die a table enters: a face, or a deck's new order.
ENTERED_DIE = {
    "oneOf": [
        {"type": "integer", "description": "A die's face."},
        {
            "type": "array",
            "items": {"type": "integer", "minimum": 1},
            "maxItems": 200,
            "description": "A deck's new order: each card's place before the shuffle.",
        },
        {
            "type": "array",
            "items": {"type": "string", "maxLength": 200},
            "maxItems": 200,
            "description": "A deck's new order: its cards, as the shuffle awaited names "
            "them in its order.",
        },
    ]
}


class ActorSerializer(serializers.Serializer):
    """Who gave a command, as the rules saw them."""

    role = serializers.ChoiceField(choices=[REFEREE, PLAYER, SPECTATOR])
    controls = serializers.ListField(
        child=serializers.CharField(), help_text="The seats the giver commands."
    )


@extend_schema_field({"oneOf": [*ENTERED_DIE["oneOf"], NULL]})
class LoggedDieField(serializers.Field):
    """An entered die as the log shows it: null, while the game runs, where it decides a
    secret (a deck's new order)."""

    def to_representation(self, value):
        return value


class SubmittedSerializer(serializers.Serializer):
    """What was sent: the typed line, or the command as sent (by a person or a bot), and
    the dice entered with it."""

    text = serializers.CharField(required=False)
    command = serializers.DictField(required=False)
    bot = serializers.CharField(required=False, help_text="The bot that sent it.")
    dice = serializers.ListField(child=LoggedDieField(), required=False)
    entered_by = ActorSerializer(
        required=False,
        help_text="Dice sent alone, for the command the game waited on: who entered them "
        "(the record's actor is the command's giver, as it is replayed).",
    )


class RollSerializer(serializers.Serializer):
    nonce = serializers.IntegerField()
    sides = serializers.IntegerField()
    face = serializers.IntegerField(
        allow_null=True, help_text="Null while the game runs, for a roll that decides a secret."
    )
    purpose = serializers.CharField()
    source = serializers.CharField(
        help_text=f"{SERVER}: derived from the seed; {ENTERED}: rolled at the table; "
        f"{SCRIPTED}: a test's."
    )
