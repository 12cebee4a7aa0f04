from django.contrib import admin

from community.models import Block, Follow, ModerationAction, Mute, Report


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ["id", "user", "reporter", "reason", "game", "state", "created_at"]
    list_filter = ["state", "reason"]
    search_fields = ["user__username", "reporter__username", "game"]


@admin.register(ModerationAction)
class ModerationActionAdmin(admin.ModelAdmin):
    """Read-only: the log is written by the moderation page (``community.services``)."""

    list_display = ["at", "moderator", "kind", "user", "hours", "report"]
    list_filter = ["kind"]
    search_fields = ["user__username", "moderator__username"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


admin.site.register(Block)
admin.site.register(Follow)
admin.site.register(Mute)
