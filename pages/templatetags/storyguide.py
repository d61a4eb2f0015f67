"""The site header's way to the dashboard (``pages/base.html``)."""

from django import template

from pages.views import storyguide_desk

register = template.Library()


@register.simple_tag(takes_context=True)
def dashboard_menu(context) -> dict | None:
    """The dashboard and each of the reader's campaigns there, for a storyguide who may use
    it; ``None`` for anyone else (``pages.views.storyguide_desk``)."""
    request = context.get("request")
    return storyguide_desk(request) if request is not None else None
