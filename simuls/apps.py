from django.apps import AppConfig


class SimulsConfig(AppConfig):
    name = "simuls"
    verbose_name = "Simuls"

    def ready(self) -> None:
        # Django's place to connect an app's signal receivers: once every model is loaded,
        # which the receivers' modules need (tests/site/test_layout.py allows this import).
        from simuls import receivers

        receivers.connect()
