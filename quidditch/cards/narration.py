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

PITCH_DECK, TEAM_DECK = _("the pitch deck"), _("%(team)s's deck")
#: Event type -> its line; ``%(ball)s`` is the ball as the object of a verb, except where
#: the line says ``%(on_ball)s``.
LINES = {
    "shuffled": _("%(deck)s is shuffled (%(cards)s cards)."),
    "drew": _("%(player)s draws %(cards)s."),
    "round_started": _("Round %(round)s: %(pitcher)s pitches."),
    "goal_scored": _("%(player)s turns over a Goal Card: an instant goal, and another pitch."),
    "third_bludger": _("%(player)s turns over a third Bludger: it is discarded, pitch again."),
    "pitched": _("%(player)s brings %(ball)s into play."),
    "no_ball_to_pitch": _("%(player)s finds no new ball to pitch."),
    "kept_balls": _("%(player)s plays on the balls already in play."),
    "window_opened": _("Special cards may be played now, %(window)s."),
    "cast": _("%(player)s plays %(card)s %(target)s."),
    "passed": _("%(player)s passes."),
    "played": _("%(player)s lays %(card)s %(on_ball)s."),
    "not_playing": _("%(player)s chooses not to play."),
    "took_effect": _("%(card)s, played by %(player)s, takes effect %(target)s.%(outcome)s"),
    "fizzled": _("%(card)s, played by %(player)s, has nothing left to act on."),
    "cancelled": _("%(card)s, played by %(player)s, is cancelled by %(by)s."),
    "returned_to_hand": _("%(card)s goes back to the hand of %(player)s."),
    "revealed": _("The cards for %(ball)s are turned over: %(cards)s."),
    "ball_stays": _("Nobody wins %(ball)s: it stays in play."),
    "ball_won": _("%(player)s wins %(ball)s."),
    "bludgered": _("%(player)s is hit by the Bludger and loses %(taken)s from the hand."),
    "game_over": _("The Snitch is caught. %(totals)s. %(outcome)s"),
}
TAKEN = _(" %(team)s discards %(cards)s.")
ONE_CARD, CARDS = _("one card"), _("%(count)s cards")
NOTHING = _("nothing")
WIN, DRAW = _("%(winner)s wins!"), _("A draw.")


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
        "%(winner)s wins %(points)s to %(other_points)s: %(winner)s caught the Golden Snitch "
        "(150 points) in round %(round)s and scored %(goals)s in Quaffles and Goal Cards "
        "(10 points each), %(loser)s %(other_goals)s."
    ),
    "catcher_loses": _(
        "%(winner)s wins %(points)s to %(other_points)s on Quaffles and Goal Cards (10 points "
        "each), %(goals)s to %(other_goals)s, although %(loser)s caught the Golden Snitch "
        "(150 points) in round %(round)s."
    ),
    "draw": _(
        "A draw, %(points)s points each: %(winner)s caught the Golden Snitch (150 points) in "
        "round %(round)s and scored %(goals)s in Quaffles and Goal Cards (10 points each), "
        "%(loser)s %(other_goals)s."
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
