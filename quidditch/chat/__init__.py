"""Chat-Quidditch, version 2 (2011): the dice game refereed in a chat room.

``rules/`` holds the pure rules, ``narration`` the referee's transcript in
German and English, ``bots`` the bot that plays to win (judging by
``tactics``), ``simulation`` random matches for tests and the benchmark,
``board`` where a match stands as the referee's page shows it. The platform (``games``) serves its
matches like every other ruleset's; ``docs/rules/chat-quidditch.md`` says
how the text was read.
"""
