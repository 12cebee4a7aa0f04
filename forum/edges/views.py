"""The forum's pages: the forums (with the player's teams' and the latest posts), a forum's
topics with the form that starts one, a topic's posts with the reply form, the form that changes
its title and the moderators' choices, a post's edit form, and the posts a topic's open page
adds as they are written (``topic_posts``). Each form posts to an address that acts through the
services and takes the player to what they wrote, or shows the page again with the sentence that
refused them."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from accounts.models import User
from common.throttle import address, charge
from community.errors import CommunityError
from community.models import MAX_REPORT_CHARS, Report
from community.services import report_create
from forum.categories import TEAM_PREFIX
from forum.models import Post, Topic
from forum.places import place
from forum.policy import POST_CHARS, POSTS_PAGE, SEARCH_CHARS, TITLE_CHARS
from forum.previews import with_games
from forum.reads import (
    forum_page,
    forums_front,
    last_page,
    post_url,
    posts_by,
    search,
    topic_object,
)
from forum.schemas import TopicChange, TopicRequest, post_text, search_words, topic_title
from forum.services import (
    post_edit,
    post_remove,
    post_reply,
    topic_by_id,
    topic_change,
    topic_create,
    topic_delete,
)
from games.domain.errors import ErrorCode, GameError
from games.edges.api import spend_form_budget
from teams.schemas import page_asked

LIMITS = {"title_chars": TITLE_CHARS, "post_chars": POST_CHARS}
TOO_MANY_SEARCHES = gettext_lazy("Too many searches at once: wait a minute and try again.")
MODERATION = {
    "close": {"closed": True},
    "open": {"closed": False},
    "pin": {"sticky": True},
    "unpin": {"sticky": False},
}


def shown(refusal: GameError, request: HttpRequest, slug: str = "") -> HttpResponse:
    """A page a reader may not see: no such thing (404), or a sentence saying why, with the
    way to the team whose forum it is."""
    if refusal.code == ErrorCode.NOT_FOUND:
        raise Http404(refusal.message)
    team = slug.removeprefix(TEAM_PREFIX) if slug.startswith(TEAM_PREFIX) else None
    context = {"message": refusal.message, "team": team}
    return render(request, "forum/closed.html", context, status=403)


def viewer_id(request: HttpRequest) -> int | None:
    return request.user.pk if request.user.is_authenticated else None


def forums(request: HttpRequest) -> HttpResponse:
    context = {**forums_front(viewer_id(request)), "search_chars": SEARCH_CHARS}
    return render(request, "forum/index.html", context)


def forum_search(request: HttpRequest) -> HttpResponse:
    """The site's forums and the searcher's teams' searched (``?q=``): the topics whose title
    holds the words, then the posts that do; the ``forum_search_address`` budget spent first."""
    asked = request.GET.get("q", "")
    context: dict = {"query": asked[: SEARCH_CHARS[1]], "searched": False, "error": None}
    if asked.strip():
        try:
            if charge([("forum_search_address", address(request))]).wait is not None:
                raise GameError(ErrorCode.NOT_ALLOWED, str(TOO_MANY_SEARCHES))
            words = search_words(asked)
            found = search(words, page_asked(request.GET.get("page")), viewer_id(request))
        except GameError as refusal:
            context["error"] = refusal.message
        else:
            context.update(found, searched=True)
    return render(request, "forum/search.html", context, status=400 if context["error"] else 200)


def player_posts(request: HttpRequest, username: str) -> HttpResponse:
    """A player's posts in the site's forums, the latest first."""
    player = User.objects.filter(username__iexact=username[:150], is_active=True).first()
    if player is None:
        raise Http404(gettext("There is no such player."))
    context = {"player": player, **posts_by(player.pk, page_asked(request.GET.get("page")))}
    return render(request, "forum/player.html", context)


def forum(request: HttpRequest, slug: str) -> HttpResponse:
    """A forum's topics; posted (signed in), its form starts a topic and takes its author
    there."""
    try:
        where = place(slug, request.user)
    except GameError as refusal:
        return shown(refusal, request, slug)
    error = None
    if request.method == "POST" and request.user.is_authenticated:
        try:
            spend_form_budget(request, "forum")
            asked = TopicRequest.from_body(request.POST)
            made = topic_create(user=request.user, slug=slug, asked=asked)
        except GameError as refusal:
            error = refusal.message
        else:
            return redirect("forum-topic", slug=slug, topic_id=made.public_id)
    context = {
        **forum_page(where, page_asked(request.GET.get("page"))),
        **LIMITS,
        "error": error,
        "form": request.POST if error else {},
    }
    return render(request, "forum/forum.html", context, status=400 if error else 200)


def shown_topic(drawn: dict) -> dict:
    """A topic as its page draws it: each post with the games it links to."""
    with_games(drawn["posts_shown"])
    return drawn


def topic_page(
    request: HttpRequest, slug: str, topic_id: str, error: str | None = None, draft: str = ""
) -> HttpResponse:
    """A topic's posts; posted (signed in), its form adds a reply and takes its author to it."""
    try:
        topic, where = topic_by_id(topic_id, request.user)
    except GameError as refusal:
        return shown(refusal, request, slug)
    if where.slug != slug:
        return redirect("forum-topic", slug=where.slug, topic_id=topic.public_id)
    if request.method == "POST" and request.user.is_authenticated and error is None:
        draft = request.POST.get("text", "")
        try:
            spend_form_budget(request, "forum")
            post = post_reply(user=request.user, topic_id=topic_id, text=post_text(draft))
        except GameError as refusal:
            error = refusal.message
        else:
            return redirect(post_url(slug, topic_id, post.number))
    page = page_asked(request.GET.get("page"))
    if error is not None and draft:
        page = last_page(topic.post_count)  # the reply form's page: back there, the draft kept
    context = {
        "topic": shown_topic(topic_object(topic, where, viewer_id(request), page)),
        "report_reasons": Report.Reason.choices,
        **LIMITS,
        "posts_page": POSTS_PAGE,
        "error": error,
        "draft": draft,
    }
    return render(request, "forum/topic.html", context, status=400 if error else 200)


