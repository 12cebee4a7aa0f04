"""Studies on the server: who may see and edit one, making and changing studies and chapters,
and every change to a chapter's tree — a move played (by the engine, from the node's position),
a line deleted or promoted, a glyph or comment set — each in a transaction that locks the
chapter, then told to every open page of the study (``study.<id>``, after the commit).

The engine's work (a move, a position read, a text's games) runs before the transaction and
holds no pooled connection (``common.db.release_connection``). A node's position never changes,
so a move computed from it is still right when the chapter is locked; a node deleted meanwhile
is refused, saying so.

Bounds, whatever a stranger sends: ``MAX_STUDIES`` studies a player owns, ``MAX_CHAPTERS``
chapters a study, ``tree.MAX_NODES`` positions a chapter, ``MAX_MEMBERS`` contributors, names of
``NAME_LENGTH`` characters, a text's work as an import's (``studies.importing``).
"""

from typing import Any

from django.db import transaction
from django.db.models import Max, Q, QuerySet
from django.utils.translation import gettext as _

from accounts.selectors import active_user
from catalogue.descriptors import game_name
from common.db import release_connection
from community.selectors import blocked_between
from engine import variants
from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import MoveRequest
from games.models import Game
from games.reads.archive import game_export_text, variant_tags
from games.services.lines import play_on
from games.storage import broadcast
from studies import tree as trees
from studies.importing import MAX_CHAPTERS, NAME_LENGTH, NewChapter, chapters_of_text, start_of
from studies.models import Chapter, Study, StudyMember

MAX_STUDIES = 200  # studies one player owns
MAX_MEMBERS = 20  # contributors a study has
LIST_PAGE = 30


def study_group(public_id: str) -> str:
    return f"study.{public_id}"


def tell(study: Study, event: dict[str, Any]) -> None:
    """Tells every open page of the study about a change, once it commits."""
    group = study_group(study.public_id)
    transaction.on_commit(lambda: broadcast.send_now(group, {"type": "study.event", **event}))


# --- who may ---------------------------------------------------------------------------------
def is_member(study: Study, user_id: int | None) -> bool:
    return user_id is not None and (
        study.owner_id == user_id
        or StudyMember.objects.filter(study=study, user_id=user_id).exists()
    )


def may_view(study: Study, user_id: int | None) -> bool:
    return study.visibility != Study.Visibility.PRIVATE or is_member(study, user_id)


def missing(study_id: str) -> GameError:
    return GameError(
        ErrorCode.NOT_FOUND, _("There is no study %(study)s.") % {"study": str(study_id)[:12]}
    )


def viewable(study_id: str, user_id: int | None) -> Study:
    """Returns the study ``study_id`` if the user may see it; a private study of others is
    refused as if it were not there."""
    study = Study.objects.select_related("owner").filter(public_id=study_id).first()
    if study is None or not may_view(study, user_id):
        raise missing(study_id)
    return study


def editable(study_id: str, user_id: int | None, *, lock: bool = False) -> Study:
    """Returns the study if the user may edit it (its owner or a contributor), else refuses."""
    rows = Study.objects.select_for_update() if lock else Study.objects
    study = rows.filter(public_id=study_id).first()
    if study is None or not may_view(study, user_id):
        raise missing(study_id)
    if not is_member(study, user_id):
        raise GameError(
            ErrorCode.FORBIDDEN, _("Only the study's owner and contributors may change it.")
        )
    return study


def owned(study_id: str, user_id: int | None) -> Study:
    """Returns the study, locked, if the user owns it, else refuses."""
    study = editable(study_id, user_id, lock=True)
    if study.owner_id != user_id:
        raise GameError(ErrorCode.FORBIDDEN, _("Only the study's owner may do this."))
    return study


# --- what the pages and the API show ---------------------------------------------------------
def clean_name(value: Any, missing_name: str) -> str:
    """Returns a name with its spaces made single, or refuses none (saying ``missing_name``)
    and one too long."""
    if not isinstance(value, str) or not value.strip():
        raise GameError(ErrorCode.BAD_REQUEST, missing_name)
    name = " ".join(value.split())
    if len(name) > NAME_LENGTH:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("A name has at most %(length)s characters.") % {"length": NAME_LENGTH},
        )
    return name


def clean_visibility(value: Any) -> str:
    if value not in Study.Visibility.values:
        raise GameError(ErrorCode.BAD_REQUEST, _("A study is public, unlisted or private."))
    return value


def chapter_line(chapter: Chapter) -> dict[str, Any]:
    return {
        "id": chapter.public_id,
        "name": chapter.name,
        "variant": chapter.variant,
        "variant_name": game_name(variants.get(chapter.variant)),
    }


