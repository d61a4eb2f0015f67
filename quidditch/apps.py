from django.apps import AppConfig


class QuidditchConfig(AppConfig):
    """Quidditch matches, resolved by the server under one of the quidditch rulesets."""

    name = "quidditch"
