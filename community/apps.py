from django.apps import AppConfig


class CommunityConfig(AppConfig):
    name = "community"
    verbose_name = "Community"
