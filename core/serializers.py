from django.contrib.auth import get_user_model
from rest_framework import serializers


class UserSerializer(serializers.ModelSerializer):
    """The public face of a user: their name, never their email or password."""

    class Meta:
        model = get_user_model()
        fields = ["id", "username"]
