from django.contrib import admin

from studies.models import Study


@admin.register(Study)
class StudyAdmin(admin.ModelAdmin):
    list_display = ("public_id", "name", "owner", "visibility", "updated_at")
    list_filter = ("visibility",)
    search_fields = ("public_id", "name")
    raw_id_fields = ("owner",)
