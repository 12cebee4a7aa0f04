"""Keeping what the server sends under the size of one message (games/domain/wire.py): any text in
parts that join back to it, lists in pieces that hold every item in order, none over the limit."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.domain import wire

LIMIT = 1000


def joined(messages: list[str]) -> str:
    parts = [json.loads(message) for message in messages]
    assert {part["type"] for part in parts} == {"part"}
    assert len({part["id"] for part in parts}) == 1
    assert [part["index"] for part in parts] == list(range(len(parts)))
    assert {part["count"] for part in parts} == {len(parts)}
    return "".join(part["text"] for part in parts)


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=0, max_size=5000))
def test_any_text_over_the_limit_comes_in_parts_that_join_back_to_it(text: str) -> None:
    message = json.dumps({"type": "state", "text": text})
    sent = wire.parts_of(message, LIMIT)
    assert all(wire.size_of(piece) <= LIMIT for piece in sent)
    if wire.size_of(message) <= LIMIT:
        assert sent == [message]
    else:
        assert joined(sent) == message


def test_quotes_and_escapes_still_fit_once_escaped() -> None:
    message = json.dumps({"type": "state", "moves": ['"\\"' * 300, "é\u2028" * 200]})
    sent = wire.parts_of(message, LIMIT)
    assert len(sent) > 1 and all(wire.size_of(piece) <= LIMIT for piece in sent)
    assert joined(sent) == message


@settings(max_examples=100, deadline=None)
@given(st.lists(st.dictionaries(st.text(max_size=10), st.text(max_size=120), max_size=4)))
def test_a_list_comes_whole_in_pieces_each_within_the_limit(items: list[dict]) -> None:
    items = [{"id": index, **item} for index, item in enumerate(items)]
    sent = [
        json.loads(text)
        for text in wire.list_texts({"type": "seeks"}, "seeks", items, "more", LIMIT)
    ]
    assert all(
        wire.size_of(text) <= LIMIT
        for text in wire.list_texts({"type": "seeks"}, "seeks", items, "more", LIMIT)
    )
    first, *rest = sent
    assert first["type"] == "seeks"
    assert all(
        message == {"type": "more", "added": message["added"], "removed": []} for message in rest
    )
    assert first["seeks"] + [item for message in rest for item in message["added"]] == items


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.one_of(st.text(max_size=20), st.integers(-(2**31), 2**31)),
        st.one_of(st.none(), st.booleans(), st.integers(-(2**53), 2**53), st.text(max_size=3000)),
        max_size=8,
    )
)
def test_json_text_reads_back_as_the_standard_librarys_and_fits_in_parts(value: dict) -> None:
    # The state's writer (orjson) leaves non-ASCII characters as they are: a message over the
    # limit in bytes, though not in characters, still comes in parts that fit.
    text = wire.json_text({"type": "state", "fields": value})
    assert json.loads(text) == json.loads(json.dumps({"type": "state", "fields": value}))
    sent = wire.parts_of(text, LIMIT)
    assert all(wire.size_of(piece) <= LIMIT for piece in sent)
    if wire.size_of(text) > LIMIT:
        assert joined(sent) == text


def test_json_text_counts_a_non_ascii_name_in_bytes() -> None:
    text = wire.json_text({"type": "state", "white": "Ärger" * 180})  # 900 characters
    assert len(text) < LIMIT < wire.size_of(text)
    sent = wire.parts_of(text, LIMIT)
    assert len(sent) > 1 and joined(sent) == text
