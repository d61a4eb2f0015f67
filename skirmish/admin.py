"""The storyguide's view of skirmishes: the game admin, plus the initiative order."""

from django.contrib import admin

from games.admin import GameAdminBase
from skirmish.models import Skirmish


def initiative_order(state: dict) -> list[dict]:
    """One row per participant, first to act first, with what the table needs to know now.

    Before initiative there is no order yet: the participants are listed as
    they joined, without places.
    """
    rolled = bool(state["order"])
    keys = state["order"] if rolled else list(state["participants"])
    marks = {
        "their turn": [state["turn"]],
        "yet to act: may dodge": state["yet_to_act"],
        "delaying": state["delaying"],
        "re-enters next": state["re_entering"],
    }
    return [
        {
            "place": place if rolled else None,
            "key": key,
            "name": state["participants"][key]["name"],
            "initiator": key == state["initiator"],
            "turn": key == state["turn"],
            "initiative": state["initiative"].get(key),
            "health": state["participants"][key]["health"],
            "now": "; ".join(mark for mark, keys in marks.items() if key in keys),
        }
        for place, key in enumerate(keys, start=1)
    ]


@admin.register(Skirmish)
class SkirmishAdmin(GameAdminBase):
    """Skirmishes of the storyguide's campaigns, each with its order, log and proof."""

    change_form_template = "admin/skirmish/skirmish/change_form.html"

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = extra_context or {}
        game = self.get_object(request, object_id)
        if game is not None:
            extra["skirmish"] = game.state
            extra["initiative_order"] = initiative_order(game.state)
        return super().change_view(request, object_id, form_url, extra_context=extra)
