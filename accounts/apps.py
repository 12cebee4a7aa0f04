from django.apps import AppConfig
from django.contrib.auth.signals import user_logged_in

from accounts.throttles import mark_logged_in


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # A log-in that signs in gives its attempt back (accounts/throttles.py).
        user_logged_in.connect(mark_logged_in, dispatch_uid="accounts.logged_in")
