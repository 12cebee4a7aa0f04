from django.contrib import admin

from puzzles.models import Puzzle


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin):
    list_display = ("public_id", "variant", "rating", "plays", "wins", "created_at")
    list_filter = ("variant",)
    search_fields = ("public_id",)
    raw_id_fields = ("game",)
