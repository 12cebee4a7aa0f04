"""The engine's marker for sentences a person reads (its errors' templates, the games' and the
pieces' names). The engine does not import Django: ``N_`` returns its text unchanged, and
``makemessages`` (``catalogue/management/commands/makemessages.py``) collects what it marks so
that the site can translate the text where it shows it."""


def N_(text: str) -> str:
    """Returns ``text``: marks it for the translators' catalogue."""
    return text
