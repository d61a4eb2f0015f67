"""Whose dice: at a table that rolls its own dice, each "/dice 2w6" is typed by the player
whose command it is (§3.1, and every command's "... und würfelt"), a combat roll's by both
parties in the original order (§3.3), the captains' by the captains (§4.2), and the rolls
for where the balls are by the referee ("würfelt der Schiedsrichter", §5.4, §5.5, §5.7).

Each case asks what the service would ask a table for (:func:`games.foresight.command_dice`):
the dice, in order, as (purpose, how many, whose nick), ``None`` for the referee's.
"""

from __future__ import annotations

from games.foresight import command_dice
from quidditch.chat.manifest import MANIFEST

from . import REFEREE, RULES, Game, player

THE_REFEREES = None
"""The referee holds no seat: his dice name nobody."""


def asked(game: Game, command: str | dict, *, by: str | None = None) -> list[tuple]:
    """The dice ``command`` (given by the nick ``by``, or by the referee) rolls, as asked for."""
    actor = player(by) if by else REFEREE
    if isinstance(command, str):
        command = MANIFEST.words.parse(command, state=game.state, actor=actor)
    needs = command_dice(RULES, game.state, command, actor, now=game.now + 1)
    return [(need.purpose, need.count, need.by) for need in needs]


def chasers(thirds: dict[str, str] | None = None) -> Game:
    """GJäger1 holds the quaffle in M, released."""
    return Game().kick_off().to_chasers(thirds)


def test_4_2_the_captains_roll_for_the_quaffle_first_team_first():
    """ "Der Schiedsrichter lässt die beiden Kapitäne um den Quaffel würfeln": the referee
    calls it, the captains (each team's first player, its keeper here) roll."""
    assert asked(Game(), {"action": "quaffle_roll"}) == [
        ("quaffle roll", 2, "GHüter"),
        ("quaffle roll", 2, "SHüter"),
    ]


def test_5_4_the_referee_rolls_where_the_bludgers_are():
    """ "Zu Beginn der Runde würfelt der Schiedsrichter": the last position taken rolls it."""
    game = Game().kick_off()
    game.do("Chatende")
    positions = [c for c in game.allowed() if c["action"] == "position"]
    while game.state["positioning"] != "beater" or len({c["player"] for c in positions}) > 1:
        game.do(positions[0], by=positions[0]["player"])
        positions = [c for c in game.allowed() if c["action"] == "position"]

    assert asked(game, positions[0], by=positions[0]["player"])[0] == (
        "bludger placement",
        2,
        THE_REFEREES,
    )


def test_5_5_the_referee_rolls_where_the_quaffle_carrier_is():
    """ "würfelt der Schiedsrichter die Position des Jägers mit dem Quaffel aus": the end of
    the beaters' sub-round rolls it."""
    game = Game().kick_off()
    game.start_round({"GJäger2": "S"}, bludgers=(1, 1))
    game.do("Klatscher freigegeben")

    assert asked(game, "Teilrunde beendet")[0] == ("quaffle carrier position", 2, THE_REFEREES)


def test_5_4_1_and_5_4_3_a_bludger_throw_is_the_beaters_and_a_block_the_blockers():
    """ "Dazu schreiben sie ‚Klatscherwurf NICK' und würfeln"; the block "wird mit dem
    Würfelwurf des Klatscherwurfs ... verglichen": the thrower's dice lie on the table, the
    blocking beater rolls his own."""
    game = Game().kick_off()
    game.start_round({"GJäger2": "S", "GTreiber1": "S"}, bludgers=(1, 1))
    game.do("Klatscher freigegeben")
    assert asked(game, "Klatscherwurf GJäger2", by="STreiber1") == [
        ("bludger throw", 2, "STreiber1")
    ]
    game.do("Klatscherwurf GJäger2", 6, 1, by="STreiber1")  # a hit GTreiber1 may block

    assert asked(game, "Abblocken", by="GTreiber1") == [("block", 2, "GTreiber1")]


def test_5_4_2_catching_and_hurling_the_second_bludger_are_the_beaters():
    game = Game().kick_off()
    game.start_round({"GJäger2": "S", "GJäger3": "S"}, bludgers=(1, 1))
    game.do("Klatscher freigegeben")
    game.do("Klatscherwurf GJäger2", 1, 1, by="STreiber1")
    assert asked(game, "Klatscherabfang", by="STreiber1") == [("bludger catch", 2, "STreiber1")]
    game.do("Klatscherabfang", 6, 1, by="STreiber1")

    assert asked(game, "Klatscherabwurf GJäger3", by="STreiber1") == [
        ("bludger rethrow", 2, "STreiber1"),
        ("quaffle carrier position", 2, THE_REFEREES),  # both bludgers used: the chasers
    ]


