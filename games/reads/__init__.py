"""Every read of the games app and every payload its clients get, in one place: a game's state
(``state``), the lobby's seeks and challenges (``lobby``), the archive and its exports
(``archive``), the live games and who is online (``live``). Nothing here writes."""
