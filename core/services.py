"""Writes of what the service keeps of a person beyond Django's user."""

from __future__ import annotations

from core.models import Preferences


def preferences_update(*, user, language: str) -> Preferences:
    """Set the user's language (``""``: the browser's), making their preferences if they
    have none yet."""
    preferences, _ = Preferences.objects.update_or_create(
        user=user, defaults={"language": language}
    )
    return preferences
