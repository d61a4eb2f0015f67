"""The skirmish in words, as the table says it, in English, German and French.

A button reads as its giver would say it ("Harry: Dexterity against Draco's
Quickness", "Draco dodges with Quickness"); a form's heading says what its kind
of command does, its fields and choices are named the same way. Participants
are called by name, attributes by the players' own words, never by a key. The
transcript and the ending sentence are the words' own too, written in ``narration``
(:class:`~skirmish.narration.SkirmishNarration`).
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.ruleset import Command, State
from games.words import Words

from .narration import SkirmishNarration
from .rules.actions import CHECK, DEFENDED, OPPOSED
from .texts import LANGUAGES, TEXTS, attribute_text, category_text, name_of, signed


class SkirmishWords(SkirmishNarration, Words):
    """The skirmish as its storyguide and players say it (:class:`games.words.Words`)."""

    languages = LANGUAGES
    catalogue = TEXTS
    #: Each kind of command, as the heading of its form.
    actions = {
        "add_participant": _("Add a participant"),
        "roll_initiative": _("Start the skirmish"),
        "act": _("Act"),
        "delay": _("Delay"),
        "re_enter": _("Re-enter"),
        "end_turn": _("End the turn"),
        "dodge": _("Dodge"),
        "intervene": _("Intervene"),
        "resolve_attack": _("Roll the attack"),
        "change_health": _("Change Health"),
        "end_skirmish": _("End the skirmish"),
    }
    #: The fields of the commands, as the labels of their choices.
    fields = {
        "participant": _("Who"),
        "initiator": _("Who starts it"),
        "category": _("Kind of action"),
        "stress": _("Stress roll for"),
        "initiating_action": _("Initiating action"),
        "target": _("On whom"),
        "roll": _("Roll"),
        "what": _("What"),
        "harm": _("Health a hit costs"),
        "attribute": _("Attribute"),
        "by": _("Change"),
        "reason": _("Why"),
        "summary": _("How it ends"),
    }

    def command(self, command: Command, view: State, language: str) -> str:
        """The command as its giver would say it, with the participants' names."""
        action = command.get("action")
        name = name_of(view, command.get("participant"))
        if action == "act":
            return _action(command, view, language)
        if action in ("dodge", "intervene"):
            return _defence(command, view, language)
        if action == "roll_initiative":
            return self.say(
                language,
                _("%(name)s starts the skirmish (%(category)s)"),
                name=name_of(view, command.get("initiator")),
                category=category_text(str(command.get("category", "")), language),
            )
        if action == "resolve_attack":
            attack = view.get("attack") or {}
            return self.say(
                language,
                _("Roll %(name)s's attack on %(target)s"),
                name=name_of(view, attack.get("participant")),
                target=name_of(view, attack.get("target")),
            )
        if action == "change_health":
            return self.say(
                language, _("%(name)s: Health %(by)s"), name=name, by=signed(command.get("by", 0))
            )
        if action == "add_participant":
            entry = command.get("participant") or {}
            return self.say(language, _("Add %(name)s"), name=entry.get("name", ""))
        own = {
            "delay": _("%(name)s delays"),
            "re_enter": _("%(name)s acts right after this turn"),
            "end_turn": _("End %(name)s's turn"),
        }
        if action in own:
            return self.say(language, own[action], name=name)
        return self.action(str(action), language)

    def choice(self, action: str, field: str, value, view: State, language: str) -> str:
        """One value of a field, in words: a participant by name, an attribute as the
        players call it, a roll as the table says it."""
        if field in ("participant", "target", "initiator"):
            return name_of(view, value) or self.say(language, _("nobody"))
        if field == "category":
            return category_text(str(value), language)
        if field == "attribute":
            return attribute_text(str(value), language)
        if field == "by":
            return signed(value)
        if field == "roll" and isinstance(value, dict):
            return roll_text(value, "", language)
        if value is None:
            return self.say(language, _("none"))
        return str(value)

    def seat(self, seat: str, view: State, language: str) -> str:
        """A seat is a participant, called by name."""
        return name_of(view, seat) or seat

    def game_title(self, state: State) -> str:
        """Its participants by name ("Harry · Draco · Peeves")."""
        return " · ".join(p["name"] for p in state["participants"].values())

    def purpose(self, purpose: str, language: str) -> str:
        """What a die is rolled for: "Initiative: Harry", "Harry: opposed roll (opposing)",
        or the action's own words ("Harry: Stupefy")."""
        for start, message in PURPOSES.items():
            if purpose.startswith(start):
                return self.say(language, message, name=purpose[len(start) :])
        opposing = purpose.endswith(OPPOSING)
        name, _colon, what = purpose.removesuffix(OPPOSING).partition(": ")
        what = self.say(language, ROLLS[what]) if what in ROLLS else what
        text = self.say(language, _("%(name)s: %(what)s"), name=name, what=what)
        return self.say(language, _("%(roll)s (opposing)"), roll=text) if opposing else text


