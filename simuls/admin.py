from django.contrib import admin

from simuls.models import Entry, Simul


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Simul)
class SimulAdmin(admin.ModelAdmin):
    list_display = ("public_id", "name", "host", "variant", "status", "created_at")
    list_filter = ("status", "variant")
    search_fields = ("public_id", "name", "host__username")
    raw_id_fields = ("host",)
    inlines = [EntryInline]
