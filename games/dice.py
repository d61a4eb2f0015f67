"""One dice interface for every rules module.

Rules never call ``random``: they ask a :class:`Dice` for a face and say why
(``dice.roll(6, purpose="pass")``). Three sources stand behind the interface:

- :class:`ServerDice` derive every face from a secret server seed, so that
  once the seed is revealed anyone can re-derive each roll (provably fair);
- :class:`EnteredDice` take faces a table rolled with physical dice, or that a
  virtual tabletop rolled itself, and mark them as entered in the log;
- :class:`ScriptedDice` take a fixed list of faces, for tests and for replaying
  a log.

Every die, whatever its source, takes the game's next ``nonce``, and every
roll is remembered with its purpose so a log reads like a referee's transcript.

The derivation is public and documented in the README (section "Verifying a
game"); this module is pure Python so that the same code serves the server,
the verifier and anyone reading along.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Iterable, MutableSequence
from typing import ClassVar, NamedTuple, TypeVar

from core.errors import AppError

T = TypeVar("T")

SERVER = "server"
ENTERED = "entered"
SCRIPTED = "scripted"


class DiceError(AppError, ValueError):
    """Faces that cannot be used: out of range, too few, or too many."""

    status = 422
    default_code = "invalid_dice"


class Roll(NamedTuple):
    """One die as the log keeps it (a named tuple: made for every die, it must be cheap)."""

    nonce: int
    sides: int
    face: int
    purpose: str
    source: str

    def to_json(self) -> dict:
        return self._asdict()

    @classmethod
    def from_json(cls, data: dict) -> Roll:
        return cls(**data)


def commitment(server_seed: bytes) -> str:
    """The public promise made at creation: SHA-256 of the 32 raw seed bytes, in hex."""
    return hashlib.sha256(server_seed).hexdigest()


def derive_face(server_seed: bytes, client_seed: str, nonce: int, sides: int) -> int:
    """The face of die ``nonce`` with ``sides`` faces, from the seeds alone.

    HMAC-SHA256(key=server_seed, msg=f"{client_seed}:{nonce}:{i}") for i = 0, 1, ...;
    each digest is read as eight big-endian unsigned 32-bit integers and the first
    one below the largest multiple of ``sides`` that fits in 2**32 gives
    ``u % sides + 1``. Rejecting the values above that multiple removes modulo bias.
    """
    return _face(_keyed(server_seed), client_seed, nonce, sides)


SHA256_BLOCK = 64


def _keyed(server_seed: bytes) -> tuple:
    """HMAC-SHA256 keyed once (RFC 2104): the hash states after the inner and outer pads.

    Copying these two states per message is HMAC itself, at half the cost of the
    ``hmac`` module's object (dice are rolled by the hundred in every match).
    """
    key = server_seed if len(server_seed) <= SHA256_BLOCK else hashlib.sha256(server_seed).digest()
    key = key.ljust(SHA256_BLOCK, b"\0")
    return (
        hashlib.sha256(bytes(byte ^ 0x36 for byte in key)),
        hashlib.sha256(bytes(byte ^ 0x5C for byte in key)),
    )


def _face(keyed: tuple, client_seed: str, nonce: int, sides: int) -> int:
    """:func:`derive_face` with the HMAC already keyed."""
    if sides < 1:
        raise DiceError(f"a die needs at least one side, not {sides}")
    limit = (2**32 // sides) * sides
    inner, outer = keyed
    i = 0
    while True:
        mac = inner.copy()
        mac.update(f"{client_seed}:{nonce}:{i}".encode())
        result = outer.copy()
        result.update(mac.digest())
        digest = result.digest()
        for offset in range(0, 32, 4):
            u = int.from_bytes(digest[offset : offset + 4], "big")
            if u < limit:
                return u % sides + 1
        i += 1


class Dice:
    """Hands out faces one die at a time and remembers every roll."""

    source: ClassVar[str]

    def __init__(self, *, start_nonce: int = 0) -> None:
        self.next_nonce = start_nonce
        self.rolls: list[Roll] = []

    def roll(self, sides: int, purpose: str, *, by: str | None = None) -> int:
        """Roll one die with ``sides`` faces for the stated ``purpose``.

        ``by`` names the seat that rolls it at a table (``None``: the table or the
        referee), so that a table rolling its own dice is told whose die is awaited.
        """
        if sides < 1:
            raise DiceError(f"a die needs at least one side, not {sides}")
        nonce = self.next_nonce
        face = self._face(sides, nonce)
        self.rolls.append(Roll(nonce, sides, face, purpose, self.source))
        self.next_nonce = nonce + 1
        return face

    def roll_many(
        self, count: int, sides: int, purpose: str, *, by: str | None = None
    ) -> list[int]:
        """Roll ``count`` dice in order, as "/dice 2w6" would."""
        return [self.roll(sides, purpose, by=by) for _ in range(count)]

    def shuffle(
        self, items: MutableSequence[T], purpose: str, *, by: str | None = None
    ) -> MutableSequence[T]:
        """Fisher-Yates in place: for i = n-1 down to 1 swap i with (a d(i+1)) - 1."""
        for i in range(len(items) - 1, 0, -1):
            j = self.roll(i + 1, purpose, by=by) - 1
            items[i], items[j] = items[j], items[i]
        return items

    def _face(self, sides: int, nonce: int) -> int:
        raise NotImplementedError


class ServerDice(Dice):
    """Provably fair dice: every face follows from the seeds and the nonce."""

    source = SERVER

    def __init__(self, server_seed: bytes, client_seed: str, *, start_nonce: int = 0) -> None:
        super().__init__(start_nonce=start_nonce)
        self.server_seed = server_seed
        self.client_seed = client_seed
        self._keyed = _keyed(server_seed)

    def _face(self, sides: int, nonce: int) -> int:
        return _face(self._keyed, self.client_seed, nonce, sides)

    def face_at(self, nonce: int, sides: int) -> int:
        """The face of die ``nonce``, as anyone holding the seeds derives it."""
        return self._face(sides, nonce)


class TrialDice(Dice):
    """Dice for trying a command out, whose faces nobody keeps.

    Whether the rules accept a command never depends on dice not yet rolled,
    so a ruleset can offer only the commands ``apply`` takes by trying each one.
    The faces run through every side in turn, so that a roll-off repeated on a
    tie comes to an end.
    """

    source = "trial"

    def _face(self, sides: int, nonce: int) -> int:
        return nonce % sides + 1


class ScriptedDice(Dice):
    """Faces given in advance, used in order: tests, and replaying a log."""

    source = SCRIPTED

    def __init__(self, faces: Iterable[int], *, start_nonce: int = 0) -> None:
        super().__init__(start_nonce=start_nonce)
        self._faces = deque(faces)

    @property
    def unused(self) -> int:
        """How many given faces no roll has taken yet."""
        return len(self._faces)

    def _face(self, sides: int, nonce: int) -> int:
        if not self._faces:
            raise DiceError(f"more dice are needed: no face left for a d{sides}")
        face = self._faces.popleft()
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= sides:
            raise DiceError(f"{face} is not a face of a d{sides}")
        return face


class EnteredDice(ScriptedDice):
    """Faces rolled at the table or by a virtual tabletop and typed in.

    A deck shuffled at the table is entered as its new order instead of faces:
    a list of the cards' 1-based positions before the shuffle, in their order
    after it (``[3, 1, 2]``: the third card is now on top). It is logged as the
    Fisher-Yates rolls that give that order, so a replay needs nothing else.
    """

    source = ENTERED

    def shuffle(
        self, items: MutableSequence[T], purpose: str, *, by: str | None = None
    ) -> MutableSequence[T]:
        if not self._faces or not isinstance(self._faces[0], list):
            return super().shuffle(items, purpose, by=by)
        order = self._faces.popleft()
        if sorted(order) != list(range(1, len(items) + 1)):
            raise DiceError(
                f"a deck of {len(items)} is entered as each position 1-{len(items)} once"
            )
        self._faces.extendleft(reversed(fisher_yates_faces([p - 1 for p in order])))
        return super().shuffle(items, purpose, by=by)


def fisher_yates_faces(order: list[int]) -> list[int]:
    """The faces :meth:`Dice.shuffle` must roll to put item ``order[k]`` at place ``k``."""
    current = list(range(len(order)))
    where = {item: place for place, item in enumerate(current)}
    faces = []
    for i in range(len(order) - 1, 0, -1):
        j = where[order[i]]
        faces.append(j + 1)
        current[i], current[j] = current[j], current[i]
        where[current[i]], where[current[j]] = i, j
    return faces
