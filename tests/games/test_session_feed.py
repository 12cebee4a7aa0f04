"""*Sign out everywhere else* reaches the sockets already open, as docs/site.md "Accounts" says:
every socket of the player's other sessions (a game's table, ``/ws/me/``) is told why and closed
(4440), whichever process holds it; the asking browser's sockets stay open, as do another
player's; a socket opened afterwards with the ended session's cookie is a visitor's. A new
password does the same (the browser that changed it kept), and one set from a reset link closes
every socket of the player."""

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from chesskers_site.asgi import application
from games.edges import session_feed
from tests.factories import PASSWORD
from tests.games.conftest import start_game
from tests.games.test_consumers import channel_layer_kind

pytestmark = pytest.mark.django_db(transaction=True)
NEW = "a new pass phrase 42"
__all__ = ["channel_layer_kind"]  # the fixture, shared with the consumers' tests


def browser(user) -> Client:
    web = Client()
    assert web.login(username=user.username, password=PASSWORD)
    return web


async def opened(path: str, web: Client, sockets: list) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    headers.append((b"cookie", f"sessionid={web.cookies['sessionid'].value}".encode()))
    comm = WebsocketCommunicator(application, path, headers=headers)
    sockets.append(comm)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def until(comm: WebsocketCommunicator, kind: str) -> dict:
    """The socket's next message of ``kind``, past any other (presence, challenges)."""
    while True:
        message = await comm.receive_json_from(timeout=5)
        if message["type"] == kind:
            return message


async def answers_ping(comm: WebsocketCommunicator) -> bool:
    await comm.send_json_to({"type": "ping"})
    return (await until(comm, "pong"))["type"] == "pong"


async def test_signing_out_everywhere_else_closes_the_other_sessions_sockets(
    alice, bob, channel_layer_kind
) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    here, phone = await sync_to_async(browser)(alice), await sync_to_async(browser)(alice)
    bobs = await sync_to_async(browser)(bob)
    table = f"/ws/games/{game.public_id}/"
    sockets: list[WebsocketCommunicator] = []
    try:
        phone_table, phone_me = (
            await opened(table, phone, sockets),
            await opened("/ws/me/", phone, sockets),
        )
        here_table, here_me = (
            await opened(table, here, sockets),
            await opened("/ws/me/", here, sockets),
        )
        bob_table = await opened(table, bobs, sockets)
        for comm in (phone_table, here_table, bob_table):
            await until(comm, "state")
        assert len(session_feed.FEEDS.of(str(alice.pk)).sockets) == 4

        done = await sync_to_async(here.post)("/accounts/sessions/end/")
        assert done.status_code == 302

        for comm in (phone_table, phone_me):
            told = await until(comm, "error")
            assert told["code"] == "unauthenticated"
            assert told["error"].startswith("You were signed out here")
            assert (await comm.receive_output(timeout=5)) == {
                "type": "websocket.close",
                "code": session_feed.CLOSE_SESSION_ENDED,
            }
            await comm.disconnect()  # the server hears the socket end, as Daphne tells it
        for comm in (here_table, here_me, bob_table):  # this browser's, and another player's
            assert await answers_ping(comm)
        assert len(session_feed.FEEDS.of(str(alice.pk)).sockets) == 2

        # The phone's page loads again: its cookie's session has ended, so its socket is a
        # visitor's (a spectator at the table, who may not move), and /ws/me/ refuses it.
        again = await opened(table, phone, sockets)
        await until(again, "state")
        await again.send_json_to({"type": "move", "move": "e2-e4", "ply": 0})
        assert (await until(again, "error"))["code"] == "not_a_player"
        me_again = await opened("/ws/me/", phone, sockets)
        assert (await until(me_again, "error"))["code"] == "unauthenticated"
    finally:
        for comm in sockets:
            await comm.disconnect()


async def test_a_new_password_closes_the_other_sessions_sockets(alice, channel_layer_kind) -> None:
    here, phone = await sync_to_async(browser)(alice), await sync_to_async(browser)(alice)
    sockets: list[WebsocketCommunicator] = []
    try:
        phones, heres = (
            await opened("/ws/me/", phone, sockets),
            await opened("/ws/me/", here, sockets),
        )
        new = {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW}
        done = await sync_to_async(here.post)("/accounts/password/", new)
        assert done.status_code == 302
        assert (await until(phones, "error"))["code"] == "unauthenticated"
        assert (await phones.receive_output(timeout=5))["code"] == session_feed.CLOSE_SESSION_ENDED
        assert await answers_ping(heres)  # the browser that changed it stays signed in
    finally:
        for comm in sockets:
            await comm.disconnect()


async def test_a_password_set_from_a_reset_link_closes_every_socket(
    alice, channel_layer_kind
) -> None:
    phone = await sync_to_async(browser)(alice)
    sockets: list[WebsocketCommunicator] = []
    try:
        phones = await opened("/ws/me/", phone, sockets)
        link = await sync_to_async(reset_link)(alice)
        web = Client()
        asked = await sync_to_async(web.get)(link)
        assert asked.status_code == 302  # to the form, the token kept in the session
        new = {"new_password1": NEW, "new_password2": NEW}
        done = await sync_to_async(web.post)(asked["Location"], new)
        assert done.status_code == 302 and done["Location"].endswith("/accounts/reset/done/")
        assert (await until(phones, "error"))["code"] == "unauthenticated"
        assert (await phones.receive_output(timeout=5))["code"] == session_feed.CLOSE_SESSION_ENDED
    finally:
        for comm in sockets:
            await comm.disconnect()


def reset_link(user) -> str:
    user.refresh_from_db()  # its last log-in, which the token holds
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return f"/accounts/reset/{uid}/{default_token_generator.make_token(user)}/"
