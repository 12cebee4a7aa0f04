"""Studies through the API as the page uses them: a study made from a position, a text or a game
of the archive; its chapter's tree grown by moves the engine plays, deleted, promoted and noted,
each change counted by the chapter's revision; who may see and who may change it; every bad
request refused with nothing changed; the text it exports imports back the same; the answers as
the OpenAPI schema documents them; the pages."""

import uuid

import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from community.models import Block
from engine import variants
from games.domain.schemas import MoveRequest
from games.services.core import Actor
from games.services.play import game_create_local, game_resign
from games.services.round import game_play
from studies import tree as trees
from studies.importing import MAX_CHAPTERS
from studies.models import Chapter, Study
from tests.factories import api_client, make_user
from tests.games.test_openapi import conforms, documented

pytestmark = pytest.mark.django_db

CHESSKERS = variants.get("chesskers")
ANNOTATED = """[Event "Two knights"]
[Variant "Chesskers"]

1. e4 {the centre} e5 2. Nf3!? (2. Bc4 Nc6 (2... Nf6) 3. Qh5?) 2... Nc6 *
"""


@pytest.fixture(autouse=True)
def own_throttle_counts(settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"


@pytest.fixture
def alice():
    return make_user("alice")


def create(user, **body) -> dict:
    response = api_client(user).post("/api/studies/", {"name": "Openings", **body}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def change(user, study: dict, body: dict, status: int = 200, chapter: str | None = None):
    chapter = chapter or study["chapters"][0]["id"]
    url = f"/api/studies/{study['id']}/chapters/{chapter}/changes/"
    response = api_client(user).post(url, body, format="json")
    assert response.status_code == status, response.content
    return response.json()


def chapter_row(study: dict, index: int = 0) -> Chapter:
    return Chapter.objects.get(public_id=study["chapters"][index]["id"])


def main_line(tree: dict) -> list[str]:
    line, at = [], tree["nodes"]["0"]
    while at["children"]:
        at = tree["nodes"][at["children"][0]]
        line.append(at["text"])
    return line


def test_a_chapter_grows_by_the_engines_moves_and_every_change_is_counted(alice) -> None:
    study = create(alice)
    assert study["can_edit"] and study["is_owner"] and study["visibility"] == "public"
    first = change(alice, study, {"op": "play", "node": "0", "move": "e2-e4"})
    assert first["revision"] == 1
    node = first["change"]["node"]
    assert (node["id"], node["parent"], node["ply"], node["text"]) == ("1", "0", 1, "e4")
    assert node["move"]["path"] == ["e2", "e4"]
    eg = CHESSKERS.new_game(CHESSKERS.start_fen)
    eg.push(eg.parse_move("e4"))
    assert node["fen"] == eg.fen()
    reply = change(alice, study, {"op": "play", "node": "1", "path": ["e7", "e5"]})
    side = change(alice, study, {"op": "play", "node": "1", "move": "c5"})
    assert (reply["revision"], side["revision"]) == (2, 3)
    again = change(alice, study, {"op": "play", "node": "1", "move": "e5"})
    assert again == {"revision": 3, "change": {"op": "play", "node": reply["change"]["node"]}}
    row = chapter_row(study)
    assert row.revision == 3 and row.tree["nodes"]["1"]["children"] == ["2", "3"]
    promoted = change(alice, study, {"op": "promote", "node": "3"})
    assert promoted["change"] == {"op": "promote", "node": "1", "children": ["3", "2"]}
    assert change(alice, study, {"op": "promote", "node": "3"})["change"] is None  # main line now
    noted = change(alice, study, {"op": "note", "node": "3", "glyph": "!?", "comment": " Sharp "})
    assert noted["change"] == {"op": "note", "node": "3", "glyph": "!?", "comment": "Sharp"}
    deleted = change(alice, study, {"op": "delete", "node": "1"})
    assert sorted(deleted["change"]["removed"]) == ["1", "2", "3"]
    row.refresh_from_db()
    assert row.revision == 6 and list(row.tree["nodes"]) == ["0"] and row.tree["next"] == 4
    assert (
        change(alice, study, {"op": "play", "node": "0", "move": "d4"})["change"]["node"]["id"]
        == "4"
    )


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"op": "play", "node": "0", "move": "e2-e5"}, 400, "legal"),
        ({"op": "play", "node": "0", "move": "Zz9"}, 400, ""),
        ({"op": "play", "node": "0"}, 400, "A move needs its text or its path."),
        ({"op": "play", "node": "9", "move": "e4"}, 404, "may have been deleted"),
        ({"op": "play", "node": ["0"], "move": "e4"}, 404, "may have been deleted"),
        (
            {"op": "castle", "node": "0"},
            400,
            "A change is one of: play, delete, promote, note, shapes.",
        ),
        ({"op": "delete", "node": "0"}, 400, "The chapter's start cannot be deleted."),
        ({"op": "note", "node": "0", "comment": "hi"}, 400, "not on the start"),
        ({"op": "note", "node": "1", "glyph": "!!!"}, 400, "A glyph is one of"),
        ({"op": "note", "node": "1", "comment": "a {b}"}, 400, "may not contain { or }"),
        ({"op": "note", "node": "1", "comment": "x" * 2001}, 400, "at most 2000 characters"),
        ({"op": "note", "node": "1", "comment": 7}, 400, "A comment is text."),
        ({"op": "shapes", "node": "1", "shapes": "Ge4"}, 400, "A shape is a colour"),
        ({"op": "shapes", "node": "1"}, 400, "A shape is a colour"),
        ({"op": "shapes", "node": "1", "shapes": ["Xe4"]}, 400, "A shape is a colour"),
        ({"op": "shapes", "node": "1", "shapes": ["Ge9"]}, 400, "A shape is a colour"),
        ({"op": "shapes", "node": "1", "shapes": ["Gi1"]}, 400, "A shape is a colour"),
        ({"op": "shapes", "node": "1", "shapes": [["Ge4"]]}, 400, "A shape is a colour"),
        ({"op": "shapes", "node": "1", "shapes": ["Ge2e4x"]}, 400, "A shape is a colour"),
        ({"op": "shapes", "node": "1", "shapes": ["Ge4"] * 33}, 400, "at most 32 circles"),
        ({"op": "shapes", "node": "7", "shapes": []}, 404, "may have been deleted"),
    ],
)
def test_bad_changes_are_refused_saying_why_and_change_nothing(alice, body, status, says) -> None:
    study = create(alice)
    change(alice, study, {"op": "play", "node": "0", "move": "e4"})
    before = chapter_row(study)
    answer = change(alice, study, body, status)
    assert says in answer["error"] and answer["error"]
    after = chapter_row(study)
    assert (after.tree, after.revision) == (before.tree, before.revision)


