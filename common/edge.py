"""The site's edge: what any request, socket handshake or socket message may hold before code of
an app reads it.

One place refuses the inputs that made the site answer 500 however well a view checks its own
fields: text the database cannot store (a NUL character, a lone UTF-16 surrogate), JSON nested
deeper than any request needs (the parser's recursion), and bodies larger than any request
needs (read whole into memory). Each refusal is one sentence; the apps' schemas then check the
shape of what is left.
"""

import json
from collections.abc import Awaitable, Callable, Iterable
from typing import Any
from urllib.parse import parse_qsl

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.cookie import parse_cookie
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from common.i18n import grouped, lazy_format, request_language, scope_language
from common.process import large_body_collector

# No request or message of the site nests deeper than a move's path in its body (2 levels).
MAX_JSON_DEPTH = 8


class EdgeRefusal(ValueError):
    """Input refused at the edge; ``message`` is one sentence saying why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def text_problem(value: str) -> str | None:
    """Returns why ``value`` cannot be stored as text (PostgreSQL refuses NUL, and UTF-8 has
    no lone surrogates), or None if it can."""
    if "\x00" in value:
        return gettext_lazy("Text may not contain a NUL character.")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return gettext_lazy("Text must be valid Unicode: it holds a lone surrogate.")
    return None


def check_text(values: Iterable[str]) -> None:
    """Raises ``EdgeRefusal`` for the first value that cannot be stored as text."""
    for value in values:
        problem = text_problem(value)
        if problem is not None:
            raise EdgeRefusal(problem)


def check_tree(value: Any) -> None:
    """Raises ``EdgeRefusal`` if decoded JSON nests deeper than ``MAX_JSON_DEPTH`` or holds a
    string (or key) that cannot be stored. Iterative: a deep value cannot exhaust the stack."""
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            check_text((item,))
        elif isinstance(item, dict | list):
            if depth >= MAX_JSON_DEPTH:
                raise EdgeRefusal(
                    lazy_format(
                        "JSON may nest at most %(depth)s levels deep.", depth=MAX_JSON_DEPTH
                    )
                )
            if isinstance(item, dict):
                check_text(item.keys())
                children: Iterable[Any] = item.values()
            else:
                children = item
            pending.extend((child, depth + 1) for child in children)


def refuse_constant(name: str) -> Any:
    raise EdgeRefusal(lazy_format("JSON numbers are finite: %(name)s is not one.", name=name))


def load_json(text: str | bytes) -> Any:
    """Returns decoded JSON checked by ``check_tree``, or raises ``EdgeRefusal`` saying why."""
    try:
        value = json.loads(text, parse_constant=refuse_constant)
    except RecursionError:
        raise EdgeRefusal(
            lazy_format("JSON may nest at most %(depth)s levels deep.", depth=MAX_JSON_DEPTH)
        ) from None
    except EdgeRefusal:
        raise
    except ValueError:
        raise EdgeRefusal(gettext_lazy("That is not JSON.")) from None
    check_tree(value)
    return value


class EdgeJSONParser(JSONParser):
    """The REST API's JSON parser: ``load_json``'s checks, refusals as 400 with the sentence."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        raw = stream.read() if stream is not None else b""
        try:
            return load_json(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise ParseError(_("A JSON body is UTF-8 text.")) from None
        except EdgeRefusal as refusal:
            raise ParseError(refusal.message) from None


def request_texts(request: HttpRequest) -> Iterable[str]:
    """Every text of a request that code reads before its schema: path, query, form fields,
    uploaded files' names, cookies and the authorization header."""
    yield request.path
    for key, values in request.GET.lists():
        yield key
        yield from values
    if request.method == "POST" and request.content_type in (
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ):
        for key, values in request.POST.lists():
            yield key
            yield from values
        for upload in request.FILES.values():
            yield upload.name or ""
    for key, value in request.COOKIES.items():
        yield key
        yield value
    yield request.META.get("HTTP_AUTHORIZATION", "")


def refusal_response(request: HttpRequest, status: int, message: str) -> HttpResponse:
    """The API's ``{"error": ...}`` for an API path; a page with the sentence otherwise."""
    with translation.override(request_language(request)):
        message = str(message)  # a lazy sentence, in the request's language
        if request.path.startswith("/api/"):
            return JsonResponse({"error": message}, status=status)
        page = render_to_string("refused.html", {"message": message, "status": status})
    return HttpResponse(page, status=status)


class EdgeTextMiddleware:
    """Refuses (400, one sentence) a request whose path, query, form, cookies or authorization
    hold text the database cannot store, or whose JSON body ``load_json`` refuses, before any
    view or authentication reads it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            check_text(request_texts(request))
            check_json_body(request)
        except EdgeRefusal as refusal:
            return refusal_response(request, 400, refusal.message)
        return self.get_response(request)


def check_json_body(request: HttpRequest) -> None:
    """Raises ``EdgeRefusal`` if a JSON body is not JSON ``load_json`` accepts: checked here, for
    every view, because a view that takes no body (resign, accept) never parses its own."""
    if request.content_type != "application/json" or not request.body:
        return
    try:
        load_json(request.body.decode("utf-8"))
    except UnicodeDecodeError:
        raise EdgeRefusal(gettext_lazy("A JSON body is UTF-8 text.")) from None


Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

# The close code of a socket handshake refused at the edge (its text cannot be stored): before
# the socket is accepted, the server answers the handshake 403.
CLOSE_REFUSED = 4400


def socket_texts(scope: dict[str, Any]) -> Iterable[str]:
    """Every text of a socket's handshake that code reads: the path, the query's names and
    values, the cookies, and every header's value."""
    yield scope.get("path", "")
    query = scope.get("query_string", b"").decode("latin-1")
    for key, value in parse_qsl(query, keep_blank_values=True):
        yield key
        yield value
    for name, value in scope.get("headers") or []:
        text = value.decode("latin-1")
        yield text
        if name == b"cookie":
            for key, cookie in parse_cookie(text).items():
                yield key
                yield cookie


class SocketEdge:
    """ASGI middleware: refuses a WebSocket handshake whose path, query, cookies or headers hold
    text the database cannot store (``check_text``, as ``EdgeTextMiddleware`` does for HTTP)
    before the session lookup or any consumer reads it; other scopes pass as they are."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            try:
                check_text(socket_texts(scope))
            except EdgeRefusal:
                await receive()  # the handshake's websocket.connect
                await send({"type": "websocket.close", "code": CLOSE_REFUSED})
                return
        await self.app(scope, receive, send)


class BodyLimit:
    """ASGI middleware: refuses an HTTP request whose body is over ``REQUEST_MAX_BYTES`` with
    413, as soon as its ``Content-Length`` or its received part says so, never reading the rest.

    A body within the limit is read here and handed on whole (it is small by definition)."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = settings.REQUEST_MAX_BYTES
        declared = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > limit:
            await too_large(send, limit, scope)
            large_body_collector.after_request(limit)  # the server read some of it all the same
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before its body came
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await too_large(send, limit, scope)
                large_body_collector.after_request(size)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, replay(b"".join(chunks), receive), send)
        large_body_collector.after_request(size)  # what it held may sit in reference cycles


def replay(body: bytes, receive: Receive) -> Receive:
    """Returns a ``receive`` that gives the body read already, then the client's messages."""
    given = False

    async def replayed() -> dict[str, Any]:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


async def too_large(send: Send, limit: int, scope: dict[str, Any] | None = None) -> None:
    with translation.override(scope_language(scope or {})):
        sentence = _("That request is too large: a body may have at most %(limit)s bytes.") % {
            "limit": grouped(limit)
        }
    body = json.dumps({"error": sentence}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
