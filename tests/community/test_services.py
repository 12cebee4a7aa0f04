"""Blocks, follows, reports and what moderators do (community.services): each refusal says why
and changes nothing, each moderator action is logged, and the caps hold."""

from datetime import timedelta

import pytest
from django.utils import timezone

from community import selectors, services
from community.errors import CommunityError
from community.models import Block, Follow, ModerationAction, Mute, Report
from tests.factories import make_moderator, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator():
    return make_moderator()


def test_a_block_stands_either_way_and_ends_the_follows_between_the_two(alice, bob) -> None:
    services.follow(user=alice, other=bob)
    services.follow(user=bob, other=alice)
    assert services.block(user=alice, other=bob) is True
    assert services.block(user=alice, other=bob) is False  # already there: nothing added
    assert selectors.blocked_between(alice.pk, bob.pk)
    assert selectors.blocked_between(bob.pk, alice.pk)
    assert selectors.hidden_ids(bob.pk) == {alice.pk}
    assert Follow.objects.count() == 0
    assert services.unblock(user=alice, other=bob) is True
    assert not selectors.blocked_between(alice.pk, bob.pk)


def test_nobody_blocks_or_follows_themselves(alice) -> None:
    with pytest.raises(CommunityError, match="cannot block yourself"):
        services.block(user=alice, other=alice)
    with pytest.raises(CommunityError, match="cannot follow yourself"):
        services.follow(user=alice, other=alice)
    assert Block.objects.count() == Follow.objects.count() == 0


def test_a_blocked_pair_cannot_follow_each_other(alice, bob) -> None:
    services.block(user=bob, other=alice)
    with pytest.raises(CommunityError, match="one of you blocked the other"):
        services.follow(user=alice, other=bob)
    assert Follow.objects.count() == 0


def test_blocks_and_follows_are_capped(alice, monkeypatch) -> None:
    monkeypatch.setattr(services, "MAX_BLOCKS", 2)
    monkeypatch.setattr(services, "MAX_FOLLOWING", 2)
    others = [make_user(f"user{n}") for n in range(3)]
    for other in others[:2]:
        services.block(user=alice, other=other)
    with pytest.raises(CommunityError, match="blocked 2 players"):
        services.block(user=alice, other=others[2])
    fresh = make_user("zoe")
    for other in others[:2]:
        services.follow(user=fresh, other=other)
    with pytest.raises(CommunityError, match="follow 2 players"):
        services.follow(user=fresh, other=others[2])
    assert Block.objects.count() == 2 and Follow.objects.count() == 2


def test_blocked_among_finds_the_pairs_either_way_among_the_candidates(alice, bob) -> None:
    carol, dave = make_user("carol"), make_user("dave")
    services.block(user=alice, other=bob)
    services.block(user=carol, other=alice)
    services.block(user=dave, other=bob)  # not about alice
    assert selectors.blocked_among(alice.pk, [bob.pk, carol.pk, dave.pk]) == sorted(
        [bob.pk, carol.pk]
    )
    assert selectors.blocked_among(alice.pk, [dave.pk]) == []


def test_a_second_report_of_the_same_game_updates_the_open_one(alice, bob) -> None:
    first = services.report_create(reporter=alice, user=bob, reason="abuse", game="abcd2345")
    again = services.report_create(
        reporter=alice, user=bob, reason="spam", text="again", game="abcd2345"
    )
    assert first.pk == again.pk
    assert Report.objects.get().reason == "spam"
    other = services.report_create(reporter=alice, user=bob, reason="cheat")
    assert other.pk != first.pk


@pytest.mark.parametrize(
    ("reason", "text", "refusal"),
    [
        ("rude", "", "reason is one of abuse, cheat, spam, other"),
        ("abuse", "x" * 1001, "at most 1000 characters"),
    ],
)
def test_a_malformed_report_is_refused(alice, bob, reason, text, refusal) -> None:
    with pytest.raises(CommunityError, match=refusal):
        services.report_create(reporter=alice, user=bob, reason=reason, text=text)
    assert Report.objects.count() == 0


def test_nobody_reports_themselves(alice) -> None:
    with pytest.raises(CommunityError, match="cannot report yourself"):
        services.report_create(reporter=alice, user=alice, reason="spam")


def test_a_mute_lasts_its_hours_and_is_logged_with_the_report_it_closes(
    alice, bob, moderator
) -> None:
    report = services.report_create(reporter=alice, user=bob, reason="abuse")
    now = timezone.now()
    services.mute(moderator=moderator, user=bob, hours=3, report=report, now=now)
    assert selectors.muted_until(bob.pk, now) == now + timedelta(hours=3)
    assert selectors.muted_until(bob.pk, now + timedelta(hours=3, seconds=1)) is None
    report.refresh_from_db()
    assert report.state == Report.State.CLOSED
    action = ModerationAction.objects.get()
    assert (action.kind, action.user, action.moderator, action.hours, action.report) == (
        "mute",
        bob,
        moderator,
        3,
        report,
    )


@pytest.mark.parametrize("hours", [0, 721, -1, "3", True, 2.5])
def test_a_mute_out_of_range_is_refused(bob, moderator, hours) -> None:
    with pytest.raises(CommunityError, match="1 to 720 hours"):
        services.mute(moderator=moderator, user=bob, hours=hours)
    assert Mute.objects.count() == ModerationAction.objects.count() == 0


def test_only_moderators_moderate(alice, bob) -> None:
    with pytest.raises(CommunityError, match="Only moderators") as refused:
        services.mute(moderator=alice, user=bob, hours=1)
    assert refused.value.http_status == 403
    with pytest.raises(CommunityError, match="Only moderators"):
        services.warn(moderator=alice, user=bob, note="stop")
    assert ModerationAction.objects.count() == Mute.objects.count() == 0


def test_a_warning_is_shown_until_its_player_has_read_it(bob, moderator, alice) -> None:
    warning = services.warn(moderator=moderator, user=bob, note="Be kind in the chat.")
    assert [w.note for w in selectors.unseen_warnings(bob.pk)] == ["Be kind in the chat."]
    assert services.warning_seen(user=alice, warning_id=warning.pk) is False  # not hers
    assert services.warning_seen(user=bob, warning_id=warning.pk) is True
    assert selectors.unseen_warnings(bob.pk) == []


def test_forgetting_a_closing_account_removes_its_blocks_follows_and_mute(
    alice, bob, moderator
) -> None:
    services.block(user=alice, other=make_user("carol"))
    services.follow(user=bob, other=alice)
    services.mute(moderator=moderator, user=alice, hours=1)
    report = services.report_create(reporter=bob, user=alice, reason="spam")
    services.forget_user(user=alice)
    assert Block.objects.count() == Follow.objects.count() == Mute.objects.count() == 0
    assert Report.objects.filter(pk=report.pk).exists()
    assert ModerationAction.objects.filter(user=alice).exists()
