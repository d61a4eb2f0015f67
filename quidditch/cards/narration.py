"""The log as the table would say it, in English (the text's language).

A line is written from the event as its reader may see it (:mod:`.rules.visibility`),
so a card face down reads "a card face down" and another's draw only "3 cards".
The templates are marked for translation; no catalogue exists yet.
"""

from __future__ import annotations

from core.errors import gettext_noop as _

from .rules.cards import PITCH_FACES, SPECIALS, face_of, position, value
from .rules.visibility import FACE_DOWN

TEAM_NAMES = {"gryffindor": _("Gryffindor"), "slytherin": _("Slytherin")}
DECK_NAMES = {**TEAM_NAMES, "pitch": _("the pitch deck")}
SPECIAL_NAMES = {
    "leg_locker": _("Leg-Locker"),
    "full_body_bind": _("Full Body-Bind"),
    "alohomora": _("Alohomora"),
    "wingardium_leviosa": _("Wingardium Leviosa"),
    "reduce_by_two": _('the jinx "Reduce opponent\'s card by 2 points"'),
    "take_one_card": _('the jinx "Take 1 card from opponent and discard"'),
    "no_play_on_ball": _('the jinx "Opponent can\'t play on a ball"'),
    "take_back": _('the jinx "Take back any card from your card pile"'),
    "remove_keeper": _('the foul "Remove opponent\'s Keeper"'),
    "free_goal": _('the foul "Free Goal"'),
    "referee": _("the Referee"),
}
PITCH_NAMES = {
    "quaffle": _("the Quaffle"),
    "bludger": _("a Bludger"),
    "snitch": _("the Golden Snitch"),
    "goal": _("a Goal Card"),
}
WINDOW_NAMES = {
    "before_plays": _("before the plays"),
    "after_plays": _("after the plays"),
    "after_reveal": _("after the reveal"),
}
LINES = {
    "shuffled": _("{deck} is shuffled ({cards} cards)."),
    "drew": _("{player} draws {cards}."),
    "round_started": _("Round {round}: {pitcher} pitches."),
    "goal_scored": _("{player} turns over a Goal Card: an instant goal, and another pitch."),
    "third_bludger": _("{player} turns over a third Bludger: it is discarded, pitch again."),
    "pitched": _("{player} pitches {card}."),
    "no_ball_to_pitch": _("{player} finds no new ball to pitch."),
    "kept_balls": _("{player} plays on the balls already in play."),
    "window_opened": _("Special cards may be played now, {window}."),
    "cast": _("{player} plays {card} on {target}."),
    "passed": _("{player} passes."),
    "played": _("{player} lays {card} on {ball}."),
    "not_playing": _("{player} chooses not to play."),
    "took_effect": _("{card}, played by {player}, takes effect on {target}.{outcome}"),
    "fizzled": _("{card}, played by {player}, has nothing left to act on."),
    "cancelled": _("{card}, played by {player}, is cancelled by {by}."),
    "returned_to_hand": _("{card} goes back to the hand of {player}."),
    "revealed": _("The cards on {ball} are turned over: {cards}."),
    "ball_stays": _("Nobody wins {ball}: it stays in play."),
    "ball_won": _("{player} wins {ball}."),
    "bludgered": _("{player} is hit by the Bludger and loses {taken} from the hand."),
    "game_over": _("The Snitch is caught. {totals}. {outcome}"),
}
TAKEN = _(" {team} discards {cards}.")
NOTHING = _("nothing")
NO_TARGET = _("the opponent")
WIN, DRAW = _("{winner} wins!"), _("A draw.")


def narrate(event: dict) -> dict[str, str]:
    return {"en": _line(event)}


def card_name(card: str) -> str:
    """``G-chaser7-1``: "Chaser 7"; a ball: "the Quaffle"; a hidden card: "a card face down"."""
    if card == FACE_DOWN:
        return _("a card face down")
    face = face_of(card)
    if face in SPECIALS:
        return SPECIAL_NAMES[face]
    if face in PITCH_FACES:
        return PITCH_NAMES[face]
    return f"{position(card).title()} {value(card)}"


def _target(target: str | None) -> str:
    """A ball, a card on the table or in a discard pile, or the opponent themselves."""
    return NO_TARGET if target is None else card_name(target)


def _line(event: dict) -> str:
    fields = dict(event)
    for name in ("player", "pitcher"):
        if name in event:
            fields[name] = TEAM_NAMES[event[name]]
    for name in ("card", "ball", "by"):
        if name in event:
            fields[name] = card_name(event[name])
    kind = event["type"]
    if kind == "shuffled":
        fields["deck"] = DECK_NAMES[event["deck"]]
    elif kind == "drew":
        drawn = event.get("cards")
        fields["cards"] = ", ".join(map(card_name, drawn)) if drawn else f"{event['count']} cards"
    elif kind == "window_opened":
        fields["window"] = WINDOW_NAMES[event["window"]]
    elif kind in ("cast", "took_effect", "fizzled"):
        fields["target"] = _target(event["target"])
        lost = event.get("taken", []) + ([event["discarded"]] if "discarded" in event else [])
        fields["outcome"] = (
            TAKEN.format(cards=", ".join(map(card_name, lost)), team=TEAM_NAMES[event["on"]])
            if lost
            else ""
        )
    elif kind == "revealed":
        fields["cards"] = (
            ", ".join(
                f"{TEAM_NAMES[team]} {card_name(card)}" for team, card in event["cards"].items()
            )
            or NOTHING
        )
    elif kind == "bludgered":
        fields["taken"] = ", ".join(map(card_name, event["taken"])) or NOTHING
    elif kind == "game_over":
        fields["totals"] = ", ".join(
            f"{TEAM_NAMES[team]} {points}" for team, points in event["totals"].items()
        )
        winner = event["winner"]
        fields["outcome"] = WIN.format(winner=TEAM_NAMES[winner]) if winner else DRAW
    line = LINES[kind].format_map(fields)
    return line[0].upper() + line[1:]
