"""The quidditch card game as a :class:`games.ruleset.Ruleset`.

Commands (``player`` is ``gryffindor`` or ``slytherin``; only the one who holds
that team's seat gives its commands, as only they see its hand: a storyguide
holding a seat plays it, and relays no other, ``referee_relays = False``).
Their shapes are in :mod:`.contract`, their words in :mod:`quidditch.cards.words`:

- ``{"action": "deal"}``: shuffles the three decks and deals seven cards each;
- ``{"action": "pitch", "player": ...}`` or ``{"action": "keep_balls", ...}``: the
  pitcher turns over a new ball, or plays on the balls in play;
- ``{"action": "play", "player": ..., "ball": "P-quaffle-3", "card": "G-chaser7-1"}``:
  a card face down on a ball;
- ``{"action": "done", "player": ...}``: the pitcher has played on every ball they want;
- ``{"action": "cast", "player": ..., "card": "G-alohomora-1", "target": ...}``:
  a special card, face up, in a window; ``target`` is a ball, a card or ``null``;
- ``{"action": "pass", "player": ...}``: nothing more to play in this window;
- ``{"action": "reveal", "player": ..., "ball": ...}``: the pitcher's next ball to turn over.
"""

from __future__ import annotations

from core.errors import gettext_noop as _
from games.chain import copy_state
from games.dice import Dice
from games.ruleset import (
    Actor,
    Command,
    Outcome,
    Ruleset,
    RuleViolation,
    State,
    config_settings,
    within_bounds,
)

from . import contract, rounds, scoring, specials, visibility, windows
from .cards import (
    HAND_SIZE,
    PITCH,
    PITCH_DECK,
    PITCH_FACES,
    PREFIX,
    SEEKER,
    SNITCH,
    TEAM_DECK,
    TEAM_FACES,
    TEAMS,
    card_ids,
    counts,
    face_of,
    layout,
    opponent,
)
from .decks import SECRET_PURPOSES

DEFAULTS = {"team_deck": TEAM_DECK, "pitch_deck": PITCH_DECK}
EQUIPMENT = "EQUIPMENT"
"""The text's heading that counts the box's cards: the bounds of a deck follow from it."""
ACTIONS = ("deal", "pitch", "keep_balls", "play", "done", "cast", "pass", "reveal")


def build_settings(config: object) -> dict:
    """The decks a match is played with, each as a layout (:mod:`.cards`): the default
    composition or the config's own, in the order given."""
    settings = config_settings(config, DEFAULTS)
    team_deck = _layout(settings["team_deck"], TEAM_FACES, "team_deck")
    pitch_deck = _layout(settings["pitch_deck"], PITCH_FACES, "pitch_deck")
    team, pitch = counts(team_deck), counts(pitch_deck)
    if team.total() < HAND_SIZE or not any(
        n for face, n in team.items() if face.startswith(SEEKER)
    ):
        raise RuleViolation(
            "invalid_config", _("A team deck needs at least seven cards and a Seeker."), "SET UP"
        )
    if pitch[SNITCH] != 1:
        raise RuleViolation(
            "invalid_config",
            _("The pitch deck holds exactly one Golden Snitch."),
            "PLAYING FOR THE GOLDEN SNITCH",
        )
    return {"team_deck": team_deck, "pitch_deck": pitch_deck}


def _layout(value: object, faces: tuple[str, ...], name: str) -> list[dict]:
    """A deck as given: a mapping (card name -> copies) in its own order, or a layout whose
    entries may name a card more than once. Entries of no copies are left out.

    A deck holds at most the cards its schema says (``x-most-cards``, issue 37 §3: a deck
    of 400,000 copies took a server 18 s and 343 MB), judged before a card is laid out."""
    setting = contract.CONFIG["properties"][name]
    mapping, listed = setting["oneOf"]
    within_bounds(name, value, mapping if isinstance(value, dict) else listed, EQUIPMENT)
    if isinstance(value, dict):
        value = layout(value)
    if not isinstance(value, list) or not all(
        isinstance(entry, dict) and set(entry) == {"card", "copies"} for entry in value
    ):
        raise RuleViolation(
            "invalid_config",
            _("%(deck)s lists its cards as card name: copies, or as a list of card and copies."),
            params={"deck": name},
        )
    unknown = sorted({str(entry["card"]) for entry in value} - set(faces))
    if unknown:
        raise RuleViolation(
            "invalid_config",
            _("%(deck)s: no such cards: %(cards)s."),
            params={"deck": name, "cards": ", ".join(unknown)},
        )
    most = setting["x-most-cards"]
    copies = [entry["copies"] for entry in value]
    if any(isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= most for n in copies):
        raise RuleViolation(
            "invalid_config",
            _("%(deck)s: each number of copies is a whole number from 0 to %(most)s."),
            EQUIPMENT,
            params={"deck": name, "most": most},
        )
    if sum(copies) > most:
        raise RuleViolation(
            "invalid_config",
            _("%(deck)s holds at most %(most)s cards."),
            EQUIPMENT,
            params={"deck": name, "most": most},
        )
    return [dict(entry) for entry in value if entry["copies"]]


