from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # Django's place to connect an app's signal receivers: once every model is loaded,
        # which the receivers' modules need (tests/site/test_layout.py allows this import).
        from games.edges import receivers

        receivers.connect()
