from django.apps import AppConfig


class CoreConfig(AppConfig):
    """API plumbing every app shares: errors, pagination, auth, health."""

    name = "core"
