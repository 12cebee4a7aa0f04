"""Reading gettext catalogues and extracting the messages the code marks, for the tests of the
translations (tests/site/test_catalogues.py, tests/site/test_game_pages_i18n.py)."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils.translation import to_locale

BASE = Path(settings.BASE_DIR)
DOMAINS = ("django", "djangojs")

ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def unquote(text: str) -> str:
    """A PO string's text: its escapes (\\n, \\t, \\", \\\\) undone."""
    return re.sub(r"\\(.)", lambda escape: ESCAPES.get(escape[1], escape[0]), text)


def entries(path: Path) -> list[dict]:
    """The entries of a PO file (the header left out), each with its ``msgctxt``, ``msgid``,
    ``msgid_plural``, its ``msgstr`` forms and whether it is marked fuzzy. Entries are
    separated by blank lines, as gettext's tools write them."""
    found: list[dict] = []
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
        entry: dict = {"fuzzy": False}
        field = ""
        for line in block.strip().splitlines():
            if line.startswith("#,"):
                entry["fuzzy"] = "fuzzy" in line
            elif line.startswith('"'):
                entry[field] += unquote(line.strip()[1:-1])
            elif line and not line.startswith("#"):
                field, _, quoted = line.partition(" ")
                entry[field] = unquote(quoted.strip()[1:-1])
        if entry.get("msgid"):
            found.append(entry)
    return found


def key(entry: dict) -> tuple[str, str]:
    return entry.get("msgctxt", ""), entry["msgid"]


def forms(entry: dict) -> list[str]:
    return [value for name, value in entry.items() if name.startswith("msgstr")]


def catalogue(code: str, domain: str) -> Path:
    return BASE / "locale" / to_locale(code) / "LC_MESSAGES" / f"{domain}.po"


# What the extraction reads: everything but the catalogues themselves and what never ships.
NOT_READ = {"locale", ".venv", ".git", "staticfiles", "artifacts", "node_modules"}


def extract(tree: Path) -> dict[str, set[tuple[str, str]]]:
    """The messages the code marks today, by domain, as (context, msgid): our makemessages run
    over a tree of links to the sources made in ``tree`` (an empty directory), writing there
    (makemessages writes beside the nearest ``locale/``: the repository's catalogues are not
    touched)."""
    for entry in BASE.iterdir():
        if entry.name not in NOT_READ:
            (tree / entry.name).symlink_to(entry)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(settings, "LOCALE_PATHS", [tree / "locale"])
        patch.chdir(tree)
        for domain in DOMAINS:
            call_command("makemessages", locale=["en"], domain=domain, symlinks=True, verbosity=0)
    found = {domain: tree / "locale" / "en" / "LC_MESSAGES" / f"{domain}.po" for domain in DOMAINS}
    # makemessages writes no file for a domain with no messages at all.
    return {
        domain: {key(entry) for entry in entries(path)} if path.exists() else set()
        for domain, path in found.items()
    }
