"""Django's ``makemessages``, for this project: it also finds sentences marked with ``N_`` (the
engine's marker, ``engine/i18n.py``: the engine does not import Django, the site translates what
it shows) and leaves out what never reaches a person (the tests, the benchmarks, the venv)."""

from django.core.management.commands import makemessages

NEVER_SHOWN = [".venv", "tests", "bench", "staticfiles", "artifacts", "node_modules", "docs"]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *NEVER_SHOWN]
        return super().handle(*args, **options)
