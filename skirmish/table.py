"""The skirmish's table: the initiative tracker, the attack in the air, and the turn's form.

What a storyguide keeps on paper during a skirmish, drawn from the state as
the reader sees it and nothing more:

- the initiative order, one row per participant, first to act first: its
  place, name and side, initiative total (and roll-offs), Health against its
  maximum, what it may do now (its turn, may still dodge, delaying, out of
  the fight), its attributes; the storyguide's Health buttons and a delaying
  participant's re-entry sit on its row;
- an attack waiting for its defenders, with the dodges, interventions and the
  roll the reader may give;
- the turn: who acts, on whom, with which attribute, against which of the
  target's attributes, as one form, with the turn's other commands beside it.

Pure: a context of plain data and words in the reader's language (the
template translates its own few words with ``{% translate %}``).
"""

from __future__ import annotations

from typing import ClassVar

from core.errors import gettext_noop as _
from games.tables import Offer, Seen, Table

from .rules.fight import in_the_fight
from .texts import TEXTS, attribute_text, category_text, name_of, signed
from .words import roll_text


class SkirmishTable(Table):
    template: ClassVar[str] = "skirmish/table.html"
    draws: ClassVar[frozenset[str]] = frozenset(
        {"act", "delay", "end_turn", "re_enter", "dodge", "intervene", "resolve_attack"}
        | {"change_health"}
    )

    def context(self, seen: Seen) -> dict:
        return {
            "where": where(seen.view, seen.language),
            "rows": rows(seen),
            "attack": attack(seen),
            "turn": turn(seen),
        }


def where(view: dict, language: str) -> str:
    """Where the skirmish stands, in a sentence or two; once it is over, the storyguide's
    summary, if any (how it ended is the frame's: the skirmish's ending)."""
    if view["phase"] == "gathering":
        return TEXTS.say(
            language, _("The storyguide gathers the participants and names who starts.")
        )
    if view["phase"] == "ended":
        return view["ending"]["summary"]
    line = TEXTS.say(
        language,
        _("Round %(round)s (%(category)s: everyone rolled %(attribute)s for initiative)."),
        round=view["round"],
        category=category_text(view["category"], language),
        attribute=attribute_text(view["settings"]["categories"][view["category"]], language),
    )
    if view["turn"] is not None:
        line += " " + TEXTS.say(
            language, _("It is %(name)s's turn."), name=name_of(view, view["turn"])
        )
    return line


def rows(seen: Seen) -> list[dict]:
    """One row per participant, in initiative order (as they joined, before initiative)."""
    view = seen.view
    rolled = bool(view["order"])
    keys = view["order"] if rolled else list(view["participants"])
    return [_row(seen, key, place if rolled else None) for place, key in enumerate(keys, start=1)]


def _row(seen: Seen, key: str, place: int | None) -> dict:
    view, language = seen.view, seen.language
    participant = view["participants"][key]
    health = participant["health"]
    return {
        "place": place,
        "name": participant["name"],
        "side": participant["side"] or "",
        "marks": _marks(view, key, language),
        "turn": key == view["turn"],
        "out": not in_the_fight(participant),
        "initiative": _initiative(view, key, language),
        "health": health,
        "health_max": participant["health_max"],
        "health_text": "—" if health is None else f"{health} / {participant['health_max']}",
        "attributes": " · ".join(
            f"{attribute_text(name, language)} {value}"
            for name, value in sorted(participant["attributes"].items())
        ),
        "health_buttons": [
            _button(offer, signed(offer.command["by"]))
            for offer in seen.offers_of("change_health", participant=key)
        ],
        "buttons": [_button(offer) for offer in seen.offers_of("re_enter", participant=key)],
    }


