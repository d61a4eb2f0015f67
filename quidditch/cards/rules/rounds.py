"""A round (LET'S PLAY, steps 1-8): pitch, play face down, reveal, decide, discard, draw.

1. The pitcher (Slytherin in the first round, then the players alternate)
   pitches a ball, or plays on the balls already in play; while a Quaffle is
   in play there is no pitch. After a round in which the pitcher played on
   no ball, the next pitcher must pitch.
2. Window ``before_plays`` (:mod:`.windows`).
3. The pitcher lays a card face down on each ball they choose, always on
   the Quaffle, and says when done; playing on none ends the round.
4. The opponent lays a card face down on every ball the pitcher played on.
5. Window ``after_plays``.
6. The pitcher picks the order of the reveals. Each ball's cards are turned
   over together, window ``after_reveal`` follows, then the ball is decided
   (:mod:`.balls`): a won Quaffle goes to its winner's scoring pile, a won
   Bludger to the pitch discard pile and a card at random from the loser's
   hand to their discard pile, and the Snitch ends the game at once.
7. Both discard their cards from the pitch and draw back to seven, less
   one per Bludger that hit them this round.
"""

from __future__ import annotations

from games.dice import Dice

from . import pitch, scoring
from .balls import WINNER, contender
from .cards import BLUDGER, HAND_SIZE, QUAFFLE, SLYTHERIN, SNITCH, TEAMS, face_of, opponent
from .decks import discard, draw, draw_up, shuffled, take_at_random
from .specials import take_effect
from .windows import AFTER_PLAYS, AFTER_REVEAL, BEFORE_PLAYS, open_window

DEAL, PITCH, WINDOW, PITCHER_PLAYS, OPPONENT_PLAYS, REVEAL, OVER = (
    "deal",
    "pitch",
    "window",
    "pitcher_plays",
    "opponent_plays",
    "reveal",
    "over",
)


def deal(state: dict, dice: Dice, events: list) -> None:
    """SET UP: shuffle the three decks, seven cards to each hand, Slytherin pitches. The
    decks are shuffled before "Each player chooses a Team Deck": by the table, nobody's."""
    for team in TEAMS:
        piles = state["teams"][team]
        piles["deck"] = shuffled(piles["deck"], dice, team, events)
    state["pitch"]["deck"] = shuffled(state["pitch"]["deck"], dice, "pitch", events)
    for team in TEAMS:
        draw(state, team, HAND_SIZE, dice, events)
    start_round(state, SLYTHERIN, dice, events)


def start_round(state: dict, pitcher: str, dice: Dice, events: list) -> None:
    state.update(
        round=state["round"] + 1,
        pitcher=pitcher,
        plays={},
        contested=[],
        barred={team: [] for team in TEAMS},
        awarded={},
        current=None,
        window=None,
    )
    events.append({"type": "round_started", "round": state["round"], "pitcher": pitcher})
    must_pitch, state["must_pitch"] = state["must_pitch"], False
    if not pitch.could_pitch(state):
        open_window(state, BEFORE_PLAYS, events)
    elif must_pitch or not state["pitch"]["in_play"]:
        pitch_ball(state, dice, events)
    else:
        state["phase"] = PITCH


def pitch_ball(state: dict, dice: Dice, events: list) -> None:
    pitch.pitch(state, state["pitcher"], dice, events)
    open_window(state, BEFORE_PLAYS, events)


def keep_balls(state: dict, events: list) -> None:
    """The pitcher plays on the balls already in play instead of pitching a new one."""
    events.append({"type": "kept_balls", "player": state["pitcher"]})
    open_window(state, BEFORE_PLAYS, events)


def close_window(state: dict, dice: Dice, events: list) -> None:
    """The window's special cards take effect, and the round goes on."""
    name = state["window"]["name"]
    take_effect(state, dice, events)
    state["window"] = None
    if name == BEFORE_PLAYS:
        state["phase"] = PITCHER_PLAYS
        if not open_balls(state, state["pitcher"]):
            pitcher_done(state, dice, events)
    elif name == AFTER_PLAYS:
        next_reveal(state, dice, events)
    else:
        decide(state, state["current"], dice, events)
        if not state["over"]:
            next_reveal(state, dice, events)


