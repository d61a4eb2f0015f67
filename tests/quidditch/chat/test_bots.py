"""The bot that plays Chat-Quidditch to win, at the nicks' seats and the referee's (issue 28).

"A Chat-Quidditch match with a random referee and random players was finished 0-0
by agreement at creation; another ended after one command; a human seated as
GJäger1 with bots everywhere else never got to play." The sensible bot ends a
match by the snitch or after its last round (§5.7.2, §7), never by agreement,
and waits for a person who has a move to make. The pitch of the tests' matches
reads S, M, G from low to high: Gryffindor shoots in S, Slytherin in G.
"""

from __future__ import annotations

import random

import pytest

from games.bots import RANDOM, REFEREE_SEAT, next_bot_move, offers, strategies
from games.dice import ServerDice
from games.ruleset import PLAYER, Actor
from quidditch.chat import tactics
from quidditch.chat.manifest import MANIFEST

from .rules import RULES, Game, config, team

SENSIBLE = "sensible"
BOT = MANIFEST.bots[SENSIBLE]
START = 1_700_000_000.0


def play(state: dict, bots: dict[str, str], seed: int, *, person=None) -> tuple[dict, list, int]:
    """Bots (and ``person``, a nick played at random, if given) from ``state`` to the end,
    the clock moving a second a command; the last state, the events, the person's moves."""
    rng, dice, now = random.Random(seed), ServerDice(bytes(32), f"bots-{seed}"), START
    events, moves = [], 0
    for _ in range(MANIFEST.playtest.max_commands):
        now += 1.0
        move = next_bot_move(RULES, state, bots, rng, now=now)
        if move is not None:
            command, actor = move.command, move.actor
        elif person is not None and not state["over"]:
            actor = Actor(PLAYER, frozenset({person}))
            mine = [c for c in RULES.allowed_commands(state, actor, now=now) if "player" in c]
            assert mine, f"the game waits, yet {person} has nothing to do ({state['phase']})"
            command, moves = rng.choice([c for c in mine if c["action"] != "end_game"]), moves + 1
        else:
            break
        outcome = RULES.apply(state, command, actor=actor, dice=dice, now=now)
        state, events = outcome.state, events + outcome.events
    return state, events, moves


def everyone(state: dict, strategy: str = SENSIBLE) -> dict[str, str]:
    return dict.fromkeys([*RULES.seats(state), REFEREE_SEAT], strategy)


def test_28_the_sensible_bot_is_the_rulesets_first_and_the_platforms_random_one_stays():
    assert list(MANIFEST.bots) == [SENSIBLE]
    assert list(strategies(RULES)) == [SENSIBLE, RANDOM]


@pytest.mark.parametrize("seed", range(40))
def test_7_sensible_bots_at_every_seat_end_by_the_snitch_or_the_last_round(seed):
    """§7: the game ends after the last round or with the snitch; never by agreement."""
    state = RULES.setup(MANIFEST.contract.example)
    state, events, _ = play(state, everyone(state), seed)
    assert state["over"]
    assert state["ended_by"] in ("snitch", "rounds")
    assert not [e for e in events if e["type"] == "end_vote"]


def test_28_the_sensible_bot_beats_the_random_player():
    """Slytherin's seats played at random, Gryffindor's and the referee's by the bot."""
    won = lost = 0
    for seed in range(60):
        state = RULES.setup(MANIFEST.contract.example)
        bots = everyone(state)
        bots.update({nick: RANDOM for nick in state["players"] if nick.startswith("S")})
        state, _, _ = play(state, bots, seed)
        winner = RULES.result(state)["winner"]
        won, lost = won + (winner == 0), lost + (winner == 1)
    assert won >= 2 * lost, (won, lost)


@pytest.mark.parametrize("seed", range(5))
def test_28_a_person_seated_among_bots_gets_to_play_and_the_match_ends_by_the_rules(seed):
    """GJäger1 a person (who plays at random), every other seat and the referee bots."""
    state = RULES.setup(MANIFEST.contract.example)
    bots = everyone(state)
    del bots["GJäger1"]
    state, events, _ = play(state, bots, seed, person="GJäger1")
    assert state["over"] and state["ended_by"] in ("snitch", "rounds")
    rounds = [e for e in events if e["type"] == "round"]
    positions = [e for e in events if e["type"] == "position" and e["player"] == "GJäger1"]
    # §5.3: he named his third in every round he did not start with the quaffle
    assert len(positions) == sum(1 for e in rounds if e["carrier"] != "GJäger1")


# --- the referee's seat (§2.1) ------------------------------------------------------------


def referee_choice(game: Game, now: float | None = None):
    offered = offers(RULES, game.state, REFEREE_SEAT, now=game.now if now is None else now)
    return BOT.choose(game.state, REFEREE_SEAT, offered, random.Random(0))