def chapter_payload(chapter: Chapter) -> dict[str, Any]:
    """Returns a chapter whole: its game, start, revision and tree."""
    return {
        **chapter_line(chapter),
        "initial_fen": chapter.initial_fen,
        "revision": chapter.revision,
        "tree": chapter.tree,
    }


def chapter_lines(study: Study) -> list[dict[str, Any]]:
    return [
        chapter_line(chapter)
        for chapter in study.chapters.only("public_id", "name", "variant", "order")
    ]


def members_of(study: Study) -> list[str]:
    return list(
        StudyMember.objects.filter(study=study)
        .order_by("added_at", "id")
        .values_list("user__username", flat=True)
    )


def study_payload(study: Study, user_id: int | None) -> dict[str, Any]:
    """Returns a study as a page or the API shows it, with what the user may do."""
    return {
        "id": study.public_id,
        "name": study.name,
        "visibility": study.visibility,
        "owner": study.owner.username,
        "members": members_of(study),
        "chapters": chapter_lines(study),
        "can_edit": is_member(study, user_id),
        "is_owner": study.owner_id == user_id,
        "updated_at": study.updated_at.isoformat(),
    }


def study_list(rows: QuerySet) -> list[dict[str, Any]]:
    rows = rows.select_related("owner").order_by("-updated_at", "-id")[:LIST_PAGE]
    return [
        {
            "id": study.public_id,
            "name": study.name,
            "owner": study.owner.username,
            "visibility": study.visibility,
            "updated_at": study.updated_at,
        }
        for study in rows
    ]


def public_studies(owner: str = "") -> list[dict[str, Any]]:
    """The latest public studies (``owner``'s only, given a name), the most recently changed
    first."""
    rows = Study.objects.filter(visibility=Study.Visibility.PUBLIC)
    if owner:
        rows = rows.filter(owner__username=owner)
    return study_list(rows)


def studies_of(user_id: int) -> list[dict[str, Any]]:
    """The studies a player owns or contributes to, the most recently changed first."""
    member_of = StudyMember.objects.filter(user_id=user_id).values("study_id")
    return study_list(Study.objects.filter(Q(owner_id=user_id) | Q(id__in=member_of)))


def chapter_of(study: Study, chapter_id: Any, *, lock: bool = False) -> Chapter:
    rows = Chapter.objects.select_for_update() if lock else Chapter.objects
    chapter = rows.filter(study=study, public_id=str(chapter_id)).first()
    if chapter is None:
        raise GameError(
            ErrorCode.NOT_FOUND,
            _("This study has no chapter %(chapter)s: it may have been deleted meanwhile.")
            % {"chapter": str(chapter_id)[:12]},
        )
    return chapter


def study_text(study: Study, chapters: list[Chapter] | None = None) -> str:
    """Returns the study's chapters in the archive's text format, one game each."""
    texts = []
    for chapter in chapters if chapters is not None else study.chapters.all():
        tags = [("Event", f"{study.name}: {chapter.name}"), ("Site", "Chesskers")]
        tags += [("Result", "*"), *variant_tags(chapter.variant)]
        if chapter.initial_fen != variants.get(chapter.variant).start_fen:
            tags += [("SetUp", "1"), ("FEN", chapter.initial_fen)]
        texts.append(trees.text_of(chapter.tree, tags, chapter.initial_fen))
    return "\n".join(texts)


# --- making studies and chapters ---------------------------------------------------------------
def new_chapters(
    *, name: Any, variant: Any, fen: Any, text: Any, game: Any, room: int
) -> list[NewChapter]:
    """Returns the chapters a request asks for: those of a text (``text``), of a finished game
    of the archive (``game``), or one of ``variant`` from ``fen`` (empty: its start) named
    ``name``. The engine's work holds no pooled connection."""
    if room <= 0:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("A study holds at most %(max_chapters)s chapters.") % {"max_chapters": MAX_CHAPTERS},
        )
    if game:
        game = str(game)[:12]
        record = Game.objects.filter(public_id=game).first()
        if record is None:
            raise GameError(ErrorCode.NOT_FOUND, _("There is no game %(game)s.") % {"game": game})
        if record.status == Game.Status.LIVE:
            raise GameError(ErrorCode.NOT_ALLOWED, _("A game is studied once it is finished."))
        text = game_export_text(record)
    if text:
        if not isinstance(text, str):
            raise GameError(ErrorCode.BAD_REQUEST, _("The text is not text."))
        release_connection()
        chapters = chapters_of_text(text, room)
        if name and len(chapters) == 1:
            chapters[0].name = clean_name(name, _("A chapter needs a name."))
        return chapters
    chapter_name = clean_name(name, _("A chapter needs a name.")) if name else _("Chapter 1")
    if variant is None or variant == "":
        variant = variants.DEFAULT.id
    if variant not in variants.VARIANTS:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("There is no game %(variant)s.") % {"variant": str(variant)[:40]},
        )
    if fen is not None and not isinstance(fen, str):
        raise GameError(ErrorCode.BAD_REQUEST, _("A position is a FEN, written as text."))
    release_connection()
    start = start_of(variants.get(variant), fen)
    return [NewChapter(chapter_name, variant, start, trees.new_tree(start))]