def test_a_full_chapter_refuses_one_more_move(alice, monkeypatch) -> None:
    monkeypatch.setattr(trees, "MAX_NODES", 3)
    study = create(alice)
    change(alice, study, {"op": "play", "node": "0", "move": "e4"})
    change(alice, study, {"op": "play", "node": "1", "move": "e5"})
    refused = change(alice, study, {"op": "play", "node": "2", "move": "Nf3"}, 400)
    assert refused["error"] == "A chapter holds at most 2 moves: delete some, or add a chapter."
    assert change(alice, study, {"op": "play", "node": "1", "move": "e5"})["revision"] == 2


def test_side_lines_nest_no_deeper_than_the_text_format_writes(alice, monkeypatch) -> None:
    monkeypatch.setattr(trees, "MAX_NESTING", 1)
    study = create(alice)
    change(alice, study, {"op": "play", "node": "0", "move": "e4"})  # 1
    change(alice, study, {"op": "play", "node": "1", "move": "e5"})  # 2
    change(alice, study, {"op": "play", "node": "0", "move": "d4"})  # 3: a side line
    change(alice, study, {"op": "play", "node": "3", "move": "d5"})  # 4
    change(alice, study, {"op": "play", "node": "1", "move": "c5"})  # 5: one more, not nested
    refused = change(alice, study, {"op": "play", "node": "3", "move": "Nf6"}, 400)
    assert refused["error"] == (
        "Side lines nest at most 1 deep: play this line at a shallower fork."
    )
    # Promoting d4 would put e4's side line c5 one deeper: refused, the order kept.
    assert change(alice, study, {"op": "promote", "node": "4"}, 400)["error"] == refused["error"]
    assert chapter_row(study).tree["nodes"]["0"]["children"] == ["1", "3"]
    assert trees.deepest(chapter_row(study).tree) == 1


