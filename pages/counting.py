"""``/games/<id>/counting/``: the game page's form by which a storyguide makes a finished
game count, or count for nothing, with the reason (``campaign.counting``).

A refusal the storyguide can mend (no reason, a reason too long) comes back as a message
above the game; one about who may or what is there is the error page, as the API answers.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from campaign import counting
from campaign.roles import campaign_roles
from campaign.selectors import LARGEST_ID
from core.errors import AppError, Invalid, RuleViolation
from core.responses import answer, error_body
from games.models import Game
from games.page_urls import page_of


@login_required
@require_POST
def change_counting(request, pk: int):
    game = Game.objects.filter(
        pk=min(pk, LARGEST_ID), campaign_id__in=list(campaign_roles(request))
    ).first()
    if game is None:
        raise Http404("No such game.")
    counts = request.POST.get("counts") == "yes"
    try:
        counting.game_count(
            game=game,
            counts=counts,
            reason=request.POST.get("reason", ""),
            by=request.user,
            now=timezone.now(),
        )
    except (Invalid, RuleViolation) as refusal:
        messages.error(request, error_body(refusal)["detail"])
    except AppError as error:
        return answer(error, request)
    else:
        said = (
            gettext("The game counts now.")
            if counts
            else gettext("The game counts for nothing now.")
        )
        messages.success(request, said)
    return redirect(f"{page_of(game)}#gave")