def chapter_source(body: dict[str, Any]) -> dict[str, Any]:
    """Returns where a request's chapters come from: a game and position, a text, a game."""
    return {key: body.get(key) for key in ("variant", "fen", "text", "game")}


def store_chapters(study: Study, chapters: list[NewChapter]) -> list[Chapter]:
    first = (study.chapters.aggregate(last=Max("order"))["last"] or 0) + 1
    return Chapter.objects.bulk_create(
        Chapter(
            study=study,
            order=first + index,
            name=item.name,
            variant=item.variant,
            initial_fen=item.initial_fen,
            tree=item.tree,
        )
        for index, item in enumerate(chapters)
    )


def study_create(user_id: int | None, body: dict[str, Any]) -> Study:
    """Makes a study of the user's with its first chapters (``new_chapters``)."""
    if user_id is None:
        raise GameError(ErrorCode.FORBIDDEN, _("Sign in to make a study."))
    name = clean_name(body.get("name"), _("A study needs a name."))
    visibility = clean_visibility(body.get("visibility") or Study.Visibility.PUBLIC)
    if Study.objects.filter(owner_id=user_id).count() >= MAX_STUDIES:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("A player owns at most %(max_studies)s studies: delete one first.")
            % {"max_studies": MAX_STUDIES},
        )
    chapters = new_chapters(name=body.get("chapter"), room=MAX_CHAPTERS, **chapter_source(body))
    with transaction.atomic():
        study = Study.objects.create(owner_id=user_id, name=name, visibility=visibility)
        store_chapters(study, chapters)
    return study


def chapter_create(user_id: int | None, study_id: str, body: dict[str, Any]) -> list[Chapter]:
    """Adds chapters to a study (``new_chapters``) after its last."""
    study = editable(study_id, user_id)
    room = MAX_CHAPTERS - study.chapters.count()
    chapters = new_chapters(name=body.get("name"), room=room, **chapter_source(body))
    with transaction.atomic():
        study = editable(study_id, user_id, lock=True)
        if study.chapters.count() + len(chapters) > MAX_CHAPTERS:
            raise GameError(
                ErrorCode.BAD_REQUEST,
                _("A study holds at most %(max_chapters)s chapters.")
                % {"max_chapters": MAX_CHAPTERS},
            )
        stored = store_chapters(study, chapters)
        study.save(update_fields=["updated_at"])
        tell(study, {"event": "chapters", "chapters": chapter_lines(study)})
    return stored


def chapter_update(
    user_id: int | None, study_id: str, chapter_id: str, body: dict[str, Any]
) -> Chapter:
    """Renames a chapter."""
    with transaction.atomic():
        study = editable(study_id, user_id, lock=True)
        chapter = chapter_of(study, chapter_id, lock=True)
        chapter.name = clean_name(body.get("name"), _("A chapter needs a name."))
        chapter.save(update_fields=["name"])
        study.save(update_fields=["updated_at"])
        tell(study, {"event": "chapters", "chapters": chapter_lines(study)})
    return chapter


def chapter_delete(user_id: int | None, study_id: str, chapter_id: str) -> None:
    """Deletes a chapter; a study keeps one at least."""
    with transaction.atomic():
        study = editable(study_id, user_id, lock=True)
        chapter = chapter_of(study, chapter_id, lock=True)
        if study.chapters.count() <= 1:
            raise GameError(
                ErrorCode.BAD_REQUEST,
                _("A study keeps one chapter at least: delete the study instead."),
            )
        chapter.delete()
        study.save(update_fields=["updated_at"])
        tell(study, {"event": "chapters", "chapters": chapter_lines(study)})


def study_update(user_id: int | None, study_id: str, body: dict[str, Any]) -> Study:
    """Renames a study or changes who may see it (its owner only). A study made private
    closes the pages of everyone who is not its owner or a contributor."""
    with transaction.atomic():
        study = owned(study_id, user_id)
        if "name" in body:
            study.name = clean_name(body.get("name"), _("A study needs a name."))
        if "visibility" in body:
            study.visibility = clean_visibility(body.get("visibility"))
        study.save()
        tell(study, {"event": "study", "name": study.name, "visibility": study.visibility})
    return study


def study_delete(user_id: int | None, study_id: str) -> None:
    with transaction.atomic():
        study = owned(study_id, user_id)
        tell(study, {"event": "gone"})
        study.delete()