NUMBER_DIGITS = 9  # a post's number, asked for: a longer one names none


def number_asked(value: str | None) -> int | None:
    """A post's number from a query (None: not one)."""
    if not value or len(value) > NUMBER_DIGITS or not (value.isascii() and value.isdigit()):
        return None
    return int(value) or None


def topic_posts(request: HttpRequest, slug: str, topic_id: str) -> HttpResponse:
    """A topic's posts ``?from=`` one number ``&to=`` another (absent: to the end of its page),
    drawn for the reader as the topic's page draws them, on one page of the topic at most: what
    its open page adds, or draws again, as its socket tells it of a change. A read of one page
    of posts, as the topic's page is."""
    try:
        topic, where = topic_by_id(topic_id, request.user)
    except GameError as refusal:
        return shown(refusal, request, slug)
    first = number_asked(request.GET.get("from")) or 1
    last = number_asked(request.GET.get("to")) or first + POSTS_PAGE
    drawn = topic_object(topic, where, viewer_id(request), last_page(first))
    drawn["posts_shown"] = [p for p in drawn["posts_shown"] if first <= p["number"] <= last]
    shown_topic(drawn)
    context = {"topic": drawn, "report_reasons": Report.Reason.choices}
    return render(request, "forum/topic_posts.html", context)


@require_POST
@login_required
def topic_moderate_form(request: HttpRequest, slug: str, topic_id: str) -> HttpResponse:
    """A moderator's choice about a topic: ``action`` close, open, pin, unpin or delete."""
    action = request.POST.get("action")
    try:
        spend_form_budget(request, "forum")
        if action == "delete":
            gone_to = topic_delete(user=request.user, topic_id=topic_id)
            return redirect("forum", slug=gone_to)
        if action not in MODERATION:
            raise GameError(
                ErrorCode.BAD_REQUEST, gettext("Choose close, open, pin, unpin or delete.")
            )
        change = TopicChange.from_body(MODERATION[action])
        topic_change(user=request.user, topic_id=topic_id, change=change)
    except GameError as refusal:
        return topic_page(request, slug, topic_id, error=refusal.message)
    return redirect("forum-topic", slug=slug, topic_id=topic_id)


