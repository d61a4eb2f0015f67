"""The log as the table would say it, in English, German and French.

A line is written from the event as its reader may see it (:mod:`.rules.visibility`),
so a card face down reads "a card face down" and another's draw only "3 cards".
Names of teams, cards and balls are :mod:`.texts`'; a ball goes into a line in
the form its grammar needs (the object of a verb, or "on" the ball).
"""

from __future__ import annotations

from core.errors import gettext_noop as _

from .rules.cards import SNITCH_POINTS
from .texts import (
    LANGUAGES,
    TEAM_NAMES,
    TEXTS,
    WINDOWS,
    ball,
    card_name,
    first_upper,
    target_phrase,
)

PITCH_DECK, TEAM_DECK = _("the pitch deck"), _("{team}'s deck")
#: Event type -> its line; ``{ball}`` is the ball as the object of a verb, except where
#: the line says ``{on_ball}``.
LINES = {
    "shuffled": _("{deck} is shuffled ({cards} cards)."),
    "drew": _("{player} draws {cards}."),
    "round_started": _("Round {round}: {pitcher} pitches."),
    "goal_scored": _("{player} turns over a Goal Card: an instant goal, and another pitch."),
    "third_bludger": _("{player} turns over a third Bludger: it is discarded, pitch again."),
    "pitched": _("{player} brings {ball} into play."),
    "no_ball_to_pitch": _("{player} finds no new ball to pitch."),
    "kept_balls": _("{player} plays on the balls already in play."),
    "window_opened": _("Special cards may be played now, {window}."),
    "cast": _("{player} plays {card} {target}."),
    "passed": _("{player} passes."),
    "played": _("{player} lays {card} {on_ball}."),
    "not_playing": _("{player} chooses not to play."),
    "took_effect": _("{card}, played by {player}, takes effect {target}.{outcome}"),
    "fizzled": _("{card}, played by {player}, has nothing left to act on."),
    "cancelled": _("{card}, played by {player}, is cancelled by {by}."),
    "returned_to_hand": _("{card} goes back to the hand of {player}."),
    "revealed": _("The cards for {ball} are turned over: {cards}."),
    "ball_stays": _("Nobody wins {ball}: it stays in play."),
    "ball_won": _("{player} wins {ball}."),
    "bludgered": _("{player} is hit by the Bludger and loses {taken} from the hand."),
    "game_over": _("The Snitch is caught. {totals}. {outcome}"),
}
TAKEN = _(" {team} discards {cards}.")
ONE_CARD, CARDS = _("one card"), _("{count} cards")
NOTHING = _("nothing")
WIN, DRAW = _("{winner} wins!"), _("A draw.")


def _line(event: dict, language: str) -> str:
    def say(message: str, **fields) -> str:
        return TEXTS.say(language, message, **fields)

    def team(name: str) -> str:
        return say(TEAM_NAMES[name])

    def cards(listed: list[str]) -> str:
        return ", ".join(card_name(card, language) for card in listed) or say(NOTHING)

    fields = dict(event)
    for name in ("player", "pitcher"):
        if name in event:
            fields[name] = team(event[name])
    for name in ("card", "by"):
        if name in event:
            fields[name] = card_name(event[name], language)
    if "ball" in event:
        fields["ball"] = ball(event["ball"], language).the
        fields["on_ball"] = ball(event["ball"], language).on
    kind = event["type"]
    if kind == "shuffled":
        deck = event["deck"]
        fields["deck"] = say(PITCH_DECK) if deck == "pitch" else say(TEAM_DECK, team=team(deck))
    elif kind == "drew":
        drawn, count = event.get("cards"), event["count"]
        fields["cards"] = (
            cards(drawn) if drawn else say(ONE_CARD if count == 1 else CARDS, count=count)
        )
    elif kind == "pitched":
        fields["ball"] = ball(event["card"], language).the
    elif kind == "window_opened":
        fields["window"] = say(WINDOWS[event["window"]])
    elif kind in ("cast", "took_effect", "fizzled"):
        fields["target"] = target_phrase(event["target"], language)
        lost = event.get("taken", []) + ([event["discarded"]] if "discarded" in event else [])
        fields["outcome"] = say(TAKEN, cards=cards(lost), team=team(event["on"])) if lost else ""
    elif kind == "revealed":
        fields["cards"] = ", ".join(
            f"{team(side)} {card_name(card, language)}" for side, card in event["cards"].items()
        ) or say(NOTHING)
    elif kind == "bludgered":
        fields["taken"] = cards(event["taken"])
    elif kind == "game_over":
        fields["totals"] = ", ".join(
            f"{team(side)} {points}" for side, points in event["totals"].items()
        )
        winner = event["winner"]
        fields["outcome"] = say(WIN, winner=team(winner)) if winner else say(DRAW)
    return first_upper(say(LINES[kind], **fields))


#: Who won and why (9. Winning the Game): the higher total wins, each Quaffle and Goal Card
#: in a scoring pile 10 points and the Golden Snitch 150; the catch ends the game.
ENDINGS = {
    "catcher_wins": _(
        "{winner} wins {points} to {other_points}: {winner} caught the Golden Snitch "
        "(150 points) in round {round} and scored {goals} in Quaffles and Goal Cards "
        "(10 points each), {loser} {other_goals}."
    ),
    "catcher_loses": _(
        "{winner} wins {points} to {other_points} on Quaffles and Goal Cards (10 points "
        "each), {goals} to {other_goals}, although {loser} caught the Golden Snitch "
        "(150 points) in round {round}."
    ),
    "draw": _(
        "A draw, {points} points each: {winner} caught the Golden Snitch (150 points) in "
        "round {round} and scored {goals} in Quaffles and Goal Cards (10 points each), "
        "{loser} {other_goals}."
    ),
}


class CardNarration:
    """The transcript and the ending, as the card game's words
    (:class:`.words.CardWords`) say them: each event a line in every language, the
    game's end one sentence."""

    def narrate(self, event: dict) -> dict[str, str]:
        """The event as a line of the transcript, in English, German and French."""
        return {language: _line(event, language) for language in LANGUAGES}

    def ending(self, result: dict, language: str) -> str:
        """The game's end in one sentence: the winner (the catcher, in a draw), both
        totals, the catch and its round, and what each side's Quaffles and Goal Cards made."""
        points, catcher = result["points"], result["snitch"]
        leader = result["winner"] or catcher
        trailer = next(team for team in points if team != leader)
        goals = {team: total - SNITCH_POINTS * (team == catcher) for team, total in points.items()}
        case = (
            "draw"
            if result["winner"] is None
            else "catcher_wins"
            if leader == catcher
            else "catcher_loses"
        )
        return TEXTS.say(
            language,
            ENDINGS[case],
            winner=TEXTS.say(language, TEAM_NAMES[leader]),
            loser=TEXTS.say(language, TEAM_NAMES[trailer]),
            points=points[leader],
            other_points=points[trailer],
            goals=goals[leader],
            other_goals=goals[trailer],
            round=result["rounds"],
        )
