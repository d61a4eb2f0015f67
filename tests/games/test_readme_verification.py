"""The README's "Verifying a game" code, run as written against the API's own output."""

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.django_db

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_verifier() -> dict:
    section = README.read_text().split("## Verifying a game", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    namespace: dict = {}
    exec(code, namespace)  # the reader's few lines of their own code
    return namespace


def test_an_outsider_can_re_derive_rolls_and_check_the_chain(table):
    verifier = readme_verifier()
    game = table.create_game(public=True, config={"target": 40})
    player = table.client(table.player)
    while (
        player.post(
            f"/api/matches/{game['id']}/commands/",
            {"command": {"action": "roll", "count": 3}},
            format="json",
        ).json()["game"]["status"]
        == "active"
    ):
        pass
    outsider = table.client()
    revealed = outsider.get(f"/api/matches/{game['id']}/").json()
    events = outsider.get(f"/api/matches/{game['id']}/events/").json()["results"]
    assert verifier["chain_ok"](revealed, events) is None
    for event in events:
        for roll in event["dice"]:
            face = verifier["face"](
                revealed["server_seed"], revealed["client_seed"], roll["nonce"], roll["sides"]
            )
            assert face == roll["face"]
    events[1]["events"][0]["total"] += 1
    assert verifier["chain_ok"](revealed, events) == 2
