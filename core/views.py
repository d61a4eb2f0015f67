"""Service endpoints: health, token login and revocation, stream tokens, and the answers to a
missing page, a refused CSRF check and a failure of the server (``core.responses.answer``:
JSON under /api/, a page elsewhere)."""

import sys

from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import extend_schema, inline_serializer
from knox.crypto import hash_token
from knox.models import AuthToken
from knox.views import LoginView as KnoxLoginView
from knox.views import LogoutAllView
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from config.celery import app as celery_app
from core import streams
from core.auth import TokenAuthentication
from core.errors import CsrfRefused, Forbidden, Invalid, NotFound, ServerFault
from core.responses import answer, database_unavailable
from core.serializers import UserSerializer
from core.services import token_create, token_revoke
from core.throttling import LoginRateThrottle
from core.tokens import require_full

BROKER_TIMEOUT_SECONDS = 2


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        return "unavailable"
    return "ok"


def broker_status() -> str:
    """Can a task be handed to the broker? Bounded in time even if the broker hangs:
    the connection's retries and every read and write on its socket."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "in-process"
    limits = {
        "socket_timeout": BROKER_TIMEOUT_SECONDS,
        "socket_connect_timeout": BROKER_TIMEOUT_SECONDS,
    }
    try:
        with celery_app.connection_for_write(transport_options=limits) as conn:
            conn.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)
            channel = conn.default_channel  # AMQP brokers answer when a channel opens
            if hasattr(channel, "client"):  # Redis: a round trip on the socket
                channel.client.ping()
    except Exception:  # any transport error means the same to a health check
        return "unavailable"
    return "ok"


class HealthView(APIView):
    """Is the service able to work? 503 when the database cannot be reached."""

    authentication_classes = ()
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="health",
        responses={
            (200, "application/json"): inline_serializer(
                "Health",
                {
                    "status": serializers.CharField(),
                    "database": serializers.CharField(),
                    "broker": serializers.CharField(),
                },
            ),
            (503, "application/json"): inline_serializer(
                "HealthDown",
                {
                    "status": serializers.CharField(),
                    "database": serializers.CharField(),
                    "broker": serializers.CharField(),
                },
            ),
        },
    )
    def get(self, request):
        database = database_status()
        body = {
            "status": "ok" if database == "ok" else "unavailable",
            "database": database,
            "broker": broker_status(),
        }
        return Response(body, status=200 if database == "ok" else 503)


TokenSerializer = inline_serializer(
    "Token",
    {
        "token": serializers.CharField(),
        "expiry": serializers.DateTimeField(allow_null=True),
        "user": UserSerializer(help_text="Whose token it is: the id is what seats name."),
    },
)


class TokenView(KnoxLoginView):
    """Exchange a username and password for an API token (stored hashed)."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    throttle_classes = (LoginRateThrottle,)
    serializer_class = AuthTokenSerializer

    @extend_schema(
        operation_id="auth_token_create",
        request=AuthTokenSerializer,
        responses={200: TokenSerializer},
    )
    def post(self, request, format=None):
        serializer = AuthTokenSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        request.user = serializer.validated_data["user"]
        return super().post(request, format=format)

    def create_token(self):
        """A token made with the password reaches everything its user may (``core.tokens``)."""
        token = token_create(self.request.user)
        return AuthToken.objects.get(digest=hash_token(token)), token


class RevokeTokenView(APIView):
    """Revoke the token this request is authenticated with; the streams it opened end.
    Your other tokens, and what they opened, go on."""

    authentication_classes = (TokenAuthentication,)
    reading_tokens_may_post = True

    @extend_schema(operation_id="auth_token_revoke", request=None, responses={204: None})
    def post(self, request, format=None):
        token_revoke(request.auth)
        return Response(status=204)


class RevokeAllTokensView(LogoutAllView):
    """Revoke every token of the calling user, and end every stream and stream token of
    theirs. Not with a limited token."""

    authentication_classes = (TokenAuthentication,)

    @extend_schema(operation_id="auth_token_revoke_all", request=None, responses={204: None})
    def post(self, request, format=None):
        require_full(request.user)
        return super().post(request, format=format)


@csrf_exempt
def not_found(request, exception=None):
    """``handler404``, and anything else under /api/ (in DEBUG too)."""
    return answer(NotFound(), request)


def forbidden(request, exception=None):
    """``handler403``: Django's ``PermissionDenied`` raised outside the API's views."""
    return answer(Forbidden(), request)


def bad_request(request, exception=None):
    """``handler400``: a request Django refuses before any view (a suspicious operation,
    a header it cannot read)."""
    return answer(Invalid(), request)


def csrf_failure(request, reason=""):
    """``CSRF_FAILURE_VIEW``: Django's ``reason`` goes along for programs, in English."""
    return answer(CsrfRefused(reason=reason), request)


def internal_error(request):
    """``handler500``: Django calls it while it handles the exception; a database that
    cannot be reached is a passing state (503, ``Retry-After``), anything else a fault."""
    failure = sys.exc_info()[1]
    if isinstance(failure, OperationalError | InterfaceError):
        return answer(database_unavailable(), request)
    return answer(ServerFault(), request)


class StreamTokenSerializer(serializers.Serializer):
    stream_token = serializers.CharField(help_text="Pass as ?stream_token= when opening a stream.")
    expires_in = serializers.IntegerField(
        allow_null=True,
        help_text=(
            "Seconds it lives at most: as long as the token (or the session) it was made "
            "from; null for a token that never expires. Revoking that token ends it sooner."
        ),
    )


class StreamTokenView(APIView):
    """A token for a browser's ``EventSource``, which cannot send headers, so that the API
    token itself is never put in a URL: open streams with ``?stream_token=`` for as long
    as the token (or the session) it was made from lives, reconnects too. It reaches
    what that token reaches (its campaigns; a reading token's too)."""

    reading_tokens_may_post = True

    @extend_schema(request=None, responses={201: StreamTokenSerializer})
    def post(self, request, format=None):
        auth_token = request.auth if isinstance(request.auth, AuthToken) else None
        body = {
            "stream_token": streams.stream_token(request.user, auth_token),
            "expires_in": streams.stream_token_lifetime(auth_token),
        }
        return Response(StreamTokenSerializer(body).data, status=201)
