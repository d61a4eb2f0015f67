"""The teams a game of the campaign starts from (issue 38, "Games that count"):
``quidditch.positions.house_teams`` picks two houses of the campaign and places their
characters, so that a match started with the New game page's defaults counts."""

from quidditch.positions import BEATER, CHASER, KEEPER, SEEKER, house_teams

PLACES = {KEEPER: 1, SEEKER: 1, CHASER: 3, BEATER: 2}


def sheet(name, house, position=None, health=5):
    ids = {"Gryffindor": 1, "Slytherin": 2, "Ravenclaw": 3}
    return {
        "name": name,
        "house": {"id": ids[house], "name": house, "initial": house[0]},
        "position": position,
        "health": health,
    }


ROSTER = {
    1: sheet("Harry", "Gryffindor", SEEKER),
    2: sheet("Oliver", "Gryffindor", KEEPER),
    3: sheet("Ginny", "Gryffindor"),  # no position on her sheet: an open place
    4: sheet("Draco", "Slytherin", SEEKER),
    5: sheet("Miles", "Slytherin", KEEPER),
    6: sheet("Luna", "Ravenclaw", SEEKER),  # Ravenclaw has no keeper: it cannot play
    7: sheet("Marcus", "Slytherin", CHASER, health=0),  # no Health left: stays out
}


def test_two_houses_that_field_a_keeper_and_a_seeker_play_each_character_placed():
    assert house_teams(ROSTER, PLACES) == [
        {
            "house": 1,
            "players": [
                {"character": 2, "position": KEEPER},
                {"character": 1, "position": SEEKER},
                {"character": 3, "position": CHASER},
            ],
        },
        {
            "house": 2,
            "players": [
                {"character": 5, "position": KEEPER},
                {"character": 4, "position": SEEKER},
            ],
        },
    ]


def test_no_teams_where_the_rules_want_full_teams_and_the_houses_cannot_field_them():
    assert house_teams(ROSTER, PLACES, complete=True) is None


def test_no_teams_where_only_one_house_fields_a_keeper_and_a_seeker():
    only_gryffindor = {key: s for key, s in ROSTER.items() if s["house"]["name"] != "Slytherin"}
    assert house_teams(only_gryffindor, PLACES) is None
