from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import Rating, RatingChange, User

admin.site.register(User, UserAdmin)


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    """Read-only: ratings change only when rated games end (``accounts.services``)."""

    list_display = [
        "user",
        "category",
        "rating",
        "deviation",
        "volatility",
        "games",
        "last_game_at",
    ]
    list_filter = ["category"]
    search_fields = ["user__username"]
    ordering = ["-rating"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    """Read-only history: one row per player per rated game."""

    list_display = [
        "user",
        "game",
        "category",
        "color",
        "score",
        "rating_before",
        "rating_after",
        "at",
    ]
    search_fields = ["user__username", "game__public_id"]
    list_select_related = ["user", "game"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