def test_a_chapters_comments_are_bounded_in_all(alice, monkeypatch) -> None:
    monkeypatch.setattr(trees, "MAX_COMMENTS", 10)
    study = create(alice)
    change(alice, study, {"op": "play", "node": "0", "move": "e4"})
    change(alice, study, {"op": "play", "node": "1", "move": "e5"})
    change(alice, study, {"op": "note", "node": "1", "comment": "123456"})
    refused = change(alice, study, {"op": "note", "node": "2", "comment": "12345"}, 400)
    assert refused["error"] == "A chapter holds at most 10 characters of comments."
    assert change(alice, study, {"op": "note", "node": "1", "comment": "1234567890"})
    text = '[Variant "Chesskers"]\n\n1. e4 {123456} e5 {12345} *'
    answer = api_client(alice).post("/api/studies/", {"name": "Long", "text": text}, format="json")
    assert answer.json()["error"] == ("Game 1: a chapter holds at most 10 characters of comments.")


def test_who_may_see_and_who_may_change_a_study(alice) -> None:
    bob, carol = make_user("bob"), make_user("carol")
    study = create(alice, visibility="unlisted")
    sid = study["id"]
    # Strangers and visitors see an unlisted study, and change nothing.
    assert api_client(bob).get(f"/api/studies/{sid}/").json()["can_edit"] is False
    assert api_client().get(f"/api/studies/{sid}/").status_code == 200
    refused = change(bob, study, {"op": "play", "node": "0", "move": "e4"}, 403)
    assert refused["error"] == "Only the study's owner and contributors may change it."
    assert change(None, study, {"op": "play", "node": "0", "move": "e4"}, 403)
    assert (
        api_client(bob).patch(f"/api/studies/{sid}/", {"name": "Mine"}, format="json").status_code
        == 403
    )
    # A contributor changes the tree, but not the study's settings or contributors.
    added = api_client(alice).post(
        f"/api/studies/{sid}/members/", {"username": "bob"}, format="json"
    )
    assert added.json() == {"members": ["bob"]}
    assert change(bob, study, {"op": "play", "node": "0", "move": "e4"})["revision"] == 1
    refused = api_client(bob).post(
        f"/api/studies/{sid}/members/", {"username": "carol"}, format="json"
    )
    assert refused.status_code == 403
    assert api_client(bob).delete(f"/api/studies/{sid}/").status_code == 403
    # Private: a stranger is told there is no such study, by the API and the page alike.
    api_client(alice).patch(f"/api/studies/{sid}/", {"visibility": "private"}, format="json")
    assert api_client(carol).get(f"/api/studies/{sid}/").status_code == 404
    assert api_client().get(f"/api/studies/{sid}/text/").status_code == 404
    assert Client().get(f"/study/{sid}/").status_code == 404
    assert api_client(bob).get(f"/api/studies/{sid}/").status_code == 200
    # A contributor leaves; the owner deletes.
    assert api_client(bob).delete(f"/api/studies/{sid}/members/bob/").json() == {"members": []}
    assert api_client(bob).get(f"/api/studies/{sid}/").status_code == 404
    assert api_client(alice).delete(f"/api/studies/{sid}/").status_code == 204
    assert not Study.objects.filter(public_id=sid).exists()


