"""The command path's statements, compiled once per shape rather than once per command.

Building and compiling a queryset costs the command path more than PostgreSQL
takes to run it (``bench/README.md``): the statement that locks a game and
looks for an earlier event of the same Idempotency-Key is compiled here the
first time a shape of it is needed (with or without a key, of one kind or any),
with stand-in values; later commands run the same SQL with their own values put
where the stand-ins were (``Game.objects.raw``).
"""

from __future__ import annotations

from functools import cache

from django.db.models import BigIntegerField, OuterRef, Subquery, Value

from games.models import Game, GameEvent

#: Stand-ins of each argument's type, unlike any real value, to find where it goes.
_GAME, _USER, _KEY, _KIND = -7_071_001, -7_071_002, "\x00key\x00", "\x00kind\x00"


def lock_game(*, game_id: int, kind: str | None, user_id: int | None, key: str | None):
    """The game, locked (``SELECT ... FOR UPDATE`` of its row alone), with ``earlier``: the
    id of the event ``user_id`` sent with ``key``, if any; ``None`` for no such game."""
    sql, places = _lock_statement(kind is not None, key is not None)
    values = {_GAME: game_id, _USER: user_id, _KEY: key, _KIND: kind}
    found = list(Game.objects.raw(sql, [values[place] for place in places]))
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
