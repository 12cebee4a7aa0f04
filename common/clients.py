"""The client's address and scheme as the site's own proxy saw them, for HTTP and WebSockets.

Behind a reverse proxy every connection comes from the proxy, and the client's address is in
``X-Forwarded-For``, to which each proxy appends the address it was reached from. Only what the
site's trusted proxies (``TRUSTED_PROXIES``) appended can be believed: everything to its left
was written by whoever connected, who can write anything. So the client is the right-most
address of the header that is not a trusted proxy, and only when the connection itself comes
from a trusted proxy; otherwise the connection's own peer is the client, whatever its headers
say. ``X-Forwarded-Proto`` is believed from a trusted proxy alone, the same way.

Every per-address limit (log-ins, sign-ups, sockets, message budgets) reads the address this
sets (``scope["client"]``, Django's ``REMOTE_ADDR``). A malformed entry is never believed and
never an error: the address is then the nearest hop known (the trusted proxy that passed it).
"""

import ipaddress
from collections.abc import Awaitable, Callable, Iterable
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Scope = dict[str, Any]
App = Callable[[Scope, Any, Any], Awaitable[None]]

# The proxies named "unix" in TRUSTED_PROXIES: a peer without an address (``daphne -u``).
UNIX = "unix"
# Entries of X-Forwarded-For read at most, from the right: a chain of proxies is short, and a
# longer header costs no more to read.
MAX_HOPS = 16


@lru_cache(maxsize=4)
def trusted_networks(names: tuple[str, ...]) -> tuple[tuple[Network, ...], bool]:
    """Returns the networks of ``TRUSTED_PROXIES`` and whether a unix-socket peer is trusted;
    raises ``ImproperlyConfigured`` naming an entry that is neither."""
    networks = []
    for name in names:
        if name == UNIX:
            continue
        try:
            networks.append(ipaddress.ip_network(name, strict=False))
        except ValueError:
            raise ImproperlyConfigured(
                f"TRUSTED_PROXIES holds {name!r}: each entry is an address, a network "
                f"(CIDR) or {UNIX!r}."
            ) from None
    return tuple(networks), UNIX in names


def parse_address(text: str) -> Address | None:
    """Returns the address an entry of X-Forwarded-For names (IPv6 with or without brackets),
    or None if it names none."""
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def peer_trusted(peer: str | None, networks: Iterable[Network], unix: bool) -> bool:
    """Returns whether a connection's peer (None: a unix socket's, which has no address) is
    one of the trusted proxies."""
    if peer is None:
        return unix
    address = parse_address(peer)
    return address is not None and any(address in network for network in networks)


def forwarded_client(peer: str | None, forwarded_for: list[bytes]) -> str | None:
    """Returns the client's address for a connection from ``peer`` (None: a unix socket) with
    these X-Forwarded-For values, in their order: the right-most entry that is not a trusted
    proxy, if ``peer`` is one; ``peer`` otherwise. An entry that is no address ends the walk
    at the nearest hop known: the client wrote it, and nothing left of it is believed."""
    networks, unix = trusted_networks(tuple(settings.TRUSTED_PROXIES))
    if not forwarded_for or not peer_trusted(peer, networks, unix):
        return peer
    nearest = peer
    joined = ",".join(value.decode("latin-1") for value in forwarded_for)
    for entry in reversed(joined.rsplit(",", MAX_HOPS)[-MAX_HOPS:]):
        hop = parse_address(entry)
        if hop is None:
            break
        nearest = str(hop)
        if not any(hop in network for network in networks):
            break
    return nearest


def forwarded_scheme(scheme: str, values: list[bytes]) -> str:
    """Returns the scheme the proxy says it was reached by (``X-Forwarded-Proto``: http or
    https), in the scope's terms (ws/wss for a socket); ``scheme`` if it says nothing clear."""
    if len(values) != 1:
        return scheme
    said = values[0].strip().lower()
    secure = {b"https": True, b"http": False}.get(said)
    if secure is None:
        return scheme
    if scheme in ("ws", "wss"):
        return "wss" if secure else "ws"
    return "https" if secure else "http"


class ProxyHeaders:
    """ASGI middleware: sets an HTTP or WebSocket scope's ``client`` (and ``scheme``) from a
    trusted proxy's ``X-Forwarded-For`` (and ``X-Forwarded-Proto``); other scopes pass as they
    are."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket") and settings.TRUSTED_PROXIES:
            scope = with_client(scope)
        await self.app(scope, receive, send)


def with_client(scope: Scope) -> Scope:
    """Returns ``scope`` with the client and scheme a trusted proxy forwarded, if any."""
    forwarded_for, proto = [], []
    for name, value in scope.get("headers") or []:
        if name == b"x-forwarded-for":
            forwarded_for.append(value)
        elif name == b"x-forwarded-proto":
            proto.append(value)
    client = scope.get("client")
    peer = str(client[0]) if client else None
    networks, unix = trusted_networks(tuple(settings.TRUSTED_PROXIES))
    if not peer_trusted(peer, networks, unix):
        return scope
    address = forwarded_client(peer, forwarded_for)
    changed: Scope = {"scheme": forwarded_scheme(scope.get("scheme") or "http", proto)}
    if address is not None:
        changed["client"] = [address, 0]
    return {**scope, **changed}
