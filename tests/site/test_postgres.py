"""The suite runs on PostgreSQL where the services are required (service test)."""

import pytest
from django.db import connection

pytestmark = [pytest.mark.services, pytest.mark.django_db]


def test_the_database_is_postgresql() -> None:
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("select version()")
        assert cursor.fetchone()[0].startswith("PostgreSQL")
