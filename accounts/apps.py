from django.apps import AppConfig
from django.contrib.auth.signals import user_login_failed

from accounts.throttles import record_failed_login


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # Every failed log-in counts: the site's form, the token API and the admin.
        user_login_failed.connect(record_failed_login, dispatch_uid="accounts.failed_login")
