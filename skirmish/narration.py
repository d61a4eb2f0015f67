"""The skirmish as the storyguide's transcript, in English, German and French: the part
of the skirmish's words (:class:`SkirmishNarration`, inherited by ``words.SkirmishWords``)
that tells what happened and how it ended.

Events carry the names of the participants they mention (``names``), so that
a line is written from the event alone, long after the state has moved on.
Each line is an English key of the package's catalogue (``texts``).
"""

from __future__ import annotations

from collections.abc import Callable

from core.errors import gettext_noop as _
from games.ruleset import Event

from .texts import LANGUAGES, TEXTS, attribute_text, category_text, listing, result_text, signed


class SkirmishNarration:
    """The transcript, a part of the skirmish's words: each event as a line in every
    language the skirmish is written in, and the sentence it ends on."""

    def narrate(self, event: Event) -> dict[str, str]:
        """The event as a line of the transcript in each language; an event the
        transcript has no line for still happens ("Something happens.")."""
        line = _LINES.get(event.get("type", ""))
        return {
            language: line(event, _Names(event.get("names", {})), language)
            if line
            else TEXTS.say(language, _("Something happens."))
            for language in LANGUAGES
        }

    def ending(self, result: dict, language: str) -> str:
        """The skirmish's end in one sentence: how and when it ended, who is still standing
        (the winners, where the rules ended it) and who fell, each with their Health."""

        def who(keys: list[str]) -> str:
            return listing([_with_health(result, key, language) for key in keys], language)

        standing = result["standing"]
        fallen = [key for key in result["names"] if key not in standing]
        case = result["ended_by"] + ("" if standing else "_nobody")
        said = TEXTS.say(
            language,
            ENDINGS[case],
            round=result["rounds"],
            seconds=result["seconds"],
            standing=who(standing),
        )
        if fallen:
            return TEXTS.say(language, FALLEN, ending=said, fallen=who(fallen))
        return TEXTS.say(language, ENDED, ending=said)


class _Names:
    def __init__(self, mapping: dict[str, str]) -> None:
        self.mapping = mapping

    def __call__(self, key: str | None) -> str:
        return self.mapping.get(key, "") if key else ""


def _simple(message: str, **fields: str) -> Callable[[Event, _Names, str], str]:
    """A line naming the event's participants: ``fields`` maps a placeholder to the
    event's key holding a participant (``name`` is always the event's ``participant``)."""

    def line(event: Event, name: _Names, language: str) -> str:
        named = {place: name(event[key]) for place, key in fields.items()}
        return TEXTS.say(language, message, name=name(event.get("participant")), **named)

    return line


def _initiated(event: Event, name: _Names, language: str) -> str:
    return TEXTS.say(
        language,
        _(
            "%(name)s starts the skirmish (%(category)s); everyone rolls %(attribute)s "
            "for initiative."
        ),
        name=name(event["participant"]),
        category=category_text(event["category"], language),
        attribute=attribute_text(event["attribute"], language),
    )


def _initiative(event: Event, name: _Names, language: str) -> str:
    message = (
        _(
            "%(name)s rolls %(attribute)s for initiative, a stress roll: %(dice)s, keeps %(kept)s, "
            "total %(total)s."
        )
        if event["stress"]
        else _(
            "%(name)s rolls %(attribute)s for initiative: %(dice)s, keeps %(kept)s, "
            "total %(total)s."
        )
    )
    return TEXTS.say(
        language,
        message,
        name=name(event["participant"]),
        attribute=attribute_text(event["attribute"], language),
        dice=_dice(event["dice"], language),
        kept=event["kept"],
        total=event["total"],
    )


def _roll_off(event: Event, name: _Names, language: str) -> str:
    faces = ", ".join(f"{name(key)} {face}" for key, face in event["faces"].items())
    return TEXTS.say(language, _("Tied on initiative, they roll off: %(faces)s."), faces=faces)


def _order(event: Event, name: _Names, language: str) -> str:
    return TEXTS.say(
        language,
        _("Initiative order: %(names)s."),
        names=", ".join(name(key) for key in event["order"]),
    )


def _attack(event: Event, name: _Names, language: str) -> str:
    if event["what"]:
        return TEXTS.say(
            language,
            _("%(name)s attacks %(target)s: %(what)s."),
            name=name(event["participant"]),
            target=name(event["target"]),
            what=event["what"],
        )
    return TEXTS.say(
        language,
        _("%(name)s attacks %(target)s."),
        name=name(event["participant"]),
        target=name(event["target"]),
    )


def _defence(message: str) -> Callable[[Event, _Names, str], str]:
    def line(event: Event, name: _Names, language: str) -> str:
        return TEXTS.say(
            language,
            message,
            name=name(event["participant"]),
            target=name(event["target"]),
            attribute=attribute_text(event["attribute"], language),
        )

    return line


def _action(event: Event, name: _Names, language: str) -> str:
    """What a participant did, and how its roll fared against the difficulty."""
    parts = [_what(event, name, language)]
    for defender in event["defenders"]:
        parts.append(
            TEXTS.say(
                language,
                _("%(name)s raises the difficulty by %(attribute)s %(value)s"),
                name=name(defender["participant"]),
                attribute=attribute_text(defender["attribute"], language),
                value=defender["value"],
            )
        )
    if "roll" in event:
        parts.append(_rolled(event, name, language))
    line = parts[0]
    for part in parts[1:]:
        line = TEXTS.say(language, _("%(line)s; %(more)s"), line=line, more=part)
    return line + "."