def _marks(view: dict, key: str, language: str) -> list[str]:
    """What the participant is, or may do, now (while the rounds run)."""
    running = view["phase"] == "rounds"
    marks = {
        _("started it"): key == view["initiator"],
        _("their turn"): key == view["turn"],
        _("may still dodge"): running and key in view["yet_to_act"] and key != view["turn"],
        _("delaying"): running and key in view["delaying"],
        _("acts next"): running and key in view["re_entering"],
        _("out of the fight"): not in_the_fight(view["participants"][key]),
    }
    return [TEXTS.say(language, mark) for mark, holds in marks.items() if holds]


def _initiative(view: dict, key: str, language: str) -> str:
    rolled = view["initiative"].get(key)
    if rolled is None:
        return "—"
    if not rolled["roll_offs"]:
        return str(rolled["total"])
    return TEXTS.say(
        language,
        _("%(total)s (roll-offs: %(faces)s)"),
        total=rolled["total"],
        faces=", ".join(map(str, rolled["roll_offs"])),
    )


def attack(seen: Seen) -> dict | None:
    """The attack waiting for its defenders, and what the reader may do about it."""
    view, language = seen.view, seen.language
    waiting = view["attack"]
    if waiting is None:
        return None
    target = name_of(view, waiting["target"])
    line = TEXTS.say(
        language,
        _("%(name)s attacks %(target)s: %(roll)s."),
        name=name_of(view, waiting["participant"]),
        target=target,
        roll=roll_text(waiting["roll"], target, language),
    )
    for defender in waiting["defenders"]:
        line += " " + TEXTS.say(
            language,
            _("%(name)s raised the difficulty by %(attribute)s %(value)s."),
            name=name_of(view, defender["participant"]),
            attribute=attribute_text(defender["attribute"], language),
            value=defender["value"],
        )
    offered = [
        *seen.offers_of("dodge"),
        *seen.offers_of("intervene"),
        *seen.offers_of("resolve_attack"),
    ]
    return {"text": line, "what": waiting["what"], "buttons": [_button(o) for o in offered]}


def turn(seen: Seen) -> dict | None:
    """The turn's form and buttons, for a reader who commands the participant whose turn it is."""
    view, language = seen.view, seen.language
    key = view["turn"]
    buttons = [_button(o) for action in ("delay", "end_turn") for o in seen.offers_of(action)]
    acts = seen.offers_of("act", participant=key) if key is not None else []
    if not acts and not buttons:
        return None
    return {
        "heading": TEXTS.say(language, _("%(name)s's turn"), name=name_of(view, key)),
        "act": _act_form(seen, key, acts),
        "buttons": buttons,
    }


def _act_form(seen: Seen, key: str, acts: list[Offer]) -> dict | None:
    """The action as one form: on whom, with which attribute, against which of the
    target's; and the action without a roll. Built from the offers alone."""
    if not acts:
        return None
    view, language = seen.view, seen.language
    attributes = view["participants"][key]["attributes"]
    rolled = [offer.command for offer in acts if "roll" in offer.command]
    targets = list(dict.fromkeys(command["target"] for command in rolled))
    mine = sorted({command["roll"]["attribute"] for command in rolled})
    defences: dict[str, list[list]] = {}
    for command in rolled:
        target, defence = command["target"], command["roll"]["opposing"]["attribute"]
        value = view["participants"][target]["attributes"][defence]
        option = [defence, f"{attribute_text(defence, language)} ({value})"]
        if option not in defences.setdefault(target, []):
            defences[target].append(option)
    plain = [_button(offer) for offer in acts if "roll" not in offer.command]
    return {
        "who": name_of(view, key),
        "targets": [(target, name_of(view, target)) for target in targets],
        "attributes": [
            (attribute, f"{attribute_text(attribute, language)} ({attributes[attribute]})")
            for attribute in mine
        ],
        "data": {"participant": key, "defences": defences},
        "plain": plain,
    }


def _button(offer: Offer, label: str | None = None) -> dict:
    """A button on the table: the offer's JSON to send, its words as label or title."""
    return {"json": offer.json, "label": label or offer.text, "title": offer.text}
