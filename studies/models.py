"""Studies: a player's analyses kept on the site, chapter by chapter, each a tree of moves with
comments and glyphs that its owner and their contributors edit and anyone allowed watches change
live (``studies.services``). A chapter's tree is one JSON document: the analysis board's shape,
every node's position written by the engine (``studies.tree``)."""

from typing import Any

import orjson
from django.conf import settings
from django.db import models

from games.models import FEN_LENGTH, VARIANT_LENGTH, new_public_id


class TreeField(models.TextField):
    """A chapter's tree, kept as its JSON text: every change rewrites it whole, and PostgreSQL
    stores and reads text several times faster than it parses and writes ``jsonb`` (a full
    chapter: ``bench/studies_bench.py``). Nothing queries inside it."""

    def from_db_value(self, value: str | None, expression: Any, connection: Any) -> Any:
        return None if value is None else orjson.loads(value)

    def to_python(self, value: Any) -> Any:
        return orjson.loads(value) if isinstance(value, str) else value

    def get_prep_value(self, value: Any) -> str | None:
        return None if value is None else orjson.dumps(value).decode()


class Study(models.Model):
    """A study: its name, who may see it, its owner; its chapters and contributors."""

    class Visibility(models.TextChoices):
        PUBLIC = "public"  # listed, open to anyone
        UNLISTED = "unlisted"  # open to anyone with its link
        PRIVATE = "private"  # its owner and contributors only

    public_id = models.CharField(max_length=12, unique=True, default=new_public_id)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="studies"
    )
    name = models.CharField(max_length=100)
    visibility = models.CharField(
        max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="StudyMember", related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(fields=["visibility", "-updated_at"], name="studies_by_visibility"),
            models.Index(fields=["owner", "-updated_at"], name="studies_of_owner"),
        ]

    def __str__(self) -> str:
        return f"study {self.public_id} ({self.name})"


class StudyMember(models.Model):
    """A contributor: a player the owner lets edit the study."""

    study = models.ForeignKey(Study, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["study", "user"], name="study_member_once")]
        indexes = [models.Index(fields=["user", "study"], name="study_members_by_user")]

    def __str__(self) -> str:
        return f"{self.user_id} in study {self.study_id}"


class Chapter(models.Model):
    """One chapter: a game (``variant``) from a start position, and its tree of moves.
    ``revision`` counts the tree's changes, so that a page that missed one knows it."""

    study = models.ForeignKey(Study, on_delete=models.CASCADE, related_name="chapters")
    public_id = models.CharField(max_length=12, unique=True, default=new_public_id)
    order = models.PositiveIntegerField()
    name = models.CharField(max_length=100)
    variant = models.CharField(max_length=VARIANT_LENGTH)
    initial_fen = models.CharField(max_length=FEN_LENGTH)
    tree = TreeField()
    revision = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["order", "id"]
        indexes = [models.Index(fields=["study", "order"], name="chapters_in_order")]

    def __str__(self) -> str:
        return f"chapter {self.public_id} of {self.study_id}"
