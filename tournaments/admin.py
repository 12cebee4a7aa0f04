"""The operator's view of tournaments: the schedule that makes them (an hourly blitz arena, say),
and the tournaments themselves to look at."""

from django.contrib import admin

from tournaments.models import Schedule, Tournament


@admin.register(Schedule)
class ScheduleAdmin(admin.ModelAdmin):
    list_display = ["name", "variant", "system", "clock_initial", "clock_increment",
                    "every_minutes", "first_at", "active"]  # fmt: skip
    list_filter = ["active", "system", "variant"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["public_id", "name", "variant", "system", "status", "starts_at", "round"]
    list_filter = ["status", "system", "variant"]
    search_fields = ["public_id", "name"]
    readonly_fields = ["public_id", "status", "round", "started_at", "finished_at"]
