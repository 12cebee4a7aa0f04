"""The pages' forms that make what the API makes (a tournament, a simul, a team, a forum
topic) spend the
API's budgets (``THROTTLE_RATES``: ``<kind>_address`` and ``<kind>_account``) before any work:
past them the form says so and nothing is made, as the API answers 429."""

import uuid

import pytest
from django.test import Client

from forum.models import Topic
from simuls.models import Simul
from teams.models import Team
from tests.factories import api_client, make_user
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

TOO_MANY = "Too many changes at once: wait a minute and try again."
TOURNAMENT = {
    "system": "arena",
    "minutes": "30",
    "clock_minutes": "3",
    "clock_increment": "2",
    "starts_in": "5",
    "fen": "8/8/8/8/8/8/8/8 w - - 0 1",  # refused by the engine: work a form must not reach
}
SIMUL = {"clock_minutes": "10", "clock_increment": "5", "max_players": "5"}


@pytest.mark.parametrize(
    "kind, path, api, form, model, field",
    [
        ("tournament", "/tournaments/", "/api/tournaments/", TOURNAMENT, Tournament, "name"),
        ("simul", "/simul/", "/api/simuls/", SIMUL, Simul, "name"),
        ("team", "/team/", "/api/teams/", {}, Team, "name"),
        ("forum", "/forum/general/", "/api/forum/general/", {"text": "Hi"}, Topic, "title"),
    ],
)
def test_a_form_past_its_budget_makes_nothing(
    kind, path, api, form, model, field, settings
) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, f"{kind}_account": "2/60"}
    user = make_user("maker")
    web = Client()
    web.force_login(user)
    # One change through the API and one through the form spend the one budget.
    assert api_client(user).post(api, {}, format="json").status_code == 400  # counted
    first = web.post(path, {**form, field: "First"}).content.decode()
    assert TOO_MANY not in first
    after = model.objects.count()
    refused = web.post(path, {**form, field: "Second", "fen": ""}).content.decode()
    assert TOO_MANY in refused
    assert model.objects.count() == after
    assert "Second" not in [str(name) for name in model.objects.values_list(field, flat=True)]
