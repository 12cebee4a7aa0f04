from django.contrib import admin

from forum.models import Forum, Post, Topic


@admin.register(Forum)
class ForumAdmin(admin.ModelAdmin):
    list_display = ("slug", "team", "topic_count", "post_count")
    search_fields = ("slug",)
    raw_id_fields = ("team", "last_topic")
    readonly_fields = ("topic_count", "post_count")


@admin.register(Topic)
class TopicAdmin(admin.ModelAdmin):
    list_display = ("public_id", "title", "forum", "author", "post_count", "closed", "sticky")
    list_filter = ("closed", "sticky")
    search_fields = ("public_id", "title")
    raw_id_fields = ("forum", "author", "last_author")
    readonly_fields = ("post_count",)


@admin.register(Post)
class PostAdmin(admin.ModelAdmin):
    list_display = ("id", "topic", "number", "author", "created_at", "removed")
    list_filter = ("removed",)
    raw_id_fields = ("topic", "author")