def test_4_2_5_2_the_referee_bot_has_the_quaffle_rolled_and_ends_the_chat():
    game = Game()
    assert referee_choice(game) == {"action": "quaffle_roll"}
    game.kick_off()
    assert referee_choice(game) == {"action": "chat_end"}


@pytest.mark.parametrize(
    ("phase", "ball"), [("bludger_release", "bludgers"), ("quaffle_release", "quaffle")]
)
def test_5_4_5_5_the_referee_bot_releases_the_balls(phase, ball):
    game = Game().kick_off()
    game.start_round({"STreiber1": "S"}, bludgers=(1, 1))
    if phase == "quaffle_release":
        game.do("Klatscher freigegeben")
        game.do("Teilrunde beendet", 3, 1)
    assert game.phase == phase
    assert referee_choice(game) == {"action": "release", "ball": ball}


def test_2_1_the_referee_bot_ends_a_sub_round_once_no_player_has_a_move_worth_making():
    """GJäger1 in M may fly to S and shoot: the referee waits. Flown to his own goal
    third with nobody to pass to, he has nothing worth doing: the referee ends it."""
    game = Game().kick_off().to_chasers(carrier=3)
    assert referee_choice(game) is None
    game.do("Fliegen M-G", by="GJäger1")
    assert {c["action"] for c in game.allowed("GJäger1")} >= {"shot"}  # at his own goal
    assert referee_choice(game) == {"action": "end_subround"}


def test_3_4_the_referee_bot_calls_time_only_once_an_answer_is_overdue():
    game = Game().kick_off().to_chasers(carrier=1)
    game.do("Torwurf", 6, 6, by="GJäger1")  # SHüter may hold within ten seconds
    deadline = game.state["pending"][0]["deadline"]
    assert referee_choice(game, now=deadline) is None
    assert referee_choice(game, now=deadline + 1) == {"action": "timeout", "deadline": deadline}


def test_7_the_referee_bot_agrees_to_end_once_both_captains_have():
    game = Game().kick_off().to_chasers(carrier=3)
    assert referee_choice(game) is None  # it never proposes the end
    game.do("Spielende", by="GHüter")
    assert referee_choice(game) is None
    game.do("Spielende", by="SHüter")
    assert referee_choice(game) == {"action": "end_game"}


@pytest.mark.parametrize(
    ("score", "agrees"),
    [([30, 10], True), ([10, 10], False), ([0, 0], False), ([10, 30], False)],
    ids=["leading", "level", "nil-nil", "trailing"],
)
def test_7_a_captain_bot_agrees_to_end_early_only_when_leading(score, agrees):
    """§7, the end by agreement: Slytherin's captain proposed it; Gryffindor's bot agrees
    only when ending now is a win for Gryffindor (a draw or a loss is played on)."""
    game = Game().kick_off().to_chasers(carrier=3)
    game.do("Spielende", by="SHüter")
    state = {**game.state, "score": score}
    vote = {"action": "end_game", "player": state["teams"][0]["captain"]}
    assert (tactics.worth(state, vote) is not None) is agrees


@pytest.mark.parametrize(
    ("reason", "half_time_after", "answer"),
    [
        ("absent", 5, {"action": "accept_substitution", "team": 0, "when": "now"}),
        ("leaving", 5, {"action": "accept_substitution", "team": 0, "when": "now"}),
        ("other", 5, {"action": "accept_substitution", "team": 0, "when": "pause"}),
        ("tactics", 5, {"action": "accept_substitution", "team": 0, "when": "half_time"}),
        ("tactics", 1, {"action": "refuse_substitution", "team": 0}),
    ],
    ids=["gone", "has to leave", "another reason", "tactics", "tactics after half-time"],
)
def test_8_6_the_referee_bot_answers_a_persons_request_first(reason, half_time_after, answer):
    """In the chasers' sub-round of round 1 (round 2 with half-time after round 1), with
    GJäger1 still to play: the referee answers before anything else."""
    game = Game(config(half_time_after=half_time_after)).kick_off().to_chasers(carrier=3)
    if half_time_after == 1:
        game.do("Teilrunde beendet", 3, 1)
        game.do("Schnatz freigegeben")
        game.do("Teilrunde beendet")
        game.do("Chat")
        game.to_chasers(carrier=3)
    request = {
        "action": "substitution",
        "player": "GHüter",
        "reason": reason,
        "changes": [{"nick": "GHüter", "to": None}, {"nick": "GJäger3", "to": "GHüter"}],
    }
    game.do(request, by="GHüter")
    assert referee_choice(game) == answer


