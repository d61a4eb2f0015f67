"""The site for people: the landing page, logging in, joining a campaign, my campaigns.

The top layer: it reads every app below it (campaigns, games, the cup) and
writes only through their services.
"""
