from django.apps import AppConfig


class CoreConfig(AppConfig):
    """API plumbing every app shares: errors, pagination, auth, health."""

    name = "core"

    def ready(self) -> None:
        from core import auth, checks  # noqa: F401 - the token cache's receivers; checks
