"""Chat-Quidditch, version 2 (2011): the dice game refereed in a chat room.

``rules/`` holds the pure rules, ``words`` the game in German, English and
French (with ``narration``, the referee's transcript), ``bots`` the bot that
plays to win (judging by ``tactics``), ``simulation`` random matches for tests
and the benchmark, ``table`` where a match stands as the referee's page shows
it, ``cast`` the campaign's houses and characters in a match; ``manifest`` puts
them together, and the platform (``games``) serves its matches like every other
game's. ``docs/rules/chat-quidditch.md`` says how the text was read.
"""
