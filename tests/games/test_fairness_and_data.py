"""Issue 39: "The seed commitment and the JSON for plugin authors fold under one 'Fairness
and data' section; the verify page of a game on entered dice says the dice were entered at
the table and what that means for what was checked, and explains itself without pointing to
files."

Played on the platform's toy ``tally`` (a command rolls ``count`` d6; ``games.testing``),
at a table whose storyguide enters the dice.
"""

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def page(user, address: str) -> str:
    client = Client()
    client.force_login(user)
    answer = client.get(address, {"lang": "en"})
    assert answer.status_code == 200, address
    return answer.content.decode()


def words(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip()


def send(table, user, game_id: int, body: dict) -> None:
    answer = table.client(user).post(f"/api/matches/{game_id}/commands/", body, format="json")
    assert answer.status_code == 201, answer.json()


@pytest.fixture
def entered(table) -> int:
    """A finished tally whose three dice the storyguide entered at the table."""
    game = table.create_game(entered_dice="referee")["id"]
    send(table, table.player, game, {"command": {"action": "roll", "count": 3}})
    send(table, table.storyguide, game, {"dice": [4, 5, 6]})
    send(table, table.storyguide, game, {"command": {"action": "finish"}})
    return game


def test_the_game_page_folds_the_seed_and_the_json_under_fairness_and_data(table):
    game = table.create_game()["id"]
    markup = page(table.player, f"/matches/{game}/")
    fold = re.search(r'<details id="fairness">.*?</details>\s*</details>', markup, re.S).group()
    assert words(fold).startswith(
        "Fairness and data Before the first die was rolled, the server chose a secret seed and "
        "showed everyone its fingerprint: the seed commitment below."
    )
    assert f'<a href="/matches/{game}/verify/">Verify the dice</a>' in fold
    assert "seed commitment" in fold and "client seed" in fold
    assert '<details class="plugin">' in fold and 'id="state"' in fold
    assert "the seed is revealed when the game ends" in fold, "the game runs"
    before = markup[: markup.index('<details id="fairness">')]
    assert "<code>" not in before.split('id="transcript"')[-1], "no hash outside the fold"


def test_a_game_on_entered_dice_says_so_in_the_fold(table, entered):
    fold = words(page(table.player, f"/matches/{entered}/").split('<details id="fairness">')[1])
    assert (
        "Dice entered at the table are the table's own: the seed vouches only for those the "
        "server rolls." in fold
    )


def test_the_verify_page_of_entered_dice_says_what_was_and_was_not_checked(table, entered):
    text = words(page(table.player, f"/matches/{entered}/verify/"))
    assert "The log checks out." in text
    assert "Everything checks out." not in text
    assert (
        "The dice of this game were thrown at the table and entered by hand: 3 dice came from "
        "the table, not from the server's seed. For those dice this page can vouch that nothing "
        "was changed afterwards (the chain) and that the game follows from its commands and the "
        "faces entered (the replay); it cannot vouch that they were thrown fairly: that is up "
        "to the table that threw them." in text
    )
    assert "0 server rolls were derived again from the seed and the client seed" in text
    assert "The 3 dice entered at the table have no seed to be derived from." in text


def test_the_verify_page_explains_itself_without_pointing_to_files(table):
    game = table.create_game()["id"]
    send(table, table.player, game, {"command": {"action": "roll", "count": 2}})
    send(table, table.storyguide, game, {"command": {"action": "finish"}})
    text = words(page(table.player, f"/matches/{game}/verify/"))
    assert "Everything checks out." in text and "entered at the table" not in text
    assert "README" not in text and ".md" not in text
    assert (
        "With the three steps above and these two addresses, a few lines in any programming "
        "language that has SHA-256 and HMAC check the commitment, every server roll and the "
        "chain; the replay needs the game's rules, which this page ran for you." in text
    )