def test_contributors_are_players_not_in_a_block_and_not_the_owner(alice) -> None:
    bob = make_user("bob")
    study = create(alice)
    url = f"/api/studies/{study['id']}/members/"
    for name, says in [
        ("nobody", "There is no player nobody."),
        ("alice", "The owner edits the study already."),
    ]:
        answer = api_client(alice).post(url, {"username": name}, format="json")
        assert answer.json()["error"] == says
    Block.objects.create(blocker=bob, blocked=alice)
    answer = api_client(alice).post(url, {"username": "bob"}, format="json")
    assert answer.status_code == 403 and "block" in answer.json()["error"]


def test_circles_and_arrows_are_kept_on_a_position_and_counted_as_changes(alice) -> None:
    study = create(alice)
    change(alice, study, {"op": "play", "node": "0", "move": "e4"})
    drawn = change(alice, study, {"op": "shapes", "node": "0", "shapes": ["Ge2e4", "Rd5d5"]})
    # A circle is written with its square once.
    assert drawn == {
        "revision": 2,
        "change": {"op": "shapes", "node": "0", "shapes": ["Ge2e4", "Rd5"]},
    }
    # The same squares twice: the last drawn stays, where the first was.
    again = change(alice, study, {"op": "shapes", "node": "1", "shapes": ["Gd5", "Bc4f7", "Yd5"]})
    assert again["change"]["shapes"] == ["Yd5", "Bc4f7"]
    nodes = chapter_row(study).tree["nodes"]
    assert (nodes["0"]["shapes"], nodes["1"]["shapes"]) == (["Ge2e4", "Rd5"], ["Yd5", "Bc4f7"])
    cleared = change(alice, study, {"op": "shapes", "node": "1", "shapes": []})
    assert cleared["revision"] == 4 and chapter_row(study).tree["nodes"]["1"]["shapes"] == []


def test_shapes_sit_on_the_squares_a_game_uses(alice) -> None:
    study = create(alice, variant="international")
    board = variants.get("international").board
    assert board.is_used(board.parse_square("j10")) and not board.is_used(board.parse_square("b1"))
    said = change(alice, study, {"op": "shapes", "node": "0", "shapes": ["Ga1j10", "Rj10"]})
    assert said["change"]["shapes"] == ["Ga1j10", "Rj10"]
    refused = change(alice, study, {"op": "shapes", "node": "0", "shapes": ["Gb1"]}, 400)
    assert refused["error"].startswith("A shape is a colour")


def test_a_chapters_shapes_are_bounded_in_all(alice, monkeypatch) -> None:
    monkeypatch.setattr(trees, "MAX_CHAPTER_SHAPES", 3)
    study = create(alice)
    change(alice, study, {"op": "play", "node": "0", "move": "e4"})
    change(alice, study, {"op": "shapes", "node": "0", "shapes": ["Ge4", "Gd4"]})
    refused = change(alice, study, {"op": "shapes", "node": "1", "shapes": ["Ge5", "Gd5"]}, 400)
    assert refused["error"] == "A chapter holds at most 3 circles and arrows."
    assert change(alice, study, {"op": "shapes", "node": "0", "shapes": ["Ge4", "Gd4", "Gc4"]})
    text = '[Variant "Chesskers"]\n\n1. e4 {[%csl Ge4,Gd4]} e5 {[%cal Ge7e5,Gd7d5]} *'
    answer = api_client(alice).post("/api/studies/", {"name": "Busy", "text": text}, format="json")
    assert answer.json()["error"] == "Game 1: a chapter holds at most 3 circles and arrows."


