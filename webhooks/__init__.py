"""Outgoing webhooks: a campaign's activity and its games' events, signed and retried.

A storyguide registers endpoints; the outbox (``webhooks.outbox``) writes a
delivery for each endpoint that wants an event, in the event's own
transaction; ``webhooks.delivery`` sends it, signed as the Standard Webhooks
specification says (``webhooks.signing``), through the SSRF guard
(``webhooks.guard``), and retries it on ``webhooks.schedule`` until it is
delivered or given up. ``docs/webhooks.md`` is the receivers' side.
"""
