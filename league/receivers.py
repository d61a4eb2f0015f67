from league.services import fixture_record_result


def record_cup_result(sender, *, game, now, **kwargs) -> None:
    """A finished cup game announces its result and publishes its log (§8.3)."""
    fixture_record_result(game=game, now=now)