def test_shapes_go_out_and_come_back_in_the_text_as_lichess_writes_them(alice) -> None:
    written = (
        '[Variant "Chesskers"]\n\n'
        "1. e4 {[%csl Gd5][%cal Ge2e4,Rg1f3] The centre. [%csl Zz9]} e5 {[%cal Ga1a9,Bb8c6]} *"
    )
    study = create(alice, text=written)
    row = chapter_row(study)
    nodes = row.tree["nodes"]
    # What the board cannot hold is left out, as a reader skips a command it does not know.
    assert (nodes["1"]["comment"], nodes["1"]["shapes"]) == (
        "The centre.",
        ["Gd5", "Ge2e4", "Rg1f3"],
    )
    assert (nodes["2"]["comment"], nodes["2"]["shapes"]) == ("", ["Bb8c6"])
    text = api_client(alice).get(f"/api/studies/{study['id']}/text/").content.decode()
    body = " ".join(text.split("\n\n", 1)[1].split())
    assert body == ("1. e4 {The centre. [%csl Gd5] [%cal Ge2e4,Rg1f3]} 1... e5 {[%cal Bb8c6]} *")
    assert chapter_row(create(alice, text=text)).tree == row.tree


def test_a_text_becomes_chapters_with_its_lines_and_exports_back_the_same(alice) -> None:
    study = create(alice, text=ANNOTATED + "\n" + ANNOTATED.replace("Two knights", "Again"))
    assert [c["name"] for c in study["chapters"]] == ["Two knights", "Again"]
    row = chapter_row(study)
    tree = row.tree
    assert main_line(tree) == ["e4", "e5", "Nf3", "Nc6"]
    nodes = tree["nodes"]
    assert (nodes["1"]["comment"], nodes["3"]["glyph"]) == ("the centre", "!?")
    bc4 = nodes[nodes["2"]["children"][1]]
    assert bc4["text"] == "Bc4"
    nc6 = nodes[bc4["children"][0]]
    assert [nodes[c]["text"] for c in nc6["children"]] == ["Qh5"]
    assert [nodes[c]["text"] for c in bc4["children"]] == ["Nc6", "Nf6"]
    text = (
        api_client(alice)
        .get(f"/api/studies/{study['id']}/text/", {"chapter": row.public_id})
        .content.decode()
    )
    assert '[Event "Openings: Two knights"]' in text and '[Variant "Chesskers"]' in text
    body = " ".join(text.split("\n\n", 1)[1].split())
    assert (
        body == "1. e4 {the centre} 1... e5 2. Nf3!? {} (2. Bc4 Nc6 (2... Nf6) 3. Qh5?) 2... Nc6 *"
    )
    again = create(alice, text=text)
    assert chapter_row(again).tree == tree
    whole = api_client(alice).get(f"/api/studies/{study['id']}/text/", {"download": "1"})
    assert whole["Content-Disposition"].startswith("attachment")
    assert whole.content.decode().count("[Event ") == 2


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"text": "1. e4 e5 2. Ke3 *"}, "Game 1: it has no Variant tag"),
        ({"text": '[Variant "Chesskers"]\n\n1. e4 e5 2. Ke4 *'}, "Game 1: move 2. Ke4"),
        ({"text": '[Variant "Chesskers"]\n\n1. e4 (1. Zz9) *'}, "Game 1: move 1. Zz9"),
        ({"text": "{"}, "never closed"),
        ({"variant": "go"}, "There is no game go."),
        ({"fen": "8/8/8/8 w - - 0 1"}, "Bad FEN"),
        ({"fen": 12}, "A position is a FEN, written as text."),
        ({"name": "   "}, "A study needs a name."),
        ({"name": "x" * 101}, "A name has at most 100 characters."),
        ({"visibility": "secret"}, "A study is public, unlisted or private."),
        ({"game": "nosuchgame"}, "There is no game nosuchgame."),
        ({"game": "x" * 5000}, "There is no game xxxxxxxxxxxx."),
        ({"game": ["a"]}, "There is no game ['a']."),
        ({"text": ["1. e4"]}, "The text is not text."),
    ],
)
def test_a_bad_study_is_refused_saying_why_and_nothing_is_made(alice, body, says) -> None:
    answer = api_client(alice).post("/api/studies/", {"name": "Openings", **body}, format="json")
    assert answer.status_code in (400, 404), answer.content
    assert says in answer.json()["error"]
    assert not Study.objects.exists()