@require_POST
@login_required
def topic_title_form(request: HttpRequest, slug: str, topic_id: str) -> HttpResponse:
    """The topic's *Change the title* form (its author's, or a moderator's): saved, back to
    the topic; refused, the topic's page again with the sentence why."""
    try:
        spend_form_budget(request, "forum")
        change = TopicChange(title=topic_title(request.POST.get("title")))
        topic_change(user=request.user, topic_id=topic_id, change=change)
    except GameError as refusal:
        return topic_page(request, slug, topic_id, error=refusal.message)
    return redirect("forum-topic", slug=slug, topic_id=topic_id)


def post_found(post_id: int) -> Post:
    found = Post.objects.filter(pk=post_id).select_related("topic", "topic__forum").first()
    if found is None:
        raise Http404(gettext("There is no such post."))
    return found


def back_to(post: Post) -> HttpResponse:
    topic: Topic = post.topic
    return redirect(post_url(topic.forum.slug, topic.public_id, post.number))


@login_required
def post_edit_form(request: HttpRequest, post_id: int) -> HttpResponse:
    """The form that edits one's own post; posted, it saves and goes back to the post."""
    post = post_found(post_id)
    error, draft = None, post.text
    if request.method == "POST":
        draft = request.POST.get("text", "")
        try:
            spend_form_budget(request, "forum")
            post_edit(user=request.user, post_id=post_id, text=post_text(draft))
        except GameError as refusal:
            error = refusal.message
        else:
            return back_to(post)
    elif post.author_id != request.user.pk:
        return shown(
            GameError(ErrorCode.FORBIDDEN, gettext("Only a post's author may edit it.")), request
        )
    context = {"post": post, "draft": draft, "error": error, **LIMITS}
    return render(request, "forum/edit.html", context, status=400 if error else 200)


@require_POST
@login_required
def post_remove_form(request: HttpRequest, post_id: int) -> HttpResponse:
    post = post_found(post_id)
    try:
        spend_form_budget(request, "forum")
        post_remove(user=request.user, post_id=post_id)
    except GameError as refusal:
        return topic_page(
            request, post.topic.forum.slug, post.topic.public_id, error=refusal.message
        )
    return back_to(post)


QUOTED_CHARS = 300  # of the post, in the report: what the moderators read if it is edited


@require_POST
@login_required
def post_report_form(request: HttpRequest, post_id: int) -> HttpResponse:
    """A post's *Report* form: files a report of its author for the moderators, with the post's
    address (whole, so the moderators' page links it) and its words as they are now, and goes
    back to the post."""
    post = post_found(post_id)
    try:
        topic_by_id(post.topic.public_id, request.user)  # a team's post: its members' only
    except GameError as refusal:
        return shown(refusal, request, post.topic.forum.slug)
    if post.author is None or post.removed:
        messages.error(request, gettext("That post can no longer be reported."))
        return back_to(post)
    if charge([("report_account", str(request.user.pk))]).wait is not None:
        messages.error(request, gettext("Too many reports: try again in an hour."))
        return back_to(post)
    where = request.build_absolute_uri(
        post_url(post.topic.forum.slug, post.topic.public_id, post.number)
    )
    quoted = post.text if len(post.text) <= QUOTED_CHARS else post.text[:QUOTED_CHARS] + "…"
    said = request.POST.get("text", "").strip()
    text = f"{where}\n«{quoted}»\n{said}"[:MAX_REPORT_CHARS]
    try:
        report_create(
            reporter=request.user,
            user=post.author,
            reason=request.POST.get("reason", Report.Reason.OTHER),
            text=text,
        )
    except CommunityError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(
            request,
            gettext("Thank you: the moderators will read %(username)s's post.")
            % {"username": post.author.username},
        )
    return back_to(post)