def _action(command: Command, view: State, language: str) -> str:
    name, target = name_of(view, command["participant"]), name_of(view, command.get("target"))
    roll = command.get("roll")
    if roll is None:
        text = (
            TEXTS.say(
                language, _("%(name)s acts on %(target)s without a roll"), name=name, target=target
            )
            if target
            else TEXTS.say(language, _("%(name)s acts without a roll"), name=name)
        )
    else:
        text = TEXTS.say(
            language, _("%(name)s: %(roll)s"), name=name, roll=roll_text(roll, target, language)
        )
    if command.get("what"):
        text = TEXTS.say(language, _("%(action)s – %(what)s"), action=text, what=command["what"])
    return text


def roll_text(roll: dict, target: str, language: str) -> str:
    """A roll as the table says it: "Dexterity against Draco's Quickness"."""
    attribute = attribute_text(str(roll.get("attribute", "")), language)
    kind = roll.get("kind")
    if kind == OPPOSED:
        defence = attribute_text(str((roll.get("opposing") or {}).get("attribute", "")), language)
        if target:
            return TEXTS.say(
                language,
                _("%(attribute)s against %(target)s's %(defence)s"),
                attribute=attribute,
                target=target,
                defence=defence,
            )
        return TEXTS.say(
            language, _("%(attribute)s against %(defence)s"), attribute=attribute, defence=defence
        )
    if kind == DEFENDED:
        defence = ", ".join(attribute_text(str(a), language) for a in roll.get("defence", []))
        return TEXTS.say(
            language,
            _("%(attribute)s against a difficulty from %(defence)s"),
            attribute=attribute,
            defence=defence,
        )
    if kind == CHECK:
        return TEXTS.say(
            language,
            _("%(attribute)s against difficulty %(difficulty)s"),
            attribute=attribute,
            difficulty=roll.get("difficulty"),
        )
    return attribute


def _defence(command: Command, view: State, language: str) -> str:
    name = name_of(view, command["participant"])
    attribute = command.get("attribute") or view["settings"]["defence_attribute"] or ""
    words = attribute_text(attribute, language)
    if command["action"] == "dodge":
        return TEXTS.say(
            language, _("%(name)s dodges with %(attribute)s"), name=name, attribute=words
        )
    attack = view.get("attack") or {}
    return TEXTS.say(
        language,
        _("%(name)s intervenes for %(target)s with %(attribute)s"),
        name=name,
        target=name_of(view, attack.get("target")),
        attribute=words,
    )


#: What the dice are rolled for, by the start of their purpose (``rules``).
PURPOSES = {
    "initiative roll-off: ": _("Initiative roll-off: %(name)s"),
    "initiative: ": _("Initiative: %(name)s"),
}
ROLLS = {
    "check": _("check"),
    "defended roll": _("defended roll"),
    "opposed roll": _("opposed roll"),
}
OPPOSING = " (opposing)"
