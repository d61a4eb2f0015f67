"""The streams server's application: live streams on Django's ASGI handler (gunicorn
with uvicorn workers in the deployment).

A stream holds its connection for hours, which only an asynchronous server can
do for a thousand readers; ``core.streams.drop_slow_readers`` closes one whose
reader stops taking messages. The proxy sends this server only streams, but it
answers any request (the health check, a request routed here by mistake), if
less cheaply than a command server: Django's ASGI handler runs a synchronous
view through ``sync_to_async`` hop by hop.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

django_application = get_asgi_application()

from core.streams import drop_slow_readers  # noqa: E402 - once Django is set up

application = drop_slow_readers(django_application)