def test_a_visitor_makes_no_study_and_a_text_holds_so_many_chapters(alice) -> None:
    answer = api_client().post("/api/studies/", {"name": "Mine"}, format="json")
    assert (answer.status_code, answer.json()["error"]) == (403, "Sign in to make a study.")
    game = '[Variant "Chesskers"]\n\n1. e4 *\n'
    too_many = api_client(alice).post(
        "/api/studies/", {"name": "Many", "text": game * (MAX_CHAPTERS + 1)}, format="json"
    )
    assert too_many.json()["error"] == (
        f"This text holds {MAX_CHAPTERS + 1} games; the study has room for {MAX_CHAPTERS} more "
        "chapters."
    )
    study = create(alice, text=game * MAX_CHAPTERS)
    assert len(study["chapters"]) == MAX_CHAPTERS
    more = api_client(alice).post(
        f"/api/studies/{study['id']}/chapters/", {"name": "One more"}, format="json"
    )
    assert more.json()["error"] == f"A study holds at most {MAX_CHAPTERS} chapters."


def test_chapters_are_added_from_a_position_and_a_finished_game_renamed_and_deleted(alice) -> None:
    study = create(alice)
    sid = study["id"]
    url = f"/api/studies/{sid}/chapters/"
    draughts = variants.get("international")
    added = api_client(alice).post(url, {"name": "Shots", "variant": draughts.id}, format="json")
    assert added.status_code == 201
    assert [c["variant"] for c in added.json()["chapters"]] == ["chesskers", draughts.id]
    local = game_create_local(actor=Actor(user_id=alice.pk))
    live = api_client(alice).post(url, {"game": local.public_id}, format="json")
    assert live.json()["error"] == "A game is studied once it is finished."
    actor = Actor(user_id=alice.pk)
    game_play(game_id=local.public_id, actor=actor, move=MoveRequest.of(ply=0, text="e4"))
    game_resign(game_id=local.public_id, actor=actor)
    from_game = api_client(alice).post(url, {"game": local.public_id}, format="json").json()
    studied = Chapter.objects.get(public_id=from_game["added"][0]["id"])
    assert main_line(studied.tree) == ["e4"]
    cid = added.json()["added"][0]["id"]
    renamed = api_client(alice).patch(f"{url}{cid}/", {"name": "Shots!"}, format="json")
    assert renamed.json()["name"] == "Shots!"
    assert api_client(alice).delete(f"{url}{cid}/").status_code == 204
    assert [c.name for c in Study.objects.get(public_id=sid).chapters.all()] == [
        "Chapter 1",
        studied.name,
    ]
    api_client(alice).delete(f"{url}{studied.public_id}/")
    last = api_client(alice).delete(f"{url}{study['chapters'][0]['id']}/")
    assert last.json()["error"] == "A study keeps one chapter at least: delete the study instead."


def test_every_game_of_the_registry_is_studied_from_its_start(alice) -> None:
    for variant in variants.VARIANTS.values():
        study = create(alice, variant=variant.id)
        eg = variant.new_game(variant.start_fen)
        first = eg.legal_moves()[0]
        text = eg.move_text(first)
        node = change(alice, study, {"op": "play", "node": "0", "path": first.path_names()})
        eg.push(first)
        assert (node["change"]["node"]["text"], node["change"]["node"]["fen"]) == (text, eg.fen())
        exported = api_client(alice).get(f"/api/studies/{study['id']}/text/").content.decode()
        assert chapter_row(create(alice, text=exported)).tree == chapter_row(study).tree


