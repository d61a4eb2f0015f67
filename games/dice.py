"""One dice interface for every rules module.

Rules never call ``random``: they ask a :class:`Dice` for a face and say why
(``dice.roll(6, purpose="pass")``). Behind the interface stand:

- :class:`ServerDice` derive every face from a secret server seed, so that
  once the seed is revealed anyone can re-derive each roll (provably fair);
- :class:`EnteredDice` take faces a table rolled with physical dice, or that a
  virtual tabletop rolled itself, and mark them as entered in the log; when
  they run out, the roll waits for the table (:class:`DiceAwaited`);
- :class:`ScriptedDice` take a fixed list of faces, for tests and for replaying
  a log;
- :class:`TrialDice` make faces up, to try a command out and see what it rolls.

Every die, whatever its source, takes the game's next ``nonce``, and every
roll is remembered with its purpose so a log reads like a referee's transcript.

The derivation is public and documented in the README (section "Verifying a
game"); this module is pure Python so that the same code serves the server,
the verifier and anyone reading along.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Iterable, MutableSequence, Sequence
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


class Need(NamedTuple):
    """Dice a roll waits for, as a table is asked for them: ``count`` dice with ``sides``
    faces for ``purpose``, rolled by the seat ``by`` (``None``: the table or the referee).

    A shuffle waits for the new order of its items: ``order`` holds them in their order
    before it (``sides`` is how many; ``count`` is 1, one order). It is ``None`` for a roll.
    """

    purpose: str
    sides: int
    count: int = 1
    by: str | None = None
    order: tuple | None = None

    @property
    def shuffle(self) -> bool:
        return self.order is not None

    def to_json(self) -> dict:
        return {
            "purpose": self.purpose,
            "sides": self.sides,
            "count": self.count,
            "by": self.by,
            "shuffle": self.shuffle,
            "order": list(self.order) if self.shuffle else None,
        }


class DiceAwaited(Exception):
    """Entered dice ran out: the roll waits for the table to enter ``need``.

    Not one of the application's errors: nothing went wrong, and no client is
    answered with it. The service catches it, keeps the command waiting, and
    asks for the dice (``games.services``); the verifier expects it where a
    record says the command waited.
    """

    def __init__(self, need: Need) -> None:
        super().__init__(f"dice awaited: {need}")
        self.need = need


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
    after it (``[3, 1, 2]``: the third card is now on top), or the cards
    themselves in their new order, where they are named by text. It is logged
    as the Fisher-Yates rolls that give that order, so a replay needs nothing else.

    When the entered faces run out, the next roll raises :class:`DiceAwaited`
    with what it needs: its purpose, sides and seat, how many dice of a
    ``roll_many`` are still to come, and for a shuffle its items in their order
    before it, so that whoever enters the new order sees the deck they shuffle.
    A shuffle begun by faces goes on by faces, a die at a time.

    ``meant`` says, face by face as far as known, the purpose a face was entered for
    (the roll the game asked for). A face is never taken for another roll: where the
    rules roll something else first (a tie rolled again, which nobody could foresee),
    the faces entered for the later rolls are set aside, and that roll is awaited.
    """

    source = ENTERED

    def __init__(
        self, faces: Iterable, *, start_nonce: int = 0, meant: Iterable[str | None] = ()
    ) -> None:
        super().__init__(faces, start_nonce=start_nonce)
        self._meant = deque(meant)

    def roll(self, sides: int, purpose: str, *, by: str | None = None) -> int:
        self._expect(Need(purpose, sides, 1, by))
        return super().roll(sides, purpose, by=by)

    def roll_many(
        self, count: int, sides: int, purpose: str, *, by: str | None = None
    ) -> list[int]:
        faces = []
        for left in range(count, 0, -1):
            self._expect(Need(purpose, sides, left, by))
            faces.append(super().roll(sides, purpose, by=by))
        return faces

    def shuffle(
        self, items: MutableSequence[T], purpose: str, *, by: str | None = None
    ) -> MutableSequence[T]:
        if len(items) > 1:  # a single card rolls nothing, and waits for nothing
            self._expect(Need(purpose, len(items), 1, by, tuple(items)))
            if isinstance(self._faces[0], list):
                order = places_before(self._faces.popleft(), items)
                faces = fisher_yates_faces(order)
                self._faces.extendleft(reversed(faces))
                self._meant.extendleft([purpose] * len(faces))  # the order's own rolls
        return super().shuffle(items, purpose, by=by)

    def _expect(self, need: Need) -> None:
        while self._faces and self._meant and self._meant[0] not in (None, need.purpose):
            self._faces.popleft()  # entered for a later roll than this one: set aside
            self._meant.popleft()
        if not self._faces:
            self._awaited(need)
        if self._meant:
            self._meant.popleft()

    def _awaited(self, need: Need) -> None:
        raise DiceAwaited(need)


class TrialDice(EnteredDice):
    """Dice for trying a command out: the faces entered so far, then faces made up.

    Whether the rules accept a command never depends on dice not yet rolled,
    so a ruleset can offer only the commands ``apply`` takes by trying each one;
    and what a command rolls is seen by trying it (:mod:`games.foresight`).
    Each die the command asks for beyond those entered is noted in ``asked``
    and given ``face(sides, nonce)``; by default the faces run through every
    side in turn, so that a roll-off repeated on a tie comes to an end. Beyond
    ``limit`` dice asked for, the trial stops (:class:`TrialOver`).
    """

    source = "trial"

    def __init__(
        self,
        entered: Iterable = (),
        *,
        face: Callable[[int, int], int] | None = None,
        start_nonce: int = 0,
        limit: int | None = None,
    ) -> None:
        super().__init__(entered, start_nonce=start_nonce)
        self.face = face or cycling
        self.limit = limit
        self.asked: list[Need] = []

    def _awaited(self, need: Need) -> None:
        asked = sum(dice_in(earlier) for earlier in self.asked)
        if self.limit is not None and asked >= self.limit:
            raise TrialOver
        self.asked.append(need)
        sides = range(need.sides, 1, -1) if need.shuffle else [need.sides] * need.count
        self._faces.extend(self.face(n, self.next_nonce + k) for k, n in enumerate(sides))


class TrialOver(Exception):
    """A trial asked for as many dice as were wanted of it."""


def cycling(sides: int, nonce: int) -> int:
    """A made-up face that runs through every side in turn as the nonce goes on."""
    return nonce % sides + 1


def dice_in(need: Need) -> int:
    """How many dice a need is, a shuffle counting as one (its new order)."""
    return 1 if need.shuffle else need.count


def places_before(entry: list, items: Sequence) -> list[int]:
    """A shuffle entered as its new order: each item's 0-based place before the shuffle,
    in the order after it. ``entry`` gives the 1-based places, or names the items
    (where they are text) in their new order; either way each item once."""
    count = len(items)
    if entry and all(isinstance(name, str) for name in entry):
        if Counter(entry) != Counter(items):
            raise DiceError(f"a deck of {count} is entered as each of its cards once")
        places = defaultdict(deque)
        for place, item in enumerate(items):
            places[item].append(place)
        return [places[name].popleft() for name in entry]
    whole = all(isinstance(place, int) and not isinstance(place, bool) for place in entry)
    if not whole or sorted(entry) != list(range(1, count + 1)):
        raise DiceError(f"a deck of {count} is entered as each position 1-{count} once")
    return [place - 1 for place in entry]


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
