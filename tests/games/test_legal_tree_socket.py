"""A game socket opened with ``?legal=tree`` (the site's own game page) gets every state with its
legal moves as a tree (``legal_tree``) and no list; every other socket of the same game gets
the list as the API documents, from the same broadcast."""

import pytest
from channels.db import database_sync_to_async

from tests.games.conftest import start_game
from tests.games.test_consumers import channel_layer_kind, connect, next_of_type
from tests.games.test_legal_tree import by_text, expanded

pytestmark = pytest.mark.django_db(transaction=True)

BRANCHING = "4k3/8/8/8/1p1p4/2p5/8/2R1K3 w - - 0 1"  # the rook's chains branch after c4

__all__ = ["channel_layer_kind"]  # the fixture, shared with the consumers' tests


def without_legal(state: dict) -> dict:
    return {key: value for key, value in state.items() if key not in ("legal_moves", "legal_tree")}


async def test_a_tree_socket_gets_trees_and_a_plain_one_lists(
    ws, alice, bob, channel_layer_kind
) -> None:
    game = await database_sync_to_async(start_game)(alice, bob, BRANCHING)
    path = f"/ws/games/{game.public_id}/"
    tree_socket, tree_state = await connect(ws, f"{path}?legal=tree", alice)
    plain_socket, plain_state = await connect(ws, path, bob)
    assert "legal_moves" not in tree_state and "legal_tree" not in plain_state
    assert len(plain_state["legal_moves"]) == 12
    assert by_text(expanded(tree_state["legal_tree"])) == by_text(plain_state["legal_moves"])

    await tree_socket.send_json_to({"type": "move", "move": "Rc1:c4:e4+", "ply": 0})
    tree_state = await next_of_type(tree_socket, "state")
    plain_state = await next_of_type(plain_socket, "state")
    assert "legal_moves" not in tree_state and tree_state["ply"] == 1
    assert without_legal(tree_state) == without_legal(plain_state)
    assert plain_state["legal_moves"]  # Black, in check, has moves
    assert by_text(expanded(tree_state["legal_tree"])) == by_text(plain_state["legal_moves"])

    await tree_socket.send_json_to({"type": "sync"})
    synced = await next_of_type(tree_socket, "state")
    assert synced["legal_tree"] == tree_state["legal_tree"] and "legal_moves" not in synced


async def test_a_finished_game_sends_an_empty_tree(ws, alice, bob) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    socket, _ = await connect(ws, f"/ws/games/{game.public_id}/?legal=tree", alice)
    await socket.send_json_to({"type": "resign"})
    state = await next_of_type(socket, "state")
    assert (state["status"], state["legal_tree"], "legal_moves" in state) == ("finished", {}, False)


@pytest.mark.parametrize("query", ["", "?legal=list", "?legal=TREE", "?other=tree"])
async def test_without_the_flag_a_socket_gets_the_list(ws, alice, bob, query) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    _, state = await connect(ws, f"/ws/games/{game.public_id}/{query}", alice)
    assert len(state["legal_moves"]) == 20 and "legal_tree" not in state