class CardQuidditch(Ruleset):
    name = "card-quidditch"
    title = _("Quidditch card game")
    secret_roll_purposes = SECRET_PURPOSES
    #: Nobody plays a hand they do not hold: not the storyguide, who sees none.
    referee_relays = False

    def setup(self, config: dict) -> State:
        settings = build_settings(config)
        return {
            "settings": settings,
            "phase": rounds.DEAL,
            "round": 0,
            "pitcher": None,
            "must_pitch": False,
            "teams": {
                team: {
                    "deck": card_ids(PREFIX[team], settings["team_deck"]),
                    "hand": [],
                    "discard": [],
                    "scoring": [],
                    "hits": 0,
                }
                for team in TEAMS
            },
            "pitch": {
                "deck": card_ids(PITCH, settings["pitch_deck"]),
                "discard": [],
                "in_play": [],
            },
            "plays": {},
            "contested": [],
            "barred": {team: [] for team in TEAMS},
            "awarded": {},
            "current": None,
            "window": None,
            "winner": None,
            "over": False,
        }

    def seats(self, state: State) -> list[str]:
        return list(TEAMS)

    def seat_of(self, command: Command, state: State) -> str | None:
        return command.get("player")

    def apply(
        self, state: State, command: Command, *, actor: Actor, dice: Dice, now: float
    ) -> Outcome:
        if state["over"]:
            raise RuleViolation("game_over", _("The match is over."), "Winning the Game")
        if not isinstance(command, dict):
            raise RuleViolation("unknown_command", _("A command is an object with an action."))
        action = command.get("action")
        new, events = copy_state(state), []
        if action == "deal":
            if state["phase"] != rounds.DEAL or not (actor.is_referee or actor.controls):
                raise RuleViolation(
                    "not_now", _("The cards are dealt once, at the start."), "SET UP"
                )
            rounds.deal(new, dice, events)
            return Outcome(new, events)
        team = command.get("player")
        if action not in ACTIONS or team not in TEAMS:
            raise RuleViolation(
                "unknown_command",
                _("The card game knows no such command, or no such team (Gryffindor, Slytherin)."),
            )
        if not visibility.holds(team, actor):
            raise RuleViolation(
                "not_your_team", _("Only the player who holds a team's hand plays its cards.")
            )
        getattr(self, f"_{action}")(new, team, command, dice, events)
        return Outcome(new, events)

    def _pitch(self, state, team, command, dice, events) -> None:
        self._pitchers_choice(state, team)
        rounds.pitch_ball(state, dice, events)

    def _keep_balls(self, state, team, command, dice, events) -> None:
        self._pitchers_choice(state, team)
        rounds.keep_balls(state, events)

    def _play(self, state, team, command, dice, events) -> None:
        playing = rounds.PITCHER_PLAYS if team == state["pitcher"] else rounds.OPPONENT_PLAYS
        if state["phase"] != playing:
            raise RuleViolation(
                "not_your_turn", _("It is not your turn to play a card."), "LET'S PLAY 3-4"
            )
        if command.get("ball") not in rounds.open_balls(state, team):
            raise RuleViolation(
                "not_this_ball", _("You may not play on that ball now."), "Pitch Again"
            )
        self._in_hand(state, team, command.get("card"))
        rounds.play(state, team, command["ball"], command["card"], dice, events)

    def _done(self, state, team, command, dice, events) -> None:
        if state["phase"] != rounds.PITCHER_PLAYS or team != state["pitcher"]:
            raise RuleViolation(
                "not_your_turn", _("Only the pitcher ends the plays."), "LET'S PLAY 3"
            )
        if rounds.quaffle_owed(state):
            raise RuleViolation(
                "quaffle_first", _("A pitcher must always play on a Quaffle."), "Pitch Again"
            )
        rounds.pitcher_done(state, dice, events)

    def _cast(self, state, team, command, dice, events) -> None:
        self._in_window(state, team)
        card, target = command.get("card"), command.get("target")
        self._in_hand(state, team, card)
        if (card, target) not in specials.plays(state, team):
            raise RuleViolation(
                "not_now", _("That card cannot be played on that now."), "SPELL AND JINX CARDS"
            )
        state["teams"][team]["hand"].remove(card)
        entry = {"player": team, "card": card, "target": target}
        windows.played(state, entry)
        events.append({"type": "cast", **entry})

    def _pass(self, state, team, command, dice, events) -> None:
        self._in_window(state, team)
        events.append({"type": "passed", "player": team})
        if windows.passed(state, team):
            rounds.close_window(state, dice, events)

    def _reveal(self, state, team, command, dice, events) -> None:
        if state["phase"] != rounds.REVEAL or team != state["pitcher"]:
            raise RuleViolation(
                "not_your_turn", _("The pitcher orders the reveals."), "Pitch Again"
            )
        if command.get("ball") not in rounds.waiting_balls(state):
            raise RuleViolation("not_this_ball", _("No cards wait on that ball."), "Pitch Again")
        rounds.reveal(state, command["ball"], events)

    @staticmethod
    def _pitchers_choice(state: State, team: str) -> None:
        if state["phase"] != rounds.PITCH or team != state["pitcher"]:
            raise RuleViolation("not_your_turn", _("It is not your pitch."), "LET'S PLAY 1")

    @staticmethod
    def _in_window(state: State, team: str) -> None:
        if not windows.may_act(state, team):
            raise RuleViolation(
                "not_now",
                _("Special cards are played in a window, and only until you pass."),
                "SPECIAL CARDS",
            )

    @staticmethod
    def _in_hand(state: State, team: str, card: object) -> None:
        if card not in state["teams"][team]["hand"]:
            raise RuleViolation("not_in_hand", _("That card is not in your hand."), "LET'S PLAY 3")

    def allowed_commands(self, state: State, actor: Actor, *, now: float | None = None) -> list:
        if state["over"]:
            return []
        if state["phase"] == rounds.DEAL:
            return [{"action": "deal"}] if actor.is_referee or actor.controls else []
        return [
            command
            for team in TEAMS
            if visibility.holds(team, actor)
            for command in self._offers(state, team)
        ]

    @staticmethod
    def _offers(state: State, team: str) -> list[dict]:
        phase, pitcher = state["phase"], state["pitcher"]
        mine = {"player": team}
        if phase == rounds.PITCH and team == pitcher:
            return [{"action": "pitch", **mine}, {"action": "keep_balls", **mine}]
        if phase == rounds.WINDOW and windows.may_act(state, team):
            return [
                {"action": "pass", **mine},
                *(
                    {"action": "cast", **mine, "card": card, "target": target}
                    for card, target in specials.plays(state, team)
                ),
            ]
        playing = {rounds.PITCHER_PLAYS: pitcher, rounds.OPPONENT_PLAYS: opponent(pitcher)}
        if playing.get(phase) == team:
            offers = [
                {"action": "play", **mine, "ball": ball, "card": card}
                for ball in rounds.open_balls(state, team)
                for card in state["teams"][team]["hand"]
            ]
            if phase == rounds.PITCHER_PLAYS and not rounds.quaffle_owed(state):
                offers.append({"action": "done", **mine})
            return offers
        if phase == rounds.REVEAL and team == pitcher:
            return [
                {"action": "reveal", **mine, "ball": ball} for ball in rounds.waiting_balls(state)
            ]
        return []

    def view(self, state: State, actor: Actor) -> State:
        return visibility.view(state, actor)

    def view_event(self, record: dict, actor: Actor) -> dict:
        return visibility.view_event(super().view_event(record, actor), actor)

    def result(self, state: State) -> dict | None:
        if not state["over"]:
            return None
        return {
            "winner": state["winner"],
            "points": scoring.totals(state),
            "snitch": next(
                team
                for team in TEAMS
                if any(face_of(card) == SNITCH for card in state["teams"][team]["scoring"])
            ),
            "rounds": state["round"],
        }
