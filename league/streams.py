"""A cup year's live stream: ``GET /api/cup-years/{id}/stream/``, public like its standings.

The campaign's activities about this cup year (cup games started and finished,
the standings changed, the projections recomputed), each one message with the
campaign activity's ``seq`` as its ``id:``: the ids grow with gaps where the
campaign's other activities are, and a reader resumes after the last one it has.
"""

from __future__ import annotations

from campaign.models import Activity
from campaign.serializers import ActivitySerializer
from core import streams
from core.errors import NotFound
from core.errors import gettext_noop as _
from core.schema import REVOKED, stream_message
from league.activity_kinds import CupNews
from league.models import CupYear

KINDS = (
    CupNews.FIXTURE_STARTED,
    CupNews.FIXTURE_FINISHED,
    CupNews.STANDINGS_CHANGED,
    CupNews.PROJECTIONS_CHANGED,
)
PAGE = 100


class CupYearStreamView(streams.StreamView):
    """The cup year's news as it happens, for everyone: cup games started and finished,
    the standings changed and the projections recomputed, one message each (``id:`` the
    campaign activity's seq)."""

    anonymous = True

    def messages(self) -> dict[str, dict]:
        """Its messages in the contract (``core.schema.add_streams``)."""
        kinds = ", ".join(f"`{kind}`" for kind in KINDS)
        news = stream_message(
            {"$ref": "#/components/schemas/Activity"},
            f"An activity of the cup year's campaign about this cup year (its `kind` one of "
            f"{kinds}), as the campaign's `activity/` gives it.",
        )
        return {"message": news, "revoked": REVOKED}

    async def open(self, request, pk: int):
        user = await streams.authenticate(request)
        campaign = await streams.database(
            lambda: CupYear.objects.filter(pk=pk).values_list("campaign_id", flat=True).first()
        )()
        if campaign is None:
            raise NotFound(_("No cup year %(id)s."), params={"id": pk})
        read = streams.database(lambda after: news_after(campaign, pk, after))
        return streams.event_stream(
            user, f"campaign:{campaign}", streams.start_after(request), read, client=request
        )


def news_after(campaign: int, cup_year: int, after: int) -> streams.Page:
    activities = Activity.objects.filter(
        campaign_id=campaign, seq__gt=after, kind__in=KINDS, data__cup_year=cup_year
    ).order_by("seq")[:PAGE]
    return streams.Page(items=[(a.seq, ActivitySerializer(a).data) for a in activities])
