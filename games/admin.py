from django.contrib import admin

from games.models import Challenge, Game, GameMove, Seek


class GameMoveInline(admin.TabularInline):
    model = GameMove
    extra = 0
    fields = ["ply", "text", "fen_after", "created_at"]
    readonly_fields = fields
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["public_id", "mode", "white", "black", "status", "result", "termination", "ply"]
    list_filter = ["mode", "status", "termination"]
    search_fields = ["public_id", "white__username", "black__username"]
    inlines = [GameMoveInline]


admin.site.register(Seek)
admin.site.register(Challenge)
