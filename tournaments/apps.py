from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # Django's place to connect an app's signal receivers: once every model is loaded,
        # which the receivers' modules need (tests/site/test_layout.py allows this import).
        from tournaments import receivers

        receivers.connect()