def test_8_6_no_bot_asks_for_a_substitution():
    game = Game().kick_off()
    asked = [c for c in game.allowed("GHüter") if c["action"] == "substitution"]
    assert asked and all(tactics.worth(game.state, c) is None for c in asked)
    assert choice(game, "GHüter") is None  # the chat: nothing else for the captain to do


# --- a nick's seat ----------------------------------------------------------------------


def choice(game: Game, nick: str):
    offered = RULES.allowed_commands(game.state, Actor(PLAYER, frozenset({nick})), now=game.now)
    return BOT.choose(game.state, nick, offered, random.Random(0))


def test_3_2_the_captain_bot_hands_out_two_and_one_and_one_never_to_the_seeker():
    game = Game(config(teams=[team("Gryffindor"), team("Slytherin")]))
    command = choice(game, "GHüter")
    assert command["points"] == {"GJäger1": 2, "GHüter": 1, "GJäger2": 1}
    game.do(command, by="GHüter")  # the rules take it
    assert game.state["players"]["GJäger1"]["xp"] == 2


def test_5_5_6_the_carrier_bot_shoots_at_the_opponents_goal_and_never_at_its_own():
    assert choice(Game().kick_off().to_chasers(carrier=1), "GJäger1") == {
        "action": "shot",
        "player": "GJäger1",
    }
    game = Game().kick_off().to_chasers({"GJäger2": "G"}, carrier=6)  # in front of his own goal
    command = choice(game, "GJäger1")
    assert command == {"action": "fly", "player": "GJäger1", "from": "G", "to": "M"}


def test_5_5_4_a_carrier_who_has_flown_passes_to_a_team_mate_who_has_not():
    game = Game().kick_off().to_chasers({"GJäger2": "M", "GJäger3": "G"}, carrier=6)
    game.do("Fliegen G-M", by="GJäger1")
    assert choice(game, "GJäger1")["target"] == "GJäger2"


def test_5_4_1_a_beater_bot_throws_at_opponents_only():
    game = Game().kick_off()
    thirds = {"GTreiber1": "M", "GJäger2": "G", "SJäger2": "G", "SJäger3": "G", "SJäger1": "G"}
    game.start_round(thirds, bludgers=(3, 6))  # GTreiber1 in M with GJäger1 (no third yet)...
    game.do("Klatscher freigegeben")
    assert {c["target"] for c in game.allowed("GTreiber1")} == {"GJäger3"}  # ...and GJäger3
    assert choice(game, "GTreiber1") is None
    assert choice(game, "GTreiber2")["target"] in {"SJäger1", "SJäger2", "SJäger3"}


def test_5_6_2_the_keeper_bot_leaves_the_attack_to_a_chaser_of_his_who_can_make_it():
    game = Game().kick_off().to_chasers(carrier=3)
    game.do("Fliegen M-S", by="GJäger1")  # into Slytherin's goal third: SHüter may attack
    assert choice(game, "SHüter") == {"action": "attack", "player": "SHüter"}
    game = Game().kick_off().to_chasers({"SJäger1": "S"}, carrier=3)
    game.do("Fliegen M-S", by="GJäger1")
    assert choice(game, "SHüter") is None
    assert choice(game, "SJäger1") == {"action": "attack", "player": "SJäger1", "target": "GJäger1"}


@pytest.mark.parametrize(
    ("score", "round_", "final", "wins"),
    [
        ([0, 0], 1, False, True),
        ([0, 40], 1, False, True),
        ([0, 50], 1, False, False),  # a draw: rather play on
        ([0, 50], 1, True, True),  # in a final the snitch wins a draw (§8.2)
        ([0, 90], 1, False, False),
        ([0, 90], 10, False, True),  # the last round: the points still count
    ],
)
def test_5_7_2_a_seeker_catches_the_snitch_when_its_fifty_points_win(score, round_, final, wins):
    state = {"score": score, "round": round_, "last_round": 10, "config": {"final": final}}
    assert tactics.snitch_wins(state, 0) is wins


def test_7_a_captain_bot_accepts_a_persons_proposal_to_end_only_when_his_team_leads():
    game = Game().kick_off()
    assert choice(game, "SHüter") is None  # nobody proposed it
    game.do("Spielende")  # the referee, a person, proposes it
    assert choice(game, "SHüter") is None, "level at 0-0: he plays on"
    game.state = {**game.state, "score": [0, 10]}
    assert choice(game, "SHüter") == {"action": "end_game", "player": "SHüter"}
    game.state = {**game.state, "score": [10, 0]}
    assert choice(game, "SHüter") is None


def test_28_the_referee_seat_is_offered_the_referees_own_words_only():
    game = Game().kick_off().to_chasers(carrier=3)
    offered = offers(RULES, game.state, REFEREE_SEAT, now=game.now)
    assert offered == [{"action": "end_subround"}, {"action": "end_game"}]
