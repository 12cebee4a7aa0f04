"""The per-process caches are bounded by what they hold, not only by their number of entries:
a legal-move list of 5,000 moves weighs as much as hundreds of ordinary ones."""

import json

import engine
from engine.chesskers import CHESSKERS
from games.services import round as game_round
from games.storage import positions
from games.storage.lru import LRU


def sized(text: str) -> tuple[tuple, str]:
    """A cached legal-move entry's shape: the described moves and their JSON text."""
    return (), text


def test_the_cache_drops_the_oldest_entries_past_its_cost() -> None:
    cache = LRU(100, cost=lambda entry: len(entry[1]), max_cost=10)
    cache.put("a", sized("aaaa"))
    cache.put("b", sized("bbbb"))
    assert cache.get("a") is not None  # now the newest
    cache.put("c", sized("cccc"))
    assert (cache.get("b"), len(cache), cache.total_cost) == (None, 2, 8)
    assert cache.get("a") == sized("aaaa") and cache.get("c") == sized("cccc")


def test_an_entry_over_the_bound_alone_is_not_kept() -> None:
    cache = LRU(100, cost=lambda entry: len(entry[1]), max_cost=10)
    cache.put("small", sized("ss"))
    cache.put("huge", sized("h" * 11))
    assert (cache.get("huge"), cache.get("small"), cache.total_cost) == (None, sized("ss"), 2)


def test_replacing_popping_and_clearing_keep_the_cost_exact() -> None:
    cache = LRU(100, cost=lambda entry: len(entry[1]), max_cost=100)
    cache.put("a", sized("aaaa"))
    cache.put("a", sized("aa"))
    assert cache.total_cost == 2
    cache.put("b", sized("bbb"))
    assert cache.pop("a") == sized("aa") and cache.total_cost == 3
    cache.clear()
    assert (len(cache), cache.total_cost) == (0, 0)


def test_the_count_bound_still_holds_without_a_cost() -> None:
    cache = LRU(2)
    for key in "abc":
        cache.put(key, key)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (None, "b", "c")


def test_the_legal_move_cache_stays_within_its_bytes(monkeypatch) -> None:
    """Positions of a real game fill the cache until its bound, then the oldest go."""
    game_round.forget()
    monkeypatch.setattr(positions._legal_by_fen, "max_cost", 20_000)
    game = engine.Game(CHESSKERS)
    sizes = []
    for text in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"]:
        game.push_text(text)
        listed = positions.legal_moves_of_position(game.position)
        sizes.append(len(json.dumps(listed)))
    assert sum(sizes) > 20_000  # more than the bound was described
    assert 0 < positions._legal_by_fen.total_cost <= 20_000
    assert len(positions._legal_by_fen) < len(sizes)
    game_round.forget()
