"""§3.4 through the API: ``Abblocken`` and ``Halten`` count only within the match's
``answer_seconds`` of the roll they answer, measured on the server's clock.

The players type the match up to the moment that matters, and the referee
enters the dice the table rolled (the match takes entered dice from the
referee), so that the shot or the hit is known in advance. The
answer then comes from the keeper's or the beater's own client, without
dice: the server rolls it, and its clock decides whether it was in time.

The standard start: Gryffindor wins the quaffle roll, Slytherin chooses T, so
the pitch reads S, M, G from low to high and Gryffindor shoots in S; a die of
1-2 means S, 3-4 M, 5-6 G.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db

CHASERS = ["GJäger2", "GJäger3", "SJäger1", "SJäger2", "SJäger3"]  # GJäger1 carries
BEATERS = ["GTreiber1", "GTreiber2", "STreiber1", "STreiber2"]


class TimedMatch:
    """A match with ``answer_seconds`` set, driven through the API on a hand-moved clock."""

    def __init__(self, table, clock, answer_seconds: float) -> None:
        self.table, self.clock = table, clock
        self.match = table.create_match(
            entered_dice="referee", settings={"answer_seconds": answer_seconds}
        )
        self.url = f"/api/matches/{self.match['id']}/commands/"
        self.owners = self.match["seats"]

    def referee(self, text: str, *dice: int) -> dict:
        """``text`` typed one second on, and the dice it rolls, if any, entered by the
        referee, who rolls the table's dice: a held nick's line ("SHüter: T") typed by
        its player on their own client, the referee's words and the lines of a nick
        nobody holds by the referee (issue 37: he relays only those)."""
        nick, _, line = text.partition(": ")
        storyguide = self.table.client(self.table.storyguide)
        if line and nick in self.owners:
            player = self.table.client(get_user_model().objects.get(pk=self.owners[nick]))
            response = self._send(player, {"text": line}, 1)
            if dice:
                assert response.status_code == 201, (text, response.json())
                response = self._send(storyguide, {"dice": list(dice)}, 0)
        else:
            body = {"text": text, **({"dice": list(dice)} if dice else {})}
            response = self._send(storyguide, body, 1)
        assert response.status_code == 201, (text, response.json())
        return response

    def player(self, nick: str, text: str, *, after: float):
        """The player of ``nick`` types ``text`` on his own client ``after`` seconds on; the
        referee enters at once any dice it waits for (ones), and answers the last."""
        user = get_user_model().objects.get(pk=self.owners[nick])
        response = self._send(self.table.client(user), {"text": text}, after)
        while response.status_code == 201 and response.json()["game"]["dice_awaited"]:
            needs = response.json()["game"]["dice_awaited"]["dice"]
            ones = {"dice": [1] * sum(need["count"] for need in needs)}
            response = self._send(self.table.client(self.table.storyguide), ones, 0)
        return response

    def _send(self, client, body: dict, after: float):
        self.clock.wait(after)
        return client.post(self.url, body, format="json")

    def round_one(self, beaters: dict[str, str], *dice: int) -> dict:
        """Up to the end of positioning: chasers in M, seekers at their goals, the beaters
        where given; ``dice`` are what the last beater's line rolls (bludgers, and the
        quaffle carrier's third if no beater meets a bludger)."""
        self.referee("Quaffelwurf", 6, 6, 1, 1)
        self.referee("SHüter: T")
        self.referee("Chatende")
        for nick in CHASERS:
            self.referee(f"{nick}: M")
        self.referee("GSucher: G")
        self.referee("SSucher: S")
        for nick in BEATERS[:-1]:
            self.referee(f"{nick}: {beaters[nick]}")
        return self.referee(f"{BEATERS[-1]}: {beaters[BEATERS[-1]]}", *dice).json()

    def shot_taken(self) -> dict:
        """GJäger1 in S shoots; the state now waits for SHüter's ``Halten``."""
        self.round_one(dict.fromkeys(BEATERS, "G"), 1, 3, 1, 1)  # bludgers S, M; carrier S
        self.referee("Quaffel freigegeben")
        shot = self.referee("GJäger1: Torwurf", 3, 3)
        assert kinds(shot) == ["shot"]
        return shot.json()

    def hit_thrown(self) -> dict:
        """STreiber1 hits GJäger2 in M; the state waits for GTreiber1's ``Abblocken``."""
        thirds = {"GTreiber1": "M", "GTreiber2": "G", "STreiber1": "M", "STreiber2": "G"}
        self.round_one(thirds, 3, 3)  # both bludgers in M
        self.referee("Klatscher freigegeben")
        return self.referee("STreiber1: Klatscherwurf GJäger2", 5, 1).json()


def kinds(response) -> list[str]:
    return [item["type"] for item in response.json()["event"]["events"]]


@pytest.mark.parametrize(("answer_seconds", "in_time"), [(5, False), (10, True)])
def test_3_4_halten_six_seconds_after_the_shot_counts_only_if_the_setting_allows(
    seated_table, clock, answer_seconds, in_time
):
    match = TimedMatch(seated_table, clock, answer_seconds)
    shot = match.shot_taken()
    shot_at = clock.seconds
    state = shot["game"]["state"]
    assert state["pending"][0]["deadline"] == pytest.approx(shot_at + answer_seconds)
    assert state["config"]["answer_seconds"] == answer_seconds

    answer = match.player("SHüter", "Halten", after=6)

    assert answer.status_code == 201
    events = kinds(answer)
    if in_time:
        assert events[0] == "save" and "answer_too_late" not in events
    else:
        assert events[:3] == ["answer_too_late", "answer_missing", "goal"]
        assert answer.json()["game"]["state"]["goals"] == [1, 0]


@pytest.mark.parametrize(("after", "in_time"), [(4, True), (6, False)])
def test_3_4_abblocken_counts_only_within_answer_seconds_of_the_hit(
    seated_table, clock, after, in_time
):
    match = TimedMatch(seated_table, clock, 5)
    hit = match.hit_thrown()
    assert [w["kind"] for w in hit["game"]["state"]["pending"]] == ["block"]

    answer = match.player("GTreiber1", "Abblocken", after=after)

    assert answer.status_code == 201
    events = kinds(answer)
    if in_time:
        assert events[0] == "block" and "answer_too_late" not in events
    else:
        assert events == ["answer_too_late", "answer_missing", "player_out"]
        assert "GJäger2" in answer.json()["game"]["state"]["out"]


def test_3_4_aus_before_the_deadline_is_refused_and_changes_nothing(seated_table, clock):
    match = TimedMatch(seated_table, clock, 5)
    version = match.shot_taken()["game"]["version"]

    early = match.player("GJäger1", "Aus", after=4)

    assert early.status_code == 422
    assert (early.json()["code"], early.json()["rule"]) == ("too_early", "§3.4")
    late = match.player("GJäger1", "Aus", after=2)
    # The next records are the late command's: the dice it waited for, then the command.
    assert late.status_code == 201 and late.json()["event"]["seq"] == version + 2
    assert kinds(late)[:2] == ["answer_missing", "goal"]
