"""Auditing a game's log: the chain, the seed, every server roll, and a replay.

Pure Python over plain data, so that the verify endpoint, the ``verify_game``
command and anyone with a copy of the log run the same checks:

1. the hash chain is intact (each stored hash re-computes from its event);
2. once revealed, the server seed matches the commitment published at creation;
3. every server roll re-derives from the seeds and its nonce;
4. replaying the commands from ``ruleset.setup(config)`` with the recorded
   faces and times gives the same events, dice and final state as stored. A
   record of dice awaited (``games.awaiting``) is replayed as what it is: its
   command, on the faces entered for it so far, must stop where the record
   says, asking for the same die first, and changes nothing.

A problem names the sequence number of the first event it shows in.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime

from games.awaiting import awaited_event, awaits, first_die
from games.chain import HASHED_FIELDS, canonical_state, event_hash
from games.dice import (
    ENTERED,
    SERVER,
    DiceAwaited,
    DiceError,
    EnteredDice,
    ScriptedDice,
    ServerDice,
    commitment,
)
from games.ruleset import Actor, Outcome, Ruleset, RuleViolation


@dataclass(frozen=True)
class GameRecord:
    """What a verifier needs to know of the game itself."""

    config: dict
    state: dict
    seed_commitment: str
    client_seed: str
    server_seed: str | None  # hex, once revealed


@dataclass
class Problem:
    seq: int | None
    check: str
    detail: str


@dataclass
class Report:
    events: int = 0
    chain_intact: bool = True
    seed_revealed: bool = False
    seed_matches_commitment: bool | None = None
    rolls_checked: int = 0
    rolls_entered: int = 0
    """Dice entered at the table: no seed made them, so only the chain and the replay
    vouch for them, not for their fairness (the verify page says so)."""
    rolls_intact: bool | None = None
    replay_matches: bool = True
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def first_bad_seq(self) -> int | None:
        seqs = [problem.seq for problem in self.problems if problem.seq is not None]
        return min(seqs) if seqs else None

    def to_json(self) -> dict:
        return {
            **asdict(self),
            "ok": self.ok,
            "first_bad_seq": self.first_bad_seq,
        }


def verify(game: GameRecord, events: list[dict], ruleset: Ruleset) -> Report:
    """Check a game's log; ``events`` are the stored events in order, with their hashes."""
    report = Report(
        events=len(events),
        seed_revealed=game.server_seed is not None,
        rolls_entered=len(_entered_nonces(events)),
    )
    _check_chain(game, events, report)
    _check_rolls(game, events, report)
    _check_replay(game, events, ruleset, report)
    return report


def _entered_nonces(events: list[dict]) -> set[int]:
    """The dice entered at the table, by nonce: a die entered on the way to its command is
    logged again with the command."""
    return {
        roll["nonce"] for event in events for roll in event["dice"] if roll["source"] == ENTERED
    }


def _check_chain(game: GameRecord, events: list[dict], report: Report) -> None:
    previous = game.seed_commitment
    for expected_seq, event in enumerate(events, start=1):
        if event["seq"] != expected_seq:
            report.chain_intact = False
            report.problems.append(
                Problem(expected_seq, "chain", f"event {expected_seq} is missing")
            )
            return
        body = {name: event[name] for name in HASHED_FIELDS}
        if event_hash(previous, body) != event["hash"]:
            report.chain_intact = False
            report.problems.append(
                Problem(event["seq"], "chain", "the stored hash does not match the event")
            )
        previous = event["hash"]


def _check_rolls(game: GameRecord, events: list[dict], report: Report) -> None:
    if game.server_seed is None:
        return
    seed = bytes.fromhex(game.server_seed)
    report.seed_matches_commitment = commitment(seed) == game.seed_commitment
    if not report.seed_matches_commitment:
        report.problems.append(
            Problem(None, "seed", "the revealed seed does not match the commitment")
        )
        return
    report.rolls_intact = True
    dice = ServerDice(seed, game.client_seed)
    for event in events:
        for roll in event["dice"]:
            if roll["source"] != SERVER:
                continue
            report.rolls_checked += 1
            face = dice.face_at(roll["nonce"], roll["sides"])
            if face != roll["face"]:
                report.rolls_intact = False
                report.problems.append(
                    Problem(
                        event["seq"],
                        "roll",
                        f"die {roll['nonce']} shows {roll['face']}, the seeds give {face}",
                    )
                )


def replay_command(ruleset: Ruleset, state: dict, event: dict) -> tuple[Outcome, ScriptedDice]:
    """Apply one stored event's command to ``state`` again, on the faces it recorded.

    A record of dice awaited is replayed on entered dice, which wait where they run
    out: its outcome is then the state as it was and the die the command asks for
    first (where the command does not stop, its outcome is what it did instead).
    Raises what ``apply`` raises; the dice returned tell which faces were used.
    """
    recorded = event["dice"]
    dice = (EnteredDice if awaits(event["events"]) else ScriptedDice)(
        [roll["face"] for roll in recorded],
        start_nonce=recorded[0]["nonce"] if recorded else 0,
    )
    try:
        outcome = ruleset.apply(
            canonical_state(state),
            event["command"],
            actor=Actor.from_json(event["actor"]),
            dice=dice,
            now=datetime.fromisoformat(event["created_at"]).timestamp(),
        )
    except DiceAwaited as awaited:
        return Outcome(state, [awaited_event([awaited.need])]), dice
    return outcome, dice


def _check_replay(game: GameRecord, events: list[dict], ruleset: Ruleset, report: Report) -> None:
    try:
        state = ruleset.setup(game.config)
    except RuleViolation as error:
        report.replay_matches = False
        report.problems.append(Problem(None, "replay", f"the config is refused: {error}"))
        return
    for event in events:
        try:
            outcome, dice = replay_command(ruleset, state, event)
        except (RuleViolation, DiceError) as error:
            _replay_differs(report, event["seq"], f"the command is refused on replay: {error}")
            return
        recorded = event["dice"]
        replayed_dice = [
            {**roll.to_json(), "source": stored["source"]}
            for roll, stored in zip(dice.rolls, recorded, strict=False)
        ]
        same = _same_events(outcome.events, event["events"])
        if not same or replayed_dice != recorded or dice.unused:
            _replay_differs(report, event["seq"], "replaying the command gives another result")
            return
        state = outcome.state
    if state != game.state:
        _replay_differs(report, None, "the replayed state differs from the stored snapshot")


def _same_events(replayed: list[dict], stored: list[dict]) -> bool:
    """Whether a replay did what the record says: the same events; for a record of dice
    awaited, a stop asking for the same die first."""
    if awaits(stored):
        return awaits(replayed) and first_die(replayed) == first_die(stored)
    return replayed == stored


def _replay_differs(report: Report, seq: int | None, detail: str) -> None:
    report.replay_matches = False
    report.problems.append(Problem(seq, "replay", detail))
