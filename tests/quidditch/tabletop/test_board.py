"""The board as SVG for plugin authors: the pitch's squares, every player on a broom with
their number, the balls, the score."""

from xml.etree import ElementTree

from tests.quidditch.tabletop import MANIFEST, Match, scenario

SVG = "{http://www.w3.org/2000/svg}"


def test_the_board_draws_each_player_on_a_broom_the_balls_and_the_score():
    config = {
        "teams": {"home": {"name": "Gryffindor <1>"}},
        "scenario": scenario(
            home_beater2=None, snitch={"square": [24, 5], "seen": []}, score={"home": 20, "away": 0}
        ),
    }
    picture = ElementTree.fromstring(MANIFEST.board(Match(config).state))
    players = [g.find(f"{SVG}title").text for g in picture.iter(f"{SVG}g")]
    assert len(players) == 13 and "home-beater2" not in players
    caption = picture.find(f"{SVG}text").text
    assert caption == "Gryffindor <1> 20 – 0 away", "an unnamed team is called by its side"
    numbers = {
        g.find(f"{SVG}title").text: g.find(f"{SVG}text").text for g in picture.iter(f"{SVG}g")
    }
    assert numbers["home-keeper"] == "1" and numbers["away-seeker"] == "7"
    assert len(list(picture.iter(f"{SVG}rect"))) == 549, "every square of the default oval"
    balls = [
        c for c in picture.iter(f"{SVG}circle") if c.get("fill") in ("#111", "#d2691e", "#ffd700")
    ]
    assert len(balls) == 4, "the quaffle, two bludgers and the snitch"
