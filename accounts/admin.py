from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import Rating, RatingChange, User
from accounts.two_factor_pages import AdminTwoFactorLoginForm

# The admin's log-in asks for the two-factor code as the site's does (templates/admin/login.html).
admin.site.login_form = AdminTwoFactorLoginForm


@admin.register(User)
class SiteUserAdmin(UserAdmin):
    """Django's user admin, which also says who logs in with two factors and turns that off for
    a player who lost both their app and their recovery codes (their identity checked first,
    outside the site). The secret itself is never shown."""

    list_display = (*UserAdmin.list_display, "two_factor")
    actions = ["two_factor_off"]

    @admin.display(boolean=True, description="Two-factor log-in")
    def two_factor(self, user: User) -> bool:
        return bool(user.totp_secret)

    @admin.action(description="Turn two-factor log-in off for the selected players")
    def two_factor_off(self, request, queryset) -> None:
        changed = queryset.exclude(totp_secret="").update(
            totp_secret="", totp_step=0, totp_recovery=[]
        )
        self.message_user(request, f"Two-factor log-in turned off for {changed} players.")


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
