"""Ratings by category: a rating per user and category (a Chesskers speed, or another game's
id). The ratings kept so far become Chesskers classical, as does their history."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import accounts.glicko2


def ratings_become_classical(apps, schema_editor) -> None:
    old = apps.get_model("accounts", "OldRating")
    new = apps.get_model("accounts", "Rating")
    new.objects.bulk_create(
        [
            new(
                user_id=row.user_id,
                category="classical",
                rating=row.rating,
                deviation=row.deviation,
                volatility=row.volatility,
                games=row.games,
                last_game_at=row.last_game_at,
            )
            for row in old.objects.all()
        ],
        batch_size=1000,
    )


def ratings_back(apps, schema_editor) -> None:
    old = apps.get_model("accounts", "OldRating")
    new = apps.get_model("accounts", "Rating")
    old.objects.bulk_create(
        [
            old(
                user_id=row.user_id,
                rating=row.rating,
                deviation=row.deviation,
                volatility=row.volatility,
                games=row.games,
                last_game_at=row.last_game_at,
            )
            for row in new.objects.filter(category="classical")
        ],
        batch_size=1000,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_ratings"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RenameModel("Rating", "OldRating"),
        migrations.CreateModel(
            name="Rating",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("category", models.CharField(default="classical", max_length=32)),
                ("rating", models.FloatField(default=accounts.glicko2.START_RATING)),
                ("deviation", models.FloatField(default=accounts.glicko2.START_DEVIATION)),
                ("volatility", models.FloatField(default=accounts.glicko2.START_VOLATILITY)),
                ("games", models.PositiveIntegerField(default=0)),
                ("last_game_at", models.DateTimeField(blank=True, null=True)),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["category", "-rating"], name="rating_category_by_rating")
                ],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("user", "category"), name="rating_user_category"
                    )
                ],
            },
        ),
        migrations.RunPython(ratings_become_classical, ratings_back),
        migrations.DeleteModel("OldRating"),
        migrations.AddField(
            model_name="ratingchange",
            name="category",
            field=models.CharField(default="classical", max_length=32),
        ),
        migrations.AddIndex(
            model_name="ratingchange",
            index=models.Index(fields=["user", "category", "at"], name="rating_change_category_at"),
        ),
    ]
