"""The transactional tests' flush is tried again when PostgreSQL makes it a deadlock's victim
(tests/conftest.py), and only then."""

import pytest
from django.core.management.base import CommandError
from django.db import OperationalError
from django.test import TransactionTestCase

from tests.conftest import flush_retrying_deadlocks


def failing(*errors: Exception):
    """A stand-in for the flush: raises ``errors`` in turn, then succeeds; counts its calls."""
    calls = []

    def teardown(self) -> None:
        calls.append(self)
        if len(calls) <= len(errors):
            raise errors[len(calls) - 1]

    return teardown, calls


def flush_error(cause: Exception) -> CommandError:
    """What Django's flush command raises: its own error, from the database's."""
    try:
        raise CommandError("Database couldn't be flushed.") from cause
    except CommandError as error:
        return error


def test_a_flush_that_lost_a_deadlock_is_tried_again() -> None:
    teardown, calls = failing(flush_error(OperationalError("deadlock detected\nDETAIL: ...")))
    flush_retrying_deadlocks(teardown)("test")
    assert calls == ["test", "test"]


def test_any_other_failure_is_raised_at_once() -> None:
    teardown, calls = failing(flush_error(OperationalError("relation does not exist")))
    with pytest.raises(CommandError):
        flush_retrying_deadlocks(teardown)("test")
    assert len(calls) == 1


def test_a_flush_that_keeps_losing_gives_up_after_three_tries() -> None:
    deadlock = OperationalError("deadlock detected")
    teardown, calls = failing(*[flush_error(deadlock)] * 3)
    with pytest.raises(CommandError):
        flush_retrying_deadlocks(teardown)("test")
    assert len(calls) == 3


def test_the_suites_transactional_tests_flush_through_it() -> None:
    assert TransactionTestCase._fixture_teardown.__name__ == "flush"
