"""The board as a person sees it (issue 29): every player of both teams numbered in their
colours on their squares, the balls, and the commands the rules offer chosen as at the
table, a piece and then a square: the squares the piece's commands lead to carry them as
buttons; a square with several links to their list; a star player chooses a die first."""

import json

from games.ruleset import PLAYER, SPECTATOR, Actor
from games.tables import Seen, in_words
from tests.quidditch.tabletop import MANIFEST, RULES, in_phase

HOME = Actor(PLAYER, frozenset({"home"}))
TEAMS = {"home": {"name": "Gryffindor"}, "away": {"name": "Slytherin"}}


def table(state: dict, actor=HOME, language: str = "en", **asked) -> dict:
    commands = RULES.allowed_commands(state, actor)
    seen = Seen(
        RULES, state, actor, language, in_words(MANIFEST.words, state, commands, language), asked
    )
    return MANIFEST.table.context(seen)


def commands(context: dict) -> dict[str, dict]:
    """The board's buttons: where each is (its grid area) and the command it sends."""
    return {t["area"]: json.loads(t["json"]) for t in context["targets"] if "json" in t}


def test_every_player_of_both_teams_is_drawn_numbered_on_their_square():
    """The home keeper (1) stands on (4, 10): grid row 10 + 2, column 4 + 2; the away seeker
    (7) on (19, 3). A player off the broom is not on the board but in the line-up."""
    context = table(in_phase(teams=TEAMS, away_beater2=None).state, Actor(SPECTATOR))
    drawn = {(p["side"], p["number"]): p["area"] for p in context["players"]}
    assert len(drawn) == 13 and ("away", 6) not in drawn
    assert drawn["home", 1] == "12/6" and drawn["away", 7] == "5/21"
    away = context["teams"][1]
    assert away["name"] == "Slytherin"
    assert away["players"][5] == {
        "number": 6,
        "name": "Beater 6",
        "notes": "knocked off the broom",
        "off": True,
    }
    assert [ball["kind"] for ball in context["balls"]] == ["quaffle", "bludger", "bludger"]


def test_a_spectator_sees_the_board_and_chooses_nothing():
    context = table(in_phase().state, Actor(SPECTATOR))
    assert context["targets"] == [] and context["chosen"] is None
    assert not any(p["href"] or p["ready"] for p in context["players"])


def test_the_players_who_may_do_something_are_links_to_choose_them():
    context = table(in_phase().state, lang="de")
    ready = {p["number"]: p["href"] for p in context["players"] if p["ready"]}
    assert set(ready) == {1, 2, 3, 4, 5, 6, 7}, "every home player may fly in a new phase"
    assert ready[3] == "?lang=de&piece=home-chaser2", "the page's language is kept"
    assert context["targets"] == []


def test_a_chosen_piece_s_squares_carry_its_commands():
    """Home chaser 3 on (11, 10) flies 5: (16, 10) is the quaffle's square, 5 east."""
    context = table(in_phase(teams=TEAMS).state, piece="home-chaser2")
    assert context["chosen"] == "Gryffindor chaser 3"
    buttons = commands(context)
    assert buttons["12/18"] == {
        "action": "move",
        "side": "home",
        "player": "home-chaser2",
        "to": [16, 10],
    }
    assert all(command["player"] == "home-chaser2" for command in buttons.values())
    target = next(t for t in context["targets"] if t["area"] == "12/18")
    assert target["text"] == "Gryffindor chaser 3: fly to the quaffle"


def test_a_tackle_is_chosen_on_the_square_the_carrier_is_knocked_to():
    """Away chaser 2 holds the quaffle on (21, 10); home chaser 2 beside it on (20, 9) may
    tackle: knocking the carrier east is the button on (22, 10)."""
    state = in_phase(
        quaffle={"carrier": "away-chaser2"}, home_chaser1=[20, 9], home_chaser2=[9, 10]
    ).state
    context = table(state, piece="home-chaser1")
    tackle = commands(context)["12/24"]
    assert tackle == {
        "action": "tackle",
        "side": "home",
        "player": "home-chaser1",
        "target": "away-chaser2",
        "direction": "E",
    }


def test_a_square_with_several_commands_links_to_their_list():
    """From (20, 9) home chaser 2 may fly 2 squares south-east to (22, 11), where knocking
    the carrier on (21, 10) south-east would send them too: that square lists both."""
    state = in_phase(
        quaffle={"carrier": "away-chaser2"}, home_chaser1=[20, 9], home_chaser2=[9, 10]
    ).state
    context = table(state, piece="home-chaser1")
    several = next(t for t in context["targets"] if t["area"] == "13/24")
    assert several["kind"] == "several" and several["href"] == "?piece=home-chaser1&square=22.11"
    listed = table(state, piece="home-chaser1", square="22.11")["listed"]
    assert sorted(offer.command["action"] for offer in listed) == ["move", "tackle"]


def test_the_star_player_chooses_the_die_they_set_then_a_square():
    """Home's star is chaser 3, holding the quaffle: each of their acts comes once as it is
    and once for each result of the die they set; the board shows one at a time, none
    by default. A flight rolls no die: it is there either way."""
    state = in_phase(teams={"home": {"star": "chaser2"}}, quaffle={"carrier": "home-chaser2"}).state
    context = table(state, piece="home-chaser2")
    assert [star["result"] for star in context["stars"]] == [None, 1, 2, 3, 4, 5, 6]
    assert all("star" not in command for command in commands(context).values())
    starred = commands(table(state, piece="home-chaser2", star="6"))
    assert {command.get("star") for command in starred.values()} == {6, None}
    assert {c["action"] for c in starred.values() if "star" not in c} == {"move"}
    assert {c["action"] for c in starred.values() if "star" in c} == {"pass"}


def test_a_piece_or_square_the_rules_no_longer_offer_is_ignored():
    context = table(in_phase().state, piece="away-chaser1", square="1.1", star="9")
    assert context["chosen"] is None and context["listed"] == [] and context["stars"] == []


def test_the_answer_the_match_waits_for_chooses_its_piece_by_itself():
    """After home's phase bludger 1 flies from (7, 2) at home beater 5 on (9, 4), its
    nearest player, who may hit it back: the beater is chosen, and hitting it north-west
    is the button on (8, 3); dodging is the frame's."""
    match = in_phase(bludgers=[[7, 2], [15, 20]])
    match.end_phase("home")
    context = table(match.state)
    assert context["chosen"] == "Home beater 5"
    assert commands(context)["5/10"] == {
        "action": "hit_bludger",
        "side": "home",
        "player": "home-beater1",
        "direction": "NW",
    }
    assert "dodge" not in MANIFEST.table.draws


def test_the_board_speaks_the_readers_language():
    context = table(in_phase(away_seeker=None).state, language="de", piece="home-chaser2")
    assert context["chosen"] == "Jäger 3 (Heimteam)"
    assert context["words"]["choose_square"] == "wähle ein markiertes Feld auf dem Spielfeld."
    assert context["phase"] == "Phase 1." and context["snitch"] == (
        "Der Schnatz ist noch nicht erschienen."
    )
    assert context["teams"][1]["players"][6] == {
        "number": 7,
        "name": "Sucher 7",
        "notes": "Starspieler, vom Besen gestoßen",
        "off": True,
    }
    flight = next(t for t in context["targets"] if t["area"] == "12/18")
    assert flight["text"] == "Jäger 3 (Heimteam): zum Quaffel fliegen"
