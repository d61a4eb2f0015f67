from django.contrib.auth import get_user_model
from django.db import models
from rest_framework import serializers


class UserSerializer(serializers.ModelSerializer):
    """The public face of a user: their name, never their email or password."""

    class Meta:
        model = get_user_model()
        fields = ["id", "username"]


class TextOnly:
    """A text field that takes only text: DRF would turn ``594`` into ``"594"``, and a
    client that sends a number for a name has made a mistake worth telling it about."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(TextOnly, serializers.CharField):
    pass


class StrictSlugField(TextOnly, serializers.SlugField):
    pass


class StrictRegexField(TextOnly, serializers.RegexField):
    pass


class StrictBooleanField(serializers.BooleanField):
    """A yes or no that takes only ``true`` and ``false``: DRF would read ``0``, ``"no"`` or
    ``"off"`` as one, where a JSON client that sends them has made a mistake."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class StrictTextModelSerializer(serializers.ModelSerializer):
    """A model serializer whose text and slug fields refuse numbers and booleans, and whose
    yes-or-no fields anything but ``true`` and ``false``."""

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.CharField: StrictCharField,
        models.TextField: StrictCharField,
        models.SlugField: StrictSlugField,
        models.BooleanField: StrictBooleanField,
    }
