"""Provably fair dice: the published derivation, its lack of bias, shuffles."""

import hashlib
import hmac
import struct

import pytest

from games.dice import (
    DiceAwaited,
    DiceError,
    EnteredDice,
    Need,
    ScriptedDice,
    ServerDice,
    commitment,
    derive_face,
)

SEED = bytes(range(32))
CLIENT = "table-seven"


def reference_face(seed: bytes, client: str, nonce: int, sides: int) -> tuple[int, int]:
    """The algorithm as the README states it, written out again: (face, digests used)."""
    limit = (2**32 // sides) * sides
    i = 0
    while True:
        digest = hmac.new(seed, f"{client}:{nonce}:{i}".encode(), hashlib.sha256).digest()
        for k in range(8):
            u = struct.unpack(">I", digest[4 * k : 4 * k + 4])[0]
            if u < limit:
                return u % sides + 1, (i, k)
        i += 1


def test_commitment_is_sha256_of_the_raw_seed():
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()
    assert commitment(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


@pytest.mark.parametrize("sides", [2, 6, 12, 20, 100])
def test_faces_follow_the_published_derivation(sides):
    for nonce in range(200):
        face, _ = reference_face(SEED, CLIENT, nonce, sides)
        assert derive_face(SEED, CLIENT, nonce, sides) == face


def test_known_faces_for_a_fixed_seed():
    """Pinned values, so that a change of the algorithm cannot pass unnoticed."""
    faces = [derive_face(SEED, CLIENT, nonce, 6) for nonce in range(10)]
    assert faces == [reference_face(SEED, CLIENT, n, 6)[0] for n in range(10)]
    first_u = struct.unpack(">I", hmac.new(SEED, b"table-seven:0:0", hashlib.sha256).digest()[:4])
    assert faces[0] == first_u[0] % 6 + 1


def test_a_rejected_first_value_moves_on_to_the_next():
    # With 3,000,000,000 sides the limit is 3e9: about 30% of values are rejected.
    sides = 3_000_000_000
    nonce = next(n for n in range(100) if reference_face(SEED, CLIENT, n, sides)[1] != (0, 0))
    digest = hmac.new(SEED, f"{CLIENT}:{nonce}:0".encode(), hashlib.sha256).digest()
    first, second = struct.unpack(">II", digest[:8])
    assert first >= sides  # the first value is rejected...
    expected, _ = reference_face(SEED, CLIENT, nonce, sides)
    assert derive_face(SEED, CLIENT, nonce, sides) == expected
    if second < sides:  # ...and, when it is not rejected too, the second one decides
        assert expected == second % sides + 1


def test_a_digest_wholly_rejected_takes_the_next_digest():
    # Sides just above 2**31 reject almost half of the values; find a nonce whose
    # eight values of digest 0 are all rejected, so i = 1 decides.
    sides = 2**31 + 1
    nonce = next(n for n in range(5000) if reference_face(SEED, CLIENT, n, sides)[1][0] >= 1)
    assert derive_face(SEED, CLIENT, nonce, sides) == reference_face(SEED, CLIENT, nonce, sides)[0]


# 99.9% quantiles of the chi-square distribution for sides - 1 degrees of freedom.
CHI_SQUARE_999 = {6: 20.515, 12: 31.264, 20: 43.820}


@pytest.mark.parametrize("sides", sorted(CHI_SQUARE_999))
def test_server_rolls_are_uniform(sides):
    dice = ServerDice(hashlib.sha256(f"chi-{sides}".encode()).digest(), "chi-square")
    counts = [0] * sides
    for _ in range(60_000):
        counts[dice.roll(sides, "uniformity") - 1] += 1
    expected = 60_000 / sides
    chi_square = sum((count - expected) ** 2 / expected for count in counts)
    assert chi_square < CHI_SQUARE_999[sides]


def test_every_die_takes_the_next_nonce_and_keeps_its_purpose():
    dice = ServerDice(SEED, CLIENT, start_nonce=7)
    dice.roll(6, "pass")
    dice.roll_many(2, 6, "bludger placement")
    assert [(roll.nonce, roll.purpose, roll.source) for roll in dice.rolls] == [
        (7, "pass", "server"),
        (8, "bludger placement", "server"),
        (9, "bludger placement", "server"),
    ]
    assert [roll.face for roll in dice.rolls] == [
        derive_face(SEED, CLIENT, n, 6) for n in (7, 8, 9)
    ]
    assert dice.next_nonce == 10


def test_shuffle_is_fisher_yates_drawing_one_die_per_swap():
    # For i = 3, 2, 1 draw a d(i+1) and swap items i and face-1.
    dice = ScriptedDice([1, 3, 2])
    assert dice.shuffle(["a", "b", "c", "d"], "deck") == ["d", "b", "c", "a"]
    assert [roll.sides for roll in dice.rolls] == [4, 3, 2]


def test_server_shuffle_is_reproducible_from_the_seeds():
    deck = list(range(40))
    first = ServerDice(SEED, CLIENT).shuffle(list(deck), "team deck")
    again = ServerDice(SEED, CLIENT).shuffle(list(deck), "team deck")
    assert first == again and sorted(first) == deck and first != deck


@pytest.mark.parametrize("faces", [[7], [0], [True], ["3"]])
def test_entered_faces_outside_the_die_are_refused(faces):
    with pytest.raises(DiceError):
        EnteredDice(faces).roll(6, "pass")


def test_too_few_entered_faces_wait_for_the_next_die():
    """Entered dice that run out are not an error: the roll waits, saying for what."""
    dice = EnteredDice([3])
    dice.roll(6, "pass")
    with pytest.raises(DiceAwaited) as awaited:
        dice.roll(6, "catch", by="GJäger2")
    assert awaited.value.need == Need("catch", 6, 1, "GJäger2")


def test_entered_rolls_are_marked_as_entered():
    dice = EnteredDice([4, 2])
    dice.roll_many(2, 6, "shot")
    assert {roll.source for roll in dice.rolls} == {"entered"}
    assert dice.unused == 0


def test_an_entered_deck_order_is_logged_as_the_fisher_yates_rolls_that_give_it():
    """A table's shuffle: the new order [3, 1, 2] puts the third card on top."""
    dice = EnteredDice([[3, 1, 2]])
    assert dice.shuffle(["a", "b", "c"], "deck") == ["c", "a", "b"]
    assert [(roll.sides, roll.face, roll.source) for roll in dice.rolls] == [
        (3, 2, "entered"),
        (2, 1, "entered"),
    ]
    replayed = ScriptedDice([2, 1]).shuffle(["a", "b", "c"], "deck")
    assert replayed == ["c", "a", "b"], "the logged faces replay to the same order"
