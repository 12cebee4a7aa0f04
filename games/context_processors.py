"""Template context for every page: the site's policy figures for the pages' scripts."""

from django.http import HttpRequest

from games.policy import browser_policy


def site_policy(request: HttpRequest) -> dict[str, dict[str, int]]:
    """Returns ``site_policy``, embedded by ``base.html`` as the ``site-policy`` page data."""
    return {"site_policy": browser_policy()}