def member_add(user_id: int | None, study_id: str, username: Any) -> list[str]:
    """Lets a player edit the study (its owner only); returns the contributors."""
    with transaction.atomic():
        study = owned(study_id, user_id)
        user = active_user(username) if isinstance(username, str) and username else None
        if user is None:
            raise GameError(
                ErrorCode.NOT_FOUND,
                _("There is no player %(name)s.") % {"name": str(username or "")[:40]},
            )
        if user.pk == study.owner_id:
            raise GameError(ErrorCode.BAD_REQUEST, _("The owner edits the study already."))
        if blocked_between(study.owner_id, user.pk):
            raise GameError(ErrorCode.FORBIDDEN, _("You cannot add a player in a block with you."))
        if StudyMember.objects.filter(study=study).count() >= MAX_MEMBERS:
            raise GameError(
                ErrorCode.BAD_REQUEST,
                _("A study has at most %(max_members)s contributors.")
                % {"max_members": MAX_MEMBERS},
            )
        StudyMember.objects.get_or_create(study=study, user=user)
        members = members_of(study)
        tell(study, {"event": "members", "members": members})
    return members


def member_remove(user_id: int | None, study_id: str, username: Any) -> list[str]:
    """Takes a contributor off the study: the owner takes anyone off, a contributor themself."""
    with transaction.atomic():
        study = editable(study_id, user_id, lock=True)
        member = StudyMember.objects.filter(
            study=study, user__username=str(username or "")[:150]
        ).first()
        if member is None:
            raise GameError(
                ErrorCode.NOT_FOUND,
                _("%(name)s is not a contributor.") % {"name": str(username or "")[:40]},
            )
        if study.owner_id != user_id and member.user_id != user_id:
            raise GameError(ErrorCode.FORBIDDEN, _("Only the study's owner may do this."))
        member.delete()
        members = members_of(study)
        tell(study, {"event": "members", "members": members, "removed": str(username)})
    return members


# --- a chapter's tree -------------------------------------------------------------------------
def chapter_change(
    user_id: int | None, study_id: str, chapter_id: str, body: dict[str, Any]
) -> dict[str, Any]:
    """Changes a chapter's tree as ``body["op"]`` asks and returns ``{revision, change}``, what
    every open page is told:

    - ``play`` (``node``, and ``move`` or ``path`` with ``promotion``): the move played from that
      node, by the engine; ``change.node`` is the node reached (the one already there when the
      move was played before: then nothing changed);
    - ``delete`` (``node``): the move and every one after it;
    - ``promote`` (``node``): its side line made the one before it; ``change.children``, the new
      order at the fork (``change.node``);
    - ``note`` (``node``, ``glyph``, ``comment``): the move's glyph and comment;
    - ``shapes`` (``node``, ``shapes``): the circles and arrows drawn on its position.
    """
    op = body.get("op")
    study = editable(study_id, user_id)
    played = None
    if op == "play":
        chapter = chapter_of(study, chapter_id)
        start = trees.node_of(chapter.tree, body.get("node"))
        request = MoveRequest.of(
            ply=0, text=body.get("move"), path=body.get("path"), promotion=body.get("promotion")
        )
        release_connection()  # the engine's move holds no pooled connection
        eg = variants.get(chapter.variant).new_game(start["fen"])
        played = (play_on(eg, request.text), eg.fen())
    elif op not in ("delete", "promote", "note", "shapes"):
        raise GameError(
            ErrorCode.BAD_REQUEST, _("A change is one of: play, delete, promote, note, shapes.")
        )
    with transaction.atomic():
        study = editable(study_id, user_id, lock=True)
        chapter = chapter_of(study, chapter_id, lock=True)
        tree, node_id = chapter.tree, body.get("node")
        if played is not None:
            node, new = trees.add(tree, node_id, *played)
            change: dict[str, Any] = {"op": "play", "node": node}
            if not new:
                return {"revision": chapter.revision, "change": change}
        elif op == "delete":
            change = {"op": "delete", "node": node_id, "removed": trees.remove(tree, node_id)}
        elif op == "promote":
            fork = trees.promote(tree, node_id)
            if fork is None:
                return {"revision": chapter.revision, "change": None}
            change = {"op": "promote", "node": fork["id"], "children": fork["children"]}
        elif op == "shapes":
            board = variants.get(chapter.variant).board
            node = trees.set_shapes(tree, node_id, body.get("shapes"), board)
            change = {"op": "shapes", "node": node_id, "shapes": node["shapes"]}
        else:
            node = trees.set_note(tree, node_id, body.get("glyph"), body.get("comment"))
            change = {
                "op": "note",
                "node": node_id,
                "glyph": node["glyph"],
                "comment": node["comment"],
            }
        chapter.revision += 1
        chapter.save(update_fields=["tree", "revision"])
        study.save(update_fields=["updated_at"])
        answer = {"revision": chapter.revision, "change": change}
        tell(study, {"event": "change", "chapter": chapter.public_id, **answer})
    return answer
