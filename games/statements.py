"""The command path's statements, compiled once per shape rather than once per command.

Building and compiling a queryset costs the command path more than PostgreSQL
takes to run it (``bench/README.md``): the statement that locks a game and
looks for an earlier event of the same Idempotency-Key is compiled here the
first time a shape of it is needed (with or without a key, of one kind or any),
with stand-in values; later commands run the same SQL with their own values put
where the stand-ins were (``Game.objects.raw``). The write's two statements, the
events appended and the game's changed fields, are written out once per shape (how
many events; which fields) from the models' columns, and take their values as the
ORM would give them (each field's ``get_db_prep_save``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from django.db import connections, router
from django.db.models import BigIntegerField, Model, OuterRef, Subquery, Value
from django.db.models.sql import Query

from games.models import Game, GameEvent, Seat

#: Stand-ins of each argument's type, unlike any real value, to find where it goes.
_GAME, _USER, _KEY, _KIND = -7_071_001, -7_071_002, "\x00key\x00", "\x00kind\x00"


def lock_game(*, game_id: int, kind: str | None, user_id: int | None, key: str | None):
    """The game, locked (``SELECT ... FOR UPDATE`` of its row alone), with ``earlier``: the
    id of the event ``user_id`` sent with ``key``, if any; ``None`` for no such game."""
    sql, places = _lock_statement(kind is not None, key is not None)
    values = {_GAME: game_id, _USER: user_id, _KEY: key, _KIND: kind}
    found = _instances(Game, sql, [values[place] for place in places])
    return found[0] if found else None


@cache
def _lock_statement(of_a_kind: bool, keyed: bool) -> tuple[str, tuple]:
    """The SQL of the locking statement of this shape, and the stand-in each of its
    arguments was compiled from (in their order)."""
    games = Game.objects.filter(kind=_KIND) if of_a_kind else Game.objects.all()
    earlier = GameEvent.objects.filter(game=OuterRef("pk"), user=_USER, idempotency_key=_KEY)
    query = (
        games.select_for_update(of=("self",))
        .filter(pk=_GAME)
        .annotate(
            earlier=Subquery(earlier.values("pk")[:1])
            if keyed
            else Value(None, output_field=BigIntegerField())
        )[:1]  # a slice, not first(): no ORDER BY in the locking statement
        .query
    )
    sql, params = query.get_compiler(Game.objects.db).as_sql()
    stand_ins = (_GAME, _USER, _KEY, _KIND)
    assert all(param in stand_ins for param in params), params  # no constant left behind
    return sql, tuple(params)


def read_seats(game: Game) -> None:
    """Read all of ``game``'s seats in one statement and keep them on it, as
    ``prefetch_related_objects([game], "seats")`` would (``game.seats.all()`` then asks
    nothing more), without building a query for them; nothing when they are read already
    (a list of games prefetched them all)."""
    prefetched = getattr(game, "_prefetched_objects_cache", {})
    if "seats" in prefetched:
        return
    seats = game.seats.get_queryset()
    seats._result_cache = _instances(Seat, _seats_statement(), [game.pk])
    seats._prefetch_done = True
    game._prefetched_objects_cache = {**prefetched, "seats": seats}


@cache
def _seats_statement() -> str:
    sql, params = Seat.objects.filter(game_id=_GAME).query.sql_with_params()
    assert params == (_GAME,), params
    return sql


def insert_events(events: Sequence[GameEvent]) -> None:
    """Append ``events`` in one statement, as ``bulk_create`` would (their ids set from
    ``RETURNING``), without building a query for them."""
    if not events:
        return
    connection = connections[router.db_for_write(GameEvent)]
    columns = _event_columns()
    values = [
        field.get_db_prep_save(getattr(event, field.attname), connection)
        for event in events
        for field in columns
    ]
    with connection.cursor() as cursor:
        cursor.execute(_insert_statement(connection.alias, len(events)), values)
        ids = cursor.fetchall()
    for event, (pk,) in zip(events, ids, strict=True):
        event.pk = pk
        event._state.adding, event._state.db = False, connection.alias


def update_game(game: Game, fields: Sequence[str]) -> None:
    """Write ``fields`` of the (locked) ``game``, as ``save(update_fields=...)`` would,
    without building a query (and without the save's signals: nothing listens to a
    game's save)."""
    connection = connections[router.db_for_write(Game)]
    changed = [Game._meta.get_field(name) for name in fields]
    values = [field.get_db_prep_save(getattr(game, field.attname), connection) for field in changed]
    with connection.cursor() as cursor:
        cursor.execute(_update_statement(connection.alias, tuple(fields)), [*values, game.pk])


@cache
def _event_columns() -> tuple:
    """The fields an appended event writes: every column but its id, which the database
    gives."""
    return tuple(field for field in GameEvent._meta.concrete_fields if not field.primary_key)


@cache
def _insert_statement(alias: str, rows: int) -> str:
    quote = connections[alias].ops.quote_name
    table = quote(GameEvent._meta.db_table)
    columns = ", ".join(quote(field.column) for field in _event_columns())
    row = "(" + ", ".join(["%s"] * len(_event_columns())) + ")"
    pk = quote(GameEvent._meta.pk.column)
    return f"INSERT INTO {table} ({columns}) VALUES {', '.join([row] * rows)} RETURNING {pk}"


@cache
def _update_statement(alias: str, fields: tuple[str, ...]) -> str:
    quote = connections[alias].ops.quote_name
    meta = Game._meta
    assigned = ", ".join(f"{quote(meta.get_field(name).column)} = %s" for name in fields)
    return f"UPDATE {quote(meta.db_table)} SET {assigned} WHERE {quote(meta.pk.column)} = %s"


def _instances(model: type[Model], sql: str, params: list) -> list:
    """The rows of ``sql`` as instances of ``model``, its other columns (an annotation) set
    on them, as ``model.objects.raw`` gives them; how to read the statement's columns is
    worked out once per statement and connection (``_reading``), where ``raw`` works it
    out for every statement run, which cost the command path more than the statement."""
    connection = connections[router.db_for_write(model)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        columns = tuple(column[0] for column in cursor.description)
        rows = cursor.fetchall()
    reading = _reading(model, connection, columns)
    if reading.converters:
        rows = reading.compiler.apply_converters(rows, reading.converters)
    found = []
    for values in rows:
        instance = model.from_db(
            connection.alias, reading.names, [values[at] for at in reading.positions]
        )
        for name, at in reading.annotations:
            setattr(instance, name, values[at])
        found.append(instance)
    return found


class _Reading(NamedTuple):
    """How a statement's columns are read into a model: the fields' names and where each
    is in a row, the other columns (annotations), and each column's converters with the
    compiler that applies them (on the connection the reading was made for)."""

    names: list[str]
    positions: list[int]
    annotations: list[tuple[str, int]]
    converters: dict
    compiler: object


@lru_cache(maxsize=64)  # a few statements, on each thread's connection
def _reading(model: type[Model], connection, columns: tuple[str, ...]) -> _Reading:
    by_column = {field.column: field for field in model._meta.concrete_fields}
    fields = [by_column.get(column) for column in columns]
    compiler = connection.ops.compiler("SQLCompiler")(Query(model), connection, connection.alias)
    converters = compiler.get_converters(
        [field.get_col(model._meta.db_table) if field else None for field in fields]
    )
    # In the model's order of fields, as ``from_db`` takes a whole row by position.
    at = {column: position for position, column in enumerate(columns)}
    present = [field for field in model._meta.concrete_fields if field.column in at]
    return _Reading(
        names=[field.attname for field in present],
        positions=[at[field.column] for field in present],
        annotations=[
            (column, position) for position, column in enumerate(columns) if column not in by_column
        ],
        converters=converters,
        compiler=compiler,
    )
