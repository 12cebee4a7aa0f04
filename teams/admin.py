from django.contrib import admin

from teams.models import Ask, Member, Team


class MemberInline(admin.TabularInline):
    model = Member
    extra = 0
    raw_id_fields = ("user",)


class AskInline(admin.TabularInline):
    model = Ask
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("public_id", "name", "members", "open", "created_at")
    list_filter = ("open",)
    search_fields = ("public_id", "name")
    raw_id_fields = ("created_by",)
    readonly_fields = ("members",)
    inlines = [MemberInline, AskInline]
