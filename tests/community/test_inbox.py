"""Private messages (the inbox): written, listed, read, deleted for one side; refused between
players in a block, to oneself, to a closed account, from a muted writer, past their length,
and past their writer's budgets; in the data download; the pages and the account menu's count."""

import io
import re
import zipfile
from datetime import timedelta
from urllib.parse import quote

import pytest
from django.test import Client
from django.utils import timezone

from community import inbox
from community.models import MAX_MESSAGE_CHARS, Conversation, Message, Mute
from community.services import block
from players.closing import close_account
from tests.community.conftest import api
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def write(writer, reader: str, text: str, status: int = 201) -> dict:
    answer = api(writer).post(f"/api/inbox/{reader}/", {"text": text}, format="json")
    assert answer.status_code == status, answer.content
    return answer.json()


def test_a_message_is_written_listed_and_read(alice, bob) -> None:
    sent = write(alice, "bob", "  Good game!\nRematch tomorrow?  ")
    assert sent["from"] == "alice" and sent["to"] == "bob"
    assert sent["text"] == "Good game!\nRematch tomorrow?"  # trimmed, its line kept
    box = api(bob).get("/api/inbox/").json()
    assert box["unread"] == 1
    assert [(c["with"], c["text"], c["from_me"], c["unread"]) for c in box["conversations"]] == [
        ("alice", "Good game!\nRematch tomorrow?", False, 1)
    ]
    assert api(alice).get("/api/inbox/").json()["conversations"][0]["from_me"] is True
    assert api(alice).get("/api/inbox/").json()["unread"] == 0
    talk = api(bob).get("/api/inbox/alice/").json()
    assert [(m["from"], m["text"]) for m in talk["messages"]] == [
        ("alice", "Good game!\nRematch tomorrow?")
    ]
    assert talk["unread"] == 1 and talk["more"] is False
    # Reading it is asked apart (a GET writes nothing).
    assert api(bob).get("/api/inbox/").json()["unread"] == 1
    assert api(bob).post("/api/inbox/alice/read/").json() == {"unread": 0}
    assert api(bob).get("/api/inbox/").json()["conversations"][0]["unread"] == 0


def test_each_side_counts_its_own_unread_and_the_latest_comes_first(alice, bob) -> None:
    carol = make_user("carol")
    write(alice, "carol", "one")
    write(bob, "carol", "two")
    write(bob, "carol", "three")
    write(carol, "bob", "four")
    box = api(carol).get("/api/inbox/").json()
    assert box["unread"] == 3
    assert [(c["with"], c["text"], c["unread"]) for c in box["conversations"]] == [
        ("bob", "four", 2),  # carol's answer is the latest; bob's two are still unread by her
        ("alice", "one", 1),
    ]
    assert api(bob).get("/api/inbox/").json()["unread"] == 1
    assert Conversation.objects.count() == 2  # one row a pair, whoever wrote first


def test_a_long_conversation_comes_a_page_at_a_time(alice, bob) -> None:
    for n in range(inbox.MESSAGES_PAGE + 7):
        inbox.send_message(sender=alice if n % 2 else bob, recipient=bob if n % 2 else alice,
                           text=f"m{n}")  # fmt: skip
    latest = api(alice).get("/api/inbox/bob/").json()
    texts = [m["text"] for m in latest["messages"]]
    assert texts == [f"m{n}" for n in range(7, inbox.MESSAGES_PAGE + 7)]  # oldest first
    assert latest["more"] is True
    first_id = latest["messages"][0]["id"]
    older = api(alice).get(f"/api/inbox/bob/?before={first_id}").json()
    assert [m["text"] for m in older["messages"]] == [f"m{n}" for n in range(7)]
    assert older["more"] is False
    assert api(alice).get("/api/inbox/bob/?before=x").status_code == 400
    assert api(alice).get("/api/inbox/bob/?before=%C2%B2").status_code == 400  # ² is a digit


def test_many_conversations_come_a_page_at_a_time(alice, monkeypatch) -> None:
    others = [make_user(f"pen{n}") for n in range(5)]
    for n, other in enumerate(others):  # pen0 wrote first, pen4 last; alice wrote to pen1, pen3
        sender, recipient = (alice, other) if n % 2 else (other, alice)
        inbox.send_message(sender=sender, recipient=recipient, text=f"hello {n}")
    monkeypatch.setattr(inbox, "INBOX_PAGE", 2)
    seen, before = [], ""
    for _ in range(3):
        page = api(alice).get(f"/api/inbox/?before={quote(before)}").json()
        seen.append([entry["with"] for entry in page["conversations"]])
        before = page["older"]
        if before is None:
            break
    assert seen == [["pen4", "pen3"], ["pen2", "pen1"], ["pen0"]]
    assert api(alice).get("/api/inbox/?before=yesterday").status_code == 400
    assert api(alice).get("/api/inbox/?before=2026-01-01T00:00:00").status_code == 400  # no zone
    client = Client()
    client.force_login(alice)
    first = client.get("/inbox/").content.decode()
    assert first.count('data-testid="inbox-entry"') == 2 and 'data-testid="inbox-older"' in first
    link = re.search(r'href="\?before=([^"]+)" data-testid="inbox-older"', first).group(1)
    second = client.get(f"/inbox/?before={link}").content.decode()
    assert 'data-with="pen2"' in second and 'data-with="pen4"' not in second
    assert client.get("/inbox/?before=soon").status_code == 400


