"""The database's own limit on the command path: pgbench runs the statements one command
writes, as the service writes them, on the bench's database (issue 42: "the service as a
share ... of its database").

    .venv/bin/python bench/pgbench_commands.py                 # after bench/api_load.py
    .venv/bin/python bench/pgbench_commands.py --clients 12 --duration 20

One command is one transaction of three statements (``games.statements.lock_game`` and
``games.services``): the game's row locked with the id of an earlier event of the same
user and Idempotency-Key looked up beside it, the event appended (its JSON the size of a
real one of the database, the median event by size, with its stored answer), and the
game's state, version, nonce and last hash updated. Each transaction picks one of the
database's running Chat-Quidditch games at random, as the spread scenario spreads its
commands, with ``--clients`` connections (the spread scenario's client threads).

It writes events no replay can verify (their hash is a stand-in): run it on the bench's
database after ``bench/api_load.py`` has checked its logs (``api_load`` runs it last,
itself), never on a database anyone reads.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

SCRIPT = """\\set n random(0, {last})
\\set key random(1, 9000000000000000000)
BEGIN;
SELECT g.version AS version,
       coalesce((SELECT e.id FROM games_gameevent e
        WHERE e.game_id = g.id AND e.user_id = {user} AND e.idempotency_key = 'pgbench-:key'
        LIMIT 1), 0) AS earlier
  FROM games_game g WHERE g.id = (SELECT id FROM pgbench_games WHERE n = :n)
  FOR UPDATE OF g \\gset
INSERT INTO games_gameevent (game_id, seq, user_id, actor, submitted, command, dice, events,
                             created_at, hash, idempotency_key, fingerprint, answer)
  VALUES ((SELECT id FROM pgbench_games WHERE n = :n), :version + 1, {user}, {actor},
          {submitted}, {command}, {dice}, {events}, now(), '{hash}', 'pgbench-:key',
          '{hash}', {answer});
UPDATE games_game
  SET version = :version + 1, state = {state}, next_nonce = next_nonce + 1, last_hash = '{hash}'
  WHERE id = (SELECT id FROM pgbench_games WHERE n = :n);
END;
"""
"""The command's transaction; ``pgbench_games`` numbers the games picked (``n`` from 0)."""


def literal(text: str | None) -> str:
    """``text`` as a SQL literal of type jsonb-compatible text (or NULL)."""
    return "NULL" if text is None else "'" + text.replace("'", "''") + "'"


def figure(dsn: str, *, clients: int, seconds: float) -> float:
    """Transactions per second pgbench gets through the command's statements on ``dsn``."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS pgbench_games")
        conn.execute(
            "CREATE TABLE pgbench_games AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id "
            "FROM games_game WHERE ruleset = 'chat-quidditch' AND status = 'active'"
        )
        conn.execute("CREATE UNIQUE INDEX ON pgbench_games (n)")
        games = conn.execute("SELECT count(*) FROM pgbench_games").fetchone()[0]
        if not games:
            raise SystemExit("no running Chat-Quidditch game here: run bench/api_load.py first")
        row = conn.execute(
            "SELECT user_id, actor::text, submitted::text, command::text, dice::text, "
            "events::text, hash, answer::text FROM games_gameevent WHERE seq > 0 "
            "ORDER BY length(events::text) + length(coalesce(answer::text, '')) "
            "OFFSET (SELECT count(*) / 2 FROM games_gameevent WHERE seq > 0) LIMIT 1"
        ).fetchone()
        state = conn.execute(
            "SELECT state::text FROM games_game WHERE id = (SELECT id FROM pgbench_games "
            "WHERE n = 0)"
        ).fetchone()[0]
    user, actor, submitted, command, dice, events, hash_, answer = row
    script = SCRIPT.format(
        last=games - 1,
        user=user if user is not None else "NULL",
        actor=literal(actor),
        submitted=literal(submitted),
        command=literal(command),
        dice=literal(dice),
        events=literal(events),
        hash=hash_,
        answer=literal(answer),
        state=literal(state),
    )
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as file:
        file.write(script)
    try:
        run = subprocess.run(
            [
                shutil.which("pgbench") or "pgbench",
                "--no-vacuum",
                f"--client={clients}",
                "--jobs=2",
                f"--time={max(1, round(seconds))}",
                f"--file={file.name}",
                dsn,
            ],
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        Path(file.name).unlink()
    found = re.search(r"tps = ([\d.]+) \(without initial connection time\)", run.stdout)
    if run.returncode != 0 or not found:
        raise SystemExit(f"pgbench failed:\n{run.stdout}\n{run.stderr}")
    return float(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--database", default="storyguide_bench")
    parser.add_argument("--clients", type=int, default=12)
    parser.add_argument("--duration", type=float, default=20.0)
    args = parser.parse_args()
    tps = figure(
        f"{args.pg.rstrip('/')}/{args.database}", clients=args.clients, seconds=args.duration
    )
    print(f"pgbench, the command's statements, {args.clients} clients: {tps:.0f} commands/s")


if __name__ == "__main__":
    main()