def test_5_5_2_an_attack_is_rolled_by_the_attacker_then_the_carrier():
    """ "Dies ist ein Kampfwurf und der Jäger im Quaffelbesitz muss sich per Gegenwürfeln
    verteidigen"."""
    game = chasers({"SJäger1": "S"})
    game.do("Fliegen M-S", by="GJäger1")

    assert asked(game, "Angriff GJäger1", by="SJäger1") == [
        ("attack", 2, "SJäger1"),
        ("attack", 2, "GJäger1"),
    ]


def test_5_5_3_a_foul_is_the_foulers():
    """ "Dazu schreibt er ‚Foul NICK' und würfelt"."""
    assert asked(chasers(), "Foul GJäger1", by="SJäger1") == [("foul", 2, "SJäger1")]


def test_5_5_4_and_5_5_5_a_pass_the_passers_its_catch_the_receivers_an_interception_its_own():
    """ "Dafür schreibt er ‚Pass NICK' und würfelt"; "Der andere Jäger muss nun annehmen. Dazu
    schreibt er ‚Angenommen' und würfelt"; "‚Abfangen' schreiben. Anschließend würfelt er"."""
    game = chasers()
    assert asked(game, "Pass GJäger2", by="GJäger1") == [("pass", 2, "GJäger1")]
    game.do("Pass GJäger2", 6, 1, by="GJäger1")

    assert asked(game, "Angenommen", by="GJäger2") == [("catch", 2, "GJäger2")]
    assert asked(game, "Abfangen", by="SJäger1") == [("intercept", 2, "SJäger1")]


def test_5_5_6_and_5_6_1_a_shot_is_the_shooters_and_its_save_the_keepers():
    """ "‚Torwurf' und dann würfeln"; the keeper "‚Halten' schreibt. Dann würfelt er": the
    shooter's dice lie on the table, the keeper rolls his own."""
    game = chasers()
    game.do("Fliegen M-S", by="GJäger1")
    assert asked(game, "Torwurf", by="GJäger1") == [("shot", 2, "GJäger1")]
    game.do("Torwurf", 3, 3, by="GJäger1")

    assert asked(game, "Halten", by="SHüter")[0] == ("save", 2, "SHüter")


def test_3_3_a_tie_is_rolled_again_by_both_in_the_original_order():
    """ "so wird der Würfelbefehl von beiden Spielern in der ursprünglichen Wurfreihenfolge
    wiederholt": the keeper's 3, 4 ties the shot's 3, 4; the shooter rolls again, then he."""
    game = chasers()
    game.do("Fliegen M-S", by="GJäger1")
    game.do("Torwurf", 3, 4, by="GJäger1")
    halten = MANIFEST.words.parse("Halten", state=game.state, actor=player("SHüter"))
    needs = command_dice(RULES, game.state, halten, player("SHüter"), now=game.now, entered=[3, 4])

    assert [(need.purpose, need.count, need.by) for need in needs] == [
        ("save (tie)", 2, "GJäger1"),
        ("save (tie)", 2, "SHüter"),
    ]


def test_5_6_2_the_keepers_attack_is_rolled_by_the_keeper_then_the_chaser():
    """ "Der Jäger würfelt nach dem Hüter"."""
    game = chasers()
    game.do("Fliegen M-S", by="GJäger1")

    assert asked(game, "Angriff", by="SHüter") == [
        ("keeper attack", 2, "SHüter"),
        ("keeper attack", 2, "GJäger1"),
    ]


def test_5_7_the_referee_rolls_where_the_snitch_is_and_the_seekers_find_and_catch_it():
    """ "gibt der Schiedsrichter mit einem Würfelwurf an, wo sich der Schnatz befindet";
    "‚Finden' und dann würfeln", "‚Fangen' und dann würfelt"."""
    game = chasers()
    assert asked(game, "Teilrunde beendet")[0] == ("snitch position", 2, THE_REFEREES)
    game.do("Teilrunde beendet", 5, 6)  # the snitch in G, with GSucher
    game.do("Schnatz freigegeben")
    assert asked(game, "Finden", by="GSucher") == [("find snitch", 2, "GSucher")]
    game.do("Finden", 6, 1, by="GSucher")

    assert asked(game, "Fangen", by="GSucher") == [("catch snitch", 2, "GSucher")]


def test_5_7_3_a_seekers_foul_is_the_foulers():
    """ "Das geht wie beim Jägerfoul"."""
    game = chasers({"SSucher": "G"})
    game.do("Teilrunde beendet", 5, 6)
    game.do("Schnatz freigegeben")
    game.do("Finden", 6, 1, by="GSucher")

    assert asked(game, "Foul GSucher", by="SSucher") == [("seeker foul", 2, "SSucher")]