def open_balls(state: dict, seat: str) -> list[str]:
    """The balls the seat may still lay a card on now (none with an empty hand)."""
    if not state["teams"][seat]["hand"]:
        return []
    if seat == state["pitcher"]:
        balls = [ball for ball in state["pitch"]["in_play"] if ball not in state["plays"]]
    else:
        balls = [ball for ball in state["contested"] if seat not in state["plays"][ball]]
    return [ball for ball in balls if ball not in state["barred"][seat]]


def quaffle_owed(state: dict) -> bool:
    """Whether the pitcher must still play on the Quaffle ("A pitcher must ALWAYS play on a
    Quaffle"): not once a Wingardium Leviosa bars them from it, nor with an empty hand."""
    return any(face_of(ball) == QUAFFLE for ball in open_balls(state, state["pitcher"]))


def play(state: dict, seat: str, ball: str, card: str, dice: Dice, events: list) -> None:
    """A card face down on the seat's side of a ball."""
    state["teams"][seat]["hand"].remove(card)
    state["plays"].setdefault(ball, {})[seat] = {"card": card, "face_up": False, "effects": []}
    events.append({"type": "played", "player": seat, "ball": ball, "card": card})
    if seat == state["pitcher"]:
        state["contested"].append(ball)
        if not open_balls(state, seat):
            pitcher_done(state, dice, events)
    elif not open_balls(state, seat):
        open_window(state, AFTER_PLAYS, events)


def pitcher_done(state: dict, dice: Dice, events: list) -> None:
    """The pitcher's cards are down: the opponent answers on every one of those balls."""
    if not state["contested"]:
        events.append({"type": "not_playing", "player": state["pitcher"]})
        state["must_pitch"] = True
        end_round(state, dice, events)
        return
    state["phase"] = OPPONENT_PLAYS
    if not open_balls(state, opponent(state["pitcher"])):
        open_window(state, AFTER_PLAYS, events)


def next_reveal(state: dict, dice: Dice, events: list) -> None:
    """The next ball to turn over: the pitcher picks while more than one waits."""
    waiting = waiting_balls(state)
    if not waiting:
        end_round(state, dice, events)
    elif len(waiting) == 1:
        reveal(state, waiting[0], events)
    else:
        state["phase"] = REVEAL


def waiting_balls(state: dict) -> list[str]:
    return [ball for ball in state["contested"] if ball in state["plays"]]


def reveal(state: dict, ball: str, events: list) -> None:
    """Both cards on the ball turn over at the same time."""
    for played in state["plays"][ball].values():
        played["face_up"] = True
    cards = {seat: played["card"] for seat, played in state["plays"][ball].items()}
    events.append({"type": "revealed", "ball": ball, "cards": cards})
    state["current"] = ball
    open_window(state, AFTER_REVEAL, events)


def decide(state: dict, ball: str, dice: Dice, events: list) -> None:
    """Who wins the ball, if anyone; its cards go to their discard piles."""
    played = state["plays"].pop(ball)
    sides = {team: contender(played.get(team)) for team in TEAMS}
    winner = state["awarded"].get(ball) or WINNER[face_of(ball)](sides)
    for card in played.values():
        discard(state, card["card"])
    state["current"] = None
    if winner is None:
        events.append({"type": "ball_stays", "ball": ball})
        return
    state["pitch"]["in_play"].remove(ball)
    events.append({"type": "ball_won", "player": winner, "ball": ball})
    if face_of(ball) == BLUDGER:
        state["pitch"]["discard"].append(ball)
        hit_by_bludger(state, opponent(winner), dice, events)
    else:
        state["teams"][winner]["scoring"].append(ball)
        if face_of(ball) == SNITCH:
            finish(state, events)


def hit_by_bludger(state: dict, team: str, dice: Dice, events: list) -> None:
    """A card picked blindly from the loser's hand ("no peeking"); their next hand is one short."""
    taken = take_at_random(state, team, 1, dice)
    state["teams"][team]["hits"] += 1
    events.append({"type": "bludgered", "player": team, "taken": taken})


def end_round(state: dict, dice: Dice, events: list) -> None:
    pitcher = state["pitcher"]
    for team in (pitcher, opponent(pitcher)):
        draw_up(state, team, dice, events)
        state["teams"][team]["hits"] = 0
    start_round(state, opponent(pitcher), dice, events)


def finish(state: dict, events: list) -> None:
    totals = scoring.totals(state)
    winner = scoring.winner(state)
    state.update(phase=OVER, over=True, winner=winner, window=None)
    events.append({"type": "game_over", "totals": totals, "winner": winner})
