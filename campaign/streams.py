"""A campaign's live stream: ``GET /api/campaigns/{id}/stream/``, its activity line as it grows.

Each activity (house points, Popularity, members, games and cup games, the
standings) is one message with ``id: <seq>`` and the body the ``activity``
endpoint gives; its members may read it (``core.streams`` says how it resumes).
"""

from __future__ import annotations

from campaign.activity import activities_after
from campaign.roles import role_in, roles_of
from campaign.serializers import ActivitySerializer
from core import streams
from core.errors import NotFound
from core.errors import gettext_noop as _
from core.schema import REVOKED, stream_message

PAGE = 100


class CampaignStreamView(streams.StreamView):
    """The campaign's activity (house points, Popularity, members, games and cup games,
    the standings), one message per activity (``id:`` its seq, the body as ``activity/``
    gives it), from ``Last-Event-ID`` or ``?after=`` on, then live. Members only."""

    anonymous = False

    def messages(self) -> dict[str, dict]:
        """Its messages in the contract (``core.schema.add_streams``)."""
        activity = stream_message(
            {"$ref": "#/components/schemas/Activity"},
            "An activity of the campaign, as `activity/` gives it.",
        )
        return {"message": activity, "revoked": REVOKED}

    async def open(self, request, pk: int):
        user = await streams.authenticate(request)
        if user is None:
            raise streams.Unauthenticated()
        request.user = user
        await self.check_member(request, pk)
        read = streams.database(lambda after: activity_after(pk, after))
        return streams.event_stream(
            user,
            f"campaign:{pk}",
            streams.start_after(request),
            read,
            client=request,
            access=lambda: pk in roles_of(user.pk),
        )

    @streams.database
    def check_member(self, request, pk: int) -> None:
        if role_in(request, pk) is None:
            raise NotFound(_("No campaign %(campaign)s among yours."), params={"campaign": pk})


def activity_after(pk: int, after: int) -> streams.Page:
    return streams.Page(
        items=[
            (activity.seq, ActivitySerializer(activity).data)
            for activity in activities_after(pk, after, PAGE)
        ]
    )
