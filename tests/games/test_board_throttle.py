"""The analysis board's API is open to anyone and every call costs the engine work: one address
is held to ``THROTTLE_BOARD_ADDRESS`` calls a window, reads and moves together; past it the call
is 429 with ``Retry-After`` and no work, and other addresses are not held back."""

import uuid

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def an_address() -> str:
    """An address no other test (nor an earlier run, the counts live in Redis) used."""
    return "10." + ".".join(str(octet) for octet in uuid.uuid4().bytes[:3])


def test_one_address_is_held_to_its_board_calls_reads_included(settings, throttle_clock) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "board_address": "3/60"}
    client = APIClient(REMOTE_ADDR=an_address())
    assert client.get("/api/analysis/position/").status_code == 200
    played = client.post("/api/analysis/play/", {"move": "e2-e4"}, format="json")
    assert played.status_code == 200, played.json()
    assert client.get("/api/analysis/position/", {"variant": "checkers"}).status_code == 200
    held = client.get("/api/analysis/position/")
    assert held.status_code == 429
    assert 1 <= int(held["Retry-After"]) <= 60
    assert held.json()["error"].startswith("Too many requests"), held.json()
    again = client.post("/api/analysis/play/", {"move": "e2-e4"}, format="json")
    assert again.status_code == 429
    elsewhere = APIClient(REMOTE_ADDR=an_address())
    assert elsewhere.get("/api/analysis/position/").status_code == 200
