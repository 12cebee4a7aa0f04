"""A large request body is collected soon after its request (common.process): with the
server's collector thresholds its objects would otherwise wait for a rare full collection."""

import gc

from common.process import LargeBodyCollector


def full_collections_during(action) -> int:
    seen = []

    def note(phase: str, info: dict) -> None:
        if phase == "stop" and info["generation"] == 2:
            seen.append(info)

    gc.callbacks.append(note)
    try:
        action()
    finally:
        gc.callbacks.remove(note)
    return len(seen)


def test_a_large_body_is_followed_by_a_full_collection_at_most_once_a_second() -> None:
    collector = LargeBodyCollector(large=64 * 1024, every=1.0)
    assert full_collections_during(lambda: collector.after_request(1000, now=10.0)) == 0
    assert full_collections_during(lambda: collector.after_request(400 * 1024, now=10.0)) == 1
    # Within the second: no second collection, however many large bodies come.
    assert full_collections_during(lambda: collector.after_request(400 * 1024, now=10.5)) == 0
    assert full_collections_during(lambda: collector.after_request(400 * 1024, now=11.0)) == 1


def test_cyclic_garbage_holding_a_body_is_freed_by_it() -> None:
    class Holder:
        pass

    def holders() -> int:
        return sum(1 for obj in gc.get_objects() if type(obj) is Holder)

    gc.collect()
    gc.disable()  # as on a tuned server, where no automatic full collection comes soon
    try:
        holder, other = Holder(), Holder()
        holder.body, holder.other, other.holder = b"x" * (400 * 1024), other, holder
        del holder, other  # a cycle: reference counting alone never frees it
        assert holders() == 2
        assert LargeBodyCollector().after_request(400 * 1024, now=0.0)
        assert holders() == 0
    finally:
        gc.enable()