def test_deleting_a_conversation_hides_it_from_one_side_until_the_next_message(alice, bob) -> None:
    write(alice, "bob", "first")
    assert api(bob).delete("/api/inbox/alice/").status_code == 204
    assert api(bob).get("/api/inbox/").json() == {"unread": 0, "conversations": [], "older": None}
    assert api(bob).get("/api/inbox/alice/").json()["messages"] == []
    assert [m["text"] for m in api(alice).get("/api/inbox/bob/").json()["messages"]] == ["first"]
    write(alice, "bob", "second")
    box = api(bob).get("/api/inbox/").json()
    assert [(c["with"], c["text"], c["unread"]) for c in box["conversations"]] == [
        ("alice", "second", 1)
    ]
    assert [m["text"] for m in api(bob).get("/api/inbox/alice/").json()["messages"]] == ["second"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "1 to 1,000 characters"),
        ("   ", "1 to 1,000 characters"),
        ("x" * (MAX_MESSAGE_CHARS + 1), "1 to 1,000 characters"),
        ("bad \u202e text", "no control characters"),
        (["a list"], "1 to 1,000 characters"),
    ],
)
def test_a_message_that_is_not_plain_text_of_the_right_length_is_refused(
    alice, bob, text, words
) -> None:
    answer = write(alice, "bob", text, status=400)
    assert words in answer["error"].replace("1000", "1,000")
    assert Message.objects.count() == 0


def test_who_may_not_write_is_refused_saying_why(alice, bob) -> None:
    assert "yourself" in write(alice, "alice", "hi", status=400)["error"]
    assert "No user is called" in write(alice, "nobody", "hi", status=404)["error"]
    assert api().post("/api/inbox/bob/", {"text": "hi"}, format="json").status_code == 401
    block(user=bob, other=alice)
    for writer, reader in ((alice, "bob"), (bob, "alice")):
        assert "one of you blocked the other" in write(writer, reader, "hi", status=403)["error"]
    carol = make_user("carol")
    Mute.objects.create(user=carol, until=timezone.now() + timedelta(hours=2))
    assert "muted your chat" in write(carol, "alice", "hi", status=403)["error"]
    assert Message.objects.count() == 0 and Conversation.objects.count() == 0


def test_a_closed_account_keeps_its_messages_readable_but_reads_no_more(alice, bob) -> None:
    write(alice, "bob", "see you")
    new_name = close_account(user=bob)
    talk = api(alice).get(f"/api/inbox/{new_name}/").json()
    assert [m["text"] for m in talk["messages"]] == ["see you"]
    assert write(alice, new_name, "still there?", status=404)["error"].startswith("No user")
    page = Client()
    page.force_login(alice)
    html = page.get(f"/inbox/{new_name}/").content.decode()
    assert "This account is closed" in html and 'id="conversation-form"' not in html


def test_messages_are_counted_against_their_writers_budgets(alice, bob, settings) -> None:
    settings.THROTTLE_RATES = {
        **settings.THROTTLE_RATES,
        "message_account": "3/60",
        "conversation_account": "2/3600",
    }
    carol, dave = make_user("carol"), make_user("dave")
    codes = [
        api(alice).post(f"/api/inbox/{name}/", {"text": "hi"}, format="json").status_code
        for name in ("bob", "carol", "dave")
    ]
    assert codes == [201, 201, 429]  # a third new conversation within the hour
    assert api(alice).post("/api/inbox/bob/", {"text": "again"}, format="json").status_code == 429
    assert Message.objects.filter(sender=alice).count() == 2
    assert carol.pk and dave.pk


def test_the_data_download_holds_the_messages_written_and_received(alice, bob) -> None:
    write(alice, "bob", "hello bob")
    write(bob, "alice", "hi alice\nhow are you")
    write(make_user("carol"), "bob", "not alice's")
    page = Client()
    page.force_login(alice)
    response = page.get("/accounts/data/")
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    text = archive.read("messages.txt").decode()
    assert "alice to bob:\n  hello bob\n" in text
    assert "bob to alice:\n  hi alice\n  how are you\n" in text
    assert "not alice's" not in text


def test_the_pages_list_the_conversations_and_open_one(alice, bob) -> None:
    write(bob, "alice", "a <b>bold</b> move")
    page = Client()
    page.force_login(alice)
    html = page.get("/").content.decode()
    assert 'data-testid="inbox-unread"' in html and ">1</span>" in html  # the account menu
    box = page.get("/inbox/").content.decode()
    assert 'data-with="bob"' in box and "a &lt;b&gt;bold&lt;/b&gt; move" in box
    assert page.get("/inbox/", {"to": "BOB"})["Location"] == "/inbox/bob/"
    assert "No user is called nobody." in page.get("/inbox/", {"to": "nobody"}).content.decode()
    assert page.get("/inbox/Bob/")["Location"] == "/inbox/bob/"
    assert page.get("/inbox/alice/").status_code == 404  # no conversation with oneself
    talk = page.get("/inbox/bob/").content.decode()
    assert 'id="conversation-form"' in talk and "a \\u003Cb\\u003Ebold" in talk
    assert Client().get("/inbox/").status_code == 302  # to the log-in page
    block(user=alice, other=bob)
    assert "one of you blocked the other" in page.get("/inbox/bob/").content.decode()
