"""What a game's rules page is made of: its pieces, its rules, each rule's live example.

One ``GameRules`` per game is declared in this package (``draughts``, ``czech``,
``federations``, ``hybrids``; ``shared`` holds the text they share); one template draws any of
them. The text is ours, written from the rules documents
(docs/rules/); the examples' moves are the engine's, and ``tests/games/test_game_rules.py`` checks
that every rule has an example, and that each example's move is legal in its position, takes
exactly the squares it declares and ends the game as it says.
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Example:
    """A live board: a small position (in the game's own FEN), the move the caption invites the
    reader to try (its text as the engine writes it), and what that move takes (square names as
    in chess) and what the moving piece becomes if the move changes it (a crowned man:
    "king"), so a test can hold the caption to the engine. ``ends`` says how a move that ends the
    game ends it ("White wins", "Black wins" or "draw"; "" while the game goes on), held to the
    engine's outcome too."""

    fen: str
    move: str
    caption: str
    captures: tuple[str, ...] = ()
    becomes: str = ""
    ends: str = ""


@dataclass(frozen=True)
class Rule:
    """A section of a rules page: a title, paragraphs, points, and at most one live example."""

    id: str
    title: str
    paragraphs: tuple[str, ...]
    points: tuple[str, ...] = ()
    example: Example | None = None


@dataclass(frozen=True)
class GameRules:
    """A game's rules page. ``line`` is the one line the home gallery shows; ``pieces`` says how
    each piece moves, by the name the engine gives it; ``source`` credits where the rules come
    from."""

    id: str
    line: str
    intro: tuple[str, ...]
    pieces: dict[str, str]
    rules: tuple[Rule, ...]
    source: str
    source_url: str = ""
    notes: tuple[str, ...] = field(default=())
