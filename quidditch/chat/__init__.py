"""Chat-Quidditch, version 2 (2011): the dice game refereed in a chat room.

``rules/`` holds the pure rules, ``narration`` the referee's transcript in
German and English, ``bots`` the random legal player, ``board`` where a match
stands as the referee's page shows it. The platform (``games``) serves its
matches like every other ruleset's; ``docs/rules/chat-quidditch.md`` says
how the text was read.
"""
