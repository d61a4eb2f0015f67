"""The storyguide's desk on the dashboard's home (``admin/campaign/desk.html``)."""

from django import template

from campaign import desk

register = template.Library()


@register.simple_tag(takes_context=True)
def storyguide_desk(context) -> dict:
    """Each campaign of the reader's at a glance (``campaign.desk.cards``), and the
    dashboard's lists in words, the plumbing in the settings corner."""
    request = context["request"]
    lists, corner = desk.lists_and_corner(context.get("app_list") or [])
    return {"cards": desk.cards(request), "lists": lists, "corner": corner}