def test_the_answers_are_what_the_schema_says(alice) -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    study = create(alice, text=ANNOTATED)
    sid, cid = study["id"], study["chapters"][0]["id"]
    client = api_client(alice)
    answers = [
        ("/api/studies/{study_id}/", "post", 201, study, "/api/studies/"),
        ("/api/studies/", "get", 200, client.get("/api/studies/").json(), None),
        ("/api/studies/{study_id}/", "get", 200, client.get(f"/api/studies/{sid}/").json(), None),
        (
            "/api/studies/{study_id}/chapters/{chapter_id}/",
            "get",
            200,
            client.get(f"/api/studies/{sid}/chapters/{cid}/").json(),
            None,
        ),
        (
            "/api/studies/{study_id}/chapters/{chapter_id}/changes/",
            "post",
            200,
            change(alice, study, {"op": "play", "node": "0", "move": "d4"}),
            None,
        ),
        (
            "/api/studies/{study_id}/chapters/",
            "post",
            201,
            client.post(f"/api/studies/{sid}/chapters/", {}, format="json").json(),
            None,
        ),
    ]
    problems = []
    for path, method, status, answer, actual_path in answers:
        spec = documented(schema, actual_path or path, method, status)
        problems += conforms(answer, spec, components, path)
    assert problems == []
    listed = client.get("/api/studies/").json()
    assert [s["id"] for s in listed["mine"]] == [sid] == [s["id"] for s in listed["public"]]


def test_the_pages_list_make_and_show_a_study(alice) -> None:
    client = Client()
    client.force_login(alice)
    made = client.post(
        "/study/", {"name": "Endgames", "visibility": "private", "variant": "russian"}
    )
    study = Study.objects.get(name="Endgames")
    assert made.status_code == 302 and made["Location"] == f"/study/{study.public_id}/"
    assert (study.visibility, study.chapters.get().variant) == ("private", "russian")
    page = client.get(made["Location"]).content.decode()
    assert "Endgames" in page and 'data-testid="note-box"' in page
    listed = client.get("/study/").content.decode()
    assert f"/study/{study.public_id}/" in listed
    assert f"/study/{study.public_id}/" not in Client().get("/study/").content.decode()
    shown = create(alice, name="Shown")["id"]
    make_user("bob").studies.create(name="Bob's", visibility="public")
    by_alice = Client().get("/study/", {"owner": "alice"}).content.decode()
    assert "Public studies by alice" in by_alice and f"/study/{shown}/" in by_alice
    assert "Bob&#x27;s" not in by_alice and "Bob&#x27;s" in Client().get("/study/").content.decode()
    profile = Client().get("/@/alice").content.decode()
    assert 'href="/study/?owner=alice"' in profile
    refused = client.post("/study/", {"name": "Bad", "fen": "nonsense"})
    assert "Bad FEN" in refused.content.decode()
    assert not Study.objects.filter(name="Bad").exists()
    chapter = study.chapters.get()
    assert client.get(f"/study/{study.public_id}/{chapter.public_id}/").status_code == 200
    # A finished game's analysis board makes a study of it in one tap.
    local = game_create_local(actor=Actor(user_id=alice.pk))
    game_play(
        game_id=local.public_id,
        actor=Actor(user_id=alice.pk),
        move=MoveRequest.of(ply=0, text="d4"),
    )
    game_resign(game_id=local.public_id, actor=Actor(user_id=alice.pk))
    board = client.get(f"/analysis/{local.public_id}/").content.decode()
    assert 'data-testid="study-game"' in board
    assert (
        'data-testid="study-game"'
        not in Client().get(f"/analysis/{local.public_id}/").content.decode()
    )
    studied = client.post("/study/", {"name": f"Game {local.public_id}", "game": local.public_id})
    made = Study.objects.get(name=f"Game {local.public_id}")
    assert studied["Location"] == f"/study/{made.public_id}/"
    assert main_line(made.chapters.get().tree) == ["d4"]
    assert client.get(f"/study/{study.public_id}/nochapter/").status_code == 404
