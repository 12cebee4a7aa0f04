"""The lobby's fan-out stays bounded: a user's open challenges are capped as seeks are, and
the challenge list a change sends holds at most the newest incoming ones."""

import pytest

from games.domain.errors import ErrorCode, GameError
from games.domain.policy import MAX_OPEN_CHALLENGES
from games.reads import lobby as lobby_reads
from games.reads.lobby import challenges_of
from games.services.lobby import challenge_create, challenge_decline
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def test_a_user_has_at_most_the_cap_of_open_challenges(alice) -> None:
    others = [make_user(f"player{i}") for i in range(MAX_OPEN_CHALLENGES + 1)]
    made = [challenge_create(user=alice, to=other.username) for other in others[:-1]]
    with pytest.raises(GameError) as refused:
        challenge_create(user=alice, to=others[-1].username)
    assert (refused.value.code, refused.value.message) == (
        ErrorCode.NOT_ALLOWED,
        f"You already have {MAX_OPEN_CHALLENGES} open challenges: cancel one first.",
    )
    with pytest.raises(GameError):
        challenge_create(user=alice, to=None)  # an invite link counts too
    challenge_decline(user=alice, challenge_id=made[0].public_id)
    challenge_create(user=alice, to=others[-1].username)
    assert len(challenges_of(alice.pk)["outgoing"]) == MAX_OPEN_CHALLENGES


def test_the_list_sent_holds_the_newest_incoming_challenges(alice, monkeypatch) -> None:
    monkeypatch.setattr(lobby_reads, "MAX_LISTED_CHALLENGES", 3)
    challengers = [make_user(f"fan{i}") for i in range(5)]
    for challenger in challengers:
        challenge_create(user=challenger, to=alice.username)
    incoming = challenges_of(alice.pk)["incoming"]
    assert [c["challenger"] for c in incoming] == ["fan2", "fan3", "fan4"]
