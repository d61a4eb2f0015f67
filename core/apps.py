from django.apps import AppConfig


class CoreConfig(AppConfig):
    """API plumbing every app shares: errors, pagination, auth, health."""

    name = "core"

    def ready(self) -> None:
        from core import auth, checks, credentials  # noqa: F401 - receivers; checks
