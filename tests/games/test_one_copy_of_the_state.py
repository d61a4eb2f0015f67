"""One copy of the state for each command (issue 42): the services hand the rules the
state in canonical order (``games.chain.canonical_state``) once per command and once per
bot move, the checks before it reading the same copy; and a rule that changes a copy
of its state makes it with ``games.chain.copy_state``. Both are orjson round trips:
they must give exactly what the standard library's round trips gave, or play and
replay would part."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import services
from games.chain import canonical_state, copy_state
from games.models import Game, GameEvent
from tests.quidditch.cards.test_api import against_the_bot

#: JSON as the rules keep it: text keys (some non-ASCII, some numerals), whole numbers
#: within 64 bits, finite floats.
KEYS = st.text(alphabet=st.sampled_from("abAB_é€1029"), max_size=4)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=30,
)


def in_order(value) -> str:
    """``value`` written with its keys in the order they are in (not sorted)."""
    return json.dumps(value, ensure_ascii=False)


@given(st.dictionaries(KEYS, JSON, max_size=6))
def test_the_canonical_state_is_the_standard_librarys_sorted_round_trip(state):
    standard = json.loads(json.dumps(state, sort_keys=True))
    assert in_order(canonical_state(state)) == in_order(standard)


@given(st.dictionaries(KEYS, JSON, max_size=6))
def test_a_copy_of_the_state_keeps_its_values_and_their_order(state):
    copied = copy_state(state)
    assert in_order(copied) == in_order(state)


def test_both_are_copies_the_state_shares_nothing_with():
    state = {"b": {"hand": ["x"]}, "a": [{"n": 1}]}
    for made in (canonical_state(state), copy_state(state)):
        made["b"]["hand"].append("y")
        made["a"][0]["n"] = 2
    assert state == {"b": {"hand": ["x"]}, "a": [{"n": 1}]}


def test_a_whole_number_beyond_64_bits_is_kept_as_it_is():
    state = {"z": 2**70, "a": [-(2**65)]}
    assert canonical_state(state) == state and list(canonical_state(state)) == ["a", "z"]
    assert copy_state(state) == state and list(copy_state(state)) == ["z", "a"]


def test_keys_a_rule_wrote_as_numbers_are_text_as_the_database_keeps_them():
    assert canonical_state({"n": {2: "b", 1: "a"}}) == {"n": {"1": "a", "2": "b"}}
    assert copy_state({2: "b"}) == {"2": "b"}


def sorted_throughout(value) -> bool:
    if isinstance(value, dict):
        return list(value) == sorted(value) and all(map(sorted_throughout, value.values()))
    if isinstance(value, list):
        return all(map(sorted_throughout, value))
    return True


@pytest.mark.django_db
def test_a_command_and_each_bot_move_after_it_see_one_sorted_copy(table, monkeypatch):
    """A card match against the bot: the person's command is handed one copy of the
    state, keys sorted throughout whatever order the database gave them in, and the bot
    one each time it is asked (each move it answers with is made on the copy it chose
    it on; the last time, it has none)."""
    game_id = against_the_bot(table)
    game = Game.objects.get(pk=game_id)
    game.state = dict(reversed(game.state.items()))  # as a database may give it back
    game.save(update_fields=["state"])
    copies: list[dict] = []

    def counted(state):
        copies.append(canonical_state(state))
        return copies[-1]

    monkeypatch.setattr(services, "canonical_state", counted)
    person = table.client(table.player)
    url = f"/api/matches/{game_id}/"
    applied = []
    for _ in range(6):
        before = GameEvent.objects.filter(game_id=game_id).count()
        copies.clear()
        offered = person.get(url).json()["allowed_commands"]
        answer = person.post(f"{url}commands/", {"command": offered[0]}, format="json")
        assert answer.status_code == 201, answer.json()
        applied.append(GameEvent.objects.filter(game_id=game_id).count() - before)
        assert len(copies) == applied[-1] + 1
        assert all(map(sorted_throughout, copies))
    assert max(applied) > 1, "the bot answered some command"
