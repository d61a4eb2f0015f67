"""The end: by agreement (the snitch appears for both seekers) or by a captain conceding
(the snitch's points go to the other side)."""

from tests.quidditch.tabletop import RULES, in_phase


def before_a_phase():
    match = in_phase()
    match.end_phase("home")
    return match


def test_agreeing_to_end_releases_the_snitch_seen_by_both_seekers():
    match = before_a_phase()
    match.do({"action": "propose_end", "side": "away"})
    assert match.offered() == [
        {"action": "accept_end", "side": "home"},
        {"action": "decline_end", "side": "home"},
    ]
    match.do({"action": "accept_end", "side": "home"}, 3, 3)
    assert match.state["snitch"] == {"square": [13, 8], "seen": ["home", "away"]}
    match.refused({"action": "propose_end", "side": "away"}, "not_now")


def test_a_declined_proposal_changes_nothing():
    match = before_a_phase()
    match.do({"action": "propose_end", "side": "away"})
    match.do({"action": "decline_end", "side": "home"})
    assert match.state["snitch"]["square"] is None and match.state["proposal"] is None


def test_a_concession_ends_the_match_and_gives_the_snitchs_150_to_the_other_side():
    match = before_a_phase()
    match.do({"action": "concede", "side": "away"})
    assert RULES.result(match.state) == {
        "winner": "home",
        "score": {"home": 150, "away": 0},
        "goals": {"home": 0, "away": 0},
        "ended_by": "concession",
        "snitch": None,
        "teams": {"home": None, "away": None},
    }
    assert match.offered() == []