def _what(event: Event, name: _Names, language: str) -> str:
    actor, target, what = name(event["participant"]), name(event["target"]), event["what"]
    if what and target:
        return TEXTS.say(
            language, _("%(name)s: %(what)s (on %(target)s)"), name=actor, what=what, target=target
        )
    if what:
        return TEXTS.say(language, _("%(name)s: %(what)s"), name=actor, what=what)
    if target:
        return TEXTS.say(language, _("%(name)s acts on %(target)s"), name=actor, target=target)
    return TEXTS.say(language, _("%(name)s acts"), name=actor)


def _rolled(event: Event, name: _Names, language: str) -> str:
    """The actor's roll, and the target's for an opposed roll."""
    roll = event["roll"]
    attribute = attribute_text(event["attribute"], language)
    line = TEXTS.say(
        language,
        _(
            "%(attribute)s: %(dice)s, keeps %(kept)s, total %(total)s against "
            "%(difficulty)s: %(result)s"
        )
        if not roll["stress"]
        else _(
            "%(attribute)s, a stress roll: %(dice)s, keeps %(kept)s, total %(total)s against "
            "%(difficulty)s: %(result)s"
        ),
        attribute=attribute,
        dice=_dice(roll["dice"], language),
        kept=roll["kept"],
        total=roll["total"],
        difficulty=roll["difficulty"],
        result=result_text(roll["result"], language),
    )
    if "opposing" in event:
        opposing = event["opposing"]
        line += TEXTS.say(
            language,
            _(
                " (%(target)s opposed with %(attribute)s: %(dice)s, keeps %(kept)s, "
                "total %(total)s)"
            ),
            target=name(event["target"]),
            attribute=attribute_text(event["against"][0], language),
            dice=_dice(opposing["dice"], language),
            kept=opposing["kept"],
            total=opposing["total"],
        )
    return line


def _health(event: Event, name: _Names, language: str) -> str:
    line = TEXTS.say(
        language,
        _("%(name)s: Health %(by)s, now %(health)s"),
        name=name(event["participant"]),
        by=signed(event["by"]),
        health=event["health"],
    )
    return line + (f" ({event['reason']})." if event["reason"] else ".")


def _ended(event: Event, name: _Names, language: str) -> str:
    if event["by"] == "storyguide":
        line = TEXTS.say(language, _("The storyguide ends the skirmish."))
    elif event["standing"]:
        line = TEXTS.say(
            language,
            _("Nobody is left to oppose %(names)s: the skirmish is over."),
            names=listing([name(key) for key in event["standing"]], language),
        )
    else:
        line = TEXTS.say(language, _("Nobody is left in the fight: the skirmish is over."))
    return f"{line} {event['summary']}".strip()


def _dice(faces: list[int], language: str) -> str:
    return TEXTS.say(language, _("%(first)s and %(second)s"), first=faces[0], second=faces[1])


_LINES: dict[str, Callable[[Event, _Names, str], str]] = {
    "participant_added": _simple(_("%(name)s joins the skirmish.")),
    "skirmish_initiated": _initiated,
    "initiative_rolled": _initiative,
    "initiative_roll_off": _roll_off,
    "initiative_order": _order,
    "round_started": lambda e, n, language: TEXTS.say(
        language, _("Round %(round)s."), round=e["round"]
    ),
    "turn_started": _simple(_("%(name)s's turn.")),
    "turn_ended": _simple(_("%(name)s ends the turn.")),
    "delayed": _simple(_("%(name)s delays.")),
    "delay_lapsed": _simple(_("%(name)s has waited until their own place came round again.")),
    "re_entering": _simple(_("%(name)s will act right after %(after)s."), after="after"),
    "attack_declared": _attack,
    "dodged": _defence(_("%(name)s dodges with %(attribute)s.")),
    "intervened": _defence(_("%(name)s intervenes for %(target)s with %(attribute)s.")),
    "action": _action,
    "health_changed": _health,
    "out_of_the_fight": _simple(_("%(name)s is out of the fight.")),
    "back_in_the_fight": _simple(_("%(name)s is back in the fight.")),
    "skirmish_ended": _ended,
}


#: How a skirmish ended (Ch.7 ¶3: when nobody is left to oppose anyone, or when the
#: storyguide ends it), with the time it took (six seconds a round) and where everyone's
#: Health stands: a skirmish has no score, and Health is what it takes.
ENDINGS = {
    "rules": _(
        "Over in round %(round)s (%(seconds)s seconds): nobody is left to oppose %(standing)s"
    ),
    "rules_nobody": _("Over in round %(round)s (%(seconds)s seconds): nobody is left in the fight"),
    "storyguide": _(
        "The storyguide ended the skirmish in round %(round)s (%(seconds)s seconds), with "
        "%(standing)s still in the fight"
    ),
    "storyguide_nobody": _(
        "The storyguide ended the skirmish in round %(round)s (%(seconds)s seconds), with nobody "
        "left in the fight"
    ),
}
FALLEN = _("%(ending)s; out of the fight: %(fallen)s.")
ENDED = _("%(ending)s.")
WITH_HEALTH = _("%(name)s (Health %(health)s)")


def _with_health(result: dict, key: str, language: str) -> str:
    """A participant by name, with their Health where the skirmish tracks it."""
    name, health = result["names"][key], result["health"].get(key)
    return name if health is None else TEXTS.say(language, WITH_HEALTH, name=name, health=health)
