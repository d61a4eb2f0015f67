"""The bridge's tasks: a deferred command's answer, and a channel's moments."""

from celery import shared_task


@shared_task
def follow_up(work: dict) -> None:
    """Play a deferred command and answer it in place of its deferral."""
    from discord_bridge.deferred import Work, answer_deferred

    answer_deferred(Work(**work))


@shared_task
def post_moments(channel_pk: int, lines: list[str]) -> None:
    """Tell a bound channel the moments of one write, in as few messages as fit."""
    from discord_bridge.moments import post

    post(channel_pk, lines)
