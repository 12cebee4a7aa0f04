"""Fixtures for the games suites: players, games started through the services, and WebSocket
clients on the real ASGI application (session cookies, allowed origin)."""

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Callable

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from chesskers_site.asgi import application
from games.domain.clock import UNLIMITED, TimeControl
from games.domain.schemas import MoveRequest
from games.edges import consumers, sockets
from games.models import Game
from games.reads.state import game_state
from games.services.core import Actor
from games.services.lobby import challenge_accept, challenge_create
from games.services.play import game_resign
from games.services.round import game_play
from tests.factories import make_user

FOOLS_MATE = ["f3", "e5", "g4", "Qh4"]


@pytest.fixture(autouse=True)
def fresh_socket_ledger(monkeypatch) -> None:
    """Each test starts with no socket counted in this process (``games.edges.sockets``), whatever
    an earlier test's sockets left."""
    monkeypatch.setattr(sockets, "LEDGER", sockets.Ledger())
    monkeypatch.setattr(consumers, "LEDGER", sockets.LEDGER)


@pytest.fixture(autouse=True)
def own_throttle_counts(settings) -> None:
    """Each test counts its sockets' messages (and every other throttle) under keys of its own:
    Redis keeps what earlier tests and runs counted (``common.throttle``)."""
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"


@pytest.fixture(autouse=True)
def no_background_sweep(settings) -> None:
    """The periodic sweep is driven explicitly in these tests (with an injected clock)."""
    settings.GAMES_SWEEP_INTERVAL = 0


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def carol(db):
    return make_user("carol")


def start_game(
    white,
    black,
    fen: str | None = None,
    clock: TimeControl = UNLIMITED,
    variant: str = "chesskers",
    rated: bool = True,
) -> Game:
    """Starts an online game of ``variant`` with ``white`` as White, through a challenge as users
    do."""
    challenge = challenge_create(
        user=white, to=black.username, color="white", clock=clock, variant=variant, rated=rated
    )
    game = challenge_accept(user=black, challenge_id=challenge.public_id)
    if fen:
        Game.objects.filter(pk=game.pk).update(initial_fen=fen, fen=fen)
        game.refresh_from_db()
    return game


def resigned_game(white, black) -> Game:
    """A finished online game: ``black`` resigned it before a move."""
    game = start_game(white, black)
    game_resign(game_id=game.public_id, actor=Actor.of(black))
    return game


@pytest.fixture
def online_game(alice, bob) -> Game:
    return start_game(alice, bob)


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def communicator(path: str, user=None, origin: str = "http://localhost") -> WebsocketCommunicator:
    headers = [(b"origin", origin.encode()), (b"host", b"localhost")]
    if user is not None:
        headers.append((b"cookie", f"sessionid={session_cookie(user)}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


@pytest.fixture
async def ws() -> AsyncIterator[Callable[..., WebsocketCommunicator]]:
    """Returns a factory of WebSocket clients that are all disconnected after the test."""
    opened: list[WebsocketCommunicator] = []

    async def make(path: str, user=None, origin: str = "http://localhost") -> WebsocketCommunicator:
        comm = await database_sync_to_async(communicator)(path, user, origin)
        opened.append(comm)
        return comm

    yield make
    for comm in opened:
        # Already closed by the server, or cancelled by a receive that timed out (asgiref
        # cancels the application then): the others are disconnected all the same.
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await comm.disconnect()


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Runs a service call with what it does after commit done at once (caches kept, states
    sent), as after a real commit."""

    def run(function, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return function(*args, **kwargs)

    return run


def opened(game: Game) -> Game:
    """Plays each side's first move in a live online game that has not had them (the first legal
    move each time), so that it counts for ratings when it ends: one that ends before both sides
    have moved is not rated."""
    game.refresh_from_db()
    while game.mode == Game.Mode.ONLINE and game.ply < 2 and game.status == Game.Status.LIVE:
        state = game_state(game)
        mover = game.white if game.turn == "white" else game.black
        move = MoveRequest.of(ply=game.ply, text=state["legal_moves"][0]["text"])
        game_play(game_id=game.public_id, actor=Actor.of(mover), move=move)
        game.refresh_from_db()
    return game
